import Foundation
import XCTest
@testable import AkkordKit

/// What shell completion's fast path relies on (SPEC §13): the search index vouches for the
/// catalogue file by the file's identity (no hash of the file), texts are checked when shown
/// rather than all on every read, and the index's own hash still catches every flipped bit.
final class CompletionSpeedPathTests: XCTestCase {
    var directory = ""
    var catalogueFile: String { directory + "/catalogue.json" }
    var indexFile: String { directory + "/.catalogue-index" }

    override func setUpWithError() throws { directory = try TemporaryDirectory.make(prefix: "akkord-complete-speed") }
    override func tearDown() { TemporaryDirectory.remove(directory) }

    let clean = Catalogue(name: "Test prices", edition: "1", activities: [
        Activity(pos: "1.01", name: "Remove old felt", unit: "m2", price: UnitPrice(raw: 248_000), section: "Felt"),
        Activity(pos: "1.02", name: "Sweep deck", unit: "m2", price: UnitPrice(raw: 61_000), section: "Felt"),
    ])

    func values(_ kind: CompletionKind, _ prefix: String = "") throws -> [CompletionValue] {
        try Workspace(store: Store(directory: directory, lockTimeout: 1), clock: Clock(seconds: 1_780_000_000), command: "test", selectedProject: nil)
            .completionValues(kind, prefix: prefix)
    }

