/// A command's arguments split by ``Command/scan(_:)``: options in the order given, then operands.
public struct ScannedArguments<Key: Equatable & Sendable>: Equatable, Sendable {
    /// One option as given.
    public struct Given: Equatable, Sendable {
        /// Which option it is.
        public let option: Key
        /// Its spellings and meaning in the table.
        public let spec: OptionSpec
        /// The spelling on the line, for messages.
        public let spelling: String
        /// Its value; nil for a flag.
        public let value: String?
        /// The canonical name (`--enrol` for `--enroll`).
        public var name: String { spec.name }
    }

    /// The options, in order (a repeated option appears each time; the last one wins where it matters).
    public var options: [Given] = []
    /// The positional arguments, in order.
    public var operands: [String] = []

    /// Nothing scanned yet.
    public init() {}

    /// Whether `option` was given.
    public func has(_ option: Key) -> Bool { options.contains { $0.option == option } }

    /// The last value given for `option`.
    public func last(_ option: Key) -> String? { options.last { $0.option == option }?.value }
}

/// Why ``Command/scan(_:)`` refused a line.
public enum ScanError: Error, Equatable, Sendable {
    /// An option this command does not take, or an operand where it takes none.
    case unknown(String)
    /// An option that takes a value came last or was followed by another option.
    case missingValue(String)
}
