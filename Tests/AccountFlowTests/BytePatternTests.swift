import Testing
@testable import AccountFlow

/// The byte matcher gives ICU's answer wherever it takes a pattern, and leaves the rest to ICU.
@Suite struct BytePatternTests {
    /// Patterns of the shape the byte matcher takes: the presets' and their near relatives.
    static let simple = [
        "^[A-Za-z][A-Za-z .'-]{1,63}$", "^.{1,64}$", "^.{1,80}$", "^[A-Za-z0-9 -]{3,10}$", "^[0-9]{10}$", "^(19|20)[0-9]{2}$",
        "[0-9]{4}", "^[A-Z]{2}-?[0-9]{3}$", "^x.*$", "^(?:ab|cd)[a-c]+$", "^[-a-z_]{2,4}@x$", "^.?$", "^[a-]{2}$", "^$", "^[.]{1,3}$",
    ]

    /// Patterns left to ICU: escapes, properties, negated classes, counted groups, flags, top-level alternation,
    /// two varying counts.
    static let complex = [
        "^\\d{4}$", "^\\p{L}+$", "^[^0-9]+$", "^(ab)+$", "(?i)^abc$", "^a|b$", "^[a-z]+[0-9]+$", "^[a-z]{2,}?$", "^a{2}+$",
        "^[[:alpha:]]+$", "^[a-z&&[^x]]$", "^(a|bc)$", "^[z-a]$",
    ]

    /// Inputs around the edges: lengths, spaces, line terminators (which `.` does not take), other scalars.
    static let inputs: [String] = {
        var inputs = ["", "a", "ab", "abc", "abcd", "abx", "cdcab", "1999", "2024", "2124", "199", "19999", "0123456789", "012345678",
                      "01234567890", "Ab", "Zoë", "Ann-Marie O'Neil", "Dr. Who", "x@x", "--@x", "a_b@x", "AB123", "AB-123", "AB--123",
                      "ab 12", "12345678901", "...", "a-", "-a", "--"]
        for terminator in ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\t", "\u{A0}", "\u{2027}", "\u{202A}"] {
            inputs += [terminator, "a" + terminator, terminator + "1999", "Ab" + terminator + "c", "x" + terminator + "yz"]
        }
        for scalar in ["é", "e\u{301}", "😀", "🇵🇱", "\u{0}", "ß", "Ａ", "١٢٣٤"] {
            inputs += [scalar, "Ab" + scalar, scalar + scalar + scalar, "19" + scalar + "9"]
        }
        inputs += [String(repeating: "a", count: 63), String(repeating: "a", count: 64), String(repeating: "a", count: 65),
                   String(repeating: "é", count: 64), String(repeating: "é", count: 65), String(repeating: "😀", count: 80),
                   String(repeating: "😀", count: 81), "A" + String(repeating: "b", count: 63), "A" + String(repeating: "b", count: 64)]
        return inputs
    }()

    @Test(arguments: simple)
    func theByteMatcherAnswersAsICUDoes(_ source: String) throws {
        let pattern = try #require(CompiledPattern(source))
        #expect(pattern.bytePattern != nil, "\(source) should be matched on bytes")
        for input in Self.inputs {
            #expect(pattern.check(input) == pattern.checkWithICU(input), "\(source) on \(input.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test(arguments: complex)
    func otherPatternsAreLeftToICU(_ source: String) {
        guard let pattern = CompiledPattern(source) else { return }
        #expect(pattern.bytePattern == nil, "\(source) should be left to ICU")
    }

    @Test func theICUMatcherIsReusedAcrossThreadsWithTheSameAnswers() async throws {
        let pattern = try #require(CompiledPattern("^\\p{L}[\\p{L} .'-]{1,63}$"))
        let answers = await withTaskGroup(of: [PatternCheck].self) { group in
            for _ in 0..<8 {
                group.addTask { Self.inputs.map { pattern.check($0) } }
            }
            return await group.reduce(into: [[PatternCheck]]()) { $0.append($1) }
        }
        let alone = Self.inputs.map { pattern.check($0) }
        #expect(answers.allSatisfy { $0 == alone })
        #expect(pattern.check("Zoë Å") == .matches)
        #expect(pattern.check("1") == .doesNotMatch)
    }
}
