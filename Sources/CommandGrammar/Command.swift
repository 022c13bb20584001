/// A command of ``CommandTable`` with its options' names: `Key` (one of ``Option``'s enums) names each option, so a
/// parser that switches over `Key` gives every option the table lists a meaning, or does not compile.
@dynamicMemberLookup
public struct Command<Key: Equatable & Sendable>: Sendable {
    /// What `--help`, the completion scripts and the man page read.
    public let spec: CommandSpec
    /// The name of each of `spec.options`, in order.
    let keys: [Key]

    /// As ``CommandSpec``'s properties; `options` pairs each option's name with its spellings and meaning, in help order.
    init(name: String, summary: String, usage: [String], options: [(Key, OptionSpec)], operand: String? = nil,
         operandCompletion: ValueCompletion = .none, notes: [String] = [], hidden: Bool = false) {
        spec = CommandSpec(name: name, summary: summary, usage: usage, options: options.map(\.1), operand: operand,
                           operandCompletion: operandCompletion, notes: notes, hidden: hidden)
        keys = options.map(\.0)
        // Two options under one name would get one meaning in the parser: the second would act as the first.
        precondition(keys.indices.allSatisfy { !keys[..<$0].contains(keys[$0]) }, "tophhie \(name): two options share a name in the table")
    }

    /// The spec's properties (`name`, `options`, …), read through the command.
    public subscript<Value>(dynamicMember path: KeyPath<CommandSpec, Value>) -> Value { spec[keyPath: path] }

    /// Splits `arguments` (after the command word) into options with their values and operands, in order.
    ///
    /// An option's value is the next argument unless it is missing or starts with `--` (so `--har --line`
    /// is a missing value, not a file named `--line`). `--help`/`-h` and `--version` are left to the caller,
    /// which answers them wherever they appear.
    /// - Throws: ``ScanError`` for the first unknown option (or operand where none is taken) or missing value.
    public func scan(_ arguments: [String]) throws(ScanError) -> ScannedArguments<Key> {
        var scanned = ScannedArguments<Key>()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if let at = spec.options.firstIndex(where: { $0.names.contains(argument) }) {
                var value: String?
                if spec.options[at].value != nil {
                    guard index < arguments.count, !arguments[index].hasPrefix("--") else { throw .missingValue(argument) }
                    value = arguments[index]
                    index += 1
                }
                scanned.options.append(.init(option: keys[at], spec: spec.options[at], spelling: argument, value: value))
            } else if spec.operand != nil, !argument.hasPrefix("-") {
                scanned.operands.append(argument)
            } else {
                throw .unknown(argument)
            }
        }
        return scanned
    }
}