    /// An index that records the file's identity is believed without hashing the file (here its
    /// stamp is made up, so only the identity can vouch for it); once the file is rewritten in
    /// place with as many bytes, its identity differs, the stamp does not match, and the JSON's
    /// own values are shown.
    func testACatalogueChangedBehindTheIndexWithTheSameSizeIsNoticed() throws {
        let json = CatalogueJSON.write(clean)
        try AtomicFile.write(json, to: catalogueFile)
        let identity = try XCTUnwrap(ActiveCatalogue.fileIdentity(catalogueFile))
        XCTAssertEqual(identity.count, 7)
        XCTAssertEqual(identity[2], Int64(json.count), "the size is part of it")
        var indexed = clean
        indexed.activities[0].name = "Name in the index"
        try AtomicFile.write(CatalogueIndex.encode(indexed, stamp: CatalogueIndex.Stamp([1, 2]), catalogueIdentity: identity), to: indexFile)
        XCTAssertEqual(try values(.pos, "1.01"), [CompletionValue("1.01", "Name in the index")], "the identity vouches for the file")

        // Rewritten in place (same inode, same size), in a later tick of the clock that stamps
        // the change time.
        let changed = Array(String(decoding: json, as: UTF8.self).replacing("Remove old felt", with: "Remove new felt").utf8)
        XCTAssertEqual(changed.count, json.count)
        var waited = 0.0
        repeat {
            Thread.sleep(forTimeInterval: 0.02); waited += 0.02
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: catalogueFile))
            try handle.write(contentsOf: Data(changed))
            try handle.close()
        } while ActiveCatalogue.fileIdentity(catalogueFile) == identity && waited < 3
        let now = try XCTUnwrap(ActiveCatalogue.fileIdentity(catalogueFile))
        XCTAssertEqual(Array(now[0...2]), Array(identity[0...2]), "same device, inode and size")
        XCTAssertNotEqual(now, identity)
        XCTAssertEqual(try values(.pos, "1.01"), [CompletionValue("1.01", "Remove new felt")], "the JSON, not the index")

        // With a true stamp but an identity of another time, the index is believed by its hash.
        let stamp = CatalogueIndex.Stamp(of: changed)
        try AtomicFile.write(CatalogueIndex.encode(indexed, stamp: stamp, catalogueIdentity: identity), to: indexFile)
        XCTAssertEqual(try values(.pos, "1.01"), [CompletionValue("1.01", "Name in the index")])
        try AtomicFile.write(CatalogueIndex.encode(indexed, stamp: stamp), to: indexFile)
        XCTAssertEqual(try values(.pos, "1.01"), [CompletionValue("1.01", "Name in the index")], "no identity recorded: hashed")
    }

    /// The identity is recorded only for a file that last changed 2 s (`settleSeconds`) before
    /// it was taken: a later write in the same tick could not leave its change time as it is.
    func testOnlyASettledFileHasAnIdentityToRecord() throws {
        try AtomicFile.write(CatalogueJSON.write(clean), to: catalogueFile)
        let identity = try XCTUnwrap(ActiveCatalogue.fileIdentity(catalogueFile))
        let changed = timespec(tv_sec: Int(identity[5]), tv_nsec: Int(identity[6]))
        XCTAssertNil(ActiveCatalogue.settledIdentity(catalogueFile, now: timespec(tv_sec: changed.tv_sec + 1, tv_nsec: changed.tv_nsec)))
        let justBefore = changed.tv_nsec > 0 ? timespec(tv_sec: changed.tv_sec + 2, tv_nsec: changed.tv_nsec - 1)
                                             : timespec(tv_sec: changed.tv_sec + 1, tv_nsec: 999_999_999)
        XCTAssertNil(ActiveCatalogue.settledIdentity(catalogueFile, now: justBefore), "1 ns short of 2 s")
        XCTAssertEqual(ActiveCatalogue.settledIdentity(catalogueFile, now: timespec(tv_sec: changed.tv_sec + 2, tv_nsec: changed.tv_nsec)), identity)
        XCTAssertEqual(ActiveCatalogue.settledIdentity(catalogueFile, now: timespec(tv_sec: changed.tv_sec + 60, tv_nsec: 0)), identity)
        XCTAssertNil(ActiveCatalogue.settledIdentity(directory + "/none", now: timespec(tv_sec: changed.tv_sec + 60, tv_nsec: 0)))
        XCTAssertNil(ActiveCatalogue.fileIdentity(directory), "not a regular file")
    }

    /// A text with a control character in an index whose hash is right (made by another
    /// program) is never shown: completion checks the texts it shows, finds it, and shows the
    /// JSON's values instead; values that do not show it still come from the index. A reader that
    /// checks every text (every other command) refuses such an index outright.
    func testAControlCharacterInAnIndexTextIsNotShown() throws {
        let json = CatalogueJSON.write(clean)
        try AtomicFile.write(json, to: catalogueFile)
        var hostile = clean
        hostile.activities[0].name = "Remove \u{1B}[2J felt"
        hostile.activities[1].section = "Felt\u{9B}2J"
        let stamp = CatalogueIndex.Stamp(of: json)
        let bytes = CatalogueIndex.encode(hostile, stamp: stamp)
        try AtomicFile.write(bytes, to: indexFile)
        XCTAssertNil(CatalogueIndex(bytes, stamp: stamp), "checked on reading")
        XCTAssertNotNil(CatalogueIndex.Labels(front(bytes)) { made, _ in made == stamp }, "checked only when shown")

        XCTAssertEqual(try values(.pos, "1.0"), [CompletionValue("1.01", "Remove old felt"), CompletionValue("1.02", "Sweep deck")])
        XCTAssertEqual(try values(.section), [CompletionValue("Felt")])
        XCTAssertEqual(try values(.pos, "1.02"), [CompletionValue("1.02", "Sweep deck")], "nothing hostile shown")
        let all = try values(.pos) + values(.section)
        XCTAssertFalse(all.contains { ($0.value + $0.description).unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } })
    }

    /// What completion reads of an index: its front, through the labels' hash.
    func front(_ index: [UInt8]) -> [UInt8] {
        Array(index[..<(CatalogueIndex.Labels.frontLength(Array(index[..<16]), fileSize: index.count) ?? 0)])
    }

    /// Recording an identity keeps every record; the result reads back with it. One flipped bit
    /// anywhere in it is detected by the whole index's hash, and one in its front (all that
    /// completion reads) by the labels' own.
    func testRecordingAnIdentityKeepsTheIndexWholeAndChecked() throws {
        let stamp = CatalogueIndex.Stamp([123, -5])
        let index = try XCTUnwrap(CatalogueIndex(CatalogueIndex.encode(clean, stamp: stamp), stamp: stamp))
        XCTAssertEqual(index.catalogueIdentity, [])
        let identity: [Int64] = [66, 1234, 123, 1_780_000_000, 5, 1_780_000_001, 999_999_999]
        let recorded = index.recording(catalogueIdentity: identity)
        XCTAssertEqual(recorded, CatalogueIndex.encode(clean, stamp: stamp, catalogueIdentity: identity))
        let again = try XCTUnwrap(CatalogueIndex(recorded, stamp: stamp))
        XCTAssertEqual(again.catalogueIdentity, identity)
        XCTAssertEqual(again.catalogue, clean)
        XCTAssertEqual(try XCTUnwrap(CatalogueIndex(again.recording(catalogueIdentity: []), stamp: stamp)).catalogueIdentity, [])

        let labels = try XCTUnwrap(CatalogueIndex.Labels(front(recorded)) { made, id in made == stamp && id == identity })
        var shown: [String] = []
        XCTAssertTrue(labels.forEach(language: "en") { shown += [$0, $1, $2].map { String(decoding: $0, as: UTF8.self) } })
        XCTAssertEqual(shown, ["1.01", "Remove old felt", "Felt", "1.02", "Sweep deck", "Felt"])

        var undetected: [Int] = [], undetectedInFront: [Int] = []
        let frontCount = front(recorded).count
        for position in recorded.indices {
            var flipped = recorded
            flipped[position] ^= UInt8(1 << (position % 8))
            if CatalogueIndex(flipped, isFor: { _, _ in true }) != nil { undetected.append(position) }
            if position < frontCount, CatalogueIndex.Labels(front(flipped), isFor: { _, _ in true }) != nil { undetectedInFront.append(position) }
        }
        XCTAssertEqual(undetected, [], "\(undetected.count) of \(recorded.count) flipped bytes went unnoticed")
        XCTAssertEqual(undetectedInFront, [], "\(undetectedInFront.count) of \(frontCount) flipped bytes of the front went unnoticed")
    }

    /// The four-lane hash changes with any one flipped bit, wherever it is (each lane and the
    /// bytes after the last 32-byte block); seeded.
    func testTheHashChangesWithEveryFlippedBit() {
        var rng = WorkspacePropertyTests.SplitMix64(state: 2026)
        for size in [1, 8, 31, 32, 45, 100] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let whole = CatalogueIndex.Hash.of(bytes, count: size)
            for bit in 0..<(size * 8) {
                var flipped = bytes
                flipped[bit / 8] ^= UInt8(1 << (bit % 8))
                XCTAssertNotEqual(CatalogueIndex.Hash.of(flipped, count: size), whole, "size \(size), bit \(bit)")
            }
        }
    }

    /// A pos is described by its name in the language where it has a translation, from the
    /// index's labels as from the JSON (the index made by a catalogue command).
    func testTranslatedNamesFromTheLabels() throws {
        var translated = clean
        translated.activities[0].translations = ["da": ActivityTranslation(name: "Fjern gammelt tagpap"), "de": ActivityTranslation(name: "Alte Pappe")]
        try AtomicFile.write(CatalogueJSON.write(translated), to: catalogueFile)
        func described(_ language: Language) throws -> [String] {
            try Workspace(store: Store(directory: directory, lockTimeout: 1), clock: Clock(seconds: 1_780_000_000), command: "test", selectedProject: nil)
                .completionValues(.pos, prefix: "1.0", language: language).map(\.description)
        }
        let fromJSON = (try described(.da), try described(.en))
        XCTAssertEqual(fromJSON.0, ["Fjern gammelt tagpap", "Sweep deck"])
        XCTAssertEqual(fromJSON.1, ["Remove old felt", "Sweep deck"])
        _ = try ActiveCatalogue.search(storeDirectory: directory)
        XCTAssertNotNil(ActiveCatalogue.indexLabelsForCompletion(storeDirectory: directory), "the index is there and fits")
        XCTAssertEqual(try described(.da), fromJSON.0)
        XCTAssertEqual(try described(.en), fromJSON.1)
    }

    func lines(_ kind: CompletionKind, _ prefix: String = "", descriptions: Bool) throws -> String {
        String(decoding: try Workspace(store: Store(directory: directory, lockTimeout: 1), clock: Clock(seconds: 1_780_000_000), command: "test",
                                       selectedProject: nil).completionLines(kind, prefix: prefix, descriptions: descriptions), as: UTF8.self)
    }

    /// The lines straight from the index's labels are those of the values (from the JSON, before
    /// any index is made): a tab in a name printed as a space, a section once, the prefix kept.
    func testLinesFromTheLabelsAreThoseOfTheValues() throws {
        var c = clean
        c.activities[1].name = "Sweep\tdeck"
        c.activities.append(Activity(pos: "2.01", name: "Gutter, zinc æøå", unit: "lbm", price: UnitPrice(raw: 800_000), section: "Tagrender"))
        try AtomicFile.write(CatalogueJSON.write(c), to: catalogueFile)
        let cases: [(CompletionKind, String, Bool)] = [(.pos, "", true), (.pos, "", false), (.pos, "1.0", true), (.pos, "9", true), (.section, "", false), (.section, "T", false)]
        let fromJSON = try cases.map { try lines($0.0, $0.1, descriptions: $0.2) }
        XCTAssertEqual(fromJSON[0], "1.01\tRemove old felt\n1.02\tSweep deck\n2.01\tGutter, zinc æøå\n")
        XCTAssertEqual(fromJSON[1], "1.01\n1.02\n2.01\n")
        XCTAssertEqual(fromJSON[3], "")
        XCTAssertEqual(fromJSON[4], "Felt\nTagrender\n")
        XCTAssertEqual(fromJSON[5], "Tagrender\n")
        XCTAssertFalse(FileIO.exists(indexFile))
        _ = try ActiveCatalogue.search(storeDirectory: directory)
        XCTAssertNotNil(ActiveCatalogue.indexLabelsForCompletion(storeDirectory: directory))
        XCTAssertEqual(try cases.map { try lines($0.0, $0.1, descriptions: $0.2) }, fromJSON)
    }

    /// Lines are checked as they are written: a control character or bytes that are not UTF-8
    /// in an index text (its hashes right) make the lines those of the JSON.
    func testLinesNeverShowAHostileIndexText() throws {
        let json = CatalogueJSON.write(clean)
        try AtomicFile.write(json, to: catalogueFile)
        let expected = "1.01\tRemove old felt\n1.02\tSweep deck\n"
        for bad in ["Remove \u{1B}]0;x\u{7}", "Remove \u{9B}2J", "Remove\r"] {
            var hostile = clean
            hostile.activities[0].name = bad
            try AtomicFile.write(CatalogueIndex.encode(hostile, stamp: CatalogueIndex.Stamp(of: json)), to: indexFile)
            XCTAssertEqual(try lines(.pos, descriptions: true), expected, bad.debugDescription)
        }
        // Not UTF-8: the name's "o" made 0xFF, the hashes made to match again.
        var index = CatalogueIndex.encode(clean, stamp: CatalogueIndex.Stamp(of: json))
        let name = Array("Remove old felt".utf8)
        let at = try XCTUnwrap((0..<(index.count - name.count)).first { Array(index[$0..<($0 + name.count)]) == name })
        XCTAssertLessThan(at, CatalogueIndex.Labels.frontLength(Array(index[..<16]), fileSize: index.count)!, "the labels' copy comes first")
        index[at + 8] = 0xFF
        let labelsEnd = try XCTUnwrap(CatalogueIndex.Labels.frontLength(Array(index[..<16]), fileSize: index.count)) - 8
        index.replaceSubrange(labelsEnd..<(labelsEnd + 8), with: withUnsafeBytes(of: CatalogueIndex.Hash.of(index, count: labelsEnd).littleEndian, Array.init))
        index.replaceSubrange((index.count - 8)..., with: withUnsafeBytes(of: CatalogueIndex.Hash.of(index, count: index.count - 8).littleEndian, Array.init))
        XCTAssertNotNil(CatalogueIndex.Labels(front(index)) { _, _ in true }, "whole by its hashes")
        try AtomicFile.write(index, to: indexFile)
        XCTAssertEqual(try lines(.pos, descriptions: true), expected)
    }
}
