import Foundation
import Testing
@testable import Localization

/// One plural message of each catalogue, as a person reads it for 0, 1, 2, 5 and 22: each language chooses its form
/// by its own rule (ICU's plural rules), not English's one/other.
@Suite struct PluralFormsTests {
    static let counts = [0, 1, 2, 5, 22]

    /// `duration.minutes` for ``counts``, and the plural category ICU gives each count, by catalogue.
    static let expected: [(tag: String, texts: [String], categories: [String])] = [
        ("en", ["0 minutes", "1 minute", "2 minutes", "5 minutes", "22 minutes"], ["other", "one", "other", "other", "other"]),
        ("de", ["0 Minuten", "1 Minute", "2 Minuten", "5 Minuten", "22 Minuten"], ["other", "one", "other", "other", "other"]),
        // French counts 0 as one.
        ("fr", ["0 minute", "1 minute", "2 minutes", "5 minutes", "22 minutes"], ["one", "one", "other", "other", "other"]),
        ("es", ["0 minutos", "1 minuto", "2 minutos", "5 minutos", "22 minutos"], ["other", "one", "other", "other", "other"]),
        // Polish: 1 one; 2–4 and 22–24 few; 0, 5–21 many. The catalogue's forms are the accusative ("przez 5 minut").
        ("pl", ["0 minut", "1 minutę", "2 minuty", "5 minut", "22 minuty"], ["many", "one", "few", "many", "few"]),
        // Brazilian Portuguese counts 0 and 1 as one.
        ("pt-BR", ["0 minuto", "1 minuto", "2 minutos", "5 minutos", "22 minutos"], ["one", "one", "other", "other", "other"]),
    ]

    @Test(arguments: expected.map(\.tag))
    func minutesTakeTheLanguagesPluralForms(tag: String) throws {
        let row = try #require(Self.expected.first { $0.tag == tag })
        let localizer = Localizer(tag: tag)
        #expect(localizer.chain.first?.tag == tag, "no catalogue \(tag)")
        #expect(Self.counts.map { localizer.text("duration.minutes", ["minutes": $0]) } == row.texts)
        #expect(Self.counts.map { ICUMessage.pluralCategory(Double($0), locale: tag) } == row.categories)
    }

    /// Any catalogue, one added since too (no row above needed): each count is said with its number, and counts
    /// ICU puts in one plural category read alike once the number is taken out.
    @Test(arguments: Localizer.catalogueTags)
    func everyCatalogueTakesItsLanguagesPluralForms(tag: String) {
        let localizer = Localizer(tag: tag)
        var wordByCategory: [String: String] = [:]
        for count in Self.counts + [3, 11, 21, 101] {
            let text = localizer.text("duration.minutes", ["minutes": count])
            #expect(text.contains(String(count)), "\(tag): \(text)")
            let word = text.replacingOccurrences(of: String(count), with: "#")
            let category = ICUMessage.pluralCategory(Double(count), locale: tag) ?? "?"
            #expect(wordByCategory[category, default: word] == word, "\(tag): \(count) is \(category) but reads \(text)")
            wordByCategory[category] = word
        }
    }
}
