import Foundation

/// Control routes an operator uses while the tenant runs: policy patches and removing one user.
extension TenantEmulator {
    /// `PATCH /emulator/v1/tenant` with a ``PolicyPatch`` in the policy file's shape, e.g.
    /// `{"mfa": {"required": true}, "signUp": {"attributes": [{"name": "city", "required": false}]}}`.
    /// Flows already started keep the answers they had; the next request sees the new policy.
    /// - Returns: 200 with the whole `GET tenant` summary; 400 naming the first bad key (nothing is changed then).
    func patchPolicy(_ body: Data) -> EmulatorResponse {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            return Self.controlError(400, "body must be a JSON object in the shape of GET /emulator/v1/tenant")
        }
        do {
            let patch = try PolicyPatch(body: object)
            var changed = policy
            try patch.apply(to: &changed)
            updatePolicy { $0 = changed }
        } catch {
            return Self.controlError(400, error.message)
        }
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
}
