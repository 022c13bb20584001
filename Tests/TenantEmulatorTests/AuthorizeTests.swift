import Foundation
import Testing
@testable import TenantEmulator

@Suite("Authorize")
struct AuthorizeTests {
    /// Signs in through authorize (query mode) and returns the code.
    func code(_ harness: Harness, _ pkce: PKCE = PKCE(), _ overrides: [String: String] = [:]) throws -> String {
        let redirect = try harness.signInThroughAuthorize(harness.authorizeQuery(pkce, overrides))
        #expect(redirect.status == 302)
        return try #require(harness.redirectItems(redirect)["code"])
    }

    @Test("http://localhost matches any port (and / as the path); other hosts, paths and 127.0.0.1 get the 50011 page, never a redirect",
          arguments: [("http://localhost:53682", true), ("http://localhost:1", true), ("http://localhost:40000/", true),
                      ("http://127.0.0.1:53682", false), ("http://[::1]:53682", false), ("http://localhost:53682/callback", false),
                      ("https://localhost:53682", false), ("http://localhost.evil.example:53682", false), ("http://evil.example", false),
                      ("http://localhost@evil.example:53682", false)])
    func redirectMatching(uri: String, accepted: Bool) throws {
        let harness = try Harness()
        let answer = harness.get(harness.authorizePath, harness.authorizeQuery(PKCE(), ["redirect_uri": uri]))
        #expect(answer.headers["Location"] == nil)
        if accepted {
            #expect(answer.status == 200 && html(answer).contains(#"id="username""#))
        } else {
            #expect(answer.status == 400 && html(answer).contains("AADSTS50011"), "\(uri)")
            #expect(answer.headers["Content-Type"] == "text/html; charset=utf-8")
        }
    }

    @Test("127.0.0.1 is accepted on any port once registered as such; an unknown client gets the 700016 page")
    func registeredLoopbackAndUnknownClient() throws {
        let harness = try Harness { $0.clients[0].redirectURIs.append("http://127.0.0.1") }
        #expect(harness.get(harness.authorizePath, harness.authorizeQuery(PKCE(), ["redirect_uri": "http://127.0.0.1:9000"])).status == 200)
        let unknown = harness.get(harness.authorizePath, harness.authorizeQuery(PKCE(), ["client_id": "00000000-0000-4000-8000-000000000009"]))
        #expect(unknown.status == 400 && html(unknown).contains("AADSTS700016") && unknown.headers["Location"] == nil)
    }

