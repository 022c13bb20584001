/// What differs between two snapshots, part by part, in the tenant's terms (``SnapshotDifference``).
extension TenantSnapshot {
    /// The differences from `self` (before) to `other` (after), in a stable order: flows, attributes, methods,
    /// applications, native authentication, MFA policies. Empty when the snapshots are equal.
    public func differences(to other: TenantSnapshot) -> [SnapshotDifference] {
        var found: [SnapshotDifference] = []
        compare("sign-up flows", signUpFlows, other.signUpFlows, into: &found) { before, after, found in
            Self.keyed(before, after, key: \.name, subject: { "sign-up flow '\($0)'" }, into: &found, compare: Self.compareFlows)
        }
        compare("user flow attributes", userFlowAttributes, other.userFlowAttributes, into: &found) { before, after, found in
            Self.keyed(before, after, key: \.id, subject: { "user flow attribute '\($0)'" }, into: &found) { a, b, subject, found in
                Self.field(subject, "display name", a.displayName, b.displayName, into: &found)
                Self.field(subject, "type", a.kind, b.kind, into: &found)
                Self.field(subject, "data type", a.dataType, b.dataType, into: &found)
                Self.field(subject, "description", a.description, b.description, into: &found)
            }
        }
        compare("email OTP method", emailOtp, other.emailOtp, into: &found) { a, b, found in
            Self.compareMethods("email OTP method", a, b, into: &found)
        }
        compare("SMS method", sms, other.sms, into: &found) { a, b, found in Self.compareMethods("SMS method", a, b, into: &found) }
        compare("applications", applications, other.applications, into: &found) { before, after, found in
            Self.keyed(before, after, key: \.appId, subject: Self.app, into: &found) { a, b, subject, found in
                if a.isFallbackPublicClient != b.isFallbackPublicClient {
                    found.append(SnapshotDifference(subject, b.isFallbackPublicClient ? "became a public client" : "no longer a public client"))
                }
                Self.members(subject, "redirect URI", a.redirectUris, b.redirectUris, into: &found)
            }
        }
        compare("native authentication", nativeAuthentication, other.nativeAuthentication, into: &found) { a, b, found in
            for appId in Set(a.keys).union(b.keys).sorted() where a[appId] != b[appId] {
                found.append(SnapshotDifference(Self.app(appId), "native authentication APIs \(b[appId] ?? "not listed")",
                                                before: a[appId], after: b[appId]))
            }
        }
        compare("MFA policies", mfaPolicies, other.mfaPolicies, into: &found) { before, after, found in
            Self.keyed(before, after, key: \.name, subject: { "conditional access policy '\($0)'" }, into: &found) { a, b, subject, found in
                Self.field(subject, "state", a.state, b.state, into: &found)
                Self.members(subject, "included application", a.includeApplications, b.includeApplications, into: &found)
                Self.members(subject, "excluded application", a.excludeApplications, b.excludeApplications, into: &found)
                Self.members(subject, "included user", a.includeUsers, b.includeUsers, into: &found)
                Self.members(subject, "excluded user", a.excludeUsers, b.excludeUsers, into: &found)
            }
        }
        return found
    }

    /// `app 8c3e2b91…`: enough of the id to tell apps apart in a line.
    static func app(_ appId: String) -> String { appId.count > 8 ? "app \(appId.prefix(8))…" : "app \(appId)" }

    private func compare<Value>(_ part: String, _ a: SnapshotPart<Value>, _ b: SnapshotPart<Value>, into found: inout [SnapshotDifference],
                                values: (Value, Value, inout [SnapshotDifference]) -> Void) {
        switch (a, b) {
        case (.read(let before), .read(let after)): values(before, after, &found)
        case (.notRead, .notRead): break
        case (.read, .notRead(let why)): found.append(SnapshotDifference(part, "not read in the second snapshot (\(why))"))
        case (.notRead(let why), .read): found.append(SnapshotDifference(part, "not read in the first snapshot (\(why))"))
        }
    }

