import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `tophhie emulator --control-token-file FILE`: the control API's bearer token kept in a private file rather
/// than on the command line, where every user of the machine can read it (`ps`, `/proc/PID/cmdline`).
enum ControlTokenFile {
    struct Problem: Error, CustomStringConvertible { let description: String }

    /// The token in `path`, or `nil` when there is no such file (one is then generated and written there).
    /// - Throws: `Problem` when the file is readable or writable by group or others, or cannot be read.
    static func read(_ path: String) throws -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw Problem(description: String(cString: strerror(errno)))
        }
        guard status.st_mode & 0o077 == 0 else {
            throw Problem(description: "others can read it (mode \(String(status.st_mode & 0o777, radix: 8))); run `chmod 600` on it")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw Problem(description: "cannot read it") }
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes a generated token, mode 0600 from the start, atomically (a temporary file renamed over `path`).
    static func write(_ token: String, to path: String) throws {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Problem(description: String(cString: strerror(errno))) }
        let bytes = Array((token + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Problem(description: reason)
        }
    }
}
