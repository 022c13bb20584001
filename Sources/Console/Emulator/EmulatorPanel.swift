import Foundation
import TerminalUI

/// The embedded emulator's controls on one screen: advance the virtual clock, queue a fault from the
/// protocol's error catalogue, flip policy knobs, list, add and remove users. Each row does one thing on
/// Enter; adding a user asks for the email, then a password (empty for a code-only account), each checked as
/// sign-up would check it before the next.
struct EmulatorPanel {
    /// What a key did.
    enum Outcome: Equatable {
        case handled, closed
    }

    /// One row of the panel.
    enum Row: Equatable {
        case clock(seconds: Int, label: String)
        case fault(FaultChoice)
        case knob(PolicyToggle)
        case addUser
        case user(EmulatorControl.User)
    }

    /// What the panel is asking for.
    private enum Stage {
        case list
        case email(TextEditor)
        case password(email: String, TextEditor)
        case confirmRemoval(String)
    }

    private let control: EmulatorControl
    private var list = ScrollList()
    private var stage = Stage.list
    /// The last action's result, shown until the next key.
    private(set) var status: StatusLine?

    static let clockSteps = [(60, "1 minute"), (600, "10 minutes"), (3600, "1 hour"), (86_400, "1 day")]

    init(control: EmulatorControl) {
        self.control = control
    }

    /// The rows, read afresh from the emulator (users and knobs change).
    func rows() -> [Row] {
        let users = (try? control.users()) ?? []
        return Self.clockSteps.map { Row.clock(seconds: $0.0, label: $0.1) } + FaultChoice.catalogue.map(Row.fault)
            + PolicyToggle.all(in: control.policy).map(Row.knob) + [.addUser] + users.map(Row.user)
    }

    func text(of row: Row) -> String {
        switch row {
        // What tells the rows apart comes first: a narrow terminal cuts the end of a row.
        case .clock(_, let label): "Clock   by \(label): advance the virtual clock"
        case .fault(let choice): "Fault   \(choice.label)"
        case .knob(let knob): "Policy  \(knob.describe(in: control.policy))"
        case .addUser: "Users   + add a user…"
        case .user(let user):
            "Users   \(PrintableText.make(user.email))  (\(user.hasPassword ? "password" : "code only"), "
                + "\(user.methods) method\(user.methods == 1 ? "" : "s"))  Enter removes"
        }
    }

    /// The keys of the list, for the help overlay; nil while the panel asks for text (`?` is typed there).
    var helpEntries: [HelpEntry]? {
        guard case .list = stage else { return nil }
        return [HelpEntry("↑/↓ PgUp/PgDn", "choose a row"), HelpEntry("Enter", "do it (a fault: for the next native-auth request)"),
                HelpEntry("F4", "export the session as HAR (secrets redacted)"), HelpEntry("Esc, F5", "close the panel")]
    }

    mutating func handle(_ key: Key, size: Size) -> Outcome {
        status = nil
        switch stage {
        case .list:
            let rows = rows()
            if list.handle(key, count: rows.count, height: Self.listHeight(size)) { return .handled }
            switch key {
            case .escape, .function(5): return .closed
            case .enter where rows.indices.contains(list.selected): perform(rows[list.selected])
            default: break
            }
        case .email(var editor):
            if key == .escape { stage = .list; return .handled }
            guard key == .enter else { _ = editor.handle(key); stage = .email(editor); return .handled }
            let email = editor.text.trimmingCharacters(in: .whitespaces)
            if email.isEmpty { stage = .list; return .handled }
            // The address first: a refusal after the password would make the operator type it again.
            if let problem = control.emailProblem(email) {
                status = StatusLine(PrintableText.make(problem), kind: .error)
                stage = .email(editor)
            } else {
                stage = .password(email: email, TextEditor())
            }
        case .password(let email, var editor):
            if key == .escape { stage = .list; return .handled }
            guard key == .enter else { _ = editor.handle(key); stage = .password(email: email, editor); return .handled }
            if !editor.text.isEmpty, let problem = control.passwordProblem(editor.text, email: email) {
                status = StatusLine(PrintableText.make(problem), kind: .error)
                stage = .password(email: email, editor)
                return .handled
            }
            stage = .list
            let control = control
            status = Self.attempt {
                try control.addUser(email: email, password: editor.text.isEmpty ? nil : editor.text)
                return "Added \(email)\(editor.text.isEmpty ? " (code only)" : "")."
            }
        case .confirmRemoval(let email):
            stage = .list
            if key == .character("y") || key == .character("Y") {
                let control = control
                status = Self.attempt { try control.removeUser(email: email); return "Removed \(email)." }
            }
        }
        return .handled
    }

