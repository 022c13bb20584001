import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Bytes the process holds allocated through malloc, from glibc's `malloc_info` report: every arena's
/// memory less its free chunks, plus mmapped blocks. Unlike the resident set it does not count free heap the
/// allocator keeps (glibc's `malloc_trim` does not release the free top of a thread's arena), so it tells
/// whether a program gave its memory back.
enum HeapInUse {
    /// - Returns: the bytes in use, or `nil` where `malloc_info` is missing or its report cannot be read.
    static func bytes() -> Int? {
        // malloc.h is not in the Swift Glibc module; RTLD_DEFAULT is the null handle.
        guard let symbol = dlsym(nil, "malloc_info") else { return nil }
        let mallocInfo = unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32).self)
        var buffer: UnsafeMutablePointer<CChar>?
        var length = 0
        guard let stream = open_memstream(&buffer, &length) else { return nil }
        let status = mallocInfo(0, stream)
        fclose(stream)
        defer { free(buffer) }
        guard status == 0, let buffer else { return nil }
        // The totals follow the last </heap>: <total type="fast|rest|mmap" count=… size=…/>, <system type="current" size=…/>.
        let report = String(cString: buffer)
        guard let totals = report.range(of: "</heap>", options: .backwards).map({ report[$0.upperBound...] }) else { return nil }
        func bytes(after tag: String) -> Int? {
            guard let element = totals.range(of: tag), let value = totals[element.upperBound...].range(of: "size=\"") else { return nil }
            return Int(totals[value.upperBound...].prefix { $0.isNumber })
        }
        guard let fast = bytes(after: #"<total type="fast""#), let rest = bytes(after: #"<total type="rest""#),
              let mapped = bytes(after: #"<total type="mmap""#), let system = bytes(after: #"<system type="current""#) else { return nil }
        return system - fast - rest + mapped
    }
}
