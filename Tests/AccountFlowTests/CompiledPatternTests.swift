import Testing
@testable import AccountFlow

@Suite struct CompiledPatternTests {
    @Test func wholeMatchSemantics() throws {
        let pattern = try #require(CompiledPattern("[0-9]{4}"))
        #expect(pattern.check("1234") == .matches)
        #expect(pattern.check("12345") == .doesNotMatch)
        #expect(pattern.check("x1234") == .doesNotMatch)
    }

    @Test func unicodeInputs() throws {
        let pattern = try #require(CompiledPattern("^\\p{L}+ \\p{L}+$"))
        #expect(pattern.check("São Paulo") == .matches)
        #expect(pattern.check("Zoë Å") == .matches)
    }

    @Test func patternThatDoesNotCompileIsRefused() {
        #expect(CompiledPattern(".*@.**$") == nil)
        #expect(CompiledPattern("(unclosed") == nil)
    }

    @Test func catastrophicBacktrackingGivesUp() throws {
        let pattern = try #require(CompiledPattern("^(a+)+$"))
        let input = String(repeating: "a", count: 64) + "!"
        #expect(pattern.check(input) == .couldNotCheck)
    }
}
