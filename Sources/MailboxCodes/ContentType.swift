/// A `Content-Type` field: `text/plain; charset="utf-8"` → media type `text/plain`, parameters by lowercased name.
struct ContentType {
    let mediaType: String
    let parameters: [String: String]

    init(_ field: String) {
        let pieces = field.split(separator: ";")
        mediaType = (pieces.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "text/plain").lowercased()
        var parameters: [String: String] = [:]
        for piece in pieces.dropFirst() {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let name = piece[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            var value = piece[piece.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            parameters[name] = value
        }
        self.parameters = parameters
    }
}
