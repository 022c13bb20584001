import SharedQueue
import TerminalUI

/// The tenant and form a shared queue's event was loaded for (`enrol --load … --tenant`), and why a desk on another
/// may not open it: its outcomes would go into that event's record from accounts in another directory, or the
/// people on the list were never checked against the form this desk asks.
package enum EventTenant {
    private static let emulatorPrefix = "the embedded emulator ("

    /// How an event names the embedded emulator with `preset` (a name or a policy file, as given).
    package static func emulator(preset: String) -> String { emulatorPrefix + preset + ")" }

    /// Why a desk on `tenant` (an authority URL, or ``emulator(preset:)``) with the form's `form` columns may not
    /// work on `event`, naming both sides and how to open the right desk; nil when it may.
    static func refusal(of event: QueueEvent, url: DatabaseURL, tenant: String, form: [String]) -> String? {
        let name = PrintableText.make(event.name)
        let queue = "--queue \(url) --event \(name.contains(" ") ? "'\(name)'" : name)"
        guard event.isFor(tenant: tenant) else {
            let loadedFor = PrintableText.make(event.tenant)
            let open: String
            if loadedFor.hasPrefix(emulatorPrefix), loadedFor.hasSuffix(")") {
                open = "tophhie --preset \(loadedFor.dropFirst(emulatorPrefix.count).dropLast()) --enrol \(queue)"
            } else if loadedFor.hasPrefix("https://") || loadedFor.hasPrefix("http://") {
                open = "tophhie console --authority \(loadedFor) --client-id APP --enrol \(queue)"
            } else {
                open = "load the list again as another event with --tenant AUTHORITY, and open the desks on that tenant"
            }
            return "event \(name) was loaded for the tenant \(loadedFor), and this desk is on \(PrintableText.make(tenant)): its "
                + "outcomes would go into that event's record from another tenant. Open the desk on the event's tenant: \(open)."
        }
        // The order of the form's fields changes no row's check.
        guard Set(event.form) == Set(form) else {
            let added = form.filter { !event.form.contains($0) }, removed = event.form.filter { !form.contains($0) }
            let changes = (added.map { "\($0) added" } + removed.map { "\($0) removed" }).joined(separator: ", ")
            return "event \(name)'s list was checked against the sign-up form \(event.form.joined(separator: ", ")), and this desk's "
                + "form is \(form.joined(separator: ", ")) (\(changes))"
                + ": the people on the list were not checked for it. Check the list against the form now (tophhie enrol --check), "
                + "and load it as another event (tophhie enrol --load … --event NEW)."
        }
        return nil
    }
}
