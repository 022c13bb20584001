import TerminalUI

/// The console's home screen as it stands while the embedded emulator starts: what the launcher
/// paints before the console process is loaded. The console paints the same frame from its flow
/// state (`LauncherTests` pins the two equal), so the hand-over shows no change.
public enum FirstFrame {
    /// The default preset of `tophhie` without `--preset` (the emulator's `TenantPreset.defaultName`).
    public static let defaultPreset = "email-password"

    /// The header while the embedded emulator for `preset` (a name or a policy file path) starts.
    public static func startingHeader(preset: String) -> HeaderInfo {
        HeaderInfo(tenant: preset, authority: "starting the embedded emulator…", mode: "embedded emulator")
    }

    /// The home menu under ``startingHeader(preset:)``, with the console's keys and no outbox key yet.
    /// Enrolment mode offers no browser or device-code sign-in, and starts on Sign up. With no browser here
    /// (``NoBrowserHere``) the device code comes before the browser.
    public static func embeddedHome(preset: String, enrolment: Bool = false, noBrowser: Bool = false) -> FormView {
        let interactive = ["Sign in with browser", "Sign in with a device code"]
        let entries = enrolment ? ["Sign in", "Sign up", "Reset password", "Quit"]
            : ["Sign in"] + (noBrowser ? interactive.reversed() : interactive) + ["Sign up", "Reset password", "Quit"]
        var menu = FormField.picker("options", label: "",
                                    options: entries.enumerated().map { PickerOption(id: String($0.offset), title: $0.element) },
                                    selected: enrolment ? entries.firstIndex(of: "Sign up") ?? 0 : 0)
        menu.isMenu = true
        var home = FormView(header: startingHeader(preset: preset), title: "Tophhie Account Console", fields: [menu],
                            keymap: ConsoleKeys.keymap(withOutbox: false))
        home.goesBack = false
        return home
    }
}
