/// A value for a named argument of a message: text, a number (plurals choose by it) or a moment.
public enum MessageValue: Sendable, Equatable {
    case text(String)
    case number(Double)
    /// Seconds since 1970 (UTC); shown with `{when, date}` / `{when, time}` in the language's form.
    case date(secondsSince1970: Double)
}

/// Anything passed as a message argument.
public protocol MessageArgument: Sendable {
    var messageValue: MessageValue { get }
}

extension String: MessageArgument {
    public var messageValue: MessageValue { .text(self) }
}

extension Int: MessageArgument {
    public var messageValue: MessageValue { .number(Double(self)) }
}

extension Double: MessageArgument {
    public var messageValue: MessageValue { .number(self) }
}

extension MessageValue: MessageArgument {
    public var messageValue: MessageValue { self }
}
