import Foundation
import XCTest
@testable import AkkordKit

/// `Workspace.completionValues`: the store's values for shell completion, read without writing
/// anything, the same from the catalogue's search index as from its JSON.
final class CompletionValuesTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws { directory = try TemporaryDirectory.make(prefix: "akkord-complete") }
    override func tearDown() { TemporaryDirectory.remove(directory) }

    func workspace(project: String? = nil) -> Workspace {
        Workspace(store: Store(directory: directory, lockTimeout: 1), clock: Clock(seconds: 1_780_000_000), command: "test", selectedProject: project)
    }

    /// Every file in the store with its bytes.
    func files() throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        guard let e = FileManager.default.enumerator(atPath: directory) else { return result }
        for case let path as String in e where !FileIO.isDirectory(directory + "/" + path) {
            result[path] = try FileIO.read(directory + "/" + path, limit: 1 << 30)
        }
        return result
    }

    func values(_ kind: CompletionKind, _ prefix: String = "", project: String? = nil) throws -> [CompletionValue] {
        try workspace(project: project).completionValues(kind, prefix: prefix)
    }

    func testProjectsWorkersAndLines() throws {
        let ws = workspace()
        for name in ["Beta", "Alpha"] { _ = try ws.createProject(name: name, details: Project.Details()) }
        _ = try ws.createProject(name: "Alpha", id: "alpha-2", details: Project.Details())
        _ = try ws.addWorker(name: "Jens Hansen", apprentice: false, rate: nil)
        _ = try ws.addLine(.init(source: .catalogue(pos: "2.01"), quantity: try Quantity(parsing: "3")))
        _ = try ws.addLine(.init(source: .custom(name: "Moss", unit: "m2", price: try UnitPrice(parsing: "2")), quantity: try Quantity(parsing: "1")))
        let before = try files()

        XCTAssertEqual(try values(.project), [CompletionValue("alpha"), CompletionValue("alpha-2", "current project"), CompletionValue("beta")])
        XCTAssertEqual(try values(.project, "alpha-"), [CompletionValue("alpha-2", "current project")])
        XCTAssertEqual(try workspace().completionValues(.project, prefix: "alpha-", language: .da), [CompletionValue("alpha-2", "det aktuelle projekt")])
        XCTAssertEqual(try workspace().completionValues(.project, prefix: "alpha-", descriptions: false), [CompletionValue("alpha-2")])
        XCTAssertEqual(try values(.worker), [CompletionValue("jens-hansen", "Jens Hansen")])
        XCTAssertEqual(try values(.line), [CompletionValue("1", "2.01 Underpap, sømmet"), CompletionValue("2", "X2 Moss")])
        XCTAssertEqual(try values(.line, "2"), [CompletionValue("2", "X2 Moss")])
        XCTAssertEqual(try values(.worker, project: "beta"), [])
        XCTAssertEqual(try values(.worker, project: "alpha-"), [CompletionValue("jens-hansen", "Jens Hansen")], "a unique beginning, as -p takes it")
        XCTAssertEqual(try values(.line, project: "b"), [])
        XCTAssertEqual(try values(.worker, project: "alpha"), [], "alpha is a project of its own, not a beginning of alpha-2")
        XCTAssertEqual(try values(.trash), [])
        XCTAssertThrowsError(try values(.worker, project: "gone"))
        XCTAssertThrowsError(try values(.worker, project: "../x"))
        XCTAssertEqual(try files(), before, "nothing written")
    }

    func testAMissingStoreHasTheBundledCatalogueAndNothingElse() throws {
        directory += "/missing"
        XCTAssertEqual(try values(.project), [])
        XCTAssertThrowsError(try values(.worker)) { XCTAssertEqual($0 as? AkkordError, .noCurrentProject) }
        let bundled = try BundledCatalogue.load().activities
        // A pos is described by its name in the language (the sample's English translation in en).
        XCTAssertEqual(try values(.pos, "6.0"), bundled.filter { $0.pos.hasPrefix("6.0") }.map { CompletionValue($0.pos, $0.translations["en"]!.name) })
        XCTAssertEqual(try workspace().completionValues(.pos, prefix: "6.0", language: .da),
                       bundled.filter { $0.pos.hasPrefix("6.0") }.map { CompletionValue($0.pos, $0.name) })
        XCTAssertEqual(try values(.section).map(\.value), try BundledCatalogue.load().sections)
        XCTAssertFalse(FileIO.exists(directory))
    }

    /// A random catalogue (seeded): pos and section values from the JSON (no index yet, and none
    /// made) equal those from the index a catalogue command makes, and those computed here.
    func testIndexAndJSONGiveTheSameValues() throws {
        var rng = WorkspacePropertyTests.SplitMix64(state: 20_261_123)
        let sections = ["Felt", "Slate roofs", "Zinc, copper & lead", "Tagrender og nedløbsrør", ""]
        var activities: [Activity] = [], seen = Set<String>()
        while activities.count < 400 {
            let pos = "\(Int.random(in: 1...9, using: &rng)).\(Int.random(in: 1...120, using: &rng))" + (Bool.random(using: &rng) ? "" : "-A")
            guard seen.insert(pos).inserted else { continue }
            activities.append(Activity(pos: pos, name: "Activity \(activities.count) æøå", unit: "m2", price: UnitPrice(raw: Int64(activities.count) * 100),
                                       section: sections[Int.random(in: 0..<sections.count, using: &rng)]))
        }
        let catalogue = Catalogue(name: "Random", edition: "1", activities: activities)
        try AtomicFile.write(CatalogueJSON.write(catalogue), to: directory + "/catalogue.json")
        activities = catalogue.sortedActivities   // as the file has them
        let before = try files()

        let prefixes = ["", "1", "2.1", "3.10", "9.1-", "x"]
        var fromJSON: [[CompletionValue]] = []
        for prefix in prefixes {
            let expected = activities.filter { $0.pos.hasPrefix(prefix) }.map { CompletionValue($0.pos, $0.name) }
            fromJSON.append(try values(.pos, prefix))
            XCTAssertEqual(fromJSON.last, expected, prefix)
        }
        var expectedSections: [String] = []
        for a in activities where !a.section.isEmpty && !expectedSections.contains(a.section) { expectedSections.append(a.section) }
        XCTAssertEqual(try values(.section).map(\.value), expectedSections)
        XCTAssertEqual(try values(.section, "Ta").map(\.value), ["Tagrender og nedløbsrør"])
        XCTAssertEqual(try files(), before, "no index was made")

        _ = try ActiveCatalogue.search(storeDirectory: directory)
        XCTAssertTrue(FileIO.exists(directory + "/.catalogue-index"))
        for (prefix, json) in zip(prefixes, fromJSON) { XCTAssertEqual(try values(.pos, prefix), json, prefix) }
        XCTAssertEqual(try values(.section).map(\.value), expectedSections)

        // A catalogue file that changed since the index: its own values, not the index's.
        var changed = catalogue
        changed.activities = activities
        changed.activities[0].name = "Renamed"
        try AtomicFile.write(CatalogueJSON.write(changed), to: directory + "/catalogue.json")
        XCTAssertEqual(try values(.pos, activities[0].pos).first, CompletionValue(activities[0].pos, "Renamed"))
    }

    /// The index's labels (what completion reads) are each activity's pos, name (its translation
    /// into the language where it has one) and section.
    func testTheIndexLabelIsTheActivitys() throws {
        let c = try BundledCatalogue.load()
        let stamp = CatalogueIndex.Stamp([1, 2])
        let bytes = CatalogueIndex.encode(c, stamp: stamp)
        let front = Array(bytes[..<(try XCTUnwrap(CatalogueIndex.Labels.frontLength(Array(bytes[..<16]), fileSize: bytes.count)))])
        let labels = try XCTUnwrap(CatalogueIndex.Labels(front) { made, _ in made == stamp })
        for language in ["xx", "en"] {
            var seen: [[String]] = []
            XCTAssertTrue(labels.forEach(language: language) { seen.append([$0, $1, $2].map { String(decoding: $0, as: UTF8.self) }) })
            XCTAssertEqual(seen, c.activities.map { [$0.pos, $0.translations[language].map(\.name) ?? $0.name, $0.section] }, language)
        }
        XCTAssertTrue(c.activities.contains { $0.translations["en"] != nil }, "the sample has English names")
    }

}
