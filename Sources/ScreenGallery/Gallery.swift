import AccountFlow
import Console
import FlowRunner
import Foundation
import TerminalUI
import TophhieCloudAuthentication

/// One screen of the gallery: a flow state reached as the snapshot tests reach it, and what must be seen on
/// it at 80×24 (its title, one key fact, its actions).
public struct GalleryScreen: Sendable {
    /// The snapshot's name, e.g. `signedIn` (`Snapshots/flow-signedIn80x24.txt`).
    public var name: String
    /// A text the user came to this screen for, which 80×24 must show without scrolling.
    public var keyFact: String
    /// The screen is longer than 80×24 (twelve fields, twenty-one properties): it opens at its top with its
    /// actions in view, and `↓ more` says there is more.
    public var isLong: Bool
    /// The issue's screens that must show title, key fact and actions at 80×24 with the outbox pane open too.
    public var fitsWithOutbox: Bool
    private let make: @Sendable () -> ScreenSession

    init(_ name: String, keyFact: String, isLong: Bool = false, fitsWithOutbox: Bool = false,
         _ make: @escaping @Sendable () -> ScreenSession) {
        self.name = name
        self.keyFact = keyFact
        self.isLong = isLong
        self.fitsWithOutbox = fitsWithOutbox
        self.make = make
    }

    /// A screen reached from `state`'s by `steps` (keys typed, answers sent).
    init(_ name: String, keyFact: String, isLong: Bool = false, fitsWithOutbox: Bool = false,
         from state: @autoclosure @escaping @Sendable () -> FlowState, _ steps: @escaping @Sendable (inout ScreenSession) -> Void) {
        self.init(name, keyFact: keyFact, isLong: isLong, fitsWithOutbox: fitsWithOutbox) {
            var session = ScreenSession(state())
            steps(&session)
            return session
        }
    }

    /// The screen, freshly built.
    public var session: ScreenSession { make() }
}

/// Every flow screen, and the console's panes, as text: `scripts/gallery` writes ``markdown()`` to
/// `docs/screens.md`, and a test checks that file is current. The rendering is the console's own
/// (``FormRenderer`` with ``ConsolePanes``); only the states are fictional.
public enum Gallery {
    /// The smallest terminal the layout rules are written for.
    public static let small = Size(width: 80, height: 24)
    /// A roomy terminal: content at most 100 columns, centred.
    public static let large = Size(width: 120, height: 40)

    /// The outbox pane as the console shows it after one code was sent.
    public static let outbox = ConsolePanes.outbox([
        SentCode(id: 1, channel: "email", target: "ada@contoso.example", maskedTarget: "a***@c*****o.example",
                 purpose: "signUp", code: "30418257").paneLine,
    ])

    /// The outbox after a busy session: more codes than a third of 24 rows holds.
    public static let fullOutbox = ConsolePanes.outbox((1...9).map(sentCode).map(\.paneLine))

    private static func sentCode(_ index: Int) -> SentCode {
        let sms = index % 3 == 0
        let masked = sms ? "+44*******89\(index)" : "u***@c*****o.example"
        let code = String(format: "%08d", 10_000_000 + index * 7_919)
        return SentCode(id: index, channel: sms ? "sms" : "email", target: "user\(index)@contoso.example", maskedTarget: masked,
                        purpose: index % 2 == 0 ? "signIn" : "signUp", code: code, status: index < 9 ? "used" : "sent")
    }

