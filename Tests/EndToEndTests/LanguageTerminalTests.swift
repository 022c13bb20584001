import Foundation
import Testing

extension EndToEnd {
    /// The desk in the person's language (issue 41): the locale variables choose the screens' language, and at an
    /// enrolment desk a person picks theirs on the first screen until the idle reset brings the desk's back.
    @Suite struct Languages {
        /// `LANG=de_DE.UTF-8`: every screen of a sign-up speaks German, from the home menu to the signed-in account.
        @Test func germanLocaleSignsUpInGerman() async throws {
            let run = try await germanConsole()
            #expect(run.homeEntries.contains("Passwort zurücksetzen"), "\(run.screen)")
            #expect(!run.screen.contains("Sign up"), "English left on the home screen:\n\(run.screen)")
            run.choose("Registrieren")
            #expect(await run.wait(for: "Passwort bestätigen"), "no German sign-up form:\n\(run.screen)")
            #expect(run.screen.contains("Einmalcode") && run.screen.contains("[ Konto erstellen ]"), "\(run.screen)")
            let email = "lena.schaefer@example.com", password = "Str0ng!Passw0rd"
            run.fill([email, password, password])
            run.keys("Enter")
            try await run.enterCode(sentTo: email, title: "Prüfen Sie Ihre E-Mails")
            // The tenant's attribute label ("Display name") is shown as the tenant sends it; the screen around it is German.
            #expect(await run.wait(for: "Noch ein paar Angaben", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.screen.contains("Ihre Organisation bittet um diese Angaben.") && run.screen.contains("[ Weiter ]"), "\(run.screen)")
            run.type("Lena Schaefer")
            run.keys("Enter")
            #expect(await run.waitUntilGone("Noch ein paar Angaben", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(await run.wait(for: "Lena Schaefer"), "the sign-up did not end signed in:\n\(run.screen)")
            #expect(try await run.control.users().contains { $0["email"] as? String == email }, "no account \(email)")
            #expect(await run.quit() == 0)
        }

        /// The help box (F1) and the footer follow the language: in a German console the sign-up form's help describes a
        /// form key (Tab, ↓) and the console's own keys (F2, F3) in German, and the footer under it is German too.
        @Test func germanConsoleHasGermanHelpAndFooter() async throws {
            let run = try await germanConsole()
            run.choose("Registrieren")
            #expect(await run.wait(for: "Passwort bestätigen"), "no German sign-up form:\n\(run.screen)")
            let footer = run.screen.split(separator: "\n").last.map(String.init) ?? ""
            #expect(footer.contains("Tab weiter") && footer.contains("F1 Hilfe") && footer.contains("^C beenden"), "no German footer:\n\(run.screen)")
            run.keys("F1")
            #expect(await run.wait(for: "Tasten: diese Seite"), "no German help box:\n\(run.screen)")
            #expect(run.line(containing: "Tab, ↓")?.contains("nächstes Feld") == true, "\(run.screen)")
            #expect(run.line(containing: "F2")?.contains("Postausgang") == true, "\(run.screen)")
            #expect(run.line(containing: "F3")?.contains("HTTP-Protokoll") == true, "\(run.screen)")
            for english in ["next field", "outbox", "HTTP trace", "submit", "quit"] {
                #expect(!run.screen.contains(english), "English \"\(english)\" left in the help or the footer:\n\(run.screen)")
            }
            run.keys("Escape")
            #expect(await run.waitUntilGone("Tasten: diese Seite"), "\(run.screen)")
            #expect(await run.quit() == 0)
        }

        /// A console started with `LANG=de_DE.UTF-8` (and `arguments`), once its German home menu is up.
        private func germanConsole(arguments: [String] = []) async throws -> ConsoleRun {
            let run = try ConsoleRun(arguments: arguments, environment: ["LANG": "de_DE.UTF-8"])
            #expect(await run.waitForHome(entry: "Registrieren"), "no German home screen:\n\(run.screen)")
            return run
        }

        /// A German desk (`LANG=de_DE.UTF-8 tophhie --enrol`): the person picks Polski with F12 on the first screen and
        /// signs up in Polish; left alone on the last screen, the countdown speaks Polish, and the idle reset brings
        /// the next person the desk's German.
        @Test func enrolmentPersonSignsUpInPolishAndTheIdleResetBringsTheDesksLanguageBack() async throws {
            let run = try await germanConsole(arguments: ["--enrol", "--idle-reset", "20"])
            #expect(run.line(containing: "▸")?.contains("Registrieren") == true, "\(run.screen)")
            run.keys("F12")
            #expect(await run.wait(for: "Sprache"), "no language list:\n\(run.screen)")
            #expect(run.screen.contains("▸ Deutsch") && run.screen.contains("Polski"), "the list does not open on the desk's language:\n\(run.screen)")
            run.keys("Down", "Down", "Down", "Down")  // Deutsch, English, Español, Français, Polski
            #expect(await run.wait(for: "▸ Polski"), "\(run.screen)")
            run.keys("Enter")
            #expect(await run.wait(for: "Zarejestruj się"), "the home screen is not Polish:\n\(run.screen)")
            #expect(run.line(containing: "▸")?.contains("Zarejestruj się") == true, "\(run.screen)")

            run.keys("Enter")
            #expect(await run.wait(for: "Potwierdź hasło"), "no Polish sign-up form:\n\(run.screen)")
            #expect(run.screen.contains("Rejestracja") && run.screen.contains("[ Utwórz konto ]"), "\(run.screen)")
            let email = "zofia.wozniak@example.com", password = "Str0ng!Passw0rd"
            run.fill([email, password, password])
            run.keys("Enter")
            try await run.enterCode(sentTo: email, title: "Sprawdź pocztę")
            #expect(await run.wait(for: "Jeszcze kilka danych", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.type("Zofia Wozniak")
            run.keys("Enter")
            #expect(await run.wait(for: "Konto utworzone", timeout: ConsoleRun.serverWait), "the sign-up did not finish:\n\(run.screen)")
            #expect(run.screen.contains("następna osoba zaczyna od nowa"), "\(run.screen)")
            #expect(try await run.control.users().contains { $0["email"] as? String == email }, "no account \(email)")

            // Nobody presses a key: the countdown in the person's language, then home in the desk's.
            #expect(await run.wait(for: "ten ekran zostanie wyczyszczony"), "no Polish countdown:\n\(run.screen)")
            #expect(await run.wait(for: "Nach 20 Sekunden ohne Tastendruck für die nächste Person geleert."),
                    "the idle reset did not bring German back:\n\(run.screen)")
            #expect(run.line(containing: "▸")?.contains("Registrieren") == true, "\(run.screen)")
            #expect(!run.screen.contains("Zarejestruj") && !run.screen.contains(email), "\(run.screen)")
            #expect(await run.quit() == 0)
        }
    }
}
