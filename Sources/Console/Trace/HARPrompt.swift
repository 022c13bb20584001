import Foundation
import TerminalUI

/// F4's question: where to write the HAR. Offers a name with the time in it; a file that already exists is
/// replaced only after a yes, a folder or a file the console has open is refused. Drawn on the last two rows of the screen,
/// more while a refusal needs them.
struct HARPrompt {
    /// What a key led to.
    enum Outcome: Equatable {
        /// Still asking.
        case asking
        case cancelled
        /// Write here (the user agreed to replace it if it existed).
        case write(String)
    }

    private var editor: TextEditor
    /// Set while asking whether to replace an existing file.
    private(set) var replacing: String?
    /// Why the last path was refused.
    private(set) var problem: String?

    /// - Parameter now: the time in the offered name, e.g. `tophhie-20261201T041500Z.har` (UTC).
    init(now: Date) {
        editor = TextEditor(text: Self.defaultName(at: now))
    }

    static func defaultName(at date: Date) -> String { "tophhie-\(fileStamp(date)).har" }

    /// `date` as a file name's time, ISO 8601 basic in UTC (`20261201T041500Z`): the HAR's and a recorded scenario's.
    static func fileStamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().dateSeparator(.omitted).time(includingFractionalSeconds: false)
            .timeSeparator(.omitted).timeZone(separator: .omitted))
    }

    /// - Parameter isFolder: whether a path is an existing folder (`nil`: nothing there).
    /// - Parameter held: why a path may not be written (a file the console has open, ``HeldFiles``), or nil.
    mutating func handle(_ key: Key, isFolder: (String) -> Bool?, held: (String) -> String? = { _ in nil }) -> Outcome {
        if let path = replacing {
            replacing = nil
            switch key {
            case .character("y"), .character("Y"): return .write(path)
            case .escape: return .cancelled
            default: return .asking
            }
        }
        switch key {
        case .escape:
            return .cancelled
        case .enter:
            let path = editor.text.trimmingCharacters(in: .whitespaces)
            problem = nil
            guard !path.isEmpty else { problem = "Type a file name."; return .asking }
            if let refusal = held(path) { problem = "Not written: " + refusal; return .asking }
            switch isFolder(path) {
            case nil: return .write(path)
            case true?: problem = "\(PrintableText.make(path)) is a folder: name a file."
            case false?: replacing = path
            }
            return .asking
        default:
            problem = nil
            _ = editor.handle(key)
            return .asking
        }
    }

    /// The write to the path it answered failed: ask again with the typed name kept and `reason` shown.
    mutating func writeFailed(_ reason: String) {
        problem = reason
    }

    /// Draws the question over the last rows of `buffer`: two, or the question and as many as the refusal wraps to
    /// (a held file's is longer than 80 columns). - Returns: where the cursor goes.
    func render(into buffer: inout Buffer) -> Point? {
        let width = buffer.size.width
        let below = problem.map { TextWrap.wrap($0, width: width - 2) } ?? ["Enter writes (secrets redacted), Esc cancels"]
        let top = max(0, buffer.size.height - 1 - below.count)
        buffer.fill(Rect(x: 0, y: top, width: width, height: buffer.size.height - top), style: .plain)
        if let replacing {
            buffer.writeCut("Replace the existing file? (y/n)  \(PrintableText.make(replacing))", at: Point(x: 1, y: top), style: .error,
                         width: width - 2)
            buffer.write("y replaces it, any other key asks for another name, Esc cancels", at: Point(x: 1, y: top + 1), style: .hint)
            return nil
        }
        let label = "Write HAR to: "
        buffer.write(label, at: Point(x: 1, y: top), style: .title)
        let room = width - 2 - label.count
        // Long paths scroll so the cursor stays in view.
        let skip = max(0, editor.cursorColumn - room + 1)
        let shown = editor.text.dropFirstColumns(skip)
        buffer.write(shown, at: Point(x: 1 + label.count, y: top), style: .field, maxWidth: room)
        for (row, line) in below.enumerated() where top + 1 + row < buffer.size.height {
            buffer.writeCut(line, at: Point(x: 1, y: top + 1 + row), style: problem == nil ? .hint : .error, width: width - 2)
        }
        return Point(x: 1 + label.count + editor.cursorColumn - skip, y: top)
    }
}

private extension String {
    /// The text without its first `columns` display columns.
    func dropFirstColumns(_ columns: Int) -> String {
        var dropped = 0
        var rest = Substring(self)
        while dropped < columns, let first = rest.first {
            dropped += DisplayWidth.of(first)
            rest = rest.dropFirst()
        }
        return String(rest)
    }
}
