import ConsoleCommandLine
import Foundation
import TophhieCloudAuthentication

/// The checks of `tophhie doctor`: is this app registration and tenant ready for the console?
///
/// Each check says what it found and, when something should change, the fix. Protocol facts:
/// docs/protocol.md §N1.1 (authority shapes), §N1.4 (challenge types, capabilities), §N1.6 (web fallback), §N7.1 (client
/// errors); the SMS authority advice: docs/protocol.md §N1.1 ("known issue").
struct TenantDoctor: Sendable {
    let target: TenantTarget
    let probe: DoctorProbe
    /// The local clock, compared with the tenant's `Date` header.
    var now: @Sendable () -> Date = { Date() }
    /// Largest clock difference accepted, in seconds: tokens carry `nbf`/`exp` and codes expire in minutes.
    static let maxSkew: TimeInterval = 300

    /// - Throws: `UsageError` when the authority does not parse (the parser already checked it).
    init(target: TenantTarget, transport: any HTTPTransport) throws {
        self.target = target
        let authority: Authority
        do {
            authority = try Authority(target.authority)
        } catch {
            throw UsageError(error.localizedDescription)
        }
        probe = DoctorProbe(transport: transport, authority: authority, clientID: target.clientID)
    }

    /// Every check, in the checklist's order.
    func run() async -> [DoctorCheck] {
        let discovered = await discovery()
        let native = await nativeAuth()
        // Without native authentication every start is refused, which would read as "no redirect".
        let types = native.status == .pass ? await challengeTypes()
            : DoctorCheck(id: "challengeTypes", status: .warn, summary: "Not checked: native authentication is not available.",
                          fix: "Fix the native authentication check first.")
        return [https()] + discovered.checks + [native, types, capabilities(), smsAuthority(issuerTenantID: discovered.tenantID)]
    }

    /// The app's challenge types other than `redirect`, which every request adds (docs/protocol.md §N1.4).
    private var sentTypes: [ChallengeType] { target.challengeTypes.map(ChallengeType.init(wireValue:)).filter { $0 != .redirect } }
    private var sentCapabilities: [Capability] { target.capabilities.map(Capability.init(wireValue:)) }

    /// A new address each time, at a reserved domain (RFC 2606), so no real person gets mail.
    private static func randomAddress() -> String { "doctor-\(UUID().uuidString.prefix(8).lowercased())@example.invalid" }

    func https() -> DoctorCheck {
        let scheme = target.authority.scheme?.lowercased()
        if scheme == "https" { return DoctorCheck(id: "https", status: .pass, summary: "The authority uses HTTPS.") }
        if let host = target.authority.host, NativeAuthConfiguration.isLoopback(host) {
            return DoctorCheck(id: "https", status: .pass, summary: "Plain HTTP on loopback (an emulator); a real tenant is HTTPS only.")
        }
        return DoctorCheck(id: "https", status: .fail, summary: "The authority is not HTTPS.",
                           fix: "Use https://SUB.ciamlogin.com/TENANT-ID.")
    }

    /// Discovery, the issuer's shape and the clock, from one `GET` (always these three checks, so a script finds
    /// every id whatever failed).
    func discovery() async -> (checks: [DoctorCheck], tenantID: String?) {
        let response: HTTPResponse
        do {
            response = try await probe.discovery()
        } catch {
            return ([DoctorCheck(id: "discovery", status: .fail, summary: "Discovery did not answer: \(probe.describe(error))",
                                 fix: "Check the authority's host and the network (proxy, --ca-file for a private CA)."),
                     Self.issuerUnread, DoctorCheck(id: "clock", status: .warn, summary: "No answer, so the clock was not compared.")], nil)
        }
        let url = probe.authority.endpoint("/v2.0/.well-known/openid-configuration").absoluteString
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        guard response.status == 200, let issuer = object?["issuer"] as? String else {
            return ([DoctorCheck(id: "discovery", status: .fail, summary: "Discovery at \(url) answered HTTP \(response.status) without an issuer.",
                                 fix: "Check the authority's tenant path: the tenant id, or NAME.onmicrosoft.com of an external tenant."),
                     Self.issuerUnread, clock(response)], nil)
        }
        let (issuerCheck, tenantID) = issuerShape(issuer)
        return ([DoctorCheck(id: "discovery", status: .pass, summary: "Discovery answered at \(url)."), issuerCheck, clock(response)], tenantID)
    }

    private static let issuerUnread = DoctorCheck(id: "issuer", status: .fail, summary: "No issuer could be read (discovery failed).",
                                                  fix: "Fix discovery first.")

