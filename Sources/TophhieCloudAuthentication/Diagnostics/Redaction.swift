import Foundation

/// Replaces secrets in form bodies and JSON answers before anything leaves the transport layer.
enum Redaction {
    /// JSON fields whose values are secrets (answers of docs/protocol.md §N3.4, §N1.5).
    static let jsonSecrets: Set<String> = [
        "continuation_token", "access_token", "refresh_token", "id_token", "client_info", "password", "new_password", "oob",
        "device_code",
    ]

    /// Request headers with the credential of `Authorization` replaced, its scheme kept
    /// (`Bearer <redacted>`), whatever the header name's case.
    static func headers(_ headers: [String: String]) -> [String: String] {
        var copy = headers
        for (name, value) in headers where name.lowercased() == "authorization" {
            let scheme = value.split(separator: " ", maxSplits: 1).first.map(String.init)
            copy[name] = value.contains(" ") ? "\(scheme ?? "") \(Secret.marker)" : Secret.marker
        }
        return copy
    }

    static func form(_ body: FormBody) -> [(key: String, value: String)] {
        let secretKeys = Set(FormKey.secrets.map(\.rawValue))
        return body.parameters.map { parameter in
            (parameter.key, secretKeys.contains(parameter.key) ? Secret.marker : parameter.value)
        }
    }

    /// The body as text with secret JSON values replaced. A body that is not JSON (a proxy's error page,
    /// truncated JSON) is kept as text cut to 4 KiB, with anything shaped like a secret field masked.
    static func body(_ data: Data) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            let text = maskSecretPairs(String(decoding: data.prefix(4096), as: UTF8.self))
            return data.count > 4096 ? text + "…" : text
        }
        let redacted = redact(object)
        guard let out = try? JSONSerialization.data(withJSONObject: redacted, options: [.sortedKeys, .fragmentsAllowed]) else {
            return ""
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `"access_token": "…"` (and every other secret key) with the value replaced, up to the next
    /// quote or the end of a truncated body.
    static func maskSecretPairs(_ text: String) -> String {
        let keys = jsonSecrets.sorted().joined(separator: "|")
        guard let pattern = try? NSRegularExpression(pattern: "(\"(?:\(keys))\"\\s*:\\s*\")[^\"]*") else { return "" }
        let range = NSRange(text.startIndex..., in: text)
        return pattern.stringByReplacingMatches(in: text, range: range, withTemplate: "$1\(Secret.marker)")
    }

    private static func redact(_ value: Any) -> Any {
        switch value {
        case let object as [String: Any]:
            var copy: [String: Any] = [:]
            for (key, item) in object {
                copy[key] = jsonSecrets.contains(key) ? Secret.marker : redact(item)
            }
            return copy
        case let array as [Any]:
            return array.map(redact)
        default:
            return value
        }
    }
}
