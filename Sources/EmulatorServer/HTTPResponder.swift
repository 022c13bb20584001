import Foundation

/// Something that answers HTTP requests on the daemon's threads.
protocol HTTPResponder: AnyObject, Sendable {
    func respond(method: String, path: String, query: [String: String], headers: [String: String], body: Data) -> (status: Int, headers: [String: String], body: Data, delaySeconds: Int)
}
