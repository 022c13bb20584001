import Foundation
import TestSupport

/// A real Dovecot IMAP server the test starts in a temp folder of its own and stops: its own configuration,
/// loopback only, a free high port, IMAPS only with a certificate generated for 127.0.0.1, one passwd-file
/// user, and `mail_location` a Maildir that the emulator's `--maildir` (or the test) writes into.
///
/// Dovecot will not read mail as root: as root, the mail account is Dovecot's own `dovecot` user, which must
/// also own the Maildir's files (``mailUserPrefix`` starts the emulator as it); otherwise everything runs as
/// the test's own user.
final class DovecotServer {
    /// The temp folder holding everything; removed by ``stop()``.
    let folder: String
    /// The Maildir (INBOX) the server serves.
    let maildir: String
    let port: Int
    /// The server's certificate (PEM), the CA file a client trusts.
    let caFile: String
    /// A file holding the password (0600), as `passwordFile` names it.
    let passwordFile: String
    let user = "qa@contoso.com"
    /// The mail user's ids when the test runs as root (then `dovecot`), else nil.
    private let mailAccount: (name: String, uid: uid_t, gid: gid_t)?
    private let pid: pid_t

    /// The password; tests check it never appears in any output.
    static let password = "Mailbox-Secret-7719"

    /// `imaps://qa%40contoso.com@127.0.0.1:PORT/INBOX`.
    var url: String { "imaps://qa%40contoso.com@127.0.0.1:\(port)/INBOX" }

    /// `setpriv` arguments that run a program as the mail account (as root), or none.
    var mailUserPrefix: [String] {
        guard let account = mailAccount else { return [] }
        return ["setpriv", "--reuid=\(account.uid)", "--regid=\(account.gid)", "--clear-groups"]
    }

    /// Starts Dovecot and waits until it accepts connections.
    /// - Throws: `MissingTool` without Dovecot or openssl; an error when it does not start within 30 s.
    static func start() async throws -> DovecotServer {
        try MissingTool.require("/usr/sbin/dovecot")
        try MissingTool.require("/usr/bin/openssl")
        let server = try DovecotServer(port: Int(try RefusingPort.free()))
        guard await eventually(timeout: .seconds(30), { server.accepts() }) else {
            let log = (try? String(contentsOfFile: server.folder + "/dovecot.log", encoding: .utf8)) ?? ""
            await server.stop()
            throw DovecotFailure(description: "Dovecot did not start: \(log.suffix(2000))")
        }
        return server
    }

    private init(port: Int) throws {
        let manager = FileManager.default
        folder = manager.temporaryDirectory.appendingPathComponent("dovecot-\(UUID().uuidString)").path
        maildir = folder + "/mail"
        caFile = folder + "/cert.pem"
        passwordFile = folder + "/reader-password"
        self.port = port
        for sub in ["run", "state", "home", "mail/new", "mail/cur", "mail/tmp"] {
            try manager.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
        }
        if getuid() == 0, let entry = getpwnam("dovecot") {
            mailAccount = ("dovecot", entry.pointee.pw_uid, entry.pointee.pw_gid)
        } else {
            mailAccount = nil
        }
        let openssl = ChildProcess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                                        "-keyout", folder + "/key.pem", "-out", caFile, "-days", "1", "-subj", "/CN=127.0.0.1",
                                        "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                                       outputPath: folder + "/openssl.log")
        guard openssl == 0 else { throw DovecotFailure(description: "openssl could not make the test certificate") }
        try Data("\(user):{PLAIN}\(Self.password)\n".utf8).write(to: URL(fileURLWithPath: folder + "/passwd"))
        try Data("\(Self.password)\n".utf8).write(to: URL(fileURLWithPath: passwordFile))
        chmod(passwordFile, 0o600)
        let me = getpwuid(getuid()).map { String(cString: $0.pointee.pw_name) } ?? "root"
        let myGroup = getgrgid(getgid()).map { String(cString: $0.pointee.gr_name) } ?? "root"
        var lines = [
            "base_dir = \(folder)/run", "state_dir = \(folder)/state", "protocols = imap", "listen = 127.0.0.1",
            "ssl = required", "ssl_cert = <\(caFile)", "ssl_key = <\(folder)/key.pem", "log_path = \(folder)/dovecot.log",
            "auth_mechanisms = plain", "mail_location = maildir:\(maildir)", "first_valid_uid = \(mailAccount?.uid ?? getuid())",
            "passdb {", "  driver = passwd-file", "  args = scheme=PLAIN username_format=%u \(folder)/passwd", "}",
            "userdb {", "  driver = static",
            "  args = uid=\(mailAccount?.uid ?? getuid()) gid=\(mailAccount?.gid ?? getgid()) home=\(folder)/home", "}",
            "service imap-login {", "  inet_listener imap {", "    port = 0", "  }",
            "  inet_listener imaps {", "    port = \(port)", "    ssl = yes", "  }", "}",
        ]
        if mailAccount == nil {
            // Not root: every Dovecot process runs as this user.
            lines += ["default_internal_user = \(me)", "default_internal_group = \(myGroup)", "default_login_user = \(me)"]
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/dovecot.conf"))
        if let account = mailAccount {
            // The folder must be readable by Dovecot's auth and mail processes, and the Maildir theirs.
            chmod(folder, 0o755)
            for path in [folder + "/passwd", maildir, maildir + "/new", maildir + "/cur", maildir + "/tmp", folder + "/home", folder] {
                chown(path, account.uid, account.gid)
            }
        }
        guard let pid = ChildProcess.start(["/usr/sbin/dovecot", "-F", "-c", folder + "/dovecot.conf"], outputPath: folder + "/dovecot.out") else {
            throw DovecotFailure(description: "Dovecot could not be started")
        }
        self.pid = pid
    }

    /// Writes a message straight into `new/` (tmp, then rename), owned by the mail account; `seen` files it
    /// in `cur/` flagged `\\Seen` instead, as a mail program leaves what it read.
    func deliver(_ raw: String, seen: Bool = false) throws {
        let name = "\(Int(Date().timeIntervalSince1970)).T\(UUID().uuidString.prefix(8)).test"
        let staged = maildir + "/tmp/" + name
        try Data(raw.utf8).write(to: URL(fileURLWithPath: staged))
        if let account = mailAccount { chown(staged, account.uid, account.gid) }
        let target = seen ? maildir + "/cur/" + name + ":2,S" : maildir + "/new/" + name
        guard rename(staged, target) == 0 else { throw DovecotFailure(description: "cannot deliver \(name)") }
    }

    /// Starts a server, runs `body` with it, and stops it whether `body` threw or not.
    static func with<T>(_ body: (DovecotServer) async throws -> T) async throws -> T {
        let server = try await start()
        do {
            let value = try await body(server)
            await server.stop()
            return value
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Stops Dovecot (SIGTERM, reaped) and removes the folder.
    func stop() async {
        await ChildProcess.terminate(pid)
        try? FileManager.default.removeItem(atPath: folder)
    }


    /// Whether the IMAPS port accepts a TCP connection now.
    private func accepts() -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// Why the test's Dovecot could not be used.
struct DovecotFailure: Error, CustomStringConvertible {
    let description: String
}
