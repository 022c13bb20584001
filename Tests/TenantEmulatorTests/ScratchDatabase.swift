import Foundation

/// A SQLite file for one test under the temporary folder, removed (with its WAL files) when the last
/// holder lets go, so test runs leave no user stores behind.
final class ScratchDatabase: Sendable {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-test-\(UUID().uuidString).sqlite").path

    deinit {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
