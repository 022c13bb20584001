import FuzzSupport
import TerminalUI
import TestSupport

/// Terminal input: bytes in arbitrary chunks (escape sequences, UTF-8, pastes), idle flushes of a pending
/// Esc, and resizes, driven through `InputDecoder` into a form on a `TestBackend` that redraws after each
/// event. Input: records of a length byte and that many bytes; length 255 is a resize to the next two
/// bytes (width mod 161, height mod 61, zero included); the high bit of any other length flushes after the chunk.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminalInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let backend = TestBackend(size: Size(width: 40, height: 12))
    var decoder = InputDecoder()
    while !input.isAtEnd {
        let length = input.byte()
        if length == 255 {
            // Up to 160×60: every redraw costs one pass over the cells, so a 255×255 screen per key is only slow,
            // not wrong; the edges that matter (zero, below the minimum) stay reachable.
            backend.resize(to: Size(width: Int(input.byte()) % 161, height: Int(input.byte()) % 61))
            continue
        }
        var chunk: [UInt8] = []
        for _ in 0..<(length & 0x7F) where !input.isAtEnd { chunk.append(input.byte()) }
        backend.events += decoder.decode(chunk).map { .key($0) }
        if length & 0x80 != 0 { backend.events += decoder.flushPendingEscape().map { .key($0) } }
    }
    backend.events += decoder.flushPendingEscape().map { .key($0) }
    let form = FormView(title: "Fuzz", lines: ["Every key lands in a field, a picker or a button."],
                        fields: [.text("name", label: "Name"), .password("password", label: "Password"),
                                 FormField(id: "code", label: "Code", kind: .code(length: 6, revealed: false)),
                                 FormField(id: "toggle", label: "Toggle", kind: .toggle(isOn: false)),
                                 FormField(id: "pick", label: "Pick", kind: .picker(options: [PickerOption(id: "a", title: "A"),
                                                                                               PickerOption(id: "b", title: "B")],
                                                                                     selected: 0))],
                        buttons: [FormButton(id: "go", title: "Go")])
    // Keys that end the form (Enter, Esc, Ctrl-C) start it again, so every event reaches a form.
    while !backend.events.isEmpty {
        var session = FormSession(form: form)
        _ = session.run(on: backend, onTick: { _ in true })
    }
    return 0
}
