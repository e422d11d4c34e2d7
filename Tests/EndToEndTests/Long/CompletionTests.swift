import Foundation
import XCTest

/// `akkord completions`, the hidden `__complete` and `help --man`, through the binary and real
/// shells: bash's completion function is driven as readline would (COMP_WORDS, COMP_CWORD), fish
/// answers `complete -C`, zsh and fish check their scripts' syntax, mandoc lints the man page.
final class CompletionTests: EndToEndCase {
    /// A shell's executable, or nil when it is not installed (the test is then skipped; the
    /// acceptance script checks/acceptance/completions.sh fails instead).
    static func program(_ name: String) -> String? {
        ["/bin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"].map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func require(_ name: String) throws -> String {
        guard let path = Self.program(name) else { throw XCTSkip("\(name) is not installed") }
        return path
    }

    /// Runs a program outside akkord (a shell, mandoc) with a temporary HOME.
    func execute(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Akkord.Result {
        let environment = ["PATH": "/usr/bin:/bin", "HOME": akkord.store.path + "-home", "NO_COLOR": "1"].merging(environment) { $1 }
        let out = akkord.outsideFile("out-\(UUID().uuidString)"), err = akkord.outsideFile("err-\(UUID().uuidString)")
        let status = try ChildProcess.run(program, arguments, environment: environment, input: nil, stdout: out.path, stderr: err.path)
        return Akkord.Result(status: status, stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                             stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// The script for `shell`, written to a file outside the store.
    func script(_ shell: String) throws -> String {
        let r = try akkord.run(["completions", shell], useStore: false)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        let file = akkord.outsideFile("akkord.\(shell)")
        try Data(r.stdout.utf8).write(to: file)
        return file.path
    }

    /// What bash offers for the last of `words` (the words after `akkord`; the last is the one
    /// being completed), sorted.
    func bash(_ words: [String], environment: [String: String] = [:]) throws -> [String] {
        let bash = try require("bash")
        let driver = #"source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _akkord; printf '%s\n' "${COMPREPLY[@]}""#
        let r = try execute(bash, ["--noprofile", "--norc", "-c", driver, try script("bash"), Akkord.binary.path] + words, environment: environment)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout.split(separator: "\n").map(String.init).sorted()
    }

    /// What fish offers for the command line `line` (after `akkord `): values without their descriptions, sorted.
    func fish(_ line: String) throws -> [String] {
        let fish = try require("fish")
        let r = try execute(fish, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", try script("fish"),
                                   Akkord.binary.path + " " + line])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }.sorted()
    }

    var storeArguments: [String] { ["--store", akkord.store.path] }

    /// The bundled catalogue's pos numbers, from Data/catalogue.json.
    static func bundledPos() throws -> [String] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data/catalogue.json")
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        return try XCTUnwrap(root["activities"] as? [[String: Any]]).map { $0["pos"] as! String }
    }

    /// Three projects, the last current, with two workers and three lines.
    func makeStore() throws {
        for name in ["Alpha roof", "Beta garage", "Gamma barn"] { XCTAssertEqual(try akkord.run("project", "new", name).status, 0) }
        XCTAssertEqual(try akkord.run("worker", "add", "Jens Hansen").status, 0)
        XCTAssertEqual(try akkord.run("worker", "add", "Ole Berg").status, 0)
        for pos in ["2.01", "2.02", "3.01"] { XCTAssertEqual(try akkord.run("add", pos, "10").status, 0) }
    }

    /// The project ids: the file names in projects/.
    func projectIds() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: akkord.store.appendingPathComponent("projects").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    // MARK: bash

    func testBashCompletesCommandsAndSubcommands() throws {
        XCTAssertEqual(try bash(["ca"]), ["catalogue"])
        XCTAssertEqual(try bash(["catalogue", "s"]), ["search", "show"])
        XCTAssertEqual(try bash(["help", "catalogue", "s"]), ["search", "show"])
        XCTAssertEqual(try bash(["--store", akkord.store.path, "pro"]), ["project"])
        // The hidden command is not offered.
        XCTAssertFalse(try bash([""]).contains("__complete"))
        XCTAssertTrue(try bash([""]).contains("completions"))
    }

    func testBashCompletesTheBundledCataloguesPosNumbers() throws {
        let expected = try Self.bundledPos().filter { $0.hasPrefix("2.0") }.sorted()
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(try bash(storeArguments + ["add", "2.0"]), expected)
        XCTAssertEqual(try bash(storeArguments + ["catalogue", "show", "2.0"]), expected)
        // The store from AKKORD_HOME, as the commands take it.
        XCTAssertEqual(try bash(["add", "2.0"], environment: ["AKKORD_HOME": akkord.store.path]), expected)
        // The quantity after the pos is not completed.
        XCTAssertEqual(try bash(storeArguments + ["add", "2.01", ""]), [])
    }

    /// bash sorts what a completion function offers unless told not to: the store's values come
    /// in their own order (line ids 1 2 … 10, not 1 10 2), so the branch that asks akkord for them
    /// turns the sorting off (readline is needed to see the order itself).
    func testBashKeepsTheOrderOfTheStoresValues() throws {
        let text = try String(contentsOfFile: try script("bash"), encoding: .utf8)
        let ask = try XCTUnwrap(text.range(of: "__complete \"${1#@}\""))
        let next = try XCTUnwrap(text.range(of: ";;", range: ask.upperBound..<text.endIndex))
        XCTAssertTrue(text[ask.upperBound..<next.lowerBound].contains("compopt -o nosort"), String(text[ask.lowerBound..<next.upperBound]))
    }

    func testBashCompletesProjectWorkerAndLineIds() throws {
        try makeStore()
        let ids = try projectIds()
        XCTAssertEqual(ids, ["alpha-roof", "beta-garage", "gamma-barn"])
        XCTAssertEqual(try bash(storeArguments + ["-p", ""]), ids)
        XCTAssertEqual(try bash(storeArguments + ["--project", "b"]), ["beta-garage"])
        // bash splits `--project=b` at the `=` (COMP_WORDBREAKS); unsplit, the value keeps its option.
        XCTAssertEqual(try bash(storeArguments + ["--project", "=", "b"]), ["beta-garage"])
        XCTAssertEqual(try bash(storeArguments + ["--project=b"]), ["--project=beta-garage"])
        XCTAssertEqual(try bash(storeArguments + ["project", "use", ""]), ids)
        XCTAssertEqual(try bash(storeArguments + ["project", "delete", "g"]), ["gamma-barn"])

        // Workers and lines of the current project, else of -p's.
        XCTAssertEqual(try bash(storeArguments + ["worker", "remove", ""]), ["jens-hansen", "ole-berg"])
        XCTAssertEqual(try bash(storeArguments + ["hours", "add", "o"]), ["ole-berg"])
        XCTAssertEqual(try bash(storeArguments + ["advance", "add", ""]), ["jens-hansen", "ole-berg"])
        XCTAssertEqual(try bash(storeArguments + ["edit", ""]), ["1", "2", "3"])
        XCTAssertEqual(try bash(storeArguments + ["remove", "1", "3", ""]), ["1", "2", "3"])
        XCTAssertEqual(try bash(storeArguments + ["-p", "alpha-roof", "worker", "remove", ""]), [])
        XCTAssertEqual(try bash(storeArguments + ["-p", "alpha-roof", "edit", ""]), [])
        // -p takes a unique beginning of an id, so its workers complete too.
        XCTAssertEqual(try bash(storeArguments + ["-p", "gam", "worker", "remove", ""]), ["jens-hansen", "ole-berg"])

        // The trash's entries for restore, as 'project list --trash' names them.
        XCTAssertEqual(try akkord.run("project", "delete", "beta-garage", "--yes").status, 0)
        XCTAssertEqual(try bash(storeArguments + ["project", "restore", ""]), ["beta-garage.1"])
        XCTAssertEqual(try bash(storeArguments + ["-p", ""]), ["alpha-roof", "gamma-barn"])
    }

    func testBashCompletesOptionsAndTheirValues() throws {
        let formats = try bash(["report", "--format", ""])
        XCTAssertTrue(Set(["text", "json", "csv", "html", "pdf"]).isSubset(of: formats), "\(formats)")
        // Every format offered is one the report takes.
        try makeStore()
        for format in formats {
            let r = try akkord.run("report", "--format", format, "-o", akkord.outsideFile("report.\(format)").path)
            XCTAssertEqual(r.status, 0, "\(format): \(r.stderr)")
        }
        XCTAssertEqual(try bash(["report", "--format", "=", "p"]), ["pdf"])
        XCTAssertEqual(try bash(["report", "--format", "="]), formats)
        XCTAssertEqual(try bash(["report", "--format=c"]), ["--format=csv"])
        XCTAssertEqual(try bash(["project", "list", "--status", ""]), ["all", "approved", "closed", "disputed", "finished", "handed-in", "open"])
        XCTAssertEqual(try bash(["lines", "--lang", ""]), ["da", "en"])
        XCTAssertEqual(try bash(["completions", ""]), ["bash", "fish", "zsh"])
        XCTAssertEqual(try bash(["config", "get", ""]), ["criticismDeadline", "deadlineWorkdays", "extraHolidays", "holidayPay", "lang", "name", "settlementDeadline", "store"])
        XCTAssertEqual(try bash(["report", "--fo"]), ["--format"])
        XCTAssertEqual(try bash(["report", "--json", "-"]), ["--format", "--help", "--holiday-pay", "--json", "--lang", "--no-color", "--output",
                                                            "--project", "--store", "-h", "-o", "-p"])
        // A value is not taken for a command: `--note add` is the note.
        XCTAssertEqual(try bash(["hours", "add", "--note", "add", "--d"]), ["--date"])
        // A negative number is a value, not an option.
        XCTAssertEqual(try bash(["advance", "add", "-5", "--cor"]), ["--correction"])
    }

    func testBashCompletesFileNames() throws {
        let dir = akkord.outsideFile("files")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in ["prices.csv", "prices 2026.json", "photo.jpg"] { _ = FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: nil) }
        XCTAssertEqual(try bash(["catalogue", "import", dir.path + "/pri"]), [dir.path + "/prices 2026.json", dir.path + "/prices.csv"])
        XCTAssertEqual(try bash(["report", "-o", dir.path + "/ph"]), [dir.path + "/photo.jpg"])
        XCTAssertEqual(try bash(["photo", "add", dir.path + "/photo.jpg", dir.path + "/ph"]), [dir.path + "/photo.jpg"])
    }

