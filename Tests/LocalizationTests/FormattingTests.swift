import Testing
@testable import Localization

/// Plurals, numbers and the language chosen, as a person reads them.
@Suite struct FormattingTests {
    @Test func englishPluralsHaveOneAndOther() {
        #expect(Localizer.english.text("duration.minutes", ["minutes": 1]) == "1 minute")
        #expect(Localizer.english.text("duration.minutes", ["minutes": 5]) == "5 minutes")
        #expect(Localizer.english.text("duration.seconds", ["seconds": 90]) == "90 seconds")
    }

    /// Polish has three forms: 1 minuta, 2–4 minuty, 5–21 minut (and 22–24 minuty again).
    @Test func polishPluralsHaveOneFewMany() {
        let pattern = "za {n, plural, one {# minutę} few {# minuty} many {# minut} other {# minuty}}"
        let cases: [(Int, String)] = [(1, "za 1 minutę"), (3, "za 3 minuty"), (5, "za 5 minut"), (12, "za 12 minut"), (22, "za 22 minuty")]
        for (count, expected) in cases {
            #expect(ICUMessage.format(pattern, locale: "pl", arguments: ["n": count]) == expected)
        }
        #expect(ICUMessage.pluralCategory(5, locale: "pl") == "many")
    }

    @Test func numbersTakeTheLanguagesForm() {
        #expect(ICUMessage.format("{n, number}", locale: "en", arguments: ["n": 12345.5]) == "12,345.5")
        #expect(ICUMessage.format("{n, number}", locale: "de", arguments: ["n": 12345.5]) == "12.345,5")
    }

    @Test func localeVariablesAndOptionPickTheLanguage() {
        #expect(Localizer.resolved(option: nil, environment: ["LANG": "de_DE.UTF-8"]).tag == "de-DE")
        #expect(Localizer.resolved(option: nil, environment: ["LC_ALL": "pl_PL.UTF-8", "LANG": "de_DE.UTF-8"]).tag == "pl-PL")
        #expect(Localizer.resolved(option: nil, environment: ["LC_ALL": "", "LC_MESSAGES": "fr_FR", "LANG": "de_DE"]).tag == "fr-FR")
        #expect(Localizer.resolved(option: "pt-BR", environment: ["LANG": "de_DE.UTF-8"]).tag == "pt-BR")
        #expect(Localizer.resolved(option: nil, environment: ["LANG": "C"]).tag == "en")
        #expect(Localizer.resolved(option: nil, environment: [:]).tag == "en")
    }

    /// pt-BR falls back to pt, then to English; an unknown language is English.
    @Test func fallbackChainEndsInEnglish() {
        let brazil = Localizer(tag: "pt_BR.UTF-8")
        #expect(brazil.chain.map(\.tag).last == "en")
        #expect(brazil.text("home.signUp") == (Catalogue.embedded["pt-BR"] ?? Catalogue.embedded["pt"])?.messages["home.signUp"]
            ?? "Sign up")
        #expect(Localizer(tag: "xx").text("home.signUp") == "Sign up")
        #expect(Localizer(tag: "xx").text("no.such.key") == "no.such.key")
    }

    @Test func taskBindsItsLanguage() async {
        #expect(tr("home.signUp") == "Sign up")
        Localization.with(Localizer(tag: "qps")) { #expect(tr("home.signUp").hasPrefix("[!! ")) }
        #expect(tr("home.signUp") == "Sign up")
    }
}
