/// The transport to use for a tenant whose certificate may come from a private CA.
///
/// - Parameter caFile: a PEM file of one or more CA certificates to trust in addition to the system's
///   (`/etc/ssl/certs`); `nil` for the system's trust alone.
/// - Returns: a `CurlTransport` trusting `caFile` when one is given; otherwise the default transport
///   (`URLSession`, created on first use).
/// - Throws: `TransportConfigurationError` when `caFile` cannot be read or holds no PEM certificate:
///   checked here, once, rather than as a TLS failure on every request.
public func makeTransport(caFile: String?) throws(TransportConfigurationError) -> any HTTPTransport {
    guard let caFile else { return LazyURLSessionTransport() }
    return try CurlTransport(caFile: caFile)
}
