import Foundation
import XCTest
import AkkordKit
@testable import akkord

/// The completion scripts and the man page are made from the whole command tree: every visible
/// command and option is in each, the hidden one in none, and what each argument completes to
/// is what its declaration says.
final class CompletionTreeTests: XCTestCase {
    /// Every command path below the root, hidden ones included.
    static let paths = CommandTreeTests.paths().dropFirst().map { Array($0) }

    static func isHidden(_ path: [any Command.Type]) -> Bool { path.contains { $0.spec.hidden } }
    static func key(_ path: [any Command.Type]) -> String { path.dropFirst().map { $0.spec.name }.joined(separator: " ") }

    func testEveryCommandAndOptionIsInEveryScript() {
        let visible = Self.paths.filter { !Self.isHidden($0) }
        XCTAssertGreaterThan(visible.count, 40)
        XCTAssertEqual(Self.paths.filter(Self.isHidden).map(Self.key), ["__complete", "merge-driver"])
        for shell in Shell.allCases {
            let script = CompletionScript.render(shell)
            // One entry per command, found by its path as the script's table writes it.
            let entry: (String) -> String = switch shell {
            case .bash: { "\n    \(CompletionScript.shQuote($0)))\n" }
            case .zsh: { "\n    (\(CompletionScript.shQuote($0)))\n" }
            case .fish: { "\n        case \(CompletionScript.fishQuote($0))\n" }
            }
            XCTAssertTrue(script.contains(entry("")), "\(shell): the root")
            for path in visible {
                let key = Self.key(path)
                guard let start = script.range(of: entry(key)) else { XCTFail("\(shell): no entry for \(key)"); continue }
                // The entry lists the command's subcommands and options (up to the next entry).
                let rest = script[start.upperBound...]
                let body = rest[..<(rest.range(of: shell == .fish ? "\n        case " : ";;\n")?.lowerBound ?? rest.endIndex)]
                for sub in path.last!.spec.visibleSubcommands where !body.contains(sub.spec.name) {
                    XCTFail("\(shell): \(key) lacks the subcommand \(sub.spec.name)")
                }
                for arg in path.last!.spec.arguments where !arg.isPositional {
                    for name in [arg.name] + (arg.shortName.map { [$0] } ?? []) where !body.contains(name) {
                        XCTFail("\(shell): \(key) lacks \(name)")
                    }
                }
            }
            for path in Self.paths where Self.isHidden(path) {
                XCTAssertFalse(script.contains(entry(Self.key(path))), "\(shell): \(Self.key(path)) is hidden")
                let subcommandLists = script.split(separator: "\n").filter { $0.contains("subs=") || $0.contains("subnames=") || $0.contains("set subs") }
                XCTAssertGreaterThan(subcommandLists.count, 9, "\(shell)")
                for list in subcommandLists where list.contains(path.last!.spec.name) { XCTFail("\(shell) offers \(Self.key(path)): \(list)") }
            }
            for global in GlobalOptions.specs { XCTAssertTrue(script.contains(global.name), "\(shell): \(global.name)") }
        }
    }

    func testTheManPageDescribesEveryVisibleCommand() {
        let page = ManPage.render()
        for path in Self.paths {
            let heading = ".SS \"akkord \(ManPage.escape(Self.key(path)))\"\n"
            XCTAssertEqual(page.contains(heading), !Self.isHidden(path), heading)
            for arg in path.last!.spec.arguments where !Self.isHidden(path) {
                XCTAssertTrue(page.contains(ManPage.escape(arg.isPositional ? arg.name : arg.name)), "\(Self.key(path)) \(arg.name)")
            }
        }
        // Every line that starts with a dot is a request the page means; no text line starts with ' or .
        let requests: Set<String> = ["TH", "SH", "SS", "PP", "TP", "RS", "RE", "EX", "EE", "\\\""]
        for line in page.split(separator: "\n") {
            if line.hasPrefix(".") {
                XCTAssertTrue(requests.contains(String(line.dropFirst().prefix { $0 != " " })), String(line))
            }
            XCTAssertFalse(line.hasPrefix("'"), String(line))
            XCTAssertTrue(line.utf8.count <= 80 || !line.contains(" ") || line.hasPrefix(".\\\""), "longer than 80 bytes: \(line)")
        }
    }

    func testTheManPageExamplesRun() throws {
        let parser = ArgumentParser(root: RootCommand.self)
        for example in ManPage.examples {
            let invocation = try parser.parse(example.arguments)
            XCTAssertNoThrow(try invocation.command.init(invocation.arguments), "\(example.arguments)")
            XCTAssertNoThrow(try GlobalOptions(invocation.globals))
        }
    }

