import Localization
import Testing
import TophhieCloudAuthentication
@testable import AccountFlow

/// The form's own messages in the person's language: a tenant pattern said in words with the language's plural
/// forms and list words, and the phone number's refusals. English is the source the other languages must not show.
@Suite struct LocalizedFormMessagesTests {
    /// The format error for `value` typed into a field with `regex`, in the language `tag`.
    static func formatError(_ regex: String, _ value: String, in tag: String) -> String? {
        Localization.with(Localizer(tag: tag)) {
            var field = AttributeField(RequiredAttribute(name: "extension_0a1b_loyalty", type: "string", required: true,
                                                         regex: regex, label: "Treuenummer"))
            field.edit(value)
            field.validate()
            return field.error
        }
    }

    /// The words of `text` of three letters or more (a short one such as "in" is German too), lower case.
    static func words(_ text: String) -> Set<String> {
        Set(text.split { !$0.isLetter }.filter { $0.count >= 3 }.map { $0.lowercased() })
    }

    @Test("a built-in attribute's label is ours, so it is in the person's language; a custom one keeps the tenant's words")
    func builtInLabelsAreTranslated() {
        let labels = { (tag: String) in
            Localization.with(Localizer(tag: tag)) {
                ["displayName", "country", "postalCode", "extension_0a1b_loyaltyNumber"].map(AttributeLabel.label(for:))
            }
        }
        #expect(labels("en") == ["Display name", "Country/Region", "Postal code", "Loyalty number"])
        #expect(labels("de") == ["Anzeigename", "Land/Region", "Postleitzahl", "Loyalty number"])
        #expect(labels("pl") == ["Nazwa wyświetlana", "Kraj/region", "Kod pocztowy", "Loyalty number"])
    }

    @Test func germanSaysTenDigitsInGerman() throws {
        let german = try #require(Self.formatError("^[0-9]{10}$", "12345", in: "de"))
        let english = try #require(Self.formatError("^[0-9]{10}$", "12345", in: "en"))
        #expect(german == "Geben Sie Folgendes ein: 10 Ziffern.")
        #expect(german.contains("10"))
        #expect(Self.words(german).isDisjoint(with: Self.words(english)), "English words in \(german)")
        let listed = try #require(Self.formatError("^[A-Za-z0-9 -]{3,10}$", "x", in: "de"))
        #expect(listed == "Geben Sie Folgendes ein: 3 bis 10 Zeichen: Buchstaben, Ziffern, Leerzeichen oder Bindestriche.")
    }

    /// Polish: 1 cyfrę, 2–4 and 22–24 cyfry, 5–21 cyfr; "up to" takes the genitive.
    @Test func polishCountsTakeTheirPluralForms() {
        let cases: [(String, String)] = [
            ("^[0-9]{1}$", "Wpisz 1 cyfrę."), ("^[0-9]{2}$", "Wpisz 2 cyfry."), ("^[0-9]{5}$", "Wpisz 5 cyfr."),
            ("^[0-9]{22}$", "Wpisz 22 cyfry."), (#"^\d{0,22}$"#, "Wpisz do 22 cyfr."),
            ("^[A-Za-z0-9 -]{3,10}$", "Wpisz od 3 do 10 znaków: litery, cyfry, spacje lub myślniki."),
        ]
        for (regex, message) in cases {
            #expect(Self.formatError(regex, "abc_12345678901234567890!", in: "pl") == message, "\(regex)")
        }
    }

    @Test func phoneRefusalsAreInGerman() {
        let problems: [PhoneNumber.Problem] = [.empty, .invalidCharacters, .missingCountryCode, .tooShort, .tooLong]
        for problem in problems {
            let german = Localization.with(Localizer(tag: "de")) { problem.message }
            #expect(Self.words(german).isDisjoint(with: Self.words(problem.message)), "English words in \(german)")
        }
        let refused = Localization.with(Localizer(tag: "de")) {
            #expect(throws: PhoneNumber.Problem.missingCountryCode) { try PhoneNumber.normalise("07700 900123", countryCode: nil) }
            return PhoneNumber.Problem.missingCountryCode.message
        }
        #expect(refused == "Beginnen Sie mit + und der Ländervorwahl, oder geben Sie die Ländervorwahl in ihr Feld ein.")
    }
}
