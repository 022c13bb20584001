// swift-tools-version:6.0
import PackageDescription

/// Declares a Debian-provided C library as a system-library target with its apt provider.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

let package = Package(
    name: "TophhieAccountConsole",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TophhieCloudAuthentication", targets: ["TophhieCloudAuthentication"]),
        .executable(name: "tophhie", targets: ["tophhie"]),
        .executable(name: "tophhie-bench", targets: ["tophhie-bench"]),
    ],
    targets: [
        // C system libraries (Debian packages), each a module map plus a shim header.
        systemLibrary("CCrypto", pkgConfig: "libcrypto", apt: "libssl-dev"),
        systemLibrary("CSQLite3", pkgConfig: "sqlite3", apt: "libsqlite3-dev"),
        systemLibrary("CMicroHTTPD", pkgConfig: "libmicrohttpd", apt: "libmicrohttpd-dev"),
        // No pkg-config: its -D_XOPEN_SOURCE flags are refused by SwiftPM; the shim defines what is needed.
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        // Bounded ICU regex evaluation; a C target so ICU headers never meet Foundation's ICU module.
        .target(name: "CRegexBound", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),

        .target(name: "NativeAuthWire"),
        .target(name: "TophhieCloudAuthentication", dependencies: ["NativeAuthWire"]),
        .target(name: "AccountFlow", dependencies: ["TophhieCloudAuthentication", "CRegexBound"]),
        // Foundation-free, like CursesBackend: the launcher paints its first frame with both.
        .target(name: "TerminalUI"),
        .target(name: "ScreenPresentation", dependencies: ["AccountFlow", "TerminalUI"]),
        .target(name: "CursesBackend", dependencies: ["TerminalUI", "CNcursesw"]),
        // Presets is a symlink to the top-level Resources/tenants, so the JSON lives in one place.
        .target(name: "TenantEmulator", dependencies: ["NativeAuthWire", "CSQLite3", "CCrypto"], resources: [.process("Presets")]),
        .target(name: "EmulatorServer", dependencies: ["TenantEmulator", "CMicroHTTPD"]),
        // The console: command line, effect runner, panes; the executable only wires it up.
        .target(name: "Console", dependencies: [
            "TophhieCloudAuthentication", "AccountFlow", "TerminalUI", "ScreenPresentation", "CursesBackend", "TenantEmulator",
            "EmulatorServer",
        ]),
        // Hidden test harness: a three-field form on CursesBackend, driven under tmux by CursesBackendTests.
        .executableTarget(name: "tui-harness", dependencies: ["CursesBackend", "TerminalUI"]),
        .target(name: "TestSupport", dependencies: ["NativeAuthWire", "TophhieCloudAuthentication", "TerminalUI"]),
        .executableTarget(name: "tophhie", dependencies: ["Console", "TenantEmulator", "EmulatorServer"]),
        // Depends on `tophhie` so `swift run -c release tophhie-bench startup` builds what it measures.
        .executableTarget(name: "tophhie-bench", dependencies: ["tophhie", "TenantEmulator", "EmulatorServer", "CMicroHTTPD", "TophhieCloudAuthentication"]),

        .testTarget(name: "NativeAuthWireTests", dependencies: ["NativeAuthWire", "TestSupport"]),
        .testTarget(name: "TophhieCloudAuthenticationTests", dependencies: ["TophhieCloudAuthentication", "TestSupport"]),
        .testTarget(name: "AccountFlowTests", dependencies: ["AccountFlow", "TestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "ScreenPresentation", "AccountFlow", "TophhieCloudAuthentication", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(name: "CursesBackendTests", dependencies: ["CursesBackend", "TestSupport"]),
        .testTarget(name: "TenantEmulatorTests", dependencies: ["TenantEmulator", "EmulatorServer", "TophhieCloudAuthentication", "TestSupport"]),
        .testTarget(name: "ConsoleTests", dependencies: ["Console", "TestSupport"]),
        // Policies/ holds tenant policy files read by path (--preset FILE), not bundled.
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"], exclude: ["Policies"]),
    ]
)

// Strict settings in one place: Swift 6 language mode for every Swift target.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    target.swiftSettings = settings
}
