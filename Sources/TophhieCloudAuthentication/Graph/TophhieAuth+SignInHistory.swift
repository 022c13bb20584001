import Foundation

extension TophhieAuth {
    /// The first page of a user's sign-ins, newest first: `GET {graph}/auditLogs/signIns?$filter=userId eq
    /// '…'&$top=N` (`userPrincipalName eq '…'` for a UPN; the value OData-quoted, the filter
    /// percent-encoded; no `$orderby`), with an `AuditLog.Read.All` token of `account`, an operator: a
    /// customer can never read sign-in logs.
    ///
    /// A page shorter than `top` that still has a next link (Graph sends such pages) is followed until
    /// `top` rows are read, at most 10 pages per call.
    /// - Parameters:
    ///   - user: whose sign-ins.
    ///   - top: rows per page, 1…1000 (clamped); 50 by default.
    ///   - account: the operator's account; `currentAccount` by default.
    ///   - onWait: told the seconds of each 429/503 wait before it starts, for a visible countdown.
    /// - Returns: the rows and `@odata.nextLink` (nil on the last page).
    /// - Throws: `GraphError`: `.notPremium` (403 licence gate: tenant licence, `AuditLog.Read.All`, a
    ///   reports role; never retried), `.missingPermission`, `.throttled` (after 3 retries, with the rows
    ///   read and the link to resume), `.pageLinkRefused` (a 400 to a following page's link, with the rows
    ///   read), `.auth`, `.unauthorized`, `.badRequest`, `.server`,
    ///   `.networkFailure`, `.unexpectedResponse` (a 2xx without a `value` array).
    /// Source: docs/protocol.md §I6.1–§I6.3, trap T16; field case 022 (docs/field-cases.md).
    public func signInHistory(for user: SignInHistoryUser, top: Int = 50, account: TophhieAccount? = nil,
                              onWait: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> SignInPage {
        let call = try graphCall(scopes: TophhieConfiguration.signInHistoryScopes, account: account, onWait: onWait)
        let rows = min(max(top, 1), 1000)
        let url = try graphURL("/auditLogs/signIns?$filter=\(Self.percentEncoded(user.filter))&$top=\(rows)", session: call.session)
        return try await readSignIns(from: url, wanted: rows, call: call, firstIsPageLink: false)
    }

    /// The sign-in log entries of one request: `GET {graph}/auditLogs/signIns?$filter=correlationId eq '…'`
    /// with an `AuditLog.Read.All` token of `account` (an operator). Empty when the log has no such row yet: it
    /// lags the sign-in by minutes (docs/protocol.md §I6.4).
    /// - Parameter correlationID: the id the service returned (`correlation_id`, "Correlation ID:" in AADSTS text).
    /// - Throws: as ``signInHistory(for:top:account:onWait:)``.
    public func signIns(correlationID: String, account: TophhieAccount? = nil,
                        onWait: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> [SignInRecord] {
        let call = try graphCall(scopes: TophhieConfiguration.signInHistoryScopes, account: account, onWait: onWait)
        let filter = "correlationId eq '\(correlationID.replacingOccurrences(of: "'", with: "''"))'"
        let url = try graphURL("/auditLogs/signIns?$filter=\(Self.percentEncoded(filter))&$top=10", session: call.session)
        return try await readSignIns(from: url, wanted: 10, call: call, firstIsPageLink: false).rows
    }

    /// The page after `page`: `GET page.nextLink` exactly as Graph sent it (never rebuilt), with the same
    /// token rules, waits and errors as `signInHistory`. The link must point at the configured Graph host
    /// (the token is sent nowhere else).
    /// - Returns: the next rows and link; an empty last page when `page.nextLink` is nil.
    /// - Throws: as `signInHistory`; `.pageLinkRefused` for a 400 to the link (never retried);
    ///   `.unexpectedResponse` for a next link to another host.
    /// Source: docs/protocol.md §I6.1 (follow `@odata.nextLink` verbatim), trap T16; field case 022 (docs/field-cases.md) (b), (c), 033.
    public func nextSignInPage(after page: SignInPage, account: TophhieAccount? = nil,
                               onWait: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> SignInPage {
        guard let link = page.nextLink else { return SignInPage(rows: [], nextLink: nil) }
        let call = try graphCall(scopes: TophhieConfiguration.signInHistoryScopes, account: account, onWait: onWait)
        let wanted = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "$top" }?.value.flatMap { Int($0) }
        return try await readSignIns(from: link, wanted: wanted, call: call, firstIsPageLink: true)
    }

    /// Reads the page at `first` and, while fewer than `wanted` rows came, the pages its links name. A 400 to
    /// a page link keeps the rows read (`.pageLinkRefused`).
    private func readSignIns(from first: URL, wanted: Int?, call: GraphCall, firstIsPageLink: Bool) async throws -> SignInPage {
        var rows: [SignInRecord] = []
        var link = first
        for pageNumber in 1... {
            try Self.checkSameHost(link, as: call.session.configuration.graphEndpoint)
            let answer: InteractiveClient.Answer
            do {
                answer = try await call.send("GET", link, resumeLink: link)
            } catch let GraphError.throttled(retryAfter, _, resume, details) {
                throw GraphError.throttled(retryAfter: retryAfter, rowsRead: rows, nextLink: resume, details)
            } catch let GraphError.badRequest(details) where firstIsPageLink || pageNumber > 1 {
                throw GraphError.pageLinkRefused(rowsRead: rows, nextLink: link, details)
            }
            let page = try Self.signInPage(answer)
            rows += page.rows
            guard let next = page.nextLink, let wanted, rows.count < wanted, pageNumber < 10, next != link else {
                return SignInPage(rows: rows, nextLink: page.nextLink)
            }
            link = next
        }
        return SignInPage(rows: rows, nextLink: nil)
    }

    /// `{"value": [signIn…], "@odata.nextLink": "…"}`; unknown members ignored.
    /// - Throws: `GraphError.unexpectedResponse` when the body is not JSON or has no `value` array.
    static func signInPage(_ answer: InteractiveClient.Answer) throws -> SignInPage {
        guard let object = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any], let value = object["value"] as? [Any] else {
            throw GraphError.unexpectedResponse("HTTP \(answer.status): the sign-in list is not a JSON object with a value array.")
        }
        return SignInPage(rows: value.compactMap { $0 as? [String: Any] }.map(SignInRecord.init(json:)),
                          nextLink: (object["@odata.nextLink"] as? String).flatMap { URL(string: $0) })
    }

    /// Refuses a link whose scheme, host or port differ from the Graph endpoint's.
    static func checkSameHost(_ link: URL, as graph: URL) throws {
        guard link.scheme?.lowercased() == graph.scheme?.lowercased(), link.host?.lowercased() == graph.host?.lowercased(),
              link.port == graph.port else {
            throw GraphError.unexpectedResponse("The next link points to \(link.host ?? "another host"), not to Microsoft Graph; it was not followed.")
        }
    }

    /// `text` percent-encoded for a query value: everything but ASCII letters, digits and `-._~`.
    static func percentEncoded(_ text: String) -> String {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
