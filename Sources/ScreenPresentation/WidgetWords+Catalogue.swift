import Launcher
import Localization
import TerminalUI

extension WidgetWords {
    /// The widgets' words from the catalogue, in the calling task's language (kept for the words' whole life, so a
    /// view drawn later shows the language it was made in).
    public static var catalogue: WidgetWords {
        let localizer = Localization.current
        return WidgetWords(language: localizer.tag) { word in Localization.with(localizer) { text(of: word) } }
    }

    private static func text(of word: Word) -> String {
        switch word {
        case .helpCompact(let keys): tr("widget.help.compact", ["keys": keys])
        case .helpTitle(let place): padded(tr("widget.help.title", ["place": place]))
        case .filterPrompt: tr("widget.help.filterPrompt") + " "
        case .filterHint: tr("widget.help.filterHint")
        case .noKeyMatches(let filter): tr("widget.help.noMatch", ["filter": filter])
        case .helpFooter: tr("widget.help.footer")
        case .moreAbove: padded(tr("widget.help.moreAbove"))
        case .moreBelow: padded(tr("widget.help.moreBelow"))
        case .morePageUp: tr("widget.form.moreAbove")
        case .morePageDown: tr("widget.form.moreBelow")
        case .tooSmall(let size, let minimum): tr("widget.form.tooSmall", ["size": size, "minimum": minimum])
        case .fieldPosition(let index, let count): tr("widget.form.fieldPosition", ["index": index, "count": count])
        case .buttonsAfter(let fields): tr("widget.form.buttonsAfter", ["fields": fields])
        case .key(let key): text(of: key)
        case .helpOnThisScreen: tr("widget.help.place.screen")
        }
    }

    private static func text(of key: KeyWord) -> String {
        switch key {
        case .next: tr("keys.next")
        case .previous: tr("keys.previous")
        case .nextField: tr("keys.nextField")
        case .previousField: tr("keys.previousField")
        case .submit: tr("keys.submit")
        case .back: tr("keys.back")
        case .reveal: tr("keys.reveal")
        case .scroll: tr("keys.scroll")
        case .help: tr("keys.help")
        case .helpOutsideTextField: tr("keys.helpOutsideTextField")
        case .quit: tr("keys.quit")
        case .filter: tr("keys.list.filter")
        case .previousOption: tr("keys.list.previous")
        case .nextOption: tr("keys.list.next")
        case .pageUp: tr("keys.list.pageUp")
        case .pageDown: tr("keys.list.pageDown")
        case .firstMatch: tr("keys.list.first")
        case .lastMatch: tr("keys.list.last")
        case .clearFilter: tr("keys.list.clearFilter")
        case .pick: tr("keys.list.pick")
        case .closeList: tr("keys.list.close")
        case .moveByCharacter: tr("keys.edit.moveByCharacter")
        case .startOrEnd: tr("keys.edit.startOrEnd")
        case .deleteAroundCursor: tr("keys.edit.deleteAroundCursor")
        case .deleteToStartOrEnd: tr("keys.edit.deleteToStartOrEnd")
        case .deleteWord: tr("keys.edit.deleteWord")
        case .switchToggle: tr("keys.choose.toggle")
        case .chooseInList: tr("keys.choose.list")
        case .switchToggleOrChooseInList: tr("keys.choose.toggleOrList")
        case .app(let name): consoleKeyText(name)
        }
    }

    /// The console's own keys (``ConsoleKeys``), by name; another application's name shows as it is.
    private static func consoleKeyText(_ name: String) -> String {
        switch ConsoleKeys(rawValue: name) {
        case .outbox?: tr("keys.console.outbox")
        case .trace?: tr("keys.console.trace")
        case .exportHAR?: tr("keys.console.exportHAR")
        case .emulator?: tr("keys.console.emulator")
        case .inspectTrace?: tr("keys.console.inspectTrace")
        case .copyCode?: tr("keys.console.copyCode")
        case .copyAddress?: tr("keys.console.copyAddress")
        case .qrCode?: tr("keys.console.qrCode")
        // The languages a person can pick, each named in itself: a new catalogue joins the list by itself.
        case .language?: tr("keys.console.language", ["languages": Localizer.catalogueTags.map { Localizer(tag: $0).name }
            .joined(separator: ", ")])
        case .recordScenario?: tr("keys.console.recordScenario")
        case nil: name
        }
    }

    /// A catalogue drops a message's trailing spaces: text on a border gets its margin here.
    private static func padded(_ text: String) -> String { " \(text) " }
}
