import Foundation
import XCTest
import AkkordKit
@testable import akkord
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Help, the manual page and the completion descriptions in Danish (SPEC §15): every declaration
/// has its Danish text in `DanishHelp` and the table has nothing no declaration asks for; under da
/// nothing a person reads there is English (a stop list of English words, and the English
/// headings); under en the help is the declarations' own; and the language for help is chosen as
/// SPEC §8 says, passing over a damaged config file or a bad `AKKORD_LANG`.
final class DanishHelpTests: XCTestCase {
    /// Every command path from the root, hidden ones included.
    static let paths = CommandTreeTests.paths()

    static func name(_ path: [any Command.Type]) -> String { CommandTreeTests.name(path) }

    // MARK: every declaration has its Danish text, and the table has nothing stale

    func testEveryCommandAndArgumentHasADanishText() {
        XCTAssertGreaterThan(Self.paths.count, 40)
        for path in Self.paths {
            let spec = path.last!.spec, name = Self.name(path)
            guard let danish = DanishHelp.commands[HelpTexts.key(path)] else { XCTFail("\(name): no Danish text"); continue }
            XCTAssertFalse(danish.abstract.isEmpty, "\(name): empty abstract")
            XCTAssertNotEqual(danish.abstract, spec.abstract, "\(name): the abstract is the English one")
            XCTAssertEqual(danish.discussion.isEmpty, spec.discussion.isEmpty,
                           "\(name): a Danish discussion exactly when the declaration has one")
            if !spec.discussion.isEmpty { XCTAssertNotEqual(danish.discussion, spec.discussion, "\(name): the discussion is the English one") }
            for arg in spec.arguments {
                guard let text = danish.arguments[arg.name] else { XCTFail("\(name) \(arg.name): no Danish help"); continue }
                Self.check(text, against: arg, "\(name) \(arg.name)")
            }
            let declared = Set(spec.arguments.map(\.name))
            for stale in danish.arguments.keys where !declared.contains(stale) {
                XCTFail("\(name): the Danish text of \(stale) matches no declared argument (stale)")
            }
        }
        let keys = Set(Self.paths.map(HelpTexts.key))
        for stale in DanishHelp.commands.keys where !keys.contains(stale) {
            XCTFail("the Danish text of akkord \(stale.joined(separator: " ")) matches no declared command (stale)")
        }
    }

    func testEveryGlobalOptionHasADanishText() {
        for arg in GlobalOptions.specs {
            guard let text = DanishHelp.globalOptions[arg.name] else { XCTFail("global \(arg.name): no Danish help"); continue }
            Self.check(text, against: arg, "global \(arg.name)")
        }
        let declared = Set(GlobalOptions.specs.map(\.name))
        for stale in DanishHelp.globalOptions.keys where !declared.contains(stale) {
            XCTFail("the Danish text of the global option \(stale) matches no declared one (stale)")
        }
    }

    static func check(_ text: DanishHelp.ArgumentText, against arg: ArgumentSpec, _ what: String) {
        XCTAssertFalse(text.help.isEmpty, "\(what): empty help")
        XCTAssertNotEqual(text.help, arg.help, "\(what): the help is the English one")
        XCTAssertEqual(text.defaultDescription == nil, arg.defaultDescription == nil,
                       "\(what): a Danish default exactly when the declaration has one")
    }

    /// The manual page's own lists name the same variables, files and exit statuses in both
    /// languages, and the Danish examples are commands that parse.
    func testTheDanishManualPageListsMatchTheEnglish() throws {
        let en = ManPageWords.english, da = DanishHelp.manPage
        XCTAssertEqual(da.environment.map { $0.0 }, en.environment.map { $0.0 })
        XCTAssertEqual(da.files.map { $0.0 }, en.files.map { $0.0 })
        XCTAssertEqual(da.exitStatuses.map { $0.0 }, en.exitStatuses.map { $0.0 })
        XCTAssertEqual(da.examples.map { $0.what.isEmpty }, en.examples.map { $0.what.isEmpty })
        let parser = ArgumentParser(root: RootCommand.self)
        for (english, danish) in zip(en.examples, da.examples) {
            let a = try parser.parse(english.arguments), b = try parser.parse(danish.arguments)
            XCTAssertEqual(HelpTexts.key(a.path), HelpTexts.key(b.path), "\(danish.arguments): the same command as \(english.arguments)")
            XCTAssertNoThrow(try b.command.init(b.arguments), "\(danish.arguments)")
        }
    }

