import Foundation
import StrictJSON

/// One scalar setting of the policy file, declared once: the policy reader, ``PolicyPatch``,
/// `GET /emulator/v1/tenant`, the console's emulator panel and docs/emulator.md's key table (checked by a test)
/// all read ``all``. Arrays and objects (`clients[]`, `signUp.attributes[]`, `mfa.methods`, …) are read by hand.
public struct PolicyKnob: Sendable {
    /// The policy file's dotted key, e.g. `mfa.required`.
    public let key: String
    /// What the value is and which values it takes.
    public let kind: Kind
    /// docs/emulator.md's "Allowed" cell after the range ``kind`` gives (`4–10` + doc `" digits"`).
    public let doc: String
    /// Whether `PATCH /emulator/v1/tenant`, scenarios and the panel may change it while the tenant runs.
    public let patchable: Bool
    /// The policy property it is.
    public let path: PartialKeyPath<TenantPolicy> & Sendable
    /// The value in a policy; nil for a limit that is not set.
    public let value: @Sendable (TenantPolicy) -> Setting?
    /// Sets a setting (one ``accepts(_:)`` gave) on a policy; a limit's `0` lifts it.
    public let apply: @Sendable (inout TenantPolicy, Setting) -> Void

    /// The values a knob takes: `true` or `false`; a whole number in the range; the same or absent for no limit
    /// (a patch's `0` lifts it); one of the words.
    public enum Kind: Sendable, Equatable {
        case bool, int(ClosedRange<Int>), limit(ClosedRange<Int>), choice([String])
    }

    /// One knob's value, as JSON carries it.
    public enum Setting: Sendable, Equatable {
        case bool(Bool), number(Int), word(String)

        /// The JSON value.
        public var json: Any {
            switch self {
            case .bool(let flag): flag
            case .number(let number): number
            case .word(let word): word
            }
        }
    }

    /// The section (`mfa`) and the field (`required`) of ``key``.
    public var section: String { String(key.split(separator: ".")[0]) }
    /// The field of ``key`` inside its section.
    public var field: String { String(key.split(separator: ".")[1]) }

    /// Every scalar setting of the policy file, by section; each section declares its rows beside its fields, so a new
    /// setting is one field and one row in one place.
    public static let all: [PolicyKnob] = {
        typealias Policy = TenantPolicy
        return Policy.SignUp.knobs + Policy.PasswordRules.knobs + Policy.MFA.knobs + Policy.OTP.knobs + Policy.Tokens.knobs
            + Policy.PasswordReset.knobs + Policy.DeviceCode.knobs + Policy.Graph.knobs
    }()

    // MARK: Declaring

    static func bool(_ key: String, _ path: WritableKeyPath<TenantPolicy, Bool> & Sendable, patchable: Bool = false, _ doc: String) -> Self {
        Self(key: key, kind: .bool, doc: doc, patchable: patchable, path: path, value: { .bool($0[keyPath: path]) }) {
            if case .bool(let flag) = $1 { $0[keyPath: path] = flag }
        }
    }

    static func int(_ key: String, _ path: WritableKeyPath<TenantPolicy, Int> & Sendable, _ range: ClosedRange<Int>, patchable: Bool = false,
                    _ doc: String) -> Self {
        Self(key: key, kind: .int(range), doc: doc, patchable: patchable, path: path, value: { .number($0[keyPath: path]) }) {
            if case .number(let number) = $1 { $0[keyPath: path] = number }
        }
    }

    static func limit(_ key: String, _ path: WritableKeyPath<TenantPolicy, Int?> & Sendable, _ range: ClosedRange<Int>, patchable: Bool = false,
                      _ doc: String) -> Self {
        Self(key: key, kind: .limit(range), doc: doc, patchable: patchable, path: path, value: { $0[keyPath: path].map(Setting.number) }) {
            if case .number(let number) = $1 { $0[keyPath: path] = number == 0 ? nil : number }
        }
    }

    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(_ key: String, _ path: WritableKeyPath<TenantPolicy, Choice> & Sendable,
                                                                          patchable: Bool = false, _ doc: String) -> Self where Choice.RawValue == String {
        Self(key: key, kind: .choice(Choice.allCases.map(\.rawValue)), doc: doc, patchable: patchable, path: path, value: { .word($0[keyPath: path].rawValue) }) {
            if case .word(let word) = $1, let choice = Choice(rawValue: word) { $0[keyPath: path] = choice }
        }
    }

    // MARK: Reading

    /// Reads the knob's field of its section's object into `policy`; an absent field leaves the default.
    /// - Throws: `JSONFileError` naming the key and what it takes.
    func read(_ reader: JSONObjectReader, into policy: inout TenantPolicy) throws(JSONFileError) {
        let setting: Setting?
        switch kind {
        case .bool: setting = try reader.bool(field).map(Setting.bool)
        case .int(let range), .limit(let range): setting = try reader.int(field, in: range).map(Setting.number)
        case .choice(let words):
            let allowed = "one of " + words.map { "\"\($0)\"" }.joined(separator: ", ")
            guard let word = try reader.string(field, expected: allowed) else { return }
            guard words.contains(word) else { throw reader.wrong(field, expected: allowed) }
            setting = .word(word)
        }
        if let setting { apply(&policy, setting) }
    }

    /// What a patch may set, in the control API's words (`a whole number from 1 to 60`).
    public var allowed: String {
        switch kind {
        case .bool: "true or false"
        case .int(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .limit(let range): "a whole number from \(range.lowerBound) to \(range.upperBound), or 0 for no limit"
        case .choice(let words): words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
        }
    }

    /// The setting a patch's JSON `value` holds; nil when it is not one ``allowed`` names.
    public func accepts(_ value: Any) -> Setting? {
        let number = (value as? NSNumber).flatMap { JSONObjectReader.isBoolean($0) ? nil : Int(exactly: $0.doubleValue) }
        switch kind {
        case .bool: return (value as? NSNumber).flatMap { JSONObjectReader.isBoolean($0) ? .bool($0.boolValue) : nil }
        case .int(let range): return number.flatMap { range.contains($0) ? .number($0) : nil }
        case .limit(let range): return number.flatMap { $0 == 0 || range.contains($0) ? .number($0) : nil }
        case .choice(let words): return (value as? String).flatMap { words.contains($0) ? .word($0) : nil }
        }
    }
}
