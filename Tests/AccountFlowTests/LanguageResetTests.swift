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

    /// A desk after a finished person: their language must not greet the next one (issue 41: "Next person" left the
    /// queue in Polish until the program ended).
    @Test(arguments: zip([FlowEvent.enrolAnotherRequested, .homeRequested, .homeRequested],
                         [FlowStep.enrolled(email: Sample.email), .enrolled(email: Sample.email), .enrolmentSignedIn(email: Sample.email)]))
    func aFinishedPersonsLanguageEndsWithTheirTurn(next: FlowEvent, finished: FlowStep) {
        var settings = FlowSettings(enrolmentMode: true, idleReset: 120)
        settings.deskLanguage = "de"
        var state = FlowState(settings: settings)
        state.language = "pl"
        state.step = finished
        _ = state.reduce(.tick(Sample.start))
        #expect(state.language == "pl", "the finished screen is still theirs")
        _ = state.reduce(next)
        #expect(state.step != finished)
        #expect(state.language == nil)
    }

    /// The queue is home: a person who chose a language there and walked away gets the desk's back at the idle reset.
    @Test func aLanguageChosenAtTheQueueGoesBackWhenNobodyTypes() {
        var settings = FlowSettings(enrolmentMode: true, idleReset: 120)
        settings.deskLanguage = "de"
        var state = FlowState(settings: settings)
        state.language = "pl"
        _ = state.reduce(.tick(Sample.start))
        _ = state.reduce(.tick(Sample.start.addingTimeInterval(60)))
        #expect(state.language == "pl")
        _ = state.reduce(.tick(Sample.start.addingTimeInterval(121)))
        #expect(state.step == .home)
        #expect(state.language == nil)
        #expect(state.homeNotice == "Nach 2 Minuten ohne Tastendruck für die nächste Person geleert.")
    }
}
