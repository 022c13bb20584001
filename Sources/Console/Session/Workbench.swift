import FlowRunner
import Foundation
import Launcher
import TerminalUI

/// The operator's tools over the full-screen console: the trace inspector (F6), the emulator panel (F5,
/// embedded emulator only), and F4's question where to write the HAR. While one is open it takes every key.
final class Workbench {
    private let trace: TraceLog
    private let emulator: EmulatorControl?
    private let hasOutbox: Bool
    /// F4 writes a HAR (an operator's session; not at an enrolment desk).
    private let exportsHAR: Bool
    /// What F4 must not write over.
    private let heldFiles: HeldFiles
    private var inspector: TraceInspector?
    private var panel: EmulatorPanel?
    private var harPrompt: HARPrompt?
    /// What F4 came to while the inspector or the panel covers the form's status line: shown on the tool's last
    /// row until the next key.
    private var toolNotice: StatusLine?
    /// The terminal's size at the last draw or opening: list heights depend on it.
    private var size = Size(width: 80, height: 24)

    init(trace: TraceLog, emulator: EmulatorControl?, hasOutbox: Bool, exportsHAR: Bool = true, heldFiles: HeldFiles = HeldFiles([])) {
        self.trace = trace
        self.emulator = emulator
        self.hasOutbox = hasOutbox
        self.exportsHAR = exportsHAR
        self.heldFiles = heldFiles
    }

    /// Whether a tool is open (it takes the keys).
    var isOpen: Bool { inspector != nil || panel != nil || harPrompt != nil }

    /// The open tool's name and keys, for the help overlay; nil when none is open or it is asking for text
    /// (where `?` is typed, and F1 means nothing).
    var help: (title: String, entries: [HelpEntry])? {
        if harPrompt != nil { return nil }
        if let inspector { return ("trace inspector", inspector.helpEntries) }
        if let entries = panel?.helpEntries { return ("emulator panel", entries) }
        return nil
    }

    /// Opens the tool a console key names (``ConsoleKeys/inspectTrace``, ``ConsoleKeys/emulator``,
    /// ``ConsoleKeys/exportHAR``) on a terminal of `size`.
    func open(_ tool: ConsoleKeys, size: Size) {
        self.size = size
        switch tool {
        case .inspectTrace:
            inspector = TraceInspector(trace: trace, hasOutbox: hasOutbox, exportsHAR: exportsHAR, size: size)
        case .emulator:
            panel = emulator.map(EmulatorPanel.init)
        case .exportHAR where exportsHAR:
            harPrompt = HARPrompt(now: Date())
        case .exportHAR, .outbox, .trace, .copyCode, .copyAddress, .qrCode, .language, .recordScenario:
            break
        }
    }

    /// Applies `key` to the open tool. - Returns: a notice for the console's status line (the HAR written).
    func handle(_ key: Key) -> StatusLine? {
        toolNotice = nil
        if harPrompt != nil {
            let notice = answerHARPrompt(key)
            if inspector != nil || panel != nil { toolNotice = notice }
            return notice
        }
        if key == .function(4), exportsHAR {
            harPrompt = HARPrompt(now: Date())
        } else if var inspector {
            self.inspector = inspector.handle(key, trace: trace, size: size) == .closed ? nil : inspector
        } else if var panel {
            self.panel = panel.handle(key, size: size) == .closed ? nil : panel
        }
        return nil
    }

    private func answerHARPrompt(_ key: Key) -> StatusLine? {
        guard var prompt = harPrompt else { return nil }
        switch prompt.handle(key, isFolder: Self.isFolder, held: { heldFiles.problem($0, replacedBy: "a HAR") }) {
        case .asking:
            harPrompt = prompt
            return nil
        case .cancelled:
            harPrompt = nil
            return StatusLine("No HAR written.", kind: .info)
        case .write(let path):
            do {
                try trace.exportHAR(to: path)
                harPrompt = nil
                let count = trace.count
                return StatusLine("Wrote \(count) exchange\(count == 1 ? "" : "s") to \(PrintableText.make(path)) (secrets redacted).", kind: .success)
            } catch {
                // The question stays with the name as typed, so a slip in a long path costs one key, not the path.
                prompt.writeFailed("Could not write \(PrintableText.make(path)): \(error.localizedDescription)")
                harPrompt = prompt
                return nil
            }
        }
    }

    private static func isFolder(_ path: String) -> Bool? {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) ? folder.boolValue : nil
    }

    /// Draws the open tool over `buffer` (the inspector and the panel take the whole screen, the HAR question
    /// the last two rows). - Returns: where the cursor goes (`formCursor` when no tool is open).
    func draw(over buffer: inout Buffer, formCursor: Point?, outbox: [String]) -> Point? {
        size = buffer.size
        var cursor = formCursor
        if let inspector {
            buffer = Buffer(size: size)
            inspector.render(trace, outbox: outbox, into: &buffer)
            cursor = nil
        } else if let panel {
            buffer = Buffer(size: size)
            cursor = panel.render(into: &buffer)
        }
        if let harPrompt { cursor = harPrompt.render(into: &buffer) }
        if let toolNotice, harPrompt == nil, inspector != nil || panel != nil {
            buffer.fill(Rect(x: 0, y: size.height - 1, width: size.width, height: 1))
            buffer.writeCut(toolNotice.text, at: Point(x: 1, y: size.height - 1), style: toolNotice.style, width: size.width - 2)
        }
        return cursor
    }
}
