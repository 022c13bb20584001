/// A registered strong-authentication method; `id` is the opaque id sent in MFA introspect answers.
struct StoredMethod: Sendable, Codable, Equatable {
    var id: String
    var channel: String
    var target: String
}