    /// The screens, in the order a user meets them.
    public static let screens: [GalleryScreen] = [
        GalleryScreen("homeSignedOut", keyFact: "Sign in") { ScreenSession(FlowScreens.home(signedIn: false)) },
        GalleryScreen("homeSignedIn", keyFact: "Account (ada@contoso.example)") { ScreenSession(FlowScreens.home(signedIn: true)) },
        GalleryScreen("homeRestored", keyFact: "Signed in as ada@contoso.example") { ScreenSession(FlowScreens.restored()) },
        GalleryScreen("signInFieldError", keyFact: "Email", from: FlowScreens.signIn()) { session in
            session.type("ada@")
            session.press(.tab)
        },
        GalleryScreen("signInRejected", keyFact: "Check the email and password.", from: FlowScreens.signIn()) { session in
            session.type("ada@contoso.example")
            session.press(.tab)
            session.press(.paste("Wrong-Horse-1"))
            session.press(.enter)
            session.send(.signInAdvanced(.failure(.invalidCredentials(FlowScreens.details))))
        },
        GalleryScreen("working", keyFact: "ada@contoso.example", from: FlowScreens.signIn()) { session in
            session.type("ada@contoso.example")
            session.press(.enter)
        },
        GalleryScreen("signUpPassword", keyFact: "Display name") {
            // As the embedded emulator's email-password preset asks: the display name up front.
            var settings = FlowScreens.settings
            settings.upFrontAttributes = [RequiredAttribute(name: "displayName", type: "string", required: true, regex: nil)]
            var session = ScreenSession(FlowScreens.signUp(settings))
            session.type("ada@contoso.example")
            session.press(.tab)
            session.press(.paste("Correct-Horse-9"))
            return session
        },
        GalleryScreen("signUpAttributes", keyFact: "Display name") {
            let settings = FlowSettings(passwordAccounts: false, upFrontAttributes: [
                RequiredAttribute(name: "displayName", type: "string", required: true, regex: nil),
                RequiredAttribute(name: "extension_\(FlowScreens.appID)_loyaltyNumber", type: "int", required: false, regex: nil),
                RequiredAttribute(name: "country", type: "string", required: false, regex: nil),
            ])
            return ScreenSession(FlowScreens.signUp(settings))
        },
        GalleryScreen("codeEntryCountdown", keyFact: "a***@c*****o.example", fitsWithOutbox: true, from: FlowScreens.codeEntry()) { session in
            session.send(.tick(FlowScreens.start))
            session.send(.tick(FlowScreens.start.addingTimeInterval(12)))
            session.type("1234")
        },
        GalleryScreen("codeEntryWrongCode", keyFact: "+44*******890") {
            var session = ScreenSession(FlowScreens.codeEntry(.signIn, delivery: CodeDelivery(
                sentTo: "+44*******890", channel: .sms, codeLength: 6, resendInterval: nil)))
            session.type("123456")
            session.press(.enter)
            session.send(.signInAdvanced(.failure(.invalidCode(FlowScreens.details))))
            return session
        },
        GalleryScreen("newPasswordSuberror", keyFact: "New password", from: FlowScreens.newPassword()) { session in
            session.press(.paste("Correct-Horse-9"))
            session.press(.tab)
            session.press(.paste("Correct-Horse-9"))
            session.press(.enter)
            session.send(.resetAdvanced(.failure(.invalidPassword(.banned, FlowScreens.details))))
        },
        GalleryScreen("attributesTop", keyFact: "Given name", isLong: true) { ScreenSession(FlowScreens.attributes()) },
        GalleryScreen("mfaPicker", keyFact: "a***@c*****o.example") { ScreenSession(FlowScreens.mfaPicker()) },
        GalleryScreen("registrationPicker", keyFact: "ada@contoso.example") { ScreenSession(FlowScreens.registrationPicker()) },
        GalleryScreen("contactPhone901001", keyFact: "Phone number", from: FlowScreens.phoneContact()) { session in
            session.type("+999 1234 5678")
            session.press(.enter)
            let refused = ServerDetails(error: "invalid_request", code: 901001, status: 400)
            session.send(.registrationAnswered(.failure(.invalidInput("That phone number or email doesn't look right.", refused))))
        },
        GalleryScreen("resetPolling", keyFact: "applying your new password") {
            var state = FlowScreens.newPassword()
            state.step = .resetPolling(poll: 0)
            state.pending = .changingPassword
            var session = ScreenSession(state)
            session.send(.resetPollProgress(poll: 2))
            return session
        },
        GalleryScreen("resetDone", keyFact: "Password") {
            var state = FlowScreens.newPassword()
            state.step = .resetDone
            return ScreenSession(state)
        },
        GalleryScreen("webFallback", keyFact: "browser") { ScreenSession(FlowScreens.webFallback()) },
        GalleryScreen("deviceCode", keyFact: "B C D F - G H J K", fitsWithOutbox: true) {
            ScreenSession(FlowScreens.deviceCode(elapsed: 60.4))
        },
        GalleryScreen("browserWait", keyFact: "https://contoso.ciamlogin.com/") { ScreenSession(FlowScreens.browserWait()) },
        GalleryScreen("signedIn", keyFact: "ada@contoso.example", fitsWithOutbox: true) { ScreenSession(FlowScreens.onAccount()) },
        GalleryScreen("accountRestored", keyFact: "ada@contoso.example", fitsWithOutbox: true, from: FlowScreens.restored()) { session in
            session.send(.menuChosen(.account))
        },
        GalleryScreen("signedOut", keyFact: "ada@contoso.example was signed out") { ScreenSession(FlowScreens.signedOut()) },
        GalleryScreen("profile", keyFact: "Ada Lovelace", isLong: true, fitsWithOutbox: true) { ScreenSession(FlowScreens.profileScreen()) },
        GalleryScreen("profileEdit", keyFact: "Display name", isLong: true, from: FlowScreens.profileScreen()) { session in
            session.press(.enter)
        },
        GalleryScreen("history12Rows", keyFact: "203.0.113.10", fitsWithOutbox: true) {
            ScreenSession(FlowScreens.history(12, hasMore: true))
        },
        GalleryScreen("historyRow", keyFact: "Contoso mobile app", from: FlowScreens.history(12)) { session in
            session.press(.down)
            session.press(.enter)
        },
        GalleryScreen("historyThrottled", keyFact: "Throttled", from: FlowScreens.history(12, hasMore: true)) { session in
            session.send(.historyMoreRequested)
            session.send(.historyWaiting(seconds: 7))
            session.send(.tick(FlowScreens.start.addingTimeInterval(2)))
        },
        GalleryScreen("tenantSnapshot", keyFact: "Customers: email with password") {
            let summary = TenantSummary(
                flows: ["Customers: email with password; 1 app"],
                attributes: ["Customers #2 city (text, required)", "Customers #3 country (radioSingleSelect)"],
                methods: ["Email OTP: enabled", "SMS: disabled"],
                applications: ["8c3e2b91-4d7a-4f0e-b6c5-2a9d1e7f3b48: public client, native auth all, 1 redirect URI"],
                mfaPolicies: [], notRead: ["mfaPolicies: HTTP 403 Authorization_RequestDenied"])
            return ScreenSession(FlowState(settings: FlowScreens.settings,
                                           step: .tenant(TenantView(summary: summary, notice: "Saved to /srv/tenant-snapshot.json"))))
        },
        GalleryScreen("enrolled", keyFact: "ada@contoso.example") {
            ScreenSession(FlowState(settings: FlowSettings(enrolmentMode: true), step: .enrolled(email: "ada@contoso.example")))
        },
        GalleryScreen("failure", keyFact: "c0ffee00-0000-4000-8000-000000000002", fitsWithOutbox: true, from: FlowScreens.codeEntry()) { session in
            session.type("12345678")
            session.press(.enter)
            session.send(.signUpAdvanced(.failure(.server(ServerDetails(
                error: "server_error", code: 500, correlationID: "c0ffee00-0000-4000-8000-000000000002", status: 503)))))
        },
    ]

