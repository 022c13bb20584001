@testable import CursesBackend
import Testing

/// Field case 018 (docs/field-cases.md): the bytes that blank the screen are written without `tputs`, so terminfo padding must not
/// reach the terminal as text (vt100's `el` is `\E[K$<3>`).
@Suite struct ScreenBlankingTests {
    @Test func paddingIsRemoved() async {
        #expect(ScreenBlanking.withoutPadding(Array("\u{1B}[K$<3>".utf8)) == Array("\u{1B}[K".utf8))
        #expect(ScreenBlanking.withoutPadding(Array("\u{1B}[H\u{1B}[J$<50/>x".utf8)) == Array("\u{1B}[H\u{1B}[Jx".utf8))
        #expect(ScreenBlanking.withoutPadding(Array("$5 <no padding>".utf8)) == Array("$5 <no padding>".utf8))
    }
}
