import Foundation
import XCTest

/// The binary with `--lang da`: confirmations, views and warnings in Danish; `--json` output the
/// same bytes in both languages.
final class DanishEndToEndTests: EndToEndCase {
    let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/photos")

    func da(_ arguments: String...) throws -> Akkord.Result { try akkord.run(["--lang", "da"] + arguments) }

    func testDanishConfirmationsViewsAndWarnings() throws {
        XCTAssertEqual(try da("project", "list").stdout, "ingen projekter; opret et med: akkord project new NAVN\n")
        XCTAssertEqual(try da("project", "new", "Tagvej 3").stdout, "projekt tagvej-3 (Tagvej 3) er oprettet; det er nu det aktuelle projekt\n")
        XCTAssertEqual(try da("add", "2.01", "12,5").stdout, "linje 1: 2.01 Underpap, sømmet, 12,5 m² × 38,50 = 481,25\n")
        XCTAssertEqual(try da("worker", "add", "Jens Hansen").stdout, "medarbejder jens-hansen: Jens Hansen, svend\n")
        XCTAssertEqual(try da("hours", "add", "jens", "7,3", "--date", "2026-05-04").stdout, "timer 1: jens-hansen 7:18 (7,30 t) den 2026-05-04\n")
        XCTAssertEqual(try da("edit", "1", "--quantity", "10").stdout, "linje 1 mængde: 12,5 → 10\nlinje 1 beløb: 481,25 → 385,00\n")
        XCTAssertEqual(try da("edit", "1", "--quantity", "10").stdout, "intet er ændret\n")
        XCTAssertEqual(try da("lines").stdout, """
            Id  Pos.  Ydelse            Mængde  Enhed   Pris   Beløb
            --------------------------------------------------------
             1  2.01  Underpap, sømmet      10  m²     38,50  385,00
            --------------------------------------------------------
                      Subtotal                                385,00

            """)
        XCTAssertEqual(try da("project", "close").stdout, "projekt tagvej-3 er nu afsluttet\n")
        XCTAssertEqual(try da("project", "reopen").stdout, "projekt tagvej-3 er nu åbent igen\n")
        XCTAssertEqual(try da("photo", "add", photos.appendingPathComponent("roof.jpg").path).stdout, "foto 1: roof.jpg, 166×234 JPEG\n")

        // The history shows each change in the language (the file keeps it described, and in English beside).
        let history = try da("history").stdout
        XCTAssertTrue(history.contains("    linje 1 mængde: 12,5 → 10\n"), history)
        XCTAssertTrue(history.contains("    linje 1 beløb: 481,25 → 385,00\n"), history)
        XCTAssertFalse(history.contains("line 1 quantity"), history)
        XCTAssertTrue(history.contains("    status: åben → afsluttet\n"), history)
        XCTAssertEqual(try da("hours", "remove", "1").stdout, "timer 1 fjernet: jens-hansen 7:18 (7,30 t)\n")

        // The report's file and its warning (Jens has no hours left) on stderr, after the label `advarsel:`.
        let file = akkord.outsideFile("opgoerelse.txt")
        let report = try da("report", "-o", file.path)
        XCTAssertEqual(report.stdout, "skrev \(file.path) (text, 1 ydelser, i alt 385,00)\n")
        XCTAssertEqual(report.stderr, "advarsel: fordelingen på sjakket mangler: der er ikke registreret timer for svendene\n")

        // A temporary of a killed write (a pid no process can have) is a leftover.
        let pidMax = try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        // Where writes make their temporaries (tmp/): the next writer removes it.
        let stale = akkord.store.appendingPathComponent("tmp/.tagvej-3.json.tmp-\(pidMax)-1")
        try Data(repeating: 0x41, count: 10).write(to: stale)
        let check = try da("check")
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stderr, "advarsel: overskydende fil \(stale.path) (midlertidig fil fra en skrivning der blev afbrudt, 10 bytes)\n")
        XCTAssertTrue(check.stdout.hasPrefix("arkiv \(akkord.store.path): "), check.stdout)
        XCTAssertTrue(check.stdout.hasSuffix(" 1 projekter, 1 fotos, ingen problemer; 1 overskydende fil (akkord check --fix fjerner den)\n"), check.stdout)
        // An archived copy of the active catalogue (an import stopped between its two writes); --fix removes it.
        XCTAssertEqual(try akkord.run(["catalogue", "import", "-", "--format", "csv"], stdin: Data("pos;name;unit;price\n1;A;m2;1\n".utf8)).status, 0)
        let copy = akkord.store.appendingPathComponent("catalogue-history/2026-11-23T10-00-00Z-x.json")
        try FileManager.default.copyItem(at: akkord.store.appendingPathComponent("catalogue.json"), to: copy)
        let bytes = try Data(contentsOf: copy).count
        let fix = try da("check", "--fix")
        XCTAssertTrue(fix.stdout.hasPrefix("fjernede \(copy.path) (arkiveret kopi af den prisliste der stadig er aktiv (en import blev afbrudt), \(bytes) bytes)\narkiv "),
                      fix.stdout)
        XCTAssertTrue(fix.stdout.hasSuffix(", ingen problemer\n"), fix.stdout)
        XCTAssertEqual(fix.stderr, "")

