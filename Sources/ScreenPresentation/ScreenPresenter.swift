import AccountFlow
import Localization
import TerminalUI

/// Maps an AccountFlow `Screen` to a ``FormView``: every screen of the console is drawn through it.
/// Text from outside (usernames, URLs, server messages) is passed on as it is: ``Buffer`` draws no
/// control character. Choice titles are made printable here, since an open list filters on them.
///
/// Editing state survives a re-render: a field whose value did not change keeps its editor (cursor,
/// reveal, until an enrolment desk's idle countdown starts: the next person may be reading), and focus stays put
/// while the same screen is shown. Options become one picker, actions
/// become buttons (the default first), and the screen's idle countdown, error, working and notice texts
/// become the status line, in that order of importance.
public enum ScreenPresenter {
    /// The picker that lists a screen's options.
    public static let optionsFieldID = "options"

    /// The view for `screen`.
    /// - Parameters:
    ///   - screen: the flow's current screen (``AccountFlow/FlowState/screen``).
    ///   - header: tenant, authority and mode for the header bar.
    ///   - previous: the view shown before, whose editors and focus are kept where they still apply.
    /// - Returns: the view to render and to hand keys to.
    public static func formView(for screen: Screen, header: HeaderInfo?, previous: FormView?) -> FormView {
        // An idle desk shows its countdown to whoever walks up: a revealed secret is masked from then on.
        let keepsReveal = screen.idleWarning == nil
        var fields = screen.fields.map { field(for: $0, previous: previous?[field: $0.id.rawValue], keepsReveal: keepsReveal) }
        if !screen.options.isEmpty {
            let options = screen.options.enumerated().map { index, option in
                PickerOption(id: String(index), title: option.label, detail: option.detail,
                             note: option.enabled ? option.note : option.note ?? tr("option.unavailable"))
            }
            // The user's place in a list still shown wins; a list (re)entered starts where the flow says.
            var selected = screen.selectedOption.map { min(max(0, $0), options.count - 1) } ?? 0
            if case .picker(let old, let index)? = previous?[field: optionsFieldID]?.kind, old.map(\.title) == options.map(\.title) {
                selected = index
            }
            var list = FormField.picker(optionsFieldID, label: "", options: options, selected: selected)
            list.isMenu = screen.optionStyle == .menu
            fields.insert(list, at: 0)
        }
        // While a request is in flight only a button that ends it can be pressed (Cancel stops it, as Esc does).
        let buttons = screen.actions.enumerated().map { index, action in
            FormButton(id: "action:\(index)", title: action.label,
                       isEnabled: action.enabled && (!screen.isWorking || action.endsTheRequest))
        }
        var view = FormView(header: header, title: screen.title, lines: screen.text, banner: screen.banner,
                            details: screen.details.map { FormDetail($0.label, $0.value) }, fields: fields, buttons: buttons,
                            status: status(of: screen))
        view.words = .catalogue
        // While a request is in flight Esc cancels it and the values stay: nothing to ask.
        view.backDropsValues = !screen.isWorking
        // Home has nowhere to go back to, unless Esc cancels a request there.
        view.goesBack = screen.goesBack || screen.isWorking
        view.hasUnsavedChanges = screen.hasUnsavedChanges
        view.focus = focus(of: view, previous: previous, asked: screen.focusField?.rawValue)
        // Kept through the request: the answer gives the focus back, so Enter again is not Cancel.
        view.focusBeforeRequest = screen.isWorking ? previous?.focusBeforeRequest ?? previous.flatMap(focusedKey) : nil
        if let previous, view.focus == previous.focus, sameItems(view, previous) {
            view.scroll = previous.scroll
            view.choiceList = openList(previous.choiceList, in: view)
            view.isConfirmingBack = previous.isConfirmingBack && view.backDropsValues
        }
        return view
    }