    // MARK: under en, nothing changes

    func testEnglishHelpIsTheDeclarationsOwn() {
        for path in Self.paths {
            let help = HelpFormatter.help(path, language: .en)
            XCTAssertEqual(help, HelpFormatter.help(path), Self.name(path))
            XCTAssertTrue(help.hasPrefix("OVERVIEW: \(path.last!.spec.abstract)\n"), Self.name(path))
            for arg in path.last!.spec.arguments { XCTAssertTrue(help.contains(String(arg.help.prefix(30))), "\(Self.name(path)) \(arg.name)") }
        }
        XCTAssertEqual(ManPage.render(language: .en), ManPage.render())
        XCTAssertTrue(ManPage.render(language: .en).contains("\n.SH NAME\n"))
        for shell in Shell.allCases {
            XCTAssertEqual(CompletionScript.render(shell, tree: CompletionTree(language: .en)), CompletionScript.render(shell))
        }
    }

    /// A Danish first sentence ends at a full stop, not at one of an abbreviation.
    func testADescriptionIsTheFirstSentence() {
        XCTAssertEqual(CompletionTree.describe("Ydelsens pos.nr. i prislisten. Mere."), "Ydelsens pos.nr. i prislisten")
        XCTAssertEqual(CompletionTree.describe("Navnet, f.eks. \"Vinter\". Mere."), "Navnet, f.eks. \"Vinter\"")
        XCTAssertEqual(CompletionTree.describe("Læg sammen: pr. projekt og pr. medarbejder. Mere."), "Læg sammen: pr. projekt og pr. medarbejder")
        XCTAssertEqual(CompletionTree.describe("The edition, e.g. 2026-2. More."), "The edition, e.g. 2026-2")
    }

    // MARK: under da, nothing is English (the acceptance check of SPEC §15's first bullet)

