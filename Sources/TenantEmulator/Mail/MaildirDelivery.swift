import Dispatch
import Foundation

/// Delivers the outbox's email messages as real mail: each becomes an RFC 5322 file in a Maildir
/// (`DIR/tmp`, `DIR/new`, `DIR/cur`), so an IMAP server over that folder (Dovecot's `maildir:` location)
/// serves them.
///
/// A message is written whole into `tmp/` and renamed into `new/` (the Maildir convention: a reader never
/// sees half a message), on a serial queue of its own: the outbox calls observers on the thread that issued
/// the code, which may be one of Swift's cooperative threads. SMS messages are not delivered.
/// ```swift
/// let delivery = try MaildirDelivery(folder: "/tmp/mail", emulator: emulator) { print($0) }
/// ```
public final class MaildirDelivery: Sendable {
    /// The Maildir's root folder, as given.
    public let folder: String
    private let queue = DispatchQueue(label: "tophhie.maildir")
    private let observation: Int
    private let outbox: Outbox

    /// Why a folder cannot be used.
    public struct FolderError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Creates `tmp`, `new` and `cur` under `folder` (and `folder` itself) and starts delivering.
    /// - Parameters:
    ///   - folder: the Maildir root.
    ///   - emulator: whose outbox to deliver.
    ///   - failed: told, on the delivery queue, why a message could not be written (a sentence naming the
    ///     file; never the code).
    /// - Throws: `FolderError` when the folders cannot be created.
    public init(folder: String, emulator: TenantEmulator, failed: @escaping @Sendable (String) -> Void) throws(FolderError) {
        do {
            for sub in ["tmp", "new", "cur"] {
                try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            }
        } catch {
            throw FolderError(description: "cannot create the Maildir \(folder): \(error.localizedDescription)")
        }
        self.folder = folder
        outbox = emulator.outbox
        let queue = queue
        let tenant = emulator.tenantID
        observation = emulator.outbox.observe { message in
            guard message.channel == "email" else { return }
            let date = Date()
            queue.async {
                if let problem = Self.deliver(OutboxMail.text(of: message, tenant: tenant, date: date), into: folder,
                                              name: Self.uniqueName(date: date, number: message.id)) {
                    failed(problem)
                }
            }
        }
    }

    /// Stops delivering; messages already handed to the queue are written before it returns (it waits for
    /// them: call it from a thread of its own, as the emulator command's main thread does).
    public func stop() {
        outbox.stopObserving(observation)
        queue.sync {}
    }

    /// Writes `tmp/NAME` whole, then renames it to `new/NAME`. Returns why it failed, or nil.
    private static func deliver(_ text: String, into folder: String, name: String) -> String? {
        let staged = folder + "/tmp/" + name
        let delivered = folder + "/new/" + name
        guard FileManager.default.createFile(atPath: staged, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            return "cannot write \(staged)"
        }
        guard rename(staged, delivered) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(staged)
            return "cannot move \(staged) to \(delivered): \(reason)"
        }
        return nil
    }

    /// `SECONDS.M<micro>P<pid>Q<outbox id>.HOST`: unique per process and message, as the Maildir convention asks.
    private static func uniqueName(date: Date, number: Int) -> String {
        let seconds = Int(date.timeIntervalSince1970)
        let micro = Int((date.timeIntervalSince1970 - Double(seconds)) * 1_000_000)
        // gethostname, not ProcessInfo.hostName, which may wait for DNS.
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, buffer.count - 1)
        let host = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: ":", with: "_")
        return "\(seconds).M\(micro)P\(getpid())Q\(number).\(host)"
    }
}
