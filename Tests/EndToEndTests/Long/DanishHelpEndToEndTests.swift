import Foundation
import XCTest

/// Help and the manual page in the active language (SPEC §15), through the binary: a Danish
/// locale gives the Danish headings, `--lang en` the English ones, and a damaged config file or
/// a bad `AKKORD_LANG` does not stop help (it falls back to the next source of the language).
final class DanishHelpEndToEndTests: EndToEndCase {
    static let danish = ["LANG": "da_DK.UTF-8"]
    static let englishHeadings = ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:", "SUBCOMMANDS:"]
    static let englishSections = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"]
    // MILJØ: roff writes Ø as \[u00D8].
    static let danishSections = ["NAVN", "SYNOPSIS", "BESKRIVELSE", "TILVALG", "KOMMANDOER", "MILJ\\[u00D8]", "FILER", "AFSLUTNINGSKODER", "EKSEMPLER"]

    func run(_ arguments: [String], _ environment: [String: String]) throws -> Akkord.Result {
        let r = try akkord.run(arguments, environment: environment, useStore: false)
        XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)")
        XCTAssertEqual(r.stderr, "", "\(arguments)")
        return r
    }

    func assertDanishHelp(_ help: String, arguments: Bool, subcommands: Bool, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(help.hasPrefix("OVERSIGT: "), "\(what): \(help)", file: file, line: line)
        XCTAssertTrue(help.contains("\nBRUG: akkord"), what, file: file, line: line)
        XCTAssertTrue(help.contains("\nTILVALG:\n"), what, file: file, line: line)
        XCTAssertEqual(help.contains("\nARGUMENTER:\n"), arguments, what, file: file, line: line)
        XCTAssertEqual(help.contains("\nUNDERKOMMANDOER:\n"), subcommands, what, file: file, line: line)
        for heading in Self.englishHeadings { XCTAssertFalse(help.contains(heading), "\(what): \(heading)", file: file, line: line) }
    }

    func assertEnglishHelp(_ help: String, arguments: Bool, subcommands: Bool, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(help.hasPrefix("OVERVIEW: "), "\(what): \(help)", file: file, line: line)
        XCTAssertTrue(help.contains("\nUSAGE: akkord"), what, file: file, line: line)
        XCTAssertTrue(help.contains("\nOPTIONS:\n"), what, file: file, line: line)
        XCTAssertEqual(help.contains("\nARGUMENTS:\n"), arguments, what, file: file, line: line)
        XCTAssertEqual(help.contains("\nSUBCOMMANDS:\n"), subcommands, what, file: file, line: line)
        for heading in ["OVERSIGT:", "BRUG:", "ARGUMENTER:", "TILVALG:", "UNDERKOMMANDOER:"] {
            XCTAssertFalse(help.contains(heading), "\(what): \(heading)", file: file, line: line)
        }
    }

    func testADanishLocaleGivesDanishHelpAndLangEnTheEnglish() throws {
        let root = try run(["--help"], Self.danish).stdout
        assertDanishHelp(root, arguments: false, subcommands: true, "akkord --help")
        XCTAssertTrue(root.contains("BRUG: akkord <underkommando>"), root)
        XCTAssertTrue(root.contains("\n  help                    Vis hjælp til en kommando.\n"), root)
        XCTAssertTrue(root.contains("Se 'akkord help <underkommando>' for en udførlig hjælp."), root)

        let add = try run(["add", "--help"], Self.danish).stdout
        assertDanishHelp(add, arguments: true, subcommands: false, "akkord add --help")
        XCTAssertTrue(add.contains("BRUG: akkord add [<pos>] [<quantity>] [--custom <name>]"), add)
        XCTAssertTrue(add.contains("(standard: i dag)"), add)
        XCTAssertFalse(add.contains("(default:"), add)
        XCTAssertEqual(try run(["help", "add"], Self.danish).stdout, add)

        let en = ["--lang", "en"]
        assertEnglishHelp(try run(en + ["--help"], Self.danish).stdout, arguments: false, subcommands: true, "akkord --lang en --help")
        let englishAdd = try run(["add", "--help"] + en, Self.danish).stdout
        assertEnglishHelp(englishAdd, arguments: true, subcommands: false, "akkord add --help --lang en")
        XCTAssertTrue(englishAdd.contains("(default: today)"), englishAdd)
        // No locale at all: English, as before.
        assertEnglishHelp(try run(["add", "--help"], [:]).stdout, arguments: true, subcommands: false, "akkord add --help")
        // AKKORD_LANG (any case) and --lang da say Danish too.
        assertDanishHelp(try run(["help", "catalogue"], ["AKKORD_LANG": "DA"]).stdout, arguments: false, subcommands: true, "AKKORD_LANG=DA")
        assertDanishHelp(try run(["catalogue", "search", "--help", "--lang", "da"], [:]).stdout, arguments: true, subcommands: false, "--lang da")
    }

    func testTheManualPageIsInTheActiveLanguage() throws {
        let da = try run(["help", "--man"], Self.danish).stdout
        for section in Self.danishSections { XCTAssertTrue(da.contains("\n.SH \(section)\n"), section) }
        for section in Self.englishSections where section != "SYNOPSIS" { XCTAssertFalse(da.contains("\n.SH \(section)\n"), section) }
        XCTAssertTrue(da.contains(#""Brugerkommandoer""#))
        XCTAssertTrue(da.contains("\n.SS \"akkord catalogue import\"\n"))

        let en = try run(["help", "--man", "--lang", "en"], Self.danish).stdout
        for section in Self.englishSections { XCTAssertTrue(en.contains("\n.SH \(section)\n"), section) }
        for section in Self.danishSections where section != "SYNOPSIS" { XCTAssertFalse(en.contains("\n.SH \(section)\n"), section) }
        XCTAssertEqual(try run(["help", "--man"], [:]).stdout, en)

        // The Danish page is a well-formed page too.
        guard let mandoc = ["/usr/bin/mandoc", "/usr/local/bin/mandoc", "/opt/homebrew/bin/mandoc"]
            .first(where: FileManager.default.isExecutableFile(atPath:)) else { throw XCTSkip("mandoc is not installed") }
        let file = akkord.outsideFile("akkord.da.1")
        try Data(da.utf8).write(to: file)
        let lint = Process()
        lint.executableURL = URL(fileURLWithPath: mandoc)
        lint.arguments = ["-T", "lint", "-W", "all", file.path]
        let pipe = Pipe()
        lint.standardOutput = pipe
        lint.standardError = pipe
        try lint.run()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        lint.waitUntilExit()
        XCTAssertEqual(report, "", "mandoc -T lint")
    }

    func testCompletionDescriptionsAreInTheActiveLanguage() throws {
        for shell in ["zsh", "fish"] {
            let da = try run(["completions", shell], Self.danish).stdout
            XCTAssertTrue(da.contains("Vis hjælp til en kommando"), shell)
            XCTAssertFalse(da.contains("Show help for a command"), shell)
            let en = try run(["completions", shell, "--lang", "en"], Self.danish).stdout
            XCTAssertTrue(en.contains("Show help for a command"), shell)
            XCTAssertFalse(en.contains("Vis hjælp til en kommando"), shell)
        }
    }

    /// Help must run when the settings are damaged: the language then comes from the next source.
    func testHelpRunsWithADamagedConfigFileOrABadAkkordLang() throws {
        let xdg = akkord.outside.appendingPathComponent("xdg-config").path
        try FileManager.default.createDirectory(atPath: xdg + "/akkord", withIntermediateDirectories: true)
        try Data(#"{"format": "akkord-config", "version": 1, "lang": "en",}"#.utf8).write(to: URL(fileURLWithPath: xdg + "/akkord/config.json"))
        let damaged = Self.danish.merging(["XDG_CONFIG_HOME": xdg]) { $1 }
        assertDanishHelp(try run(["--help"], damaged).stdout, arguments: false, subcommands: true, "damaged config, --help")
        assertDanishHelp(try run(["help", "report"], damaged).stdout, arguments: false, subcommands: false, "damaged config, help report")
        XCTAssertTrue(try run(["help", "--man"], damaged).stdout.contains("\n.SH NAVN\n"))
        XCTAssertTrue(try run(["completions", "fish"], damaged).stdout.contains("Vis hjælp til en kommando"))

        let badVariable = Self.danish.merging(["AKKORD_LANG": "dk"]) { $1 }
        assertDanishHelp(try run(["add", "--help"], badVariable).stdout, arguments: true, subcommands: false, "AKKORD_LANG=dk")

        // A config file that reads: its lang comes before the locale.
        try Data(#"{"format": "akkord-config", "version": 1, "lang": "da"}"#.utf8).write(to: URL(fileURLWithPath: xdg + "/akkord/config.json"))
        assertDanishHelp(try run(["--help"], ["XDG_CONFIG_HOME": xdg, "LANG": "C"]).stdout, arguments: false, subcommands: true, "config lang da")
    }
}
