/// The messages of one language, with its fallbacks: a key missing from `pt-BR` comes from `pt`, then from English.
/// `qps`, the pseudo-locale, is English made longer and accented (see ``PseudoLocale``).
public struct Localizer: Sendable {
    /// The tag asked for, normalised (`de-DE`, `qps`), or `en` when nothing was asked.
    public let tag: String
    /// Most specific first; English last.
    let chain: [Catalogue]
    let pseudo: Bool

    /// English, the source.
    public static let english = Localizer(tag: "en")

    /// The language for `tag`, in any spelling a locale variable or `--language` gives: `de`, `de-DE`,
    /// `de_DE.UTF-8`, `pt_BR`. `C`, `POSIX` and an empty tag are English.
    public init(tag: String) {
        let tag = Self.normalised(tag)
        self.tag = tag
        pseudo = tag == PseudoLocale.tag
        var chain: [Catalogue] = []
        var candidate = pseudo ? "en" : tag
        while !candidate.isEmpty {
            if let catalogue = Catalogue.embedded[candidate] { chain.append(catalogue) }
            guard let dash = candidate.lastIndex(of: "-") else { break }
            candidate = String(candidate[..<dash])
        }
        if chain.last?.tag != "en" { chain.append(Catalogue.english) }
        self.chain = chain
    }

    /// Whether a catalogue (not only English's fallback) answers for this tag; `qps` always does.
    public var isKnown: Bool { pseudo || chain.first?.tag != "en" || tag == "en" || tag.hasPrefix("en-") }

    /// The language's own name in itself ("Deutsch", "Polski"), as a list of languages shows it.
    public var name: String { Localization.with(self) { tr("language.name") } }

    /// Where to look for text kept per language, most specific first: the tag asked for, then its catalogues' (English
    /// last).
    public var lookupTags: [String] { [tag] + chain.map(\.tag) }

    /// The tags of the built-in catalogues, sorted: the languages a person can pick.
    public static var catalogueTags: [String] { Catalogue.embedded.keys.sorted() }

    /// The message for `key` with its arguments filled in, in this language's forms (plurals, numbers, dates).
    /// A key no catalogue has shows as itself, so it is seen and the catalogue tests name it.
    public func text(_ key: String, _ arguments: [String: any MessageArgument] = [:]) -> String {
        guard let (pattern, catalogue) = pattern(for: key) else { return key }
        let shown = pseudo ? PseudoLocale.pattern(pattern) : pattern
        // Plain text needs no ICU: no argument, no quoting.
        if arguments.isEmpty, !shown.contains(where: { $0 == "{" || $0 == "'" }) { return shown }
        return ICUMessage.format(shown, locale: catalogue.tag, arguments: arguments) ?? key
    }

    func pattern(for key: String) -> (String, Catalogue)? {
        for catalogue in chain { if let pattern = catalogue.messages[key] { return (pattern, catalogue) } }
        return nil
    }

    /// `de_DE.UTF-8@euro` → `de-DE`; `C`/`POSIX`/empty → `en`.
    static func normalised(_ tag: String) -> String {
        var tag = Substring(tag)
        if let cut = tag.firstIndex(where: { $0 == "." || $0 == "@" }) { tag = tag[..<cut] }
        let parts = tag.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard let language = parts.first, tag != "C", tag != "POSIX" else { return "en" }
        // Language lower case, a two-letter region upper case (BCP 47's usual spelling, and the catalogue files').
        return ([language.lowercased()] + parts.dropFirst().map { $0.count == 2 ? $0.uppercased() : String($0) })
            .joined(separator: "-")
    }
}

extension Localizer {
    /// The language a process starts in: `--language` when given, else the first of `LC_ALL`, `LC_MESSAGES`,
    /// `LANG` that is set and not empty (POSIX's order), else English.
    public static func resolved(option: String?, environment: [String: String]) -> Localizer {
        if let option { return Localizer(tag: option) }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty { return Localizer(tag: value) }
        }
        return .english
    }
}
