import Foundation
import Testing
@testable import TenantEmulator

@Suite("Fault injection")
struct FaultTests {
    let initiate = ["client_id": clientID, "username": "jane.doe@contoso.com", "challenge_type": allTypes]

    func queue(_ harness: Harness, _ body: String) {
        #expect(harness.control("POST", "faults", body: body).status == 200)
    }

    @Test("http429 answers 429 with Retry-After for `count` requests, then the endpoint works again")
    func throttled() throws {
        let harness = try Harness()
        queue(harness, #"{"endpoint": "/oauth2/v2.0/initiate", "kind": "http429", "count": 2, "seconds": 7}"#)
        for _ in 0..<2 {
            let answer = harness.post(.signInInitiate, initiate)
            #expect(answer.status == 429)
            #expect(answer.headers["Retry-After"] == "7")
        }
        #expect(harness.post(.signInInitiate, initiate).status == 200)
    }

    @Test("http500 answers a server error once")
    func serverError() throws {
        let harness = try Harness()
        queue(harness, #"{"endpoint": "*", "kind": "http500"}"#)
        let failed = harness.post(.signUpStart, ["client_id": clientID, "username": "x@contoso.com", "challenge_type": allTypes])
        #expect(failed.status == 500)
        #expect(failed.jsonObject?["error"] as? String == "server_error")
        #expect(harness.post(.signInInitiate, initiate).status == 200)
    }

    @Test("http503 on the token endpoint answers an HTML 503 page with Retry-After once, then the refresh grant works")
    func serviceUnavailablePage() throws {
        let harness = try Harness()
        queue(harness, #"{"endpoint": "/oauth2/v2.0/token", "kind": "http503", "seconds": 30}"#)
        let refused = harness.post(.token, ["client_id": clientID, "grant_type": "refresh_token", "refresh_token": "anything"])
        #expect(refused.status == 503)
        #expect(refused.headers["Retry-After"] == "30")
        #expect(refused.headers["Content-Type"]?.hasPrefix("text/html") == true && refused.jsonObject == nil)
        let next = harness.post(.token, ["client_id": clientID, "grant_type": "refresh_token", "refresh_token": "anything"])
        #expect(next.status == 400, "the fault is used up: the grant itself answers (an unknown refresh token)")
    }

    @Test("delay asks the server to hold the answer; the answer itself is normal")
    func delay() throws {
        let harness = try Harness()
        queue(harness, #"{"endpoint": "/oauth2/v2.0/initiate", "kind": "delay", "seconds": 3}"#)
        let delayed = harness.post(.signInInitiate, initiate)
        #expect(delayed.delaySeconds == 3)
        #expect(delayed.status == 200 && delayed.jsonObject?["continuation_token"] != nil)
        #expect(harness.post(.signInInitiate, initiate).delaySeconds == 0)
    }

    @Test("expiredToken answers expired_token on a valid token")
    func expiredToken() throws {
        let harness = try Harness()
        let token = try harness.token(.signInInitiate, initiate)
        queue(harness, #"{"endpoint": "/oauth2/v2.0/challenge", "kind": "expiredToken"}"#)
        let answer = harness.post(.signInChallenge, ["client_id": clientID, "continuation_token": token, "challenge_type": allTypes])
        #expect(answer.jsonObject?["error"] as? String == "expired_token")
    }

    @Test("redirect answers the web fallback with a reason")
    func redirect() throws {
        let harness = try Harness()
        queue(harness, #"{"endpoint": "/oauth2/v2.0/initiate", "kind": "redirect"}"#)
        let answer = harness.post(.signInInitiate, initiate)
        #expect(answer.status == 200)
        #expect(answer.jsonObject?["challenge_type"] as? String == "redirect")
        #expect(answer.jsonObject?["redirect_reason"] is String)
        #expect(answer.jsonObject?["continuation_token"] == nil)
    }

    @Test("smsBlocked answers access_denied / provider_blocked_by_rep / 550024 (case 003 by fault)")
    func smsBlocked() throws {
        let harness = try Harness(preset: "mfa")
        let token = try harness.registrationToken("sam.lee@contoso.com", "Green-Valley-3381!")
        queue(harness, #"{"endpoint": "/register/v1.0/challenge", "kind": "smsBlocked"}"#)
        let form = ["client_id": clientID, "continuation_token": token, "challenge_type": "oob", "challenge_target": "+14255550199", "challenge_channel": "sms"]
        let blocked = harness.post(.registerChallenge, form)
        #expect(blocked.jsonObject?["error"] as? String == "access_denied")
        #expect(blocked.jsonObject?["suberror"] as? String == "provider_blocked_by_rep")
        #expect(firstCode(blocked) == 550024)
        #expect(harness.post(.registerChallenge, form).status == 200, "the fault was used up; the same token still works")
    }

    @Test("bad fault requests are refused and GET / DELETE list and clear the queue")
    func faultControl() throws {
        let harness = try Harness()
        #expect(harness.control("POST", "faults", body: #"{"endpoint": "/nope", "kind": "http500"}"#).status == 400)
        #expect(harness.control("POST", "faults", body: #"{"endpoint": "*", "kind": "explode"}"#).status == 400)
        #expect(harness.control("POST", "faults", body: #"{"endpoint": "*", "kind": "delay", "seconds": 9999}"#).status == 400)
        queue(harness, #"{"endpoint": "*", "kind": "http500", "count": 3}"#)
        let listed = try JSONSerialization.jsonObject(with: harness.control("GET", "faults").body) as? [[String: Any]]
        #expect(listed?.first?["count"] as? Int == 3)
        #expect(harness.control("DELETE", "faults").status == 200)
        #expect(harness.post(.signInInitiate, initiate).status == 200)
    }
}
