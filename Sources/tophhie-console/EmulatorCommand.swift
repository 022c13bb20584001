import CommandGrammar
import EmulatorServer
import Foundation
import TenantEmulator

/// `tophhie emulator [--tenant PRESET|FILE] [--port N] [--data FILE] [--host H [--control-token-file FILE]] [--show-codes]
/// [--tls [--tls-cert FILE]] [--maildir DIR]`.
///
/// First stdout line: `listening on http://HOST:PORT/TENANT-ID` (`https://` with `--tls`, after the
/// certificate is in `--tls-cert FILE` when given). Off loopback, stderr first says the tenant is reachable by
/// others and that the control API needs a bearer token: printed there once, or kept in `--control-token-file`.
/// Then one line per outbox message
/// (channel, masked target, purpose; the code only with `--show-codes`). SIGINT / SIGTERM stop it cleanly
/// (exit 0). Exit code 2 for usage errors and bad policy files, 1 when the port cannot be bound.
enum EmulatorCommand {
    /// `tophhie emulator --help`, from `CommandTable` like every other command's.
    static var usage: String { HelpRenderer.text(for: CommandTable.emulator.spec) + "\n" }

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
        var maildir: String?
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
            let rehearsal = try TenantPreset.rehearsal(options.tenant)
            policy = rehearsal.policy
            // A tenant snapshot: what the emulator cannot model is said before it serves, never silently dropped.
            for note in rehearsal.notes { write("tophhie emulator: not modelled: \(note)\n", to: .standardError) }
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
            // One line naming the address and port, and what to do.
            write("tophhie emulator: \(error); choose another --port (0 takes any free one).\n", to: .standardError)
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
        var delivery: MaildirDelivery?
        if let folder = options.maildir {
            do {
                delivery = try MaildirDelivery(folder: folder, emulator: server.emulator) { problem in
                    write("tophhie emulator: --maildir: \(problem)\n", to: .standardError)
                }
            } catch {
                server.stop()
                write("tophhie emulator: \(error)\n", to: .standardError)
                return 1
            }
        }
        let showCodes = options.showCodes
        server.emulator.outbox.observe { message in
            var line = "outbox: \(message.channel) \(message.maskedTarget) \(message.purpose.rawValue)"
            if showCodes { line += " code \(message.code)" }
            write(line + "\n", to: .standardOutput)
        }
        // The loopback authority first (scripts read the first line), then one per other address on `0.0.0.0`.
        for authority in server.authorities { write("listening on \(authority.absoluteString)\n", to: .standardOutput) }
        waitForTermination(signals)
        server.stop()
        delivery?.stop()
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

    /// The options as `CommandTable.emulator` scans them, given their meaning here.
    static func parse(_ arguments: [String]) -> Result<Options, UsageProblem> {
        if arguments.contains("--help") || arguments.contains("-h") { return .failure(UsageProblem(message: "help")) }
        let scanned: ScannedArguments<Option.Emulator>
        do {
            scanned = try CommandTable.emulator.scan(arguments)
        } catch {
            switch error {
            case .unknown(let argument): return .failure(UsageProblem(message: "unknown option \(argument)"))
            case .missingValue(let option): return .failure(UsageProblem(message: "\(option) needs a value"))
            }
        }
        var options = Options()
        for given in scanned.options {
            let text = given.value ?? ""
            switch given.option {
            case .tenant:
                guard !text.isEmpty else { return .failure(UsageProblem(message: "--tenant needs a preset name or a file")) }
                options.tenant = text
            case .port:
                guard let port = UInt16(text) else { return .failure(UsageProblem(message: "--port needs a number from 0 to 65535")) }
                options.port = port
            case .data:
                guard !text.isEmpty else { return .failure(UsageProblem(message: "--data needs a file path")) }
                options.dataFile = text
            case .host:
                guard text.split(separator: ".").count == 4 else { return .failure(UsageProblem(message: "--host needs an IPv4 address")) }
                options.host = text
            case .controlTokenFile:
                guard !text.isEmpty else { return .failure(UsageProblem(message: "--control-token-file needs a file path")) }
                options.controlTokenFile = text
            case .showCodes:
                options.showCodes = true
            case .tls:
                options.tls = true
            case .tlsCert:
                guard !text.isEmpty else { return .failure(UsageProblem(message: "--tls-cert needs a file path")) }
                options.tlsCertificateFile = text
            case .maildir:
                guard !text.isEmpty else { return .failure(UsageProblem(message: "--maildir needs a folder path")) }
                options.maildir = text
            case .hashIterations:
                guard let count = Int(text), count >= 1 else { return .failure(UsageProblem(message: "--hash-iterations needs a whole number ≥ 1")) }
                options.iterations = count
            }
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
