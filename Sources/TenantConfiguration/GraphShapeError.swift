/// A Graph configuration answer (2xx) whose body is not the documented shape; `description` names the read and member.
public struct GraphShapeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, e.g. `value[0].onAttributeCollection.attributeCollectionPage.views is not an array`.
    public let reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}
