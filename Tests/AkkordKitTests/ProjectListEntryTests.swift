import Foundation
import XCTest
@testable import AkkordKit

/// `project list` reads each project file as every reader does (the streaming reader, else the
/// whole one): what it shows must be what the whole file's reader gives, and a file that the
/// whole reader refuses is refused too, wherever its problem is.
final class ProjectListEntryTests: XCTestCase {
    /// What `Store.loadListEntry` gives of `bytes` as `projects/<id>.json` of a store of its own.
    func listEntry(_ bytes: [UInt8], id: String = "a") throws -> ProjectListEntry {
        let store = try makeProjectStore(prefix: "akkord-list-entry")
        XCTAssertTrue(FileManager.default.createFile(atPath: store.projectFile(id), contents: Data(bytes)))
        return try store.loadListEntry(id)
    }

    /// A script may write the members in another order: then the file is read whole.
    func testAFileWithItsLinesFirstIsReadWhole() throws {
        let text = #"{"lines": [{"id": 1, "pos": "X1", "name": "w", "unit": "m2", "price": "10.00", "quantity": "2", "amount": "20.00", "custom": true, "note": "", "section": "", "date": null}], "format": "akkord-project", "version": 1, "id": "a", "name": "A", "status": "open", "lineCount": 1, "subtotal": "20.00", "end": null, "nextIds": {"line": 2}}"#
        let entry = try listEntry(Array(text.utf8))
        XCTAssertEqual(entry, ProjectListEntry(id: "a", name: "A", status: .open, lineCount: 1, subtotal: Money(raw: 2000), end: nil, handedIn: nil, approved: nil, disputed: nil))
    }

