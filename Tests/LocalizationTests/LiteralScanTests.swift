import Foundation
import Testing

/// No word a person reads is written in the screen code: it comes from the catalogue with `tr("key")`.
///
/// What is scanned: the files in ``screenFiles`` (the native-auth steps, the console's own flow screens and their
/// shared parts, the checks and status texts, the presenter, the language list, the desk's queue, line mode, the keys'
/// footer and help words, the console's notices, the QR code's screen). What counts as user-facing: a
/// string literal in code (not in a `//` comment, not in `preconditionFailure`/`fatalError`) that, with its
/// `\(…)` interpolations taken out, holds two words (letters, a space, a letter) or is one capitalised word
/// (`"Verify"`). Keys (`code.title.signUp`), wire values and field ids are neither. ``allowed`` lists the rest.
@Suite struct LiteralScanTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let screenFiles = [
        "Sources/AccountFlow/Steps", "Sources/AccountFlow/Screens", "Sources/AccountFlow/Flow/Validation.swift",
        "Sources/AccountFlow/Flow/PendingRequest.swift", "Sources/AccountFlow/Flow/Reducer+Idle.swift",
        "Sources/AccountFlow/Flow/Reducer+Failures.swift", "Sources/AccountFlow/Forms/FieldInput.swift",
        "Sources/ScreenPresentation", "Sources/Console/Session/LanguageOverlay.swift", "Sources/Console/Enrolment/QueueScreen.swift", "Sources/Console/Enrolment/WalkInForm.swift",
        "Sources/AccountFlow/Summaries", "Sources/AccountFlow/Flow/ProfileEditForm.swift",
        "Sources/AccountFlow/Flow/RedirectExplanation.swift", "Sources/AccountFlow/Flow/Reducer+Answers.swift",
        "Sources/AccountFlow/Flow/Reducer+UserActions.swift", "Sources/AccountFlow/Flow/Reducer.swift", "Sources/AccountFlow/Flow/SignInProgress+Repeat.swift",
        // The keys' words (footer and help), the help box, the console's notices and the QR code's screen.
        "Sources/TerminalUI/Input/Keymap.swift", "Sources/TerminalUI/Form/HelpOverlay.swift", "Sources/TerminalUI/Backend/FormSession.swift",
        "Sources/Launcher/ConsoleKeys.swift", "Sources/Console/Session/FullScreenSession.swift", "Sources/Console/Session/QRCodeOverlay.swift",
        "Sources/Console/Session/SentCode.swift", "Sources/Console/Session/Pane.swift", "Sources/Console/Scenarios/ScenarioRecording.swift",
        // Line mode reads the same catalogue: its prompts, the queue and the long choices.
        "Sources/Console/Session/LineSession.swift", "Sources/Console/Session/LineSession+Queue.swift",
        "Sources/AccountFlow/Forms/AttributeField.swift", "Sources/AccountFlow/Forms/ColumnProblem.swift",
        // AccountFlow's checks, notices and method names (the enrolment template's rule in EnrolmentForm stays English).
        "Sources/AccountFlow/Forms/PhoneNumber.swift", "Sources/AccountFlow/Forms/AttributeLabel.swift",
        "Sources/AccountFlow/Forms/PatternSummary.swift",
        "Sources/AccountFlow/Flow/Reducer+Interactive.swift", "Sources/AccountFlow/Flow/Reducer+Profile.swift",
        "Sources/AccountFlow/Flow/Reducer+History.swift", "Sources/AccountFlow/Flow/Reducer+Tenant.swift",
        "Sources/AccountFlow/Flow/HistoryFilter.swift", "Sources/AccountFlow/Live",
    ]

    /// Literals that are not words: symbols and key names drawn as they are, and the emulator's redirect reason
    /// matched (never shown).
    static let allowed: Set<String> = ["▸ ", " ↑↓ ⏎ Esc", "Enter", "Esc", "Tab", "Home", "End", "fault injection"]

    static func swiftFiles() throws -> [URL] {
        try screenFiles.flatMap { path -> [URL] in
            let url = root.appending(path: path)
            guard path.hasSuffix(".swift") else {
                return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
                    .filter { $0.pathExtension == "swift" }
            }
            return [url]
        }
    }

    /// The user-facing literals of one line of code.
    static func wordLiterals(in line: Substring) throws -> [String] {
        let code = line.trimmingPrefix(while: \.isWhitespace)
        if code.hasPrefix("//") || code.contains("preconditionFailure(") || code.contains("fatalError(") { return [] }
        let literal = try Regex(#""((?:[^"\\]|\\.)*)""#)
        let twoWords = try Regex(#"[A-Za-z]{2,} +[A-Za-z]"#)
        let capitalised = try Regex(#"^[A-Z][a-z]+[.!?…]?$"#)
        var found: [String] = []
        for match in code.matches(of: literal) {
            let text = String(match.output[1].substring!)
            let words = text.replacing(try Regex(#"\\\([^)]*\)"#), with: "")
            if Self.allowed.contains(text) { continue }
            if words.contains(twoWords) || words.wholeMatch(of: capitalised) != nil { found.append(text) }
        }
        return found
    }

    @Test func screenCodeHoldsNoWords() throws {
        var found: [String] = []
        for file in try Self.swiftFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for literal in try Self.wordLiterals(in: line) {
                    found.append("\(file.lastPathComponent):\(number + 1): \"\(literal)\"")
                }
            }
        }
        #expect(found == [], "words in the screen code; put them in Catalogues/en.txt:\n\(found.joined(separator: "\n"))")
    }

    @Test func theScanSeesWordsAndPassesKeys() throws {
        #expect(try Self.wordLiterals(in: #"Screen(title: "Check your email")"#) == ["Check your email"])
        #expect(try Self.wordLiterals(in: #"ScreenAction("Verify", .submitted)"#) == ["Verify"])
        #expect(try Self.wordLiterals(in: #"note: "Will be sent as \(number).""#) == [#"Will be sent as \(number)."#])
        #expect(try Self.wordLiterals(in: #"Screen(title: tr("code.title.signUp"))"#) == [])
        #expect(try Self.wordLiterals(in: #"    // "Check your email" is the title"#) == [])
        #expect(try Self.wordLiterals(in: #"FormButton(id: "action:\(index)")"#) == [])
        // A key's description written in a binding is a word; its key name is not.
        #expect(try Self.wordLiterals(in: #"KeyBinding(keyLabel: "Tab", help: "next field")"#) == ["next field"])
    }
}
