import Foundation
import NativeAuthWire

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
    /// - Throws: `PolicyError` naming the file, key and what is allowed.
    public static func parse(_ data: Data, file: String) throws(PolicyError) -> TenantPolicy {
        do {
            guard let json = try? JSONSerialization.jsonObject(with: data) else {
                throw PolicyError(file: file, key: "(root)", allowed: "valid JSON (the file does not parse)")
            }
            return try parseRoot(json, file: file)
        } catch let error as PolicyError {
            throw error
        } catch {
            throw PolicyError(file: file, key: "(root)", allowed: "\(error)")
        }
    }

    private static let guidPattern = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"

    static func isGUID(_ text: String) -> Bool { text.range(of: guidPattern, options: .regularExpression) != nil }

    private static func parseRoot(_ json: Any, file: String) throws -> TenantPolicy {
        var root = try PolicyReader(file: file, path: "", value: json)

        guard var tenantReader = try root.object("tenant") else { throw root.failure("tenant", "an object {\"name\", \"id\"}") }
        let name = try tenantReader.requiredString("name", allowed: "a tenant name of letters, digits and hyphens")
        guard name.range(of: "^[A-Za-z0-9-]{1,63}$", options: .regularExpression) != nil else {
            throw tenantReader.failure("name", "a tenant name of letters, digits and hyphens")
        }
        let id = try tenantReader.requiredString("id", allowed: "a GUID such as 11111111-2222-3333-4444-555555555555")
        guard isGUID(id) else { throw tenantReader.failure("id", "a GUID such as 11111111-2222-3333-4444-555555555555") }
        try tenantReader.finish()

        guard let clientItems = try root.array("clients", allowed: "a non-empty array of clients"), !clientItems.isEmpty else {
            throw root.failure("clients", "a non-empty array of clients")
        }
        let clients = try clientItems.enumerated().map { index, item in
            var reader = try PolicyReader(file: file, path: "clients[\(index)]", value: item)
            let clientID = try reader.requiredString("clientId", allowed: "a GUID")
            guard isGUID(clientID) else { throw reader.failure("clientId", "a GUID") }
            var client = Client(clientID: clientID, nativeAuth: try reader.bool("nativeAuth", default: true),
                                publicClient: try reader.bool("publicClient", default: true))
            let allowedTypes = "a non-empty array of \"oob\", \"password\", \"redirect\""
            if let items = try reader.array("challengeTypes", allowed: allowedTypes) {
                client.challengeTypes = try items.map { item in
                    guard let text = item as? String, ["oob", "password", "redirect"].contains(text) else {
                        throw reader.failure("challengeTypes", allowedTypes)
                    }
                    return ChallengeType(wireValue: text)
                }
                if client.challengeTypes.isEmpty { throw reader.failure("challengeTypes", allowedTypes) }
            }
            client.redirectURIs = try reader.strings("redirectUris", default: [])
            for uri in client.redirectURIs where RedirectURI(uri) == nil {
                throw reader.failure("redirectUris", "absolute http or https URIs such as http://localhost")
            }
            try reader.finish()
            return client
        }

        let signUp = try parseSignUp(&root, file: file)
        let password = try parsePassword(&root)
        let mfa = try parseMFA(&root)
        let otp = try parseOTP(&root)

        var tokens = Tokens(accessTokenSeconds: 3600, refreshTokenSeconds: 86_400, continuationTokenSeconds: 600)
        if var reader = try root.object("tokens") {
            tokens.accessTokenSeconds = try reader.int("accessTokenSeconds", default: 3600, range: 60...86_400)
            tokens.refreshTokenSeconds = try reader.int("refreshTokenSeconds", default: 86_400, range: 60...7_776_000)
            tokens.continuationTokenSeconds = try reader.int("continuationTokenSeconds", default: 600, range: 10...3600)
            try reader.finish()
        }

        var reset = PasswordReset(enabled: true, pollSequence: [.inProgress, .succeeded])
        if var reader = try root.object("passwordReset") {
            reset.enabled = try reader.bool("enabled", default: true)
            let allowedStatuses = "a non-empty array of \"not_started\", \"in_progress\", \"succeeded\", \"failed\""
            if let items = try reader.array("pollSequence", allowed: allowedStatuses) {
                reset.pollSequence = try items.map { item in
                    guard let text = item as? String, case let status = PollStatus(wireValue: text),
                          PollStatus.known.contains(status) else { throw reader.failure("pollSequence", allowedStatuses) }
                    return status
                }
                if reset.pollSequence.isEmpty { throw reader.failure("pollSequence", allowedStatuses) }
            }
            try reader.finish()
        }

        var deviceCode = DeviceCode()
        if var reader = try root.object("deviceCode") {
            deviceCode.verificationURI = try reader.choice("verificationURI", default: .service)
            deviceCode.expiresInSeconds = try reader.int("expiresInSeconds", default: 900, range: 60...3600)
            deviceCode.intervalSeconds = try reader.int("intervalSeconds", default: 5, range: 1...60)
            try reader.finish()
        }

        var graph = Graph()
        if var reader = try root.object("graph") {
            graph.premium = try reader.bool("premium", default: true)
            graph.customerWritable = try reader.strings("customerWritable", default: graph.customerWritable)
            if let unknown = graph.customerWritable.first(where: { !GraphUserProfile.selfWritable.contains($0) }) {
                throw reader.failure("customerWritable", "names among \(GraphUserProfile.selfWritable.sorted().joined(separator: ", ")) (not \(unknown))")
            }
            try reader.finish()
        }
        let operators = try root.strings("operators", default: [])
        if operators.contains(where: { !EmailAddress.isPlausible($0) }) {
            throw root.failure("operators", "an array of user email addresses")
        }

        var users: [SeedUser] = []
        if let items = try root.array("users", allowed: "an array of users") {
            users = try items.enumerated().map { index, item in
                try parseSeedUser(item, file: file, path: "users[\(index)]", signUp: signUp, mfa: mfa)
            }
        }
        try root.finish()
        return TenantPolicy(tenant: Tenant(name: name, id: id.lowercased()), clients: clients, signUp: signUp,
                            password: password, mfa: mfa, otp: otp, tokens: tokens, passwordReset: reset, users: users,
                            deviceCode: deviceCode, operators: operators, graph: graph)
    }

    private static func parseSignUp(_ root: inout PolicyReader, file: String) throws -> SignUp {
        var signUp = SignUp(method: .emailPassword, attributes: [])
        guard var reader = try root.object("signUp") else { return signUp }
        signUp.method = try reader.choice("method", default: .emailPassword)
        signUp.flowName = try reader.string("flowName", default: nil) ?? SignUp.defaultFlowName
        if signUp.flowName.isEmpty { throw reader.failure("flowName", "a non-empty user flow name") }
        if let items = try reader.array("attributes", allowed: "an array of attributes") {
            signUp.attributes = try items.enumerated().map { index, item in
                var attribute = try PolicyReader(file: file, path: "signUp.attributes[\(index)]", value: item)
                let name = try attribute.requiredString("name", allowed: "an attribute API name such as displayName or extension_<appid>_<name>")
                guard name.range(of: "^[A-Za-z][A-Za-z0-9_]{0,99}$", options: .regularExpression) != nil else {
                    throw attribute.failure("name", "an attribute API name such as displayName or extension_<appid>_<name>")
                }
                let kind: AttributeKind = try attribute.choice("type", default: .string)
                let regex = try attribute.string("regex", default: nil)
                if let regex, !regex.isEmpty, (try? NSRegularExpression(pattern: regex)) == nil {
                    throw attribute.failure("regex", "a regular expression that compiles")
                }
                let choices = attribute.has("choices") ? try attribute.strings("choices", default: []) : nil
                if let choices, choices.isEmpty { throw attribute.failure("choices", "a non-empty array of strings") }
                let result = Attribute(name: name, type: kind, required: try attribute.bool("required", default: false),
                                       regex: regex, label: try attribute.string("label", default: nil) ?? name,
                                       choices: choices)
                try attribute.finish()
                return result
            }
            var seen = Set<String>()
            for (index, attribute) in signUp.attributes.enumerated() where !seen.insert(attribute.name).inserted {
                throw PolicyError(file: file, key: "signUp.attributes[\(index)].name", allowed: "a name not used by another attribute")
            }
        }
        try reader.finish()
        return signUp
    }

    private static func parsePassword(_ root: inout PolicyReader) throws -> PasswordRules {
        var rules = PasswordRules(minLength: 8, maxLength: 256, minCharacterClasses: 3, banned: [], history: 1)
        guard var reader = try root.object("password") else { return rules }
        rules.minLength = try reader.int("minLength", default: 8, range: 1...256)
        rules.maxLength = try reader.int("maxLength", default: 256, range: 1...1024)
        if rules.maxLength < rules.minLength { throw reader.failure("maxLength", "a number not below minLength (\(rules.minLength))") }
        rules.minCharacterClasses = try reader.int("minCharacterClasses", default: 3, range: 1...4)
        rules.banned = try reader.strings("banned", default: [])
        rules.history = try reader.int("history", default: 1, range: 0...24)
        try reader.finish()
        return rules
    }

    private static func parseMFA(_ root: inout PolicyReader) throws -> MFA {
        var mfa = MFA(required: false, methods: [.email, .sms], registrationRequired: true, legacyFlow: false, smsBlocked: .none,
                      preverifiedFastPass: true)
        guard var reader = try root.object("mfa") else { return mfa }
        mfa.required = try reader.bool("required", default: false)
        let allowed = "a non-empty array of \"email\", \"sms\""
        if let items = try reader.array("methods", allowed: allowed) {
            mfa.methods = try items.map { item in
                guard let text = item as? String, let channel = MethodChannel(rawValue: text) else { throw reader.failure("methods", allowed) }
                return channel
            }
            if mfa.methods.isEmpty { throw reader.failure("methods", allowed) }
        }
        mfa.registrationRequired = try reader.bool("registrationRequired", default: true)
        mfa.legacyFlow = try reader.bool("legacyFlow", default: false)
        mfa.smsBlocked = try reader.choice("smsBlocked", default: .none)
        mfa.preverifiedFastPass = try reader.bool("preverifiedFastPass", default: true)
        mfa.smsNeedsTenantIdAuthority = try reader.bool("smsNeedsTenantIdAuthority", default: false)
        try reader.finish()
        return mfa
    }

    private static func parseOTP(_ root: inout PolicyReader) throws -> OTP {
        var otp = OTP(length: 8, ttlSeconds: 600, maxAttempts: 5, resendIntervalSeconds: 30, maxCodesPerFlow: 5)
        guard var reader = try root.object("otp") else { return otp }
        otp.length = try reader.int("length", default: 8, range: 4...10)
        otp.ttlSeconds = try reader.int("ttlSeconds", default: 600, range: 10...86_400)
        otp.maxAttempts = try reader.int("maxAttempts", default: 5, range: 1...100)
        otp.resendIntervalSeconds = try reader.int("resendIntervalSeconds", default: 30, range: 0...3600)
        otp.maxCodesPerFlow = try reader.int("maxCodesPerFlow", default: 5, range: 1...100)
        if reader.has("maxCodesPerAddress") { otp.maxCodesPerAddress = try reader.int("maxCodesPerAddress", default: 0, range: 1...1000) }
        otp.addressWindowSeconds = try reader.int("addressWindowSeconds", default: 3600, range: 1...86_400)
        try reader.finish()
        return otp
    }

    /// Reads one user of `users[]` (policy file or `POST /emulator/v1/users`): the keys `GET /emulator/v1/users`
    /// exports (`id`, `email`, `passwordHash`, `attributes`, `methods[].id`, `createdAt`) plus `password`.
    static func parseSeedUser(_ item: Any, file: String, path: String, signUp: SignUp, mfa: MFA) throws -> SeedUser {
        var reader = try PolicyReader(file: file, path: path, value: item)
        let id = try parseGUID(&reader, "id")
        let email = try reader.requiredString("email", allowed: "an email address")
        guard EmailAddress.isPlausible(email) else { throw reader.failure("email", "an email address") }
        let password = try reader.string("password", default: nil)
        if let password, password.isEmpty { throw reader.failure("password", "a non-empty password, or no key for a code-only account") }
        let hashFormat = "a PBKDF2 hash as exported: pbkdf2-sha256$<iterations>$<salt base64url>$<32-byte hash base64url>"
        let passwordHash = try reader.string("passwordHash", default: nil, allowed: hashFormat)
        if let passwordHash {
            guard PasswordHasher.isStoredHash(passwordHash) else { throw reader.failure("passwordHash", hashFormat) }
            if password != nil { throw reader.failure("passwordHash", "either password or passwordHash, not both") }
        }
        var attributes: [String: String] = [:]
        if let attributeReader = try reader.object("attributes") {
            _ = attributeReader
            let raw = reader.raw("attributes") as? [String: Any] ?? [:]
            for (key, value) in raw {
                guard let text = value as? String else {
                    throw PolicyError(file: file, key: "\(path).attributes.\(key)", allowed: "a string value")
                }
                attributes[key] = text
            }
        }
        var methods: [SeedMethod] = []
        if let items = try reader.array("methods", allowed: "an array of {\"id\", \"channel\", \"target\"}") {
            methods = try items.enumerated().map { index, item in
                var methodReader = try PolicyReader(file: file, path: "\(path).methods[\(index)]", value: item)
                let methodID = try parseGUID(&methodReader, "id")
                let channel: MethodChannel = try methodReader.choice("channel", default: .email)
                let target = try methodReader.requiredString("target", allowed: "an email address or an E.164 phone number")
                let valid = channel == .email ? EmailAddress.isPlausible(target) : PhoneNumber.isE164(target)
                if !valid {
                    throw methodReader.failure("target", channel == .email ? "an email address" : "an E.164 phone number such as +14255550123")
                }
                try methodReader.finish()
                return SeedMethod(id: methodID, channel: channel, target: target)
            }
            var seen = Set<String>()
            for (index, method) in methods.enumerated() where method.id.map({ !seen.insert($0).inserted }) ?? false {
                throw PolicyError(file: file, key: "\(path).methods[\(index)].id", allowed: "an id not used by another method of this user")
            }
        }
        var createdAt: Date?
        if let text = try reader.string("createdAt", default: nil, allowed: "an ISO 8601 time such as 2026-03-14T09:31:07Z") {
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw reader.failure("createdAt", "an ISO 8601 time such as 2026-03-14T09:31:07Z")
            }
            createdAt = date
        }
        try reader.finish()
        return SeedUser(id: id, email: email, password: password, passwordHash: passwordHash, attributes: attributes,
                        methods: methods, createdAt: createdAt)
    }

    /// An optional GUID under `key`, lower-cased.
    private static func parseGUID(_ reader: inout PolicyReader, _ key: String) throws -> String? {
        let allowed = "a GUID such as 5f0c3a1e-7b2d-4c8e-9a61-3d2f4b6e8a10"
        guard let text = try reader.string(key, default: nil, allowed: allowed) else { return nil }
        guard UUID(uuidString: text) != nil else { throw reader.failure(key, allowed) }
        return text.lowercased()
    }
}
