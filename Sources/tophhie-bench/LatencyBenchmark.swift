import EmulatorLoad
import Foundation
import LoopbackHTTP
import TenantEmulator

/// `tophhie-bench latency`: how soon the console's screen follows an answer and a key.
///
/// Runs `tophhie console` on an 80×24 pseudo-terminal against an emulator in this process (the `email-password`
/// preset over loopback HTTP), on the sign-in form with an unknown email, and in each round:
/// - key to frame: types a character and erases it, each timed from the write to the pty to the last byte of
///   the frame it causes (output then quiet for 150 ms);
/// - answer to frame: submits; timed from the emulator's answer leaving its responder to the arrival of the
///   error it causes ("We couldn't sign you in") on the pty; then Esc and Enter start the next round's flow.
/// Prints the median and p99 of each. `--console PATH` measures another build's `tophhie` (e.g. the main branch's).
enum LatencyBenchmark {
    static let usage = "tophhie-bench latency [--rounds N] [--console PATH]"

    static func run(_ arguments: [String]) -> Int32 {
        var rounds = 40
        var console = ChildRun.sibling("tophhie")
        var index = 0
        while index < arguments.count {
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch (arguments[index], value) {
            case ("--rounds", let text?) where Int(text).map({ $0 > 0 }) == true: rounds = Int(text) ?? rounds
            case ("--console", let path?): console = path
            default:
                FileHandle.standardError.write(Data("usage: \(usage)\n".utf8))
                return 2
            }
            index += 2
        }
        do {
            try measure(rounds: rounds, console: console)
            return 0
        } catch {
            FileHandle.standardError.write(Data("tophhie-bench latency: \(error)\n".utf8))
            return 1
        }
    }

    private static func measure(rounds: Int, console: String) throws {
        guard FileManager.default.isExecutableFile(atPath: console) else {
            throw BenchmarkError("no console at \(console): swift build -c release --product tophhie, or pass --console PATH")
        }
        let emulator = try TenantEmulator(policy: try TenantPreset.load("email-password"), hasher: PasswordHasher(iterations: 1000))
        let clock = AnswerClock(emulator: emulator)
        let daemon = try HTTPDaemon(host: "127.0.0.1", port: 0, responder: clock)
        defer { daemon.stop() }
        emulator.defaultOrigin = "http://127.0.0.1:\(daemon.port)"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tophhie-bench-latency-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        environment["XDG_CONFIG_HOME"] = folder + "/config"
        environment["XDG_STATE_HOME"] = folder + "/state"
        environment["NO_COLOR"] = nil
        let program = try PseudoTerminalProgram([console, "console", "--authority", "\(emulator.defaultOrigin)/\(emulator.tenantID)",
                                                 "--client-id", BenchmarkTenant.clientID], environment: environment)
        defer { program.stop() }
        guard program.read(until: "Reset password") != nil else { throw BenchmarkError("the console's home screen never came") }
        _ = program.readUntilQuiet(first: .zero)
        program.mark()
        program.send("\r")  // Sign in
        guard program.read(until: "Password") != nil else { throw BenchmarkError("the sign-in form never came") }
        program.send(Self.typedSignIn)
        _ = program.readUntilQuiet()

        var keyToFrame: [Duration] = []
        var answerToFrame: [Duration] = []
        let warmUp = 3
        for round in 0..<(rounds + warmUp) {
            for key in ["x", "\u{7F}"] {
                let pressed = ContinuousClock.now
                program.send(key)
                guard let framed = program.readUntilQuiet() else { throw BenchmarkError("a key drew nothing (round \(round))") }
                if round >= warmUp { keyToFrame.append(framed - pressed) }
            }
            _ = clock.takeAnswers()
            program.mark()
            program.send("\r")
            // The error counts from the last answer that left before it arrived (a frame drawn while the request
            // was out may still show the previous round's error; a later request's answer is not its cause).
            var answers: [ContinuousClock.Instant] = []
            while true {
                guard let shown = program.read(until: "sign you in") else {
                    throw BenchmarkError("no error frame after the answer (round \(round)): \(program.recent.debugDescription)")
                }
                answers += clock.takeAnswers()
                if let answered = answers.last(where: { $0 <= shown }) {
                    if round >= warmUp { answerToFrame.append(shown - answered) }
                    break
                }
                program.mark()
            }
            _ = program.readUntilQuiet(first: .zero)
            // Back home and into a fresh sign-in (the form starts empty): the next submit is a new flow.
            program.mark()
            program.send("\u{1B}")
            // A form with typed values asks for a second Esc before it drops them.
            if program.read(untilAny: ["Reset password", "Esc again"])?.marker == "Esc again" {
                program.mark()
                program.send("\u{1B}")
                guard program.read(until: "Reset password") != nil else {
                    throw BenchmarkError("Esc did not go home (round \(round)): \(program.recent.debugDescription)")
                }
            }
            _ = program.readUntilQuiet(first: .zero)
            program.mark()
            program.send("\r")
            guard program.read(until: "Password") != nil else { throw BenchmarkError("the sign-in form did not come back (round \(round))") }
            program.send(Self.typedSignIn)
            _ = program.readUntilQuiet()
        }
        print("latency: \(console), \(rounds) rounds (after \(warmUp) warm-up), pseudo-terminal 80x24, TERM=xterm-256color")
        print("  answer to frame: \(summary(answerToFrame))   (emulator's answer leaves → the error reaches the pty)")
        print("  key to frame:    \(summary(keyToFrame))   (key written to the pty → the frame's last byte)")
    }

    /// An email no account has, Tab, a password: the sign-in form's fields.
    private static let typedSignIn = "nobody.bench@example.com\tWhatever-1234!"

    private static func summary(_ samples: [Duration]) -> String {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return "no samples" }
        let median = sorted[sorted.count / 2]
        let p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
        return String(format: "median %7.2f ms   p99 %7.2f ms", milliseconds(median), milliseconds(p99))
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
