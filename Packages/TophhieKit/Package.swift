// swift-tools-version:6.0
import PackageDescription

// Everything but the `tophhie` launcher: the framework, the flow, the terminal layers, the emulator and
// the console. A package of its own only so the launcher can depend on the `tophhie-console` executable
// (so `swift run tophhie` builds it) without linking the console's libraries: SwiftPM links an
// executable target's library dependencies into executables that depend on it within one package,
// but not across packages. `Sources` is a link to the repository's `Sources`, so files stay in one tree.

/// Declares a Debian-provided C library as a system-library target with its apt provider.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

/// A library product per module the root package (launcher, benchmark, tests) imports.
let modules = [
    "NativeAuthWire", "TophhieCloudAuthentication", "AccountFlow", "TerminalUI", "ScreenPresentation", "CursesBackend",
    "Launcher", "TenantEmulator", "EmulatorServer", "Console", "TestSupport", "CMicroHTTPD",
]

let package = Package(
    name: "TophhieKit",
    platforms: [.macOS(.v15)],
    products: modules.map { .library(name: $0, targets: [$0]) } + [
        .executable(name: "tophhie-console", targets: ["tophhie-console"]),
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
        // Foundation-free, like CursesBackend and Launcher: the launcher paints its first frame with them.
        .target(name: "TerminalUI"),
        .target(name: "CursesBackend", dependencies: ["TerminalUI", "CNcursesw"]),
        .target(name: "Launcher", dependencies: ["TerminalUI"]),
        .target(name: "ScreenPresentation", dependencies: ["AccountFlow", "TerminalUI"]),
        // Presets is a symlink to the top-level Resources/tenants, so the JSON lives in one place. Embedded
        // in the code, not a resource bundle: the binaries run wherever they are copied, with nothing beside.
        .target(name: "TenantEmulator", dependencies: ["NativeAuthWire", "CSQLite3", "CCrypto"],
                resources: ["email-password", "email-otp", "mfa", "attributes", "strict"].map { .embedInCode("Presets/\($0).json") }),
        .target(name: "EmulatorServer", dependencies: ["TenantEmulator", "CMicroHTTPD"]),
        // The console: command line, effect runner, panes; the executable only wires it up.
        .target(name: "Console", dependencies: [
            "TophhieCloudAuthentication", "AccountFlow", "TerminalUI", "ScreenPresentation", "CursesBackend", "Launcher",
            "TenantEmulator", "EmulatorServer",
        ]),
        .target(name: "TestSupport", dependencies: ["NativeAuthWire", "TophhieCloudAuthentication", "TerminalUI"]),
        .executableTarget(name: "tophhie-console", dependencies: ["Console", "CursesBackend", "TenantEmulator", "EmulatorServer"]),
    ]
)

// Strict settings in one place: Swift 6 language mode for every Swift target.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    target.swiftSettings = settings
}