    private mutating func perform(_ row: Row) {
        let control = control
        switch row {
        case .clock(let seconds, let label):
            status = Self.attempt { try control.advanceClock(seconds: seconds); return "Clock advanced by \(label): codes and tokens age with it." }
        case .fault(let choice):
            status = Self.attempt { try control.queueFault(choice.kind); return "Queued for the next native-auth request: \(choice.label)." }
        case .knob(let knob):
            status = Self.attempt { try control.change(knob.flipped(in: control.policy)); return "Now \(knob.describe(in: control.policy))." }
        case .addUser:
            stage = .email(TextEditor())
        case .user(let user):
            stage = .confirmRemoval(user.email)
        }
    }

    /// Runs `action`; its answer or its refusal becomes the status line.
    private static func attempt(_ action: () throws -> String) -> StatusLine {
        do {
            return StatusLine(PrintableText.make(try action()), kind: .success)
        } catch {
            return StatusLine(PrintableText.make(error.localizedDescription), kind: .error)
        }
    }

    /// Under a prompt: why its value was refused (the value stays for correcting), else the keys.
    private func hintOrRefusal(_ hint: String, row: Int, into buffer: inout Buffer) {
        if let status, status.kind == .error {
            buffer.writeCut(status.text + "  Esc cancel", at: Point(x: 1, y: row), style: .error, width: buffer.size.width - 2)
        } else {
            buffer.writeCut(hint, at: Point(x: 1, y: row), style: .hint, width: buffer.size.width - 2)
        }
    }

    /// Draws the panel over the whole of `buffer`. - Returns: where the cursor goes (while typing).
    func render(into buffer: inout Buffer) -> Point? {
        let size = buffer.size
        let offset = Int(control.now.timeIntervalSinceNow.rounded())
        let clock = control.now.formatted(.iso8601.time(includingFractionalSeconds: false))
        buffer.fill(Rect(x: 0, y: 0, width: size.width, height: 1), style: .header)
        buffer.writeCut("Emulator · virtual time \(clock) UTC" + (offset > 0 ? " (\(Self.words(offset)) ahead of real time)" : ""),
                     at: Point(x: 1, y: 0), style: .header, width: size.width - 2)
        let body = Rect(x: 1, y: 1, width: size.width - 2, height: Self.listHeight(size))
        list.render(rows().map(text), in: body, into: &buffer)
        let bottom = size.height - 2
        buffer.fill(Rect(x: 0, y: bottom, width: size.width, height: 2), style: .plain)
        var cursor: Point?
        switch stage {
        case .list:
            if let status { buffer.writeCut(status.text, at: Point(x: 1, y: bottom), style: status.kind == .error ? .error : .success, width: size.width - 2) }
            buffer.writeCut("↑/↓ choose  Enter do it (a fault: for the next native-auth request)  Esc close", at: Point(x: 1, y: bottom + 1),
                         style: .hint, width: size.width - 2)
        case .email(let editor):
            cursor = ask("New user's email: ", editor.text, cursorColumn: editor.cursorColumn, row: bottom, into: &buffer)
            hintOrRefusal("Enter next  Esc cancel", row: bottom + 1, into: &buffer)
        case .password(let email, let editor):
            cursor = ask("Password for \(PrintableText.make(email)) (empty: code only): ", String(repeating: "•", count: editor.count),
                         cursorColumn: editor.count, row: bottom, into: &buffer)
            hintOrRefusal("Enter adds the user  Esc cancel", row: bottom + 1, into: &buffer)
        case .confirmRemoval(let email):
            buffer.writeCut("Remove \(PrintableText.make(email))? (y/n)", at: Point(x: 1, y: bottom), style: .error, width: size.width - 2)
        }
        return cursor
    }

    private func ask(_ label: String, _ shown: String, cursorColumn: Int, row: Int, into buffer: inout Buffer) -> Point {
        let width = buffer.write(label, at: Point(x: 1, y: row), style: .title)
        buffer.write(shown, at: Point(x: 1 + width, y: row), style: .field, maxWidth: buffer.size.width - 2 - width)
        return Point(x: min(buffer.size.width - 1, 1 + width + cursorColumn), y: row)
    }

    /// `90` → `1 min 30 s`, `7200` → `2 h 0 min`.
    static func words(_ seconds: Int) -> String {
        if seconds >= 86_400 { return "\(seconds / 86_400) d \(seconds % 86_400 / 3600) h" }
        if seconds >= 3600 { return "\(seconds / 3600) h \(seconds % 3600 / 60) min" }
        return seconds >= 60 ? "\(seconds / 60) min \(seconds % 60) s" : "\(seconds) s"
    }

    /// Rows for the list: all but the title and the two rows of status and keys.
    private static func listHeight(_ size: Size) -> Int { max(1, size.height - 3) }
}
