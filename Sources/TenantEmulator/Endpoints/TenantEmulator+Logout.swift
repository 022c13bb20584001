import Foundation
import NativeAuthWire

/// `GET|POST /{tenant}/oauth2/v2.0/logout`. Source: docs/protocol.md §I3.2.
extension TenantEmulator {
    /// Follows `post_logout_redirect_uri` (302, with `state` appended when sent) only when it matches a redirect
    /// URI registered for `client_id` (or, without `client_id`, for any client); otherwise shows the signed-out
    /// page. Either way the browser session (`ESTSAUTH`) ends and its cookie is cleared; refresh tokens stay
    /// valid (docs/protocol.md §I2.2: browser sign-out does not revoke them).
    func logout(_ parameters: [String: String], cookie: String?, now: Date) -> EmulatorResponse {
        if let (key, _) = interactive.session(cookieHeader: cookie, now: now) { interactive.sessions.removeValue(forKey: key) }
        var response = followLogout(parameters)
        response.headers["Set-Cookie"] = BrowserSessionCookie.clear
        return response
    }

    private func followLogout(_ parameters: [String: String]) -> EmulatorResponse {
        if let target = parameters["post_logout_redirect_uri"], !target.isEmpty {
            let clients = parameters["client_id"].flatMap { policy.client($0) }.map { [$0] } ?? policy.clients
            if clients.contains(where: { $0.redirectURIs.contains { RedirectURI($0)?.accepts(target) == true } }) {
                var location = target
                if let state = parameters["state"] {
                    location += (target.contains("?") ? "&" : "?") + "state=" + Self.uriEscape(state)
                }
                return EmulatorResponse(status: 302, headers: ["Location": location, "Cache-Control": "no-store"])
            }
        }
        return HTMLPage(title: "Signed out", heading: "You have signed out",
                        paragraphs: ["You have signed out of your account. It's a good idea to close all browser windows."]).response
    }
}
