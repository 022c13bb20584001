import ConsoleCommandLine
import EnrolmentFiles
import Foundation
import SharedQueue
import TophhieCloudAuthentication

/// The files the console holds open or writes during a session: the enrolment record, the queue's list, its progress
/// and lock files, the report, the token cache and the scenario being recorded. A HAR written over one destroys it
/// (a record replaced, its next line written to the deleted file), so F4 and `--har` refuse them.
package struct HeldFiles {
    private let files: [(role: String, path: String)]

    /// - Parameter files: each file's role as the refusal names it (`the enrolment record`) and its path.
    package init(_ files: [(role: String, path: String)]) {
        self.files = files
    }

    /// The files `options` name; the token cache at its default place unless in enrolment mode, which writes none; the
    /// scenario file F9 records into (`recording`: its default name when `--record-scenario` gave none).
    package init(options: ConsoleOptions, recording: String? = nil, environment: [String: String]) {
        let cache = options.tokenCachePath ?? (options.enrol ? nil : TokenCacheFile.defaultPath(environment: environment))
        var named: [(String, String?)] = [("the enrolment record", options.recordPath), ("the --report file", options.reportPath),
                                          ("the token cache", cache), ("the scenario file", recording ?? options.scenarioPath)]
        if let list = options.queuePath, !DatabaseURL.isDatabaseURL(list) {
            named += [("the queue's list", list), ("the queue's progress file", ProgressFile.path(besideList: list)),
                      ("the queue's lock file", ListLock.path(besideList: list))]
        }
        self.init(named.compactMap { role, path in path.map { (role: role + " of this session", path: $0) } })
    }

    /// Which held file `path` names, however it is spelt: the same device and inode when both exist (`./rec.jsonl`, a
    /// link), else the same absolute path. - Returns: its role, or nil for another file.
    package func role(of path: String) -> String? {
        let target = Self.identity(path)
        return files.first { _, held in
            if let target, let other = Self.identity(held) { return target == other }
            return Self.absolute(path) == Self.absolute(held)
        }?.role
    }

    /// Why `what` (`a HAR`, `the report`) may not be written to `path`: it names a held file. Nil for another file.
    package func problem(_ path: String, replacedBy what: String) -> String? {
        role(of: path).map { "it is \($0), which \(what) would replace; name another file." }
    }

    private struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64
    }

    private static func identity(_ path: String) -> Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    private static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
