import TerminalUI

/// `history --user VALUE` names no user: neither a userPrincipalName nor an object id (a GUID), so no sign-in can be
/// its. Said before any request, as an unknown `--account` is (exit 1).
struct UnknownUser: CommandFailure {
    let value: String
    var description: String {
        "\(PrintableText.make(value)) is neither an object id (a GUID) nor a user principal name (name@domain): pass one of those."
    }
}