    @Test("query mode: code and state on the redirect, client_info when asked; redemption gives tokens with the nonce")
    func queryModeRoundTrip() throws {
        let harness = try Harness()
        let pkce = PKCE()
        let redirect = try harness.signInThroughAuthorize(harness.authorizeQuery(pkce))
        #expect(redirect.status == 302)
        let location = try #require(redirect.headers["Location"])
        #expect(location.hasPrefix("http://localhost:53682?code="))
        let items = harness.redirectItems(redirect)
        #expect(items["state"] == "st-81f2")
        #expect(items["client_info"] != nil)
        let tokens = harness.redeem(try #require(items["code"]), verifier: pkce.verifier)
        #expect(tokens.status == 200)
        let body = try #require(tokens.jsonObject)
        let claims = jwtClaims(body["id_token"] as? String ?? "")
        #expect(claims["nonce"] as? String == "n-0S6_WzA2Mj")
        #expect(claims["auth_time"] is Int)
        #expect(claims["preferred_username"] as? String == "jane.doe@contoso.com")
        #expect(body["client_info"] as? String == items["client_info"])
        #expect(body["refresh_token"] is String && body["ext_expires_in"] is Int)
        #expect(try harness.signIns(of: "jane.doe@contoso.com") == 1, "logged as a sign-in")
    }

    @Test("without client_info=1 the redirect carries no client_info; without nonce the id token has none; state is echoed as sent")
    func optionalParameters() throws {
        let harness = try Harness()
        let pkce = PKCE()
        let redirect = try harness.signInThroughAuthorize(harness.authorizeQuery(pkce, ["client_info": "", "nonce": "", "state": "a b&c=d"]))
        let items = harness.redirectItems(redirect)
        #expect(items["client_info"] == nil && items["state"] == "a b&c=d")
        let code = try #require(items["code"])
        let body = try #require(harness.redeem(code, verifier: pkce.verifier).jsonObject)
        #expect(jwtClaims(body["id_token"] as? String ?? "")["nonce"] == nil)
    }

    @Test("form_post: an auto-submitting form to the redirect URI with code, state and client_info")
    func formPost() throws {
        let harness = try Harness()
        let answer = try harness.signInThroughAuthorize(harness.authorizeQuery(PKCE(), ["response_mode": "form_post"]))
        #expect(answer.status == 200 && answer.headers["Location"] == nil)
        let page = html(answer)
        #expect(page.contains(#"<form id="response" method="post" action="http://localhost:53682">"#))
        #expect(page.contains(#"document.getElementById("response").submit()"#))
        #expect(hiddenValue(page, "state") == "st-81f2")
        #expect(hiddenValue(page, "code")?.isEmpty == false)
        #expect(hiddenValue(page, "client_info")?.isEmpty == false)
    }

    @Test("PKCE S256 is verified: a wrong verifier is refused with 501481, the right one then works")
    func pkceMismatch() throws {
        let harness = try Harness()
        let pkce = PKCE()
        let code = try code(harness, pkce)
        let wrong = harness.redeem(code, verifier: PKCE(verifier: String(repeating: "a", count: 43)).verifier)
        #expect(wrong.jsonObject?["error"] as? String == "invalid_grant" && firstCode(wrong) == 501481)
        let short = harness.redeem(code, verifier: "short")
        #expect(firstCode(short) == 501481)
        #expect(harness.redeem(code, verifier: pkce.verifier).status == 200)
    }

    @Test("PKCE plain is accepted; a missing challenge, an unknown method and a malformed S256 challenge redirect with invalid_request")
    func pkceVariants() throws {
        let harness = try Harness()
        let verifier = String(repeating: "v", count: 50)
        let plain = try code(harness, PKCE(), ["code_challenge": verifier, "code_challenge_method": "plain"])
        #expect(harness.redeem(plain, verifier: verifier).status == 200)
        for (overrides, code) in [(["code_challenge": ""], 9_002_325), (["code_challenge_method": "S512"], 90100), (["code_challenge": "tooshort"], 501_491)] {
            let refused = harness.get(harness.authorizePath, harness.authorizeQuery(PKCE(), overrides))
            #expect(refused.status == 302, "\(overrides)")
            let items = harness.redirectItems(refused)
            #expect(items["error"] == "invalid_request" && items["state"] == "st-81f2", "\(overrides)")
            #expect(items["error_description"]?.hasPrefix("AADSTS\(code):") == true, "\(overrides)")
        }
    }

    @Test("redirect_uri at /token must be byte-identical to the authorize request's (500112)",
          arguments: ["http://127.0.0.1:53682", "http://localhost:53682/", "http://LOCALHOST:53682", ""])
    func redirectByteIdentical(sent: String) throws {
        let harness = try Harness()
        let pkce = PKCE()
        let code = try code(harness, pkce)
        let refused = harness.redeem(code, verifier: pkce.verifier, redirectURI: sent)
        #expect(refused.jsonObject?["error"] as? String == "invalid_grant" && firstCode(refused) == 500112)
    }

    @Test("a code works once (54005 after), is bound to its client, and dies after 10 minutes (70008)")
    func codeLifecycle() throws {
        let harness = try Harness()
        let pkce = PKCE()
        let first = try code(harness, pkce)
        #expect(harness.redeem(first, verifier: pkce.verifier).status == 200)
        let reused = harness.redeem(first, verifier: pkce.verifier)
        #expect(reused.jsonObject?["error"] as? String == "invalid_grant" && firstCode(reused) == 54005)
        let second = try code(harness, pkce)
        harness.advance(599)
        let third = try code(harness, pkce)
        harness.advance(2)
        #expect(firstCode(harness.redeem(second, verifier: pkce.verifier)) == 70008)
        #expect(harness.redeem(third, verifier: pkce.verifier).status == 200)
        #expect(firstCode(harness.redeem("made-up", verifier: pkce.verifier)) == 70000)
    }

    @Test("the code is bound to its scopes: asking /token for more is invalid_scope")
    func scopeBound() throws {
        let harness = try Harness()
        let pkce = PKCE()
        let code = try code(harness, pkce, ["scope": "openid profile offline_access User.Read"])
        let refused = harness.redeem(code, verifier: pkce.verifier, scope: "openid User.Read Mail.Send")
        #expect(refused.jsonObject?["error"] as? String == "invalid_scope")
        #expect(harness.redeem(code, verifier: pkce.verifier, scope: "openid offline_access user.read").status == 200)
    }

    @Test("Cancel redirects with error=access_denied and the state; prompt=none answers login_required")
    func cancelAndPromptNone() throws {
        let harness = try Harness()
        let page = harness.get(harness.authorizePath, harness.authorizeQuery())
        #expect(html(page).contains(#"id="cancel""#))
        let cancelled = harness.postForm(harness.authorizePath, ["flow": try flowHandle(page), "action": "cancel"])
        #expect(cancelled.status == 302)
        let items = harness.redirectItems(cancelled)
        #expect(items["error"] == "access_denied" && items["state"] == "st-81f2" && items["code"] == nil)
        let none = harness.redirectItems(harness.get(harness.authorizePath, harness.authorizeQuery(PKCE(), ["prompt": "none"])))
        #expect(none["error"] == "login_required" && none["state"] == "st-81f2")
        #expect(harness.get(harness.authorizePath, harness.authorizeQuery(PKCE(), ["prompt": "login"])).status == 200)
        let badType = harness.redirectItems(harness.get(harness.authorizePath, harness.authorizeQuery(PKCE(), ["response_type": "token"])))
        #expect(badType["error"] == "unsupported_response_type")
    }

    @Test("a wrong password on the authorize page re-shows it; the sign-in then completes")
    func authorizeWrongPassword() throws {
        let harness = try Harness()
        let first = harness.get(harness.authorizePath, harness.authorizeQuery())
        let flow = try flowHandle(first)
        _ = harness.postForm(harness.authorizePath, ["flow": flow, "username": "jane.doe@contoso.com"])
        let wrong = harness.postForm(harness.authorizePath, ["flow": flow, "password": "wrong"])
        #expect(wrong.status == 200 && html(wrong).contains(#"id="error""#))
        #expect(harness.postForm(harness.authorizePath, ["flow": flow, "password": "Blue-Harbor-7419!"]).status == 302)
        #expect(harness.postForm(harness.authorizePath, ["flow": flow, "password": "Blue-Harbor-7419!"]).status == 400, "the flow is spent")
    }

    @Test("logout follows a registered post_logout_redirect_uri with the state; otherwise the signed-out page")
    func logout() throws {
        let harness = try Harness()
        let path = harness.tenantPath + "/oauth2/v2.0/logout"
        let followed = harness.get(path, ["post_logout_redirect_uri": "http://localhost:8400", "state": "s1"])
        #expect(followed.status == 302 && followed.headers["Location"] == "http://localhost:8400?state=s1")
        let posted = harness.postForm(path, ["post_logout_redirect_uri": "http://localhost:8400/", "client_id": clientID])
        #expect(posted.status == 302 && posted.headers["Location"] == "http://localhost:8400/")
        for query in [["post_logout_redirect_uri": "https://evil.example/", "state": "s1"], [:]] {
            let page = harness.get(path, query)
            #expect(page.status == 200 && page.headers["Location"] == nil && html(page).contains("You have signed out"))
        }
    }

    @Test("response_mode fragment and an unknown mode; missing scope; an unknown prompt; login_hint fills the email")
    func requestChecks() throws {
        let harness = try Harness()
        let pkce = PKCE()
        let fragment = try harness.signInThroughAuthorize(harness.authorizeQuery(pkce, ["response_mode": "fragment"]))
        #expect(fragment.headers["Location"]?.hasPrefix("http://localhost:53682#code=") == true)
        for overrides in [["response_mode": "web_message"], ["scope": ""], ["prompt": "sometimes"]] {
            let items = harness.redirectItems(harness.get(harness.authorizePath, harness.authorizeQuery(pkce, overrides)))
            #expect(items["error"] == "invalid_request" && items["state"] == "st-81f2", "\(overrides)")
        }
        let hinted = html(harness.get(harness.authorizePath, harness.authorizeQuery(pkce, ["login_hint": "jane.doe@contoso.com"])))
        #expect(hinted.contains(#"value="jane.doe@contoso.com""#))
    }

    @Test("a code redeemed by another client is refused (70000); a registered URI with a query gets the code appended with &")
    func otherClientAndQueryRedirect() throws {
        let other = "6a1d3f7e-2b4c-4d5e-8f90-1a2b3c4d5e6f"
        let harness = try Harness {
            $0.clients[0].redirectURIs.append("https://app.example/cb?tenant=1")
            $0.clients.append(.init(clientID: other, nativeAuth: false, publicClient: true))
        }
        let pkce = PKCE()
        let code = try code(harness, pkce)
        let stolen = harness.post(.token, ["client_id": other, "grant_type": "authorization_code", "code": code,
                                           "redirect_uri": Harness.loopbackRedirect, "code_verifier": pkce.verifier])
        #expect(stolen.jsonObject?["error"] as? String == "invalid_grant" && firstCode(stolen) == 70000)
        let exact = try harness.signInThroughAuthorize(harness.authorizeQuery(pkce, ["redirect_uri": "https://app.example/cb?tenant=1"]))
        #expect(exact.headers["Location"]?.hasPrefix("https://app.example/cb?tenant=1&code=") == true)
        let logout = harness.get(harness.tenantPath + "/oauth2/v2.0/logout", ["post_logout_redirect_uri": "http://localhost:8400", "client_id": other])
        #expect(logout.status == 200 && logout.headers["Location"] == nil, "only the named client's registrations count")
    }

    @Test("a page sign-in starts a browser session: then prompt=none and no prompt issue a code at once, prompt=login asks again, logout ends it")
    func browserSession() throws {
        let harness = try Harness()
        let pkce = PKCE()
        let signedIn = try harness.signInThroughAuthorize(harness.authorizeQuery(pkce))
        let setCookie = try #require(signedIn.headers["Set-Cookie"])
        #expect(setCookie.hasPrefix("ESTSAUTH=") && setCookie.contains("HttpOnly") && !setCookie.contains("Secure"))
        let cookie = ["cookie": "other=1; " + String(setCookie.prefix { $0 != ";" })]
        harness.advance(60)
        let silent = harness.get(harness.authorizePath, harness.authorizeQuery(pkce, ["prompt": "none", "nonce": "second"]), headers: cookie)
        #expect(silent.status == 302)
        let silentItems = harness.redirectItems(silent)
        #expect(silentItems["state"] == "st-81f2" && silentItems["client_info"] != nil)
        let code = try #require(silentItems["code"])
        let claims = jwtClaims(harness.redeem(code, verifier: pkce.verifier).jsonObject?["id_token"] as? String ?? "")
        #expect(claims["nonce"] as? String == "second", "the new request's nonce")
        #expect((claims["iat"] as? Int ?? 0) - (claims["auth_time"] as? Int ?? 0) >= 60, "auth_time is when the user signed in")
        #expect(harness.redirectItems(harness.get(harness.authorizePath, harness.authorizeQuery(pkce), headers: cookie))["code"] != nil, "single sign-on")
        #expect(harness.get(harness.authorizePath, harness.authorizeQuery(pkce, ["prompt": "login"]), headers: cookie).status == 200)
        let forged = harness.get(harness.authorizePath, harness.authorizeQuery(pkce, ["prompt": "none"]), headers: ["cookie": "ESTSAUTH=forged"])
        #expect(harness.redirectItems(forged)["error"] == "login_required")
        let logout = harness.get(harness.tenantPath + "/oauth2/v2.0/logout", [:], headers: cookie)
        #expect(logout.headers["Set-Cookie"]?.contains("Max-Age=0") == true)
        let after = harness.get(harness.authorizePath, harness.authorizeQuery(pkce, ["prompt": "none"]), headers: cookie)
        #expect(harness.redirectItems(after)["error"] == "login_required")
    }

    @Test("a browser session lasts a day of virtual time; over https its cookie is Secure")
    func browserSessionExpiry() throws {
        let harness = try Harness()
        let pkce = PKCE()
        let https = ["x-emulator-scheme": "https"]
        let signedIn = try harness.signInThroughAuthorize(harness.authorizeQuery(pkce), headers: https)
        let setCookie = try #require(signedIn.headers["Set-Cookie"])
        #expect(setCookie.contains("; Secure"))
        let cookie = ["cookie": String(setCookie.prefix { $0 != ";" })]
        harness.advance(86_399)
        #expect(harness.get(harness.authorizePath, harness.authorizeQuery(pkce, ["prompt": "none"]), headers: cookie).status == 302)
        harness.advance(1)
        #expect(harness.redirectItems(harness.get(harness.authorizePath, harness.authorizeQuery(pkce, ["prompt": "none"]), headers: cookie))["error"] == "login_required")
    }
}
