import Foundation
import Testing
import TenantEmulator
import TophhieCloudAuthentication

/// A throttled native-auth call, from the emulator's 429 over loopback to the framework's error.
@Suite("Throttling over loopback", .serialized)
struct ThrottlingTests {
    @Test("a 429 reaches the caller with its Retry-After and the envelope's error, AADSTS code, trace and correlation ids")
    func aThrottledAnswerKeepsItsDetails() async throws {
        try await withFrameworkRun(preset: "email-password", checkRedaction: false) { run in
            // Longer than the framework's own single wait (10 s), so the caller sees it.
            let fault = #"{"endpoint": "/oauth2/v2.0/initiate", "kind": "http429", "seconds": 30}"#
            _ = run.server.emulator.handle(EmulatorRequest(method: "POST", path: "/emulator/v1/faults", body: Data(fault.utf8)))
            do {
                _ = try await run.auth.signIn(email: "jane.doe@contoso.com", password: "Blue-Harbor-7419!")
                Issue.record("a throttled sign-in succeeded")
            } catch let error as NativeAuthError {
                guard case .throttled(let seconds, let details) = error else {
                    Issue.record("expected throttled, got \(error)")
                    return
                }
                #expect(seconds == 30)
                #expect(details.status == 429)
                #expect(details.error == "temporarily_unavailable" && details.code == 90055, "\(details)")
                #expect(details.traceID != nil && details.correlationID != nil, "\(details)")
                let line = details.description
                #expect(line.contains("temporarily_unavailable") && line.contains("AADSTS90055") && line.contains("trace id "), "\(line)")
            }
        }
    }
}
