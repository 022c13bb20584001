import Foundation
import NativeAuthWire
import Synchronization

/// The emulated tenant: the native authentication API (V1), the interactive stack (device code, authorize +
/// PKCE, logout, HTML sign-in pages), a Microsoft Graph subset under `/v1.0/` (`Graph/`) and the control API,
/// request in, response out.
///
/// No sockets and no sleeping: `handle(_:)` answers one `EmulatorRequest`. `EmulatorServer` puts it on a
/// loopback port; tests can call it directly. Thread-safe: protocol work runs one request at a time under a
/// lock; RS256 signing of token answers happens after the lock is released, password hashing with it released.
/// Source: docs/protocol.md (all sections); docs/protocol.md §I3.2, §I4, §I7; issue 3.
///
/// ```swift
/// let emulator = try TenantEmulator(policy: try TenantPreset.load("email-otp"))
/// emulator.outbox.observe { message in print(message.maskedTarget, message.purpose) }
/// let response = emulator.handle(EmulatorRequest(method: "POST", path: "/\(emulator.policy.tenant.id)/signup/v1.0/start", body: form))
/// ```
public final class TenantEmulator: @unchecked Sendable {
    // @unchecked: every mutable part (store, flows) is only touched while `lock` is held; outbox, clock and
    // faults are thread-safe on their own.
    let lock = AdaptiveLock()
    /// The tenant policy in force (``updatePolicy(_:)`` changes it between requests).
    public var policy: TenantPolicy { policyState.withLock { $0 } }
    /// One part of the policy, read under its lock without copying the rest: `policy` copies (and retains) every
    /// field, and a light request read the policy a dozen times.
    func policyPart<Part: Sendable>(_ part: KeyPath<TenantPolicy, Part> & Sendable) -> Part { policyState.withLock { $0[keyPath: part] } }
    /// The registered client with this id (``TenantPolicy/client(_:)``), without copying the rest of the policy.
    func registeredClient(_ id: String) -> TenantPolicy.Client? { policyState.withLock { $0.client(id) } }
    private let policyState: Mutex<TenantPolicy>
    /// Codes "sent" by the tenant.
    public let outbox: Outbox
    /// Virtual time (advance it to expire codes and tokens).
    public let clock: VirtualClock
    let faults = FaultQueue()
    let store: UserStore
    let flows = FlowStore()
    let interactive = InteractiveStore()
    let codesPerAddress = AddressCodeLimit()
    let hasher: PasswordHasher
    let issuer: TokenIssuer
    let errors = ErrorFactory()
    /// Attribute patterns compiled once (the policy validated that they compile).
    let attributePatterns: [String: NSRegularExpression]
    /// Used when a request has no `Host` header (in-process calls).
    public var defaultOrigin: String {
        get { lock.lock(); defer { lock.unlock() }; return origin }
        set { lock.lock(); origin = newValue; lock.unlock() }
    }
    private var origin = "http://127.0.0.1"
    /// The correlation id of the tenant request being handled (set under `lock` around its handling), so each
    /// sign-in log row carries the id its client was given.
    var requestCorrelationID: String?
    /// Configuration reads answered so far: the seed of each noisy answer (`graph.noisyConfiguration`), so no two
    /// reads in a row come in the same order.
    let configurationReads = Atomic<UInt64>(0)

    /// Failures at start: an unreadable data file, or a seed user the store refuses.
    public struct StartFailure: Error, CustomStringConvertible {
        /// What failed, e.g. `cannot open the emulator's store: …`.
        public let description: String
    }

    /// Creates the tenant.
    /// - Parameters:
    ///   - policy: the tenant policy (see `TenantPreset`, `TenantPolicy.load(from:)`).
    ///   - dataFile: a SQLite file that keeps users, refresh tokens and the signing key across restarts
    ///     (WAL); `nil` keeps everything in memory.
    ///   - hasher: password hashing cost; set `PasswordHasher(iterations:)` low in tests and benchmarks.
    ///   - clock: the virtual clock.
    ///   - signingKey: the token-signing key of a tenant whose `dataFile` holds none yet; `nil` generates an
    ///     RSA-2048 key, as Entra signs. A key already in `dataFile` is kept whatever is passed here.
    ///   - retention: how many outbox messages and sign-in log rows are kept (10 000 each).
    /// - Throws: `StartFailure`.
    public init(policy: TenantPolicy, dataFile: String? = nil, hasher: PasswordHasher = PasswordHasher(),
                clock: VirtualClock = VirtualClock(), signingKey: TokenSigningKey? = nil, retention: Retention = Retention()) throws {
        policyState = Mutex(policy)
        self.hasher = hasher
        self.clock = clock
        outbox = Outbox(clock: clock, capacity: retention.outboxMessages)
        attributePatterns = policy.signUp.attributes.reduce(into: [:]) { patterns, attribute in
            if let pattern = attribute.effectiveRegex { patterns[attribute.name] = try? NSRegularExpression(pattern: pattern) }
        }
        do {
            store = try UserStore(path: dataFile, signInLogLimit: retention.signInLogRows)
            let key: RSASigningKey
            if let der = try store.signingKeyDER() {
                key = try RSASigningKey(der: der)
            } else {
                key = try signingKey?.rsa ?? RSASigningKey()
                try store.saveSigningKey(kid: key.keyID, der: key.der)
            }
            issuer = TokenIssuer(key: key, tenantID: policy.tenant.id)
        } catch {
            throw StartFailure(description: "cannot open the emulator's store: \(error)")
        }
        try seedUsers(policy.users)
    }

