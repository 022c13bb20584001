import Foundation
import Testing
import TophhieCloudAuthentication
@testable import AccountFlow

/// The advice after repeated wrong codes agrees with the actions offered: "send a new code" only while
/// "Resend code" can be pressed; and a new code starts the count of wrong tries again.
@Suite struct CodeAdviceTests {
    /// A code screen after three refusals, its resend countdown (30 s) started at `Sample.start`, seen at `now`.
    static func state(at now: Date) -> FlowState {
        FlowState(settings: FlowSettings(), step: .codeEntry(CodeEntry(
            purpose: .signIn, delivery: Sample.delivery, codeError: CodeEntry.wrongCodeRepeatedly,
            resend: Countdown(seconds: 30, startedAt: Sample.start), wrongAttempts: 3)),
                  origin: FlowOrigin(kind: .signIn, email: Sample.email), now: now)
    }

    static func advice(_ screen: Screen) -> String { screen.fields.first?.error ?? "" }
    static func resendOffered(_ screen: Screen) -> Bool {
        screen.actions.contains { $0.event == .resendRequested && $0.enabled }
    }

    @Test func whileResendWaitsTheAdviceSaysWhenNotToSendANewCode() {
        let screen = Self.state(at: Sample.start + 10).screen
        #expect(!Self.resendOffered(screen))
        #expect(!Self.advice(screen).contains("send a new code"), "\(Self.advice(screen))")
        #expect(Self.advice(screen) == "That code isn't right. After several wrong tries a code can stop working: if you are sure of it, "
            + "start again, or wait 20 s to ask for a new code.")
    }

    @Test func onceResendIsOfferedTheAdviceNamesIt() {
        let screen = Self.state(at: Sample.start + 30).screen
        #expect(Self.resendOffered(screen))
        #expect(Self.advice(screen) == CodeEntry.wrongCodeRepeatedly)
        #expect(Self.advice(screen).contains("send a new code"))
    }

    @Test func aNewCodeStartsTheWrongTriesAgain() {
        var state = Self.state(at: Sample.start + 30)
        state.pending = .resendingCode
        var store = FlowStore(state)
        store.send(.codeResent(.success(Sample.delivery))) {
            $0.pending = nil
            $0.code {
                $0.codeError = nil
                $0.notice = "A new code was sent to a***@co***.example. The previous code no longer works."
                $0.resend = Countdown(seconds: 30, startedAt: Sample.start + 30)
                $0.wrongAttempts = 0
            }
        }
        store.send(.fieldEdited(.code, "11111111")) { $0.code { $0.code = "11111111" } }
        store.send(.submitted, effects: [.submit(.code("11111111"))]) { $0.pending = .checkingCode; $0.code { $0.notice = nil } }
        store.send(.signInAdvanced(.failure(.invalidCode(Sample.details)))) {
            $0.pending = nil
            $0.code { $0.code = ""; $0.wrongAttempts = 1; $0.codeError = CodeEntry.wrongCode }
        }
    }
}
