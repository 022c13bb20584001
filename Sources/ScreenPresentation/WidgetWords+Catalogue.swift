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
        }
    }

    /// A catalogue drops a message's trailing spaces: text on a border gets its margin here.
    private static func padded(_ text: String) -> String { " \(text) " }
}
