import AccountFlow
import Localization
import Testing
import TophhieCloudAuthentication

/// A row of an enrolment list checked with the sign-up screen's own fields: the screen's messages, the
/// tenant's patterns under their time limit, choice lists, whole numbers, consents and the email shape.
@Suite struct EnrolmentFormTests {
    static let loyalty = "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_loyaltyNumber"
    static let terms = "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_termsAccepted"
    static let form = EnrolmentForm(attributes: [
        RequiredAttribute(name: "displayName", type: "string", required: true, regex: "^[A-Za-z][A-Za-z .'-]{1,63}$", label: "Display name"),
        RequiredAttribute(name: "country", type: "string", required: false, regex: "^(France|Germany|United Kingdom)$"),
        RequiredAttribute(name: loyalty, type: "string", required: true, regex: "^[0-9]{10}$", label: "Loyalty number"),
        RequiredAttribute(name: terms, type: "boolean", required: true, regex: "^(true|false)$", label: "I accept the terms"),
        RequiredAttribute(name: "birthYear", type: "int", required: false, regex: "^(19|20)[0-9]{2}$"),
        // Catastrophic backtracking: ICU gives up within the time limit and the server decides.
        RequiredAttribute(name: "motto", type: "string", required: false, regex: "^(a+)+$"),
    ])

    static let good = ["email": "pat@example.com", "displayName": "Pat Jones", "country": "France", loyalty: "1234567890",
                       terms: "true", "birthYear": "1990", "motto": ""]

    func problems(_ changes: [String: String]) -> [ColumnProblem] {
        Self.form.problems(in: Self.good.merging(changes) { $1 })
    }

    /// Compared by column and English message (the label is checked on its own).
    func problem(_ column: String, _ message: String) -> ColumnProblem {
        ColumnProblem(column: column, label: column, message: message)
    }

    /// A desk shows each problem by the field's label, the tenant's words, not the column's API name; the email's
    /// label follows the language shown.
    @Test func aProblemIsShownByTheFieldsLabel() {
        #expect(problems([Self.loyalty: "12345", "email": "pat.example.com"]).map(\.shown)
                == ["Email: Enter an email address like name@example.com.", "Loyalty number: Enter 10 digits."])
        #expect(problems(["country": "Spain"]).map(\.shown) == ["Country/Region: Choose one of: France, Germany, United Kingdom."])
        #expect(problems([Self.loyalty: "12345"]).map(\.column) == [Self.loyalty], "operator output keeps the column")
        let german = Localization.with(Localizer(tag: "de")) { problems(["email": " "]).map(\.shown) }
        #expect(german.first?.hasPrefix("E-Mail: ") == true, "\(german)")
    }

    @Test func columnsAreEmailThenTheAttributesAndNeverAPassword() {
        #expect(Self.form.columns == ["email", "displayName", "country", Self.loyalty, Self.terms, "birthYear", "motto"])
        #expect(Self.form.requiredColumns == ["email", "displayName", Self.loyalty])
    }

    @Test func aConsentIsNeverTakenFromTheList() {
        for value in ["", "false", "yes", "true"] {
            #expect(problems([Self.terms: value]).isEmpty, "\(value)")
        }
        #expect(!Self.form.listedAttributes.map(\.name).contains(Self.terms))
    }

    @Test func aGoodRowHasNoProblems() {
        #expect(problems([:]).isEmpty)
    }

    @Test func eachRuleGivesTheScreensMessage() {
        #expect(problems(["email": "pat.example.com"]) == [problem("email", "Enter an email address like name@example.com.")])
        #expect(problems(["email": " "]) == [problem("email", "Email is required.")])
        #expect(problems(["displayName": ""]) == [problem("displayName", "Display name is required.")])
        #expect(problems(["displayName": "4 Pat"]) == [problem("displayName", "Display name isn't in the format the tenant expects.")])
        #expect(problems([Self.loyalty: "12345"]) == [problem(Self.loyalty, "Enter 10 digits.")])
        #expect(problems(["country": "Spain"]) == [problem("country", "Choose one of: France, Germany, United Kingdom.")])
        #expect(problems(["birthYear": "nineteen"]) == [problem("birthYear", "Birth year must be a whole number.")])
        #expect(problems(["displayName": String(repeating: "a", count: 300)])
                == [problem("displayName", "Display name is too long (at most 256 characters).")])
    }

    @Test func aPatternThatTimesOutIsLeftToTheServer() {
        #expect(problems(["motto": String(repeating: "a", count: 40) + "!"]).isEmpty)
    }

    @Test func everyProblemOfARowIsListedInColumnOrder() {
        #expect(problems(["email": "", Self.loyalty: "x", "country": "Spain"]).map(\.column) == ["email", "country", Self.loyalty])
    }

    @Test func emailsCompareTrimmedInOneNormalFormAndCaseFolded() {
        #expect(Self.form.comparableEmail(in: ["email": " Pat@Example.com "]) == "pat@example.com")
        #expect(Self.form.comparableEmail(in: ["email": "not an email"]) == nil)
        // field case 038: typed precomposed, shouted, pasted decomposed.
        let spellings = ["émile@contoso.com", "ÉMILE@contoso.com", "e\u{301}mile@contoso.com"]
        // Bytes, not Strings: Swift's String equality is canonical already, a byte hash is not.
        #expect(Set(spellings.map { Array((Self.form.comparableEmail(in: ["email": $0]) ?? "").utf8) }).count == 1)
    }

    @Test func aRowWithMarkupAfterTheAddressIsRefused() {
        #expect(problems(["email": "x@y.z<script>"]).map(\.message) == ["Enter an email address like name@example.com."])
    }

    @Test func rulesInWordsForTheTemplate() {
        #expect(Self.form.rule(of: "email") == "Email: required; an email address like name@example.com")
        #expect(Self.form.rule(of: Self.loyalty) == "Loyalty number: required; text; 10 digits")
        #expect(Self.form.rule(of: "country") == "Country/Region: optional; one of: France | Germany | United Kingdom")
        #expect(Self.form.rule(of: Self.terms) == "I accept the terms: ignored; a consent the person gives at the desk")
        #expect(Self.form.rule(of: "displayName") == "Display name: required; text; the pattern ^[A-Za-z][A-Za-z .'-]{1,63}$")
    }
}
