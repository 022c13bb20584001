/// What the cryptography a tenant cannot skip costs on this machine: the floor under any flow's time.
public struct CryptoCost: Sendable {
    /// Wall-clock seconds for one RS256 signature with the tenant's signing key over a token-sized input.
    public let signSeconds: Double
    /// Wall-clock seconds for one PBKDF2-SHA256 hash at the tenant's configured iteration count.
    public let hashSeconds: Double

    /// A cost from its two parts, e.g. the median of several timings.
    public init(signSeconds: Double, hashSeconds: Double) {
        self.signSeconds = signSeconds
        self.hashSeconds = hashSeconds
    }
}
