import AccountFlow
import ScreenPresentation
import TerminalUI
import TestSupport

/// The console's loop without a terminal: a flow state, the view presented for it, keys handled by
/// the view and turned into flow events by ``ScreenInput``, and a re-present after every event, with
/// the previous view kept as the real session does.
struct ScreenSession {
    var state: FlowState
    private(set) var view: FormView
    /// Every flow event the keys produced, in order.
    private(set) var sent: [FlowEvent] = []

    init(_ state: FlowState) {
        self.state = state
        view = ScreenPresenter.formView(for: state.screen, header: Forms.header, previous: nil)
    }

    /// Applies a flow event (a framework answer, a tick) and presents the new screen.
    mutating func send(_ event: FlowEvent) {
        _ = state.reduce(event)
        present()
    }

    /// Handles one key as the console does and returns the events it produced.
    @discardableResult
    mutating func press(_ key: Key) -> [FlowEvent] {
        let before = view
        let screen = state.screen
        var after = view
        let outcome = after.handle(key)
        view = after
        let events = ScreenInput.events(for: outcome, before: before, after: after, screen: screen)
        for event in events { _ = state.reduce(event) }
        sent += events
        present()
        return events
    }

    /// Types text key by key.
    mutating func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    mutating func present() {
        view = ScreenPresenter.formView(for: state.screen, header: Forms.header, previous: view)
    }

    /// The screen as a terminal of `size` shows it.
    func render(_ size: Size) -> String {
        let backend = TestBackend(size: size)
        backend.present(view)
        return backend.snapshot()
    }
}
