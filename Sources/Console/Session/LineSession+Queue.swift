import AccountFlow
import EnrolmentFiles
import Foundation
import TerminalUI

/// Line mode's queue (`--enrol --queue`): the home screen as a numbered list a screen reader reads top down.
extension LineSession {
    /// Rows listed at once; typed text narrows the list to find the rest.
    static let queueLines = 20

    /// Shows the queue and asks until a person is seated or staff quit. `nil` at end of input.
    func askQueue(_ desk: EnrolmentDesk) -> [FlowEvent]? {
        var filter = ""
        while true {
            let queue = desk.queue
            let shown = queue.matching(filter)
            let (k, count) = queue.position
            terminal.say("")
            terminal.say("== Enrolment queue · \(URL(fileURLWithPath: desk.listPath).lastPathComponent)")
            if filter.isEmpty, let notice = model.state.screen.notice { terminal.say(notice) }
            terminal.say(queue.next.map { "Next: \(QueueScreen.label($0)) · \(k) of \(count)" }
                         ?? "Everyone on the list is done with (\(queue.done) of \(count)).")
            for row in queue.invalid.prefix(Self.queueLines) {
                terminal.say(PrintableText.make("Not offered: row \(row.row): \(row.problems.joined(separator: "; "))"))
            }
            if shown.isEmpty {
                terminal.say(queue.pending.isEmpty ? "No one is waiting." : "No one waiting matches \(PrintableText.make(filter)).")
            }
            for (index, person) in shown.prefix(Self.queueLines).enumerated() {
                terminal.say("  \(index + 1). \(QueueScreen.line(person, queue: queue))")
            }
            if shown.count > Self.queueLines { terminal.say("(\(Self.queueLines) of \(shown.count) shown; type part of a name or email to find others)") }
            let prompt = "Enter or a number: sign up; a [N]: absent; s [N]: skip; w: walk-in; text: find; * all; q: quit: "
            guard let typed = readAnswer(prompt) else { return nil }
            switch QueueLineAnswer(typed) {
            case .quit:
                return [.menuChosen(.quit)]
            case .filter(let text):
                filter = text
            case .walkIn:
                guard let asked = askWalkIn(desk) else { return nil }
                guard let person = asked else { continue }
                terminal.say("Walk-in added as row \(person.row). Sign-up for row \(person.row).")
                return desk.seat(person)
            case .seat(let index):
                guard shown.indices.contains(index) else {
                    terminal.say("Type a number from 1 to \(min(shown.count, Self.queueLines)).")
                    continue
                }
                terminal.say("Sign-up for row \(shown[index].row).")
                return desk.seat(shown[index])
            case .mark(let index, let outcome):
                guard shown.indices.contains(index) else {
                    terminal.say("Type a number from 1 to \(min(shown.count, Self.queueLines)).")
                    continue
                }
                desk.mark(shown[index], outcome)
                terminal.say("Row \(shown[index].row) marked \(outcome.rawValue).")
                filter = ""
            }
        }
    }

    /// Asks for a walk-in's email and the form's attributes (an optional one may be left empty) and adds them
    /// when the list's engine refuses nothing; otherwise says each problem. `nil` at end of input; `.some(nil)`
    /// when nobody was added.
    private func askWalkIn(_ desk: EnrolmentDesk) -> QueuePerson?? {
        terminal.say("Walk-in: someone not on the list. Their details are checked as a row of the list is.")
        guard let email = readAnswer("Email: ") else { return nil }
        var values: [String: String] = [:]
        for field in desk.attributes.map({ AttributeField($0) }) {
            guard let value = readAnswer(field.label + (field.attribute.required ? "" : " (optional)") + ": ") else { return nil }
            values[field.attribute.name] = value
        }
        switch desk.addWalkIn(email: email, values: values) {
        case .success(let person):
            return .some(person)
        case .failure(let refusal):
            for line in refusal.lines { terminal.say(PrintableText.make("Not added: \(line)")) }
            return .some(nil)
        }
    }
}
