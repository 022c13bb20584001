/// What the sign-in page should do with an existing browser session (the OIDC `prompt` parameter).
///
/// Device-code sign-in has no `prompt`: the user always signs in on the verification page.
/// Source: docs/protocol.md §I4.4 (`prompt`: `login`, `none`, `consent`, `select_account`, `create`).
public enum PromptType: String, Sendable, CaseIterable {
    /// Let the user pick one of the accounts signed in to the browser (MSAL's default).
    case selectAccount = "select_account"
    /// Always ask for credentials, even with a browser session.
    case login
    /// Ask for consent to the scopes after sign-in.
    case consent
    /// Never show a page: fail with `login_required` or `interaction_required` when one is needed.
    case none
    /// Go straight to sign-up.
    case create
}
