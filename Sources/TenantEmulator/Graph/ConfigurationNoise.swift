import Foundation
import TenantConfiguration

/// What real Graph may vary between two reads of an unchanged tenant, put into one configuration answer
/// (policy `graph.noisyConfiguration`), so a snapshot is shown to read through it: collections whose order means
/// nothing come in another order, objects carry `@odata.type` and `@odata.etag`, and an empty list is written as
/// `[]`, `null` or not at all. The attribute collection page's `views`, `inputs` and `options` keep their order:
/// it is the order of the sign-up form. A page's `value` stays an array (Graph never writes it otherwise).
/// Source: docs/tenant-snapshot.md ("Reading Graph's noise"); field case 041 (docs/field-cases.md).
struct ConfigurationNoise {
    /// Arrays whose order is the tenant's.
    static let orderedKeys: Set<String> = ["views", "inputs", "options"]

    private var random: SplitMix
    /// The `@odata.type` of an entity of this read that has none.
    private let entityType: String

    /// The noise of the `number`-th noisy answer, to `read`: the same number gives the same answer.
    init(_ read: GraphConfigurationRead, number: UInt64) {
        random = SplitMix(state: number &* 0x9E37_79B9_7F4A_7C15)
        entityType = switch read {
        case .signUpFlows: GraphConfigurationAnswer.signUpFlowType
        case .flowApplications: "#microsoft.graph.authenticationConditionApplication"
        case .userFlowAttributes: "#microsoft.graph.identityBuiltInUserFlowAttribute"
        case .emailOtp: "#microsoft.graph.emailAuthenticationMethodConfiguration"
        case .sms: "#microsoft.graph.smsAuthenticationMethodConfiguration"
        case .applications, .nativeAuthentication: "#microsoft.graph.application"
        case .mfaPolicies: "#microsoft.graph.conditionalAccessPolicy"
        }
    }

    /// `body` with the noise: a collection page (its `value` items are entities) or one entity.
    mutating func answer(_ body: [String: Any]) -> [String: Any] {
        guard let items = body["value"] as? [Any] else { return object(body, entity: true) }
        var page = object(body.filter { $0.key != "value" }, entity: false)
        page["value"] = items.map { ($0 as? [String: Any]).map { object($0, entity: true) } ?? $0 }.shuffled(using: &random)
        return page
    }

    /// `members` with noisy lists; an entity also gets an `@odata.etag` and, when it has none, an `@odata.type`.
    private mutating func object(_ members: [String: Any], entity: Bool) -> [String: Any] {
        var noisy: [String: Any] = [:]
        // Sorted keys: the same read number spends the generator the same way.
        for key in members.keys.sorted() {
            guard let items = members[key] as? [Any] else {
                noisy[key] = (members[key] as? [String: Any]).map { object($0, entity: false) } ?? members[key]
                continue
            }
            if items.isEmpty {
                // `[]`, `null`, or left out.
                switch random.next() % 3 {
                case 0: noisy[key] = [Any]()
                case 1: noisy[key] = NSNull()
                default: break
                }
                continue
            }
            let inner = items.map { ($0 as? [String: Any]).map { object($0, entity: false) } ?? $0 }
            noisy[key] = Self.orderedKeys.contains(key) ? inner : inner.shuffled(using: &random)
        }
        if entity {
            noisy["@odata.etag"] = "W/\"\(String(random.next(), radix: 16))\""
            if noisy["@odata.type"] == nil { noisy["@odata.type"] = entityType }
        }
        return noisy
    }
}

/// SplitMix64: a small seeded generator, so a noisy answer can be replayed from its read number.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
