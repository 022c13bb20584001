import FuzzSupport
import TerminalUI

/// Terminal input: bytes in arbitrary chunks (escape sequences, UTF-8, pastes), idle flushes of a pending
/// Esc, and resizes, decoded by `InputDecoder` and applied key by key to a form (`FormView.handle`), which is
/// rendered at every resize, whenever a key ends it (Enter, Esc, Ctrl-C; a new form then takes the next keys)
/// or asks for help, and at the end. Input: records of a length byte and that many bytes; length 255 is a
/// resize to the next two bytes (width mod 101, height mod 31, zero included); the high bit of any other
/// length flushes after the chunk.
///
/// Rendering after every key (as `FormSession` does) cost thousands of cells per key under the sanitizer,
/// about a hundred executions a second; the key handling and every rendered state stay covered this way.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminalInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    var decoder = InputDecoder()
    var session = FormUnderInput(size: Size(width: 40, height: 12))
    while !input.isAtEnd {
        let length = input.byte()
        if length == 255 {
            session.resize(to: Size(width: Int(input.byte()) % 101, height: Int(input.byte()) % 31))
            continue
        }
        var chunk: [UInt8] = []
        for _ in 0..<(length & 0x7F) where !input.isAtEnd { chunk.append(input.byte()) }
        decoder.decode(chunk).forEach { session.apply($0) }
        if length & 0x80 != 0 { decoder.flushPendingEscape().forEach { session.apply($0) } }
    }
    decoder.flushPendingEscape().forEach { session.apply($0) }
    session.render()
    return 0
}
