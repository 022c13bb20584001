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

    @Test("a mark at a row's end sits beside a short footer, and cuts a long one with … instead of overlapping it")
    func markAtTheRowEnd() {
        var short = Buffer(size: Size(width: 30, height: 1))
        short.write("Enter submit  ^C quit", at: Point(x: 0, y: 0))
        short.writeAtRowEnd("● REC", row: 0)
        #expect(short.lines() == ["Enter submit  ^C quit   ● REC "])
        var long = Buffer(size: Size(width: 30, height: 1))
        long.write("Enter submit  F1 help  ^C quit", at: Point(x: 0, y: 0))
        long.writeAtRowEnd("● REC", row: 0)
        #expect(long.lines() == ["Enter submit  F1 help … ● REC "])
    }

    @Test func writesOutsideAreIgnored() {
        var buffer = Buffer(size: Size(width: 2, height: 1))
        #expect(buffer.write("abc", at: Point(x: 0, y: 3)) == 0)
        #expect(buffer[5, 5] == .blank())
    }
}
