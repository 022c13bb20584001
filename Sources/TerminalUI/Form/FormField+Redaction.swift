import Secrets

/// Secrets never reach a log: printing, `dump` and debugger views of a field show
/// `<redacted>` in place of a password or code.
extension FormField: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private var shownValue: String { isSecret ? Secret.marker : value }

    /// `id (kind): value`, with a password or code value shown as `<redacted>`.
    public var description: String { "\(id) (\(kind.name)): \(shownValue)" }

    /// Same as ``description``, secrets redacted.
    public var debugDescription: String { description }

    /// For `dump` and debuggers: id, label, kind, value (redacted when secret), error and note.
    public var customMirror: Mirror {
        Mirror(self, children: ["id": id, "label": label, "kind": kind.name, "value": shownValue,
                                "error": error as Any, "note": note as Any])
    }
}

extension FieldKind {
    /// The kind without its state, for descriptions.
    var name: String {
        switch self {
        case .text: return "text"
        case .password: return "password"
        case .code: return "code"
        case .toggle: return "toggle"
        case .picker: return "picker"
        }
    }
}
