import Foundation
import TenantConfiguration

/// The Graph calls of one snapshot: a token per scope, pages followed on the same host, refusals turned into parts.
struct SnapshotReader: Sendable {
    let auth: TophhieAuth
    let account: TophhieAccount?
    let onWait: @Sendable (Int) -> Void

    /// Pages a snapshot follows at most per read; a longer collection is a part not read, never a cut one.
    static let maxPages = 50

    /// Runs `read`; a refusal (400, 403, 404, consent missing) becomes `.notRead(why)`; a malformed answer, and any
    /// other failure but a needed sign-in (a 5xx, a lost connection), an error naming the read.
    func part<Value>(_ read: GraphConfigurationRead, _ body: () async throws -> Value) async throws -> SnapshotPart<Value> {
        do {
            return .read(try await body())
        } catch is TooManyPages {
            return .notRead("more than \(Self.maxPages) pages; a part read in half would look like a change")
        } catch let error as GraphShapeError {
            throw GraphError.unexpectedResponse("\(read.title) (GET /\(read.version)\(read.path)): \(error.reason).")
        } catch let error as GraphError {
            switch error {
            // Only the status and code go into the reason: Graph's message carries ids and times that change per read.
            case .missingPermission(let details), .notPremium(let details):
                return .notRead("HTTP 403 \(details.code ?? "Forbidden"): the operator lacks \(read.scope) or a directory role for it")
            case .badRequest(let details), .notFound(let details):
                return .notRead("HTTP \(details.status ?? 400)\(details.code.map { " \($0)" } ?? ""): Graph \(read.version) refused the request")
            case .auth(.consentRequired):
                return .notRead("the operator has not consented to \(read.scope)")
            case .auth:
                throw error
            case .unauthorized, .clockSkew, .notSelfWritable, .throttled, .pageLinkRefused, .server, .networkFailure,
                 .unexpectedResponse:
                throw TenantSnapshotReadError(read: read, error: error)
            }
        }
    }

    /// Every item of a collection read, its next links followed (same host as the Graph endpoint).
    func pages<Item>(_ read: GraphConfigurationRead, path: String? = nil,
                     _ parse: (Data) throws(GraphShapeError) -> GraphPage<Item>) async throws -> [Item] {
        let call = try auth.graphCall(scopes: [read.scope], account: account, onWait: onWait)
        var link = try url(read, path: path, session: call.session)
        var items: [Item] = []
        for _ in 1...Self.maxPages {
            let answer = try await call.send("GET", link, resumeLink: link)
            let page = try parse(answer.body)
            items += page.items
            guard let next = page.nextLink.flatMap({ URL(string: $0) }), next != link else { return items }
            try TophhieAuth.checkSameHost(next, as: call.session.configuration.graphEndpoint)
            link = next
        }
        throw TooManyPages()
    }

    /// A collection still had a next link after ``maxPages`` pages.
    private struct TooManyPages: Error {}

    /// One object read.
    func object<Value>(_ read: GraphConfigurationRead, _ parse: (Data) throws(GraphShapeError) -> Value) async throws -> Value {
        let call = try auth.graphCall(scopes: [read.scope], account: account, onWait: onWait)
        let answer = try await call.send("GET", try url(read, path: nil, session: call.session))
        return try parse(answer.body)
    }

    /// The configured Graph base (`…/v1.0`), its version swapped for `beta` when the read needs it.
    private func url(_ read: GraphConfigurationRead, path: String?, session: InteractiveSession) throws -> URL {
        let pathAndQuery = (path ?? read.path) + (read.query.map { "?\($0)" } ?? "")
        guard read.version == "beta" else { return try auth.graphURL(pathAndQuery, session: session) }
        var base = session.configuration.graphEndpoint.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard base.hasSuffix("/v1.0"), let url = URL(string: base.dropLast("v1.0".count) + "beta" + pathAndQuery) else {
            throw GraphError.badRequest(GraphErrorDetails(status: 400, code: "NoBetaEndpoint", message: "The Graph base \(base) does not end in /v1.0.",
                                                          requestID: nil, clientRequestID: nil, date: nil))
        }
        return url
    }
}
