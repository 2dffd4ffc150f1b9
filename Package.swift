// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "CellKit",
    products: [
        .library(name: "DiffableStore", targets: ["DiffableStore"]),
        .library(name: "CellKit", targets: ["CellKit"]),
        .library(name: "CellKitText", targets: ["CellKitText"]),
        .library(name: "CellKitTesting", targets: ["CellKitTesting"]),
        .executable(name: "cellkit-demo", targets: ["cellkit-demo"]),
        .executable(name: "cellkit-bench", targets: ["cellkit-bench"]),
    ],
    targets: [
        .target(name: "DiffableStore"),
        // A seeded generator shared by the tests, the fuzz targets and the benchmark (no product).
        .target(name: "SeededRandom"),
        .target(name: "CellKit", dependencies: ["DiffableStore"]),
        .target(name: "CellKitText", dependencies: ["CellKit", "DiffableStore"]),
        .target(name: "CellKitTesting", dependencies: ["CellKit", "CellKitText"]),
        .executableTarget(name: "cellkit-demo", dependencies: ["CellKit", "CellKitText", "DiffableStore"]),
        .executableTarget(
            name: "cellkit-bench",
            dependencies: ["CellKit", "CellKitText", "DiffableStore", "SeededRandom"]),
        // Fuzz targets (see "Fuzzing and sanitizers" in README.md): libFuzzer targets when built by
        // scripts/fuzz, corpus replays in a normal build.
        .target(name: "FuzzSupport", dependencies: ["DiffableStore", "SeededRandom"]),
        .executableTarget(name: "FuzzSnapshot", dependencies: ["DiffableStore", "FuzzSupport"]),
        .executableTarget(name: "FuzzChangeset", dependencies: ["DiffableStore", "FuzzSupport"]),
        .executableTarget(name: "FuzzTextListView", dependencies: ["CellKit", "CellKitText", "DiffableStore", "FuzzSupport"]),
        .executableTarget(name: "FuzzDataSource", dependencies: ["CellKit", "CellKitText", "DiffableStore", "FuzzSupport"]),
        .testTarget(name: "DiffableStoreTests", dependencies: ["DiffableStore", "SeededRandom"]),
        .testTarget(name: "CellKitTests", dependencies: ["CellKit", "CellKitText", "DiffableStore", "SeededRandom"]),
        .testTarget(name: "CellKitTextTests", dependencies: ["CellKitText", "CellKitTesting", "CellKit", "DiffableStore", "SeededRandom"]),
        .testTarget(name: "DocsTests", dependencies: ["cellkit-demo"], exclude: ["Expected"]),
    ],
    swiftLanguageModes: [.v6]
)
