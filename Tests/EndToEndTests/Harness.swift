import Foundation
import XCTest

/// Runs the built `akkord` binary against a temporary store.
struct Akkord {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        var json: Any? { try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) }
    }

    static let binary: URL = {
        // The built products sit beside the test bundle (macOS) or are its directory (Linux).
        let bundle = Bundle(for: Marker.self).bundleURL
        let candidates = [bundle.appendingPathComponent("akkord"), bundle.deletingLastPathComponent().appendingPathComponent("akkord")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }()
    final class Marker {}

    let store: URL

    init() throws {
        store = FileManager.default.temporaryDirectory.appendingPathComponent("akkord-e2e-\(UUID().uuidString)")
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: store)
        try? FileManager.default.removeItem(at: outside)
    }

    /// A directory beside the store, for reports and files to import: akkord refuses to write
    /// its outputs inside the store.
    var outside: URL { store.deletingLastPathComponent().appendingPathComponent(store.lastPathComponent + "-outside") }

    /// A path in `outside` (the directory is made on first use).
    func outsideFile(_ name: String) -> URL {
        try? FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        return outside.appendingPathComponent(name)
    }

    @discardableResult
    func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], useStore: Bool = true) throws -> Result {
        let process = Process()
        process.executableURL = Akkord.binary
        process.arguments = (useStore ? ["--store", store.path] : []) + arguments
        var env = ["PATH": "/usr/bin:/bin", "HOME": store.path + "-home", "NO_COLOR": "1"]
        env.merge(environment) { $1 }
        process.environment = env
        // Output goes to temporary files, so large outputs can never block the child.
        let outURL = store.appendingPathExtension("stdout-\(UUID().uuidString)")
        let errURL = store.appendingPathExtension("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outURL); try? FileManager.default.removeItem(at: errURL) }
        let input = Pipe()
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    func run(_ arguments: String...) throws -> Result { try run(arguments) }
}

class EndToEndCase: XCTestCase {
    var akkord: Akkord!

    override func setUpWithError() throws {
        akkord = try Akkord()
    }

    override func tearDown() {
        akkord.cleanUp()
    }

    /// Every regular file in the store with its bytes (but `excluding`, by path in the store), to
    /// prove a refused or dry run changed nothing.
    func snapshot(excluding: Set<String> = []) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard let e = FileManager.default.enumerator(atPath: akkord.store.path) else { return result }
        for case let path as String in e where !excluding.contains(path) {
            let url = akkord.store.appendingPathComponent(path)
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue { result[path] = try Data(contentsOf: url) }
        }
        return result
    }

    func assertError(_ r: Akkord.Result, status: Int32, contains text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.status, status, "exit status; stderr: \(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stderr.contains(text), "stderr should contain \(text.debugDescription): \(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stderr.hasPrefix("error: "), "stderr starts with error: \(r.stderr)", file: file, line: line)
        XCTAssertFalse(r.stderr.contains("Fatal error"), file: file, line: line)
    }
}
