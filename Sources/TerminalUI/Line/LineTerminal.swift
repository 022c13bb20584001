import Glibc

/// The line mode: the same forms as plain sequential prompts, for when stdout is not a terminal or
/// `TERM=dumb` (screen readers, scripts, pipes).
///
/// Reads lines from a file descriptor and writes through a closure, so tests drive it with a pipe.
/// A password prompt turns echo off while it reads when the input is a terminal, and restores it
/// whatever happens, including Ctrl-C at the prompt (see `SilentInputGuard`).
public final class LineTerminal {
    private let input: Int32
    private let output: (String) -> Void
    private var pending: [UInt8] = []
    private var atEnd = false

    /// - Parameters:
    ///   - input: the descriptor lines are read from (standard input by default).
    ///   - output: where prompts and messages go (standard output by default).
    public init(input: Int32 = STDIN_FILENO, output: @escaping (String) -> Void = LineTerminal.writeToStandardOutput) {
        self.input = input
        self.output = output
    }

    /// Writes `text` to standard output unbuffered.
    public static func writeToStandardOutput(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { if errno == EINTR { continue } else { return } }
            offset += written
        }
    }

    /// True when the console must use line mode: stdout is not a terminal, or `TERM` is unset or `dumb`.
    public static func isNeeded(environment: [String: String], standardOutputIsTerminal: Bool) -> Bool {
        let term = environment["TERM"] ?? ""
        return !standardOutputIsTerminal || term.isEmpty || term == "dumb"
    }

    /// Writes one message line, made printable: line mode prints server and tenant text (field case 026, docs/field-cases.md).
    public func say(_ text: String) {
        output(PrintableText.make(text, keepingNewlines: true) + "\n")
    }

    /// Prompts and reads one line (without its line break).
    /// - Returns: nil at end of input.
    public func ask(_ prompt: String) -> String? {
        output(PrintableText.make(prompt))
        return endLineUnlessEchoed(readLine())
    }

    /// Prompts for a secret; echo is off while it is typed when the input is a terminal.
    /// - Returns: nil at end of input.
    public func askSecret(_ prompt: String) -> String? {
        output(PrintableText.make(prompt))
        guard let silence = SilentInputGuard(descriptor: input) else { return endLineUnlessEchoed(readLine()) }
        defer {
            silence.end()
            output("\n")
        }
        return readLine()
    }

    /// Whether answers are typed at a terminal, which echoes them (else they come from a pipe or file).
    public var inputIsTerminal: Bool { isatty(input) == 1 }

    /// Drops what was typed at a terminal but not yet read (piped input, a script's answers, is kept).
    public func discardTypeAhead() {
        if inputIsTerminal { tcflush(input, TCIFLUSH) }
    }

    /// Input from a pipe or file is not echoed, so the answer's line break never reaches the output:
    /// write one, or a transcript runs every prompt together. The answer itself is not written: a
    /// script out of step with the prompts could be answering with a password.
    private func endLineUnlessEchoed(_ answer: String?) -> String? {
        if !inputIsTerminal { output("\n") }
        return answer
    }

    /// Runs `form` as prompts: text paragraphs and the banner, then each field in order (with its error and note),
    /// then a choice of button when there is more than one. Values are kept in `form`.
    /// - Returns: how the form ended; `.quit` at end of input.
    public func run(_ form: inout FormView) -> FormSession.Ending {
        say(form.title)
        form.lines.forEach(say)
        if let banner = form.banner { say(banner) }
        let labelWidth = form.details.map { DisplayWidth.of($0.label) }.max() ?? 0
        for detail in form.details {
            say(detail.label + String(repeating: " ", count: labelWidth - DisplayWidth.of(detail.label)) + "  " + detail.value)
        }
        if let status = form.status { say(status.kind == .error ? "Error: \(status.text)" : status.text) }
        for index in form.fields.indices {
            guard fill(&form.fields[index]) else { return .quit }
        }
        let buttons = form.buttons.filter(\.isEnabled)
        guard buttons.count > 1 else { return .submitted(button: buttons.first?.id) }
        let options = buttons.map { PickerOption(id: $0.id, title: $0.title) }
        guard let choice = choose("Next step", options: options, current: 0) else { return .quit }
        return .submitted(button: buttons[choice].id)
    }

    private func fill(_ field: inout FormField) -> Bool {
        if let error = field.error { say("  ! \(field.label): \(error)") }
        if let note = field.note { say("  (\(note))") }
        switch field.kind {
        case .text:
            let current = field.editor.text.isEmpty ? "" : " [\(field.editor.text)]"
            guard let line = ask("\(field.label)\(current): ") else { return false }
            if !line.isEmpty { setText(line, of: &field) }
        case .password:
            guard let line = askSecret("\(field.label): ") else { return false }
            setText(line, of: &field)
        case .code(let length, _):
            while true {
                guard let line = askSecret("\(field.label) (\(length) digits): ") else { return false }
                setText(line, of: &field)
                if field.editor.count == length && line.count == length { break }
                say("  ! Enter exactly \(length) digits.")
            }
        case .toggle(let isOn):
            guard let line = ask("\(field.label) [\(isOn ? "Y/n" : "y/N")]: ") else { return false }
            let answer = line.lowercased()
            if answer == "y" || answer == "yes" { field.kind = .toggle(isOn: true) }
            if answer == "n" || answer == "no" { field.kind = .toggle(isOn: false) }
        case .picker(let options, let selected) where options.count > ChoiceList.collapseAbove:
            let current = options.indices.contains(selected) ? options[selected].title : nil
            guard let answer = chooseFiltering(field.label, titles: options.map(\.title), current: current) else { return false }
            if case .picked(let choice) = answer { field.kind = .picker(options: options, selected: choice) }
        case .picker(let options, let selected):
            guard let choice = choose(field.label, options: options, current: selected) else { return false }
            field.kind = .picker(options: options, selected: choice)
        }
        return true
    }

    private func setText(_ text: String, of field: inout FormField) {
        field.editor.clear()
        field.editor.insert(text)
    }

    private func choose(_ label: String, options: [PickerOption], current: Int) -> Int? {
        // A screen's menu has no label: the numbered list says enough, without a lone ":" line.
        if !label.isEmpty { say("\(label):") }
        for (index, option) in options.enumerated() {
            let extra = [option.detail, option.note].compactMap { $0 }.joined(separator: " — ")
            say("  \(index + 1). \(option.title)\(extra.isEmpty ? "" : "  \(extra)")")
        }
        while true {
            guard let line = ask("Choose 1-\(options.count) [\(current + 1)]: ") else { return nil }
            if line.isEmpty { return current }
            if let number = Int(line), (1...options.count).contains(number) { return number - 1 }
            say("  ! Enter a number from 1 to \(options.count).")
        }
    }

    /// Most matches listed at once when a long choice is filtered.
    public static let filteredPage = 20

    /// Asks for one of many `titles` (a country list) by filter instead of listing them all: each answer
    /// filters to the titles containing it (any case); one match is chosen at once, a whole title wins,
    /// and up to ``filteredPage`` matches are listed numbered so the next answer can be their number or
    /// a new filter. An empty answer keeps the value; ``QuitAnswer`` leaves.
    /// - Parameters:
    ///   - label: the field's label.
    ///   - titles: every choice, as shown.
    ///   - current: the title of the value kept by an empty answer, if any.
    ///   - words: what it says (line mode's are the console's language).
    /// - Returns: the choice, or nil at end of input.
    public func chooseFiltering(_ label: String, titles: [String], current: String?, words: FilterWords = .english) -> FilteredChoice? {
        say(words.intro(label, titles.count, current))
        let lowered = titles.map { $0.lowercased() }
        var shown: [Int] = []
        while true {
            let prompt = words.prompt(shown.count)
            guard let line = ask(prompt) else { return nil }
            if QuitAnswer.isQuit(line) { return .quit }
            var trimmed = Substring(QuitAnswer.value(line).lowercased())
            while trimmed.first == " " { trimmed.removeFirst() }
            while trimmed.last == " " { trimmed.removeLast() }
            let typed = String(trimmed)
            if typed.isEmpty { return .kept }
            var picked: Int?
            if let number = Int(typed), shown.indices.contains(number - 1) {
                picked = shown[number - 1]
            } else if let whole = lowered.firstIndex(of: typed) {
                picked = whole
            } else {
                let found = lowered.indices.filter { lowered[$0].contains(typed) }
                if found.count == 1 { picked = found[0] }
                shown = Array(found.prefix(Self.filteredPage))
                if found.isEmpty { say(words.nothing) }
                if found.count > 1 {
                    say(words.found(found.count, titles.count, shown.count))
                    for (number, index) in shown.enumerated() { say("  \(number + 1). \(titles[index])") }
                }
            }
            if let picked {
                say("-> \(titles[picked])")
                return .picked(picked)
            }
        }
    }

    /// What ``lineIfTyped(within:wake:)`` saw.
    public enum Waited: Hashable, Sendable {
        /// A whole line (without its line break).
        case line(String)
        /// `wake` was woken (an answer came), or the time passed, with no whole line typed.
        case nothing
        /// The input ended.
        case ended
    }

    /// Waits at most `timeout` for a whole line, or until `wake` is woken: line mode listens to what is typed
    /// while a sign-in waits elsewhere (`qr`, Cancel) without missing the answer that ends the wait.
    /// - Important: blocks its thread in `poll(2)`: call it from the session's own loop, never from async code.
    public func lineIfTyped(within timeout: Duration, wake: WakePipe) -> Waited {
        if let line = takeLine() { return .line(line) }
        guard !atEnd else { return .ended }
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0)]
        guard poll(&descriptors, 2, Int32(clamping: WakePipe.milliseconds(timeout))) > 0 else { return .nothing }
        if descriptors[1].revents != 0 { _ = wake.drain() }
        if descriptors[0].revents != 0 { readChunk() }
        if let line = takeLine() { return .line(line) }
        return atEnd ? .ended : .nothing
    }

    /// One line from the input, splitting on LF and dropping a CR before it.
    private func readLine() -> String? {
        while true {
            if let line = takeLine() { return line }
            if atEnd {
                guard !pending.isEmpty else { return nil }
                defer { pending.removeAll() }
                return String(decoding: pending, as: UTF8.self)
            }
            readChunk()
        }
    }

    /// The first whole line already read, if any.
    private func takeLine() -> String? {
        guard let newline = pending.firstIndex(of: 0x0A) else { return nil }
        var line = Array(pending[..<newline])
        pending.removeFirst(newline + 1)
        if line.last == 0x0D { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }

    /// One `read(2)` into the pending bytes; end of input (or an error other than EINTR) sets `atEnd`.
    private func readChunk() {
        var chunk = [UInt8](repeating: 0, count: 1024)
        let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { return }
        if count <= 0 { atEnd = true } else { pending.append(contentsOf: chunk[..<count]) }
    }
}
