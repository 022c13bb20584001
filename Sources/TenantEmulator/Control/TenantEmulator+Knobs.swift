import Foundation

/// Control routes an operator uses while the tenant runs: policy knobs and removing one user.
extension TenantEmulator {
    /// `PATCH /emulator/v1/tenant` with a subset of the `GET` shape:
    /// `{"mfa": {"required": B, "registrationRequired": B}, "passwordReset": {"enabled": B},
    ///   "signUp": {"method": "emailPassword"|"emailOtp", "attributes": [{"name": S, "required": B}]}}`.
    /// Flows already started keep the answers they had; the next request sees the new policy.
    /// - Returns: 200 with the whole `GET tenant` summary; 400 naming the first bad field (nothing is changed then).
    func changeKnobs(_ body: Data) -> EmulatorResponse {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            return Self.controlError(400, "body must be a JSON object in the shape of GET /emulator/v1/tenant")
        }
        var changed = policy
        do {
            try Self.apply(object, to: &changed)
        } catch let error as KnobError {
            return Self.controlError(400, error.message)
        } catch {
            return Self.controlError(400, "\(error)")
        }
        updatePolicy { $0 = changed }
        return .json(200, object: tenantSummary)
    }

    /// `DELETE /emulator/v1/users/{email}`: 200 `{"deleted": email}`, 404 when no such user.
    func deleteUser(_ email: String) -> EmulatorResponse {
        do {
            guard let user = try store.user(email: email) else { return Self.controlError(404, "no user \(email)") }
            try store.deleteUser(id: user.id)
            return .json(200, object: ["deleted": user.email])
        } catch {
            return Self.controlError(500, "cannot change the user store: \(error)")
        }
    }

    private struct KnobError: Error {
        let message: String
    }

    private static func apply(_ object: [String: Any], to policy: inout TenantPolicy) throws {
        func flag(_ section: [String: Any], _ key: String, _ path: String) throws -> Bool? {
            guard let value = section[key] else { return nil }
            guard let number = value as? NSNumber, PolicyReader.isBoolean(number) else {
                throw KnobError(message: "\(path).\(key) must be true or false")
            }
            return number.boolValue
        }
        func section(_ key: String) throws -> [String: Any] {
            guard let value = object[key] else { return [:] }
            guard let section = value as? [String: Any] else { throw KnobError(message: "\(key) must be an object") }
            return section
        }
        let known: Set = ["mfa", "passwordReset", "signUp"]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw KnobError(message: "\(unknown) cannot be changed; use mfa, passwordReset or signUp")
        }
        let mfa = try section("mfa")
        if let required = try flag(mfa, "required", "mfa") { policy.mfa.required = required }
        if let registration = try flag(mfa, "registrationRequired", "mfa") { policy.mfa.registrationRequired = registration }
        if let enabled = try flag(try section("passwordReset"), "enabled", "passwordReset") { policy.passwordReset.enabled = enabled }
        let signUp = try section("signUp")
        if let method = signUp["method"] {
            guard let text = method as? String, let value = TenantPolicy.SignUpMethod(rawValue: text) else {
                throw KnobError(message: "signUp.method must be emailPassword or emailOtp")
            }
            policy.signUp.method = value
        }
        guard let attributes = signUp["attributes"] else { return }
        guard let items = attributes as? [[String: Any]] else {
            throw KnobError(message: "signUp.attributes must be an array of {\"name\", \"required\"}")
        }
        for (index, item) in items.enumerated() {
            let path = "signUp.attributes[\(index)]"
            guard let name = item["name"] as? String,
                  let position = policy.signUp.attributes.firstIndex(where: { $0.name == name }) else {
                throw KnobError(message: "\(path).name must name one of the policy's attributes")
            }
            if let required = try flag(item, "required", path) { policy.signUp.attributes[position].required = required }
        }
    }
}
