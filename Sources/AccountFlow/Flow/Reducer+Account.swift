extension FlowState {
    /// The account screen's own actions: show or hide the claims, sign out, switch account.
    mutating func accountAction(_ event: FlowEvent) -> [FlowEffect] {
        guard case .signedIn(let account, let showing) = step else { return [] }
        switch event {
        case .claimsToggled:
            step = .signedIn(account, showingClaims: !showing)
        case .signOutRequested:
            pending = .signingOut
            return [.signOut]
        case .switchAccountRequested:
            guard account.cachedAccountCount > 1 else { return [] }
            pending = .switchingAccount
            return [.switchAccount]
        default:
            break
        }
        return []
    }

    /// Whether the account screen lists the claims (kept across a refresh).
    var showingClaims: Bool {
        if case .signedIn(_, true) = step { return true }
        return false
    }
}
