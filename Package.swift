// swift-tools-version: 6.0
import PackageDescription

/// The UIKit stand-in, a dependency only where UIKit does not exist: there `CellKitUIKit` compiles
/// against it; on iOS, tvOS and Mac Catalyst it compiles against UIKit.
let standInPlatforms: [Platform] = [.linux, .macOS, .windows, .android, .wasi, .openbsd]
let standIn = Target.Dependency.target(name: "UIKitStandIn", condition: .when(platforms: standInPlatforms))

/// The UIKit hosts, for `CellKitTesting`'s `SimulatedUser`, which drives them over the stand-in: only where
/// the stand-in is used (on iOS, a UIKit screen is driven by XCUITest).
let simulatedHosts = Target.Dependency.target(name: "CellKitUIKit", condition: .when(platforms: standInPlatforms))

let package = Package(
    name: "CellKit",
    // CellKitUIKit builds against UIKit on these platforms (not built by this repository's CI, which runs on
    // Linux); `reconfigureItems(at:)` is used from iOS/tvOS 15, with a reload before.
    platforms: [.iOS(.v13), .tvOS(.v13), .macCatalyst(.v13), .macOS(.v10_15)],
    products: [
        .library(name: "DiffableStore", targets: ["DiffableStore"]),
        .library(name: "CellKit", targets: ["CellKit"]),
        // The behaviours built on CellKit's plugin API: pagination, selection, folding, swipe actions, ...
        .library(name: "CellKitPlugins", targets: ["CellKitPlugins"]),
        .library(name: "CellKitText", targets: ["CellKitText"]),
        .library(name: "CellKitTesting", targets: ["CellKitTesting"]),
        .library(name: "CellKitUIKit", targets: ["CellKitUIKit"]),
        // SwiftUI views as cells (iOS 16, `UIHostingConfiguration`) on CellKitUIKit's hosts; where SwiftUI
        // does not exist, only the registration beneath it, which the tests run over the stand-in.
        .library(name: "CellKitSwiftUI", targets: ["CellKitSwiftUI"]),
        // The parts of UIKit CellKitUIKit uses, declared for platforms without UIKit (Linux, macOS), so
        // the host compiles and runs in tests there; empty where UIKit exists.
        .library(name: "UIKitStandIn", targets: ["UIKitStandIn"]),
        .executable(name: "cellkit-demo", targets: ["cellkit-demo"]),
        .executable(name: "cellkit-bench", targets: ["cellkit-bench"]),
    ],
    targets: [
        .target(name: "DiffableStore"),
        // A seeded generator shared by the tests, the fuzz targets and the benchmark (no product).
        .target(name: "SeededRandom"),
        .target(name: "CellKit", dependencies: ["DiffableStore"]),
        .target(name: "CellKitPlugins", dependencies: ["CellKit", "DiffableStore"]),
        .target(name: "CellKitText", dependencies: ["CellKit", "DiffableStore"]),
        .target(
            name: "CellKitTesting", dependencies: ["CellKit", "CellKitText", "DiffableStore", simulatedHosts, standIn]),
        .target(name: "UIKitStandIn", dependencies: ["DiffableStore"]),
        .target(name: "CellKitUIKit", dependencies: ["CellKit", "DiffableStore", standIn]),
        .target(name: "CellKitSwiftUI", dependencies: ["CellKit", "CellKitUIKit", "DiffableStore", standIn]),
        .executableTarget(
            name: "cellkit-demo", dependencies: ["CellKit", "CellKitPlugins", "CellKitText", "DiffableStore"]),
        .executableTarget(
            name: "cellkit-bench",
            dependencies: ["CellKit", "CellKitText", "DiffableStore", "SeededRandom"]),
        // Fuzz targets (see "Fuzzing and sanitizers" in CONTRIBUTING.md): libFuzzer targets when built by
        // scripts/fuzz, corpus replays in a normal build. The model of UIKit's batch rules they check
        // against is the stand-in's (`UIKitBatchModel`, which compiles on every platform).
        .target(name: "FuzzSupport", dependencies: ["DiffableStore", "SeededRandom"]),
        .executableTarget(name: "FuzzSnapshot", dependencies: ["DiffableStore", "FuzzSupport"]),
        .executableTarget(name: "FuzzChangeset", dependencies: ["DiffableStore", "FuzzSupport", "UIKitStandIn"]),
        .executableTarget(
            name: "FuzzTextListView",
            dependencies: ["CellKit", "CellKitText", "DiffableStore", "FuzzSupport", "UIKitStandIn"]),
        .executableTarget(
            name: "FuzzDataSource", dependencies: ["CellKit", "CellKitText", "DiffableStore", "FuzzSupport"]),
        // Test support (no product): one harness over the text host and the UIKit hosts, so a data-source
        // test runs on every host (`@Test(arguments: HostKind.allCases)`).
        .target(
            name: "HostHarness", dependencies: ["CellKit", "CellKitText", "CellKitUIKit", "DiffableStore", standIn],
            path: "Tests/HostHarness"),
        .testTarget(name: "DiffableStoreTests", dependencies: ["DiffableStore", "SeededRandom"]),
        .testTarget(
            name: "CellKitTests",
            dependencies: ["CellKit", "CellKitPlugins", "CellKitText", "DiffableStore", "HostHarness", "SeededRandom"]),
        .testTarget(
            name: "CellKitTextTests",
            dependencies: [
                "CellKitText", "CellKitTesting", "CellKit", "CellKitPlugins", "DiffableStore", "SeededRandom",
            ]),
        .testTarget(
            name: "CellKitUIKitTests",
            dependencies: [
                "CellKitUIKit", "CellKit", "CellKitPlugins", "CellKitTesting", "CellKitText", "DiffableStore",
                "HostHarness", "SeededRandom",
                standIn,
            ]),
        .testTarget(
            name: "CellKitSwiftUITests",
            dependencies: [
                "CellKitSwiftUI", "CellKit", "CellKitUIKit", "DiffableStore", "HostHarness", "SeededRandom", standIn,
            ]),
        .testTarget(
            name: "DocsTests", dependencies: ["cellkit-demo", "CellKitPlugins", "CellKitTesting", "SeededRandom"],
            exclude: ["Expected"]),
    ],
    swiftLanguageModes: [.v6]
)
