import CursesBackend
import EnrolmentFiles
import Foundation
import OffPool
import SharedQueue
import Synchronization
import TerminalUI

/// `tophhie enrol --status URL --event NAME [--watch] [--report FILE]`: where a shared queue's day stands.
///
/// Exit codes: 0 shown (and the report written); 2 the database cannot be used or the report cannot be written.
enum QueueStatusCommand {
    /// How often the board asks the database again.
    static let refresh: Duration = .seconds(2)

    static func run(_ url: DatabaseURL, event: String, watch: Bool, report: String?) async -> Int32 {
        let queue: SharedQueue
        do throws(DatabaseError) {
            queue = try await SharedQueue.open(url, event: event, desk: "status")
        } catch {
            return EnrolCommand.fail(PrintableText.make(error.description))
        }
        let code = await serve(queue, event: event, watch: watch, report: report)
        // Closed before the process exits: a libpq call still in TLS on another thread while exit's handlers tear
        // OpenSSL down can hang the exit.
        await queue.close()
        return code
    }

    private static func serve(_ queue: SharedQueue, event: String, watch: Bool, report: String?) async -> Int32 {
        if let report {
            let snapshot: SharedQueue.Snapshot
            do throws(DatabaseError) {
                snapshot = try await queue.snapshot()
            } catch {
                return EnrolCommand.fail(PrintableText.make(error.description))
            }
            do throws(ProgressFileError) {
                try await AtomicFileWriter(path: report).replace(with: EnrolmentReport.bytes(snapshot.queue, path: report, title: "event \(event)"))
            } catch {
                return EnrolCommand.fail(error.message)
            }
        }
        guard watch else {
            do throws(DatabaseError) {
                print(QueueStatusText.lines(try await queue.status()).joined(separator: "\n"))
                return 0
            } catch {
                return EnrolCommand.fail(PrintableText.make(error.description))
            }
        }
        return await board(queue)
    }

    /// The full-screen board: a task asks the database every ``refresh`` and wakes the screen; the screen waits
    /// for a key or that wake (never a busy loop) and redraws; q or ^C quits.
    private static func board(_ queue: SharedQueue) async -> Int32 {
        let board = Board()
        let poller = Task { [board] in
            while !Task.isCancelled {
                let lines: [String]
                do throws(DatabaseError) {
                    lines = QueueStatusText.lines(try await queue.status())
                } catch {
                    lines = ["The database cannot be asked now: \(PrintableText.make(error.description))", "Trying again…"]
                }
                board.lines.withLock { $0 = lines + ["", "Updated \(UTCTime.text(Date()).dropFirst(11).prefix(8)) UTC · q quits"] }
                board.wake.withLock { $0 }?()
                try? await Task.sleep(for: refresh)
            }
        }
        // One thread off the pool for the screen: curses is used from one thread, and its waits must not hold the pool.
        let environment = ProcessInfo.processInfo.environment
        let code = await OffPoolWork.run { [board] () -> Int32 in
            let backend: CursesBackend
            do {
                backend = try CursesBackend(environment: environment)
            } catch {
                return EnrolCommand.fail("--watch needs a terminal: \(error)")
            }
            board.wake.withLock { $0 = backend.wake }
            draw(backend, board.lines.withLock { $0 })
            loop: while true {
                switch backend.nextEvent(timeout: .seconds(60)) {
                case .key(.character("q")), .key(.character("Q")), .key(.control("c")), .inputClosed: break loop
                case .resized: backend.clear()
                case .key, .tick: break
                }
                draw(backend, board.lines.withLock { $0 })
            }
            board.wake.withLock { $0 = nil }
            backend.stop()
            return 0
        }
        poller.cancel()
        await poller.value
        return code
    }

    private static func draw(_ backend: CursesBackend, _ lines: [String]) {
        var buffer = Buffer(size: backend.size)
        buffer.write("Enrolment status", at: Point(x: 1, y: 0), style: .title)
        // Wrapped, not cut: at 80 columns the outcome counts and the end estimate run longer than a line.
        let width = max(backend.size.width - 2, 1)
        for (index, line) in QueueStatusText.wrapped(lines, width: width).enumerated() where index + 2 < backend.size.height {
            buffer.writeCut(line, at: Point(x: 1, y: index + 2), width: width)
        }
        backend.show(buffer, cursor: nil)
    }

    /// What the poller and the screen's thread share: the latest lines and the screen's wake.
    private final class Board: Sendable {
        let lines = Mutex<[String]>(["Asking the database…"])
        let wake = Mutex<(@Sendable () -> Void)?>(nil)
    }
}
