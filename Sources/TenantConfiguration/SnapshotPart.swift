import Foundation

/// One part of a tenant snapshot: what was read, or why it could not be (a 403, a beta endpoint refused).
///
/// In JSON: the value itself, or `{"notRead": "why"}`. A part that was not read never fails the snapshot.
public enum SnapshotPart<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    case read(Value)
    case notRead(String)

    private enum Keys: String, CodingKey { case notRead }

    /// The value, when read.
    public var value: Value? {
        if case .read(let value) = self { return value }
        return nil
    }

    /// Why it was not read; nil when read.
    public var reasonNotRead: String? {
        if case .notRead(let why) = self { return why }
        return nil
    }

    /// The value transformed, or the same reason.
    public func map<Other>(_ transform: (Value) -> Other) -> SnapshotPart<Other> {
        switch self {
        case .read(let value): .read(transform(value))
        case .notRead(let why): .notRead(why)
        }
    }

    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Keys.self), keyed.contains(.notRead) {
            self = .notRead(try keyed.decode(String.self, forKey: .notRead))
            return
        }
        self = .read(try Value(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .read(let value):
            try value.encode(to: encoder)
        case .notRead(let why):
            var keyed = encoder.container(keyedBy: Keys.self)
            try keyed.encode(why, forKey: .notRead)
        }
    }
}