        XCTAssertEqual(try da("catalogue", "show", "2.01").stdout, """
            Pos.:        2.01
            Ydelse:      Underpap, sømmet
            Enhed:       m²
            Pris:        38,50
            Afsnit:      Tagpap
            Søgeord:     underpap, undertag, tagpap, sømmet

            """)
        XCTAssertEqual(try da("project", "use", "tagvej-3").stdout, "aktuelt projekt: tagvej-3\n")
        XCTAssertEqual(try da("project", "delete", "tagvej-3", "--yes").stdout, "projekt tagvej-3 er slettet; filen ligger i arkivets papirkurv (mappen trash/)\n")
    }

    /// JSON is for scripts: the language never changes it.
    func testJSONIsTheSameInEnglishAndDanish() throws {
        let catalogue = akkord.outsideFile("update.csv")
        try Data("pos;name;unit;price\n2.01;Underpap, sømmet;m2;40,04\n9.99;Ny ting;stk;12\n".utf8).write(to: catalogue)

        // Changes, each made in a store of its own per language.
        let other = try Akkord()
        defer { other.cleanUp() }
        for command in [["project", "new", "Tagvej 3"], ["add", "2.01", "12,5", "--date", "2026-05-04"],
                        ["add", "--custom", "Mos", "--unit", "m2", "--price", "1234,5", "2", "--date", "2026-05-04"],
                        ["catalogue", "import", catalogue.path]] {
            let en = try akkord.run(["--json"] + command), da = try other.run(["--lang", "da", "--json"] + command)
            XCTAssertEqual(en.status, 0, en.stderr)
            XCTAssertNotNil(en.json, "\(command): \(en.stdout)")
            XCTAssertEqual(en.stdout, da.stdout, "\(command)")
        }
        for command in [["worker", "add", "Jens Hansen"], ["worker", "add", "Ali", "--apprentice", "--rate", "128,40"],
                        ["hours", "add", "jens", "7:20", "--date", "2026-05-04"], ["advance", "add", "jens", "1500", "--date", "2026-05-04"],
                        ["supplement", "add", "Højde", "4,5"], ["extra", "add", "Sne", "--hours", "1:30", "--rate", "300"],
                        ["photo", "add", photos.appendingPathComponent("roof.jpg").path]] {
            XCTAssertEqual(try akkord.run(command).status, 0, "\(command)")
        }

        // Views, on the same store in both languages.
        let views: [[String]] = [
            ["project", "list"], ["project", "show"], ["lines"], ["history"], ["worker", "list"], ["hours", "list"], ["advance", "list"],
            ["supplement", "list"], ["extra", "list"], ["photo", "list"], ["report"], ["check"],
            ["catalogue", "info"], ["catalogue", "list"], ["catalogue", "search", "underpap"], ["catalogue", "show", "2.01"],
            ["catalogue", "import", "--dry-run", catalogue.path],
        ]
        for command in views {
            let en = try akkord.run(["--json"] + command), da = try akkord.run(["--lang", "da", "--json"] + command)
            XCTAssertEqual(en.status, 0, "\(command): \(en.stderr)")
            XCTAssertNotNil(en.json, "\(command): \(en.stdout)")
            XCTAssertEqual(en.stdout, da.stdout, "\(command)")
            // The text views do differ (the history too): the JSON compared is not of two English runs.
            XCTAssertNotEqual(try akkord.run(command).stdout, try akkord.run(["--lang", "da"] + command).stdout, "\(command) as text")
        }
    }
}
