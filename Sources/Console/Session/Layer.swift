import TerminalUI

/// What is drawn over the screen and takes its keys while it is on top. ``FullScreenSession`` keeps them in one
/// stack, draws them bottom first and gives each key to the top one (lazygit's context stack): help over a tool
/// is one more layer, not one more special case.
enum Layer {
    /// F4, F5 or F6: the workbench's open tool (``Workbench`` keeps which).
    case tool
    /// F12 at an enrolment desk: the catalogues' languages.
    case language(LanguageOverlay)
    /// F7: the screen's address for a phone as a QR code.
    case qrCode(QRCodeOverlay)
    /// F1, or `?` outside a text field: the keys valid under it.
    case help(HelpOverlay)
}
