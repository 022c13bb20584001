/// The `ESTSAUTH` cookie that carries a browser session (Entra's own session cookie name).
/// Source: docs/protocol.md §I3.2.
enum BrowserSessionCookie {
    static let name = "ESTSAUTH"
    /// Seconds a browser session lasts on the virtual clock.
    static let lifetime = 86_400

    /// `Set-Cookie` for a new session: host-only, `HttpOnly`, `SameSite=Lax` (sent on top-level navigations
    /// to `/authorize`), `Secure` when served over https.
    static func set(_ value: String, secure: Bool) -> String {
        "\(name)=\(value); Path=/; Max-Age=\(lifetime); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    /// `Set-Cookie` that deletes the session cookie.
    static let clear = "\(name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"
}
