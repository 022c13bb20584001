import Testing
@testable import Localization

/// `qps`: every English message accented, at least 40 % longer, between markers, its arguments filled in as given.
@Suite struct PseudoLocaleTests {
    /// A value for each of the pattern's arguments: 3 for a plural or number, a select's first key, else a word.
    static func sample(for pattern: String) -> [String: any MessageArgument] {
        var arguments: [String: any MessageArgument] = [:]
        for line in ICUMessage.skeleton(pattern) ?? [] {
            let parts = line.split(separator: ":", maxSplits: 1).map(String.init)
            let kind = parts.count > 1 ? parts[1] : ""
            if kind.hasPrefix("select=") {
                arguments[parts[0]] = String(kind.dropFirst("select=".count).split(separator: "|").first ?? "other")
            } else {
                arguments[parts[0]] = kind.isEmpty ? "word" as any MessageArgument : 3
            }
        }
        return arguments
    }

    @Test func everyMessageIsMarkedLongerAndKeepsItsArguments() {
        let pseudo = Localizer(tag: "qps")
        for (key, pattern) in Catalogue.english.messages {
            let sample = Self.sample(for: pattern)
            let english = Localizer.english.text(key, sample)
            let shown = pseudo.text(key, sample)
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
