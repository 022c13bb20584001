import AccountFlow
import TerminalUI

/// Turns what a key did to a presented ``FormView`` into AccountFlow events: edits, leaving a
/// field, and the submit / back / option the user chose.
public enum ScreenInput {
    /// The events for one handled key.
    /// - Parameters:
    ///   - outcome: what ``FormView/handle(_:)`` answered.
    ///   - before: the view before the key.
    ///   - after: the view after the key.
    ///   - screen: the screen the view was built from.
    public static func events(for outcome: FormOutcome, before: FormView, after: FormView, screen: Screen) -> [FlowEvent] {
        var events: [FlowEvent] = []
        for field in after.fields {
            guard let id = FieldID(rawValue: field.id), before[field: field.id]?.value != field.value else { continue }
            events.append(.fieldEdited(id, field.value))
        }
        if before.focused != after.focused, case .field(let index)? = before.focused,
           let id = FieldID(rawValue: before.fields[index].id) {
            events.append(.fieldLeft(id))
        }
        switch outcome {
        case .submitted(let button):
            if let event = activated(button: button, view: after, screen: screen) { events.append(event) }
        case .back:
            events.append(screen.isWorking ? .cancelRequested : .backRequested)
        case .changed, .leftField, .ignored, .help, .quit, .app:
            break
        }
        return events
    }

    private static func activated(button: String?, view: FormView, screen: Screen) -> FlowEvent? {
        if let button, button.hasPrefix("action:"), let index = Int(button.dropFirst("action:".count)),
           screen.actions.indices.contains(index) {
            return screen.actions[index].enabled ? screen.actions[index].event : nil
        }
        if case .field(let index)? = view.focused, view.fields[index].id == ScreenPresenter.optionsFieldID,
           let chosen = Int(view.fields[index].value), screen.options.indices.contains(chosen) {
            return screen.options[chosen].enabled ? screen.options[chosen].event : nil
        }
        // Enter on a field presses the default action (the first enabled one).
        return screen.actions.first(where: \.enabled)?.event
    }
}
