import Foundation
import QRCode
import Testing
import TestSupport

extension EndToEnd {
    /// Over SSH a browser started by the console runs where the user is not: the device code comes first, the
    /// browser screen says why, and the addresses can go to a phone as QR codes.
    @Suite struct Headless {
        /// What sshd sets; `BROWSER` empty, as on a server where nobody set it.
        static let overSSH = ["SSH_CONNECTION": "192.0.2.10 50022 192.0.2.1 22", "BROWSER": ""]

        @Test func overSSHTheDeviceCodeIsOfferedFirstAndTheBrowserScreenSaysWhy() async throws {
            let run = try ConsoleRun(preset: "email-password", environment: Self.overSSH)
            #expect(await run.waitForHome())
            let home = run.screen
            let device = try #require(home.range(of: "Sign in with a device code"), "\(home)")
            let browser = try #require(home.range(of: "Sign in with browser"), "\(home)")
            #expect(device.lowerBound < browser.lowerBound, "the browser is offered first over SSH:\n\(home)")

            run.choose("Sign in with browser")
            #expect(await run.wait(for: "No browser here: this session is over SSH", timeout: ConsoleRun.serverWait), "\(run.screen)")
            // The device code is the first button, and has the focus.
            #expect(await run.wait(for: "[ Use a device code instead ]  [ Cancel ]"), "\(run.screen)")
            run.keys("Enter")
            #expect(await run.wait(for: "/common/oauth2/deviceauth", timeout: ConsoleRun.serverWait), "\(run.screen)")
            #expect(run.screen.contains("F7 QR code"), "the footer does not name the QR key:\n\(run.screen)")

            run.keys("F7")
            #expect(await run.wait(for: "Scan this with a phone"), "\(run.screen)")
            #expect(run.screen.contains("▀") || run.screen.contains("▄"), "no QR code drawn:\n\(run.screen)")
            run.keys("Space")
            #expect(await run.wait(for: "Code expires in"), "the QR code did not close:\n\(run.screen)")
            #expect(await run.quit() == 0)
        }

        /// Line mode: `qr` typed while the device code waits prints the address's QR code, module for module the
        /// code libqrencode makes of it (light modules as glyphs, for a light-on-dark terminal), then the address.
        @Test func lineModePrintsTheDeviceCodeAddressAsAQRCode() async throws {
            let run = try ConsoleRun(preset: "email-password", arguments: ["--line"], height: 60, environment: Self.overSSH)
            #expect(await run.wait(for: "Choose 1-6 [1]:"), "\(run.screen)")
            #expect(run.screen.contains("  2. Sign in with a device code\n  3. Sign in with browser"), "\(run.screen)")
            run.type("2\n")
            #expect(await run.wait(for: "While this waits, type qr", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.type("qr\n")
            // The address comes last, under the code (it is on the screen above too, among the details).
            let printed = { (screen: String) -> (lines: [String], start: Int, address: String)? in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                guard let start = lines.lastIndex(where: { $0.hasPrefix("The code takes") }),
                      let address = lines[start...].first(where: { $0.hasSuffix("/common/oauth2/deviceauth") }) else { return nil }
                return (lines, start, address)
            }
            #expect(await run.tmux.wait(timeout: .seconds(30)) { printed(run.screen) != nil }, "\(run.screen)")
            let (lines, start, address) = try #require(printed(run.screen))
            let expected = HalfBlockQR(try QRMatrix.encode(address)).lines(ink: .light)
            #expect(Array(lines[(start + 1)...].prefix(expected.count)) == expected, "\(run.screen)")

            run.type("cancel\n")
            #expect(await run.wait(for: "Sign-in cancelled"), "\(run.screen)")
            run.type("quit\n")
            #expect(await run.waitForExit() == 0)
        }

        /// Line mode: `quit` typed while the device code waits leaves, as at every prompt, and the hint that lists
        /// what may be typed keeps its words apart ("…background), or Cancel.", not "…background), orCancel.").
        @Test func lineModeQuitLeavesWhileTheDeviceCodeWaits() async throws {
            let run = try ConsoleRun(preset: "email-password", arguments: ["--line"], environment: Self.overSSH)
            #expect(await run.wait(for: "Choose 1-6 [1]:"), "\(run.screen)")
            run.type("2\n")
            // The hint wraps at 80 columns: its end is on a line of its own.
            #expect(await run.wait(for: "ight background), or Cancel.", timeout: ConsoleRun.serverWait), "\(run.screen)")
            run.type("quit\n")
            #expect(await run.waitForExit() == 0, "\(run.screen)")
        }
    }
}
