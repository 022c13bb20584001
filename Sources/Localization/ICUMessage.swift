import CMessageFormat
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ICU's MessageFormat, plural rules and pattern parser, called through `CMessageFormat`.
enum ICUMessage {
    /// `pattern` formatted for `locale`, or `nil` when it does not parse or an argument does not fit it.
    static func format(_ pattern: String, locale: String, arguments: [String: any MessageArgument]) -> String? {
        let pattern = Array(pattern.utf16)
        let names = arguments.keys.sorted()
        let texts = names.map { name -> [UInt16] in
            if case .text(let text) = arguments[name]!.messageValue { return Array(text.utf16) }
            return []
        }
        return withNames(names) { cNames in
            withTexts(texts) { textPointers in
                var cArguments: [cmf_argument] = names.indices.map { index in
                    switch arguments[names[index]]!.messageValue {
                    case .text:
                        cmf_argument(name: cNames[index], kind: CMF_TEXT, number: 0, text: textPointers[index],
                                     text_length: Int32(texts[index].count))
                    case .number(let number):
                        cmf_argument(name: cNames[index], kind: CMF_NUMBER, number: number, text: nil, text_length: 0)
                    case .date(let seconds):
                        cmf_argument(name: cNames[index], kind: CMF_DATE, number: seconds * 1000, text: nil, text_length: 0)
                    }
                }
                var capacity = max(64, pattern.count * 2)
                while true {
                    var output = [UInt16](repeating: 0, count: capacity)
                    let length = cmf_format(locale, pattern, Int32(pattern.count), &cArguments, Int32(cArguments.count),
                                            &output, Int32(capacity))
                    if length < 0 { return nil }
                    if Int(length) < capacity { return String(decoding: output[..<Int(length)], as: UTF16.self) }
                    capacity = Int(length) + 1
                }
            }
        }
    }

    /// The pattern's arguments, one line each (see `cmf_skeleton`), or `nil` when it does not parse.
    static func skeleton(_ pattern: String) -> Set<String>? {
        let pattern = Array(pattern.utf16)
        let needed = cmf_skeleton(pattern, Int32(pattern.count), nil, 0)
        if needed < 0 { return nil }
        var output = [CChar](repeating: 0, count: Int(needed) + 1)
        _ = cmf_skeleton(pattern, Int32(pattern.count), &output, Int32(output.count))
        let text = String(decoding: output.prefix(Int(needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Set(text.split(separator: "\n").map(String.init))
    }

    /// The plural category `locale` gives `number` ("one", "few", "many", "other", ...).
    static func pluralCategory(_ number: Double, locale: String) -> String? {
        var output = [CChar](repeating: 0, count: 16)
        let length = cmf_plural_category(locale, number, &output, Int32(output.count))
        guard length >= 0, Int(length) < output.count else { return nil }
        return String(decoding: output.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func withNames<R>(_ names: [String], _ body: ([UnsafePointer<CChar>]) -> R) -> R {
        let copies = names.map { strdup($0)! }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) })
    }

    private static func withTexts<R>(_ texts: [[UInt16]], _ body: ([UnsafePointer<UInt16>?]) -> R) -> R {
        let copies = texts.map { text -> UnsafeMutablePointer<UInt16> in
            let copy = UnsafeMutablePointer<UInt16>.allocate(capacity: max(1, text.count))
            copy.initialize(from: text, count: text.count)
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        return body(copies.map { UnsafePointer($0) })
    }
}
