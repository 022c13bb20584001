extension FlowState {
    /// The account screen's own actions: show or hide the claims, sign out, switch account.
    mutating func toggleClaims() -> [FlowEffect] {
        guard case .signedIn(let account, let showing) = step else { return [] }
        step = .signedIn(account, showingClaims: !showing)
        return []
    }

    mutating func signOut() -> [FlowEffect] {
        guard case .signedIn = step else { return [] }
        pending = .signingOut
        return [.signOut]
    }

    mutating func switchAccount() -> [FlowEffect] {
        guard case .signedIn(let account, _) = step, account.cachedAccountCount > 1 else { return [] }
        pending = .switchingAccount
        return [.switchAccount]
    }

    /// Whether the account screen lists the claims (kept across a refresh).
    var showingClaims: Bool {
        if case .signedIn(_, true) = step { return true }
        return false
    }
}