    /// `akkord help X` and `akkord X --help` through `Runner`, as a user with a Danish locale runs
    /// them: the same Danish text as the formatter's.
    func testHelpCommandAndHelpFlagPrintTheDanishHelp() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("akkord-help-\(UUID().uuidString)").path
        let environment = ["LANG": "da_DK.UTF-8", "HOME": home, "NO_COLOR": "1"]
        for path in Self.paths {
            let names = HelpTexts.key(path), expected = HelpFormatter.help(path, language: .da)
            let viaHelp = try Self.stdout { Runner.main(["help"] + names, environment: environment) }
            XCTAssertEqual(viaHelp.status, 0, Self.name(path))
            XCTAssertEqual(viaHelp.text, expected, "akkord help \(names.joined(separator: " "))")
            guard path.last!.spec.name != CompleteCommand.spec.name else { continue }
            let viaFlag = try Self.stdout { Runner.main(names + ["--help"], environment: environment) }
            XCTAssertEqual(viaFlag.status, 0, Self.name(path))
            XCTAssertEqual(viaFlag.text, expected, "akkord \(names.joined(separator: " ")) --help")
        }
        let man = try Self.stdout { Runner.main(["help", "--man"], environment: environment) }
        XCTAssertEqual(man.text, ManPage.render(language: .da))
        let fish = try Self.stdout { Runner.main(["completions", "fish"], environment: environment) }
        XCTAssertEqual(fish.text, CompletionScript.render(.fish, tree: CompletionTree(language: .da)))
    }

    // MARK: the language of help

    func testTheLanguageOfHelpPassesOverWhatCannotBeUsed() throws {
        let xdg = FileManager.default.temporaryDirectory.appendingPathComponent("akkord-help-xdg-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: xdg) }
        try FileManager.default.createDirectory(atPath: xdg + "/akkord", withIntermediateDirectories: true)
        func config(_ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: xdg + "/akkord/config.json")) }
        func language(_ environment: [String: String], argv: [String] = []) throws -> Language {
            let globals = try GlobalOptions(ArgumentParser(root: RootCommand.self).parse(argv + ["help"]).globals)
            return CommandContext(globals: globals, environment: ["XDG_CONFIG_HOME": xdg].merging(environment) { $1 }, argv: argv).helpLanguage
        }
        XCTAssertEqual(try language([:]), .en)
        XCTAssertEqual(try language(["LANG": "da_DK.UTF-8"]), .da)
        XCTAssertEqual(try language(["LC_MESSAGES": "da_DK.UTF-8", "LANG": "en_US.UTF-8"]), .da)
        XCTAssertEqual(try language(["LC_ALL": "C", "LANG": "da_DK.UTF-8"]), .en)
        XCTAssertEqual(try language(["AKKORD_LANG": "DA"]), .da, "AKKORD_LANG ignores case")
        XCTAssertEqual(try language(["AKKORD_LANG": "da", "LANG": "da_DK.UTF-8"], argv: ["--lang", "en"]), .en)
        XCTAssertEqual(try language(["AKKORD_LANG": "dk", "LANG": "da_DK.UTF-8"]), .da, "a bad AKKORD_LANG is passed over")

        try config(#"{"format": "akkord-config", "version": 1, "lang": "da"}"#)
        XCTAssertEqual(try language(["LANG": "C"]), .da, "the config file before the locale")
        XCTAssertEqual(try language(["AKKORD_LANG": "en"]), .en)
        try config(#"{"format": "akkord-config", "version": 1, "lang": "en",}"#)
        XCTAssertEqual(try language(["LANG": "da_DK.UTF-8"]), .da, "a damaged config file is passed over")
        XCTAssertEqual(try language([:]), .en)
    }

    // MARK: helpers

    /// What `body` writes to standard output (Runner writes to descriptor 1 itself).
    static func stdout(_ body: () -> Int32) throws -> (status: Int32, text: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("akkord-stdout-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        fflush(nil)
        let saved = dup(1)
        dup2(fd, 1)
        close(fd)
        let status = body()
        fflush(nil)
        dup2(saved, 1)
        close(saved)
        return (status, try String(contentsOfFile: path, encoding: .utf8))
    }

    /// The descriptions of zsh's `'name:description'` words in the subcommand and option arrays.
    static func zshDescriptions(_ script: String) -> [String] {
        var out: [String] = []
        for line in script.split(separator: "\n") where line.contains("_akkord_subs=(") || line.contains("_akkord_opts=(") {
            for word in shellWords(String(line)) {
                // The name's own colons are written \: .
                var name = true, description = "", previous: Character = " "
                for c in word {
                    if name { if c == ":" && previous != "\\" { name = false }; previous = c } else { description.append(c) }
                }
                if !name { out.append(description) }
            }
        }
        return out
    }

    /// The words of a line in single quotes, as bash and zsh write them (`'it'\''s'`).
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], current = "", inQuote = false, inWord = false
        var chars = Array(line)[...]
        while let c = chars.popFirst() {
            if inQuote {
                if c == "'" { inQuote = false } else { current.append(c) }
            } else if c == "'" {
                inQuote = true; inWord = true
            } else if c == "\\", let next = chars.popFirst() {
                current.append(next); inWord = true
            } else if c == " " || c == "(" || c == ")" {
                if inWord { words.append(current) }
                current = ""; inWord = false
            } else {
                current.append(c); inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// The descriptions of fish's `'name'\t'description'` pairs.
    static func fishDescriptions(_ script: String) -> [String] {
        var out: [String] = []
        let pair = #/'(?:[^'\\]|\\.)*'\\t'((?:[^'\\]|\\.)*)'/#
        for match in script.matches(of: pair) {
            out.append(String(match.1).replacing("\\'", with: "'").replacing("\\\\", with: "\\"))
        }
        return out
    }
}

/// Finds English words in text that should be Danish. Left alone, as SPEC §15 keeps them: command
/// names in a help row's first column, option names (`--limit`, `-p`), value names (`<pos>`),
/// a default that is an option's value (`(standard: all)`), command lines (a line starting with
/// `akkord `), anything in backquotes or quotes ('akkord project list', "due"), paths and file
/// names (`~/.config/akkord/config.json`), variables (`$AKKORD_HOME`) and identifiers (`holidayPay`).
struct EnglishWords {
    /// English words that are no Danish words (so not `to`, `for`, `at`, `under`, `over`, `i`,
    /// `man`, `store`, `status`, `total`, `format`, `version`, `output`).
    static let stopList: Set<String> = [
        "the", "and", "of", "with", "each", "every", "project", "projects", "line", "lines", "show", "shows", "when", "from", "this",
        "that", "these", "those", "is", "are", "was", "be", "been", "or", "not", "no", "a", "an", "by", "which", "its", "it", "in",
        "one", "all", "add", "added", "remove", "removed", "list", "use", "used", "default", "file", "files", "worker", "workers",
        "hours", "price", "prices", "activity", "activities", "catalogue", "report", "amount", "amounts", "quantity", "new", "set",
        "get", "only", "also", "than", "then", "if", "else", "must", "can", "will", "would", "has", "have", "his", "their", "there",
        "they", "you", "your", "on", "as", "into", "out", "without", "before", "after", "first", "last", "print", "prints", "write",
        "writes", "read", "reads", "command", "commands", "option", "options", "value", "values", "help", "see", "given", "name",
        "names", "date", "day", "days", "work", "team", "advance", "advances", "extra", "photo", "photos", "history", "undo",
        "summary", "edition", "share", "ids", "usage", "overview", "arguments", "subcommand", "subcommands", "environment", "exit",
        "example", "examples", "description", "user", "journeyman", "apprentice", "supplements", "section", "sections", "settings",
    ]
    static let englishHeadings = ["OVERVIEW", "USAGE", "ARGUMENTS", "OPTIONS", "SUBCOMMANDS", "NAME", "DESCRIPTION", "COMMANDS",
                                  "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO"]

    /// Every command name, and every value an option or positional is declared to take.
    let commandNames: Set<String>
    let optionValues: Set<String>

    init() {
        let specs = CommandTreeTests.paths().map { $0.last!.spec }
        commandNames = Set(specs.map(\.name))
        var values: Set<String> = []
        for arg in specs.flatMap(\.arguments) + GlobalOptions.specs {
            if case .option(let valueName) = arg.kind, valueName.contains("|") { values.formUnion(valueName.split(separator: "|").map(String.init)) }
            if case .choices(let words) = arg.completion { values.formUnion(words) }
        }
        optionValues = values
    }

    /// Problems in a help text: English headings, and English words with the line they are in.
    func problems(inHelp help: String) -> [String] {
        var problems: [String] = []
        var prose: [String] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let heading = Self.englishHeadings.first(where: { trimmed == $0 + ":" || trimmed.hasPrefix($0 + ": ") }) {
                problems.append("English heading: \(heading)")
            }
            // `BRUG: akkord …` is a command line; the heading of any other is checked as a word.
            var text = line
            if let colon = trimmed.firstIndex(of: ":"), trimmed[..<colon].allSatisfy({ $0.isUppercase || $0 == " " }),
               trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces).hasPrefix("akkord") {
                continue
            }
            // A row's first column: a command name (options and value names go below).
            if line.hasPrefix("  "), !line.hasPrefix("   "), let first = trimmed.split(separator: " ").first, commandNames.contains(String(first)) {
                text = String(trimmed.dropFirst(first.count))
            }
            prose.append(text)
        }
        // Words are checked in the whole text, so a quote broken over two lines is still a quote.
        for (word, line) in englishWordsWithLines(inProse: prose.joined(separator: "\n")) {
            problems.append("\"\(word)\": \(line)")
        }
        return problems
    }

    /// Problems in a manual page (roff): English section headings or title, and English words in
    /// its text. Left out: the usage lines after `.SS`, examples (`.EX` … `.EE`), the tags of `.TP`
    /// paragraphs (options, variables, paths), and the command names a group's paragraph lists.
    func problems(inManPage page: String) -> [String] {
        var problems: [String] = [], paragraphs: [String] = [], paragraph: [String] = []
        var skip = false, skipTag = false, synopsis = false
        let subcommandsParagraph = DanishHelp.manPage.subcommandsSentence(["x"], nil).prefix { $0 != " " }
        func flush() {
            var text = paragraph.joined(separator: "\n")
            paragraph = []
            if text.hasPrefix(subcommandsParagraph + " ") {
                text = text.split(separator: " ").filter { !commandNames.contains($0.trimmingCharacters(in: .punctuationCharacters)) }
                    .joined(separator: " ")
            }
            if !text.isEmpty { paragraphs.append(text) }
        }
        for line in page.split(separator: "\n").map(String.init) {
            if line.hasPrefix(".") {
                flush()
                skip = line.hasPrefix(".SS ") || line == ".EX"
                skipTag = line == ".TP"
                if line.hasPrefix(".SH ") {
                    let heading = String(line.dropFirst(4))
                    if Self.englishHeadings.contains(heading) { problems.append("English heading: \(line)") }
                    synopsis = heading == DanishHelp.manPage.synopsis || heading == "SYNOPSIS"
                }
                if line.hasPrefix(".TH "), line.contains("User Commands") { problems.append("English title: \(line)") }
                continue
            }
            if skip { continue }
            if skipTag { skipTag = false; continue }
            var text = Self.plain(roff: line)
            // The NAME line and the SYNOPSIS line start with the program's name.
            if text.hasPrefix("akkord - ") {
                text = String(text.dropFirst("akkord - ".count))
            } else if synopsis {
                text = String(text.dropFirst("akkord".count))
            }
            synopsis = false
            paragraph.append(text)
        }
        flush()
        for (word, line) in englishWordsWithLines(inProse: paragraphs.joined(separator: "\n")) {
            problems.append("\"\(word)\": \(line)")
        }
        return problems
    }

    /// roff input as the text it prints.
    static func plain(roff line: String) -> String {
        var s = line
        for (code, text) in [("\\fB", ""), ("\\fI", ""), ("\\fR", ""), ("\\-", "-"), ("\\&", ""), ("\\(dq", "\""), ("\\e", "\\")] {
            s = s.replacing(code, with: text)
        }
        return s.replacing(#/\\\[u([0-9A-F]{4,6})\]/#) { match in
            UInt32(match.1, radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? ""
        }
    }

    /// The stop-list words of a text, in order, after taking out what may stay English.
    func englishWords(inProse text: String) -> [String] { englishWordsWithLines(inProse: text).map(\.word) }

    /// The stop-list words of a text, each with the line it is in (as it is left to check).
    func englishWordsWithLines(inProse text: String) -> [(word: String, line: String)] {
        var s = text
        // Command lines.
        s = s.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("akkord ") }
            .joined(separator: "\n")
        // Quoted text (a quote may go on over a line break): backquotes, double quotes, single
        // quotes that are not an apostrophe (id'er). A description cut short may leave one open.
        s = s.replacing(#/`[^`]*(`|$)/#, with: " ")
        s = s.replacing(#/"[^"]*("|$)/#, with: " ")
        s = Self.withoutSingleQuotes(s)
        // A default that is one of the values an option takes (the line may break after the colon).
        s = s.replacing(#/\(standard:\s+([^)]*)\)/#) { match in optionValues.contains(String(match.1)) ? " " : String(match.0) }
        var found: [(word: String, line: String)] = []
        for line in s.split(separator: "\n") {
            for raw in line.split(whereSeparator: \.isWhitespace) {
                let token = raw.trimmingCharacters(in: CharacterSet(charactersIn: "([")).trimmingCharacters(in: CharacterSet(charactersIn: ")],.;:!?"))
                // Option names, value names, paths, variables, numbers, sizes (A4, SHA-256).
                if token.hasPrefix("-") || token.hasPrefix("<") { continue }
                if token.contains(where: { "/$~_={}@|<>\\".contains($0) || $0.isNumber }) { continue }
                // A file name (config.json) or an identifier (holidayPay, deadlineWorkdays).
                if token.contains(#/\p{L}\.\p{L}{2,}/#) || token.contains(#/\p{Ll}\p{Lu}/#) { continue }
                for word in Self.words(in: token) where Self.stopList.contains(word) {
                    found.append((word, line.trimmingCharacters(in: .whitespaces)))
                }
            }
        }
        return found
    }

    /// The text without its spans in single quotes; a `'` between letters (`id'er`) is an
    /// apostrophe, which neither opens nor closes one.
    static func withoutSingleQuotes(_ text: String) -> String {
        let chars = Array(text)
        func isWordCharacter(_ i: Int) -> Bool { chars.indices.contains(i) && (chars[i].isLetter || chars[i].isNumber) }
        var out = "", inQuote = false
        for (i, c) in chars.enumerated() {
            let quote = c == "'" && !(isWordCharacter(i - 1) && isWordCharacter(i + 1))
            if inQuote {
                if quote && !isWordCharacter(i + 1) { inQuote = false; out += " " }
            } else if quote && !isWordCharacter(i - 1) {
                inQuote = true
            } else {
                out.append(c)
            }
        }
        // A quote never closed (a description cut short) goes on to the end.
        return out
    }

    /// The words of a text, lowercased: runs of letters.
    static func words(in text: String) -> [String] {
        text.split { !$0.isLetter }.map { $0.lowercased() }
    }
}
