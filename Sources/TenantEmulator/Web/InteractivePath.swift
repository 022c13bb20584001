/// The tenant paths of the interactive stack (outside the native-auth API). Source: docs/protocol.md §I3.2, §I4, §I7.1.
enum InteractivePath: Equatable {
    /// `POST /oauth2/v2.0/devicecode` (JSON).
    case deviceCode
    /// `GET|POST /oauth2/deviceauth` (also `/oauth2/v2.0/deviceauth`): the verification page; the only path
    /// that also answers under the tenant segment `common`.
    case deviceAuth
    /// `GET|POST /oauth2/v2.0/authorize`: the authorization request and its sign-in pages.
    case authorize
    /// `GET|POST /oauth2/v2.0/logout`.
    case logout

    /// The route for the path after the tenant segment, if it is one of these.
    init?(_ rest: String) {
        switch rest {
        case "/oauth2/v2.0/devicecode": self = .deviceCode
        case "/oauth2/deviceauth", "/oauth2/v2.0/deviceauth": self = .deviceAuth
        case "/oauth2/v2.0/authorize": self = .authorize
        case "/oauth2/v2.0/logout": self = .logout
        default: return nil
        }
    }
}
