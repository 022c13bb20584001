import Foundation
import NativeAuthWire
import StrictJSON

/// A change to the running tenant's policy: the settings an operator or a scenario may turn, named by the policy
/// file's own keys (docs/emulator.md, "Policy patches"). Unset fields leave the policy as it is.
///
/// One type for every way the knobs are turned: `PATCH /emulator/v1/tenant` reads it in the file's nested shape
/// (`{"mfa": {"required": true}}`, ``init(body:)``), a scenario's `emulator.policy` step in dotted keys
/// (`{"mfa.required": true}`, ``init(dottedKeys:tenant:)``), and the console's emulator panel builds one in code and
/// sends ``body``.
public struct PolicyPatch: Sendable, Equatable {
    /// The ``PolicyKnob``s to set (those ``PolicyKnob/patchable``), by key: `mfa.required` → `.bool(true)`.
    public var knobs: [String: PolicyKnob.Setting] = [:]
    /// `signUp.attributes[]`: `required` of attributes the policy already has, by `name`.
    public var attributes: [AttributeChange] = []
    /// `clients[]`: `nativeAuth` and `challengeTypes` of clients the policy already has, by `clientId`.
    public var clients: [ClientChange] = []

    /// `signUp.attributes[]` in a patch: `{"name", "required"}`.
    public struct AttributeChange: Sendable, Equatable {
        /// The attribute's API name, e.g. `displayName`.
        public var name: String
        /// Whether sign-up must collect it; nil leaves it as it is.
        public var required: Bool?

        /// The attribute `name` (one the policy has) made required or optional; nil `required` changes nothing.
        public init(name: String, required: Bool?) {
            self.name = name
            self.required = required
        }
    }

    /// `clients[]` in a patch: `{"clientId", "nativeAuth", "challengeTypes"}`.
    public struct ClientChange: Sendable, Equatable {
        /// The client (application) id, a GUID as the policy spells it.
        public var clientID: String
        /// Whether the native-auth APIs are enabled for it; nil leaves it as it is.
        public var nativeAuth: Bool?
        /// A non-empty subset of `oob`, `password`, `redirect`.
        public var challengeTypes: [ChallengeType]?

        /// Changes of the client `clientID` (one the policy has); nil fields change nothing.
        public init(clientID: String, nativeAuth: Bool? = nil, challengeTypes: [ChallengeType]? = nil) {
            self.clientID = clientID
            self.nativeAuth = nativeAuth
            self.challengeTypes = challengeTypes
        }
    }

    /// A patch that cannot be applied: the key path as given (`mfa.required`, `signUp.attributes[0].name`) and why.
    public struct Refusal: Error, Sendable, Equatable {
        /// Why the key was refused.
        public enum Problem: Sendable, Equatable {
            /// Not a key a patch may set (``PolicyPatch/keys`` lists them).
            case notSettable
            /// A value of the wrong type or out of range: what is allowed there, and what was found
            /// (`"yes"`, `a number (1)`, as ``JSONObjectReader/describe(_:)`` says it).
            case expected(String, found: String)
            /// A name or id the policy does not have; what it must name.
            case unknownName(String)
        }

        /// The key path as given, e.g. `signUp.attributes[0].name`.
        public let key: String
        /// Why it was refused.
        public let problem: Problem

        /// The control API's words: `mfa.required must be true or false`, `tokens cannot be changed; use …`.
        public var message: String {
            switch problem {
            case .notSettable: "\(key) cannot be changed; use \(PolicyPatch.sectionNames.joined(separator: ", "))"
            case .expected(let allowed, let found): "\(key) must be \(allowed), not \(found)"
            case .unknownName(let what): "\(key) must name \(what)"
            }
        }
    }

    /// An empty patch; set the fields to change.
    public init() {}

    /// Every key a patch may set, as the policy file spells it, with the values it takes.
    public static let keys: [(key: String, allowed: String)] = PolicyKnob.all.filter(\.patchable).map { ($0.key, $0.allowed) } + [
        ("signUp.attributes", "an array of {\"name\", \"required\"}"),
        ("clients", "an array of {\"clientId\", \"nativeAuth\", \"challengeTypes\"}"),
    ]

