import TerminalUI
import Testing

@Suite struct ScrollListWrapTests {
    /// A wrapped body line keeps every character on screen (a trace body's `"error_codes":[50126]` once lost
    /// the character at each break to the scroll marker's column).
    @Test func wrappedTextLosesNoCharacterToTheMarkerColumn() {
        let text = #"{"error":"invalid_grant","error_codes":[50126],"timestamp":"2026-12-01 06:20:11Z"}"#
        let width = 12
        let lines = ScrollList.wrap([text], width: width)
        var buffer = Buffer(size: Size(width: width, height: lines.count))
        ScrollList(selectable: false).render(lines, in: Rect(x: 0, y: 0, width: width, height: lines.count), into: &buffer)
        let shown = buffer.lines().map { String($0.dropLast()).replacingOccurrences(of: " ", with: "") }.joined()
        #expect(shown == text.replacingOccurrences(of: " ", with: ""))
    }
}
