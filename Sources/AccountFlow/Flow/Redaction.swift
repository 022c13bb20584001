import TophhieCloudAuthentication

// The forms and prompts hold their passwords and codes as `Secret`, which redacts itself. What is left here is
// the text a presenter hands over as a plain string: a screen field's value and a field edit's text.

/// What stands in for a secret that is set.
func redacted(_ secret: String) -> String { secret.isEmpty ? "" : Secret.marker }

extension FieldID {
    /// Fields whose values are secrets.
    var isSecret: Bool { self == .password || self == .confirmPassword || self == .code }
}

extension ScreenField: CustomReflectable {
    /// For `dump` and debuggers: the value of a secret or code field shows as `<redacted>` when set.
    public var customMirror: Mirror {
        let secret = if case .code = kind { true } else { kind == .secret }
        return Mirror(self, children: ["id": id, "label": label, "kind": kind, "value": secret ? redacted(value) : value,
                                       "error": error as Any, "note": note as Any, "required": required])
    }
}

extension FlowEvent: CustomStringConvertible {
    /// The event with the value of a password, confirmation or code edit redacted, and profile answers by
    /// property names only.
    public var description: String {
        switch self {
        case .fieldEdited(let field, let text): "fieldEdited(\(field), \(field.isSecret ? redacted(text) : text))"
        case .menuChosen(let item): "menuChosen(\(item))"
        case .fieldLeft(let field): "fieldLeft(\(field))"
        case .submitted: "submitted"
        case .methodPicked(let id): "methodPicked(id: \(id))"
        case .useCodeInstead: "useCodeInstead"
        case .resendRequested: "resendRequested"
        case .backRequested: "backRequested"
        case .cancelRequested: "cancelRequested"
        case .retryRequested: "retryRequested"
        case .restartRequested: "restartRequested"
        case .otherFlowChosen(let kind): "otherFlowChosen(\(kind))"
        case .homeRequested: "homeRequested"
        case .enrolAnotherRequested: "enrolAnotherRequested"
        case .refreshRequested: "refreshRequested"
        case .claimsToggled: "claimsToggled"
        case .signOutRequested: "signOutRequested"
        case .switchAccountRequested: "switchAccountRequested"
        case .tick(let date): "tick(\(date))"
        case .resized: "resized"
        case .keyPressed: "keyPressed"
        case .signUpStarted(let result): "signUpStarted(\(result))"
        case .signUpAdvanced(let result): "signUpAdvanced(\(result))"
        case .signInAdvanced(let result): "signInAdvanced(\(result))"
        case .mfaChallengeAnswered(let result): "mfaChallengeAnswered(\(result))"
        case .registrationAnswered(let result): "registrationAnswered(\(result))"
        case .codeResent(let result): "codeResent(\(result))"
        case .resetStarted(let result): "resetStarted(\(result))"
        case .resetAdvanced(let result): "resetAdvanced(\(result))"
        case .tokensRefreshed(let result): "tokensRefreshed(\(result))"
        case .resetPollProgress(let poll): "resetPollProgress(poll: \(poll))"
        case .deviceCodeIssued(let result): "deviceCodeIssued(\(result))"
        case .deviceCodeProgress(let status): "deviceCodeProgress(\(status))"
        case .browserSignInStarted(let result): "browserSignInStarted(\(result))"
        case .interactiveSignInFinished(let result): "interactiveSignInFinished(\(result))"
        case .accountRestored(let account): "accountRestored(\(account))"
        case .signedOut(let result): "signedOut(\(result))"
        case .accountSwitched(let result): "accountSwitched(\(result))"
        case .profileRequested: "profileRequested"
        case .profileEditRequested: "profileEditRequested"
        case .historyRequested: "historyRequested"
        case .historyUserChosen: "historyUserChosen"
        case .historyMoreRequested: "historyMoreRequested"
        case .historyFilterChanged(let filter): "historyFilterChanged(\(filter))"
        case .historyRowOpened(let id): "historyRowOpened(id: \(id))"
        case .tenantRequested: "tenantRequested"
        case .tenantSaveRequested: "tenantSaveRequested"
        case .tenantLoaded(.success(let summary)): "tenantLoaded(success: \(summary.flows.count) flows, \(summary.notRead.count) parts not read)"
        case .tenantLoaded(.failure(let failure)): "tenantLoaded(failure: \(failure))"
        case .tenantSaved(let result): "tenantSaved(\(result))"
        case .profileLoaded(let result): "profileLoaded(\(Self.profileTrace(result)))"
        case .profileSaved(let result): "profileSaved(\(Self.profileTrace(result)))"
        case .historyLoaded(.success(let page)): "historyLoaded(success: \(page.rows.count) rows, hasMore: \(page.hasMore))"
        case .historyLoaded(.failure(let failure)): "historyLoaded(failure: \(failure))"
        case .historyWaiting(let seconds): "historyWaiting(seconds: \(seconds))"
        }
    }

    /// A profile answer by property names only: the values are personal data.
    private static func profileTrace(_ result: Result<ProfileSummary, GraphFailure>) -> String {
        switch result {
        case .success(let profile): "success: \(profile.fields.map(\.property.rawValue))"
        case .failure(let failure): "failure: \(failure)"
        }
    }
}
