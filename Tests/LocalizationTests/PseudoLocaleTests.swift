import Testing
@testable import Localization

/// `qps`: every English message accented, at least 40 % longer, between markers, its arguments filled in as given.
@Suite struct PseudoLocaleTests {
    static let sample: [String: any MessageArgument] = [
        "seconds": 5, "minutes": 2, "digits": 6, "email": "ada@example.com", "target": "a***@example.com", "channel": "email",
        "count": 3, "label": "Loyalty number", "limit": 256, "reason": "r", "flow": "signUp", "username": "ada", "poll": 1,
        "polls": 10, "status": "Working", "progress": "", "number": "+44", "labels": "x", "cause": "c", "fix": "f",
        "browser": "b", "deviceCode": "d", "action": "a", "duration": "2 minutes", "kind": "phone", "clear": "-",
        "default": " [1]", "answer": "x", "matches": "m", "columns": 40, "rows": 20, "ways": "Cancel", "message": "m",
    ]

    @Test func everyMessageIsMarkedLongerAndKeepsItsArguments() {
        let pseudo = Localizer(tag: "qps")
        for (key, _) in Catalogue.english.messages {
            let english = Localizer.english.text(key, Self.sample)
            let shown = pseudo.text(key, Self.sample)
            #expect(shown.hasPrefix("[!! ") && shown.hasSuffix(" !!]"), "\(key): \(shown)")
            #expect(Double(shown.count) >= Double(english.count) * 1.4, "\(key) is not 40 % longer: \(shown)")
            #expect(!shown.contains("{"), "\(key) left an argument unfilled: \(shown)")
        }
    }

    @Test func argumentsAndPluralKeywordsStayAsTheyAre() {
        let pattern = PseudoLocale.pattern("Wait {seconds, plural, one {# second} other {# seconds}} for {email}.")
        #expect(pattern.contains("{seconds, plural, one {# šéçóñđ} other {# šéçóñđš}}"))
        #expect(pattern.contains("{email}"))
        #expect(Localizer(tag: "qps").text("code.resendIn", ["seconds": 7]).contains("7"))
        #expect(PseudoLocale.pattern("isn't").contains("íšñ'ţ"))
    }
}
