/// A challenge type, sent in `challenge_type` lists and answered in `challenge_type`.
///
/// `preverified` comes only from `/register/v1.0/challenge`. Source: native-auth API reference §2.
public enum ChallengeType: WireVocabulary {
    case oob, password, redirect, preverified
    case unknown(String)

    public static let known: [ChallengeType] = [.oob, .password, .redirect, .preverified]

    public var wireValue: String {
        switch self {
        case .oob: "oob"
        case .password: "password"
        case .redirect: "redirect"
        case .preverified: "preverified"
        case .unknown(let value): value
        }
    }
}
