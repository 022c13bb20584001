// swift-tools-version:6.0
import PackageDescription

// The `tophhie` launcher, the benchmark and the tests. Every library and the console itself are in
// Packages/TophhieKit (see its manifest for why it is a package of its own).
let kit = "TophhieKit"

let package = Package(
    name: "TophhieAccountConsole",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tophhie", targets: ["tophhie"]),
        .executable(name: "tophhie-bench", targets: ["tophhie-bench"]),
    ],
    dependencies: [.package(path: "Packages/TophhieKit")],
    targets: [
        // The launcher: a static Swift runtime and no Foundation, so its first frame comes before the
        // console's libraries load; it then execs `tophhie-console`, which depending on it builds.
        // Packed relative relocations (lld, glibc 2.36) keep start-up from reading 24,000 of them.
        .executableTarget(name: "tophhie",
                          dependencies: [.product(name: "Launcher", package: kit), .product(name: "CursesBackend", package: kit),
                                         .product(name: "tophhie-console", package: kit)],
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"])]),
        // Depends on both executables so `swift run -c release tophhie-bench startup` builds what it measures.
        .executableTarget(name: "tophhie-bench", dependencies: [
            "tophhie", .product(name: "TenantEmulator", package: kit), .product(name: "EmulatorServer", package: kit),
            .product(name: "CMicroHTTPD", package: kit), .product(name: "TophhieCloudAuthentication", package: kit),
        ]),
        // Hidden test harness: a three-field form on CursesBackend, driven under tmux by CursesBackendTests.
        .executableTarget(name: "tui-harness", dependencies: [.product(name: "CursesBackend", package: kit),
                                                              .product(name: "TerminalUI", package: kit)]),

        test("NativeAuthWireTests", ["NativeAuthWire", "TestSupport"]),
        test("TophhieCloudAuthenticationTests", ["TophhieCloudAuthentication", "TestSupport"]),
        test("AccountFlowTests", ["AccountFlow", "TestSupport"]),
        test("TerminalUITests", ["TerminalUI", "ScreenPresentation", "AccountFlow", "TophhieCloudAuthentication", "TestSupport"],
             exclude: ["Snapshots"]),
        test("CursesBackendTests", ["CursesBackend", "TestSupport"]),
        test("TenantEmulatorTests", ["TenantEmulator", "EmulatorServer", "TophhieCloudAuthentication", "TestSupport"]),
        test("ConsoleTests", ["Console", "Launcher", "ScreenPresentation", "AccountFlow", "TenantEmulator", "TestSupport"]),
        // Policies/ holds tenant policy files read by path (--preset FILE), not bundled.
        test("EndToEndTests", ["TestSupport"], exclude: ["Policies"]),
    ]
)

/// A test target whose dependencies are TophhieKit's modules.
func test(_ name: String, _ modules: [String], exclude: [String] = []) -> Target {
    .testTarget(name: name, dependencies: modules.map { .product(name: $0, package: kit) }, exclude: exclude)
}

// Strict settings in one place: Swift 6 language mode for every Swift target.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    target.swiftSettings = settings
}
