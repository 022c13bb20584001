import TerminalUI

/// The console's own keys, added to every screen's keymap so the help screen lists them. Here, not
/// in Console, so the launcher's first frame has the console's footer and help.
public enum ConsoleKeys {
    public static let outbox = "outbox"
    public static let trace = "trace"
    public static let exportHAR = "exportHAR"
    public static let copyCode = "copyCode"

    /// The form keymap plus the console's keys (`withOutbox`: only with an embedded emulator).
    public static func keymap(withOutbox: Bool) -> Keymap {
        var bindings = Keymap.form.bindings
        if withOutbox {
            bindings.append(KeyBinding(keys: [.function(2)], command: .app(outbox), keyLabel: "F2", help: "outbox", inFooter: false))
            bindings.append(KeyBinding(keys: [.control("o")], command: .app(copyCode), keyLabel: "^O",
                                       help: "copy the newest code into the code field", inFooter: false))
        }
        bindings.append(KeyBinding(keys: [.function(3)], command: .app(trace), keyLabel: "F3", help: "HTTP trace", inFooter: false))
        bindings.append(KeyBinding(keys: [.function(4)], command: .app(exportHAR), keyLabel: "F4",
                                   help: "export the session as HAR (secrets redacted)", inFooter: false))
        return Keymap(bindings: bindings)
    }
}
