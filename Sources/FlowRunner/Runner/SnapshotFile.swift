import EnrolmentFiles
import Foundation
import OffPool

/// Where a tenant snapshot is written: atomically (temporary file, fsync, rename; `AtomicFile`), off the
/// cooperative pool, since the write blocks.
package enum SnapshotFile {
    /// The screen's file when none is named: `tenant-snapshot.json` in the current folder.
    static var defaultPath: String { FileManager.default.currentDirectoryPath + "/tenant-snapshot.json" }

    /// - Throws: `AtomicFile.WriteError` with the system's reason.
    package static func write(_ data: Data, to path: String) async throws {
        try await OffPoolWork.run { () throws(any Error) in try AtomicFile.replace(path, with: Array(data)) }
    }
}