    /// External ID issuers are `https://TENANT-ID.ciamlogin.com/TENANT-ID/v2.0` (the emulator's: its origin
    /// instead of the host); a workforce tenant's is on `login.microsoftonline.com`.
    func issuerShape(_ issuer: String) -> (DoctorCheck, String?) {
        let printable = issuer.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(String.init).joined()
        guard let url = URL(string: issuer), let host = url.host?.lowercased() else {
            return (DoctorCheck(id: "issuer", status: .fail, summary: "The issuer \(printable) is not a URL.",
                                fix: "The authority does not lead to an Entra tenant; check its host."), nil)
        }
        let parts = url.path.split(separator: "/").map(String.init)
        let tenantID = parts.count >= 2 && parts.last == "v2.0" ? parts[parts.count - 2] : nil
        guard let tenantID, UUID(uuidString: tenantID) != nil else {
            return (DoctorCheck(id: "issuer", status: .fail, summary: "The issuer \(printable) is not TENANT-ID/v2.0.",
                                fix: "The authority does not lead to an Entra tenant; check its host and tenant path."), nil)
        }
        if host == "login.microsoftonline.com" || host.hasSuffix(".b2clogin.com") {
            return (DoctorCheck(id: "issuer", status: .fail, summary: "The issuer \(printable) is a workforce or B2C tenant's.",
                                fix: "Native authentication needs an external tenant: use its https://SUB.ciamlogin.com/ authority."), tenantID)
        }
        if host.hasSuffix(".ciamlogin.com") || NativeAuthConfiguration.isLoopback(host) {
            return (DoctorCheck(id: "issuer", status: .pass, summary: "The issuer \(printable) is an external tenant's (tenant id \(tenantID))."), tenantID)
        }
        return (DoctorCheck(id: "issuer", status: .warn, summary: "The issuer \(printable) is on a custom domain.",
                            fix: "Fine for a custom URL domain; otherwise use https://SUB.ciamlogin.com/\(tenantID)."), tenantID)
    }

    /// The tenant's `Date` header against the local clock.
    func clock(_ response: HTTPResponse) -> DoctorCheck {
        let header = response.headers.first { $0.key.lowercased() == "date" }?.value
        guard let header, let date = HTTPDateParser.date(header) else {
            return DoctorCheck(id: "clock", status: .warn, summary: "The answer had no readable Date header; the clock was not compared.")
        }
        let skew = now().timeIntervalSince(date)
        // The header has whole seconds: a difference under two is agreement.
        if abs(skew) < 2 { return DoctorCheck(id: "clock", status: .pass, summary: "This machine's clock agrees with the tenant's Date header.") }
        let words = "\(Int(abs(skew).rounded())) s \(skew >= 0 ? "ahead of" : "behind") the tenant"
        guard abs(skew) <= Self.maxSkew else {
            return DoctorCheck(id: "clock", status: .fail, summary: "This machine's clock is \(words).",
                               fix: "Set the clock right (e.g. `timedatectl set-ntp true`): tokens and codes are judged by time.")
        }
        return DoctorCheck(id: "clock", status: .pass, summary: "This machine's clock is \(words) (within \(Int(Self.maxSkew)) s).")
    }

