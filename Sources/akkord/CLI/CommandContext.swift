import AkkordKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a running command needs from the outside world: global options, environment, output.
/// Made once per invocation and passed down; nothing global.
final class CommandContext {
    let globals: GlobalOptions
    let environment: [String: String]
    private var stdoutBuffer: [UInt8] = []

    init(globals: GlobalOptions, environment: [String: String]) {
        self.globals = globals
        self.environment = environment
    }

    var language: Language { globals.language }
    var wantsJSON: Bool { globals.json }
    var storeDirectory: String { StoreLocation.resolve(explicit: globals.store, environment: environment) }

    func loadCatalogue() throws -> ActiveCatalogue { try ActiveCatalogue.load(storeDirectory: storeDirectory) }

    /// Output for people or scripts goes to stdout, written when the command finishes.
    func print(_ text: String) {
        stdoutBuffer.append(contentsOf: text.utf8)
        if !text.hasSuffix("\n") { stdoutBuffer.append(0x0A) }
        if stdoutBuffer.count > 1 << 20 { flush() }
    }

    func printJSON(_ value: JSONValue) { stdoutBuffer.append(contentsOf: JSONWriter.write(value)) }

    func flush() {
        try? FileIO.writeAll(fd: 1, stdoutBuffer, path: "stdout")
        stdoutBuffer.removeAll(keepingCapacity: true)
    }

    /// Warnings and progress for people go to stderr.
    func warn(_ text: String) { Terminal.writeError("warning: \(text)", color: useColor(fd: 2)) }

    func useColor(fd: Int32) -> Bool {
        !globals.noColor && environment["NO_COLOR"].map(\.isEmpty) != false && isatty(fd) == 1
    }
}

enum Terminal {
    static func writeError(_ line: String, color: Bool) {
        var text = line
        if color, let colon = line.firstIndex(of: ":") {
            let label = line[..<colon]
            let code = label == "error" ? "31" : label == "hint" ? "36" : "33"
            text = "\u{1B}[1;\(code)m\(label)\u{1B}[0m" + line[colon...]
        }
        try? FileIO.writeAll(fd: 2, Array((text + "\n").utf8), path: "stderr")
    }
}