    /// Sets the knob at `path` to `value` (`nil` lifts a limit). - Precondition: `path` is a patchable ``PolicyKnob``.
    public mutating func set<Value>(_ path: WritableKeyPath<TenantPolicy, Value>, _ value: Value) {
        var scratch = TenantPolicy.defaults
        scratch[keyPath: path] = value
        let wanted: PartialKeyPath<TenantPolicy> = path
        guard let knob = PolicyKnob.all.first(where: { $0.path == wanted && $0.patchable }) else { preconditionFailure("\(path): not a patchable knob") }
        knobs[knob.key] = knob.value(scratch) ?? .number(0)
    }

    /// Scenario spellings older than `clients`, still accepted by ``init(dottedKeys:tenant:)``: they change the
    /// tenant's first public client with native authentication on (else its first client).
    public static let clientAliases: [String: String] = ["client.challengeTypes": "challengeTypes", "client.nativeAuth": "nativeAuth"]

    /// The top-level keys of ``keys``, sorted: the sections a `PATCH` body may have.
    public static let sectionNames = Set(keys.map { String($0.key.split(separator: ".")[0]) }).sorted()

    private static let boolean = "true or false"
    private static let challengeTypes = "a non-empty array of \"oob\", \"password\", \"redirect\""

    /// Reads a `PATCH /emulator/v1/tenant` body: a subset of the policy file's shape.
    /// - Throws: ``Refusal`` at the first key that is not settable or has a value it does not take.
    public init(body: Any) throws(Refusal) {
        guard let object = body as? [String: Any] else { throw Self.wrong("(body)", "a JSON object", body) }
        for section in object.keys.sorted() {
            let value = object[section]!
            if Self.keys.contains(where: { $0.key == section }) {
                try set(section, value)
                continue
            }
            guard Self.sectionNames.contains(section) else { throw Refusal(key: section, problem: .notSettable) }
            guard let fields = value as? [String: Any] else { throw Self.wrong(section, "an object", value) }
            for field in fields.keys.sorted() { try set("\(section).\(field)", fields[field]!) }
        }
    }

    /// Reads a scenario's `emulator.policy` object (`{"mfa.required": true}`), checked against `tenant`: the
    /// attributes and clients it names must be the tenant's.
    /// - Throws: ``Refusal`` at the first key that is not settable, has a value it does not take, or names what
    ///   `tenant` does not have.
    public init(dottedKeys object: [String: Any], tenant: TenantPolicy) throws(Refusal) {
        for key in object.keys.sorted() {
            if let field = Self.clientAliases[key] {
                try set("clients", [["clientId": tenant.scenarioClient.clientID, field: object[key]!]], shownAs: key)
            } else {
                try set(key, object[key]!)
            }
        }
        var copy = tenant
        try apply(to: &copy)
    }

    /// The `PATCH /emulator/v1/tenant` body of this patch (the policy file's nested shape).
    public var body: [String: Any] {
        var body: [String: [String: Any]] = [:]
        for knob in PolicyKnob.all { if let setting = knobs[knob.key] { body[knob.section, default: [:]][knob.field] = setting.json } }
        if !attributes.isEmpty {
            body["signUp", default: [:]]["attributes"] = attributes.map { change -> [String: Any] in
                var item: [String: Any] = ["name": change.name]
                if let required = change.required { item["required"] = required }
                return item
            }
        }
        var result: [String: Any] = body
        if !clients.isEmpty {
            result["clients"] = clients.map { change -> [String: Any] in
                var item: [String: Any] = ["clientId": change.clientID]
                if let nativeAuth = change.nativeAuth { item["nativeAuth"] = nativeAuth }
                if let types = change.challengeTypes { item["challengeTypes"] = types.map(\.wireValue) }
                return item
            }
        }
        return result
    }

    /// Sets the patch's fields on `policy`.
    /// - Throws: ``Refusal`` when an attribute or client it names is not the policy's (`policy` is then unchanged).
    public func apply(to policy: inout TenantPolicy) throws(Refusal) {
        var changed = policy
        for knob in PolicyKnob.all { if let setting = knobs[knob.key] { knob.apply(&changed, setting) } }
        for (index, change) in attributes.enumerated() {
            guard let position = changed.signUp.attributes.firstIndex(where: { $0.name == change.name }) else {
                throw Refusal(key: "signUp.attributes[\(index)].name", problem: .unknownName("one of the policy's attributes"))
            }
            if let required = change.required { changed.signUp.attributes[position].required = required }
        }
        for (index, change) in clients.enumerated() {
            guard let position = changed.clients.firstIndex(where: { $0.clientID.lowercased() == change.clientID.lowercased() }) else {
                throw Refusal(key: "clients[\(index)].clientId", problem: .unknownName("one of the policy's clients"))
            }
            if let nativeAuth = change.nativeAuth { changed.clients[position].nativeAuth = nativeAuth }
            if let types = change.challengeTypes { changed.clients[position].challengeTypes = types }
        }
        policy = changed
    }

