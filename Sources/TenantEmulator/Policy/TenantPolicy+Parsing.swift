import EmailAddresses
import Foundation
import NativeAuthWire
import StrictJSON

extension TenantPolicy {
    /// Reads and validates a policy file.
    /// - Throws: `PolicyError` naming the file, key and what is allowed.
    public static func load(from url: URL) throws(PolicyError) -> TenantPolicy {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw PolicyError(file: url.path, key: "(file)", allowed: "a policy file, but there is no file at this path")
        }
        guard let data = try? Data(contentsOf: url) else {
            throw PolicyError(file: url.path, key: "(file)", allowed: "a readable JSON file")
        }
        return try parse(data, file: url.path)
    }

    /// Parses policy JSON; `file` is only used in messages.
    /// - Throws: `PolicyError` naming the file and the key (or the line and column of a syntax error) and what is
    ///   allowed there (`expected true or false, found a number (1)`).
    public static func parse(_ data: Data, file: String) throws(PolicyError) -> TenantPolicy {
        do {
            return try parseRoot(JSONObjectReader.root(of: data, file: file))
        } catch {
            throw PolicyError(error)
        }
    }

    private static let guidPattern = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"

    static func isGUID(_ text: String) -> Bool { text.range(of: guidPattern, options: .regularExpression) != nil }

    private static func parseRoot(_ root: JSONObjectReader) throws(JSONFileError) -> TenantPolicy {
        try root.only(Set(["tenant", "clients", "operators", "users"] + sections.map(\.name)))
        guard let tenantReader = try root.object("tenant") else { throw root.failure("tenant", "missing; expected an object {\"name\", \"id\"}") }
        try tenantReader.only(["name", "id"])
        let nameRule = "a tenant name of letters, digits and hyphens"
        let name = try tenantReader.requiredString("name", expected: nameRule)
        guard name.range(of: "^[A-Za-z0-9-]{1,63}$", options: .regularExpression) != nil else { throw tenantReader.wrong("name", expected: nameRule) }
        let guidRule = "a GUID such as 11111111-2222-3333-4444-555555555555"
        let id = try tenantReader.requiredString("id", expected: guidRule)
        guard isGUID(id) else { throw tenantReader.wrong("id", expected: guidRule) }

        let clientsRule = "a non-empty array of clients"
        guard let clientItems = try root.array("clients", expected: clientsRule), !clientItems.isEmpty else {
            throw root.wrong("clients", expected: clientsRule)
        }
        let clients = try clientItems.indices.map { index throws(JSONFileError) in
            try parseClient(root.element("clients", index, of: clientItems))
        }

        var policy = TenantPolicy(tenant: Tenant(name: name, id: id.lowercased()), clients: clients)
        for section in sections {
            guard let reader = try root.object(section.name) else { continue }
            let knobs = PolicyKnob.all.filter { $0.section == section.name }
            try reader.only(section.byHand.union(knobs.map(\.field)))
            for knob in knobs { try knob.read(reader, into: &policy) }
            try section.read(reader, &policy)
        }
        policy.operators = try root.strings("operators") ?? []
        if policy.operators.contains(where: { !EmailAddress.isWellFormed($0) }) {
            throw root.wrong("operators", expected: "an array of user email addresses")
        }
        if let items = try root.array("users", expected: "an array of users") {
            for index in items.indices {
                policy.users.append(try parseSeedUser(root.element("users", index, of: items), signUp: policy.signUp, mfa: policy.mfa))
            }
        }
        return policy
    }

    /// The sections holding ``PolicyKnob``s, in reading order, with the keys read by hand (lists, checks across keys).
    private static let sections: [(name: String, byHand: Set<String>, read: @Sendable (JSONObjectReader, inout TenantPolicy) throws(JSONFileError) -> Void)] = [
        ("signUp", ["flowName", "attributes"], readSignUp), ("password", ["banned"], readPassword), ("mfa", ["methods"], readMFA),
        ("otp", [], { _, _ in }), ("tokens", [], { _, _ in }), ("passwordReset", ["pollSequence"], readPasswordReset),
        ("deviceCode", [], { _, _ in }), ("graph", ["customerWritable"], readGraph),
    ]

    private static func readSignUp(_ reader: JSONObjectReader, into policy: inout TenantPolicy) throws(JSONFileError) {
        policy.signUp.flowName = try reader.nonEmptyString("flowName", expected: "a non-empty user flow name") ?? SignUp.defaultFlowName
        guard let items = try reader.array("attributes", expected: "an array of attributes") else { return }
        for index in items.indices {
            policy.signUp.attributes.append(try parseAttribute(reader.element("attributes", index, of: items)))
        }
        var seen = Set<String>()
        for (index, attribute) in policy.signUp.attributes.enumerated() where !seen.insert(attribute.name).inserted {
            throw JSONFileError(file: reader.file, path: "signUp.attributes[\(index)].name",
                                problem: "expected a name not used by another attribute, found \"\(attribute.name)\" again")
        }
    }

    private static func readPassword(_ reader: JSONObjectReader, into policy: inout TenantPolicy) throws(JSONFileError) {
        let (minimum, maximum) = (policy.password.minLength, policy.password.maxLength)
        if maximum < minimum { throw reader.wrong("maxLength", expected: "a number not below minLength (\(minimum))") }
        policy.password.banned = try reader.strings("banned") ?? []
    }

    private static func readMFA(_ reader: JSONObjectReader, into policy: inout TenantPolicy) throws(JSONFileError) {
        let allowed = "a non-empty array of \"email\", \"sms\""
        guard let items = try reader.array("methods", expected: allowed) else { return }
        let channels = items.compactMap { ($0 as? String).flatMap(MethodChannel.init(rawValue:)) }
        guard !channels.isEmpty, channels.count == items.count else { throw reader.wrong("methods", expected: allowed) }
        policy.mfa.methods = channels
    }

    private static func readPasswordReset(_ reader: JSONObjectReader, into policy: inout TenantPolicy) throws(JSONFileError) {
        let allowed = "a non-empty array of \"not_started\", \"in_progress\", \"succeeded\", \"failed\""
        guard let items = try reader.array("pollSequence", expected: allowed) else { return }
        let statuses = items.compactMap { ($0 as? String).map(PollStatus.init(wireValue:)) }
        guard !statuses.isEmpty, statuses.count == items.count, statuses.allSatisfy(PollStatus.known.contains) else {
            throw reader.wrong("pollSequence", expected: allowed)
        }
        policy.passwordReset.pollSequence = statuses
    }

    private static func readGraph(_ reader: JSONObjectReader, into policy: inout TenantPolicy) throws(JSONFileError) {
        policy.graph.customerWritable = try reader.strings("customerWritable") ?? policy.graph.customerWritable
        if let unknown = policy.graph.customerWritable.first(where: { !GraphUserProfile.selfWritable.contains($0) }) {
            throw reader.failure("customerWritable", "expected names among \(GraphUserProfile.selfWritable.sorted().joined(separator: ", ")) (not \(unknown))")
        }
    }

    private static func parseClient(_ reader: JSONObjectReader) throws(JSONFileError) -> Client {
        try reader.only(["clientId", "nativeAuth", "publicClient", "challengeTypes", "redirectUris"])
        let clientID = try reader.requiredString("clientId", expected: "a GUID")
        guard isGUID(clientID) else { throw reader.wrong("clientId", expected: "a GUID") }
        var client = Client(clientID: clientID, nativeAuth: try reader.bool("nativeAuth") ?? true,
                            publicClient: try reader.bool("publicClient") ?? true)
        let allowedTypes = "a non-empty array of \"oob\", \"password\", \"redirect\""
        if let items = try reader.array("challengeTypes", expected: allowedTypes) {
            guard let names = items as? [String], !names.isEmpty, names.allSatisfy(["oob", "password", "redirect"].contains) else {
                throw reader.wrong("challengeTypes", expected: allowedTypes)
            }
            client.challengeTypes = names.map(ChallengeType.init(wireValue:))
        }
        client.redirectURIs = try reader.strings("redirectUris") ?? []
        for uri in client.redirectURIs where RedirectURI(uri) == nil {
            throw reader.failure("redirectUris", "expected absolute http or https URIs such as http://localhost, found \"\(uri)\"")
        }
        return client
    }

    private static func parseAttribute(_ attribute: JSONObjectReader) throws(JSONFileError) -> Attribute {
        try attribute.only(["name", "type", "required", "regex", "label", "choices"])
        let nameRule = "an attribute API name such as displayName or extension_<appid>_<name>"
        let name = try attribute.requiredString("name", expected: nameRule)
        guard name.range(of: "^[A-Za-z][A-Za-z0-9_]{0,99}$", options: .regularExpression) != nil else {
            throw attribute.wrong("name", expected: nameRule)
        }
        let kind: AttributeKind = try attribute.choice("type") ?? .string
        let regex = try attribute.string("regex")
        if let regex, !regex.isEmpty, (try? NSRegularExpression(pattern: regex)) == nil {
            throw attribute.wrong("regex", expected: "a regular expression that compiles")
        }
        let choices = try attribute.strings("choices")
        if let choices, choices.isEmpty { throw attribute.wrong("choices", expected: "a non-empty array of strings") }
        return Attribute(name: name, type: kind, required: try attribute.bool("required") ?? false,
                         regex: regex, label: try attribute.string("label") ?? name, choices: choices)
    }

    /// Reads one user of `users[]` (policy file or `POST /emulator/v1/users`): the keys `GET /emulator/v1/users`
    /// exports (`id`, `email`, `passwordHash`, `attributes`, `methods[].id`, `createdAt`) plus `password`.
    static func parseSeedUser(_ reader: JSONObjectReader, signUp: SignUp, mfa: MFA) throws(JSONFileError) -> SeedUser {
        try reader.only(["id", "email", "password", "passwordHash", "attributes", "methods", "createdAt"])
        let id = try parseGUID(reader, "id")
        let email = try reader.requiredString("email", expected: "an email address")
        guard EmailAddress.isWellFormed(email) else { throw reader.wrong("email", expected: "an email address") }
        let password = try reader.string("password")
        if let password, password.isEmpty { throw reader.wrong("password", expected: "a non-empty password, or no key for a code-only account") }
        let hashFormat = "a PBKDF2 hash as exported: pbkdf2-sha256$<iterations>$<salt base64url>$<32-byte hash base64url>"
        let passwordHash = try reader.string("passwordHash", expected: hashFormat)
        if let passwordHash {
            guard PasswordHasher.isStoredHash(passwordHash) else { throw reader.wrong("passwordHash", expected: hashFormat) }
            if password != nil { throw reader.failure("passwordHash", "expected either password or passwordHash, not both") }
        }
        let attributes = try reader.stringMap("attributes") ?? [:]
        var methods: [SeedMethod] = []
        if let items = try reader.array("methods", expected: "an array of {\"id\", \"channel\", \"target\"}") {
            for index in items.indices {
                let methodReader = try reader.element("methods", index, of: items)
                try methodReader.only(["id", "channel", "target"])
                let methodID = try parseGUID(methodReader, "id")
                let channel: MethodChannel = try methodReader.choice("channel") ?? .email
                let target = try methodReader.requiredString("target", expected: "an email address or an E.164 phone number")
                let valid = channel == .email ? EmailAddress.isWellFormed(target) : PhoneNumber.isE164(target)
                if !valid {
                    throw methodReader.wrong("target", expected: channel == .email ? "an email address" : "an E.164 phone number such as +14255550123")
                }
                methods.append(SeedMethod(id: methodID, channel: channel, target: target))
            }
            var seen = Set<String>()
            for (index, method) in methods.enumerated() where method.id.map({ !seen.insert($0).inserted }) ?? false {
                throw JSONFileError(file: reader.file, path: reader.keyPath("methods[\(index)].id"),
                                    problem: "expected an id not used by another method of this user")
            }
        }
        var createdAt: Date?
        let timeRule = "an ISO 8601 time such as 2026-03-14T09:31:07Z"
        if let text = try reader.string("createdAt", expected: timeRule) {
            guard let date = ISO8601DateFormatter().date(from: text) else { throw reader.wrong("createdAt", expected: timeRule) }
            createdAt = date
        }
        return SeedUser(id: id, email: email, password: password, passwordHash: passwordHash, attributes: attributes,
                        methods: methods, createdAt: createdAt)
    }

    /// An optional GUID under `key`, lower-cased.
    private static func parseGUID(_ reader: JSONObjectReader, _ key: String) throws(JSONFileError) -> String? {
        let allowed = "a GUID such as 5f0c3a1e-7b2d-4c8e-9a61-3d2f4b6e8a10"
        guard let text = try reader.string(key, expected: allowed) else { return nil }
        guard UUID(uuidString: text) != nil else { throw reader.wrong(key, expected: allowed) }
        return text.lowercased()
    }
}