    /// Changes the running tenant's policy (for embedders; the control API, scenarios and the console's panel send a
    /// ``PolicyPatch`` to `PATCH /emulator/v1/tenant`); requests after the call see the change. Attribute patterns stay as compiled at start, so `signUp.attributes` regexes and
    /// choices must not be changed here.
    public func updatePolicy(_ change: (inout TenantPolicy) -> Void) {
        policyState.withLock { change(&$0) }
    }

    /// Closes the SQLite store (the server calls this on stop).
    public func close() {
        lock.lock()
        store.close()
        lock.unlock()
    }

    /// The authority path segment clients use: the tenant GUID.
    public var tenantID: String { policyPart(\.tenant.id) }

    /// Answers one request. Never throws; a valid request gets a 5xx only from an injected fault, or from Graph
    /// when the store itself fails.
    public func handle(_ request: EmulatorRequest) -> EmulatorResponse {
        let clientRequestID = request.headers["client-request-id"]
        let correlationID = clientRequestID.flatMap { UUID(uuidString: $0) != nil ? $0.lowercased() : nil } ?? SecureRandom.guid()
        var response: EmulatorResponse
        if request.path.hasPrefix(ControlAPI.prefix) {
            response = lock.withLock { handleControl(request) }
        } else if Self.isGraphPath(request.path) {
            response = handleGraph(request, clientRequestID: clientRequestID ?? correlationID)
        } else {
            response = handleTenant(request, correlationID: correlationID)
        }
        response.encodeBody()
        response.headers["client-request-id"] = clientRequestID ?? correlationID
        response.headers["x-ms-request-id"] = SecureRandom.guid()
        response.headers["Date"] = HTTPDate.string(clock.now)
        return response
    }

    /// Imports users in the policy's `users` shape (also used by `POST /emulator/v1/users`); an email already
    /// present is skipped. Ids, hashes and creation times given (an export's) are kept as they are.
    ///
    /// Passwords given in clear are already public (written in the policy or the import), so they are hashed at
    /// a capped cost: full cost would protect nothing and delay start-up by about half a second per user.
    func seedUsers(_ users: [TenantPolicy.SeedUser]) throws {
        let now = clock.now
        let seedHasher = PasswordHasher(iterations: min(hasher.iterations, 10_000))
        for user in users {
            do {
                if try store.user(email: user.email) != nil { continue }
                let methods = user.methods.map { StoredMethod(id: $0.id ?? SecureRandom.guid(), channel: $0.channel.rawValue, target: $0.target) }
                try store.createUser(id: user.id, email: user.email, passwordHash: user.passwordHash ?? user.password.map(seedHasher.hash),
                                     attributes: user.attributes, methods: methods, at: user.createdAt ?? now)
            } catch UserStore.Failure.userExists {
                throw StartFailure(description: "cannot import user \(user.email): id \(user.id ?? "") belongs to another user")
            } catch {
                throw StartFailure(description: "cannot import user \(user.email): \(error)")
            }
        }
    }

    // MARK: Tenant paths

