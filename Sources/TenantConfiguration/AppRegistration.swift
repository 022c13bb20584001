/// An application registration that uses native authentication, or that a sign-up flow serves.
///
/// Source: https://learn.microsoft.com/graph/api/resources/application
public struct AppRegistration: Codable, Equatable, Sendable {
    /// `appId`: the client id apps send.
    public var appId: String
    /// `isFallbackPublicClient`: a public client (no secret), as native authentication needs.
    public var isFallbackPublicClient: Bool
    /// `publicClient`, `spa` and `web` redirect URIs together, sorted and without duplicates.
    public var redirectUris: [String]

    public init(appId: String, isFallbackPublicClient: Bool, redirectUris: [String]) {
        self.appId = appId
        self.isFallbackPublicClient = isFallbackPublicClient
        self.redirectUris = redirectUris
    }
}
