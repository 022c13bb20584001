/// A profile property's value as Graph `/me` returned it, telling "not set" (`null`) apart from "not
/// available" (the key absent: not selected, or not readable by this caller).
///
/// Shapes: `"Seattle"` → `.set("Seattle")`; `null` (and `[]` for a collection, Graph's way of saying
/// "none") → `.notSet`; no key → `.notAvailable`.
/// Source: docs/protocol.md §I5.1 (`null` vs. missing under `$select`), trap T14; field case 021 (docs/field-cases.md).
public enum ProfileValue<Wrapped: Sendable & Equatable>: Sendable, Equatable {
    /// A value was returned.
    case set(Wrapped)
    /// The property was returned as `null` (or an empty collection): show "not set".
    case notSet
    /// The property was not in the answer (or had a type Graph does not document): show "not available".
    case notAvailable

    /// The value when `.set`, else nil.
    public var value: Wrapped? {
        if case .set(let wrapped) = self { return wrapped }
        return nil
    }
}

extension ProfileValue {
    /// `.set` transformed; `.notSet` and `.notAvailable` kept.
    public func map<Other>(_ transform: (Wrapped) -> Other) -> ProfileValue<Other> {
        switch self {
        case .set(let wrapped): .set(transform(wrapped))
        case .notSet: .notSet
        case .notAvailable: .notAvailable
        }
    }
}
