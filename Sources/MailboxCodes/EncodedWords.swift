import Foundation

/// RFC 2047 encoded words in a header (`=?utf-8?B?…?=`, `=?utf-8?Q?…?=`), for a subject shown in a report.
enum EncodedWords {
    static func decode(_ field: String) -> String {
        guard field.contains("=?") else { return field }
        var out = ""
        var rest = Substring(field)
        while let start = rest.range(of: "=?") {
            out += rest[..<start.lowerBound]
            let word = rest[start.upperBound...]
            let pieces = word.split(separator: "?", maxSplits: 3, omittingEmptySubsequences: false)
            guard pieces.count == 4, pieces[3].hasPrefix("=") else {
                out += "=?"
                rest = word
                continue
            }
            let payload = Array(pieces[2].utf8)
            let bytes: [UInt8]? = switch pieces[1].lowercased() {
            case "b": TransferDecoding.base64(payload)
            case "q": TransferDecoding.quotedPrintable(payload.map { $0 == UInt8(ascii: "_") ? 32 : $0 })
            default: nil
            }
            out += bytes.map { TransferDecoding.text($0, charset: String(pieces[0])) } ?? String(pieces[2])
            rest = pieces[3].dropFirst()
        }
        return out + rest
    }
}