    /// Where focus goes on a re-render. The same screen with the same focusable items keeps it (unless a
    /// submit was refused there: its first field error takes it); when
    /// only the enabled buttons changed (a request ended, a countdown enabled Resend) a field error
    /// takes it, or else the field the screen asks for (`asked`), or else the item that had it keeps it;
    /// a new screen starts at its first field error, or the field it asks for, or at the top.
    private static func focus(of view: FormView, previous: FormView?, asked: String?) -> Int {
        let firstError = view.fields.firstIndex { $0.error != nil }
        let askedField = asked.flatMap { asked in view.fields.firstIndex { $0.id == asked } }
        guard let previous, previous.title == view.title, previous.fields.map(\.id) == view.fields.map(\.id) else {
            return firstError ?? askedField ?? 0
        }
        if sameItems(view, previous) {
            // Submitted and refused here, with nothing sent: the cursor goes to what must be fixed.
            if previous.lastKeySubmitted, let firstError { return firstError }
            return previous.focus
        }
        if let first = firstError ?? askedField { return first }
        let held = previous.focusBeforeRequest ?? focusedKey(previous)
        let index = view.focusOrder.firstIndex { key(of: $0, in: view) == held }
        // After a request the old position is Cancel's, the one button a request leaves: the top instead.
        if index == nil, previous.focusBeforeRequest != nil { return 0 }
        return index ?? min(previous.focus, max(0, view.focusOrder.count - 1))
    }

    /// The focused item of `view` by its ``key(of:in:)``.
    private static func focusedKey(_ view: FormView) -> String? { view.focused.map { key(of: $0, in: view) } }

    /// `item` as `"field:<id>"` or `"button:<id>"`: what it is called whatever moved around it.
    private static func key(of item: FormView.Focusable, in view: FormView) -> String {
        switch item {
        case .field(let index): "field:" + view.fields[index].id
        case .button(let index): "button:" + view.buttons[index].id
        }
    }

    /// An open list stays open while its picker shows the same options (a countdown redrew the screen).
    private static func openList(_ list: ChoiceList?, in view: FormView) -> ChoiceList? {
        guard let list, view.fields.indices.contains(list.field),
              case .picker(let options, _) = view.fields[list.field].kind, options == list.options else { return nil }
        return list
    }

    /// Whether two views of one screen have the same focusable items (fields and enabled buttons).
    private static func sameItems(_ view: FormView, _ previous: FormView) -> Bool {
        previous.title == view.title && previous.fields.map(\.id) == view.fields.map(\.id)
            && previous.buttons.filter(\.isEnabled).map(\.id) == view.buttons.filter(\.isEnabled).map(\.id)
    }

    /// The first entry of a choice list, standing for "no value yet".
    public static var notChosen: String { tr("field.notChosen") }

    private static func field(for field: ScreenField, previous: FormField?, keepsReveal: Bool) -> FormField {
        let id = field.id.rawValue
        let label = field.required ? field.label : tr("field.optional", ["label": field.label])
        var form: FormField
        switch field.kind {
        case .text, .email, .phone:
            form = .text(id, label: label, value: field.value)
        case .number:
            form = .number(id, label: label, value: field.value)
        case .secret:
            form = .password(id, label: label)
            form.editor.insert(field.value)
            if keepsReveal, case .password(let revealed)? = previous?.kind { form.kind = .password(revealed: revealed) }
        case .code(let length):
            form = .code(id, label: label, length: length)
            form.editor.insert(field.value)
            if keepsReveal, case .code(_, let revealed)? = previous?.kind { form.kind = .code(length: length, revealed: revealed) }
        case .toggle:
            form = .toggle(id, label: label, isOn: field.value == "true")
        case .picker(let choices):
            // "Not chosen" comes first, so an empty value is shown as such and never as the first choice.
            // Choices come from the tenant's pattern: shown (and filtered) as printable text, sent as they are.
            let options = [PickerOption(id: "", title: notChosen)] + choices.map { PickerOption(id: $0, title: PrintableText.make($0)) }
            form = .picker(id, label: label, options: options, selected: options.firstIndex { $0.id == field.value } ?? 0)
        }
        if let previous, previous.value == form.value, previous.isTextual { form.editor = previous.editor }
        form.error = field.error
        form.note = field.note
        return form
    }

    private static func status(of screen: Screen) -> StatusLine? {
        if let warning = screen.idleWarning { return StatusLine(warning, kind: .error) }
        if let message = screen.message { return StatusLine(message, kind: .error) }
        if screen.isWorking {
            // Progress of a long request (the reset's polls) rides along with the working text.
            let progress = screen.notice.map { "  \($0)" } ?? ""
            return StatusLine(tr("status.working", ["status": screen.status ?? tr("status.workingDefault"), "progress": progress]))
        }
        if let status = screen.status { return StatusLine(status) }
        if let notice = screen.notice { return StatusLine(notice, kind: .success) }
        return nil
    }
}
