// A form with a text, a password and a code field on the curses backend, for tests under tmux.
// Usage: tui-harness --out RESULT.json [--pid PID_FILE] [--line]
// Line mode (LineTerminal) with --line, when stdout is not a terminal, or when TERM is dumb/unset.
// On exit it writes {"ending": …, "name": …, "password": …, "code": …} to RESULT.json. Not shipped.
import CursesBackend
import Glibc
import TerminalUI

var arguments = CommandLine.arguments.dropFirst()
var outPath: String?
var pidPath: String?
var forceLine = false
while let argument = arguments.popFirst() {
    switch argument {
    case "--out": outPath = arguments.popFirst()
    case "--pid": pidPath = arguments.popFirst()
    case "--line": forceLine = true
    default: break
    }
}

func save(_ text: String, to path: String?) {
    guard let path, let file = fopen(path, "w") else { return }
    fputs(text, file)
    fclose(file)
}

func json(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": escaped += "\\\""
        case "\\": escaped += "\\\\"
        case _ where scalar.value < 0x20: escaped += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
        default: escaped.unicodeScalars.append(scalar)
        }
    }
    return escaped + "\""
}

var environment: [String: String] = [:]
for name in ["TERM", "NO_COLOR", "ESCDELAY", "SSH_CONNECTION", "SSH_TTY"] {
    if let value = getenv(name) { environment[name] = String(cString: value) }
}

let form = FormView(
    header: HeaderInfo(tenant: "harness", authority: "http://127.0.0.1/harness", mode: "test"),
    title: "Harness form",
    lines: ["Fill the fields and press Enter."],
    fields: [.text("name", label: "Name"), .password("password", label: "Password"),
             .code("code", label: "Code", length: 6)],
    buttons: [FormButton(id: "submit", title: "Submit")])

save("\(getpid())\n", to: pidPath)
let ending: FormSession.Ending
var session = FormSession(form: form)
if forceLine || LineTerminal.isNeeded(environment: environment, standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1) {
    ending = LineTerminal().run(&session.form)
} else {
    do {
        let backend = try CursesBackend(environment: environment)
        defer { backend.stop() }
        ending = session.run(on: backend)
    } catch {
        let message = Array("tui-harness: \(error)\n".utf8)
        _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(2)
    }
}
let endingName: String
switch ending {
case .submitted(let button): endingName = "submitted:\(button ?? "")"
case .back: endingName = "back"
case .quit: endingName = "quit"
}
let values = session.form.values
let fields = ["name", "password", "code"].map { "\(json($0)): \(json(values[$0] ?? ""))" }
save("{\"ending\": \(json(endingName)), \(fields.joined(separator: ", "))}\n", to: outPath)