    /// The screen with `name`.
    public static func screen(_ name: String) -> GalleryScreen? { screens.first { $0.name == name } }

    /// A screen as the terminal shows it, `|`-edged rows without the cursor line.
    public static func text(_ session: ScreenSession, size: Size, pane: PaneContent? = nil) -> String {
        var buffer = Buffer(size: size)
        FormRenderer.render(session.view, pane: pane, into: &buffer)
        return buffer.lines().map { "|\($0)|" }.joined(separator: "\n")
    }

    /// A screen as a monochrome terminal (`NO_COLOR`) draws it: each row, and under a row with attributes a
    /// line marking them per column: `R` reverse, `B` bold, `U` underline, `D` dim (the strongest one).
    public static func monochromeText(_ session: ScreenSession, size: Size, pane: PaneContent? = nil) -> String {
        var buffer = Buffer(size: size)
        FormRenderer.render(session.view, pane: pane, into: &buffer)
        var out: [String] = []
        for (y, line) in buffer.lines().enumerated() {
            out.append("|\(line)|")
            let marks = (0..<size.width).map { x -> Character in
                let style = buffer[x, y].style
                return style.reverse ? "R" : style.bold ? "B" : style.underline ? "U" : style.dim ? "D" : " "
            }
            let markLine = " " + String(marks)
            if marks.contains(where: { $0 != " " }) { out.append(String(markLine.reversed().drop { $0 == " " }.reversed())) }
        }
        return out.joined(separator: "\n")
    }

