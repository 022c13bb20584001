import Foundation
import Testing
@testable import AccountFlow

/// The operator's tenant snapshot screen: read from the account screen, shown as a summary, saved; a failed
/// read can be retried, a failed save stays on the summary; enrolment mode has none of it. Source:
/// docs/tenant-snapshot.md.
@Suite struct TenantFlowTests {
    static let summary = TenantSummary(
        flows: ["Customers: email with password; 1 app"], attributes: ["Customers #2 city (text, required)"],
        methods: ["Email OTP: enabled", "SMS: disabled"], applications: ["8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48: public client, native auth all, 1 redirect URI"],
        mfaPolicies: [], notRead: ["mfaPolicies: HTTP 403 Authorization_RequestDenied: the operator lacks Policy.Read.All or a directory role for it"])

    @Test func theSummaryIsReadFromTheAccountScreenAndSaved() {
        var store = GraphFlowTests.onAccount()
        store.send(.tenantRequested, effects: [.loadTenant]) { $0.pending = .readingTenant }
        store.send(.tenantLoaded(.success(Self.summary))) {
            $0.pending = nil
            $0.step = .tenant(TenantView(summary: Self.summary))
        }
        let screen = store.state.screen
        #expect(screen.details.contains(ScreenDetail("Attribute", "Customers #2 city (text, required)")))
        #expect(screen.details.contains { $0.label == "Not read" && $0.value.hasPrefix("mfaPolicies: HTTP 403") })
        #expect(screen.details.contains(ScreenDetail("MFA policy", "none")))
        store.send(.tenantSaveRequested, effects: [.saveTenant]) { $0.pending = .savingTenant }
        store.send(.tenantSaved(.success("/tmp/tenant-snapshot.json"))) {
            $0.pending = nil
            $0.step = .tenant(TenantView(summary: Self.summary, notice: "Saved to /tmp/tenant-snapshot.json"))
        }
        store.send(.tenantSaveRequested, effects: [.saveTenant]) {
            $0.pending = .savingTenant
            $0.step = .tenant(TenantView(summary: Self.summary))
        }
        store.send(.tenantSaved(.failure(GraphFailure(kind: .other, message: "The snapshot could not be written: Permission denied")))) {
            $0.pending = nil
            $0.step = .tenant(TenantView(summary: Self.summary, saveFailure: "The snapshot could not be written: Permission denied"))
        }
        #expect(store.state.screen.message == "The snapshot could not be written: Permission denied")
        store.send(.backRequested) { $0.step = .signedIn(Sample.account) }
    }

    @Test func aFailedReadCanBeRetriedAndEnrolmentModeHasNone() {
        var store = GraphFlowTests.onAccount()
        store.send(.tenantRequested, effects: [.loadTenant]) { $0.pending = .readingTenant }
        store.send(.tenantLoaded(.failure(GraphFailure(kind: .network, message: "Network failure: The server could not be reached.")))) {
            $0.pending = nil
            $0.step = .failure(FailureReport(message: "Network failure: The server could not be reached.", detail: nil, retryStep: .signedIn(Sample.account)))
        }
        var enrolment = Sample.utcSettings
        enrolment.enrolmentMode = true
        var kiosk = GraphFlowTests.onAccount(settings: enrolment)
        kiosk.send(.tenantRequested)
        #expect(!kiosk.state.screen.actions.contains { $0.label == "Tenant snapshot" })
    }
}
