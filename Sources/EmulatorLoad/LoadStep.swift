import NativeAuthWire

/// One kind of request a scripted client sends: where, under which latency label, and what must come back.
public struct LoadStep: Sendable {
    /// The row name in the latency table, e.g. `token (password)`.
    public let label: String
    /// Where the request goes (its path under the tenant).
    public let endpoint: NativeAuthEndpoint
    /// The `grant_type` sent, for `/token` (its error answers differ).
    public let grantType: GrantType?
    /// The answer required.
    public let expected: ExpectedAnswer
    /// The endpoint whose rules check the answer: `endpoint` unless the step says otherwise.
    public let checkedAs: NativeAuthEndpoint

    /// A step checked by its own endpoint's rules unless `checkedAs` says otherwise.
    public init(_ label: String, _ endpoint: NativeAuthEndpoint, grantType: GrantType? = nil, expected: ExpectedAnswer,
                checkedAs: NativeAuthEndpoint? = nil) {
        self.label = label
        self.endpoint = endpoint
        self.grantType = grantType
        self.expected = expected
        self.checkedAs = checkedAs ?? endpoint
    }
}
