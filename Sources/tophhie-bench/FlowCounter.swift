import Foundation

/// Completed flows and the first failure, shared by the client threads.
final class FlowCounter: @unchecked Sendable {
    // @unchecked: state is only touched under `lock`.
    private let lock = NSLock()
    private var completed = 0
    private var firstFailure: String?

    func add() { lock.lock(); completed += 1; lock.unlock() }
    func fail(_ message: String) { lock.lock(); if firstFailure == nil { firstFailure = message }; lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return completed }
    var failure: String? { lock.lock(); defer { lock.unlock() }; return firstFailure }
}
