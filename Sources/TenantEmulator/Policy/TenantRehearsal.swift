/// A tenant snapshot turned into a policy the emulator can run, with what it could not model said in words.
public struct TenantRehearsal: Sendable {
    /// The policy: the snapshot's flow, attributes, applications, methods and MFA rule; emulator defaults for the rest.
    public var policy: TenantPolicy
    /// One line per thing the snapshot holds that the emulator does not model, or part the snapshot did not read;
    /// printed when the emulator starts.
    public var notes: [String]
}
