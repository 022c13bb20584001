import Testing
@testable import AccountFlow

/// What people type as a phone number, normalised to E.164 or refused with a clear reason.
@Suite struct PhoneNumberTests {
    @Test(arguments: [
        ("+44 7700 900123", nil, "+447700900123"),
        ("0044 7700 900123", nil, "+447700900123"),
        ("00 1 (415) 555-0100", nil, "+14155550100"),
        ("+1.415.555.0100", nil, "+14155550100"),
        ("(415) 555-0100", "1", "+14155550100"),
        ("07700 900123", "44", "+447700900123"),
        ("07700-900-123", "+44", "+447700900123"),
        ("030 1234567", "49", "+49301234567"),
        ("  +33 6 12 34 56 78  ", nil, "+33612345678"),
        ("+8613812345678", nil, "+8613812345678"),
        ("612345678", "33", "+33612345678"),
    ] as [(String, String?, String)])
    func accepted(input: String, countryCode: String?, expected: String) throws {
        #expect(try PhoneNumber.normalise(input, countryCode: countryCode) == expected)
    }

    @Test(arguments: [
        ("", nil, PhoneNumber.Problem.empty),
        ("   ", "44", .empty),
        ("+123", nil, .tooShort),
        ("12", "44", .tooShort),
        ("+44 7700 900123 4567", nil, .tooLong),
        ("+44 77OO 900123", nil, .invalidCharacters),
        ("call me", "44", .invalidCharacters),
        ("+44 7700+900123", nil, .invalidCharacters),
        ("07700 900123", nil, .missingCountryCode),
        ("07700 900123", "0044", .missingCountryCode),
        ("+0 7700 900123", nil, .missingCountryCode),
    ] as [(String, String?, PhoneNumber.Problem)])
    func refused(input: String, countryCode: String?, problem: PhoneNumber.Problem) {
        #expect(throws: problem) { try PhoneNumber.normalise(input, countryCode: countryCode) }
    }

    @Test func messagesAreClear() {
        #expect(PhoneNumber.Problem.tooShort.message == "That phone number doesn't look right: it is too short. Include the country code.")
        #expect(PhoneNumber.Problem.invalidCharacters.message.contains("only digits"))
        // The country code has a field of its own, typed like the number.
        #expect(PhoneNumber.Problem.missingCountryCode.message == "Start with + and the country code, or type the country code in its field.")
    }
}
