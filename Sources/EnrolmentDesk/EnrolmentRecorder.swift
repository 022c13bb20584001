import ConsoleCommandLine
import Dispatch
import EnrolmentFiles
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `--record FILE`: appends one line to the enrolment record per person who finished (``PersonWatcher`` says
/// when), or whom staff marked absent or skipped. A ``PersonResult`` has no field for a secret: a password or
/// code typed at the desk has no way into a ``RecordEntry``.
///
/// Appends run in order on the record file's own serial queue (``RecordFile/append(_:then:)``, `fsync`ed), and
/// are counted off there too: nothing of a write needs Swift's cooperative pool, so ``finish()`` may block any
/// thread, even a pool thread in a test's deinit, without starving the writes it waits for.
/// ``finished()`` is the wait for async code.
package final class EnrolmentRecorder: Sendable {
    private let file: RecordFile
    private let staff: String
    private let terminal: String
    private let tenant: String
    /// Entered per line queued, left on the record's queue when it is on disk (or failed).
    private let pending = DispatchGroup()
    private let failures = Mutex<[String]>([])
    /// UTC, to the second.
    private let clock: @Sendable () -> Date

    init(file: RecordFile, staff: String, terminal: String, tenant: String, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.file = file
        self.staff = staff
        self.terminal = terminal
        self.tenant = tenant
        self.clock = clock
    }

    /// `--staff`, else the operating-system user (`USER`, then the password database), else `unknown`.
    static func staffName(_ given: String?, environment: [String: String]) -> String {
        if let given, !given.isEmpty { return given }
        if let user = environment["USER"], !user.isEmpty { return user }
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return "unknown"
    }

    /// The terminal on standard input (`/dev/pts/3`), or `none`.
    static func terminalName() -> String {
        ttyname(0).map { String(cString: $0) } ?? "none"
    }

    /// Appends the line for `result`.
    package func record(_ result: PersonResult) {
        write(RecordEntry(time: now(), staff: staff, terminal: terminal, tenant: tenant, email: result.email, objectId: result.objectID,
                          outcome: result.outcome, code: result.code, correlationId: result.correlationID,
                          walkIn: result.walkIn ? true : nil))
    }

    /// Waits for every line to be on disk, then says on stderr which could not be written. Blocking: for the
    /// console's own thread at exit, never the cooperative pool (async code awaits ``finished()``).
    package func finish() {
        pending.wait()
        for failure in failures.withLock({ $0 }) {
            FileHandle.standardError.write(Data("tophhie: --record \(file.path): \(failure)\n".utf8))
        }
    }

    /// Returns when every line queued so far is on disk (or failed).
    func finished() async {
        await withCheckedContinuation { continuation in pending.notify(queue: .global()) { continuation.resume() } }
    }

    private func write(_ entry: RecordEntry) {
        pending.enter()
        file.append(entry) { result in
            if case .failure(let error) = result { self.failures.withLock { $0.append("\(entry.email): \(error.description)") } }
            self.pending.leave()
        }
    }

    private func now() -> String {
        UTCTime.text(clock())
    }
}

extension EnrolmentRecorder {
    /// Why `--record FILE` cannot be used (it cannot be opened, or holds something else or a broken chain); nil when
    /// it can, or none was given.
    package static func problem(_ path: String?) -> String? {
        guard let path else { return nil }
        do throws(RecordFileError) {
            _ = try RecordFile(path: path)
            return nil
        } catch {
            return "--record \(path): \(error.description)"
        }
    }

    /// The recorder for `options`, on the record file checked by ``problem(_:)``; nil without `--record`.
    package static func opened(_ options: ConsoleOptions, tenant: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> EnrolmentRecorder? {
        guard let path = options.recordPath, let file = try? RecordFile(path: path) else { return nil }
        return EnrolmentRecorder(file: file, staff: staffName(options.staff, environment: environment), terminal: terminalName(), tenant: tenant)
    }
}
