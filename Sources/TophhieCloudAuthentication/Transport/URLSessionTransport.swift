import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport over `URLSession`, created on first use so start-up does not pay for it.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// An ephemeral session with no cookie storage and no cache.
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    /// Sends over `URLSession`; any status is an answer.
    /// - Throws: `TransportFailure`, mapped from `URLError` (lost, unreachable, timed out, cancelled, other).
    public func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        do {
            let (data, response) = try await exchange(urlRequest)
            guard let http = response as? HTTPURLResponse else { throw TransportFailure.other("not an HTTP response") }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String { headers[name] = "\(value)" }
            }
            return HTTPResponse(status: http.statusCode, headers: headers, body: data)
        } catch let failure as TransportFailure {
            throw failure
        } catch let error as URLError {
            throw Self.failure(for: error)
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .other(error.localizedDescription)
        }
    }

    /// `URLSession.data(for:)` without its cancellation handler, which deadlocks on Linux: the Swift runtime
    /// holds the task's status lock while the handler runs, and `URLSessionTask.cancel()` waits for the
    /// session's queue, which may be resuming that very task at the moment (seen under load: a cancel racing an
    /// answer hung the console for good). Here the handler only hands the cancel to another thread.
    private func exchange(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let pending = PendingDataTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (answer: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        answer.resume(throwing: error)
                    } else if let response {
                        answer.resume(returning: (data ?? Data(), response))
                    } else {
                        answer.resume(throwing: URLError(.badServerResponse))
                    }
                }
                pending.start(task)
            }
        } onCancel: {
            DispatchQueue.global().async { pending.cancel() }
        }
    }

    private static func failure(for error: URLError) -> TransportFailure {
        switch error.code {
        case .networkConnectionLost: .connectionLost(error.localizedDescription)
        case .timedOut: .timedOut
        case .cancelled: .cancelled
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            .unreachable(error.localizedDescription)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasUnknownRoot, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .clientCertificateRejected:
            .other("TLS: \(error.localizedDescription). A server with a private CA (the emulator's --tls) needs that CA: "
                   + "--ca-file FILE, or configure(caFile:).")
        default: .other(error.localizedDescription)
        }
    }
}

/// The data task of one exchange, cancelled at most once, even when the cancel comes before it started.
private final class PendingDataTask: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var cancelled = false
    }

    private let state = Mutex(State())

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
