import AccountFlow
import Foundation
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
            printNewCodes()
            if let desk, model.state.step == .home {
                guard let events = askQueue(desk) else { return }
                for event in [FlowEvent.keyPressed] + events { model.apply(event) }
                continue
            }
            let screen = model.state.screen
            show(screen)
            guard let events = ask(screen) else {
                if model.inputEnded() { terminal.say("Input ended before the flow finished.") }
                return
            }
            // An answer is input: enrolment's idle time counts from here, not from the last request.
            for event in [FlowEvent.keyPressed] + events { model.apply(event) }
        }
    }

    /// The embedded emulator's outbox, as lines: a script or a screen reader reads codes here.
    private func printNewCodes() {
        guard let codes = outbox?.sentCodes(after: printedThrough), let newest = codes.last else { return }
        for code in codes {
            terminal.say("Outbox: \(code.channel) to \(code.maskedTarget) (\(code.purpose)): code \(code.code)")
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
            model.pump()
            guard model.isWorking else { return }
            // A long request shows its own screens meanwhile: a device code to type elsewhere, a sign-in URL.
            if model.state.step != step {
                step = model.state.step
                show(model.state.screen)
                announced = false
            }
            if !announced, let status = model.state.screen.status {
                terminal.say(status)
                announced = true
            }
            // Until the next answer, or the next tick of a countdown.
            _ = answers.wait(timeout: max(model.untilNextTick, .milliseconds(1)))
        }
    }

    private func show(_ screen: Screen) {
        terminal.say("")
        terminal.say("== \(screen.title)")
        screen.text.forEach(terminal.say)
        if let banner = screen.banner { terminal.say("    \(banner)") }
        for detail in screen.details { terminal.say("\(detail.label): \(detail.value)") }
        if let message = screen.message { terminal.say("Error: \(message)") }
        if let notice = screen.notice { terminal.say(notice) }
    }


    /// One answer to `prompt` (read silently when `secret`); emulator commands typed there are run and the
    /// prompt is asked again. `nil` at end of input.
    func readAnswer(_ prompt: String, secret: Bool = false) -> String? {
        while true {
            guard let line = secret ? terminal.askSecret(prompt) : terminal.ask(prompt) else { return nil }
            guard let emulator, EmulatorLineCommand.isCommand(line) else { return line }
            EmulatorLineCommand.run(line, control: emulator, terminal: terminal)
            model.pump()
        }
    }

    /// Asks for the screen's fields and choice. `nil` at end of input.
    private func ask(_ screen: Screen) -> [FlowEvent]? {
        var events: [FlowEvent] = []
        for field in screen.fields {
            var label = field.label + (field.required ? "" : " (optional)")
            if let error = field.error { terminal.say("  \(field.label): \(error)") }
            // In parentheses: square brackets are the default an empty answer keeps.
            if let note = field.note { label += " (\(note))" }
            switch field.kind {
            case .secret, .code:
                guard let value = readAnswer("\(label): ", secret: true) else { return nil }
                events.append(.fieldEdited(field.id, value))
            case .toggle:
                guard let value = readAnswer("\(label) (y/n) [\(field.value == "true" ? "y" : "n")]: ") else { return nil }
                let on = value.isEmpty ? field.value == "true" : value.lowercased().hasPrefix("y")
                events.append(.fieldEdited(field.id, on ? "true" : "false"))
            case .picker(let choices) where choices.count > ChoiceList.collapseAbove:
                let current = field.value.isEmpty ? nil : field.value
                guard let answer = terminal.chooseFiltering(label, titles: choices, current: current) else { return nil }
                if case .picked(let index) = answer { events.append(.fieldEdited(field.id, choices[index])) }
            case .picker(let choices):
                terminal.say("\(label):")
                for (index, choice) in choices.enumerated() { terminal.say("  \(index + 1). \(choice)") }
                guard let answer = readAnswer("Choose 1-\(choices.count): ") else { return nil }
                let chosen = Int(answer).flatMap { choices.indices.contains($0 - 1) ? choices[$0 - 1] : nil } ?? field.value
                events.append(.fieldEdited(field.id, chosen))
            case .text, .email, .phone, .number:
                let shown = field.value.isEmpty ? "" : " [\(field.value)]"
                guard let value = readAnswer("\(label)\(shown): ") else { return nil }
                events.append(.fieldEdited(field.id, value.isEmpty ? field.value : value))
            }
            events.append(.fieldLeft(field.id))
        }
        let choices = screen.options.filter(\.enabled).map { ($0.label + ($0.detail.map { " (\($0))" } ?? ""), $0.event) }
            + screen.actions.filter(\.enabled).map { ($0.label, $0.event) }
        guard !choices.isEmpty else { return events }
        if choices.count == 1 { return events + [choices[0].1] }
        for (index, choice) in choices.enumerated() { terminal.say("  \(index + 1). \(choice.0)") }
        while true {
            guard let answer = readAnswer("Choose 1-\(choices.count) [1]: ") else { return nil }
            guard let chosen = choice(answer, among: choices) else {
                terminal.say("Type a number from 1 to \(choices.count), or the start of a choice's name.")
                continue
            }
            // A transcript of piped input shows what was chosen (a label, never the raw answer).
            if !terminal.inputIsTerminal { terminal.say("-> \(chosen.label)") }
            return events + [chosen.event]
        }
    }

    /// The choice `answer` names: empty for the first, a number, or the unique start of a label (so a
    /// script survives an "Account" entry shifting the numbers). "quit" ends the console from any
    /// choice, as Ctrl-C does in the full-screen console.
    private func choice(_ answer: String, among choices: [(String, FlowEvent)]) -> (label: String, event: FlowEvent)? {
        let typed = answer.trimmingCharacters(in: .whitespaces).lowercased()
        if typed.isEmpty { return choices.first.map { ($0.0, $0.1) } }
        if let number = Int(typed), choices.indices.contains(number - 1) { return (choices[number - 1].0, choices[number - 1].1) }
        // A whole label wins over longer ones it starts ("Sign in" beside "Sign in with browser").
        if let exact = choices.first(where: { $0.0.lowercased() == typed }) { return (exact.0, exact.1) }
        let named = choices.filter { $0.0.lowercased().hasPrefix(typed) }
        if named.count == 1, let only = named.first { return (only.0, only.1) }
        if named.isEmpty, ["quit", "q"].contains(typed) { return ("Quit", .menuChosen(.quit)) }
        return nil
    }
}
