import AccountFlow
import ConsoleCommandLine
import Foundation
import Localization
import TophhieCloudAuthentication

/// The effects of the interactive stack: browser and device-code sign-in, sign-out, switching account,
/// restoring the cached account and refreshing through the token cache. Each sign-in is one task that
/// sends its intermediate events (code issued, polling progress, browser opened) while it stays in flight.
package struct InteractiveRunner: Sendable {
    /// The interactive stack on the same tenant and app; nil in enrolment mode, which keeps no account and
    /// writes no token cache.
    /// - Throws: `AuthError.invalidConfiguration` (unreadable CA file), `.tokenCache`.
    package static func stack(clientID: String, authority: URL, options: ConsoleOptions, cachePath: String?,
                             graph: URL?, clock: @escaping @Sendable () -> Date = { Date() }) throws -> TophhieAuth? {
        guard !options.enrol else { return nil }
        let interactive = TophhieAuth(clock: clock)
        try interactive.configure(clientId: clientID, authority: authority, scopes: options.scopes ?? TophhieConfiguration.defaultScopes,
                                  tokenCachePath: cachePath, caFile: options.caFile, graphEndpoint: graph)
        return interactive
    }

    let auth: TophhieAuth
    let send: @Sendable (FlowEvent) -> Void

    /// `.startDeviceCodeSignIn`: `.deviceCodeIssued`, any `.deviceCodeProgress`, then the result.
    func deviceCodeSignIn() async -> FlowEvent? {
        let step: DeviceCodeStep
        do {
            step = try await auth.startDeviceCodeSignIn()
        } catch {
            return Task.isCancelled ? nil : .deviceCodeIssued(.failure(Self.failure(error)))
        }
        sendUnlessCancelled(.deviceCodeIssued(.success(DeviceCodePrompt(
            userCode: Secret(step.userCode), verificationURI: step.verificationURI.absoluteString, expiresOn: step.expiresOn,
            interval: step.interval, message: step.message.map { Secret($0) }))))
        do {
            let result = try await step.waitForSignIn { progress in
                sendUnlessCancelled(.deviceCodeProgress(progress))
            }
            return .interactiveSignInFinished(.success(account(result)))
        } catch {
            return Task.isCancelled ? nil : .interactiveSignInFinished(.failure(Self.failure(error)))
        }
    }

    /// `.startBrowserSignIn`: `.browserSignInStarted`, then the result.
    func browserSignIn() async -> FlowEvent? {
        let step: BrowserSignInStep
        do {
            step = try await auth.startBrowserSignIn()
        } catch {
            return Task.isCancelled ? nil : .browserSignInStarted(.failure(Self.failure(error)))
        }
        let opened = await step.openInBrowser()
        sendUnlessCancelled(.browserSignInStarted(.success(BrowserPrompt(
            authorizationURL: step.authorizationURL.absoluteString, redirectURI: step.redirectURI, browserOpened: opened))))
        do {
            return .interactiveSignInFinished(.success(account(try await step.waitForSignIn())))
        } catch {
            return Task.isCancelled ? nil : .interactiveSignInFinished(.failure(Self.failure(error)))
        }
    }

    /// `.signOut` → `.signedOut`, then `.accountRestored` for the next cached account, if any, so it stays
    /// reachable from the home menu.
    func signOut() async -> FlowEvent? {
        let username = auth.currentAccount?.username
        do {
            let endSession = try await auth.signOut()
            let remaining = (try? auth.accounts) ?? []
            sendUnlessCancelled(.signedOut(.success(SignOutSummary(username: username, endSessionURL: endSession?.absoluteString,
                                                                   remainingAccounts: remaining.count,
                                                                   tokenStore: auth.configuration?.tokenCachePath))))
            guard let next = remaining.first, (try? auth.switchAccount(to: next)) != nil else { return nil }
            return await restore()
        } catch {
            return .signedOut(.failure(Self.failure(error)))
        }
    }

    /// `.switchAccount` → `.accountSwitched`: the next cached account, in cache order.
    func switchAccount() async -> FlowEvent {
        do {
            let accounts = try auth.accounts
            let current = auth.currentAccount?.homeAccountID
            let index = accounts.firstIndex { $0.homeAccountID == current } ?? -1
            guard accounts.count > 1 else { throw AuthError.noAccount }
            try auth.switchAccount(to: accounts[(index + 1) % accounts.count])
            return .accountSwitched(.success(account(try await auth.acquireTokenSilent())))
        } catch {
            return .accountSwitched(.failure(Self.failure(error)))
        }
    }

    /// The account restored at start-up, with tokens the cache (or a silent refresh) gives; nil when none
    /// is cached or it needs a new sign-in.
    func restore() async -> FlowEvent? {
        guard auth.currentAccount != nil, let result = try? await auth.acquireTokenSilent() else { return nil }
        return .accountRestored(account(result))
    }

    /// Refresh now: the refresh grant through the cache, errors in the native vocabulary the flow reads.
    func refresh() async -> Result<SignedInAccount, NativeAuthError> {
        do {
            return .success(account(try await auth.acquireTokenSilent(forceRefresh: true)))
        } catch let error as AuthError {
            // The account screen had an account: if the cache has none now, another window signed it out (field case 029, docs/field-cases.md).
            return .failure(Self.nativeError(error == .noAccount ? .signedOutElsewhere : error))
        } catch {
            return .failure(.networkFailure(error.localizedDescription))
        }
    }

    /// Whether refreshes go through the cache: an account is current there.
    var hasAccount: Bool { auth.currentAccount != nil }

    /// Whether sign-ins are kept in a token cache file, which other programs may change.
    var keepsTokensInFile: Bool { auth.configuration?.tokenCachePath != nil }

    /// Keeps a native sign-in's tokens in the cache (as MSAL's native-auth client does).
    func store(_ result: TophhieAuthResult) async { try? await auth.storeNativeSignIn(result) }

    /// A sign-in's summary with where its tokens are kept and how many accounts the cache holds.
    func account(_ result: TophhieAuthResult) -> SignedInAccount {
        SignedInAccount(result, cachedAccountCount: max(1, (try? auth.accounts.count) ?? 1), tokenStore: auth.configuration?.tokenCachePath)
    }

    private func sendUnlessCancelled(_ event: FlowEvent) {
        if !Task.isCancelled { send(event) }
    }

    static func failure(_ error: any Error) -> InteractiveFailure {
        guard let error = error as? AuthError else {
            return InteractiveFailure(kind: .other, message: tr("interactive.failed", ["detail": error.localizedDescription]))
        }
        let kind: InteractiveFailure.Kind = switch error {
        case .cancelled: .cancelled
        case .deviceCodeExpired: .expired
        case .authorizationDeclined: .declined
        case .networkFailure: .network
        case .noAccount, .signedOutElsewhere, .interactionRequired, .mfaRequired, .consentRequired: .needsSignIn
        case .notConfigured, .invalidConfiguration, .serviceUnavailable, .server, .unexpectedResponse, .tokenCache: .other
        }
        return InteractiveFailure(kind: kind, message: error.screenMessage, detail: error.serverDetails?.description)
    }

    static func nativeError(_ error: AuthError) -> NativeAuthError {
        switch error {
        case .interactionRequired(let details), .consentRequired(let details): .refreshTokenExpired(details)
        case .noAccount: .refreshTokenExpired(.local)
        // A local reason the flow shows as it is (field case 029, docs/field-cases.md).
        case .signedOutElsewhere: .refreshTokenExpired(ServerDetails(errorDescription: error.errorDescription))
        case .serviceUnavailable(let details, _): .server(details)
        case .mfaRequired(let details): .mfaRequiredForRefresh(details)
        case .networkFailure(let text): .networkFailure(text)
        case .server(let details): .server(details)
        case .notConfigured, .invalidConfiguration, .deviceCodeExpired, .authorizationDeclined, .cancelled, .unexpectedResponse, .tokenCache:
            .unexpectedResponse(error.errorDescription ?? "\(error)", correlationID: nil)
        }
    }
}
