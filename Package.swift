// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "akkord",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "akkord", targets: ["akkord"]),
        .library(name: "AkkordKit", targets: ["AkkordKit"]),
    ],
    targets: [
        .target(name: "AkkordKit", path: "Sources/AkkordKit"),
        .executableTarget(name: "akkord", dependencies: ["AkkordKit"], path: "Sources/akkord"),
        .testTarget(
            name: "AkkordKitTests",
            dependencies: ["AkkordKit"],
            path: "Tests/AkkordKitTests"
        ),
        // Walks the executable's command tree in-process and validates every declaration.
        .testTarget(
            name: "CommandTreeTests",
            dependencies: ["akkord"],
            path: "Tests/CommandTreeTests"
        ),
        // Runs the built `akkord` binary against temporary stores.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["akkord"],
            path: "Tests/EndToEndTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
