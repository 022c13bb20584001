import ConsoleCommandLine
import FlowRunner
import TerminalUI
import TophhieCloudAuthentication

/// The trace pane grown to the whole screen: the exchanges told as a story (``TraceStory``: under the user
/// action that caused them, each with its reason), a list that scrolls and filters (errors only, one
/// endpoint), one exchange opened with its headers and bodies (redacted, see ``ExchangeText``), and the
/// outbox beside it on request.
struct TraceInspector {
    /// A row of the list: a user action's heading, or one of its exchanges under it.
    enum Row {
        case heading(String)
        case exchange(ObservedExchange)
    }

    /// What a key did.
    enum Outcome: Equatable {
        case handled, closed, ignored
    }

    private var list = ScrollList()
    private var detail = ScrollList(selectable: false)
    /// The exchange shown whole, by id (it survives new exchanges arriving).
    private var opened: ObservedExchange.ID?
    /// Only exchanges that failed: no answer, an HTTP error status or an error body.
    private(set) var errorsOnly = false
    /// Only exchanges to this path (`f` cycles through the paths in the trace).
    private(set) var endpoint: String?
    /// The outbox shown to the right (embedded emulator only).
    private(set) var besideOutbox = false
    private let hasOutbox: Bool
    /// F4 writes a HAR from here (not at an enrolment desk).
    private let exportsHAR: Bool

    /// Opens on the newest exchange.
    init(trace: TraceLog, hasOutbox: Bool, exportsHAR: Bool = true, size: Size) {
        self.hasOutbox = hasOutbox
        self.exportsHAR = exportsHAR
        list.selectLast(count: rows(trace).count, height: Self.listHeight(size))
    }

    /// The exchanges the filters let through, oldest first.
    func shown(_ exchanges: [ObservedExchange]) -> [ObservedExchange] {
        exchanges.filter { (!errorsOnly || TraceStory.isError($0)) && (endpoint == nil || TraceStory.path(of: $0) == endpoint) }
    }

    /// The list's rows: each action's heading, then its exchanges the filters let through.
    func rows(_ trace: TraceLog) -> [Row] {
        trace.story(of: shown(trace.all)).flatMap { group in [Row.heading(group.heading)] + group.exchanges.map(Row.exchange) }
    }

    private static func text(of row: Row) -> String {
        switch row {
        case .heading(let heading): heading
        case .exchange(let exchange): "  " + TraceStory.row(exchange)
        }
    }

    /// The keys valid in the view shown (the list, or one exchange), for the help overlay.
    var helpEntries: [HelpEntry] {
        let har = exportsHAR ? [HelpEntry("F4", "export the session as HAR (secrets redacted)")] : []
        if opened != nil {
            return [HelpEntry("↑/↓ PgUp/PgDn", "scroll the exchange"), HelpEntry("Esc, Backspace", "back to the list")] + har
                + [HelpEntry("F6", "close the inspector")]
        }
        return [HelpEntry("↑/↓ PgUp/PgDn", "move in the list"), HelpEntry("Home/End", "first / last exchange"),
                HelpEntry("Enter", "open the exchange: headers and bodies"), HelpEntry("e", "errors only, on or off"),
                HelpEntry("f", "only one endpoint; again for the next, then all")]
            + (hasOutbox ? [HelpEntry("o", "the outbox beside the trace")] : [])
            + har + [HelpEntry("Esc, F6", "close the inspector")]
    }

