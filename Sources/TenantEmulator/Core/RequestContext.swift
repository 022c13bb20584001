import Foundation
import NativeAuthWire
import Synchronization

/// What an endpoint handler needs from one request.
struct RequestContext {
    let endpoint: NativeAuthEndpoint
    let form: FormBody
    let now: Date
    /// `http://host:port`, for issuer and discovery URLs.
    let origin: String
    /// The authority path named the tenant by domain name (`NAME.onmicrosoft.com` or `NAME`), not its GUID.
    let viaDomainName: Bool

    /// A non-empty parameter, or `invalid_request` 90100 naming it.
    func required(_ key: FormKey) throws -> String {
        guard let value = form[key], !value.isEmpty else { throw ProtocolError.missing(key.rawValue) }
        return value
    }

    /// `challenge_type` and `capabilities` as sent, parsed here, before the tenant's lock is taken.
    let challengeTypes: [ChallengeType]?
    let capabilities: [Capability]

    init(endpoint: NativeAuthEndpoint, form: FormBody, now: Date, origin: String, viaDomainName: Bool) {
        self.endpoint = endpoint
        self.form = form
        self.now = now
        self.origin = origin
        self.viaDomainName = viaDomainName
        challengeTypes = form[.challengeType].map(Self.challengeTypes(_:))
        capabilities = form[.capabilities].map { Capability.list($0) } ?? []
    }

    /// The last `challenge_type` list parsed: a client sends the same one on every request, and parsing it was a
    /// twentieth of a light request's cost.
    private static let lastChallengeTypes = Mutex<(text: String, types: [ChallengeType])?>(nil)

    private static func challengeTypes(_ text: String) -> [ChallengeType] {
        // Byte for byte: `==` would take a canonically equivalent spelling, whose unknown types read differently.
        if let last = lastChallengeTypes.withLock({ $0 }), last.text.utf8.elementsEqual(text.utf8) { return last.types }
        let types = ChallengeType.list(text)
        lastChallengeTypes.withLock { $0 = (text, types) }
        return types
    }
}
