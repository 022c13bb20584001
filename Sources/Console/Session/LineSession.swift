import AccountFlow
import EnrolmentDesk
import FlowRunner
import Foundation
import Localization
import QRCode
import TerminalUI

/// The line mode: the same flows as plain sequential prompts, for screen readers, pipes and
/// scripts. Each screen prints its title, text and messages; fields are asked for in order
/// (secrets without echo); choices are numbered. On the embedded emulator, `/emulator …` at any prompt
/// drives it (see ``EmulatorLineCommand``) and the prompt is asked again.
final class LineSession {
    let model: ConsoleModel
    let terminal: LineTerminal
    private let outbox: (any CodeOutbox)?
    private let emulator: EmulatorControl?
    /// The id of the newest outbox message printed.
    private var printedThrough = 0
    /// Woken by each answer the runner posts, while a request is out.
    private let answers = WakePipe()
    /// `--queue`: the list at the desk, asked instead of the home screen.
    private let desk: EnrolmentDesk?
    /// ``QuitAnswer`` was typed at a prompt: the questions stop and the console quits.
    private var quitTyped = false

    init(model: ConsoleModel, terminal: LineTerminal, outbox: (any CodeOutbox)?, emulator: EmulatorControl? = nil, desk: EnrolmentDesk? = nil) {
        self.model = model
        self.desk = desk
        self.terminal = terminal
        self.outbox = outbox
        self.emulator = emulator
        model.mailbox.onPost(answers.wake)
    }

    /// Runs until the user quits or the input ends.
    func run() {
        while !model.quitRequested {
            waitWhileWorking()
            if let quitting = quitTyped ? quitEvents : nil {
                for event in [FlowEvent.keyPressed] + quitting { model.apply(event) }
                continue
            }
            printNewCodes()
            if let desk, model.state.step == .home {
                guard let events = askQueue(desk) ?? quitEvents else { return }
                for event in [FlowEvent.keyPressed] + events { model.apply(event) }
                continue
            }
            let screen = model.state.screen
            show(screen)
            guard let events = ask(screen) ?? quitEvents else {
                if model.inputEnded() { terminal.say(tr("line.inputEnded")) }
                return
            }
            // An answer is input: enrolment's idle time counts from here, not from the last request.
            for event in [FlowEvent.keyPressed] + events { model.apply(event) }
        }
    }

    /// Quitting, when ``QuitAnswer`` ended the questions; nil when the input did.
    private var quitEvents: [FlowEvent]? { quitTyped ? [.menuChosen(.quit)] : nil }

    /// The embedded emulator's outbox, as lines: a script or a screen reader reads codes here.
    private func printNewCodes() {
        guard let codes = outbox?.sentCodes(after: printedThrough), let newest = codes.last else { return }
        for code in codes {
            terminal.say(tr("line.outbox", ["channel": code.channel, "target": code.maskedTarget, "purpose": code.purpose, "code": code.code]))
        }
        printedThrough = newest.id
    }

    private func waitWhileWorking() {
        let started = Date()
        defer {
            // Lines typed at a terminal during a long wait (a device code, the browser) were meant for no
            // prompt: dropped, not taken as the next answer (a stray "sign out" must not sign out the new account).
            if Date().timeIntervalSince(started) > 1 { terminal.discardTypeAhead() }
        }
        var announced = false
        var step = model.state.step
        while true {
            // Read before the answers are taken: the start-up restore posts its account before it ends. Home is
            // printed once, so it waits for that account.
            let restoring = model.isRestoring
            model.pump()
            if let notice = model.takeNotice() { terminal.say(PrintableText.make(notice)) }
            guard model.isWorking || restoring else { return }
            // A long request shows its own screens meanwhile: a device code to type elsewhere, a sign-in URL.
            if model.state.step != step {
                step = model.state.step
                show(model.state.screen)
                if listensWhileWaiting(model.state.screen) { terminal.say(Self.whileWaitingHelp(model.state.screen)) }
                announced = false
            }
            if !announced, let status = model.state.screen.status {
                terminal.say(status)
                announced = true
            }
            // Until the next answer, or the next tick of a countdown; at a terminal, or a line typed meanwhile.
            let timeout = max(model.untilNextTick, .milliseconds(1))
            guard listensWhileWaiting(model.state.screen) else {
                _ = answers.wait(timeout: timeout)
                continue
            }
            if case .line(let line) = terminal.lineIfTyped(within: timeout, wake: answers) {
                answerWhileWaiting(line, on: model.state.screen)
            }
        }
    }

