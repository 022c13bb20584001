import TerminalUI
import Testing

@Suite struct BufferTests {
    @Test func wideGraphemeTakesTwoCells() {
        var buffer = Buffer(size: Size(width: 6, height: 1))
        #expect(buffer.write("a中b", at: Point(x: 0, y: 0)) == 4)
        #expect(buffer[1, 0].width == 2)
        #expect(buffer[2, 0].isContinuation)
        #expect(buffer.lines() == ["a中b  "])
    }

    @Test func wideGraphemeIsNeverSplitAtTheEdge() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        buffer.write("abc中", at: Point(x: 0, y: 0))
        #expect(buffer.lines() == ["abc "])
        #expect(!buffer[3, 0].isContinuation)
    }

    @Test func overwritingHalfAWideGraphemeBlanksTheOtherHalf() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        buffer.write("中中", at: Point(x: 0, y: 0))
        buffer.write("x", at: Point(x: 1, y: 0))
        #expect(buffer.lines() == [" x中"])
    }

    @Test func writesOutsideAreIgnored() {
        var buffer = Buffer(size: Size(width: 2, height: 1))
        #expect(buffer.write("abc", at: Point(x: 0, y: 3)) == 0)
        #expect(buffer[5, 5] == .blank())
    }
}
