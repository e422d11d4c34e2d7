import Foundation
import XCTest

/// The newcomer's points of SPEC §15 not covered elsewhere: numbers by the locale's country,
/// projects by name, guided add's paging, the summary's width, the config views in Danish.
final class DanishEverywhereTests: EndToEndCase {
    private func json(_ r: Akkord.Result) -> [String: Any] { (r.json as? [String: Any]) ?? [:] }
    private func quantities() throws -> [String] {
        ((json(try akkord.run("lines", "--json"))["lines"] as? [[String: Any]]) ?? []).compactMap { $0["quantity"] as? String }
    }

    /// `en_DK.UTF-8` (English words, Danish country) reads `1.200` as twelve hundred; `C` reads it
    /// as 1.2 and says how to write the other reading; `LC_NUMERIC` decides before `LANG`.
    func testNumbersFollowTheCountryAndWordsTheLanguage() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tagvej 3").status, 0)
        let enDK = try akkord.run(["add", "2.01", "1.200"], environment: ["LANG": "en_DK.UTF-8"])
        XCTAssertEqual(enDK.status, 0, enDK.stderr)
        XCTAssertTrue(enDK.stdout.hasPrefix("line 1: 2.01 "), enDK.stdout)          // English words
        XCTAssertEqual(try quantities(), ["1200"])
        // 1200 × 38.50 = 46,200.00, the figure the confirmation shows in the words' language.
        XCTAssertTrue(enDK.stdout.hasSuffix("× 38.50 = 46,200.00\n"), enDK.stdout)

        let c = try akkord.run(["add", "2.01", "1.200"], environment: ["LANG": "C"])
        XCTAssertEqual(c.status, 0, c.stderr)
        XCTAssertEqual(c.stderr, "note: 1.200 read as 1.2; if you meant 1200, write 1200 or use --lang da\n")
        XCTAssertEqual(try quantities(), ["1200", "1.2"])

        let numeric = try akkord.run(["add", "2.01", "2.500"], environment: ["LANG": "C", "LC_NUMERIC": "da_DK.UTF-8"])
        XCTAssertEqual(numeric.status, 0, numeric.stderr)
        XCTAssertEqual(try quantities(), ["1200", "1.2", "2500"])
        // --lang decides both: da words, da numbers.
        let da = try akkord.run(["--lang", "da", "add", "2.01", "1.200"], environment: ["LANG": "C"])
        XCTAssertTrue(da.stdout.hasPrefix("linje 4: 2.01 "), da.stdout)
        XCTAssertEqual(try quantities(), ["1200", "1.2", "2500", "1200"])

