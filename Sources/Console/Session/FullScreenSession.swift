import AccountFlow
import EnrolmentDesk
import EnrolmentFiles
import FlowRunner
import Foundation
import ScenarioFiles
import ScreenPresentation
import Launcher
import Localization
import TerminalUI

/// The full-screen console: renders each flow screen, turns keys into flow events, applies the
/// runner's answers, ticks countdowns, and shows the outbox and trace panes and the operator's tools.
final class FullScreenSession {
    private let model: ConsoleModel
    /// Tenant and authority; the mode is ``mode``'s when there is one.
    private let tenantHeader: HeaderInfo
    private let mode: HeaderMode?
    private let outbox: (any CodeOutbox)?
    private let trace: TraceLog
    private let workbench: Workbench
    private var view: FormView?
    private var pane: Pane
    /// What covers the screen, bottom first; the top one takes the keys.
    private var layers: [Layer] = []
    /// A one-line notice from the console itself (HAR written, no code to copy), shown once.
    private var consoleNotice: StatusLine?
    /// Outbox messages up to this id belong to people enrolled earlier: not shown, not copied.
    private var outboxStart = 0
    /// The terminal at the last render: whether a pane fits, how far the queue's page keys go.
    private var terminalSize = Size(width: 80, height: 24)
    /// The last "the pane needs more rows" line, taken back when the terminal grows enough.
    private var noRoomNotice: StatusLine?
    /// ``ConsoleModel/peopleDone`` when the outbox was last started afresh.
    private var outboxPeopleDone = 0
    /// `--queue`: the list at the desk, shown instead of the home screen.
    private let desk: EnrolmentDesk?
    private var queueScreen = QueueScreen()
    /// ^N at the queue: the walk-in form, while it is open, drawn over the queue; and when a key was last pressed on it.
    private var walkIn: (form: WalkInForm, view: FormView?, lastKey: Date)?
    /// F9's scenario recording; nil in enrolment mode.
    private let recording: ScenarioRecording?
    /// F4 and F9: an operator's session; an enrolment desk keeps nothing of the people it serves.
    private let operatorTools: Bool
    /// Whether F5 opens the emulator panel (an operator's session on the embedded emulator).
    private let hasEmulatorPanel: Bool

    /// - Parameter mode: the header's mode, put into words at each frame (nil: `header`'s words).
    /// - Parameter notice: shown on the first screen's status line (e.g. how the authority was completed).
    /// - Parameter emulator: the embedded emulator's controls (the F5 panel); nil on a real tenant.
    /// - Parameter desk: `--queue`'s list; its queue replaces the home screen.
    /// - Parameter heldFiles: the files the session has open, which F4 refuses to write a HAR over.
    init(model: ConsoleModel, header: HeaderInfo, mode: HeaderMode? = nil, outbox: (any CodeOutbox)?, trace: TraceLog, emulator: EmulatorControl? = nil,
         desk: EnrolmentDesk? = nil, recording: ScenarioRecording? = nil, heldFiles: HeldFiles = HeldFiles([]), notice: String? = nil) {
        self.model = model
        self.recording = recording
        operatorTools = !model.state.settings.enrolmentMode
        self.desk = desk
        tenantHeader = header
        self.mode = mode
        self.outbox = outbox
        self.trace = trace
        workbench = Workbench(trace: trace, emulator: emulator, hasOutbox: outbox != nil, exportsHAR: operatorTools, heldFiles: heldFiles)
        hasEmulatorPanel = emulator != nil
        pane = outbox == nil ? .none : .outbox
        consoleNotice = notice.map { StatusLine($0, kind: .info) }
    }

    /// The header bar in the language shown now.
    private var header: HeaderInfo {
        var header = tenantHeader
        if let mode { header.mode = mode.words }
        return header
    }

    /// Runs until the user quits or the terminal closes.
    func run(on backend: some Backend) {
        render(on: backend)
        while !model.quitRequested {
            // Keys, resizes and the runner's answers (the mailbox wakes the backend) end the wait; otherwise
            // it lasts until the next countdown tick.
            var event = backend.nextEvent(timeout: model.untilNextTick)
            // Keys already waiting (an unbracketed paste arrives as one key each) are applied before a
            // single render, as long as they only edit the screen they were typed on.
            while true {
                guard let outcome = process(event, on: backend) else { return }
                guard outcome == .changed else { break }
                event = backend.nextEvent(timeout: .zero)
                if case .tick = event { break }
            }
            model.pump()
            // Each wake (a key, another desk's change, the countdown's second) may read the shared queue again.
            if showsQueue, walkIn == nil { desk?.refreshIfStale() }
            closeIdleWalkIn()
            if let notice = model.takeNotice() { consoleNotice = StatusLine(PrintableText.make(notice), kind: .error) }
            forgetPreviousPerson()
            render(on: backend)
        }
    }

