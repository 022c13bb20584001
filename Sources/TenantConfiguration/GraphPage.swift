/// One page of a Graph collection answer: its items and `@odata.nextLink` (nil on the last page).
public struct GraphPage<Item: Sendable>: Sendable {
    public let items: [Item]
    public let nextLink: String?
}