    /// Whether what is typed while this screen waits is read at once: at a terminal (a script's piped lines stay
    /// for the prompts after the wait), on the long waits of a device code or browser sign-in (a screen with an
    /// address for a phone), where type-ahead was meant for no prompt. A short request's type-ahead stays for the
    /// next prompt.
    private func listensWhileWaiting(_ screen: Screen) -> Bool {
        terminal.inputIsTerminal && screen.phoneLink != nil
    }

    /// The buttons that may be pressed while the request runs (Cancel, "Use a device code instead").
    private static func waitActions(_ screen: Screen) -> [ScreenAction] {
        screen.actions.filter { $0.enabled && $0.endsTheRequest }
    }

    /// What may be typed while the screen waits.
    static func whileWaitingHelp(_ screen: Screen) -> String {
        var ways = screen.phoneLink == nil ? [] : [tr("line.wait.qr")]
        ways += waitActions(screen).map(\.label)
        // Joined pairwise by the catalogue's pattern: a separator's spaces at a line's end would not survive it.
        let joined = ways.dropFirst().reduce(ways.first ?? "") { tr("line.wait.or", ["first": $0, "second": $1]) }
        return tr("line.wait", ["ways": joined])
    }

    /// A line typed while the screen waits: `qr`, or one of its buttons that end the wait.
    private func answerWhileWaiting(_ line: String, on screen: Screen) {
        // `quit` leaves here too, as at every prompt: the wait is cancelled, then the console quits.
        if QuitAnswer.isQuit(line) {
            quitTyped = true
            model.apply(.keyPressed)
            model.apply(.cancelRequested)
            return
        }
        let words = line.lowercased().split(separator: " ")
        if let link = screen.phoneLink, words.first == "qr", words.count <= 2 {
            printQRCode(link, lightBackground: words.last == "light")
            return
        }
        let actions = Self.waitActions(screen)
        switch TypedChoice(line, labels: actions.map(\.label)) {
        case .picked(let index):
            model.apply(.keyPressed)
            model.apply(actions[index].event)
        case .empty:
            break
        case .ambiguous, .unknown:
            terminal.say(Self.whileWaitingHelp(screen))
        }
    }

    /// Prints `link` as a QR code in half blocks. Line mode knows no colours: by default the glyphs draw the light
    /// modules, for the usual light-on-dark terminal; `lightBackground` draws the dark ones (a light terminal, paper).
    private func printQRCode(_ link: PhoneLink, lightBackground: Bool) {
        guard let matrix = try? QRMatrix.encode(link.address) else {
            terminal.say(tr("line.qr.tooLong"))
            return
        }
        let picture = HalfBlockQR(matrix)
        link.instructions.forEach(terminal.say)
        terminal.say(tr("line.qr.size", ["columns": picture.columns, "rows": picture.rows]))
        picture.lines(ink: lightBackground ? .dark : .light).forEach(terminal.say)
        terminal.say(link.address)
    }

    private func show(_ screen: Screen) {
        terminal.say("")
        terminal.say("== \(screen.title)")
        screen.text.forEach(terminal.say)
        if let banner = screen.banner { terminal.say("    \(banner)") }
        for detail in screen.details { terminal.say("\(detail.label): \(detail.value)") }
        if let message = screen.message { terminal.say(tr("line.error", ["message": message])) }
        // Why the form is asked again, before its first field is: a refused password must not wait for the email.
        for field in screen.fields { if let error = field.error { terminal.say("  \(field.label): \(error)") } }
        if let notice = screen.notice { terminal.say(notice) }
    }

