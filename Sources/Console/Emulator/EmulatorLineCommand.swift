import Foundation
import Localization
import TenantEmulator
import TerminalUI

/// The emulator panel in line mode: `/emulator …` typed at any prompt, for scripts and screen readers.
///
/// `/emulator` alone prints the state and the commands; `clock 10m`, `fault expiredToken [ENDPOINT]`,
/// `users`, `add EMAIL` (checked, then asks the password silently until the tenant's rules accept it),
/// `remove EMAIL`, `flip mfa|sspr|signup|attr:NAME`.
enum EmulatorLineCommand {
    /// Said once when line mode starts on the embedded emulator.
    static var announcement: String { tr("line.emulatorAnnouncement") }

    /// Whether a line typed at a prompt is a command rather than an answer.
    static func isCommand(_ line: String) -> Bool {
        let word = line.trimmingCharacters(in: .whitespaces).split(separator: " ").first
        return word == "/emulator" || word == "/emu"
    }

    /// Runs the command in `line`, saying what happened on `terminal`.
    static func run(_ line: String, control: EmulatorControl, terminal: LineTerminal) {
        let words = line.split(separator: " ").dropFirst().map(String.init)
        do {
            switch (words.first ?? "", words.count) {
            case ("clock", 2):
                guard let seconds = seconds(words[1]) else {
                    terminal.say("Emulator: give the time as seconds or with a unit: 90, 10m, 2h, 1d.")
                    return
                }
                guard seconds <= TenantEmulator.clockAdvanceLimit else {
                    terminal.say("Emulator: the clock moves 0 to \(TenantEmulator.clockAdvanceLimit / 86_400)d "
                                 + "(\(TenantEmulator.clockAdvanceLimit) s) at a time; \(words[1]) is more.")
                    return
                }
                try control.advanceClock(seconds: seconds)
                terminal.say("Emulator: clock advanced by \(EmulatorPanel.words(seconds)); virtual time \(time(control.now)) UTC.")
            case ("fault", 2), ("fault", 3):
                guard let choice = FaultChoice.catalogue.first(where: { $0.kind.rawValue.lowercased() == words[1].lowercased() }) else {
                    terminal.say("Emulator: faults are " + FaultChoice.catalogue.map(\.kind.rawValue).joined(separator: ", ") + ".")
                    return
                }
                try control.queueFault(choice.kind, endpoint: words.count == 3 ? words[2] : "*")
                terminal.say("Emulator: queued for the next request\(words.count == 3 ? " to \(words[2])" : ""): \(choice.label).")
            case ("users", 1):
                let users = try control.users()
                terminal.say(users.isEmpty ? "Emulator: no users." : "Emulator: \(users.count) user\(users.count == 1 ? "" : "s"):")
                for user in users { terminal.say("  \(user.email) (\(user.hasPassword ? "password" : "code only"), \(user.methods) methods)") }
            case ("add", 2):
                let email = words[1]
                if let problem = control.emailProblem(email) { terminal.say("Emulator: \(problem)"); return }
                var password = ""
                while true {
                    guard let typed = terminal.askSecret("Password for \(email) (empty: code only; Ctrl-D: add nobody): ") else {
                        terminal.say("Emulator: \(email) was not added.")
                        return
                    }
                    guard !typed.isEmpty, let problem = control.passwordProblem(typed, email: email) else { password = typed; break }
                    terminal.say("Emulator: \(problem)")
                }
                try control.addUser(email: email, password: password.isEmpty ? nil : password)
                terminal.say("Emulator: added \(email)\(password.isEmpty ? " (code only)" : "").")
            case ("remove", 2):
                try control.removeUser(email: words[1])
                terminal.say("Emulator: removed \(words[1]).")
            case ("flip", 2):
                let policy = control.policy
                guard let knob = PolicyToggle.all(in: policy).first(where: { $0.name == words[1] }) else {
                    terminal.say("Emulator: knobs are " + PolicyToggle.all(in: policy).map(\.name).joined(separator: ", ") + ".")
                    return
                }
                try control.change(knob.flipped(in: policy))
                terminal.say("Emulator: \(knob.describe(in: control.policy)).")
            default:
                describe(control, on: terminal)
            }
        } catch {
            terminal.say("Emulator: \(error.localizedDescription)")
        }
    }

    private static func describe(_ control: EmulatorControl, on terminal: LineTerminal) {
        terminal.say("Emulator: virtual time \(time(control.now)) UTC.")
        for knob in PolicyToggle.all(in: control.policy) { terminal.say("  \(knob.name): \(knob.describe(in: control.policy))") }
        terminal.say("Commands: /emulator clock 10m | fault KIND [ENDPOINT] | users | add EMAIL | remove EMAIL | flip KNOB")
        terminal.say("Faults: " + FaultChoice.catalogue.map { "\($0.kind.rawValue) (\($0.label))" }.joined(separator: "; "))
    }

    /// `90`, `90s`, `10m`, `2h`, `1d` in seconds; nil for anything else.
    static func seconds(_ text: String) -> Int? {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let last = text.last else { return nil }
        let unit = units[last]
        guard let number = Int(unit == nil ? text : String(text.dropLast())), number >= 0 else { return nil }
        return number.multipliedReportingOverflow(by: unit ?? 1).overflow ? nil : number * (unit ?? 1)
    }

    private static func time(_ date: Date) -> String { date.formatted(.iso8601.time(includingFractionalSeconds: false)) }
}
