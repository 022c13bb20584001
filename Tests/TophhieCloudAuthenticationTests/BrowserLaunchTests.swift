import Foundation
import Testing
@testable import TophhieCloudAuthentication

/// A browser started for sign-in never fights the console for its terminal (field case 032): text browsers
/// are not started at all; anything else runs in a session of its own, with no terminal and stdio on /dev/null.
@Suite(.serialized) struct BrowserLaunchTests {
    let url = URL(string: "https://contoso.ciamlogin.com/authorize?x=1")!

    /// A folder with an executable `name` holding `script`, removed afterwards.
    func folder(with scripts: [String: String]) throws -> String {
        let folder = NSTemporaryDirectory() + "browser-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, script) in scripts {
            try Data(("#!/bin/sh\n" + script).utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(folder)/\(name)")
        }
        return folder
    }

    @Test("a $BROWSER script that reaches for /dev/tty runs as its own session leader, without a terminal, stdio on /dev/null")
    func otherLaunchersRunDetached() async throws {
        // The script notes its pid, its session, whether /dev/tty opens and where fds 0–2 point, then lingers as a
        // browser does (the "HIJACKED" script of the field case would clear the screen and read keys here).
        let folder = try folder(with: ["hijack": """
            sid=$(sed 's/.*) //' /proc/$$/stat | cut -d' ' -f4)
            if (exec 3<>/dev/tty) 2>/dev/null; then tty=yes; else tty=no; fi
            echo "$$ $sid $tty $(readlink /proc/$$/fd/0) $(readlink /proc/$$/fd/1) $(readlink /proc/$$/fd/2)" > "$MARKER.tmp"
            mv "$MARKER.tmp" "$MARKER"
            exec sleep 30
            """])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let marker = folder + "/seen"
        let environment = ["BROWSER": folder + "/hijack", "MARKER": marker, "PATH": "/usr/bin:/bin"]
        #expect(await BrowserLauncher.open(url, environment: environment), "a browser that keeps running was started")
        var line = ""
        for _ in 0..<200 where line.isEmpty {
            line = (try? String(contentsOfFile: marker, encoding: .utf8)) ?? ""
            if line.isEmpty { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        let fields = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
        try #require(fields.count == 6, "the script reported: \(line)")
        defer { kill(pid_t(fields[0]) ?? 0, SIGTERM) }
        #expect(fields[1] == fields[0], "the browser leads a session of its own (setsid)")
        #expect(pid_t(fields[1]) != getsid(0), "not the console's session")
        #expect(fields[2] == "no", "no controlling terminal: /dev/tty does not open")
        #expect(Array(fields[3...]) == ["/dev/null", "/dev/null", "/dev/null"])
    }

    @Test("lynx, w3m, links, elinks and www-browser (also through a symlink) count as no browser and are never started")
    func textBrowsersAreNotStarted() async throws {
        let folder = try folder(with: ["lynx": "touch \"$MARKER\"\nexit 0\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/www-browser", withDestinationPath: folder + "/lynx")
        try FileManager.default.createSymbolicLink(atPath: folder + "/my-browser", withDestinationPath: folder + "/lynx")
        let marker = folder + "/started"
        for browser in ["\(folder)/lynx", "w3m", "links -g", "elinks %s", "\(folder)/www-browser", "\(folder)/my-browser", "lynx:w3m"] {
            let environment = ["BROWSER": browser, "MARKER": marker, "PATH": "\(folder):/usr/bin:/bin"]
            #expect(BrowserLauncher.commands(environment: environment).isEmpty, "\(browser)")
            #expect(!(await BrowserLauncher.open(url, environment: environment)), "\(browser) must not be started")
        }
        #expect(!FileManager.default.fileExists(atPath: marker))
        let mixed = ["BROWSER": "w3m:/usr/bin/firefox", "DISPLAY": ":99", "PATH": "/usr/bin:/bin"]
        #expect(BrowserLauncher.commands(environment: mixed) == ["/usr/bin/firefox", "xdg-open"], "graphical launchers stay, in order")
    }

    @Test("a $BROWSER naming a missing command is not reported as opened")
    func missingCommand() async {
        #expect(!(await BrowserLauncher.open(url, environment: ["BROWSER": "/nonexistent/browser", "PATH": "/usr/bin:/bin"])))
    }
}
