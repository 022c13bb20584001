/// The message line above the footer.
public struct StatusLine: Hashable, Sendable {
    /// How the line is styled.
    public enum Kind: Hashable, Sendable { case info, success, error }

    /// The message.
    public var text: String
    /// Info, success or error.
    public var kind: Kind

    /// An info line (plain style) unless `kind` says otherwise.
    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }

    /// `"Resend code in 0:42"`: a countdown the idle tick moves.
    public static func countdown(_ label: String, secondsLeft: Int) -> StatusLine {
        let seconds = max(0, secondsLeft)
        let clock = "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
        return StatusLine("\(label) \(clock)")
    }

    /// How the line is drawn: its kind's colour.
    public var style: Style {
        switch kind {
        case .info: return .plain
        case .success: return .success
        case .error: return .error
        }
    }
}