    /// A sign-in start with a random address: `user_not_found` means native authentication answers for this app.
    func nativeAuth() async -> DoctorCheck {
        let answer: DoctorProbe.Answer
        do {
            answer = try await probe.start(.signInInitiate, username: Self.randomAddress(), challengeTypes: sentTypes + [.redirect],
                                           capabilities: sentCapabilities)
        } catch {
            return DoctorCheck(id: "nativeAuth", status: .fail, summary: "The sign-in start did not answer: \(probe.describe(error))",
                               fix: "Check the network and the authority.")
        }
        let seen = [answer.error, answer.suberror, answer.code.map { "AADSTS\($0)" }].compactMap { $0 }.joined(separator: ", ")
        switch (answer.error, answer.suberror, answer.code) {
        case ("user_not_found", _, _):
            return DoctorCheck(id: "nativeAuth", status: .pass,
                               summary: "Native authentication is enabled for client \(target.clientID) (a random address got user_not_found).")
        case (_, "nativeauthapi_disabled", _):
            return DoctorCheck(id: "nativeAuth", status: .fail, summary: "Native authentication is disabled for this app (\(seen)).",
                               fix: "Entra admin center > App registrations > the app > Authentication > Settings: enable native authentication.")
        case (_, _, AADSTSCode.confidentialClient?):
            return DoctorCheck(id: "nativeAuth", status: .fail, summary: "The app is a confidential client (\(seen)); native authentication needs a public one.",
                               fix: "App registrations > the app > Authentication: allow public client flows, and use no client secret.")
        case ("unauthorized_client", _, _):
            return DoctorCheck(id: "nativeAuth", status: .fail, summary: "The tenant does not know client \(target.clientID) (\(seen)).",
                               fix: "Use the Application (client) ID from App registrations > the app > Overview, in this tenant.")
        case ("invalid_client", _, _):
            return DoctorCheck(id: "nativeAuth", status: .fail, summary: "The tenant refused the client (\(seen)).",
                               fix: "Check the app registration: a public client with native authentication enabled.")
        case (nil, _, _) where answer.redirected:
            return DoctorCheck(id: "nativeAuth", status: .fail, summary: "The sign-in start answered with the web fallback, not native authentication.",
                               fix: "See the challenge types check below.")
        default:
            return DoctorCheck(id: "nativeAuth", status: .fail,
                               summary: "Unexpected answer to a sign-in start: HTTP \(answer.status) \(seen.isEmpty ? "" : "(\(seen))").",
                               fix: "Check the authority and client id; the HAR of a console session (--har) shows the exchange.")
        }
    }

    /// Sign-up starts with a random address (nothing is sent to it) with the app's challenge types and with each
    /// narrower set: which force the web fallback.
    func challengeTypes() async -> DoctorCheck {
        let candidates: [[ChallengeType]] = [sentTypes, [.oob, .password], [.oob], [.password]]
        var tried: [[ChallengeType]] = []
        var redirecting: [[ChallengeType]] = []
        for types in candidates where !tried.contains(types) && !types.isEmpty {
            tried.append(types)
            guard let answer = try? await probe.start(.signUpStart, username: Self.randomAddress(), challengeTypes: types + [.redirect],
                                                      capabilities: sentCapabilities) else {
                return DoctorCheck(id: "challengeTypes", status: .fail, summary: "The sign-up start did not answer.", fix: "Check the network.")
            }
            if answer.redirected { redirecting.append(types) }
        }
        let listed = redirecting.map { $0.map(\.wireValue).joined(separator: "+") }
        let sent = sentTypes.map(\.wireValue).joined(separator: ",")
        if redirecting.contains(sentTypes) {
            return DoctorCheck(id: "challengeTypes", status: .fail,
                               summary: "Sign-up with the app's challenge types (\(sent)) is sent to the browser (redirect).",
                               fix: "Send the types the user flow needs: --challenge-types oob,password, and allow them on the app registration.")
        }
        let detail = listed.isEmpty ? "no narrower set is sent to the browser"
            : "sending only \(listed.joined(separator: " or only ")) would be sent to the browser"
        return DoctorCheck(id: "challengeTypes", status: .pass, summary: "Sign-up starts natively with \(sent); \(detail).")
    }

    func capabilities() -> DoctorCheck {
        let missing = Capability.known.filter { !sentCapabilities.contains($0) }.map(\.wireValue)
        guard missing.isEmpty else {
            return DoctorCheck(id: "capabilities", status: .warn, summary: "The app does not declare \(missing.joined(separator: ", ")).",
                               fix: "Users who need MFA or must register a method are sent to the browser; declare "
                                   + "--capabilities mfa_required,registration_required.")
        }
        return DoctorCheck(id: "capabilities", status: .pass, summary: "The app declares mfa_required and registration_required.")
    }

    /// The known issue: SMS codes fail under `SUB.ciamlogin.com/SUB.onmicrosoft.com`; the tenant-id path works.
    func smsAuthority(issuerTenantID: String?) -> DoctorCheck {
        let segment = target.authority.path.split(separator: "/").first.map(String.init) ?? ""
        if UUID(uuidString: segment) != nil {
            return DoctorCheck(id: "smsAuthority", status: .pass, summary: "The authority names the tenant by id (SMS codes work).")
        }
        var better = "https://\(target.authority.host ?? "SUB.ciamlogin.com")"
        if let port = target.authority.port { better += ":\(port)" }
        better += "/\(issuerTenantID ?? "TENANT-ID")"
        return DoctorCheck(id: "smsAuthority", status: .warn,
                           summary: "The authority names the tenant by domain (\(segment)): SMS one-time passcodes (MFA, registration) fail with it (known issue).",
                           fix: "If the tenant uses SMS, use --authority \(better).")
    }

}
