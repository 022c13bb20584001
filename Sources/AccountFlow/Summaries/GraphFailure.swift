import TophhieCloudAuthentication

/// Why a Graph call (profile read, profile save, sign-in history) did not succeed, as the flow needs it
/// (the framework's Graph error mapped by the runner; docs/protocol.md §I5.3, §I6.3).
public struct GraphFailure: Sendable, Equatable, Error {
    /// What the flow does about it.
    public enum Kind: Sendable, Equatable {
        /// 403 `Authorization_RequestDenied`: the caller lacks a permission or role, or may not change a field.
        case missingPermission
        /// 403 `Authentication_RequestFromNonPremiumTenantOrB2CTenant`: sign-in logs need a licence.
        case notPremium
        /// 429 that the runner gave up retrying; `retryAfter` is the last `Retry-After` in seconds, if sent.
        case throttled(retryAfter: Int?)
        /// 400 to a page link ("Invalid Skip Token"): the same link will not work again; start from the first page.
        case pageLinkRefused
        /// 401, or no usable token: only a new sign-in helps.
        case needsSignIn
        /// Graph could not be reached.
        case network
        /// Anything else.
        case other
    }

    /// What the flow does about it.
    public var kind: Kind
    /// A sentence for the user.
    public var message: String
    /// For operators: the Graph error code, `request-id`, HTTP status.
    public var detail: String?
    /// On a refused save: the properties the tenant refused, when the refusal names them; empty otherwise (a
    /// Graph 403 names none: the edit form then sends each change alone to find them).
    public var refusedFields: [ProfileProperty]

    /// Memberwise; by default no detail and no refused fields.
    public init(kind: Kind, message: String, detail: String? = nil, refusedFields: [ProfileProperty] = []) {
        self.kind = kind
        self.message = message
        self.detail = detail
        self.refusedFields = refusedFields
    }
}