    // MARK: zsh and fish

    func testZshAndFishAcceptTheirScripts() throws {
        for shell in ["zsh", "fish"] {
            let program = try require(shell)
            let r = try execute(program, ["-n", try script(shell)])
            XCTAssertEqual(r.status, 0, "\(shell) -n: \(r.stderr)")
            XCTAssertEqual(r.stderr, "", shell)
        }
        // bash too.
        let r = try execute(try require("bash"), ["-n", try script("bash")])
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testFishCompletesCommandsPosAndIds() throws {
        // Skipped before any assertion: a skip thrown inside XCTAssertEqual counts as a failure.
        _ = try require("fish")
        try makeStore()
        XCTAssertEqual(try fish("ca"), ["catalogue"])
        XCTAssertEqual(try fish("--store \(akkord.store.path) add 2.0"), try Self.bundledPos().filter { $0.hasPrefix("2.0") }.sorted())
        XCTAssertEqual(try fish("--store \(akkord.store.path) -p "), try projectIds())
        XCTAssertEqual(try fish("--store \(akkord.store.path) worker remove "), ["jens-hansen", "ole-berg"])
        XCTAssertEqual(try fish("report --format=c"), ["--format=csv"])
        XCTAssertEqual(try fish("report --fo"), ["--format"])
    }

    // MARK: __complete

    func testCompleteOnAMissingStorePrintsNothingAndCreatesNothing() throws {
        let missing = akkord.outside.appendingPathComponent("no-store")
        for kind in ["project", "worker", "line", "nonsense"] {
            let r = try akkord.run(["--store", missing.path, "__complete", kind], useStore: false)
            XCTAssertEqual(r.status, 0, "\(kind): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", kind)
            XCTAssertEqual(r.stderr, "", kind)
        }
        // The catalogue of a store without one is the bundled sample, as for every command.
        let pos = try akkord.run(["--store", missing.path, "__complete", "pos", "2.0"], useStore: false)
        XCTAssertEqual(pos.stdout.split(separator: "\n").map(String.init), try Self.bundledPos().filter { $0.hasPrefix("2.0") })
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: akkord.store.path))
    }

    func testCompleteReadsAStoreWithoutWritingIt() throws {
        // A store as a script writes it: no lock file, no search index.
        try makeStore()
        let catalogue = akkord.outsideFile("catalogue.json")
        try Data(#"{"format": "akkord-catalogue", "version": 1, "name": "Own", "edition": "1", "currency": "DKK", "activities": [{"pos": "7.1", "name": "Slate, laid", "unit": "m2", "price": "10", "section": "Slate"}, {"pos": "7.2", "name": "Slate ridge", "unit": "lbm", "price": "20", "section": "Slate"}, {"pos": "8.1", "name": "Moss", "unit": "m2", "price": "1", "section": "Cleaning"}]}"#.utf8).write(to: catalogue)
        XCTAssertEqual(try akkord.run("catalogue", "import", catalogue.path, "--replace").status, 0)
        for name in [".lock", ".catalogue-index"] { try FileManager.default.removeItem(at: akkord.store.appendingPathComponent(name)) }
        let before = try snapshot()

        let pos = try akkord.run("__complete", "pos", "7", "--describe")
        XCTAssertEqual(pos.stdout, "7.1\tSlate, laid\n7.2\tSlate ridge\n")
        XCTAssertEqual(try akkord.run("__complete", "section").stdout, "Slate\nCleaning\n")
        XCTAssertEqual(try akkord.run("__complete", "project", "--describe").stdout, "alpha-roof\nbeta-garage\ngamma-barn\tcurrent project\n")
        XCTAssertEqual(try akkord.run("--lang", "da", "__complete", "project", "--describe", "g").stdout, "gamma-barn\tdet aktuelle projekt\n")
        XCTAssertEqual(try akkord.run("__complete", "worker", "--describe").stdout, "jens-hansen\tJens Hansen\nole-berg\tOle Berg\n")
        XCTAssertEqual(try akkord.run("__complete", "line", "--describe").stdout,
                       "1\t2.01 Underpap, sømmet\n2\t2.02 Underpap, selvklæbende\n3\t3.01 Dampspærre, løst udlagt med tapede samlinger\n")
        XCTAssertEqual(try akkord.run("-p", "alpha-roof", "__complete", "line").stdout, "")
        XCTAssertEqual(try snapshot(), before)
        for name in [".lock", ".catalogue-index"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: akkord.store.appendingPathComponent(name).path), name)
        }

        // With the index made by a catalogue command, the same values.
        XCTAssertEqual(try akkord.run("catalogue", "info").status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: akkord.store.appendingPathComponent(".catalogue-index").path))
        XCTAssertEqual(try akkord.run("__complete", "pos", "7", "--describe").stdout, pos.stdout)
    }

    func testCompleteSaysNothingWhenSomethingIsWrong() throws {
        try makeStore()
        let xdg = akkord.outside.appendingPathComponent("xdg").path
        try FileManager.default.createDirectory(atPath: xdg + "/akkord", withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: xdg + "/akkord/config.json"))
        // A damaged config file: nothing where the store comes from the config...
        let r = try akkord.run(["__complete", "project"], environment: ["XDG_CONFIG_HOME": xdg], useStore: false)
        XCTAssertEqual([r.stdout, r.stderr], ["", ""])
        XCTAssertEqual(r.status, 0)
        // ...but with --store the values, as the language is never asked for; a command says what is wrong.
        XCTAssertEqual(try akkord.run(["__complete", "project"], environment: ["XDG_CONFIG_HOME": xdg]).stdout, "alpha-roof\nbeta-garage\ngamma-barn\n")
        assertError(try akkord.run(["lines"], environment: ["XDG_CONFIG_HOME": xdg]), status: 65, contains: "config.json")
        // A bad AKKORD_LANG or AKKORD_LOCK_TIMEOUT does not matter either.
        XCTAssertEqual(try akkord.run(["__complete", "worker"], environment: ["AKKORD_LANG": "xx", "AKKORD_LOCK_TIMEOUT": "x"]).stdout,
                       "jens-hansen\nole-berg\n")

        // A damaged project file: no workers, no error.
        let current = akkord.store.appendingPathComponent("projects/gamma-barn.json")
        try Data("{".utf8).write(to: current)
        for kind in ["worker", "line"] {
            let damaged = try akkord.run("__complete", kind)
            XCTAssertEqual([damaged.stdout, damaged.stderr], ["", ""], kind)
            XCTAssertEqual(damaged.status, 0)
        }
        // A damaged catalogue: no pos.
        try Data("[".utf8).write(to: akkord.store.appendingPathComponent("catalogue.json"))
        let pos = try akkord.run("__complete", "pos")
        XCTAssertEqual([pos.stdout, pos.stderr], ["", ""])
        XCTAssertEqual(pos.status, 0)
    }

    func testTheHiddenCommandIsNotShownOrSuggested() throws {
        XCTAssertFalse(try akkord.run("--help").stdout.contains("__complete"))
        XCTAssertTrue(try akkord.run("--help").stdout.contains("completions"))
        let r = try akkord.run("complete")
        assertError(r, status: 64, contains: "unknown command 'complete'")
        XCTAssertFalse(r.stderr.contains("__complete"), r.stderr)
        assertError(try akkord.run("completions", "tcsh"), status: 64, contains: "\"tcsh\" is not bash, zsh or fish")
    }

    // MARK: man page

    /// Every visible command path, read from the help's SUBCOMMANDS sections.
    func commandPaths(_ path: [String] = []) throws -> [[String]] {
        let help = try akkord.run(["help"] + path, useStore: false).stdout
        guard let section = help.components(separatedBy: "\nSUBCOMMANDS:\n").dropFirst().first else { return [] }
        let names = section.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), !line.hasPrefix("  See ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
        return try names.flatMap { [path + [$0]] + (try commandPaths(path + [$0])) }
    }

    func testManPagePassesMandocAndDescribesEveryCommand() throws {
        let mandoc = try require("mandoc")
        let man = try akkord.run(["help", "--man"], useStore: false)
        XCTAssertEqual(man.status, 0, man.stderr)
        let file = akkord.outsideFile("akkord.1")
        try Data(man.stdout.utf8).write(to: file)
        let lint = try execute(mandoc, ["-T", "lint", "-W", "all", file.path])
        let report = lint.stdout + lint.stderr
        XCTAssertFalse(report.contains("ERROR"), report)
        XCTAssertFalse(report.contains("WARNING"), report)
        XCTAssertEqual(report, "", "style notes too")

        let paths = try commandPaths()
        XCTAssertGreaterThan(paths.count, 40)
        for path in paths {
            XCTAssertTrue(man.stdout.contains(".SS \"akkord \(path.joined(separator: " ").replacingOccurrences(of: "-", with: "\\-"))\"\n"), "\(path)")
        }
        XCTAssertFalse(man.stdout.contains("__complete"), "the hidden command is left out")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
            XCTAssertTrue(man.stdout.contains("\n.SH \(section)\n"), section)
        }
        for variable in ["AKKORD_HOME", "AKKORD_LANG", "AKKORD_LOCK_TIMEOUT", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "NO_COLOR", "LANG", "LC_ALL"] {
            XCTAssertTrue(man.stdout.contains(variable), variable)
        }
        for status in ["0", "1", "64", "65", "75"] { XCTAssertTrue(man.stdout.contains("\n.TP\n\(status)\n"), status) }

        // It renders: the formatted page names the commands with plain hyphens.
        let text = try execute(mandoc, ["-T", "utf8", file.path])
        XCTAssertEqual(text.status, 0, text.stderr)
        // (Bold is printed over itself: "a\u{8}a".)
        var plain = ""
        for c in text.stdout { if c == "\u{8}" { plain.removeLast() } else { plain.append(c) } }
        XCTAssertTrue(plain.contains("akkord catalogue import FILE") || plain.contains("akkord catalogue import file"), plain)
        XCTAssertTrue(plain.contains("--format"), plain)
    }

    func testManRefusesCommandNames() throws {
        assertError(try akkord.run("help", "--man", "report"), status: 64, contains: "--man prints the manual of every command")
    }
}
