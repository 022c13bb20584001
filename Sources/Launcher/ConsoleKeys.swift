import TerminalUI

/// The console's own keys, added to every screen's keymap so the help screen lists them. Here, not
/// in Console, so the launcher's first frame has the console's footer and help. A key's description is its name
/// (``KeyWord/app(_:)``, the raw value), which the console's words give in the language shown.
public enum ConsoleKeys: String, Sendable, CaseIterable {
    /// F2: show or hide the outbox pane (codes the embedded emulator sent); only with an embedded emulator.
    case outbox
    /// F3: show or hide the HTTP trace pane (secrets redacted).
    case trace
    /// F4: write the session's exchanges as a HAR file, secrets redacted (asks where); an operator's session only.
    case exportHAR
    /// F5: the embedded emulator's panel (clock, faults, users, policy); only with an embedded emulator.
    case emulator
    /// F6: the trace inspector (scroll, filter, open one exchange).
    case inspectTrace
    /// Ctrl-O: put the newest outbox code for the current code screen into its code field.
    case copyCode
    /// `c` (outside a text field) or Ctrl-Y: put the web address the screen shows on the terminal's clipboard (OSC 52).
    case copyAddress
    /// F7: the screen's address for a phone (device code, browser sign-in) as a QR code, on the whole screen.
    case qrCode
    /// F12 (an enrolment desk's first screen): the person at the desk picks the screens' language.
    case language
    /// F9: start or stop recording what the operator does as a scenario for `tophhie run` (`--record-scenario FILE`).
    case recordScenario

    /// The form keymap plus the console's keys (`withOutbox`: only with an embedded emulator). `emulatorPanel` and
    /// `operatorTools`: F5, and F4 and F9, are the operator's, so an enrolment desk neither binds nor offers them (a HAR
    /// or a scenario would keep the people it serves on disk). `phoneLink`: the screen has an address for a phone, so
    /// the footer names F7.
    public static func keymap(withOutbox: Bool, emulatorPanel: Bool = false, operatorTools: Bool = false, phoneLink: Bool = false,
                              language: Bool = false) -> Keymap {
        var bindings = Keymap.form.bindings
        if withOutbox {
            bindings += [outbox.binding([.function(2)], "F2"), copyCode.binding([.control("o")], "^O")]
        }
        bindings += [copyAddress.binding([.character("c"), .control("y")], "c, ^Y"), trace.binding([.function(3)], "F3")]
        if operatorTools { bindings.append(exportHAR.binding([.function(4)], "F4")) }
        if emulatorPanel { bindings.append(emulator.binding([.function(5)], "F5")) }
        bindings += [inspectTrace.binding([.function(6)], "F6"), qrCode.binding([.function(7)], "F7", inFooter: phoneLink)]
        if operatorTools { bindings.append(recordScenario.binding([.function(9)], "F9")) }
        if language { bindings.append(languageBinding) }
        return Keymap(bindings: bindings)
    }

    /// F12: the languages a person at an enrolment desk may pick (named in the help, not in the footer).
    public static let languageBinding = language.binding([.function(12)], "F12")

    /// This key's binding: its name is both the command and the help's description.
    private func binding(_ keys: [Key], _ label: String, inFooter: Bool = false) -> KeyBinding {
        KeyBinding(keys: keys, command: .app(rawValue), keyLabel: label, help: .app(rawValue), inFooter: inFooter)
    }

    /// F4, F5 and F9: the operator's tools, which an enrolment desk neither binds nor offers.
    public static let operatorKeys: [Key] = [.function(4), .function(5), .function(9)]
}
