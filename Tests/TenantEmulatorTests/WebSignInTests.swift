import Foundation
import Testing
@testable import TenantEmulator

@Suite("Web sign-in")
struct WebSignInTests {
    func pagePath(_ harness: Harness, common: Bool = true) -> String {
        (common ? "/common" : harness.tenantPath) + "/oauth2/deviceauth"
    }

    @Test("device page: user code, email, wrong then right password → signed in; the poll then gets tokens")
    func devicePagePassword() throws {
        let harness = try Harness()
        let answer = try harness.deviceAuthorization()
        let path = pagePath(harness)
        let first = harness.get(path)
        #expect(first.status == 200 && first.headers["Content-Type"] == "text/html; charset=utf-8")
        let page = html(first)
        for id in [#"id="user_code""#, #"id="next""#, #"name="flow""#, #"action="/common/oauth2/deviceauth""#] { #expect(page.contains(id), "\(id)") }
        let flow = try flowHandle(first)
        let typed = (userCode(answer)).lowercased().replacingOccurrences(of: "-", with: "")
        let emailPage = html(harness.postForm(path, ["flow": flow, "user_code": typed, "action": "next"]))
        #expect(emailPage.contains(#"id="username""#) && emailPage.contains(#"id="cancel""#), "a user code typed in lower case without the hyphen is accepted")
        let passwordPage = html(harness.postForm(path, ["flow": flow, "username": "jane.doe@contoso.com", "action": "next"]))
        #expect(passwordPage.contains(#"id="password""#) && passwordPage.contains(#"type="password""#))
        #expect(!passwordPage.contains("Blue-Harbor"))
        let wrong = html(harness.postForm(path, ["flow": flow, "password": "nope", "action": "next"]))
        #expect(wrong.contains(#"id="error""#) && wrong.contains("incorrect") && wrong.contains(#"id="password""#))
        harness.advance(5)
        #expect(harness.poll(deviceCode(answer)).jsonObject?["error"] as? String == "authorization_pending")
        let signedIn = harness.postForm(path, ["flow": flow, "password": "Blue-Harbor-7419!", "action": "next"])
        let done = html(signedIn)
        #expect(done.contains("You have signed in") && done.contains("close this window"))
        #expect(signedIn.headers["Set-Cookie"]?.hasPrefix("ESTSAUTH=") == true, "the browser now has a session")
        harness.advance(5)
        let tokens = harness.poll(deviceCode(answer))
        #expect(tokens.status == 200 && tokens.jsonObject?["client_info"] is String)
        #expect(harness.postForm(path, ["flow": flow, "password": "Blue-Harbor-7419!"]).status == 200, "a spent flow restarts at the code page")
    }

    @Test("device page under the tenant path and the v2.0 spelling; common is refused for other routes")
    func pagePaths() throws {
        let harness = try Harness()
        #expect(html(harness.get(harness.tenantPath + "/oauth2/deviceauth")).contains(#"id="user_code""#))
        #expect(html(harness.get("/common/oauth2/v2.0/deviceauth")).contains(#"id="user_code""#))
        #expect(harness.get("/common/oauth2/v2.0/authorize", harness.authorizeQuery()).status == 404)
        #expect(harness.postForm("/common/oauth2/v2.0/devicecode", ["client_id": clientID, "scope": "openid"]).status == 404)
    }

    @Test("a wrong user code re-shows the form with a message; outside input is HTML-escaped")
    func invalidInput() throws {
        let harness = try Harness()
        let path = pagePath(harness)
        let flow = try flowHandle(harness.get(path))
        let wrong = html(harness.postForm(path, ["flow": flow, "user_code": "ZZZZ-ZZZZ"]))
        #expect(wrong.contains(#"id="error""#) && wrong.contains(#"id="user_code""#))
        let code = userCode(try harness.deviceAuthorization())
        _ = harness.postForm(path, ["flow": flow, "user_code": code])
        let hostile = html(harness.postForm(path, ["flow": flow, "username": #""><script>alert(1)</script>"#]))
        #expect(!hostile.contains("<script>alert(1)"))
        #expect(hostile.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(HTML.escape(#"<a href='x'>"&"#) == "&lt;a href=&#39;x&#39;&gt;&quot;&amp;")
        let unknownFlow = html(harness.postForm(path, ["flow": "forged", "user_code": code]))
        #expect(unknownFlow.contains("expired") && unknownFlow.contains(#"id="user_code""#))
    }

    @Test("MFA on the page: after the password, a code to the user's method (outbox, purpose mfa); a wrong code is refused")
    func devicePageMFA() throws {
        let harness = try Harness(preset: "mfa")
        let answer = try harness.deviceAuthorization()
        let path = pagePath(harness)
        let flow = try flowHandle(harness.get(path))
        _ = harness.postForm(path, ["flow": flow, "user_code": userCode(answer)])
        _ = harness.postForm(path, ["flow": flow, "username": "jane.doe@contoso.com"])
        let codePage = html(harness.postForm(path, ["flow": flow, "password": "Blue-Harbor-7419!"]))
        #expect(codePage.contains(#"id="code""#) && codePage.contains("Verify your identity"))
        let message = try #require(harness.emulator.outbox.messages().last)
        #expect(message.purpose == .mfa && message.to == "jane.backup@contoso.com")
        #expect(!codePage.contains(message.code))
        #expect(html(harness.postForm(path, ["flow": flow, "code": "00000000"])).contains(#"id="error""#))
        #expect(html(harness.postForm(path, ["flow": flow, "code": message.code])).contains("You have signed in"))
        let refresh = try #require(harness.poll(deviceCode(answer)).jsonObject?["refresh_token"] as? String)
        let refreshed = harness.post(.token, ["client_id": clientID, "grant_type": "refresh_token", "refresh_token": refresh])
        #expect(refreshed.status == 200, "the refresh token remembers that MFA was done")
    }

    @Test("code-only account on the page: an emailed code (outbox, purpose signIn) signs in")
    func devicePageEmailCode() throws {
        let harness = try Harness(preset: "email-otp")
        let answer = try harness.deviceAuthorization()
        let path = pagePath(harness)
        let flow = try flowHandle(harness.get(path))
        _ = harness.postForm(path, ["flow": flow, "user_code": userCode(answer)])
        let codePage = html(harness.postForm(path, ["flow": flow, "username": "alex.kim@contoso.com"]))
        #expect(codePage.contains(#"id="code""#) && !codePage.contains(#"id="password""#))
        let message = try #require(harness.emulator.outbox.latest(to: "alex.kim@contoso.com"))
        #expect(message.purpose == .signIn)
        #expect(html(harness.postForm(path, ["flow": flow, "code": message.code])).contains("You have signed in"))
        #expect(harness.poll(deviceCode(answer)).status == 200)
    }

    @Test("Cancel on the device page declines the device code")
    func devicePageCancel() throws {
        let harness = try Harness()
        let answer = try harness.deviceAuthorization()
        let path = pagePath(harness)
        let flow = try flowHandle(harness.get(path))
        _ = harness.postForm(path, ["flow": flow, "user_code": userCode(answer)])
        #expect(html(harness.postForm(path, ["flow": flow, "action": "cancel"])).contains("cancelled"))
        #expect(harness.poll(deviceCode(answer)).jsonObject?["error"] as? String == "authorization_declined")
    }

    @Test("discovery lists the device, logout and response-mode members; x-emulator-scheme https makes it https")
    func discovery() throws {
        let harness = try Harness()
        let path = harness.tenantPath + "/v2.0/.well-known/openid-configuration"
        let plain = try #require(harness.get(path, headers: ["host": "login.test:8443"]).jsonObject)
        let tenant = harness.emulator.tenantID
        #expect(plain["device_authorization_endpoint"] as? String == "http://login.test:8443/\(tenant)/oauth2/v2.0/devicecode")
        #expect(plain["end_session_endpoint"] as? String == "http://login.test:8443/\(tenant)/oauth2/v2.0/logout")
        #expect(plain["response_modes_supported"] as? [String] == ["query", "fragment", "form_post"])
        let secure = try #require(harness.get(path, headers: ["host": "login.test:8443", "x-emulator-scheme": "https"]).jsonObject)
        #expect(secure["issuer"] as? String == "https://login.test:8443/\(tenant)/v2.0")
        #expect(secure["token_endpoint"] as? String == "https://login.test:8443/\(tenant)/oauth2/v2.0/token")
        let noHost = try #require(harness.get(path, headers: ["x-emulator-scheme": "https"]).jsonObject)
        #expect(noHost["issuer"] as? String == "https://127.0.0.1/\(tenant)/v2.0")
    }

    @Test("client_info=1 is honoured on every grant, not only client_info=true (trap 5)")
    func clientInfoOne() throws {
        let harness = try Harness()
        let token = try harness.signInPasswordToken("jane.doe@contoso.com")
        let answer = harness.post(.token, ["client_id": clientID, "continuation_token": token, "grant_type": "password", "username": "jane.doe@contoso.com",
                                           "password": "Blue-Harbor-7419!", "scope": "openid offline_access", "client_info": "1"])
        #expect(answer.jsonObject?["client_info"] is String)
        let refresh = try #require(answer.jsonObject?["refresh_token"] as? String)
        let without = harness.post(.token, ["client_id": clientID, "grant_type": "refresh_token", "refresh_token": refresh])
        #expect(without.status == 200 && without.jsonObject?["client_info"] == nil, "only when asked")
    }

    @Test("the page refuses an expired or used user code, a malformed email and an unknown account, each with a message")
    func pageRefusals() throws {
        let harness = try Harness()
        let path = pagePath(harness)
        let expired = try harness.deviceAuthorization()
        harness.advance(900)
        var flow = try flowHandle(harness.get(path))
        #expect(html(harness.postForm(path, ["flow": flow, "user_code": userCode(expired)])).contains("expired"))
        let used = try harness.deviceAuthorization()
        _ = harness.control("POST", "devicecodes/\(userCode(used))/deny")
        #expect(html(harness.postForm(path, ["flow": flow, "user_code": userCode(used)])).contains("already been used"))
        let live = try harness.deviceAuthorization()
        flow = try flowHandle(harness.get(path))
        _ = harness.postForm(path, ["flow": flow, "user_code": userCode(live)])
        let malformed = html(harness.postForm(path, ["flow": flow, "username": "not-an-email"]))
        #expect(malformed.contains("valid email") && malformed.contains(#"value="not-an-email""#), "input kept")
        #expect(html(harness.postForm(path, ["flow": flow, "username": "nobody@contoso.com"])).contains("couldn&#39;t find an account"))
    }

    @Test("signing in after the device code expired says so and does not approve it")
    func pageApprovalAfterExpiry() throws {
        let harness = try Harness()
        let answer = try harness.deviceAuthorization()
        let path = pagePath(harness)
        let flow = try flowHandle(harness.get(path))
        _ = harness.postForm(path, ["flow": flow, "user_code": userCode(answer)])
        _ = harness.postForm(path, ["flow": flow, "username": "jane.doe@contoso.com"])
        harness.advance(900)
        let late = html(harness.postForm(path, ["flow": flow, "password": "Blue-Harbor-7419!"]))
        #expect(late.contains("expired") && !late.contains("You have signed in"))
        #expect(harness.poll(deviceCode(answer)).jsonObject?["error"] as? String == "expired_token")
    }

    @Test("a code entered wrongly otp.maxAttempts times is dead: back to the email step for a new code")
    func deadCode() throws {
        let harness = try Harness(preset: "email-otp")
        let answer = try harness.deviceAuthorization()
        let path = pagePath(harness)
        let flow = try flowHandle(harness.get(path))
        _ = harness.postForm(path, ["flow": flow, "user_code": userCode(answer)])
        _ = harness.postForm(path, ["flow": flow, "username": "alex.kim@contoso.com"])
        let code = try #require(harness.emulator.outbox.latest(to: "alex.kim@contoso.com")).code
        for _ in 1..<harness.emulator.policy.otp.maxAttempts {
            #expect(html(harness.postForm(path, ["flow": flow, "code": "99999999"])).contains(#"id="code""#))
        }
        let dead = html(harness.postForm(path, ["flow": flow, "code": "99999999"]))
        #expect(dead.contains(#"id="username""#) && dead.contains("no longer"))
        #expect(html(harness.postForm(path, ["flow": flow, "code": code])).contains(#"id="username""#), "the old code no longer signs in")
    }

    @Test("MFA required and no method to send to: the page refuses (it does not register methods) and approves nothing")
    func mfaWithoutMethod() throws {
        let harness = try Harness(preset: "mfa")
        let answer = try harness.deviceAuthorization()
        let path = pagePath(harness)
        let flow = try flowHandle(harness.get(path))
        _ = harness.postForm(path, ["flow": flow, "user_code": userCode(answer)])
        _ = harness.postForm(path, ["flow": flow, "username": "sam.lee@contoso.com"])
        let refused = html(harness.postForm(path, ["flow": flow, "password": "Green-Valley-3381!"]))
        #expect(refused.contains("verification method") && refused.contains(#"id="username""#))
        #expect(harness.poll(deviceCode(answer)).jsonObject?["error"] as? String == "authorization_pending")
    }
}
