/// How much history the emulator keeps, so that a long-running tenant's memory stays bounded by these caps
/// rather than growing with every request it answered.
///
/// The defaults suit a developer's tenant; a soak benchmark lowers them so its stores reach their caps within
/// the warm-up and a flat resident set after that means nothing leaks.
public struct Retention: Sendable, Equatable {
    /// The outbox keeps at most this many messages, dropping the oldest first (10 000). Apart from that cap,
    /// a message is forgotten ``Outbox/expiredGraceSeconds`` after its code expired.
    public var outboxMessages: Int
    /// The sign-in log keeps at most this many rows, dropping the oldest first (10 000); it is trimmed in
    /// batches of a tenth of this, so it may hold that many more between trims.
    public var signInLogRows: Int

    /// - Parameters:
    ///   - outboxMessages: at least 1.
    ///   - signInLogRows: at least 1.
    public init(outboxMessages: Int = 10_000, signInLogRows: Int = 10_000) {
        self.outboxMessages = max(1, outboxMessages)
        self.signInLogRows = max(1, signInLogRows)
    }
}
