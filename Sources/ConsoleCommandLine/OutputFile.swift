import Foundation

/// The files and folders a command is told to write to, checked before it runs so no run is lost to them.
package enum OutputFile {
    /// Why the output file `path` given with `flag` cannot be written (a folder, no folder, not writable).
    package static func problem(_ path: String?, flag: String) -> String? {
        guard let path else { return nil }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "\(flag) \(path): that is a folder; name a file."
        }
        // The folder as typed (`out` for `out/x.har`), not made absolute: the message names what the user wrote.
        let folder = (path as NSString).deletingLastPathComponent
        return folderProblem(folder.isEmpty ? "." : folder, given: "\(flag) \(path)")
    }

    /// Why files cannot be made in `folder` (missing, not a folder, not writable), said after `given`, the flag and
    /// value as typed: one wording for `--har FILE`, `--junit FILE`, `--report FILE`, `--out FILE` and `--har-dir DIR`.
    package static func folderProblem(_ folder: String, given: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            return "\(given): the folder \(folder) does not exist; create it first."
        }
        guard isDirectory.boolValue else { return "\(given): \(folder) is a file, not a folder." }
        // Try it: the permission bits do not bind root, and a read-only mount passes them.
        let probe = URL(fileURLWithPath: folder).appendingPathComponent(".tophhie-probe-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: probe, contents: nil) else {
            return "\(given): the folder \(folder) is not writable."
        }
        try? FileManager.default.removeItem(atPath: probe)
        return nil
    }
}
