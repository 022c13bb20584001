import EmulatorServer
import Foundation
import TenantEmulator

/// `tophhie emulator [--tenant PRESET|FILE] [--port N] [--data FILE] [--host H [--control-token-file FILE]] [--show-codes]
/// [--tls [--tls-cert FILE]]`.
///
/// First stdout line: `listening on http://HOST:PORT/TENANT-ID` (`https://` with `--tls`, after the
/// certificate is in `--tls-cert FILE` when given). Off loopback, stderr first says the tenant is reachable by
/// others and that the control API needs a bearer token: printed there once, or kept in `--control-token-file`.
/// Then one line per outbox message
/// (channel, masked target, purpose; the code only with `--show-codes`). SIGINT / SIGTERM stop it cleanly
/// (exit 0). Exit code 2 for usage errors and bad policy files, 1 when the port cannot be bound.
enum EmulatorCommand {
    static let usage = """
        usage: tophhie emulator [--tenant PRESET|FILE] [--port N] [--data FILE] [--host H] [--show-codes]
                                [--hash-iterations N] [--tls [--tls-cert FILE]]

          --tenant PRESET|FILE  a preset (\(TenantPreset.names.joined(separator: ", "))) or a policy JSON file
                                (default: \(TenantPreset.defaultName))
          --port N              TCP port; 0 takes any free port (default: 0)
          --data FILE           keep users in this SQLite file across restarts (default: in memory)
          --host H              IPv4 address to bind (default: 127.0.0.1; anything else is reachable by others)
          --control-token-file FILE
                                the control API's bearer token off loopback: read from FILE (mode 0600, no group or
                                other access), or generated and written there when FILE does not exist; without
                                it a token is generated and printed once on stderr
          --show-codes          print one-time codes on stdout (they are secrets: only for local rehearsal)
          --hash-iterations N   PBKDF2-SHA256 cost for stored passwords (default: \(PasswordHasher.defaultIterations))
          --tls                 serve HTTPS with a self-signed certificate made at start (127.0.0.1, localhost;
                                30 days); clients must trust it as their CA file
          --tls-cert FILE       with --tls: write that certificate (PEM, not the key) to FILE before the
                                first line (mode 0644), the CA file for e.g. `curl --cacert FILE`

        """

    struct Options {
        var tenant = TenantPreset.defaultName
        var port: UInt16 = 0
        var dataFile: String?
        var host = "127.0.0.1"
        var controlTokenFile: String?
        var showCodes = false
        var iterations = PasswordHasher.defaultIterations
        var tls = false
        var tlsCertificateFile: String?
    }

