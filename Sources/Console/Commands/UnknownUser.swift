import TerminalUI

/// `history --user VALUE` names no user: neither a userPrincipalName nor an object id (a GUID), so no sign-in can be
/// its. Said before any request, as an unknown `--account` is (exit 1).
struct UnknownUser: CommandFailure {
    let value: String
    var description: String {
        "no user has the object id \(PrintableText.make(value)): an object id is a GUID; pass the user's object id or their userPrincipalName."
    }
}
