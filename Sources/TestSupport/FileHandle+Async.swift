import Foundation
@_exported import OffPool

extension FileHandle {
    /// The bytes a pipe holds now, or the next ones written to it; empty at its end. The read blocks, so it runs on a
    /// Dispatch thread: a test that read on the cooperative pool held one of its two threads for as long as a child
    /// process was silent.
    public func nextChunk() async -> Data {
        await OffPoolWork.run { self.availableData }
    }

    /// Everything until the writer closes the pipe, read on a Dispatch thread (see ``nextChunk()``).
    public func readAll() async -> Data {
        await OffPoolWork.run { self.readDataToEndOfFile() }
    }
}