    /// Applies one input event. - Returns: what a key did (`.ignored` for other events), or `nil` to end.
    private func process(_ event: InputEvent, on backend: some Backend) -> FormOutcome? {
        switch event {
        case .inputClosed:
            return nil
        case .resized(let size):
            backend.clear()
            model.apply(.resized)
            // The pane fits now: the line saying it did not would contradict it.
            if size.height >= Pane.minimumTerminalHeight, consoleNotice != nil, consoleNotice == noRoomNotice { consoleNotice = nil }
        case .tick:
            break
        case .key(let key):
            model.apply(.keyPressed)
            // The quit key (Ctrl-C) quits from every screen and every overlay over it (help, the
            // workbench's tools), before any of them can take it for its own.
            if (view?.keymap ?? .form).command(for: key) == .quit { return nil }
            if let top = layers.popLast() {
                layers += handle(key, on: top)
                return .ignored
            }
            if key == .function(12), model.state.settings.enrolmentMode {
                // Past the password the person's language stays: said, so F12 is not a dead key.
                if offersLanguages { layers.append(.language(LanguageOverlay(current: Localization.current.tag))) }
                else { consoleNotice = StatusLine(tr("language.pick.notHere")) }
                return .ignored
            }
            // The operator's tools are not a desk's: said, so the key is not a dead one.
            if !operatorTools, ConsoleKeys.operatorKeys.contains(key), case .function(let number) = key {
                consoleNotice = StatusLine(tr("notice.operatorKey", ["key": "F\(number)"]), kind: .info)
                return .ignored
            }
            if let desk, showsQueue {
                if walkIn != nil {
                    handleWalkIn(key, desk: desk)
                    return .ignored
                }
                if key == .function(1) { showHelp(tr("widget.help.place.queue"), QueueScreen.helpEntries); return .ignored }
                handleQueue(key, desk: desk)
                return .ignored
            }
            let outcome = handle(key, on: backend)
            return outcome == .quit ? nil : outcome
        }
        return .ignored
    }

    /// A key for the top layer. - Returns: what takes its place: itself, nothing (it closed), or itself under help.
    private func handle(_ key: Key, on layer: Layer) -> [Layer] {
        switch layer {
        case .help(var help):
            return help.handle(key) == .closed ? [] : [.help(help)]
        case .tool:
            // F1 and `?` open the help on the tool's keys unless it is asking for text.
            if let tool = workbench.help, key == .function(1) || key == .character("?") {
                return [.tool, .help(HelpOverlay(title: tool.title, entries: tool.entries, words: .catalogue))]
            }
            consoleNotice = workbench.handle(key)
            return workbench.isOpen ? [.tool] : []
        case .language(var overlay):
            switch overlay.handle(key) {
            case .kept: return [.language(overlay)]
            case .closed: return []
            case .chosen(let tag):
                model.chooseLanguage(tag)
                return []
            }
        case .qrCode(var overlay):
            return overlay.handle(key) ? [.qrCode(overlay)] : []
        }
    }

    /// Opens the help on `entries` over whatever is shown (`title`: where it was opened, in the catalogue's words).
    private func showHelp(_ title: String, _ entries: [HelpEntry]) {
        layers.append(.help(HelpOverlay(title: title, entries: entries, words: .catalogue)))
    }

    private func handle(_ key: Key, on backend: some Backend) -> FormOutcome {
        guard var current = view else { return .ignored }
        let before = current
        let screen = model.state.screen
        // Laid out again only for a page key, not for every key typed.
        if current.keymap.command(for: key) == .scroll {
            current.paging = FormRenderer.paging(current, size: terminalSize, pane: paneContent)
        }
        let outcome = current.handle(key)
        view = current
        // The status line is the screen's at each render: the back question is the console's to show.
        consoleNotice = current.isConfirmingBack ? StatusLine(current.backQuestionText, kind: .info) : nil
        switch outcome {
        case .help:
            showHelp(tr("widget.help.place.screen"), helpEntries(for: current))
        case .app(let name): runConsoleCommand(name, form: current, backend: backend)
        case .ignored, .changed, .leftField, .submitted, .back, .quit: break
        }
        for event in ScreenInput.events(for: outcome, before: before, after: current, screen: screen) {
            model.apply(event)
        }
        return outcome
    }

