import Foundation
import XCTest
import AkkordKit
@testable import akkord
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The long part of DanishHelpTests (README: Set up on a fresh machine): built and run with AKKORD_LONG_TESTS=1.
extension DanishHelpTests {
    func testDanishHelpOfEveryCommandHasNoEnglishWord() throws {
        let finder = EnglishWords()
        for path in Self.paths {
            let help = HelpFormatter.help(path, language: .da)
            for problem in finder.problems(inHelp: help) { XCTFail("\(Self.name(path)) --help: \(problem)") }
            for heading in ["OVERSIGT: ", "\nBRUG: akkord", "\nTILVALG:\n"] { XCTAssertTrue(help.contains(heading), "\(Self.name(path)): \(heading)") }
            if path.last!.spec.arguments.contains(where: \.isPositional) { XCTAssertTrue(help.contains("\nARGUMENTER:\n"), Self.name(path)) }
            if !path.last!.spec.visibleSubcommands.isEmpty { XCTAssertTrue(help.contains("\nUNDERKOMMANDOER:\n"), Self.name(path)) }
        }
    }

    /// The stop list finds what it is there for, and leaves alone what may stay English.
    func testTheStopListCatchesEnglishAndSparesWhatStays() {
        let finder = EnglishWords()
        XCTAssertEqual(finder.englishWords(inProse: "Vis projektets linjer with the amounts."), ["with", "the", "amounts"])
        XCTAssertEqual(finder.englishWords(inProse: "Spørger add: skriv søgeord."), ["add"])
        XCTAssertEqual(finder.englishWords(inProse: "Vis (standard: the current project)."), ["the", "project"])
        XCTAssertEqual(finder.englishWords(inProse: """
            Brug 'akkord project list' eller `akkord add 2.01 5` med --project <id>, "Extra line", \
            ~/.config/akkord/config.json, trash/<id>.json, holidayPay; id'er i alt. (standard: all)
            """), [])
        let english = finder.problems(inHelp: "OVERVIEW: Vis alt.\n\nUSAGE: akkord x\n")
        XCTAssertTrue(english.contains("English heading: OVERVIEW") && english.contains("English heading: USAGE"), "\(english)")
        XCTAssertEqual(finder.problems(inHelp: "OVERSIGT: Vis alt.\n\nBRUG: akkord add <pos> [--note <note>]\n\nTILVALG:\n  --note <note>           Ny bemærkning.\n"), [])
        XCTAssertEqual(finder.problems(inHelp: "UNDERKOMMANDOER:\n  add                     Add a line.\n"), ["\"add\": Add a line.", "\"a\": Add a line.", "\"line\": Add a line."])
        // The English help, page and descriptions are full of them.
        XCTAssertGreaterThan(finder.problems(inHelp: HelpFormatter.help([RootCommand.self], language: .en)).count, 20)
        XCTAssertGreaterThan(finder.problems(inManPage: ManPage.render(language: .en)).count, 200)
        let fish = Self.fishDescriptions(CompletionScript.render(.fish, tree: CompletionTree(language: .en)))
        XCTAssertGreaterThan(fish.flatMap(finder.englishWords(inProse:)).count, 100)
        XCTAssertEqual(finder.problems(inManPage: ".SH NAME\nakkord \\- piecework of roofers\n.TP\n\\fB\\-\\-show\\fR\nVis alt.\n"),
                       ["English heading: .SH NAME", "\"of\": piecework of roofers"])
        XCTAssertEqual(finder.problems(inManPage: """
            .SS "akkord worker add"
            \\fBakkord worker add\\fR \\fIname\\fR
            [\\fB\\-\\-rate\\fR \\fIrate\\fR]
            .PP
            Underkommandoer: add, list, remove.
            .EX
            akkord worker add "Jens Hansen"
            .EE
            .PP
            Show all.
            """), ["\"show\": Show all.", "\"all\": Show all."])
    }

    func testDanishManualPageHasNoEnglishWord() {
        let page = ManPage.render(language: .da)
        for problem in EnglishWords().problems(inManPage: page) { XCTFail("man: \(problem)") }
        for section in ["NAVN", "SYNOPSIS", "BESKRIVELSE", "TILVALG", "KOMMANDOER", "MILJ\\[u00D8]", "FILER", "AFSLUTNINGSKODER", "EKSEMPLER"] {
            XCTAssertTrue(page.contains("\n.SH \(section)\n"), section)
        }
        // Every visible command is there, as in English.
        for path in ManPage.commandPaths() {
            XCTAssertTrue(page.contains(".SS \"akkord \(ManPage.escape(HelpTexts.key(path).joined(separator: " ")))\"\n"), Self.name(path))
        }
    }

    func testDanishCompletionDescriptionsHaveNoEnglishWord() {
        let finder = EnglishWords()
        for shell in [Shell.zsh, .fish] {
            let script = CompletionScript.render(shell, tree: CompletionTree(language: .da))
            let descriptions = shell == .zsh ? Self.zshDescriptions(script) : Self.fishDescriptions(script)
            // Every subcommand and option of every node has one (the globals at least once).
            XCTAssertGreaterThan(descriptions.count, 100, "\(shell)")
            XCTAssertTrue(descriptions.contains("Vis hjælp til en kommando"), "\(shell): \(descriptions.prefix(5))")
            for description in descriptions {
                for word in finder.englishWords(inProse: description) { XCTFail("\(shell): \"\(word)\" in \(description)") }
            }
        }
    }
}
