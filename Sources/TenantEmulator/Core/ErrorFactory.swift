import Foundation
import NativeAuthWire

/// The only place error answers are made: the full envelope of docs/protocol.md §N1.7 with the codes of §N7.3.
///
/// `error_description` starts `AADSTSnnnnnn:` and ends with Trace ID / Correlation ID / Timestamp lines,
/// like the service's. Token-endpoint errors without a suberror carry `error_uri`, as the documented
/// exchanges do. Source: docs/protocol.md §N1.7, §N3.5, §N7.
struct ErrorFactory {
    func response(_ error: ProtocolError, endpoint: NativeAuthEndpoint?, correlationID: String, at date: Date) -> EmulatorResponse {
        let traceID = SecureRandom.guid()
        let timestamp = Self.timestamp(date)
        var envelope = error.envelope
        envelope.errorDescription = "AADSTS\(error.code): \(error.message)\r\nTrace ID: \(traceID)\r\nCorrelation ID: \(correlationID)\r\nTimestamp: \(timestamp)"
        envelope.errorCodes = [error.code]
        envelope.timestamp = timestamp
        envelope.traceID = traceID
        envelope.correlationID = correlationID
        if endpoint == .token, envelope.suberror == nil {
            envelope.errorURI = "https://login.microsoftonline.com/error?code=\(error.code)"
        }
        let body = (try? TenantEmulator.encoder.encode(envelope)) ?? Data()
        var response = EmulatorResponse.json(error.status, body)
        response.headers.merge(error.extraHeaders) { _, new in new }
        return response
    }

    /// `yyyy-mm-dd hh:mm:ssZ`.
    static func timestamp(_ date: Date) -> String { date.utcText("yyyy-MM-dd HH:mm:ss'Z'") }
}