    private func handleTenant(_ request: EmulatorRequest, correlationID: String) -> EmulatorResponse {
        let now = clock.now
        // `/TENANT/REST`, leading slashes skipped, found by the byte: splitting the `String` walks grapheme clusters,
        // and an array of the parts was an allocation, on every request. `rest` keeps the slash before it.
        let path = request.path.utf8, slash = UInt8(ascii: "/")
        let segmentStart = path.firstIndex { $0 != slash } ?? path.endIndex
        let segmentEnd = path[segmentStart...].firstIndex(of: slash) ?? path.endIndex
        let tenantSegment = String(decoding: path[segmentStart..<segmentEnd], as: UTF8.self)
        let rest = segmentEnd < path.endIndex && path.index(after: segmentEnd) < path.endIndex
            ? String(decoding: path[segmentEnd...], as: UTF8.self) : "/"
        // `x-emulator-scheme` is set by EmulatorServer from how the request arrived (HTTPS or not).
        let origin = Self.origin(host: request.headers["host"], scheme: request.headers["x-emulator-scheme"], fallback: defaultOrigin)
        let endpoint = NativeAuthEndpoint(rawValue: rest)  // its path; `allCases` would build an array first
        let interactivePath = InteractivePath(rest)
        func fail(_ error: ProtocolError) -> EmulatorResponse {
            errors.response(error, endpoint: endpoint, correlationID: correlationID, at: now)
        }
        let commonDevicePage = interactivePath == .deviceAuth && tenantSegment.lowercased() == "common"
        guard commonDevicePage || isThisTenant(tenantSegment) else {
            var error = ProtocolError(.invalidRequest, 90002, "Tenant '\(tenantSegment)' not found. Check the authority path.")
            error.status = endpoint == nil ? 404 : 400
            return fail(error)
        }
        if request.method == "GET" {
            switch rest {
            case "/v2.0/.well-known/openid-configuration":
                return .json(200, object: issuer.openIDConfiguration(origin: origin))
            case "/discovery/v2.0/keys":
                return .json(200, object: issuer.jwks)
            default: break
            }
        }
        if let interactivePath {
            return lock.withLock {
                requestCorrelationID = correlationID
                defer { requestCorrelationID = nil }
                return handleInteractive(interactivePath, request, tenantSegment: tenantSegment, rest: rest, origin: origin, now: now,
                                  correlationID: correlationID)
            }
        }
        guard let endpoint else {
            var error = ProtocolError(.invalidRequest, 90056, "The endpoint \(rest) is not part of the native authentication API.")
            error.status = 404
            return fail(error)
        }
        guard request.method == "POST" else {
            return fail(ProtocolError(.invalidRequest, 90056, "\(endpoint.path) only accepts POST."))
        }
        var delay = 0
        if let fault = faults.take(for: endpoint.path) {
            switch fault.kind {
            case .http429:
                var error = ProtocolError(.unknown("temporarily_unavailable"), 90055, "Too many requests; retry after \(fault.seconds) seconds.")
                error.status = 429
                if fault.retryAfter { error.extraHeaders = ["Retry-After": String(fault.seconds)] }
                return fail(error)
            case .http500:
                var error = ProtocolError(.serverError, 90033, "A transient error has occurred. Please try again.")
                error.status = 500
                return fail(error)
            case .http503:
                return Self.serviceUnavailablePage(retryAfter: fault.retryAfter ? fault.seconds : nil)
            case .expiredToken:
                return fail(.expiredToken)
            case .redirect:
                return Self.redirect("The emulator was asked to answer with a web fallback (fault injection).")
            case .smsBlocked:
                return fail(.smsBlockedByReputation)
            case .delay:
                delay = fault.seconds
            case .http403:
                break // refused when queued for a native-auth path
            }
        }
        let form = FormBody(decoding: request.body)
        let context = RequestContext(endpoint: endpoint, form: form, now: now, origin: origin,
                                     viaDomainName: tenantSegment.lowercased() != policyPart(\.tenant.id))
        var response: EmulatorResponse
        do {
            response = try lock.withLock {
                requestCorrelationID = correlationID
                defer { requestCorrelationID = nil }
                return try route(context)
            }
            // RS256 signing needs only the immutable key: done outside the lock so requests sign in parallel.
            if let mint = response.mint { response = try mint.render(with: issuer) }
        } catch let error as ProtocolError {
            response = fail(error)
        } catch {
            // Store failures are the emulator's own bugs; the client still gets the real envelope shape.
            response = fail(ProtocolError(.invalidRequest, 90100, "The request could not be processed: \(error)"))
        }
        response.delaySeconds = delay
        return response
    }

    /// `SCHEME://HOST` for discovery, issuer and page URLs. The scheme is `https` when the server marks the
    /// request with `x-emulator-scheme: https` (served over TLS), else `http`; without a `Host` header (in-process
    /// calls) `fallback` is used with its scheme switched the same way.
    /// `fallback` is read only then: ``defaultOrigin`` takes the tenant lock, which every request would otherwise wait for.
    static func origin(host: String?, scheme: String?, fallback: @autoclosure () -> String) -> String {
        let secure = scheme?.lowercased() == "https"
        if let host, !host.isEmpty { return (secure ? "https://" : "http://") + host }
        let fallback = fallback()
        guard secure, fallback.hasPrefix("http://") else { return fallback }
        return "https://" + fallback.dropFirst("http://".count)
    }

    private func isThisTenant(_ segment: String) -> Bool {
        let lower = segment.lowercased()
        let tenant = policyPart(\.tenant)
        return lower == tenant.id || lower == "\(tenant.name.lowercased()).onmicrosoft.com" || lower == tenant.name.lowercased()
    }

    // MARK: Shared answers

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// A 200 answer of the shared wire type (nil fields omitted), encoded by `handle(_:)` outside the lock.
    static func success(_ body: ResponseBody) -> EmulatorResponse {
        var response = EmulatorResponse.json(200, Data())
        response.unencodedBody = body
        return response
    }

    /// The web-fallback outcome (docs/protocol.md §N1.6): HTTP 200 `{"challenge_type":"redirect"}`, with `redirect_reason` where the
    /// service sends one (initiate, token); the documented sign-up start and challenge answers carry none.
    static func redirect(_ reason: String?) -> EmulatorResponse {
        success(ResponseBody(challengeType: .redirect, redirectReason: reason))
    }

    static let unsupportedChallengeTypesReason = "The client does not support the challenge types required by the user flow."
}
