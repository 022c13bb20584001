/// Why a browser sign-in is unlikely to show a browser the user can see (the front reads it from the
/// environment at start, see `Launcher`'s `NoBrowserHere`). The browser is still tried; this decides what is
/// offered first (the device code) and what the browser screen says.
public enum BrowserAbsence: Sendable, Hashable {
    /// The console runs over SSH: a browser started here runs on the remote machine.
    case overSSH
    /// Linux without a display (`DISPLAY`, `WAYLAND_DISPLAY`): there is nowhere to start one.
    case noDisplay
}
