/// A challenge type, sent in `challenge_type` lists and answered in `challenge_type`.
///
/// `preverified` comes only from `/register/v1.0/challenge`. Source: docs/protocol.md §N2.
public enum ChallengeType: WireVocabulary {
    /// `oob`: a one-time code; `password`; `redirect`: the web fallback, always sent (docs/protocol.md §N1.4, §N1.6);
    /// `preverified`: the registered contact is already verified (docs/protocol.md §N3.7 step B).
    case oob, password, redirect, preverified
    /// Any other challenge type string, kept as sent.
    case unknown(String)

    /// The challenge types decoding recognises.
    public enum Known: String, CaseIterable, Sendable {
        case oob = "oob"
        case password = "password"
        case redirect = "redirect"
        case preverified = "preverified"
    }

    /// The case for a documented wire string.
    public init(_ known: Known) {
        self = switch known {
        case .oob: .oob
        case .password: .password
        case .redirect: .redirect
        case .preverified: .preverified
        }
    }
}
