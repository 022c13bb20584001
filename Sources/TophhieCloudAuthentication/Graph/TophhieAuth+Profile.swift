import Foundation

extension TophhieAuth {
    /// The signed-in user's profile: `GET {graph}/me?$select=<every ProfileProperty>` (comma-separated, no
    /// spaces; Graph's default set lacks the address fields, `otherMails`, `identities`, `createdDateTime`),
    /// with a `User.Read` token.
    /// - Parameter account: whose token; `currentAccount` by default.
    /// - Returns: every property as `.set`, `.notSet` (`null`) or `.notAvailable` (absent).
    /// - Throws: `GraphError`: `.auth` (no token without interaction), `.unauthorized` (401 after one
    ///   refresh and retry), `.missingPermission`, `.badRequest` (unknown `$select` name), `.notFound`,
    ///   `.throttled` (429/503 after 3 retries), `.server`, `.networkFailure`, `.unexpectedResponse` (a 2xx
    ///   that is not a JSON object).
    /// Source: docs/protocol.md §I5.1, §I5.3, trap T14; field case 021 (docs/field-cases.md).
    public func profile(account: TophhieAccount? = nil) async throws -> TophhieCloudUserProfile {
        let call = try graphCall(scopes: TophhieConfiguration.defaultScopes, account: account)
        let url = try graphURL("/me?$select=" + ProfileProperty.selectList, session: call.session)
        let answer = try await call.send("GET", url)
        do {
            return try TophhieCloudUserProfile(json: answer.body)
        } catch {
            throw GraphError.unexpectedResponse("HTTP \(answer.status): the profile answer is not a JSON object.")
        }
    }

    /// Changes the signed-in user's own properties: `PATCH {graph}/me` with a JSON body of only `changes`
    /// (`nil` clears: JSON `null`), with a `User.ReadWrite` token asked for on its own (incremental
    /// consent). 204 (any 2xx) means done. Empty `changes` sends nothing.
    ///
    /// Shape: `["displayName": "Contoso Lee", "city": nil]` → `{"city":null,"displayName":"Contoso Lee"}`.
    /// - Parameter account: whose token; `currentAccount` by default.
    /// - Throws: `GraphError.notSelfWritable` before sending anything when a key is not one of the ten
    ///   self-writable properties; `.missingPermission` (403: keep the edit, do not retry), `.badRequest`
    ///   (read-only, `displayName` cleared), `.auth` (e.g. `.consentRequired` for `User.ReadWrite`),
    ///   `.unauthorized`, `.throttled`, `.server`, `.networkFailure`.
    /// Source: docs/protocol.md §I5.2–§I5.3, trap T15; field case 021 (docs/field-cases.md).
    public func updateProfile(_ changes: [ProfileProperty: String?], account: TophhieAccount? = nil) async throws {
        let refused = ProfileProperty.allCases.filter { changes.keys.contains($0) && !$0.isSelfWritable }
        guard refused.isEmpty else { throw GraphError.notSelfWritable(refused) }
        guard !changes.isEmpty else { return }
        var object: [String: Any] = [:]
        for (property, value) in changes {
            if let value { object[property.rawValue] = value } else { object[property.rawValue] = NSNull() }
        }
        let body: Data
        do {
            body = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        } catch {
            throw GraphError.unexpectedResponse("The changes could not be written as JSON.")
        }
        let call = try graphCall(scopes: ["User.ReadWrite"], account: account)
        _ = try await call.send("PATCH", try graphURL("/me", session: call.session), body: body)
    }

    // MARK: - Shared by the Graph extensions

    /// A Graph call on the configuration in force.
    /// - Throws: `GraphError.auth(.notConfigured)`.
    func graphCall(scopes: [String], account: TophhieAccount?, onWait: @escaping @Sendable (Int) -> Void = { _ in }) throws -> GraphCall {
        do {
            return GraphCall(auth: self, session: try makeSession(), scopes: scopes, account: account, onWait: onWait)
        } catch let error as AuthError {
            throw GraphError.auth(error)
        }
    }

    /// The configured Graph endpoint (without a trailing `/`) followed by `pathAndQuery`, taken verbatim.
    /// - Throws: `GraphError.auth(.invalidConfiguration)` when that is no URL.
    func graphURL(_ pathAndQuery: String, session: InteractiveSession) throws -> URL {
        var base = session.configuration.graphEndpoint.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + pathAndQuery) else {
            throw GraphError.auth(.invalidConfiguration("The Graph endpoint \(base) does not make a URL with \(pathAndQuery)."))
        }
        return url
    }
}
