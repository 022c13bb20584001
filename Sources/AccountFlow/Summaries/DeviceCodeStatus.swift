/// How the device-code polling is going (RFC 8628 §3.5), sent in ``FlowEvent/deviceCodeProgress(_:)``
/// while the sign-in stays in flight.
public enum DeviceCodeStatus: Sendable, Equatable {
    /// `authorization_pending`: the user has not finished yet; polling every `interval` seconds.
    case waiting(interval: Int)
    /// `slow_down`: the server asked for slower polling; now every `interval` seconds.
    case slowedDown(interval: Int)
    /// The server answered 5xx or 429 `consecutive` times in a row; polling goes on.
    case serverBusy(consecutive: Int)
}
