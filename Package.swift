// swift-tools-version:6.0
import PackageDescription

// One package, with no local dependencies, so that other packages can depend on this repository (by
// path or by URL: SwiftPM refuses a revision-based dependency on a package that has a path
// dependency) and use the `TophhieCloudAuthentication` library.

/// Declares a Debian-provided C library as a system-library target with its apt provider.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

let package = Package(
    name: "TophhieAccountConsole",
    platforms: [.macOS(.v15)],
    products: [
        // The framework of the seed design, for apps: `import TophhieCloudAuthentication`.
        .library(name: "TophhieCloudAuthentication", targets: ["TophhieCloudAuthentication"]),
        .executable(name: "tophhie", targets: ["tophhie"]),
        .executable(name: "tophhie-console", targets: ["tophhie-console"]),
        .executable(name: "tophhie-bench", targets: ["tophhie-bench"]),
    ],
    targets: [
        // C system libraries (Debian packages), each a module map plus a shim header.
        systemLibrary("CCrypto", pkgConfig: "libcrypto", apt: "libssl-dev"),
        systemLibrary("CSQLite3", pkgConfig: "sqlite3", apt: "libsqlite3-dev"),
        systemLibrary("CMicroHTTPD", pkgConfig: "libmicrohttpd", apt: "libmicrohttpd-dev"),
        // libcurl with OpenSSL, for a transport that can trust a private CA (FoundationNetworking cannot on Linux).
        systemLibrary("CCurl", pkgConfig: "libcurl", apt: "libcurl4-openssl-dev"),
        // QR codes of the sign-in addresses, for a phone.
        systemLibrary("CQRencode", pkgConfig: "libqrencode", apt: "libqrencode-dev"),
        // PostgreSQL's client library: the shared enrolment queue of many desks.
        systemLibrary("CLibPQ", pkgConfig: "libpq", apt: "libpq-dev"),
        // A mailbox's messages: MIME with GMime, their HTML parts with libxml2's HTML parser. GMime's pkg-config adds
        // -D_LARGEFILE64_SOURCE and -pthread, which SwiftPM refuses with a warning: glib's folders come from pkg-config
        // here, GMime's own (/usr/include/gmime-3.0 on every Debian architecture) from MailboxCodes' flags.
        systemLibrary("CGMime", pkgConfig: "glib-2.0", apt: "libgmime-3.0-dev"),
        systemLibrary("CLibXML2", pkgConfig: "libxml-2.0", apt: "libxml2-dev"),
        // No pkg-config: its -D_XOPEN_SOURCE flags are refused by SwiftPM; the shim defines what is needed.
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        // Bounded ICU regex evaluation; a C target so ICU headers never meet Foundation's ICU module.
        .target(name: "CRegexBound", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),

        // ICU's MessageFormat (named arguments, plurals) and its pattern parser, behind a C header; C++ inside.
        .target(name: "CMessageFormat", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        // The message catalogues (Catalogues/<tag>.txt, embedded in the code like the presets) and the language a task
        // shows. (A build-tool plugin listing the folder would spare CatalogueFiles.swift's line per language, but
        // SwiftPM runs none for the console built as the launcher's tool.)
        .target(name: "Localization", dependencies: ["CMessageFormat"], resources: [.embedInCode("Catalogues")]),

        // The one wrapper for a secret's text (passwords, codes, tokens, keys): it prints as `<redacted>`. A Foundation-free
        // leaf, so every module that holds a secret reaches it.
        .target(name: "Secrets"),
        .target(name: "NativeAuthWire", dependencies: ["Secrets"]),
        // The one bridge from async code to blocking work on a Dispatch thread (never Swift's cooperative pool).
        .target(name: "OffPool"),
        // The one email-address rule: its shape, and the key (NFC, then case folding) addresses are compared by. A leaf,
        // so the forms, the lists, the mailbox reader, the framework and the emulator all reach it.
        .target(name: "EmailAddresses"),
        // The strict JSON reader of the tenant policy and scenario files: unknown keys by name, "expected X, found Y"
        // at a key path, syntax errors at a line and column.
        .target(name: "StrictJSON"),
        // A tenant's configuration as Graph documents it: the snapshot, its Graph answers both ways, the diff.
        .target(name: "TenantConfiguration"),
        // LoopbackHTTP receives the browser sign-in's redirect; CCrypto hashes the PKCE verifier.
        // The token cache's strict JSON reader, Foundation-free: the framework and the launcher's `tophhie token` share it.
        .target(name: "TokenCacheJSON"),
        .target(name: "TophhieCloudAuthentication", dependencies: ["NativeAuthWire", "TenantConfiguration", "CCurl", "CCrypto", "LoopbackHTTP", "OffPool",
                                                                  "TokenCacheJSON", "Secrets"]),
        .target(name: "AccountFlow", dependencies: ["TophhieCloudAuthentication", "EmailAddresses", "CRegexBound", "Localization"]),
        // The live bridge: each framework step the runner keeps answers the pure flow's inputs with a flow event. The
        // only flow code that calls the framework (async); `AccountFlow` itself has no async function.
        .target(name: "AccountFlowLive", dependencies: ["AccountFlow", "TophhieCloudAuthentication", "Localization"]),
        // One-time codes read from a real mailbox over libcurl's IMAP, for scenario runs against a real tenant.
        .target(name: "MailboxCodes", dependencies: ["EmailAddresses", "CCurl", "CGMime", "CLibXML2", "OffPool"],
                swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/gmime-3.0"])]),
        // Foundation-free, like CursesBackend and Launcher: the launcher paints its first frame with them.
        .target(name: "TerminalUI", dependencies: ["Secrets"]),
        // Text to QR modules (libqrencode) and modules to half-block lines. Foundation-free.
        .target(name: "QRCode", dependencies: ["CQRencode"]),
        .target(name: "CursesBackend", dependencies: ["TerminalUI", "CNcursesw"]),
        // The one table of commands and options: parsers, help, completions and man page read it. Foundation-free
        // for the launcher.
        .target(name: "CommandGrammar"),
        .target(name: "Launcher", dependencies: ["TerminalUI", "CommandGrammar", "TokenCacheJSON"]),
        .target(name: "ScreenPresentation", dependencies: ["AccountFlow", "TerminalUI", "Localization", "Launcher"]),
        // Embedded in the code, not a resource bundle: the binaries run wherever they are copied.
        .target(name: "TenantEmulator", dependencies: ["NativeAuthWire", "EmailAddresses", "TenantConfiguration", "StrictJSON", "CSQLite3", "CCrypto"],
                resources: ["email-password", "email-otp", "mfa", "attributes", "strict"].map { .embedInCode("Presets/\($0).json") }),
        // Loopback HTTP/HTTPS server (libmicrohttpd), Foundation-free: the emulator, the benchmark and the
        // browser sign-in's redirect listener share it.
        .target(name: "LoopbackHTTP", dependencies: ["CMicroHTTPD", "OffPool", "Secrets"]),
        .target(name: "EmulatorServer", dependencies: ["NativeAuthWire", "TenantEmulator", "LoopbackHTTP", "CCrypto", "Secrets"]),
        // Enrolment files: the streaming RFC 4180 CSV reader and the enrolment record's hash chain (SHA-256).
        .target(name: "EnrolmentFiles", dependencies: ["EmailAddresses", "CCrypto", "OffPool", "TerminalUI"]),
        // Many desks on one list: the shared queue, its claims and its record in PostgreSQL (libpq). Off the pool
        // through OffPoolWork.
        .target(name: "SharedQueue", dependencies: ["CLibPQ", "EnrolmentFiles", "EmailAddresses", "OffPool"]),
        // The console, in rooms by job (docs/ARCHITECTURE.md, "Module map"). The command line: what the user asked, each
        // command's options, help, completions, `--debug`'s log. Scenario files name their tenant through its profiles.
        .target(name: "ConsoleCommandLine", dependencies: [
            "CommandGrammar", "EnrolmentFiles", "Localization", "SharedQueue", "TenantEmulator", "TerminalUI", "TophhieCloudAuthentication",
        ]),
        // Scenario files: read, written, and recorded from a session (F9).
        .target(name: "ScenarioFiles", dependencies: [
            "ConsoleCommandLine", "AccountFlow", "EnrolmentFiles", "Localization", "MailboxCodes", "StrictJSON", "TenantEmulator", "TophhieCloudAuthentication",
        ]),
        // Support staff's enrolment desk: the list or shared queue, walk-ins, the record, `tophhie enrol` and `record`.
        .target(name: "EnrolmentDesk", dependencies: [
            "ConsoleCommandLine", "AccountFlow", "CursesBackend", "EnrolmentFiles", "Launcher", "Localization", "OffPool", "ScreenPresentation",
            "SharedQueue", "TenantEmulator", "TerminalUI", "TophhieCloudAuthentication",
        ]),
        // The flow run against the framework, shared by every front: the model, the effect runner, the trace, the
        // embedded tenant.
        .target(name: "FlowRunner", dependencies: [
            "ConsoleCommandLine", "ScenarioFiles", "EnrolmentDesk", "AccountFlow", "AccountFlowLive", "EmailAddresses", "EmulatorServer",
            "EnrolmentFiles", "Localization", "OffPool", "SharedQueue", "TenantEmulator", "TerminalUI", "TophhieCloudAuthentication",
        ]),
        // The commands for scripts: token, accounts, lookup, history, tenant snapshot and diff, doctor.
        .target(name: "ConsoleCommands", dependencies: [
            "ConsoleCommandLine", "FlowRunner", "CommandGrammar", "EmailAddresses", "EmulatorServer", "TenantConfiguration", "TenantEmulator",
            "TerminalUI", "TophhieCloudAuthentication",
        ]),
        // Operators' scenario runs (`tophhie run`): driver, shards, comparison with a tenant snapshot, CI reports.
        .target(name: "ScenarioRuns", dependencies: [
            "ConsoleCommandLine", "FlowRunner", "ScenarioFiles", "ConsoleCommands", "AccountFlow", "CommandGrammar", "EnrolmentFiles",
            "MailboxCodes", "TenantConfiguration", "TenantEmulator", "TerminalUI", "TophhieCloudAuthentication",
        ]),
        // The session shell both groups sit at: full-screen and line fronts, the operator's workbench (trace inspector,
        // emulator panel), the desk's queue screens; the executable only wires it up.
        .target(name: "Console", dependencies: [
            "ConsoleCommandLine", "ScenarioFiles", "EnrolmentDesk", "FlowRunner", "AccountFlow", "CursesBackend", "EnrolmentFiles", "Launcher",
            "Localization", "QRCode", "ScreenPresentation", "TenantEmulator", "TerminalUI", "TophhieCloudAuthentication",
        ]),
        // Every flow screen with fictional values, and the gallery of them (`scripts/gallery` writes docs/screens.md
        // with `screen-gallery`); the snapshot tests draw the same screens.
        .target(name: "ScreenGallery", dependencies: ["AccountFlow", "Localization", "ScreenPresentation", "TerminalUI", "TophhieCloudAuthentication", "Console", "FlowRunner"]),
        .executableTarget(name: "screen-gallery", dependencies: ["ScreenGallery"]),
        .target(name: "TestSupport", dependencies: ["NativeAuthWire", "TophhieCloudAuthentication", "TerminalUI", "TenantEmulator", "OffPool"]),
        .executableTarget(name: "tophhie-console", dependencies: ["Console", "ConsoleCommandLine", "ConsoleCommands", "EnrolmentDesk", "ScenarioRuns", "CommandGrammar", "CursesBackend", "TenantEmulator", "EmulatorServer"]),

        // The launcher: a static Swift runtime and no Foundation, so its first frame comes before the
        // console's libraries load; it then execs `tophhie-console` from its own folder.
        // Packed relative relocations (lld, glibc 2.36) keep start-up from reading 24,000 of them.
        .plugin(name: "BuildConsoleBesideLauncher", capability: .buildTool(), dependencies: ["tophhie-console"]),
        .executableTarget(name: "tophhie", dependencies: ["Launcher", "CursesBackend"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"])],
                          plugins: ["BuildConsoleBesideLauncher"]),
        // The start-up benchmark's floor of a one-binary console: FoundationEssentials and libcurl, the launcher's
        // static runtime and link, the same first frame (docs/ARCHITECTURE.md, "The launcher").
        // Statically, FoundationEssentials needs its two helper libraries named.
        .executableTarget(name: "startup-floor", dependencies: ["Launcher", "CursesBackend", "CCurl"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]),
                                           .linkedLibrary("_FoundationCollections"), .linkedLibrary("_FoundationCShims")]),
        // The benchmark's load generator: a cheap loopback client, scripted flows, every answer checked.
        .target(name: "EmulatorLoad", dependencies: ["NativeAuthWire", "TenantEmulator", "EmulatorServer"]),
        .executableTarget(name: "tophhie-bench", dependencies: [
            "tophhie", "tophhie-console", "startup-floor", "TenantEmulator", "EmulatorServer", "LoopbackHTTP", "EmulatorLoad",
            // claims: the shared queue against TestSupport's PostgreSQL server.
            "SharedQueue", "EnrolmentFiles", "TestSupport",
        ]),
        // Hidden test harness: a three-field form on CursesBackend, driven under tmux by CursesBackendTests.
        .executableTarget(name: "tui-harness", dependencies: ["CursesBackend", "TerminalUI"]),
        // Hidden test helper: writes token caches in a loop, killed and raced by TokenCacheProcessTests.
        .executableTarget(name: "token-cache-writer", dependencies: ["TophhieCloudAuthentication"]),

        .testTarget(name: "EmailAddressesTests", dependencies: ["EmailAddresses"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "NativeAuthWireTests", dependencies: ["NativeAuthWire", "TestSupport"]),
        .testTarget(name: "TophhieCloudAuthenticationTests", dependencies: ["TophhieCloudAuthentication", "TenantConfiguration", "LoopbackHTTP", "TestSupport"]),
        .testTarget(name: "AccountFlowTests", dependencies: ["AccountFlow", "EmailAddresses", "Localization", "TestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "ScreenPresentation", "AccountFlow", "Localization",
                                                            "TophhieCloudAuthentication", "TestSupport", "ScreenGallery", "Launcher"],
                    exclude: ["Snapshots"]),
        // The seed guides' snippets, unchanged, run against the emulator.
        .testTarget(name: "SeedGuideTests", dependencies: ["TophhieCloudAuthentication", "TenantEmulator", "EmulatorServer", "TestSupport"]),
        .testTarget(name: "CursesBackendTests", dependencies: ["CursesBackend", "TestSupport"]),
        .testTarget(name: "TenantEmulatorTests", dependencies: ["TenantConfiguration", "TenantEmulator", "EmailAddresses", "EmulatorServer", "LoopbackHTTP", "TophhieCloudAuthentication", "TestSupport"]),
        .testTarget(name: "EmulatorLoadTests", dependencies: ["EmulatorLoad", "NativeAuthWire", "TenantEmulator", "EmulatorServer", "LoopbackHTTP"]),
        .testTarget(name: "EnrolmentFilesTests", dependencies: ["EnrolmentFiles"]),
        // Against a real PostgreSQL over TLS that the tests start (TestSupport's PostgreSQLServer).
        .testTarget(name: "SharedQueueTests", dependencies: ["SharedQueue", "EnrolmentFiles", "TestSupport"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        .testTarget(name: "ConsoleTests", dependencies: [
            "Console", "ConsoleCommandLine", "ScenarioFiles", "EnrolmentDesk", "FlowRunner", "ConsoleCommands", "ScenarioRuns",
            "EnrolmentFiles", "EmailAddresses", "QRCode", "TenantConfiguration", "MailboxCodes", "Launcher", "CommandGrammar", "TophhieCloudAuthentication",
            "ScreenPresentation", "AccountFlow", "TenantEmulator", "EmulatorServer", "LoopbackHTTP", "TestSupport", "ScreenGallery",
        ], exclude: ["Schemas", "Snapshots", "Scripts"]),
        // Interoperability with the ecosystem: MSAL Python on our token cache, Selenium + Chromium on the
        // sign-in pages. Scripts/ holds the Python programs the tests start.
        .testTarget(name: "InteropTests", dependencies: ["TophhieCloudAuthentication", "TenantEmulator", "EmulatorServer", "TestSupport"],
                    exclude: ["Scripts"]),
        // Policies/ holds tenant policy files read by path (--preset FILE), not bundled.
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "QRCode"], exclude: ["Policies"]),
    ]
)

// Fuzz targets (libFuzzer entry points, no `main`): declared only for `scripts/fuzz`, which sets TOPHHIE_FUZZ and
// builds with `-sanitize=fuzzer,address` in its own scratch folder, so `swift build` and `swift test` never see them.
if Context.environment["TOPHHIE_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("fuzz-native-auth", ["NativeAuthWire"]),
        ("fuzz-terminal-input", ["TerminalUI", "TestSupport"]),
        ("fuzz-tenant-policy", ["TenantEmulator"]),
        ("fuzz-emulator-request", ["TenantEmulator", "NativeAuthWire"]),
        ("fuzz-jwt-claims", ["TophhieCloudAuthentication"]),
        ("fuzz-token-cache", ["TophhieCloudAuthentication"]),
        ("fuzz-graph-response", ["TophhieCloudAuthentication"]),
        ("fuzz-interactive-answers", ["TophhieCloudAuthentication", "LoopbackHTTP", "NativeAuthWire"]),
        ("fuzz-tenant-snapshot", ["TenantConfiguration", "TenantEmulator"]),
    ]
    // The launcher's build plugin would first compile the whole console as a tool; fuzz builds need none of it.
    let launcher: Set<String> = ["tophhie", "tophhie-bench", "startup-floor", "BuildConsoleBesideLauncher"]
    package.targets.removeAll { launcher.contains($0.name) }
    package.products.removeAll { launcher.contains($0.name) }
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/Targets/FuzzSupport"))
    for target in fuzzTargets {
        // lld: gold fails on the sanitizer's instrumented objects ("internal error in format_file_lineno").
        package.targets.append(.executableTarget(name: target.name, dependencies: target.dependencies + ["FuzzSupport"],
                                                 path: "Fuzz/Targets/\(target.name)", linkerSettings: [.unsafeFlags(["-use-ld=lld"])]))
    }
}

// Strict settings in one place: Swift 6 language mode for every Swift target.
for target in package.targets where target.type != .system && target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    target.swiftSettings = settings
}
