/// A command's arguments split by ``CommandSpec/scan(_:)``: options in the order given, then operands.
public struct ScannedArguments: Equatable, Sendable {
    /// One option as given.
    public struct Given: Equatable, Sendable {
        /// The canonical name (`--enrol` for `--enroll`).
        public let name: String
        /// The spelling on the line, for messages.
        public let spelling: String
        /// Its value; nil for a flag.
        public let value: String?
    }

    /// The options, in order (a repeated option appears each time; the last one wins where it matters).
    public var options: [Given] = []
    /// The positional arguments, in order.
    public var operands: [String] = []

    /// Nothing scanned yet.
    public init() {}

    /// Whether the flag or option `name` (canonical) was given.
    public func has(_ name: String) -> Bool { options.contains { $0.name == name } }

    /// The last value given for `name` (canonical).
    public func last(_ name: String) -> String? { options.last { $0.name == name }?.value }
}

/// Why ``CommandSpec/scan(_:)`` refused a line.
public enum ScanError: Error, Equatable, Sendable {
    /// An option this command does not take, or an operand where it takes none.
    case unknown(String)
    /// An option that takes a value came last or was followed by another option.
    case missingValue(String)
}
