import Foundation
import Testing
@testable import Localization

/// The catalogues against the code and against English: every key the code asks for is in English, English has no
/// key the code stopped using, every other catalogue has English's keys (and no others) with the same arguments.
@Suite struct CatalogueTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folder = root.appending(path: "Sources/Localization/Catalogues")

    /// The keys the code passes to `tr("…"`, from every Swift file under Sources/.
    static func keysInCode() throws -> Set<String> {
        var keys: Set<String> = []
        let pattern = try Regex(#"\btr\("([A-Za-z0-9_.]+)""#)
        let files = FileManager.default.enumerator(at: root.appending(path: "Sources"), includingPropertiesForKeys: nil)!
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) { keys.insert(String(match.output[1].substring!)) }
        }
        return keys
    }

    static func filesOnDisk() throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".txt") {
            files[String(name.dropLast(4))] = try String(contentsOf: folder.appending(path: name), encoding: .utf8)
        }
        return files
    }

    @Test func everyFileReadsAndIsBuiltIn() throws {
        let files = try Self.filesOnDisk()
        for (tag, text) in files {
            #expect(throws: Never.self, "\(tag).txt") { try Catalogue(tag: tag, text: text) }
        }
        #expect(Set(files.keys) == Set(Catalogue.embedded.keys), "a file of Catalogues/ needs its line in CatalogueFiles.swift")
        #expect(files["en"] != nil)
    }

    @Test func englishHasExactlyTheKeysTheCodeUses() throws {
        let used = try Self.keysInCode()
        let english = Set(Catalogue.english.messages.keys)
        #expect(used.subtracting(english).sorted() == [], "keys the code uses that en.txt lacks")
        #expect(english.subtracting(used).sorted() == [], "keys of en.txt no code uses")
    }

    @Test(arguments: Catalogue.embedded.keys.sorted().filter { $0 != "en" })
    func translationHasEnglishsKeysAndArguments(tag: String) throws {
        let catalogue = try #require(Catalogue.embedded[tag])
        let english = Catalogue.english.messages
        #expect(Set(english.keys).subtracting(catalogue.messages.keys).sorted() == [], "\(tag) lacks these keys")
        #expect(Set(catalogue.messages.keys).subtracting(english.keys).sorted() == [], "\(tag) has keys English has not")
        for (key, pattern) in catalogue.messages {
            guard let source = english[key] else { continue }
            #expect(ICUMessage.skeleton(pattern) == ICUMessage.skeleton(source), "\(tag): \(key)'s arguments differ from English's")
        }
    }

    /// A translation names the same keys as English (`^O`, `F2`): a hint that drops one leaves the person without it.
    @Test(arguments: Catalogue.embedded.keys.sorted().filter { $0 != "en" })
    func translationNamesEnglishsKeys(tag: String) throws {
        let catalogue = try #require(Catalogue.embedded[tag])
        let chord = try Regex(#"\^[A-Z]|\bF[0-9]{1,2}\b"#)
        func chords(_ text: String) -> [String] { text.matches(of: chord).map { String(text[$0.range]) }.sorted() }
        for (key, source) in Catalogue.english.messages {
            #expect(chords(catalogue.messages[key] ?? "") == chords(source), "\(tag): \(key) names other keys than English")
        }
    }

    @Test func everyPatternParses() {
        for catalogue in Catalogue.embedded.values {
            for (key, pattern) in catalogue.messages {
                #expect(ICUMessage.skeleton(pattern) != nil, "\(catalogue.tag): \(key) is not ICU MessageFormat")
            }
        }
    }

    /// The skeleton the placeholder check compares: argument names and kinds, select keys; plural keys follow the language.
    @Test func skeletonNamesArgumentsAndSelectKeysButNotPluralForms() {
        let english = "{count, plural, one {# minute} other {# minutes}} by {channel, select, email {email} other {text}} to {target}"
        let polish = "{count, plural, one {# minuta} few {# minuty} many {# minut} other {# minuty}} przez "
            + "{channel, select, email {e-mail} other {SMS}} do {target}"
        #expect(ICUMessage.skeleton(english) == ["count:plural", "channel:select=email|other", "target"])
        #expect(ICUMessage.skeleton(polish) == ICUMessage.skeleton(english))
        #expect(ICUMessage.skeleton("{count} to {who}") != ICUMessage.skeleton("{count} to {target}"))
        #expect(ICUMessage.skeleton("{count, plural, other {#}}") != ICUMessage.skeleton("{count}"))
    }
}
