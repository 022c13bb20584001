import TenantEmulator

/// The token-signing key of every emulator a test process starts.
///
/// RSA generation is the costliest part of an emulator's start, and the suite starts hundreds of them on
/// Swift's two-thread cooperative pool: generated each time, it starved every other test on a loaded machine.
/// No test needs two tenants' keys to differ.
public enum TestSigningKey {
    public static let shared: TokenSigningKey = {
        do { return try TokenSigningKey.generate() } catch { fatalError("OpenSSL could not generate an RSA key: \(error)") }
    }()
}