    mutating func handle(_ key: Key, trace: TraceLog, size: Size) -> Outcome {
        let exchanges = trace.all
        let rows = rows(trace)
        if let opened, let exchange = exchanges.first(where: { $0.id == opened }) {
            let lines = ScrollList.wrap(lines(of: exchange, trace: trace), width: detailWidth(size))
            if detail.handle(key, count: lines.count, height: Self.listHeight(size)) { return .handled }
            if key == .escape || key == .backspace { self.opened = nil; return .handled }
            return key == .function(6) ? .closed : .ignored
        }
        opened = nil
        if list.handle(key, count: rows.count, height: Self.listHeight(size)) { return .handled }
        switch key {
        case .enter:
            // Enter on a heading opens its first exchange.
            let exchange = rows.dropFirst(list.selected).lazy.compactMap { row -> ObservedExchange? in
                if case .exchange(let exchange) = row { exchange } else { nil }
            }.first
            guard let exchange else { return .handled }
            opened = exchange.id
            detail = ScrollList(selectable: false)
        case .character("e"):
            errorsOnly.toggle()
            list.selectLast(count: self.rows(trace).count, height: Self.listHeight(size))
        case .character("f"):
            let paths = exchanges.map(TraceStory.path).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let next = endpoint.flatMap { paths.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
            endpoint = paths.indices.contains(next) ? paths[next] : nil
            list.selectLast(count: self.rows(trace).count, height: Self.listHeight(size))
        case .character("o") where hasOutbox:
            besideOutbox.toggle()
        case .escape, .function(6):
            return .closed
        default:
            return .ignored
        }
        return .handled
    }

    /// Draws the inspector over the whole of `buffer`.
    /// - Parameter outbox: the outbox pane's lines, drawn to the right when ``besideOutbox``.
    func render(_ trace: TraceLog, outbox: [String], into buffer: inout Buffer) {
        let exchanges = trace.all
        let size = buffer.size
        let body = Rect(x: 1, y: 1, width: detailWidth(size), height: Self.listHeight(size))
        if besideOutbox {
            let x = body.width + 2
            Pane.draw(title: "Outbox", lines: outbox, empty: "(nothing yet)", in: Rect(x: x, y: 1, width: size.width - x, height: body.height + 1), into: &buffer)
        }
        let footer: String
        if let opened, let exchange = exchanges.first(where: { $0.id == opened }) {
            title("Exchange: \(PrintableText.make(TraceLog.line(exchange)))", into: &buffer)
            detail.render(ScrollList.wrap(lines(of: exchange, trace: trace), width: body.width), in: body, into: &buffer)
            footer = "↑/↓ PgUp/PgDn scroll  Esc back to the list" + (exportsHAR ? "  F4 export HAR (redacted)" : "")
        } else {
            let rows = rows(trace)
            let filters = [errorsOnly ? "errors only" : nil, endpoint].compactMap { $0 }
            title("HTTP trace, secrets redacted · \(shown(exchanges).count) of \(exchanges.count) exchanges"
                  + (filters.isEmpty ? "" : " · \(filters.joined(separator: ", "))"), into: &buffer)
            if rows.isEmpty {
                buffer.write(exchanges.isEmpty ? "(nothing yet)" : "(no exchange matches the filter)", at: Point(x: 1, y: 1), style: .hint)
            }
            list.render(rows.map { PrintableText.make(Self.text(of: $0)) }, in: body, into: &buffer)
            footer = "↑/↓ move  Enter open  e errors only  f endpoint" + (hasOutbox ? "  o outbox" : "") + (exportsHAR ? "  F4 HAR" : "") + "  Esc close"
        }
        buffer.writeCut(footer, at: Point(x: 1, y: size.height - 1), style: .hint, width: size.width - 2)
    }

    /// The opened exchange: the action it was made for and why it went as it did, then headers and bodies.
    private func lines(of exchange: ObservedExchange, trace: TraceLog) -> [String] {
        let story = ["Action: " + (trace.action(of: exchange)?.name ?? TraceStory.startUp)]
            + (TraceStory.reason(exchange).map { ["Why:    " + $0] } ?? [])
        return story + [""] + ExchangeText.lines(exchange)
    }

    private func title(_ text: String, into buffer: inout Buffer) {
        buffer.fill(Rect(x: 0, y: 0, width: buffer.size.width, height: 1), style: .header)
        buffer.writeCut(text, at: Point(x: 1, y: 0), style: .header, width: buffer.size.width - 2)
    }

    /// Rows for the list or the opened exchange: all but the title and the footer.
    private static func listHeight(_ size: Size) -> Int { max(1, size.height - 2) }

    private func detailWidth(_ size: Size) -> Int { besideOutbox ? (size.width - 2) * 3 / 5 : size.width - 2 }
}
