import AccountFlow
import EnrolmentDesk
import EnrolmentFiles
import Foundation
import Localization
import TerminalUI

/// Line mode's queue (`--enrol --queue`): the home screen as a numbered list a screen reader reads top down.
extension LineSession {
    /// Rows listed at once; typed text narrows the list to find the rest.
    static let queueLines = 20

    /// Shows the queue and asks until a person is seated or staff quit. `nil` at end of input.
    func askQueue(_ desk: EnrolmentDesk) -> [FlowEvent]? {
        var filter = ""
        while true {
            desk.refresh()
            if let notice = desk.takeNotice() { terminal.say(PrintableText.make(notice)) }
            let queue = desk.queue
            let shown = queue.matching(filter)
            terminal.say("")
            terminal.say(tr("lineQueue.header", ["list": URL(fileURLWithPath: desk.title).lastPathComponent]))
            if filter.isEmpty, let notice = model.state.screen.notice { terminal.say(notice) }
            terminal.say(QueueScreen.headline(queue))
            for row in queue.invalid.prefix(Self.queueLines) {
                terminal.say(PrintableText.make(tr("lineQueue.notOffered", ["row": QueueScreen.invalidLine(row)])))
            }
            if shown.isEmpty {
                terminal.say(queue.pending.isEmpty ? tr("lineQueue.noOneWaiting") : tr("lineQueue.noMatch", ["typed": PrintableText.make(filter)]))
            }
            for (index, person) in shown.prefix(Self.queueLines).enumerated() {
                terminal.say("  \(index + 1). \(QueueScreen.line(person, queue: queue))")
            }
            if shown.count > Self.queueLines { terminal.say(tr("lineQueue.more", ["shown": Self.queueLines, "count": shown.count])) }
            let prompt = tr("lineQueue.prompt") + " "
            guard let typed = readAnswer(prompt) else { return nil }
            switch QueueLineAnswer(typed) {
            case .quit:
                return [.menuChosen(.quit)]
            case .filter(let text):
                filter = text
            case .walkIn:
                guard let asked = askWalkIn(desk) else { return nil }
                guard let person = asked else { continue }
                terminal.say(tr("lineQueue.walkInAdded", ["row": String(person.row)]))
                guard let events = desk.seat(person) else { continue }
                return events
            case .seat(let index) where !shown.indices.contains(index), .mark(let index, _) where !shown.indices.contains(index):
                terminal.say(tr("lineQueue.number", ["count": min(shown.count, Self.queueLines)]))
            case .seat(let index):
                guard let events = desk.seat(shown[index]) else {
                    let row = String(shown[index].row)
                    terminal.say(desk.finishedOutcome(of: shown[index].row).map { tr("lineQueue.finished", ["row": row, "outcome": $0.rawValue]) }
                                 ?? tr("lineQueue.taken", ["row": row]))
                    continue
                }
                terminal.say(tr("lineQueue.signUp", ["row": String(shown[index].row)]))
                return events
            case .mark(let index, let outcome):
                desk.mark(shown[index], outcome)
                terminal.say(tr("lineQueue.marked", ["row": String(shown[index].row), "outcome": outcome.rawValue]))
                filter = ""
            }
        }
    }

    /// Asks for a walk-in's email and the form's attributes (an optional one may be left empty) and adds them
    /// when the list's engine refuses nothing; otherwise says each problem. `nil` at end of input; `.some(nil)`
    /// when nobody was added.
    private func askWalkIn(_ desk: EnrolmentDesk) -> QueuePerson?? {
        terminal.say(tr("lineQueue.walkIn"))
        guard let email = readAnswer(tr("line.field", ["label": tr("field.email")]) + " ") else { return nil }
        var values: [String: String] = [:]
        for field in desk.attributes.map({ AttributeField($0) }) {
            let label = field.label + (field.attribute.required ? "" : tr("line.optional"))
            guard let value = readAnswer(tr("line.field", ["label": label]) + " ") else { return nil }
            values[field.attribute.name] = value
        }
        switch desk.addWalkIn(email: email, values: values) {
        case .success(let person):
            return .some(person)
        case .failure(let refusal) where refusal.problems.isEmpty:
            if let notice = desk.takeNotice() { terminal.say(PrintableText.make(tr("walkIn.notAdded", ["problems": notice]))) }
            return .some(nil)
        case .failure(let refusal):
            for line in refusal.lines { terminal.say(PrintableText.make(tr("walkIn.notAdded", ["problems": line]))) }
            return .some(nil)
        }
    }
}
