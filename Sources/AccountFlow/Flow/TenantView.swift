/// The operator's tenant snapshot screen: the summary as read last, and what happened last ("Saved to …").
public struct TenantView: Sendable, Equatable {
    /// The snapshot read last.
    public var summary: TenantSummary
    /// Neutral information for the status line, e.g. `"Saved to /home/ops/tenant-snapshot.json"`.
    public var notice: String?
    /// Why the last save failed, if it did.
    public var saveFailure: String?

    public init(summary: TenantSummary, notice: String? = nil, saveFailure: String? = nil) {
        self.summary = summary
        self.notice = notice
        self.saveFailure = saveFailure
    }
}