    /// The keys valid on the form shown: its own (see ``FormView/helpEntries(on:)``) without the console's keys
    /// that do nothing here (Ctrl-O away from a code screen, F7 where there is no address for a phone).
    private func helpEntries(for form: FormView) -> [HelpEntry] {
        var unavailable: Set<FormCommand> = []
        if case .codeEntry = model.state.step {} else { unavailable.insert(.app(ConsoleKeys.copyCode.rawValue)) }
        if form.addresses.isEmpty { unavailable.insert(.app(ConsoleKeys.copyAddress.rawValue)) }
        if model.state.screen.phoneLink == nil { unavailable.insert(.app(ConsoleKeys.qrCode.rawValue)) }
        var shown = form
        shown.keymap = form.keymap.without(unavailable)
        // The form is drawn beside the pane: the rest is the room it has to scroll in.
        return shown.helpEntries(on: terminalSize, pane: paneContent)
    }

    /// The queue stands in for the home screen.
    private var showsQueue: Bool { desk != nil && model.state.step == .home }

    private func handleQueue(_ key: Key, desk: EnrolmentDesk) {
        consoleNotice = nil
        switch queueScreen.handle(key, queue: desk.queue, size: terminalSize) {
        case .seat(let person):
            guard let events = desk.seat(person) else {
                queueScreen.reset()
                let why = desk.takeNotice() ?? desk.finishedOutcome(of: person.row).map {
                    tr("notice.rowFinished", ["row": String(person.row), "outcome": $0.rawValue])
                } ?? tr("notice.rowTaken", ["row": String(person.row)])
                consoleNotice = StatusLine(PrintableText.make(why), kind: .error)
                return
            }
            for event in events { model.apply(event) }
        case .confirming(let person, let outcome):
            consoleNotice = StatusLine(tr("queue.confirmMark", ["outcome": outcome.rawValue, "person": QueueScreen.label(person)]), kind: .info)
        case .mark(let person, let outcome):
            desk.mark(person, outcome)
            queueScreen.reset()
            consoleNotice = desk.takeNotice().map { StatusLine(PrintableText.make($0), kind: .error) }
                ?? StatusLine(tr("notice.rowMarked", ["row": String(person.row), "outcome": outcome.rawValue]), kind: .info)
        case .walkIn:
            walkIn = (WalkInForm(attributes: desk.attributes), nil, Date())
        case .handled, .ignored:
            break
        }
    }

    /// A key on the walk-in form: edits stay in the form; "Add and sign up" checks the person with the list's
    /// engine and seats them, or shows what was refused under each field.
    private func handleWalkIn(_ key: Key, desk: EnrolmentDesk) {
        guard let open = walkIn, var current = open.view else { return }
        var form = open.form
        let before = current
        let outcome = current.handle(key)
        consoleNotice = current.isConfirmingBack ? StatusLine(current.backQuestionText, kind: .info) : nil
        if outcome == .help { showHelp(tr("widget.help.place.walkIn"), current.helpEntries(on: terminalSize)) }
        walkIn = (form, current, Date())
        for event in ScreenInput.events(for: outcome, before: before, after: current, screen: form.screen) {
            switch form.apply(event) {
            case .editing:
                walkIn?.form = form
            case .cancel:
                walkIn = nil
                return
            case .add:
                switch desk.addWalkIn(email: form.email, values: form.values) {
                case .success(let person):
                    walkIn = nil
                    queueScreen.reset()
                    for event in desk.seat(person) ?? [] { model.apply(event) }
                case .failure(let refusal) where refusal.problems.isEmpty:
                    consoleNotice = StatusLine(tr("notice.notAdded", ["why": PrintableText.make(desk.takeNotice() ?? "")]), kind: .error)
                case .failure(let refusal):
                    form.refused(refusal)
                    walkIn?.form = form
                    consoleNotice = StatusLine(tr("notice.notAdded", ["why": PrintableText.make(ProblemList.joined(refusal.lines))]), kind: .error)
                }
                return
            }
        }
    }

    /// A walk-in form left alone as long as the idle reset allows is closed, with what was typed on it.
    private func closeIdleWalkIn() {
        guard let open = walkIn, Date().timeIntervalSince(open.lastKey) >= Double(model.state.settings.idleReset) else { return }
        walkIn = nil
        consoleNotice = StatusLine(tr("notice.walkInCleared", ["seconds": model.state.settings.idleReset]), kind: .info)
    }

    /// Enrolment mode: when one person is done (see `FlowStep.isBetweenPeople`), their codes leave the
    /// outbox pane; the model has already cleared their exchanges from the trace.
    private func forgetPreviousPerson() {
        guard model.peopleDone != outboxPeopleDone else { return }
        outboxPeopleDone = model.peopleDone
        queueScreen.reset()
        outboxStart = outbox?.sentCodes().last?.id ?? outboxStart
    }