    /// One answer to `prompt` (read silently when `secret`); emulator commands typed there are run and the
    /// prompt is asked again. `nil` at end of input or when ``QuitAnswer`` was typed (`\quit` is the text).
    func readAnswer(_ prompt: String, secret: Bool = false) -> String? {
        while true {
            guard let line = secret ? terminal.askSecret(prompt) : terminal.ask(prompt) else { return nil }
            if QuitAnswer.isQuit(line) { quitTyped = true; return nil }
            guard ranCommand(line) else { return QuitAnswer.value(line) }
        }
    }

    /// Runs `line` when it is an emulator command, then applies what changed. - Returns: whether it was one.
    private func ranCommand(_ line: String) -> Bool {
        guard let emulator, EmulatorLineCommand.isCommand(line) else { return false }
        EmulatorLineCommand.run(line, control: emulator, terminal: terminal)
        model.pump()
        return true
    }

    /// Asks for the screen's fields and choice. `nil` at end of input.
    private func ask(_ screen: Screen) -> [FlowEvent]? {
        var events: [FlowEvent] = []
        for field in screen.fields {
            var label = field.label + (field.required ? "" : Self.optionalMark(field))
            // In parentheses: square brackets are the default an empty answer keeps.
            if let note = field.note { label += " (\(note))" }
            switch field.kind {
            case .secret, .code:
                // A form asked again keeps what was typed (as a text field does); the prompt says so, unseen.
                let kept = field.value.isEmpty ? "" : tr("line.keepsTyped")
                guard let value = readAnswer("\(label)\(kept): ", secret: true) else { return nil }
                events.append(.fieldEdited(field.id, value.isEmpty ? field.value : value))
            case .toggle:
                guard let value = readAnswer("\(label) (y/n) [\(field.value == "true" ? "y" : "n")]: ") else { return nil }
                let on = value.isEmpty ? field.value == "true" : value.lowercased().hasPrefix("y")
                events.append(.fieldEdited(field.id, on ? "true" : "false"))
            case .picker(let choices) where choices.count > ChoiceList.collapseAbove:
                let current = field.value.isEmpty ? nil : field.value
                switch terminal.chooseFiltering(label, titles: choices, current: current, words: Self.filterWords) {
                case .picked(let index)?: events.append(.fieldEdited(field.id, choices[index]))
                case .kept?: break
                case .quit?: quitTyped = true; return nil
                case nil: return nil
                }
            case .picker(let choices):
                terminal.say("\(label):")
                for (index, choice) in choices.enumerated() { terminal.say("  \(index + 1). \(choice)") }
                switch pick(among: choices, default: choices.firstIndex(of: field.value)) {
                case .index(let index)?: events.append(.fieldEdited(field.id, choices[index]))
                case .keep?, .relist?: events.append(.fieldEdited(field.id, field.value))
                case .quit?: quitTyped = true; return nil
                case nil: return nil
                }
            case .text, .email, .phone, .number:
                let shown = field.value.isEmpty ? "" : " [\(field.value)]"
                guard let value = readAnswer("\(label)\(shown): ") else { return nil }
                let cleared = !field.required && value == Self.clearAnswer
                events.append(.fieldEdited(field.id, cleared ? "" : value.isEmpty ? field.value : value))
            }
            events.append(.fieldLeft(field.id))
        }
        while true {
            // Listed from the screen as it is now: an emulator command typed at the prompt (the clock moved on) can
            // enable Resend, and then the list is printed again.
            let current = model.state.screen
            let choices = Self.choices(on: current)
            guard !choices.isEmpty else { return events }
            if choices.count == 1 { return events + [choices[0].1] }
            for (index, choice) in choices.enumerated() { terminal.say("  \(index + 1). \(choice.0)") }
            // The entry the full-screen list starts on (Sign up in enrolment mode), else the first.
            let enabled = current.options.filter(\.enabled)
            let preselected = current.selectedOption.flatMap { selected in
                current.options.indices.contains(selected) ? enabled.firstIndex { $0 == current.options[selected] } : nil
            } ?? 0
            // "quit" ends the console from any choice, as Ctrl-C does in the full-screen console.
            let labels = choices.map(\.0)
            let chosen: (String, FlowEvent)
            switch pick(among: labels, default: preselected, relistWhen: { Self.choices(on: self.model.state.screen).map(\.0) != labels }) {
            case .index(let index)?: chosen = choices[index]
            case .keep?: chosen = choices[preselected]
            case .quit?: chosen = (tr("home.quit"), .menuChosen(.quit))
            case .relist?: continue
            case nil: return nil
            }
            // A transcript of piped input shows what was chosen (a label, never the raw answer).
            if !terminal.inputIsTerminal { terminal.say("-> \(chosen.0)") }
            return events + [chosen.1]
        }
    }