    /// `docs/screens.md`.
    public static func markdown() -> String {
        var out = """
            # Screens

            Every screen of the full-screen console as a terminal shows it, generated by `scripts/gallery` from
            `Sources/ScreenGallery` (the states the snapshot tests draw, fictional values) through the console's own
            renderer; `GalleryTests` fails when this file is out of date. The layout rules are in
            [usage.md](usage.md#screen-layout). Each screen is shown at 80×24 and 120×40; then the screens the
            console shows beside the embedded emulator's outbox pane, and a few as a monochrome terminal
            (`NO_COLOR`) draws them; last, the home and code screens in German and in the pseudo-locale `qps` (the
            other languages of the catalogues are in [screens-languages.md](screens-languages.md)).

            """
        out += "\n## Contents\n\n"
        for screen in screens { out += "- [\(screen.name)](#\(screen.name.lowercased()))\n" }
        out += "- [With the outbox pane](#with-the-outbox-pane)\n- [Without colour (NO_COLOR)](#without-colour-no_color)\n"
        out += "- [In German and the pseudo-locale](#in-german-and-the-pseudo-locale)\n"
        for screen in screens {
            let session = screen.session
            out += "\n## \(screen.name)\n\n\(session.state.screen.title), 80×24:\n\n"
            out += block(text(session, size: small))
            out += "\n120×40:\n\n" + block(text(session, size: large))
        }
        out += """

            ## With the outbox pane

            With the embedded emulator the console shows the codes it sent in a pane under the form (F2 hides it).
            The pane takes its lines and its frame, at most a third of the screen; the form, which has the keys,
            has the heavy frame and the `●` marker.

            """
        for screen in screens where screen.fitsWithOutbox {
            out += "\n### \(screen.name), outbox open\n\n" + block(text(screen.session, size: small, pane: outbox))
        }
        let home = ScreenSession(FlowScreens.home(signedIn: false))
        out += "\n### homeSignedOut, outbox open and empty\n\n" + block(text(home, size: small, pane: ConsolePanes.outbox([])))
        out += "\n### codeEntryCountdown, a full outbox\n\n"
        out += block(text(screen("codeEntryCountdown")?.session ?? home, size: small, pane: fullOutbox))
        out += "\n### codeEntryCountdown, a full outbox at 120×40\n\n"
        out += block(text(screen("codeEntryCountdown")?.session ?? home, size: large, pane: fullOutbox))
        out += """

            ## Without colour (NO_COLOR)

            With `NO_COLOR` (or a monochrome terminal) the console draws no colour, only attributes. Under each row
            with attributes, a line marks them: `R` reverse, `B` bold, `U` underline, `D` dim. The menu's row, the
            focused field or button and the focused pane stay visible.

            """
        for name in ["homeSignedOut", "signInFieldError", "history12Rows"] {
            guard let entry = screen(name) else { continue }
            out += "\n### \(name)\n\n" + block(monochromeText(entry.session, size: small))
        }
        if let account = screen("signedIn") {
            out += "\n### signedIn, outbox open\n\n" + block(monochromeText(account.session, size: small, pane: outbox))
        }
        return out + shownLanguagesSection()
    }

    private static func block(_ text: String) -> String { "```text\n\(text)\n```\n" }
}
