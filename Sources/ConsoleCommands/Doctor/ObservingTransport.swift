import Foundation
import TophhieCloudAuthentication

/// A transport that reports each exchange to an observer, for requests sent outside the framework's clients
/// (the doctor's probes), redacted by `ObservedExchange` like every other.
struct ObservingTransport: HTTPTransport {
    let base: any HTTPTransport
    let observer: ExchangeObserver

    func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
        let started = Date()
        do {
            let response = try await base.send(request)
            observer(ObservedExchange(startedAt: started, duration: Date().timeIntervalSince(started), request: request,
                                      response: response, failure: nil))
            return response
        } catch {
            observer(ObservedExchange(startedAt: started, duration: Date().timeIntervalSince(started), request: request,
                                      response: nil, failure: "\(error)"))
            throw error
        }
    }
}
