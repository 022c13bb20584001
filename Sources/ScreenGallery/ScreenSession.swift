import AccountFlow
import ScreenPresentation
import TerminalUI

/// The console's loop without a terminal: a flow state, the view presented for it, keys handled by
/// the view and turned into flow events by ``ScreenInput``, and a re-present after every event, with
/// the previous view kept as the real session does.
public struct ScreenSession {
    /// The flow's state; the screen is `state.screen`.
    public var state: FlowState
    /// The view last presented for it, with its editing state (focus, scroll, typed text).
    public private(set) var view: FormView
    /// Every flow event the keys produced, in order.
    public private(set) var sent: [FlowEvent] = []

    /// A session on `state`'s screen, presented as the console would enter it.
    public init(_ state: FlowState) {
        self.state = state
        view = ScreenPresenter.formView(for: state.screen, header: FlowScreens.header, previous: nil)
    }

    /// Applies a flow event (a framework answer, a tick) and presents the new screen.
    public mutating func send(_ event: FlowEvent) {
        _ = state.reduce(event)
        present()
    }

    /// Handles one key as the console does and returns the events it produced.
    @discardableResult
    public mutating func press(_ key: Key) -> [FlowEvent] {
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
    public mutating func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Presents the current screen again, keeping the view's editors and focus where they still apply.
    public mutating func present() {
        view = ScreenPresenter.formView(for: state.screen, header: FlowScreens.header, previous: view)
    }

    /// The screen as a terminal of `size` shows it (with `pane` under the form, as the console draws its
    /// outbox), in the snapshot tests' text: `|`-edged rows, then the cursor.
    public func render(_ size: Size, pane: PaneContent? = nil) -> String {
        var buffer = Buffer(size: size)
        let cursor = FormRenderer.render(view, pane: pane, into: &buffer)
        return buffer.snapshotText(cursor: cursor)
    }
}
