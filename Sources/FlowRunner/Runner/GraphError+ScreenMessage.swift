import AccountFlow
import Localization
import TophhieCloudAuthentication

// As `AuthError+ScreenMessage.swift`: the catalogue's sentence for the person, what Graph or the transport said
// kept as sent (the failure's detail holds Graph's code and request id).

extension GraphError {
    /// The catalogue's sentence for a Graph call (profile, sign-in history, tenant snapshot) that failed.
    var screenMessage: String {
        switch self {
        case .unauthorized: tr("graph.unauthorized")
        case .clockSkew(let seconds, _):
            tr("graph.clockSkew", ["minutes": max(1, Int((Double(abs(seconds)) / 60).rounded())), "side": seconds > 0 ? "ahead" : "behind"])
        case .missingPermission: tr("graph.missingPermission")
        case .notPremium: tr("graph.notPremium")
        case .notSelfWritable(let properties): tr("graph.notSelfWritable", ["properties": properties.map(\.screenLabel).joined(separator: ", ")])
        case .badRequest: tr("graph.badRequest")
        case .notFound: tr("graph.notFound")
        case .throttled(let seconds?, _, _, _): tr("graph.throttled.wait", ["seconds": seconds])
        case .throttled(nil, _, _, _): tr("graph.throttled")
        case .pageLinkRefused(_, _, let details):
            tr("graph.pageLinkRefused", ["reason": details.message.flatMap { $0.isEmpty ? nil : $0 } ?? tr("graph.noReason")])
        case .server: tr("graph.server")
        case .auth(let error): error.screenMessage
        case .networkFailure(let detail): tr("failure.network", ["detail": detail])
        case .unexpectedResponse(let detail): tr("graph.unexpectedResponse", ["detail": detail])
        }
    }
}