        // The catalogue's CSV dialect follows the number format: BOM, `;` and decimal comma
        // under en_DK, with the English header.
        let csv = akkord.outsideFile("prices.csv")
        XCTAssertEqual(try akkord.run(["catalogue", "export", "--format", "csv", "-o", csv.path], environment: ["LANG": "en_DK.UTF-8"]).status, 0)
        let bytes = try Data(contentsOf: csv)
        XCTAssertEqual(Array(bytes.prefix(3)), [0xEF, 0xBB, 0xBF])
        let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("pos;name;unit;price;"), String(text.prefix(80)))
        XCTAssertTrue(text.contains(";38,50;"), String(text.prefix(300)))
    }

    /// `-p` and `project use` take a name or a unique beginning of an id or a name, Danish
    /// letters folded; several are listed, none gets the closest.
    func testProjectsAreChosenByNameToo() throws {
        for name in ["Søndergårdsvej 12", "Vestergade 4", "Vestervang 9"] { XCTAssertEqual(try akkord.run("project", "new", name).status, 0) }
        XCTAssertEqual(try akkord.run("-p", "Søndergårdsvej", "add", "2.01", "2").status, 0)
        XCTAssertEqual(try akkord.run("-p", "sondergardsvej 12", "add", "2.01", "3").status, 0)
        XCTAssertEqual(json(try akkord.run("-p", "soendergaardsvej-12", "lines", "--json"))["subtotal"] as? String, "192.50")  // 5 × 38.50
        XCTAssertEqual(try akkord.run("project", "use", "soender").stdout, "current project: soendergaardsvej-12\n")
        XCTAssertEqual(try akkord.run("project", "use", "Vestergade 4").stdout, "current project: vestergade-4\n")

        let before = try snapshot()
        let several = try akkord.run("-p", "Vester", "add", "2.01", "1")
        assertError(several, status: 64, contains: "vestergade-4, vestervang-9")
        let unknown = try akkord.run("project", "use", "Vestregade 4")
        assertError(unknown, status: 1, contains: "no project is named or has an id beginning \"Vestregade 4\"")
        XCTAssertTrue(unknown.stderr.contains("hint: the closest: vestergade-4 (Vestergade 4)"), unknown.stderr)
        XCTAssertEqual(try snapshot(), before)
    }

    /// More than 9 matches: how many more; a number outside the list asks again, the list shown
    /// again; a quantity that is no number is told in Danish and asked again.
    func testGuidedAddPagesAndAsksAgain() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Tagvej 3").status, 0)
        let all = (json(try akkord.run("catalogue", "search", "tagpap", "--limit", "100", "--json"))["activities"] as? [[String: Any]]) ?? []
        XCTAssertGreaterThan(all.count, 9, "the sample has more than 9 activities for tagpap")
        let first = try XCTUnwrap(all.first?["pos"] as? String)
        let (status, out) = try akkord.runOnTerminal(["--lang", "da", "add"], input: "tagpap\n42\n1\nabc\n2\n\n")
        XCTAssertEqual(status, 0, out)
        XCTAssertTrue(out.contains("… og \(all.count - 9) mere; skriv flere ord for at finde færre."), out)
        XCTAssertTrue(out.contains("\"42\" er ikke et af de viste numre."), out)
        XCTAssertEqual(out.components(separatedBy: "  9  ").count - 1, 2, "the list is shown again after the bad number: \(out)")
        XCTAssertTrue(out.contains("fejl: \"abc\" er ikke et tal"), out)
        XCTAssertFalse(out.contains("error:"), out)
        XCTAssertEqual((json(try akkord.run("lines", "--json"))["lines"] as? [[String: Any]])?.map { $0["pos"] as? String }, [first])
    }

    /// The summary is as wide as the terminal, like the other tables.
    func testSummaryFitsTheWidth() throws {
        XCTAssertEqual(try akkord.run("project", "new", "Kirkevej 3, Ry", "--employer", "Tæt Tag ApS").status, 0)
        XCTAssertEqual(try akkord.run("add", "2.01", "1234,5").status, 0)
        XCTAssertEqual(try akkord.run("worker", "add", "Jens Ølgaard").status, 0)
        XCTAssertEqual(try akkord.run("hours", "add", "jens", "37:30").status, 0)
        for lang in ["en", "da"] {
            for by in ["project", "worker", "employer"] {
                for columns in [80, 100] {
                    let r = try akkord.run(["--lang", lang, "summary", "--by", by], environment: ["COLUMNS": "\(columns)"])
                    XCTAssertEqual(r.status, 0, r.stderr)
                    let widest = r.stdout.split(separator: "\n").map(\.count).max() ?? 0
                    XCTAssertLessThanOrEqual(widest, columns, "\(lang) --by \(by) at \(columns):\n\(r.stdout)")
                }
            }
        }
    }

    /// The config views speak the language.
    func testConfigViewsInDanish() throws {
        let list = try akkord.run(["--lang", "da", "config", "list"])
        XCTAssertTrue(list.stdout.hasPrefix("fil: "), list.stdout)
        XCTAssertTrue(list.stdout.contains("(ikke oprettet endnu)"), list.stdout)
        XCTAssertTrue(list.stdout.contains("deadlineWorkdays = 15 (standard)"), list.stdout)
        XCTAssertTrue(list.stdout.contains("holidayPay = (ikke sat)"), list.stdout)
        XCTAssertEqual(try akkord.run(["--lang", "da", "config", "unset", "lang"]).stdout, "lang var ikke sat; intet er ændret\n")
        XCTAssertEqual(try akkord.run(["--lang", "da", "config", "set", "lang", "da"]).status, 0)
        XCTAssertEqual(try akkord.run(["config", "unset", "lang"]).stdout, "fjernede lang (var da)\n")
    }
}