    private var visibleCodes: [SentCode] { outbox?.sentCodes(after: outboxStart) ?? [] }

    /// A console key's command (F12's language is taken before the form sees the key).
    private func runConsoleCommand(_ name: String, form: FormView, backend: some Backend) {
        switch ConsoleKeys(rawValue: name) {
        case .outbox? where outbox != nil: toggle(.outbox, off: .none)
        case .trace?: toggle(.trace, off: outbox == nil ? .none : .outbox)
        case .exportHAR?: openTool(.exportHAR)
        case .inspectTrace?: openTool(.inspectTrace)
        case .emulator?: openTool(.emulator)
        case .copyCode?: copyNewestCode()
        case .copyAddress?: copyAddress(of: form, to: backend)
        case .qrCode?: showQRCode()
        case .recordScenario?: toggleRecording()
        case .outbox?, .language?, nil: break
        }
    }

    /// F4, F5 or F6: the workbench's tool, as a layer over the screen when it opens.
    private func openTool(_ tool: ConsoleKeys) {
        workbench.open(tool, size: terminalSize)
        if workbench.isOpen { layers.append(.tool) }
    }

    /// F9: starts a scenario recording, or stops it and writes the file.
    private func toggleRecording() {
        // Nil at an enrolment desk, where F9 is not bound.
        guard let recording else { return }
        guard recording.isRecording else {
            recording.start()
            consoleNotice = StatusLine(tr("notice.recording.started", ["path": PrintableText.make(recording.path)]), kind: .info)
            return
        }
        do {
            consoleNotice = StatusLine(PrintableText.make(try recording.stop()), kind: .success)
        } catch {
            consoleNotice = StatusLine(PrintableText.make(tr("notice.recording.notWritten", ["path": recording.path, "error": error.localizedDescription])),
                                       kind: .error)
        }
    }

    /// F7: the screen's address for a phone as a QR code, or why there is none.
    private func showQRCode() {
        guard let link = model.state.screen.phoneLink else {
            // A desk never offers the device-code or browser sign-ins that have one: waiting for them would mislead.
            consoleNotice = model.state.settings.enrolmentMode ? StatusLine(tr("notice.noPhoneLink.desk"), kind: .info)
                : StatusLine(tr("notice.noPhoneLink"), kind: .error)
            return
        }
        layers.append(.qrCode(QRCodeOverlay(link)))
    }

    /// F2 or F3: shows `wanted`, or hides it again (showing `off`). On a terminal too short for a pane the key keeps
    /// `wanted` on and says why it is not drawn: hiding a pane that was never seen did nothing visible, and left it
    /// hidden when the terminal grew (a new operator's trial at 60×15).
    private func toggle(_ wanted: Pane, off: Pane) {
        pane = pane == wanted && terminalSize.height >= Pane.minimumTerminalHeight ? off : wanted
        sayIfNoRoom()
    }

    /// A pane asked for on a terminal too short to show it: say so rather than doing nothing visible.
    private func sayIfNoRoom() {
        guard pane != .none, terminalSize.height < Pane.minimumTerminalHeight else { return }
        noRoomNotice = StatusLine(tr("notice.paneNoRoom", ["pane": pane == .trace ? "trace" : "outbox", "rows": Pane.minimumTerminalHeight,
                                                           "height": terminalSize.height]), kind: .info)
        consoleNotice = noRoomNotice
    }

    /// Puts the first address `form` shows on the terminal's clipboard, and says so.
    private func copyAddress(of form: FormView, to backend: some Backend) {
        guard let address = form.addresses.first else {
            consoleNotice = StatusLine(tr("notice.noAddress"), kind: .error)
            return
        }
        consoleNotice = backend.copyToClipboard(address)
            ? StatusLine(tr("notice.addressCopied"), kind: .success)
            : StatusLine(tr("notice.noClipboard"), kind: .error)
    }

    /// Puts the newest live code sent for the current flow into the code field.
    private func copyNewestCode() {
        guard outbox != nil, case .codeEntry(let entry) = model.state.step else {
            consoleNotice = StatusLine(tr("notice.noCodeField"), kind: .error)
            return
        }
        // The code screen knows where its code went (the masked label, or the contact on registration).
        let codes = visibleCodes, sentTo = entry.delivery.sentTo
        guard let code = codes.liveCode(sentTo: sentTo) else {
            consoleNotice = StatusLine(codes.noLiveCode(sentTo: sentTo), kind: .error)
            return
        }
        model.apply(.fieldEdited(.code, code.code))
    }

