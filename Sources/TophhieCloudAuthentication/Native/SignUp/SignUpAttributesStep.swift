/// Sign-up asks for attributes (`attributes_required`).
///
/// Only the attributes the server listed are sent: after the email is verified the service accepts
/// no others (the attribute timing rule). Source: docs/protocol.md §N4.3 (`grant_type=attributes`),
/// docs/protocol.md §N4.4 rule 5.
public final class SignUpAttributesStep: TokenOnlyStep, Sendable {
    let context: NativeAuthContext
    let username: String
    let continuationToken: String
    let requested: [WireAttribute]
    /// The `attributes_required` answer that asked for them (error, AADSTS code, correlation id), for
    /// operators: a server that asks again for attributes just given is a fault to report.
    public let answer: ServerDetails

    init(context: NativeAuthContext, username: String, continuationToken: String, requested: [WireAttribute], answer: ServerDetails) {
        self.context = context
        self.username = username
        self.continuationToken = continuationToken
        self.requested = requested
        self.answer = answer
    }

    /// The attributes asked for, in the server's order.
    public var attributes: [RequiredAttribute] { requested.map(RequiredAttribute.init) }

    /// Sends attribute values (API name → text).
    /// - Throws: `NativeAuthError.invalidAttributes(names)` when the tenant refused some (retry on this
    ///   step: the old token is kept); `.invalidInput` naming values that cannot be encoded (no request
    ///   is sent); `.expiredFlow`, …
    public func submitAttributes(_ values: [String: String]) async throws -> SignUpStep {
        let asked = Set(requested.map(\.name))
        let encoded = try encodeAttributes(values.filter { asked.contains($0.key) })
        var form = context.form(continuing: continuationToken)
        form.set(.grantType, GrantType.attributes.wireValue)
        form.set(.attributes, encoded)
        let response = try await context.call(.signUpContinue, form)
        return try await SignUpStep.next(after: response, context: context, username: username)
    }
}

/// Encodes `attributes`, refusing before any request a value that cannot be sent.
func encodeAttributes(_ values: [String: String]) throws(NativeAuthError) -> String {
    do {
        return try AttributesParameter.encode(values)
    } catch {
        throw .invalidInput("These values cannot be sent: \(error.names.joined(separator: ", ")).", .local)
    }
}