    /// The screen's enabled options, then its enabled actions, as numbered choices.
    private static func choices(on screen: Screen) -> [(String, FlowEvent)] {
        screen.options.filter(\.enabled).map { ($0.label + ($0.detail.map { " (\($0))" } ?? ""), $0.event) }
            + screen.actions.filter(\.enabled).map { ($0.label, $0.event) }
    }

    /// A long choice's words, in the session's language.
    static var filterWords: FilterWords {
        FilterWords(
            intro: { label, count, current in
                current.map { tr("line.filter.intro", ["label": label, "count": count, "current": $0]) }
                    ?? tr("line.filter.introUnset", ["label": label, "count": count])
            },
            prompt: { shown in (shown == 0 ? tr("line.filter.prompt") : tr("line.filter.number", ["count": shown])) + " " },
            nothing: tr("line.filter.none"),
            found: { found, count, shown in
                found > shown ? tr("line.filter.page", ["found": found, "count": count, "shown": shown])
                    : tr("line.filter.found", ["found": found, "count": count])
            })
    }

    /// What clears an optional field (an empty answer keeps its value).
    static let clearAnswer = "-"

    /// "(optional)", with how to clear the field when it has a value to clear.
    private static func optionalMark(_ field: ScreenField) -> String {
        let typed: Bool = switch field.kind {
        case .text, .email, .phone, .number: true
        case .secret, .code, .toggle, .picker: false
        }
        return typed && !field.value.isEmpty ? tr("line.optional.clears", ["clear": clearAnswer]) : tr("line.optional")
    }

    /// An answer to a numbered choice.
    private enum Picked {
        case index(Int)
        /// Empty: the default.
        case keep
        /// "quit" (or "q" where it names no choice).
        case quit
        /// An emulator command typed at the prompt changed the choices: list them again.
        case relist
    }

    /// Asks for one of `labels` (listed already) by number, whole label or the unique start of one, so a script
    /// survives an "Account" entry shifting the numbers; a start several labels share is refused with them listed.
    /// - Parameters:
    ///   - preselected: the default an empty answer keeps, shown in brackets; nil shows none.
    /// - Returns: nil at end of input.
    private func pick(among labels: [String], default preselected: Int?,
                      relistWhen changed: () -> Bool = { false }) -> Picked? {
        let shown = preselected.map { " [\($0 + 1)]" } ?? ""
        while true {
            guard let answer = terminal.ask(tr("line.choose", ["count": labels.count, "default": shown]) + " ") else { return nil }
            if QuitAnswer.isQuit(answer) { return .quit }
            if ranCommand(answer) {
                if changed() { return .relist }
                continue
            }
            switch TypedChoice(QuitAnswer.value(answer), labels: labels) {
            case .picked(let index): return .index(index)
            case .empty: return .keep
            case .ambiguous(let indices):
                let matches = indices.map { "\($0 + 1). \(labels[$0])" }.joined(separator: "; ")
                terminal.say(tr("line.ambiguous", ["answer": answer, "count": indices.count, "matches": matches]))
            case .unknown where answer.trimmingCharacters(in: .whitespaces).lowercased() == "q":
                return .quit
            case .unknown:
                terminal.say(tr("line.unknown", ["count": labels.count]))
            }
        }
    }
}
