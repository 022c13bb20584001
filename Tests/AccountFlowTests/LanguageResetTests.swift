import Foundation
import Localization
import Testing
@testable import AccountFlow

/// An enrolment desk's person picks a language; the idle reset gives the next person the desk's again.
@Suite struct LanguageResetTests {
    @Test func idleResetForgetsThePersonsLanguageAndSaysSoInTheDesks() {
        var settings = FlowSettings(enrolmentMode: true, idleReset: 120)
        settings.deskLanguage = "en"
        var state = FlowState(settings: settings)
        state.language = "qps"
        // The person's language is shown while their screen is up, as the console binds it.
        Localization.with(Localizer(tag: "qps")) {
            _ = state.reduce(.keyPressed)
            _ = state.reduce(.menuChosen(.signUp))
            #expect(state.screen.title.hasPrefix("[!! "))
            _ = state.reduce(.tick(Sample.start))
            _ = state.reduce(.tick(Sample.start.addingTimeInterval(121)))
        }
        #expect(state.step == .home)
        #expect(state.language == nil)
        #expect(state.homeNotice == "Cleared after 2 minutes without a key press, for the next person.")
    }
}
