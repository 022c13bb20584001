import AccountFlow
import ConsoleCommandLine
import EnrolmentFiles
import Foundation
import Localization
import Synchronization

/// `--record-scenario FILE` and the full screen's record key: a ``ScenarioRecorder`` fed by the console (its model
/// and its emulator panel, on different threads) and the file it is written to. Each recording, start to stop, is one
/// scenario; at each stop the whole file is written again, atomically (a temporary file renamed over it).
package final class ScenarioRecording: Sendable {
    /// The scenario file written.
    package let path: String
    private let tenant: ScenarioTenant
    private let recorder: Mutex<ScenarioRecorder>

    /// - Parameters:
    ///   - tenant: the file's tenant: the embedded emulator's preset (an absolute path for a file), or the real tenant.
    ///   - codeSource: what a code that worked is replayed as (`outbox` on the emulator).
    init(path: String, tenant: ScenarioTenant, codeSource: CodeSource) {
        self.path = path
        self.tenant = tenant
        recorder = Mutex(ScenarioRecorder(codeSource: codeSource))
    }

    /// The recording for the console's tenant: codes from the embedded emulator's outbox, else asked on replay.
    package convenience init(path: String, preset: String?, target: TenantTarget?, caFile: String?) {
        if let preset {
            let named = preset.contains("/") || preset.hasSuffix(".json") ? URL(fileURLWithPath: preset).standardizedFileURL.path : preset
            self.init(path: path, tenant: .emulator(preset: named), codeSource: .outbox)
        } else if let target {
            self.init(path: path, tenant: .real(target, codeCommand: nil, caFile: caFile, mailbox: nil), codeSource: .prompt)
        } else {
            self.init(path: path, tenant: .emulator(preset: "email-password"), codeSource: .outbox)
        }
    }

    package var isRecording: Bool { recorder.withLock { $0.isRecording } }

    package func start() { recorder.withLock { $0.begin() } }

    package func observe(_ event: FlowEvent, before: FlowState, after: FlowState) {
        recorder.withLock { $0.observe(event, before: before, after: after) }
    }

    package func emulator(_ action: EmulatorAction) { recorder.withLock { $0.emulator(action) } }

    package func leaveOut(_ what: String) { recorder.withLock { $0.leaveOut(what) } }

    /// Ends the recording and writes the file with every scenario recorded so far.
    /// - Returns: what the status line says (written, or nothing was recorded).
    /// - Throws: ``AtomicFile/WriteError`` with the system's reason; the scenarios stay for the next stop.
    @discardableResult
    package func stop() throws -> String {
        let (added, file) = recorder.withLock { recorder in
            let name = "recorded " + Date().formatted(.iso8601)
            let added = recorder.end(name: name)
            return (added, ScenarioFile(path: path, comment: recorder.comment, tenant: tenant, scenarios: recorder.scenarios))
        }
        guard added else { return tr("notice.recording.nothing") }
        try AtomicFile.replace(path, with: Array(ScenarioFileEncoder.data(file)))
        let count = file.scenarios.count
        return tr("notice.recording.written", ["path": path, "count": count])
    }
}
