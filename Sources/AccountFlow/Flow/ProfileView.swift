/// The profile screen: the profile as read last, and what happened last ("Saved").
public struct ProfileView: Sendable, Equatable {
    /// Every property read, in display order.
    public var profile: ProfileSummary
    /// Neutral information for the status line, e.g. `"Saved"`.
    public var notice: String?

    /// A profile with no notice by default.
    public init(profile: ProfileSummary, notice: String? = nil) {
        self.profile = profile
        self.notice = notice
    }
}