    /// Past the head, keys are checked as the whole reader checks them: none unknown, none twice.
    func testAnUnknownOrDoubledKeyAfterTheHeadIsRefused() throws {
        var p = Project(id: "a", name: "A")
        p.lines = [Line(id: 1, pos: "X1", name: "w", unit: "m2", price: UnitPrice(raw: 100_000), quantity: Quantity(raw: 2000), custom: true)]
        p.workers = [Worker(id: "jens", name: "Jens")]
        p.supplements = [Supplement(id: 1, name: "S", percent: Percent(raw: 5000), scope: .init(sections: [], lines: [1]))]
        p.nextIds = ["line": 2, "supplement": 2]
        let good = String(decoding: try ProjectCodec.encode(p), as: UTF8.self)
        XCTAssertEqual(try listEntry(Array(good.utf8)).lineCount, 1)
        for (damage, place) in [(good.replacingOccurrences(of: #""custom": true"#, with: #""custom": true, "custm": 1"#), "custm"),
                                (good.replacingOccurrences(of: #""custom": true"#, with: #""custom": true, "custom": true"#), "custom"),
                                (good.replacingOccurrences(of: #""apprentice": false"#, with: #""apprentice": false, "apprentise": 1"#), "apprentise"),
                                (good.replacingOccurrences(of: #""sections": []"#, with: #""sections": [], "sections2": []"#), "sections2"),
                                (good.replacingOccurrences(of: #""history": []"#, with: #""history": [], "histroy": []"#), "histroy")] {
            XCTAssertNotEqual(damage, good, place)
            XCTAssertThrowsError(try listEntry(Array(damage.utf8)), place) { error in
                XCTAssertTrue("\(error)".contains(place), "\(place): \(error)")
            }
        }
    }

    /// A wrong figure in a line, which only a reader of the lines finds, is refused by the list
    /// too (it trusted the stored subtotal before): the list never shows what `lines` refuses.
    func testAWrongAmountInALineIsRefused() throws {
        var p = Project(id: "a", name: "A")
        p.lines = [Line(id: 1, pos: "X1", name: "w", unit: "m2", price: UnitPrice(raw: 100_000), quantity: Quantity(raw: 2000), custom: true)]
        p.nextIds = ["line": 2]
        let good = String(decoding: try ProjectCodec.encode(p), as: UTF8.self)
        XCTAssertEqual(try listEntry(Array(good.utf8)).subtotal, Money(raw: 2000))   // 2 × 10.00 = 20.00
        let damage = good.replacingOccurrences(of: #""amount": "20.00""#, with: #""amount": "21.00""#)
        XCTAssertNotEqual(damage, good)
        XCTAssertThrowsError(try listEntry(Array(damage.utf8))) { error in
            XCTAssertTrue("\(error)".contains("lines[0].amount: is 21.00 but quantity × price is 20.00"), "\(error)")
        }
    }

    /// Past the head the file is checked to be JSON: a file cut short or garbled is refused.
    func testAFileCutShortAfterItsHeadIsRefused() throws {
        var p = Project(id: "a", name: "A")
        p.lines = [Line(id: 1, pos: "X1", name: "w", unit: "m2", price: UnitPrice(raw: 100_000), quantity: Quantity(raw: 2000), custom: true)]
        p.nextIds = ["line": 2]
        let bytes = try ProjectCodec.encode(p)
        for damaged in [Array(bytes.prefix(bytes.count * 3 / 4)), bytes.dropLast(2) + Array("}}".utf8) + bytes.suffix(1)] {
            XCTAssertThrowsError(try listEntry(Array(damaged))) { error in
                XCTAssertTrue("\(error)".contains("/projects/a.json"), "\(error)")
            }
        }
    }

    func testADamagedHeadIsRefusedNamingThePlace() throws {
        var p = Project(id: "a", name: "A")
        p.end = "2026-05-01"
        let good = String(decoding: try ProjectCodec.encode(p), as: UTF8.self)
        for (damage, place) in [(good.replacingOccurrences(of: #""status": "open""#, with: #""status": "opne""#), "status"),
                                (good.replacingOccurrences(of: #""lineCount": 0"#, with: #""lineCount": 0, "lineCount": 1"#), "appears twice"),
                                (good.replacingOccurrences(of: #""subtotal": "0.00""#, with: #""subtotal": "0.00", "subtotl": "1""#), "subtotl"),
                                (good.replacingOccurrences(of: #""subtotal": "0.00""#, with: #""subtotal": "1,5""#), "subtotal"),
                                (good.replacingOccurrences(of: #""name": "A""#, with: #""name": "A\u001b[2J""#), "name"),
                                (good.replacingOccurrences(of: #""end": "2026-05-01""#, with: #""end": "2026-02-30""#), "end")] {
            XCTAssertNotEqual(damage, good, place)
            XCTAssertThrowsError(try listEntry(Array(damage.utf8)), place) { error in
                XCTAssertTrue("\(error)".contains(place), "\(place): \(error)")
            }
            XCTAssertThrowsError(try ProjectCodec.decode(Array(damage.utf8), source: "a.json"), "the whole reader refuses it too: \(place)")
        }
    }

    /// The skipper the project reader steps over `lines` with when `nextIds` comes after them
    /// (`JSONScanner.skipValue`) accepts exactly what the tree reader accepts, on seeded random
    /// damage to a project file (duplicate keys aside: both refuse them, with other wording).
    func testTheSyntaxSkipperAgreesWithTheReader() throws {
        let seed = ProcessInfo.processInfo.environment["AKKORD_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        var rng = WorkspacePropertyTests.SplitMix64(state: seed)
        var p = Project(id: "a", name: "Tag \"nord\" \\ æ\u{1F600}")
        p.lines = [Line(id: 1, pos: "X1", name: "w\tx", unit: "m2", price: UnitPrice(raw: 100_000), quantity: Quantity(raw: 2000), custom: true)]
        let good = try ProjectCodec.encode(p)
        let alphabet = Array("{}[]\",:\\/bnu0123456789.eE+-tfl \n".utf8) + [0x01, 0xC3]
        for n in 0..<3000 {
            var bytes = good
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[at] = alphabet.randomElement(using: &rng)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet.randomElement(using: &rng)!, at: at)
                }
            }
            let tree: Bool
            do { _ = try JSONReader.parse(bytes); tree = true } catch let e as JSONSyntaxError where e.message.description.contains("appears twice") { continue } catch { tree = false }
            let skipped: Bool = bytes.withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(buffer: buffer)
                do { try scanner.begin(); try scanner.skipValue(depth: 0); try scanner.end(); return true } catch { return false }
            }
            XCTAssertEqual(skipped, tree, "seed \(seed), case \(n): \(String(decoding: bytes, as: UTF8.self))")
            if skipped != tree { break }
        }
    }
}

/// JSON numbers have no leading zeros: `"id": 01` is not JSON, and no reader takes it as 1.
final class JSONNumberTests: XCTestCase {
    func testALeadingZeroIsRefusedByTheReaderAndTheSkipper() throws {
        for bad in ["01", "-01", "[00]", "{\"id\": 012}", "01.5"] {
            XCTAssertThrowsError(try JSONReader.parse(Array(bad.utf8)), bad)
            let skipped: Bool = Array(bad.utf8).withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(buffer: buffer)
                do { try scanner.begin(); try scanner.skipValue(depth: 0); try scanner.end(); return true } catch { return false }
            }
            XCTAssertFalse(skipped, bad)
        }
        for good in ["0", "-0", "0.5", "10", "[0, 1e5, -0.25E-2]"] {
            XCTAssertNoThrow(try JSONReader.parse(Array(good.utf8)), good)
        }
    }
}
