import Foundation
import XCTest
@testable import AkkordKit

/// Every view and confirmation of the commands, rendered from a sample job made through
/// `Workspace` in a temporary store: in `da` no English label is left, and chosen lines read
/// exactly as written here by hand. In `en` the confirmations of edits and removals read as the
/// history lines the project records.
final class DanishViewsTests: XCTestCase {
    var directory = ""
    let clock = Clock(seconds: 1_780_000_000)   // 2026-05-28T20:26:40Z

    override func setUpWithError() throws { directory = try TemporaryDirectory.make(prefix: "akkord-da") }
    override func tearDown() { TemporaryDirectory.remove(directory) }

    func workspace() -> Workspace { Workspace(store: Store(directory: directory, lockTimeout: 1), clock: clock, command: "test") }

    /// Labels and words of the English views; none may be left in Danish output, as a whole word
    /// and in any case. `Status` is not here: it is the Danish word too (the Danish report's
    /// header uses it).
    static let englishWords = ["Worker", "Share", "Balance", "Name", "Lines", "Activity", "Quantity", "Unit", "Price", "Amount", "Note",
                               "Section", "Keywords", "current project", "created", "journeyman", "apprentice", "hours", "advance",
                               "wrote", "no"]

    /// The English words found in `text`; `no` counts only when a space follows it (`no projects`).
    static func englishWords(in text: String) -> [String] {
        englishWords.filter { word in
            let pattern = "(?<![\\p{L}\\p{N}])" + NSRegularExpression.escapedPattern(for: word) + (word == "no" ? " " : "(?![\\p{L}\\p{N}])")
            let regex = try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }

    static func price(_ text: String) -> UnitPrice { try! UnitPrice(parsing: text) }

    static let danishCatalogue = Catalogue(name: "Prøveliste", edition: "2026-1", validFrom: "2026-03-01", activities: [
        Activity(pos: "2.01", name: "Underpap, sømmet", unit: "m2", price: price("38.50"), section: "Tagpap", keywords: ["underpap", "tagpap"]),
        Activity(pos: "4.09", name: "Skotrende, zink", unit: "lbm", price: price("142.40"), section: "Inddækninger", note: "Inkl. fuger",
                 keywords: ["skotrende", "zink"]),
        Activity(pos: "7.01", name: "Ovenlysvindue med inddækning", unit: "pcs", price: price("1650"), section: "Ovenlys"),
    ])

    /// What each step printed, in both languages, and what the views show at the end.
    struct Sample {
        var confirmations: [String: [Language: String]] = [:]
        var history: [String: [String]] = [:]
        var views: [String: (Language) throws -> String] = [:]

        mutating func confirm(_ name: String, history: [String] = [], _ make: (Language) -> String) {
            confirmations[name] = [.en: make(.en), .da: make(.da)]
            self.history[name] = history
        }
        func da(_ name: String) -> String { confirmations[name]![.da]! }
        func en(_ name: String) -> String { confirmations[name]![.en]! }
    }

    func makeSample() throws -> Sample {
        let ws = workspace()
        var s = Sample()
        let imported = try ws.importCatalogue(Self.danishCatalogue.activities, fileMetadata: Self.danishCatalogue, overrides: .init(),
                                              replace: true, keepMissing: [], dryRun: false)
        s.views["import"] = { CatalogueImportText.summary(imported, source: "prøveliste.json", format: "json", encoding: "utf-8", dryRun: false, language: $0) }
        let update = [Activity(pos: "2.01", name: "Underpap, sømmet", unit: "m2", price: Self.price("40.04"), section: "Tagpap", keywords: ["underpap", "tagpap"]),
                      Activity(pos: "2.02", name: "Underpap, klæbet", unit: "m2", price: Self.price("41"), section: "Tagpap")]
        let dryRun = try ws.importCatalogue(update, fileMetadata: nil, overrides: .init(), replace: false, keepMissing: [], dryRun: true)
        s.views["import dry run"] = { CatalogueImportText.summary(dryRun, source: "opdatering.csv", format: "csv", encoding: "utf-8", dryRun: true, language: $0) }
        let unchanged = try ws.importCatalogue(Self.danishCatalogue.activities, fileMetadata: nil, overrides: .init(), replace: false, keepMissing: [],
                                               dryRun: true)
        s.views["import no changes"] = { CatalogueImportText.summary(unchanged, source: "p.json", format: "json", encoding: "utf-8", dryRun: true, language: $0) }
        s.views["import progress"] = { CatalogueImportText.progress(source: "opdatering.csv", rows: 1000, language: $0) }

        s.views["no projects"] = { l in [nil, Project.Status.open, .closed].map { ProjectText.noProjects(status: $0, language: l) }.joined(separator: "\n") }

        let created = try ws.createProject(name: "Tagvej 3", details: .init(address: "Tagvej 3, 8000 Aarhus C", employer: "Tæt Tag ApS", start: "2026-05-04"))
        s.confirm("project new") { Confirmation.projectCreated(created.value, $0) }
        let empty = try ws.project()
        s.views["empty history"] = { ProjectText.history(Project(id: "tom", name: "Tom"), language: $0) }
        s.views["empty lists"] = { l in
            let a = try FinalAccounting(empty)
            return [TeamText.workers(a, language: l), TeamText.hours(empty, language: l), TeamText.advances(empty, language: l),
                    TeamText.supplements(a, language: l), TeamText.extraWork(a, language: l), TeamText.photos(empty, language: l)].joined()
        }

        let line1 = try ws.addLine(.init(source: .catalogue(pos: "2.01"), quantity: try Quantity(parsing: "12,5")))
        s.confirm("add 2.01") { Confirmation.lineAdded(line1.value, $0) }
        let line2 = try ws.addLine(.init(source: .catalogue(pos: "7.01"), quantity: try Quantity(parsing: "3")))
        s.confirm("add 7.01") { Confirmation.lineAdded(line2.value, $0) }
        let line3 = try ws.addLine(.init(source: .custom(name: "Afdækning af trappe", unit: "pcs", price: Self.price("450")),
                                         quantity: try Quantity(parsing: "1"), note: "nordside"))
        s.confirm("add custom") { Confirmation.lineAdded(line3.value, $0) }
        let edit1 = try ws.editLine(1, quantity: try Quantity(parsing: "10"), note: "nordside")
        s.confirm("edit 1", history: edit1.history) { Confirmation.lineEdited(before: edit1.value.before, after: edit1.value.after, $0) }
        let edit3 = try ws.editLine(3, price: Self.price("475"))
        s.confirm("edit 3 price", history: edit3.history) { Confirmation.lineEdited(before: edit3.value.before, after: edit3.value.after, $0) }
        let same = try ws.editLine(1, quantity: try Quantity(parsing: "10"))
        XCTAssertEqual(same.history, [])
        s.confirm("edit nothing") { Confirmation.lineEdited(before: same.value.before, after: same.value.after, $0) }

        let jens = try ws.addWorker(name: "Jens Hansen", apprentice: false, rate: nil)
        s.confirm("worker jens") { Confirmation.workerAdded(jens.value, $0) }
        let ali = try ws.addWorker(name: "Ali Nielsen", apprentice: true, rate: Self.price("128.40"))
        s.confirm("worker ali") { Confirmation.workerAdded(ali.value, $0) }
        _ = try ws.addWorker(name: "Bo", apprentice: false, rate: nil)
        let bo = try ws.removeWorker("bo")
        s.confirm("worker remove", history: bo.history) { Confirmation.workerRemoved(bo.value, $0) }

        let hours1 = try ws.addHours(worker: "jens", hours: try Hours(parsing: "7,3"), date: nil, note: "")
        s.confirm("hours 7,3") { Confirmation.hoursAdded(hours1.value, $0) }
        let hours2 = try ws.addHours(worker: "ali", hours: try Hours(parsing: "7:30"), date: "2026-05-05", note: "tag")
        s.confirm("hours 7:30") { Confirmation.hoursAdded(hours2.value, $0) }
        _ = try ws.addHours(worker: "jens", hours: try Hours(parsing: "7:20"), date: nil, note: "")
        let hours3 = try ws.removeHours(3)
        s.confirm("hours remove", history: hours3.history) { Confirmation.hoursRemoved(hours3.value, $0) }

        let advance = try ws.addAdvance(worker: "jens", amount: try Money(parsing: "1.500,00"), date: nil, note: "")
        s.confirm("advance") { Confirmation.advanceAdded(advance.value, $0) }
        _ = try ws.addAdvance(worker: "jens", amount: try Money(parsing: "200"), date: nil, note: "")
        let advance2 = try ws.removeAdvance(2)
        s.confirm("advance remove", history: advance2.history) { Confirmation.advanceRemoved(advance2.value, $0) }

        let supplement = try ws.addSupplement(name: "Højdetillæg", percent: try Percent(parsing: "4,5"))
        s.confirm("supplement") { Confirmation.supplementAdded(supplement.value, $0) }
        _ = try ws.addSupplement(name: "Vintertillæg", percent: try Percent(parsing: "2"))
        let supplement2 = try ws.removeSupplement(2)
        s.confirm("supplement remove", history: supplement2.history) { Confirmation.supplementRemoved(supplement2.value, $0) }

        let snow = try ws.addExtraWork(text: "Snerydning", pricing: .hourly(hours: try Hours(parsing: "1:30"), rate: Self.price("300")))
        s.confirm("extra hourly") { Confirmation.extraWorkAdded(snow.value, $0) }
        let chimney = try ws.addExtraWork(text: "Inddækning ved skorsten", pricing: .amount(try Money(parsing: "1250")))
        s.confirm("extra amount") { Confirmation.extraWorkAdded(chimney.value, $0) }
        let chimneyRemoved = try ws.removeExtraWork(2)
        s.confirm("extra remove", history: chimneyRemoved.history) { Confirmation.extraWorkRemoved(chimneyRemoved.value, $0) }

        let roof = try PhotoUpload.read(Fixtures.url("photos/roof.jpg").path)
        let tiles = try PhotoUpload.read(Fixtures.url("photos/tiles-rgb.png").path)
        let alpha = try PhotoUpload.read(Fixtures.url("photos/transparent-rgba.png").path)
        let photos = try ws.addPhotos([roof, tiles, alpha], caption: "Nordside").value
        s.confirm("photo jpg") { Confirmation.photoAdded(photos[0], image: roof.image, $0) }
        s.confirm("photo alpha") { Confirmation.photoAdded(photos[2], image: alpha.image, $0) }
        let tilesRemoved = try ws.removePhoto(2)
        s.confirm("photo remove", history: tilesRemoved.history) { Confirmation.photoRemoved(tilesRemoved.value, $0) }
        s.confirm("file kept") { Confirmation.fileKept(path: "undo/job/1.json", reason: "could not remove an old undo step: Permission denied", $0) }

        let removed = try ws.removeLines([3])
        s.confirm("remove 3", history: removed.history) { Confirmation.linesRemoved(removed.value, $0) }

        let projectEdit = try ws.editProject(nil, Project.Details(customer: "A/B Tagvej", end: "2026-06-01", note: "Stillads fra 1. juni"))
        s.confirm("project edit", history: projectEdit.history) { Confirmation.projectEdited(before: projectEdit.value.before, after: projectEdit.value.after, $0) }
        let projectSame = try ws.editProject(nil, Project.Details(customer: "A/B Tagvej"))
        s.confirm("project edit nothing") { Confirmation.projectEdited(before: projectSame.value.before, after: projectSame.value.after, $0) }
        let closed = try ws.closeProject().value
        s.confirm("close") { Confirmation.projectStatus(closed, $0) }
        let open = try ws.reopenProject().value
        s.confirm("reopen") { Confirmation.projectStatus(open, $0) }
        _ = try ws.createProject(name: "Tom", details: .init())
        let deleted = try ws.deleteProject("tom")
        s.confirm("delete") { Confirmation.projectDeleted("tom", unread: deleted.value == nil, $0) }
        s.confirm("delete unread") { Confirmation.projectDeleted("tom", unread: true, $0) }
        let used = try ws.useProject("tagvej-3").value
        s.confirm("use") { Confirmation.projectCurrent(used.id, $0) }

        let report = try ws.report(format: .text, language: .da)
        s.confirm("wrote report") { Confirmation.wroteReport("rapport.pdf", format: "pdf", lines: report.accounting.lines.count, total: report.accounting.total, $0) }
        s.confirm("wrote catalogue") { Confirmation.wroteCatalogue("prisliste.csv", format: "csv", activities: 3, $0) }

        // An unused photo file is a leftover for `check` (once no undo step uses it either).
        try FileManager.default.removeItem(atPath: "\(directory)/undo")
        let check = try ws.check()
        XCTAssertEqual(check.problems, [])
        XCTAssertEqual(check.leftovers.map(\.reason), ["photo no project, trashed project or undo step uses"])
        let leftover = check.leftovers[0]
        s.confirm("check") { Confirmation.checkSummary(store: "/data/akkord", files: check.filesRead, projects: check.projects, photos: check.photos,
                                                       leftovers: check.leftovers.count, $0) }
        s.confirm("check leftover") { Confirmation.checkLeftover("/data/akkord/photos/x.png", reason: leftover.reason, bytes: 1234, $0) }
        s.confirm("check removed") { Confirmation.checkRemoved("/data/akkord/photos/x.png", reason: leftover.reason, bytes: 1234, $0) }

        let p = try ws.project()
        let listing = try ws.projectListing(rules: { SettlementRules() })
        let active = try ws.catalogue()
        s.views["project list"] = { ProjectText.list(listing.projects, current: listing.currentProjectId, courses: listing.courses, language: $0) }
        s.views["project show"] = { try ProjectText.show(p, current: true, language: $0) }
        s.views["lines"] = { try ProjectText.lines(p, language: $0) }
        s.views["workers"] = { TeamText.workers(try FinalAccounting(p), language: $0) }
        s.views["hours"] = { TeamText.hours(p, language: $0) }
        s.views["advances"] = { TeamText.advances(p, language: $0) }
        s.views["supplements"] = { TeamText.supplements(try FinalAccounting(p), language: $0) }
        s.views["extra work"] = { TeamText.extraWork(try FinalAccounting(p), language: $0) }
        s.views["photos"] = { TeamText.photos(p, language: $0) }
        s.views["catalogue info"] = { CatalogueText.info(active, language: $0) }
        s.views["catalogue info, bundled"] = { CatalogueText.info(ActiveCatalogue(catalogue: Self.danishCatalogue, source: .bundled), language: $0) }
        s.views["catalogue list"] = { CatalogueText.table(active.catalogue.sortedActivities, language: $0, bySection: true) }
        s.views["catalogue list, no section"] = { CatalogueText.table([Activity(pos: "9", name: "Ni", unit: "pcs", price: Self.price("9"))], language: $0, bySection: true) }
        s.views["catalogue search"] = { CatalogueText.table(active.catalogue.sortedActivities, language: $0, bySection: false) }
        s.views["catalogue show"] = { CatalogueText.show(try! active.catalogue.requireActivity(pos: "4.09"), language: $0) }
        return s
    }

    func testDanishConfirmationsReadExactly() throws {
        let s = try makeSample()
        let expected: [(String, String)] = [
            ("project new", "projekt tagvej-3 (Tagvej 3) er oprettet; det er nu det aktuelle projekt"),
            ("add 2.01", "linje 1: 2.01 Underpap, sømmet, 12,5 m² × 38,50 = 481,25"),
            ("add 7.01", "linje 2: 7.01 Ovenlysvindue med inddækning, 3 stk × 1.650,00 = 4.950,00"),
            ("add custom", "linje 3: X3 Afdækning af trappe, 1 stk × 450,00 = 450,00"),
            ("edit 1", "linje 1 mængde: 12,5 → 10\nlinje 1 bemærkning: \"\" → \"nordside\"\nlinje 1 beløb: 481,25 → 385,00"),
            ("edit 3 price", "linje 3 pris: 450,00 → 475,00\nlinje 3 beløb: 450,00 → 475,00"),
            ("edit nothing", "intet er ændret"),
            ("worker jens", "medarbejder jens-hansen: Jens Hansen, svend"),
            ("worker ali", "medarbejder ali-nielsen: Ali Nielsen, lærling til 128,40/t"),
            ("worker remove", "medarbejder bo fjernet: Bo"),
            ("hours 7,3", "timer 1: jens-hansen 7:18 (7,30 t) den 2026-05-28"),
            ("hours 7:30", "timer 2: ali-nielsen 7:30 (7,50 t) den 2026-05-05"),
            ("hours remove", "timer 3 fjernet: jens-hansen 7:20 (7,33 t)"),
            ("advance", "aconto 1: jens-hansen 1.500,00 den 2026-05-28"),
            ("advance remove", "aconto 2 fjernet: jens-hansen 200,00"),
            ("supplement", "tillæg 1: Højdetillæg 4,5 %"),
            ("supplement remove", "tillæg 2 fjernet: Vintertillæg 2 %"),
            ("extra hourly", "ekstraarbejde 1: Snerydning, 1:30 (1,50 t) × 300,00 = 450,00"),
            ("extra amount", "ekstraarbejde 2: Inddækning ved skorsten, 1.250,00"),
            ("extra remove", "ekstraarbejde 2 fjernet: Inddækning ved skorsten 1.250,00"),
            ("photo jpg", "foto 1: roof.jpg, 166×234 JPEG"),
            ("photo alpha", "foto 3: transparent-rgba.png, 32×32 PNG; PDF-rapporten viser det kun ved navn (PNG med gennemsigtighed (alfa))"),
            ("photo remove", "foto 2 fjernet: tiles-rgb.png"),
            ("file kept", "beholdt undo/job/1.json: et gammelt fortryd-trin kunne ikke fjernes: Permission denied"),
            ("remove 3", "linje 3 fjernet: X3 Afdækning af trappe, 1 stk × 475,00 = 475,00"),
            ("project edit", "bygherre: \"\" → \"A/B Tagvej\"\nslut: - → 2026-06-01\nbemærkning: \"\" → \"Stillads fra 1. juni\""),
            ("project edit nothing", "intet er ændret"),
            ("close", "projekt tagvej-3 er nu afsluttet"),
            ("reopen", "projekt tagvej-3 er nu åbent igen"),
            ("delete", "projekt tom er slettet; filen ligger i arkivets papirkurv (mappen trash/)"),
            ("delete unread", "projekt tom er slettet (den beskadigede fil); filen ligger i arkivets papirkurv (mappen trash/)"),
            ("use", "aktuelt projekt: tagvej-3"),
            // 385.00 + 4,950.00 = 5,335.00; 4.5 % of it is 240.075 → 240.08; + 450.00 extra work = 6,025.08.
            ("wrote report", "skrev rapport.pdf (pdf, 2 ydelser, i alt 6.025,08)"),
            ("wrote catalogue", "skrev prisliste.csv (csv, 3 ydelser)"),
            ("check leftover", "overskydende fil /data/akkord/photos/x.png (foto som intet projekt, slettet projekt eller fortryd-trin bruger, 1234 bytes)"),
            ("check removed", "fjernede /data/akkord/photos/x.png (foto som intet projekt, slettet projekt eller fortryd-trin bruger, 1234 bytes)"),
        ]
        for (name, text) in expected { XCTAssertEqual(s.da(name), text, name) }
        XCTAssertTrue(s.da("check").hasPrefix("arkiv /data/akkord: "), s.da("check"))
        XCTAssertTrue(s.da("check").hasSuffix(" fotos, ingen problemer; 1 overskydende fil"), s.da("check"))
        XCTAssertEqual(Confirmation.checkSummary(store: "/s", files: 4, projects: 1, photos: 2, leftovers: 2, .da),
                       "arkiv /s: 4 filer læst, 1 projekter, 2 fotos, ingen problemer; 2 overskydende filer")
        XCTAssertEqual(Confirmation.checkSummary(store: "/s", files: 4, projects: 1, photos: 2, leftovers: 0, .en),
                       "store /s: 4 files read, 1 projects, 2 photos, no problems")
    }

    func testEnglishConfirmationsOfChangesAreTheirHistoryLines() throws {
        let s = try makeSample()
        var compared = 0
        for (name, history) in s.history where !history.isEmpty {
            XCTAssertEqual(s.en(name), history.joined(separator: "\n"), name)
            compared += 1
        }
        XCTAssertEqual(compared, 10)
        XCTAssertEqual(s.en("add 2.01"), "line 1: 2.01 Underpap, sømmet, 12.5 m2 × 38.50 = 481.25")
        XCTAssertEqual(s.en("hours 7,3"), "hours 1: jens-hansen 7:18 (7.30 h) on 2026-05-28")
        XCTAssertEqual(s.en("hours 7:30"), "hours 2: ali-nielsen 7:30 (7.50 h) on 2026-05-05")
        XCTAssertEqual(s.en("extra hourly"), "extra work 1: Snerydning, 1:30 (1.50 h) × 300.00 = 450.00")
        XCTAssertEqual(s.en("edit nothing"), "nothing changed")
    }

    func testHoursShowTheClockAndTheDecimalForm() throws {
        let cases: [(String, String, String)] = [
            ("7,3", "7:18 (7,30 t)", "7:18 (7.30 h)"), ("7:30", "7:30 (7,50 t)", "7:30 (7.50 h)"), ("0:05", "0:05 (0,08 t)", "0:05 (0.08 h)"),
            // 7.333 h is 7 h 19.98 min: the clock shows the nearest minute.
            ("7,333", "7:20 (7,33 t)", "7:20 (7.33 h)"), ("1234:59", "1234:59 (1.234,98 t)", "1234:59 (1,234.98 h)"),
        ]
        for (typed, da, en) in cases {
            let h = try Hours(parsing: typed, language: .da)  // typed as a Dane writes them
            XCTAssertEqual(Confirmation.hours(h, .da), da, typed)
            XCTAssertEqual(Confirmation.hours(h, .en), en, typed)
        }
    }

    func testDanishViewsReadExactly() throws {
        let s = try makeSample()
        XCTAssertEqual(try s.views["project show"]!(.da), """
            Projekt:       Tagvej 3 (tagvej-3), aktuelt
            Status:        åben
            Adresse:       Tagvej 3, 8000 Aarhus C
            Arbejdsgiver:  Tæt Tag ApS
            Bygherre:      A/B Tagvej
            Periode:       2026-05-04 – 2026-06-01
            Bemærkning:    Stillads fra 1. juni
            Prisliste:     Prøveliste, udgave 2026-1
            Ydelser:       2, subtotal 5.335,00
            Sjak:          Jens Hansen, Ali Nielsen

            """)
        XCTAssertEqual(try s.views["lines"]!(.da), """
            Id  Pos.  Ydelse                        Mængde  Enhed      Pris     Beløb
            -------------------------------------------------------------------------
             1  2.01  Underpap, sømmet (nordside)       10  m²        38,50    385,00
             2  7.01  Ovenlysvindue med inddækning       3  stk    1.650,00  4.950,00
            -------------------------------------------------------------------------
                      Subtotal                                               5.335,00

            """)
        XCTAssertEqual(try s.views["workers"]!(.da), """
            Id           Navn         Type              Timer    Aconto
            -----------------------------------------------------------
            jens-hansen  Jens Hansen  svend              7,30  1.500,00
            ali-nielsen  Ali Nielsen  lærling 128,40/t   7,50      0,00

            """)
        XCTAssertEqual(try s.views["hours"]!(.da), """
            Id  Navn         Timer  Dato        Bemærkning
            ----------------------------------------------
             1  jens-hansen   7,30  2026-05-28
             2  ali-nielsen   7,50  2026-05-05  tag

            """)
        XCTAssertEqual(try s.views["catalogue show"]!(.da), """
            Pos.:        4.09
            Ydelse:      Skotrende, zink
            Enhed:       lbm
            Pris:        142,40
            Afsnit:      Inddækninger
            Bemærkning:  Inkl. fuger
            Søgeord:     skotrende, zink

            """)
        XCTAssertEqual(try s.views["catalogue info, bundled"]!(.da), """
            Prisliste:   Prøveliste
            Udgave:      2026-1
            Gyldig fra:  2026-03-01
            Valuta:      DKK
            Kilde:       medfølgende eksempel (indbygget i akkord)
            Ydelser:     3 i 3 afsnit

            """)
        XCTAssertEqual(try s.views["import dry run"]!(.da), """
            Pos.  Felt      Før    Efter                        Ændring
            -----------------------------------------------------------
            2.01  pris      38,50  40,04                         +4,0 %
            2.02  tilføjet         Underpap, klæbet, m², 41,00
            prøvekørsel, intet er skrevet: opdatering.csv (csv, utf-8) ville give 1 tilføjet, 1 ændret, 0 fjernet, 2 uændret

            """)
        XCTAssertEqual(try s.views["import no changes"]!(.da), "ingen ændringer\nprøvekørsel, intet er skrevet: p.json (json, utf-8) ville give 0 tilføjet, 0 ændret, 0 fjernet, 3 uændret\n")
        let imported = try s.views["import"]!(.da)
        XCTAssertTrue(imported.hasSuffix("\naktiv prisliste: Prøveliste, udgave 2026-1, 3 ydelser\n"), imported)
        XCTAssertEqual(try s.views["import progress"]!(.da), "læser opdatering.csv: 1000 rækker")
        XCTAssertEqual(try s.views["no projects"]!(.da), """
            ingen projekter
            ingen åbne projekter
            ingen afsluttede projekter
            """)
        XCTAssertEqual(try s.views["empty history"]!(.da), "ingen ændringer registreret\n")
        XCTAssertEqual(try s.views["empty lists"]!(.da), "ingen medarbejdere\ningen timer\ningen acontobetalinger\ningen tillæg\nintet ekstraarbejde\ningen fotos\n")
        XCTAssertTrue(try s.views["project list"]!(.da).hasSuffix("* det aktuelle projekt\n"))
        let projectList = try s.views["project list"]!(.da)
        XCTAssertTrue(projectList.contains("  færdig  "), projectList)
        XCTAssertTrue(try s.views["supplements"]!(.da).hasSuffix("Hvert tillæg er en procentdel af sit grundlag: ydelserne i dets omfang, ellers subtotalen.\n"))
        let supplements = try s.views["supplements"]!(.da)
        XCTAssertTrue(supplements.contains("Grundlag"), supplements)
        XCTAssertTrue(try s.views["catalogue list, no section"]!(.da).contains("(uden afsnit)"))
    }

    /// The bundled sample's 2.01, added as `akkord add 2.01 12,5` does.
    func testTheLineConfirmationOnTheBundledCatalogue() throws {
        let ws = workspace()
        _ = try ws.createProject(name: "Job", details: .init())
        let line = try ws.addLine(.init(source: .catalogue(pos: "2.01"), quantity: try Quantity(parsing: "12,5"))).value
        XCTAssertEqual(Confirmation.lineAdded(line, .da), "linje 1: 2.01 Underpap, sømmet, 12,5 m² × 38,50 = 481,25")
        XCTAssertEqual(Confirmation.lineAdded(line, .en), "line 1: 2.01 Underpap, sømmet, 12.5 m2 × 38.50 = 481.25")
    }

    /// Every reason the store gives for a leftover or a kept photo file is one `Confirmation.reason`
    /// knows, so none is shown in English in Danish output.
    func testEveryReasonOfTheStoreIsShownInDanish() throws {
        var reasons: [String] = []
        for (file, pattern) in [("Sources/AkkordKit/Store/StoreCheck.swift", #"Leftover\(path: [^,]+, reason: "([^"\\]+)""#),
                                ("Sources/AkkordKit/Workspace/Transaction.swift", #"\.fileKept\(path: [^,]+, reason: "([^"\\:]+):"#)] {
            let source = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            let regex = try NSRegularExpression(pattern: pattern)
            for m in regex.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
                reasons.append(String(source[Range(m.range(at: 1), in: source)!]))
            }
        }
        XCTAssertEqual(reasons.count, 4, "\(reasons)")
        for reason in reasons {
            let danish = Confirmation.reason(reason, .da)
            XCTAssertFalse(danish.contains(reason), "\(reason) → \(danish)")
            XCTAssertEqual(Confirmation.reason(reason, .en), reason)
        }
        XCTAssertEqual(Confirmation.reason("something new", .da), "something new", "an unknown reason is kept as it is")
    }
}
