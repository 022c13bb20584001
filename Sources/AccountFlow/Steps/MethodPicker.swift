import TophhieCloudAuthentication

/// Why a method is being picked.
public enum MethodPurpose: Sendable, Equatable {
    /// MFA with one of the user's registered methods (docs/protocol.md §N3.6).
    case mfa
    /// Registering one of the tenant's `availableMethods` (docs/protocol.md §N3.7).
    case registration
}

/// The method picker for MFA selection and for registration.
public struct MethodPicker: Sendable, Equatable {
    /// MFA asks for a code at once when a method is picked; registration asks for the contact first.
    public var purpose: MethodPurpose
    /// In the server's order; for registration only the tenant's `availableMethods`.
    public var methods: [AuthMethod]
    /// Ids the server answered `methodBlocked` for: shown, not offered.
    public var blocked: Set<String>
    /// The id last picked (for MFA, the one a request is or was in flight for).
    public var picked: String?
    /// A message for the picker, e.g. that the picked method is blocked.
    public var message: String?

    /// A picker with, by default, nothing blocked, nothing picked and no message.
    public init(purpose: MethodPurpose, methods: [AuthMethod], blocked: Set<String> = [], picked: String? = nil,
                message: String? = nil) {
        self.purpose = purpose
        self.methods = methods
        self.blocked = blocked
        self.picked = picked
        self.message = message
    }
}
