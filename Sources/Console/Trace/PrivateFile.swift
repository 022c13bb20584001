import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files that only the user can read, atomically: a temporary file created 0600 in the same
/// folder, then renamed over the target, so a reader never sees half a file.
enum PrivateFile {
    static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var template = Array("\(folder)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = fchmod(fd, 0o600) == 0
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while ok, offset < bytes.count {
                let written = Glibc.write(fd, base + offset, bytes.count - offset)
                if written <= 0 { ok = false } else { offset += written }
            }
        }
        ok = ok && fsync(fd) == 0
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