    /// Runs the command and returns the process exit code.
    static func run(_ arguments: [String]) -> Int32 {
        let signals = blockTerminationSignals()
        let options: Options
        switch parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let problem):
            if problem.message == "help" {
                write(usage, to: .standardOutput)
                return 0
            }
            write("tophhie emulator: \(problem.message)\n\(usage)", to: .standardError)
            return 2
        }
        let policy: TenantPolicy
        do {
            policy = try TenantPreset.resolve(options.tenant)
        } catch {
            write("tophhie emulator: \(error.message)\n", to: .standardError)
            return 2
        }
        if options.host != "127.0.0.1" {
            write("warning: listening on \(options.host) instead of 127.0.0.1: whatever can reach that address can use this test tenant\n", to: .standardError)
        }
        let givenToken: String?
        do {
            givenToken = try options.controlTokenFile.flatMap(ControlTokenFile.read)
        } catch {
            write("tophhie emulator: --control-token-file \(options.controlTokenFile ?? ""): \(error)\n", to: .standardError)
            return 2
        }
        let server: EmulatorServer
        do {
            server = try EmulatorServer.start(policy: policy, port: options.port, host: options.host, dataFile: options.dataFile,
                                              hasher: PasswordHasher(iterations: options.iterations), tls: options.tls,
                                              controlToken: givenToken)
        } catch {
            write("tophhie emulator: \(error)\n", to: .standardError)
            return 1
        }
        if let token = server.controlToken {
            var place = "it is shown once here: \(token)"
            if let file = options.controlTokenFile {
                place = "it is in \(file)"
                if givenToken == nil {
                    do {
                        try ControlTokenFile.write(token, to: file)
                    } catch {
                        server.stop()
                        write("tophhie emulator: cannot write the control token to \(file): \(error)\n", to: .standardError)
                        return 1
                    }
                }
            }
            let reach = options.host.hasPrefix("127.") ? "" : "\(options.host) is reachable by others: "
            write("warning: \(reach)the control API (/emulator/v1/) answers only requests with `Authorization: Bearer TOKEN`; "
                  + "\(place)\n", to: .standardError)
        }
        if let file = options.tlsCertificateFile, let pem = server.certificatePEM {
            do {
                try writeCertificate(pem, to: file)
            } catch {
                server.stop()
                write("tophhie emulator: cannot write the certificate to \(file): \(error.localizedDescription)\n", to: .standardError)
                return 1
            }
        }
        let showCodes = options.showCodes
        server.emulator.outbox.observe { message in
            var line = "outbox: \(message.channel) \(message.maskedTarget) \(message.purpose.rawValue)"
            if showCodes { line += " code \(message.code)" }
            write(line + "\n", to: .standardOutput)
        }
        write("listening on \(server.authority.absoluteString)\n", to: .standardOutput)
        waitForTermination(signals)
        server.stop()
        return 0
    }

    /// Blocks SIGINT and SIGTERM in this thread; threads started afterwards (the daemon's) inherit the mask,
    /// so the signals stay pending until `waitForTermination` takes them: none is lost, even one sent the
    /// moment the first line appears, and no handler runs in signal context.
    private static func blockTerminationSignals() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        return signals
    }

    private static func waitForTermination(_ signals: sigset_t) {
        var signals = signals
        var received: Int32 = 0
        sigwait(&signals, &received)
    }

    struct UsageProblem: Error { let message: String }

    static func parse(_ arguments: [String]) -> Result<Options, UsageProblem> {
        var options = Options()
        var index = 0
        func value(_ flag: String) -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            let flag = arguments[index]
            switch flag {
            case "--help", "-h":
                return .failure(UsageProblem(message: "help"))
            case "--tenant":
                guard let text = value(flag), !text.isEmpty else { return .failure(UsageProblem(message: "--tenant needs a preset name or a file")) }
                options.tenant = text
            case "--port":
                guard let text = value(flag), let port = UInt16(text) else { return .failure(UsageProblem(message: "--port needs a number from 0 to 65535")) }
                options.port = port
            case "--data":
                guard let text = value(flag), !text.isEmpty else { return .failure(UsageProblem(message: "--data needs a file path")) }
                options.dataFile = text
            case "--host":
                guard let text = value(flag), text.split(separator: ".").count == 4 else { return .failure(UsageProblem(message: "--host needs an IPv4 address")) }
                options.host = text
            case "--control-token-file":
                guard let text = value(flag), !text.isEmpty else { return .failure(UsageProblem(message: "--control-token-file needs a file path")) }
                options.controlTokenFile = text
            case "--show-codes":
                options.showCodes = true
            case "--tls":
                options.tls = true
            case "--tls-cert":
                guard let text = value(flag), !text.isEmpty else { return .failure(UsageProblem(message: "--tls-cert needs a file path")) }
                options.tlsCertificateFile = text
            case "--hash-iterations":
                guard let text = value(flag), let count = Int(text), count >= 1 else { return .failure(UsageProblem(message: "--hash-iterations needs a whole number ≥ 1")) }
                options.iterations = count
            default:
                return .failure(UsageProblem(message: "unknown option \(flag)"))
            }
            index += 1
        }
        if options.tlsCertificateFile != nil && !options.tls {
            return .failure(UsageProblem(message: "--tls-cert needs --tls"))
        }
        return .success(options)
    }

    /// Writes the certificate (public: mode 0644) atomically: a reader polling the file never sees half of it.
    private static func writeCertificate(_ pem: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try Data(pem.utf8).write(to: url, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
    }

    /// Unbuffered writes: every outbox line is visible at once (a pipe reader sees it immediately).
    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