    /// At an enrolment desk the person picks the language (F12) until they type their password: on the queue, the
    /// walk-in form and a sign-up form whose password is still empty.
    private var offersLanguages: Bool {
        guard model.state.settings.enrolmentMode else { return false }
        if case .signUpStart(let form) = model.state.step { return form.password.isEmpty }
        return model.state.step == .home
    }

    private func render(on backend: some Backend) {
        // The person's language, or the desk's again after the idle reset.
        Localization.choice.set(Localizer(tag: model.state.language ?? model.state.settings.deskLanguage))
        let screen = model.state.screen
        var form = ScreenPresenter.formView(for: screen, header: header, previous: view)
        form.keymap = ConsoleKeys.keymap(withOutbox: outbox != nil, emulatorPanel: hasEmulatorPanel, operatorTools: operatorTools,
                                        phoneLink: screen.phoneLink != nil, language: offersLanguages)
        // The code shown is the screen's: it goes when the sign-in ends or moves on.
        layers.removeAll { if case .qrCode(let overlay) = $0 { overlay.link != screen.phoneLink } else { false } }
        if let consoleNotice { form.status = consoleNotice }
        view = form
        let size = backend.size
        terminalSize = size
        let content = paneContent
        var full = Buffer(size: size)
        let cursor: Point?
        if let open = walkIn, showsQueue {
            var walkInForm = ScreenPresenter.formView(for: open.form.screen, header: header, previous: open.view)
            walkInForm.keymap = Keymap(bindings: walkInForm.keymap.bindings + [ConsoleKeys.languageBinding])
            if let consoleNotice { walkInForm.status = consoleNotice }
            walkIn?.view = walkInForm
            cursor = FormRenderer.render(walkInForm, pane: content, into: &full)
        } else if let desk, showsQueue {
            let paneHeight = content?.height(onScreen: size.height) ?? 0
            var top = Buffer(size: Size(width: size.width, height: size.height - paneHeight))
            cursor = queueScreen.render(desk.queue, listName: URL(fileURLWithPath: desk.title).lastPathComponent, mode: header.mode,
                                        languageKey: offersLanguages, into: &top)
            // The console's own notice, else the home screen's (why the last person's screen was cleared), above the keys.
            let footer = QueueScreen.footer(width: size.width - 2)
            if let notice = consoleNotice?.text ?? model.state.screen.notice {
                top.writeCut(notice, at: Point(x: 1, y: top.size.height - 1 - footer.count), style: .hint, width: size.width - 2)
            }
            full.paste(top, at: Point(x: 0, y: 0))
            if let content, paneHeight > 0 {
                // The pane goes above the keys line, which stays the screen's last row as on every other screen.
                content.draw(in: Rect(x: 0, y: top.size.height - footer.count, width: size.width, height: paneHeight), into: &full)
                for (offset, line) in footer.enumerated() {
                    full.writeCut(line, at: Point(x: 1, y: size.height - footer.count + offset), style: .hint, width: size.width - 2)
                }
            }
        } else {
            // Room for the recording mark (with the blank column each side writeAtRowEnd keeps).
            let reserve = recording?.isRecording == true ? DisplayWidth.of(Self.recordingMark) + 2 : 0
            cursor = FormRenderer.render(form, pane: content, footerReserve: reserve, into: &full)
        }
        var shownCursor = cursor
        for layer in layers {
            switch layer {
            case .tool: shownCursor = workbench.draw(over: &full, formCursor: shownCursor, outbox: outboxLines)
            case .language(let overlay):
                overlay.render(into: &full)
                shownCursor = nil
            case .qrCode(let overlay):
                overlay.render(into: &full)
                shownCursor = nil
            case .help(let help): shownCursor = help.render(over: &full)
            }
        }
        // The last row's right end, on every screen and tool; a footer that reaches it is cut before it.
        if recording?.isRecording == true { full.writeAtRowEnd(Self.recordingMark, row: size.height - 1, style: .error) }
        backend.show(full, cursor: shownCursor)
    }

    /// Shown while a scenario is being recorded.
    static let recordingMark = "● REC"

    /// The pane open under the form, with its lines.
    private var paneContent: PaneContent? {
        // Enrolment mode: an empty pane after a person is done says it was emptied on purpose.
        let cleared = model.peopleDone > 0
        return switch pane {
        case .outbox: ConsolePanes.outbox(outboxLines, cleared: cleared)
        case .trace: ConsolePanes.trace(trace.lines(), cleared: cleared, exportsHAR: operatorTools)
        case .none: nil
        }
    }

    private var outboxLines: [String] {
        visibleCodes.map(\.paneLine)
    }
}
