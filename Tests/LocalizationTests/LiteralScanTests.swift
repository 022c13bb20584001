import Foundation
import Testing

/// No word a person reads is written in the screen code: it comes from the catalogue with `tr("key")`.
///
/// What is scanned, by rule, so a new screen file needs no entry here: every file of the flow and its presenter
/// (`Sources/AccountFlow`, `Sources/ScreenPresentation`) and every other file that speaks through the catalogue (calls
/// `tr(`), but those in ``englishOnPurpose``; and the keys' words of the Foundation-free targets, which cannot call it.
/// What counts as user-facing: a string literal in code (not in a `//` comment, not in `preconditionFailure`/`fatalError`) that, with its
/// `\(…)` interpolations taken out, holds two words (letters, a space, a letter) or is one capitalised word
/// (`"Verify"`). Keys (`code.title.signUp`), wire values and field ids are neither. ``allowed`` lists the rest.
@Suite struct LiteralScanTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Files whose words stay English on purpose: the enrolment template's rule; the trace's stories and the effects'
    /// descriptions (the trace stays English like reports and stderr); what the command line and the emulator's line
    /// commands print, and the model's line for standard error. `FlowSettings.swift`'s default password rule is
    /// English still: this rule found it.
    static let englishOnPurpose: Set<String> = ["EnrolmentForm.swift", "ServerStep.swift", "Redaction.swift", "ConsoleApp.swift",
                                                "EmbeddedTenant.swift", "Front.swift", "EmulatorLineCommand.swift",
                                                "EnrolmentCheck.swift", "FlowSettings.swift", "ConsoleModel.swift"]

    /// The keys' words (footer and help) and the help box, in targets without the catalogue.
    static let keyWordFiles = ["Sources/TerminalUI/Input/Keymap.swift", "Sources/TerminalUI/Form/HelpOverlay.swift",
                               "Sources/TerminalUI/Backend/FormSession.swift", "Sources/Launcher/ConsoleKeys.swift"]

    /// Literals that are not words: symbols and key names drawn as they are, and the emulator's redirect reason
    /// matched (never shown).
    static let allowed: Set<String> = ["▸ ", " ↑↓ ⏎ Esc", "Enter", "Esc", "Tab", "Home", "End", "fault injection"]

    static func swiftFiles() throws -> [URL] {
        let callsCatalogue = try Regex(#"\btr\("#)
        let all = FileManager.default.enumerator(at: root.appending(path: "Sources"), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? []
        return try all.filter { file in
            guard file.pathExtension == "swift", !englishOnPurpose.contains(file.lastPathComponent) else { return false }
            let path = String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            if path.hasPrefix("Sources/AccountFlow/") || path.hasPrefix("Sources/ScreenPresentation/") || keyWordFiles.contains(path) {
                return true
            }
            return try String(contentsOf: file, encoding: .utf8).contains(callsCatalogue)
        }.sorted { $0.path < $1.path }
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

    /// The framework's words reach the screen without a literal in the screen code: an error's `errorDescription`
    /// or a password rule's `message` shown as it is (issue 41: "That password is too short." under German labels).
    /// The flow and its presenter word every refusal from the catalogue (`NativeAuthError+ScreenMessage.swift`);
    /// reading a description only to test it (`!= nil`, `?.hasPrefix`) is fine.
    static func frameworkSentences(in line: Substring) throws -> Bool {
        let code = line.trimmingPrefix(while: \.isWhitespace)
        if code.hasPrefix("//") || code.hasPrefix("///") { return false }
        let shown = try Regex(#"\.errorDescription\b(?!\s*(?:!=|==|\?\.hasPrefix))|\brule\.message\b"#)
        return code.contains(shown)
    }

    @Test func screenCodeShowsNoFrameworkSentence() throws {
        var found: [String] = []
        for folder in ["Sources/AccountFlow", "Sources/ScreenPresentation"] {
            let files = FileManager.default.enumerator(at: Self.root.appending(path: folder), includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            for file in files {
                let text = try String(contentsOf: file, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    if try Self.frameworkSentences(in: line) {
                        found.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingPrefix(while: \.isWhitespace))")
                    }
                }
            }
        }
        #expect(found.sorted() == [], "the framework's English on the screen; word it with tr(\"…\"):\n\(found.sorted().joined(separator: "\n"))")
        #expect(try Self.frameworkSentences(in: #"form.emailError = error.errorDescription"#))
        #expect(try Self.frameworkSentences(in: #"guard rule == .banned else { return rule.message }"#))
        #expect(try !Self.frameworkSentences(in: #"where details.errorDescription != nil:"#))
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
