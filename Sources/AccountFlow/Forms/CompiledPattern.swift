import CRegexBound

/// A tenant regex compiled once by ICU, matched against whole inputs with a bounded step budget; a simple
/// pattern (``BytePattern``) is matched on the input's UTF-8 instead, with the same answers and no ICU work.
///
/// The server's `options.regex` is advisory (the server re-validates), so a match that ICU gives up on
/// is reported as ``PatternCheck/couldNotCheck`` rather than as a failure.
public final class CompiledPattern: @unchecked Sendable, Equatable {
    // @unchecked: the ICU pattern is never mutated after compilation and every match runs on a matcher
    // of its own (see CRegexBound.h), so sharing it across threads is safe.

    /// The pattern as the server sent it.
    public let source: String
    private let handle: OpaquePointer
    /// The byte matcher, when the pattern is simple enough for one.
    let bytePattern: BytePattern?

    /// ICU's time-limit unit (roughly a millisecond of matching): enough for any sane attribute
    /// pattern, small enough that a catastrophic one cannot freeze the console.
    static let timeLimit: Int32 = 50

    /// Compiles `source`; `nil` when ICU refuses the pattern.
    public init?(_ source: String) {
        let units = Array(source.utf16)
        var errorOffset: Int32 = 0
        guard let compiled = units.withUnsafeBufferPointer({ buffer in
            crb_compile(buffer.baseAddress, Int32(buffer.count), &errorOffset)
        }) else { return nil }
        self.source = source
        handle = compiled
        bytePattern = BytePattern(source)
    }

    deinit { crb_free(handle) }

    /// Whole-input match of `text` (at most `FieldInput.maxLength` characters: the form checks first).
    public func check(_ text: String) -> PatternCheck {
        if let bytePattern { return bytePattern.matches(text) ? .matches : .doesNotMatch }
        return checkWithICU(text)
    }

    /// ``check(_:)`` by ICU alone (the byte matcher's tests compare with it).
    func checkWithICU(_ text: String) -> PatternCheck {
        let units = Array(text.utf16)
        let result = units.withUnsafeBufferPointer { buffer in
            crb_matches_whole(handle, buffer.baseAddress, Int32(buffer.count), Self.timeLimit)
        }
        switch result {
        case CRB_MATCH: return .matches
        case CRB_NO_MATCH: return .doesNotMatch
        default: return .couldNotCheck
        }
    }

    /// Equal when the source patterns are equal.
    public static func == (lhs: CompiledPattern, rhs: CompiledPattern) -> Bool { lhs.source == rhs.source }
}

/// The outcome of checking a value against a tenant pattern.
public enum PatternCheck: Sendable, Equatable {
    /// The whole input matches.
    case matches
    /// The whole input does not match: the field shows a format error.
    case doesNotMatch
    /// ICU gave up (time limit or stack): the server will decide.
    case couldNotCheck
}