    private static func keyed<Item>(_ before: [Item], _ after: [Item], key: (Item) -> String, subject: (String) -> String,
                                    into found: inout [SnapshotDifference],
                                    compare: (Item, Item, String, inout [SnapshotDifference]) -> Void) {
        let old = Dictionary(before.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(after.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        for name in Set(old.keys).union(new.keys).sorted() {
            switch (old[name], new[name]) {
            case (let a?, let b?): compare(a, b, subject(name), &found)
            case (nil, _?): found.append(SnapshotDifference(subject(name), "added"))
            case (_?, nil): found.append(SnapshotDifference(subject(name), "removed"))
            case (nil, nil): break
            }
        }
    }

    private static func compareFlows(_ a: SignUpFlow, _ b: SignUpFlow, subject: String, into found: inout [SnapshotDifference]) {
        field(subject, "description", a.description, b.description, into: &found)
        if a.signUpAllowed != b.signUpAllowed {
            found.append(SnapshotDifference(subject, b.signUpAllowed ? "sign-up allowed" : "sign-up no longer allowed"))
        }
        members(subject, "identity provider", a.identityProviders, b.identityProviders, into: &found)
        switch (a.applications, b.applications) {
        case (.read(let x), .read(let y)):
            for appId in Set(y).subtracting(x).sorted() { found.append(SnapshotDifference(subject, "now serves \(app(appId))")) }
            for appId in Set(x).subtracting(y).sorted() { found.append(SnapshotDifference(subject, "no longer serves \(app(appId))")) }
        case (.read, .notRead(let why)): found.append(SnapshotDifference(subject, "applications not read in the second snapshot (\(why))"))
        case (.notRead(let why), .read): found.append(SnapshotDifference(subject, "applications not read in the first snapshot (\(why))"))
        case (.notRead, .notRead): break
        }
        let old = Dictionary(a.attributes.map { ($0.attribute, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(b.attributes.map { ($0.attribute, $0) }, uniquingKeysWith: { first, _ in first })
        for name in Set(old.keys).union(new.keys).sorted() {
            switch (old[name], new[name]) {
            case (let x?, let y?): compareAttributes(x, y, subject: subject, into: &found)
            case (nil, let y?): found.append(SnapshotDifference(subject, "\(name) collected\(y.required ? " (required)" : "")"))
            case (_?, nil): found.append(SnapshotDifference(subject, "\(name) no longer collected"))
            case (nil, nil): break
            }
        }
        // The page's order is the form's: one line for a new order of the attributes both collect, however many
        // moved (an attribute added or removed shifts the others' positions without reordering them).
        let kept = Set(old.keys).intersection(new.keys)
        let before = a.attributes.map(\.attribute).filter(kept.contains).joined(separator: ", ")
        let after = b.attributes.map(\.attribute).filter(kept.contains).joined(separator: ", ")
        if before != after { found.append(SnapshotDifference(subject, "attribute order changed to \(after) (was \(before))", before: before, after: after)) }
    }

    private static func compareAttributes(_ a: CollectedAttribute, _ b: CollectedAttribute, subject: String,
                                          into found: inout [SnapshotDifference]) {
        let name = a.attribute
        if a.required != b.required { found.append(SnapshotDifference(subject, "\(name) became \(b.required ? "required" : "optional")")) }
        field(subject, "\(name) label", a.label, b.label, into: &found)
        field(subject, "\(name) input type", a.inputType, b.inputType, into: &found)
        field(subject, "\(name) validation", a.validationRegEx, b.validationRegEx, into: &found)
        field(subject, "\(name) default value", a.defaultValue, b.defaultValue, into: &found)
        if a.hidden != b.hidden { found.append(SnapshotDifference(subject, "\(name) \(b.hidden ? "became hidden" : "no longer hidden")")) }
        if a.editable != b.editable { found.append(SnapshotDifference(subject, "\(name) \(b.editable ? "became editable" : "no longer editable")")) }
        members(subject, "\(name) option", a.options.map(\.value), b.options.map(\.value), into: &found)
        let labels = Dictionary(b.options.map { ($0.value, $0.label) }, uniquingKeysWith: { first, _ in first })
        for option in a.options {
            if let label = labels[option.value], label != option.label {
                field(subject, "\(name) option \(option.value) label", option.label, label, into: &found)
            }
        }
    }

    private static func compareMethods(_ subject: String, _ a: MethodSetting, _ b: MethodSetting, into found: inout [SnapshotDifference]) {
        if a.state != b.state { found.append(SnapshotDifference(subject, b.state, before: a.state, after: b.state)) }
        field(subject, "external ID use of email OTP", a.allowExternalIdToUseEmailOtp, b.allowExternalIdToUseEmailOtp, into: &found)
        members(subject, "target", a.includeTargets, b.includeTargets, into: &found)
    }

    /// `label changed from "a" to "b"` (or `set to` / `cleared`) when the values differ.
    private static func field(_ subject: String, _ name: String, _ a: String?, _ b: String?, into found: inout [SnapshotDifference]) {
        guard a != b else { return }
        let change = switch (a, b) {
        case (let x?, let y?): "\(name) changed from \"\(x)\" to \"\(y)\""
        case (nil, let y?): "\(name) set to \"\(y)\""
        case (_, nil): "\(name) cleared"
        }
        found.append(SnapshotDifference(subject, change, before: a, after: b))
    }

    /// `NAME added: x` / `NAME removed: y` for each member in one list only.
    private static func members(_ subject: String, _ name: String, _ a: [String], _ b: [String], into found: inout [SnapshotDifference]) {
        for added in b.filter({ !a.contains($0) }) { found.append(SnapshotDifference(subject, "\(name) added: \(added)", after: added)) }
        for removed in a.filter({ !b.contains($0) }) { found.append(SnapshotDifference(subject, "\(name) removed: \(removed)", before: removed)) }
    }
}
