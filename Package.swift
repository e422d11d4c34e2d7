// swift-tools-version:6.0
import PackageDescription

// `swift test` builds and runs the quick suites. The long ones (files under a `Long` folder of a
// test target: large files, whole-range sweeps, big random runs, most end-to-end tests) are built
// and run only with AKKORD_LONG_TESTS=1, as .ci/run does (README: Set up on a fresh machine).
let longTests = Context.environment["AKKORD_LONG_TESTS"] == "1"
let longFolders: [String] = longTests ? [] : ["Long"]

let package = Package(
    name: "akkord",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "akkord", targets: ["akkord"]),
        .library(name: "AkkordKit", targets: ["AkkordKit"]),
    ],
    targets: [
        // The library's layers (README: Development), each a module that may import only the
        // rungs below it: the compiler refuses a use that points up or sideways. LayeringTests
        // checks these dependencies against the ladder.
        .target(name: "AkkordSupport", path: "Sources/AkkordKit/Support"),
        .target(name: "AkkordModel", dependencies: ["AkkordSupport"], path: "Sources/AkkordKit/Model"),
        .target(name: "AkkordCatalogue", dependencies: ["AkkordSupport", "AkkordModel"], path: "Sources/AkkordKit/Catalogue"),
        .target(name: "AkkordAccounting", dependencies: ["AkkordSupport", "AkkordModel"], path: "Sources/AkkordKit/Accounting"),
        .target(
            name: "AkkordRender",
            dependencies: ["AkkordSupport", "AkkordModel", "AkkordCatalogue", "AkkordAccounting"],
            path: "Sources/AkkordKit/Render"
        ),
        .target(
            name: "AkkordStore",
            dependencies: ["AkkordSupport", "AkkordModel", "AkkordCatalogue", "AkkordAccounting"],
            path: "Sources/AkkordKit/Store"
        ),
        .target(
            name: "AkkordWorkspace",
            dependencies: ["AkkordSupport", "AkkordModel", "AkkordCatalogue", "AkkordAccounting", "AkkordRender", "AkkordStore"],
            path: "Sources/AkkordKit/Workspace"
        ),
        // The library the program and the tests import: every layer, re-exported.
        .target(
            name: "AkkordKit",
            dependencies: ["AkkordSupport", "AkkordModel", "AkkordCatalogue", "AkkordAccounting", "AkkordRender", "AkkordStore", "AkkordWorkspace"],
            path: "Sources/AkkordKit/Exports"
        ),
        .executableTarget(name: "akkord", dependencies: ["AkkordKit"], path: "Sources/akkord"),
        .testTarget(
            name: "AkkordKitTests",
            dependencies: ["AkkordKit"],
            path: "Tests/AkkordKitTests",
            exclude: longFolders
        ),
        // Walks the executable's command tree in-process and validates every declaration.
        .testTarget(
            name: "CommandTreeTests",
            dependencies: ["akkord"],
            path: "Tests/CommandTreeTests",
            exclude: longFolders
        ),
        // Runs the built `akkord` binary against temporary stores.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["akkord"],
            path: "Tests/EndToEndTests",
            exclude: longFolders
        ),
    ],
    swiftLanguageModes: [.v6]
)
