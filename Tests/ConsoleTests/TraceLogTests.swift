import EnrolmentFiles
@testable import FlowRunner
import Foundation
import Testing

@Suite struct TraceLogTests {
    @Test func harExportIsPrivateAndAtomic() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("session.har").path
        try AtomicFile.replace(path, with: Array("old".utf8))
        try TraceLog().exportHAR(to: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"version\" : \"1.2\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["session.har"])
    }

    /// A failed export says why in the system's words, short enough for the status line.
    @Test func aFailedExportSaysWhy() {
        #expect(throws: AtomicFile.WriteError(reason: String(cString: strerror(ENOENT)))) {
            try AtomicFile.replace("/nonexistent-\(UUID().uuidString)/session.har", with: Array("x".utf8))
        }
    }
}
