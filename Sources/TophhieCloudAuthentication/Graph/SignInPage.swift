import Foundation

/// One page of sign-in history: its rows (newest first, as Graph sends them) and the link to the next page.
/// Source: docs/protocol.md §I6.1–§I6.2; field case 022 (docs/field-cases.md).
public struct SignInPage: Sendable, Equatable {
    /// The rows of this page.
    public var rows: [SignInRecord]
    /// `@odata.nextLink`, exactly as Graph sent it (an absolute URL with `$skiptoken`); nil on the last
    /// page. Pass the page to `nextSignInPage(after:)`; never rebuild it.
    public var nextLink: URL?

    /// Memberwise.
    public init(rows: [SignInRecord], nextLink: URL?) {
        self.rows = rows
        self.nextLink = nextLink
    }
}
