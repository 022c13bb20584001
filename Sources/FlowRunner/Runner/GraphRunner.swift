import AccountFlow
import EmailAddresses
import Foundation
import Localization
import Synchronization
import TophhieCloudAuthentication

/// The Graph effects: the profile (read, save only what changed) and a user's sign-in history (first
/// page, then the stored `@odata.nextLink` verbatim), with throttling waits told to the flow as they start.
/// Source: docs/protocol.md §I5–§I6; field cases 021, 022 (docs/field-cases.md).
package final class GraphRunner: Sendable {
    private let auth: TophhieAuth
    private let send: @Sendable (FlowEvent) -> Void
    /// The page "Load more" continues from (kept across a throttled give-up).
    private let lastPage = Mutex<SignInPage?>(nil)
    /// The tenant snapshot read last, what "Save snapshot" writes.
    private let lastSnapshot = Mutex<TenantSnapshot?>(nil)
    /// Where "Save snapshot" writes.
    private let snapshotPath: String

    init(auth: TophhieAuth, snapshotPath: String = SnapshotFile.defaultPath, send: @escaping @Sendable (FlowEvent) -> Void) {
        self.auth = auth
        self.snapshotPath = snapshotPath
        self.send = send
    }

    /// `.loadTenant` → `.tenantLoaded`: the snapshot through Graph, kept for Save.
    func loadTenant() async -> FlowEvent? {
        do {
            let snapshot = try await auth.tenantSnapshot()
            lastSnapshot.withLock { $0 = snapshot }
            return .tenantLoaded(.success(TenantSummary(snapshot)))
        } catch {
            return Task.isCancelled ? nil : .tenantLoaded(.failure(Self.failure(error)))
        }
    }

    /// `.saveTenant` → `.tenantSaved`: the snapshot read last, written atomically to the snapshot file.
    func saveTenant() async -> FlowEvent? {
        guard let snapshot = lastSnapshot.withLock({ $0 }) else {
            return .tenantSaved(.failure(GraphFailure(kind: .other, message: tr("tenant.noSnapshotYet"))))
        }
        do {
            try await SnapshotFile.write(snapshot.encoded(), to: snapshotPath)
            return .tenantSaved(.success(snapshotPath))
        } catch {
            return .tenantSaved(.failure(GraphFailure(kind: .other, message: tr("tenant.notWritten", ["path": snapshotPath,
                                                                                                      "detail": error.localizedDescription]))))
        }
    }

    /// `.loadProfile` → `.profileLoaded`.
    func loadProfile() async -> FlowEvent? {
        do {
            return .profileLoaded(.success(ProfileSummary(try await auth.profile())))
        } catch {
            return Task.isCancelled ? nil : .profileLoaded(.failure(Self.failure(error)))
        }
    }

    /// `.saveProfile` → `.profileSaved`: a PATCH of `changes` only, then the profile read again. A 403 that
    /// names no field is the edit form's to narrow down (it sends each change alone).
    func saveProfile(_ changes: [ProfileProperty: String?]) async -> FlowEvent? {
        do {
            try await auth.updateProfile(changes)
            return .profileSaved(.success(ProfileSummary(try await auth.profile())))
        } catch {
            return Task.isCancelled ? nil : .profileSaved(.failure(Self.failure(error)))
        }
    }

    /// `.loadHistory` → `.historyWaiting`… then `.historyLoaded`.
    func loadHistory(user: String, top: Int) async -> FlowEvent? {
        lastPage.withLock { $0 = nil }
        let subject = Self.subject(user, auth: auth)
        return await page { try await self.auth.signInHistory(for: subject, top: top, onWait: $0) }
    }

    /// Whose sign-ins `user` names: a UPN when it has `@`, else an object id. An External ID customer's UPN
    /// is generated (…@TENANT.onmicrosoft.com), not the email they sign in with, so the signed-in account's
    /// own username is asked for by its object id. Shared by the console and `tophhie history`.
    package static func subject(_ user: String, auth: TophhieAuth) -> SignInHistoryUser {
        if let current = auth.currentAccount, let id = current.objectID, current.username.map({ EmailAddress.same($0, user) }) == true {
            return .id(id)
        }
        return user.contains("@") ? .userPrincipalName(user) : .id(user)
    }

    /// `.loadMoreHistory`: the stored next link, exactly as Graph gave it.
    func loadMoreHistory() async -> FlowEvent? {
        guard let previous = lastPage.withLock({ $0 }), previous.nextLink != nil else {
            return .historyLoaded(.success(HistoryPage(rows: [], hasMore: false)))
        }
        return await page { try await self.auth.nextSignInPage(after: previous, onWait: $0) }
    }

    private func page(_ read: (@escaping @Sendable (Int) -> Void) async throws -> SignInPage) async -> FlowEvent? {
        let send = self.send
        do {
            let page = try await read { seconds in if !Task.isCancelled { send(.historyWaiting(seconds: seconds)) } }
            lastPage.withLock { $0 = page }
            return .historyLoaded(.success(HistoryPage(rows: page.rows.map(Self.row), hasMore: page.nextLink != nil)))
        } catch let error as GraphError {
            guard !Task.isCancelled else { return nil }
            if case .throttled(_, let rows, let link, _) = error {
                // Keep the way on for "Load more", and whatever this call did read.
                lastPage.withLock { $0 = SignInPage(rows: [], nextLink: link) }
                if !rows.isEmpty { return .historyLoaded(.success(HistoryPage(rows: rows.map(Self.row), hasMore: link != nil))) }
            }
            return .historyLoaded(.failure(Self.failure(error)))
        } catch {
            return Task.isCancelled ? nil : .historyLoaded(.failure(Self.failure(error)))
        }
    }

    static func row(_ record: SignInRecord) -> SignInRow {
        let place = [record.city, record.state, record.countryOrRegion].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return SignInRow(id: record.id, time: record.createdDateTime, app: record.appDisplayName ?? record.appId ?? tr("history.unknownApp"),
                         ipAddress: record.ipAddress, clientApp: record.clientAppUsed, interactive: record.isInteractive,
                         errorCode: record.errorCode, failureReason: record.failureReason, location: place.isEmpty ? nil : place,
                         conditionalAccess: record.conditionalAccessStatus)
    }

    static func failure(_ error: any Error) -> GraphFailure {
        if let failedRead = error as? TenantSnapshotReadError {
            var failure = failure(failedRead.error)
            failure.message = tr("tenant.readFailed", ["read": failedRead.request, "message": failure.message])
            return failure
        }
        guard let error = error as? GraphError else {
            return GraphFailure(kind: .other, message: tr("graph.failed", ["detail": error.localizedDescription]))
        }
        let kind: GraphFailure.Kind = switch error {
        case .missingPermission, .notSelfWritable: .missingPermission
        case .notPremium: .notPremium
        case .throttled(let seconds, _, _, _): .throttled(retryAfter: seconds)
        case .pageLinkRefused: .pageLinkRefused
        case .unauthorized, .auth: .needsSignIn
        case .networkFailure: .network
        case .clockSkew, .badRequest, .notFound, .server, .unexpectedResponse: .other
        }
        // The screen says what to do next after a refused page link itself (Load more once more, or start again).
        var failure = GraphFailure(kind: kind, message: error.screenMessage, detail: error.details?.description)
        if case .notSelfWritable(let properties) = error { failure.refusedFields = properties }
        return failure
    }
}
