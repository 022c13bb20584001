import Foundation
import NativeAuthWire

/// Routes the interactive paths: device authorization, the device page, authorize and logout. Runs under the
/// emulator's lock. Source: docs/protocol.md §I3.2, §I4.
extension TenantEmulator {
    /// - Parameters:
    ///   - tenantSegment: the authority path segment as sent (`common` only reaches the device page).
    ///   - rest: the path after it; with `tenantSegment` it is where the pages' forms post back.
    func handleInteractive(_ path: InteractivePath, _ request: EmulatorRequest, tenantSegment: String, rest: String, origin: String,
                           now: Date, correlationID: String) -> EmulatorResponse {
        let action = "/\(tenantSegment)\(rest)"
        let form = FormBody(decoding: request.body)
        let secure = origin.hasPrefix("https://")
        let cookie = request.headers["cookie"]
        do {
            switch (path, request.method) {
            case (.deviceCode, "POST"):
                return try deviceAuthorization(form, origin: origin, now: now)
            case (.deviceAuth, "GET"):
                return newDevicePage(action: action, now: now, error: nil)
            case (.deviceAuth, "POST"):
                return try continueDevicePage(form, action: action, secure: secure, now: now)
            case (.authorize, "GET"):
                return try authorize(request.query, action: action, cookie: cookie, now: now, correlationID: correlationID)
            case (.authorize, "POST"):
                guard let handle = form["flow"] else {
                    // A POSTed authorization request (Entra accepts both methods).
                    return try authorize(request.query.merging(form.dictionary) { _, body in body }, action: action, cookie: cookie,
                                         now: now, correlationID: correlationID)
                }
                guard let flow = interactive.flow(handle, now: now), case .authorize(let authorizeRequest) = flow.purpose else {
                    return expiredPage()
                }
                return try continueAuthorize(flow, handle: handle, request: authorizeRequest, form: form, action: action, secure: secure, now: now)
            case (.logout, "GET"), (.logout, "POST"):
                return logout(request.query.merging(form.dictionary) { _, body in body }, cookie: cookie, now: now)
            case (.deviceCode, _), (.deviceAuth, _), (.authorize, _), (.logout, _):
                return errors.response(ProtocolError(.invalidRequest, 90056, "\(request.path) does not accept \(request.method)."),
                                       endpoint: nil, correlationID: correlationID, at: now)
            }
        } catch let error as ProtocolError {
            return errors.response(error, endpoint: nil, correlationID: correlationID, at: now)
        } catch {
            return authorizeErrorPage(90100, "The request could not be processed: \(error)", correlationID: correlationID, now: now)
        }
    }

    /// The device page's first form (user code), under a new flow handle.
    private func newDevicePage(action: String, now: Date, error: String?) -> EmulatorResponse {
        let flow = WebSignInFlow(purpose: .device(deviceCodeKey: nil), step: .userCode, expiresAt: now.addingTimeInterval(Self.webSignInSeconds))
        let handle = interactive.add(flow, now: now)
        return signInPage(flow, handle: handle, action: action, error: error).response
    }

    /// A form post on the device page: next page, "signed in" (device code approved), or "cancelled" (declined).
    private func continueDevicePage(_ form: FormBody, action: String, secure: Bool, now: Date) throws -> EmulatorResponse {
        guard let handle = form["flow"], let flow = interactive.flow(handle, now: now), case .device = flow.purpose else {
            return newDevicePage(action: action, now: now, error: "Your sign-in session has expired. Enter the code again.")
        }
        let outcome = try advance(flow, WebSignInEvent(form: form, step: flow.step), now: now)
        guard case .device(let key) = flow.purpose else { return expiredPage() }
        switch outcome {
        case .show(let error):
            return signInPage(flow, handle: handle, action: action, error: error).response
        case .cancelled:
            interactive.removeFlow(handle)
            if let key { _ = denyDeviceCode(key: key, now: now) }
            return HTMLPage(title: "Sign in", heading: "Sign-in cancelled",
                            paragraphs: ["You declined to sign in to the application on your device. You may now close this window."]).response
        case .signedIn(let user, let mfaSatisfied):
            interactive.removeFlow(handle)
            guard let key, try approveDeviceCode(key: key, user: user, mfaSatisfied: mfaSatisfied, now: now) else {
                return newDevicePage(action: action, now: now, error: "That code has expired or was already used. Ask your device for a new code.")
            }
            var response = HTMLPage(title: "Sign in", heading: "You have signed in",
                                    paragraphs: ["You have signed in to the application on your device. You may now close this window."]).response
            response.headers["Set-Cookie"] = startBrowserSession(user: user, mfaSatisfied: mfaSatisfied, secure: secure, now: now)
            return response
        }
    }

    private func expiredPage() -> EmulatorResponse {
        var page = HTMLPage(title: "Sign in", heading: "Your sign-in session has expired",
                            paragraphs: ["Go back to the application and start signing in again."])
        page.status = 400
        return page.response
    }
}