    func testRoffEscaping() {
        XCTAssertEqual(ManPage.escape(#"--store C:\dir"#), #"\-\-store C:\edir"#)
        XCTAssertEqual(ManPage.escape("æøå × →"), #"\[u00E6]\[u00F8]\[u00E5] \[u00D7] \[u2192]"#)
        XCTAssertEqual(ManPage.escape("a\tb\u{1B}c"), "a b c")
        XCTAssertEqual(ManPage.lines(".profile and 'quoted' text"), [#"\&.profile and 'quoted' text"#])
        XCTAssertEqual(ManPage.lines("'x"), [#"\&'x"#])
        let long = Array(repeating: "word", count: 40).joined(separator: " ")
        let lines = ManPage.lines(long)
        XCTAssertEqual(lines.joined(separator: " "), long)
        XCTAssertTrue(lines.allSatisfy { $0.utf8.count <= 80 }, "\(lines)")
        XCTAssertEqual(ManPage.quoted(#"a "b""#), #""a \(dqb\(dq""#)
        XCTAssertEqual(ManPage.shellWord("2.01"), "2.01")
        XCTAssertEqual(ManPage.shellWord(#"Tag & "Co" $1"#), #""Tag & \"Co\" \$1""#)
    }

    func testShellQuoting() {
        XCTAssertEqual(CompletionScript.shQuote("it's"), #"'it'\''s'"#)
        XCTAssertEqual(CompletionScript.fishQuote(#"it's a\b"#), #"'it\'s a\\b'"#)
        XCTAssertEqual(CompletionTree.describe("First sentence. Second one."), "First sentence")
        XCTAssertEqual(CompletionTree.describe(String(repeating: "x", count: 100)).count, 80)
        XCTAssertEqual(CompletionTree.describe("The pos, e.g. 2.01. More."), "The pos, e.g. 2.01")
        XCTAssertEqual(CompletionTree.describe("Two\nlines."), "Two lines")
    }

    /// The scripts write names and choices unquoted in lists and `case` patterns: each must be a
    /// plain word.
    func testNamesAndChoicesArePlainWords() {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        var words: [String] = GlobalOptions.specs.flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) }
        for path in Self.paths {
            words.append(path.last!.spec.name)
            for arg in path.last!.spec.arguments {
                words += [arg.name] + (arg.shortName.map { [$0] } ?? [])
                if case .choices(let choices) = arg.completion { words += choices }
            }
        }
        for word in words where word.isEmpty || !word.allSatisfy(plain.contains) { XCTFail("not a plain word: \(word.debugDescription)") }
    }

    // MARK: what each argument completes to

    func completion(_ path: [String], _ name: String) -> ValueCompletion? {
        var command: any Command.Type = RootCommand.self
        for word in path { command = command.spec.subcommands.first { $0.spec.name == word }! }
        return (command.spec.arguments + GlobalOptions.specs).first { $0.name == name }?.completion
    }

    func testArgumentsCompleteToWhatTheyTake() {
        XCTAssertEqual(completion(["add"], "pos"), .store(.pos))
        XCTAssertEqual(completion(["add"], "quantity"), ValueCompletion.nothing)
        XCTAssertEqual(completion(["add"], "--section"), .store(.section))
        XCTAssertEqual(completion(["catalogue", "show"], "pos"), .store(.pos))
        XCTAssertEqual(completion(["catalogue", "list"], "--section"), .store(.section))
        XCTAssertEqual(completion(["edit"], "line"), .store(.line))
        XCTAssertEqual(completion(["remove"], "line"), .store(.line))
        XCTAssertEqual(completion(["worker", "remove"], "worker"), .store(.worker))
        XCTAssertEqual(completion(["hours", "add"], "worker"), .store(.worker))
        XCTAssertEqual(completion(["advance", "add"], "worker"), .store(.worker))
        XCTAssertEqual(completion([], "--project"), .store(.project))
        for command in ["use", "show", "edit", "close", "reopen", "delete"] {
            XCTAssertEqual(completion(["project", command], "id"), .store(.project), command)
        }
        XCTAssertEqual(completion(["report"], "--format"), .choices(ReportFormat.allCases.map(\.rawValue)))
        XCTAssertEqual(completion(["demo"], "--format"), .choices(ReportFormat.allCases.map(\.rawValue)))
        XCTAssertEqual(completion(["catalogue", "export"], "--format"), .choices(["json", "csv"]))
        XCTAssertEqual(completion(["project", "list"], "--status"), .choices(["open", "finished", "handed-in", "approved", "disputed", "closed", "all"]))
        XCTAssertEqual(completion(["summary"], "--status"), .choices(["open", "closed", "all"]))
        XCTAssertEqual(completion([], "--lang"), .choices(["en", "da"]))
        XCTAssertEqual(completion(["config", "get"], "key"), .choices(ConfigKey.allCases.map(\.rawValue)))
        XCTAssertEqual(completion(["completions"], "shell"), .choices(["bash", "zsh", "fish"]))
        XCTAssertEqual(completion(["report"], "--output"), .file)
        XCTAssertEqual(completion(["catalogue", "import"], "file"), .file)
        XCTAssertEqual(completion(["photo", "add"], "file"), .file)
        XCTAssertEqual(completion([], "--store"), .directory)
        XCTAssertEqual(completion(["help"], "command"), .command)
        XCTAssertEqual(completion(["project", "restore"], "id"), .store(.trash))
        XCTAssertEqual(completion(["project", "restore"], "--as"), .nothing, "a new id")
        XCTAssertEqual(completion(["project", "import"], "--as"), .nothing, "a new id")
        XCTAssertEqual(completion(["project", "import"], "file"), .file)
        XCTAssertEqual(completion(["project", "export"], "id"), .store(.project))
        XCTAssertEqual(completion(["project", "export"], "--output"), .file)
        XCTAssertEqual(completion(["summary"], "--format"), .choices(SummaryFormat.allCases.map(\.rawValue)))
        XCTAssertEqual(completion(["summary"], "--by"), .choices(["project", "worker", "employer"]))
        XCTAssertEqual(completion(["report"], "--holiday-pay"), ValueCompletion.nothing)
    }

    /// Every choice a declaration offers is one its command takes: built with the choice and the
    /// other arguments' examples in some combination, the command is made, or at least it answers
    /// otherwise than to a word that is no choice (`config set store` wants another value than
    /// the example, but it knows the key).
    func testEveryChoiceIsAccepted() {
        for path in CommandTreeTests.paths() {
            let command = path.last!
            let declared = command.spec.arguments
            for (i, arg) in declared.enumerated() {
                guard case .choices(let words) = arg.completion else { continue }
                for word in words where !Self.builds(declared, with: word, at: i, { _ = try command.init($0) }) {
                    XCTFail("akkord \(Self.key(path)) \(arg.display) \(word) is offered but refused")
                }
            }
        }
        // The check tells a refused word from one the command knows.
        let report = ReportCommand.spec.arguments, format = report.firstIndex(of: ReportOutput.format.spec)!
        XCTAssertFalse(Self.builds(report, with: "xml", at: format, { _ = try ReportCommand($0) }))
        XCTAssertTrue(Self.builds(report, with: "csv", at: format, { _ = try ReportCommand($0) }))
        let set = ConfigSet.spec.arguments, key = set.firstIndex(of: ConfigArguments.key.spec)!
        XCTAssertFalse(Self.builds(set, with: "colour", at: key, { _ = try ConfigSet($0) }))
        for (i, arg) in GlobalOptions.specs.enumerated() {
            guard case .choices(let words) = arg.completion else { continue }
            for word in words where !Self.builds(GlobalOptions.specs, with: word, at: i, { _ = try GlobalOptions($0) }) {
                XCTFail("\(arg.display) \(word) is offered but refused")
            }
        }
    }

    static func builds(_ declared: [ArgumentSpec], with word: String, at index: Int, _ build: (ParsedArguments) throws -> Void) -> Bool {
        let others = declared.indices.filter { $0 != index }
        /// nil when built, else the error with the word given left out.
        func outcome(_ word: String, _ combination: Int) -> String? {
            var arguments = ParsedArguments(declared: declared)
            arguments.record(declared[index], text: word)
            for (bit, i) in others.enumerated() where combination & (1 << bit) != 0 {
                arguments.record(declared[i], text: declared[i].kind == .flag ? nil : declared[i].example)
            }
            do { try build(arguments); return nil } catch { return "\(error)".replacingOccurrences(of: word, with: "•") }
        }
        for combination in 0..<(1 << others.count) {
            let answer = outcome(word, combination)
            if answer == nil || answer != outcome("no-such-choice", combination) { return true }
        }
        return false
    }

    func testTheConventions() {
        XCTAssertEqual(ValueCompletion.conventional(name: "--by", kind: .option(valueName: "project|worker|employer")),
                       .choices(["project", "worker", "employer"]))
        XCTAssertEqual(ValueCompletion.conventional(name: "--output", kind: .option(valueName: "file")), .file)
        XCTAssertEqual(ValueCompletion.conventional(name: "--into", kind: .option(valueName: "dir")), .directory)
        XCTAssertEqual(ValueCompletion.conventional(name: "file", kind: .positional(.required)), .file)
        XCTAssertEqual(ValueCompletion.conventional(name: "worker", kind: .positional(.optional)), .store(.worker))
        XCTAssertEqual(ValueCompletion.conventional(name: "name", kind: .positional(.required)), ValueCompletion.nothing)
        XCTAssertEqual(ValueCompletion.conventional(name: "--all", kind: .flag), ValueCompletion.nothing)
        // A declaration says otherwise.
        let declared = Option("--into", value: "dir", complete: ValueCompletion.nothing, help: "X.")
        XCTAssertEqual(declared.spec.completion, ValueCompletion.nothing)
        let viaParser = Positional("id", parse: .projectId, help: "X.")
        XCTAssertEqual(viaParser.spec.completion, .store(.project))
    }
}
