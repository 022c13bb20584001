import TerminalUI

/// The console's own keys, added to every screen's keymap so the help screen lists them. Here, not
/// in Console, so the launcher's first frame has the console's footer and help. A key's description is its name
/// (``KeyWord/app(_:)``), which the console's words give in the language shown.
public enum ConsoleKeys {
    /// F2: show or hide the outbox pane (codes the embedded emulator sent); only with an embedded emulator.
    public static let outbox = "outbox"
    /// F3: show or hide the HTTP trace pane (secrets redacted).
    public static let trace = "trace"
    /// F4: write the session's exchanges as a HAR file, secrets redacted (asks where); an operator's session only.
    public static let exportHAR = "exportHAR"
    /// F5: the embedded emulator's panel (clock, faults, users, policy); only with an embedded emulator.
    public static let emulator = "emulator"
    /// F6: the trace inspector (scroll, filter, open one exchange).
    public static let inspectTrace = "inspectTrace"
    /// Ctrl-O: put the newest outbox code for the current code screen into its code field.
    public static let copyCode = "copyCode"
    /// `c` (outside a text field) or Ctrl-Y: put the web address the screen shows on the terminal's clipboard (OSC 52).
    public static let copyAddress = "copyAddress"
    /// F7: the screen's address for a phone (device code, browser sign-in) as a QR code, on the whole screen.
    public static let qrCode = "qrCode"
    /// F12 (an enrolment desk's first screen): the person at the desk picks the screens' language.
    public static let language = "language"
    /// F9: start or stop recording what the operator does as a scenario for `tophhie run` (`--record-scenario FILE`).
    public static let recordScenario = "recordScenario"

    /// The form keymap plus the console's keys (`withOutbox`: only with an embedded emulator). `emulatorPanel` and
    /// `operatorTools`: F5, and F4 and F9, are the operator's, so an enrolment desk neither binds nor offers them (a HAR
    /// or a scenario would keep the people it serves on disk). `phoneLink`: the screen has an address for a phone, so
    /// the footer names F7.
    public static func keymap(withOutbox: Bool, emulatorPanel: Bool = false, operatorTools: Bool = false, phoneLink: Bool = false,
                              language: Bool = false) -> Keymap {
        var bindings = Keymap.form.bindings
        if withOutbox {
            bindings.append(KeyBinding(keys: [.function(2)], command: .app(outbox), keyLabel: "F2", help: .app(outbox), inFooter: false))
            bindings.append(KeyBinding(keys: [.control("o")], command: .app(copyCode), keyLabel: "^O",
                                       help: .app(copyCode), inFooter: false))
        }
        bindings.append(KeyBinding(keys: [.character("c"), .control("y")], command: .app(copyAddress), keyLabel: "c, ^Y",
                                   help: .app(copyAddress), inFooter: false))
        bindings.append(KeyBinding(keys: [.function(3)], command: .app(trace), keyLabel: "F3", help: .app(trace), inFooter: false))
        if operatorTools {
            bindings.append(KeyBinding(keys: [.function(4)], command: .app(exportHAR), keyLabel: "F4", help: .app(exportHAR),
                                       inFooter: false))
        }
        if emulatorPanel {
            bindings.append(KeyBinding(keys: [.function(5)], command: .app(emulator), keyLabel: "F5", help: .app(emulator),
                                       inFooter: false))
        }
        bindings.append(KeyBinding(keys: [.function(6)], command: .app(inspectTrace), keyLabel: "F6", help: .app(inspectTrace),
                                   inFooter: false))
        bindings.append(KeyBinding(keys: [.function(7)], command: .app(qrCode), keyLabel: "F7", help: .app(qrCode),
                                   inFooter: phoneLink))
        if operatorTools {
            bindings.append(KeyBinding(keys: [.function(9)], command: .app(recordScenario), keyLabel: "F9", help: .app(recordScenario),
                                       inFooter: false))
        }
        if language { bindings.append(languageBinding) }
        return Keymap(bindings: bindings)
    }

    /// F12: the languages a person at an enrolment desk may pick (named in the help, not in the footer).
    public static let languageBinding = KeyBinding(keys: [.function(12)], command: .app(language), keyLabel: "F12", help: .app(language),
                                                   inFooter: false)

    /// F4, F5 and F9: the operator's tools, which an enrolment desk neither binds nor offers.
    public static let operatorKeys: [Key] = [.function(4), .function(5), .function(9)]
}