    // MARK: Reading one key

    /// Sets the field of `key` (a ``keys`` entry) from its JSON `value`; refusals name `shownAs` (the key as written).
    private mutating func set(_ key: String, _ value: Any, shownAs: String? = nil) throws(Refusal) {
        let shown = shownAs ?? key
        guard let allowed = Self.keys.first(where: { $0.key == key })?.allowed else { throw Refusal(key: shown, problem: .notSettable) }
        let wrong = Self.wrong(shown, allowed, value)
        if let knob = PolicyKnob.all.first(where: { $0.patchable && $0.key == key }) {
            guard let setting = knob.accepts(value) else { throw wrong }
            knobs[key] = setting
            return
        }
        guard let items = value as? [Any] else { throw wrong }
        if key == "signUp.attributes" {
            for (index, item) in items.enumerated() {
                let path = "\(shown)[\(index)]"
                let fields = try Self.fields(item, path: path, allowed: ["name", "required"], wrong)
                guard let name = fields["name"] as? String else { throw Self.wrong("\(path).name", "an attribute's name", fields["name"]) }
                let required = try fields["required"].map { value throws(Refusal) in
                    try Self.bool(value, Self.wrong("\(path).required", Self.boolean, value))
                }
                attributes.append(AttributeChange(name: name, required: required))
            }
            return
        }
        // `clients`, the one key left in ``keys``
        for (index, item) in items.enumerated() {
            // An alias names its own key; a `clients` entry its path.
            let path = shownAs ?? "\(key)[\(index)]"
            let fields = try Self.fields(item, path: path, allowed: ["clientId", "nativeAuth", "challengeTypes"], wrong)
            guard let clientID = fields["clientId"] as? String else {
                throw Self.wrong("\(path).clientId", "a client's id", fields["clientId"])
            }
            var change = ClientChange(clientID: clientID)
            if let nativeAuth = fields["nativeAuth"] {
                change.nativeAuth = try Self.bool(nativeAuth, Self.wrong(shownAs ?? "\(path).nativeAuth", Self.boolean, nativeAuth))
            }
            if let types = fields["challengeTypes"] {
                guard let names = types as? [String], !names.isEmpty, names.allSatisfy(["oob", "password", "redirect"].contains) else {
                    throw Self.wrong(shownAs ?? "\(path).challengeTypes", Self.challengeTypes, types)
                }
                change.challengeTypes = names.map(ChallengeType.init(wireValue:))
            }
            clients.append(change)
        }
    }

    /// `key` holds `found` where `allowed` was expected.
    private static func wrong(_ key: String, _ allowed: String, _ found: Any?) -> Refusal {
        Refusal(key: key, problem: .expected(allowed, found: JSONObjectReader.describe(found)))
    }

    private static func bool(_ value: Any, _ wrong: Refusal) throws(Refusal) -> Bool {
        guard let number = value as? NSNumber, JSONObjectReader.isBoolean(number) else { throw wrong }
        return number.boolValue
    }

    /// `item` as an object with only `allowed` keys.
    private static func fields(_ item: Any, path: String, allowed: Set<String>, _ wrong: Refusal) throws(Refusal) -> [String: Any] {
        guard let fields = item as? [String: Any] else { throw wrong }
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw Refusal(key: "\(path).\(unknown)", problem: .expected("one of the keys \(allowed.sorted().joined(separator: ", "))",
                                                                           found: "\"\(unknown)\""))
        }
        return fields
    }
}

extension TenantPolicy {
    /// The client a scenario's `client.*` keys change: the first public client with native authentication on, else
    /// the first client.
    var scenarioClient: Client {
        clients.first { $0.nativeAuth && $0.publicClient } ?? clients[0]
    }
}
