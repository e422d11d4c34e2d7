import Foundation
import XCTest
@testable import AkkordKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write path of `add`, `edit` and `remove` (`LineWindow`, `AtomicFile`, `ByteOutput`) as it
/// was made faster: supplements' bases added up by section index, runs of copied lines that go
/// through lines written again to the same bytes, and a temporary file handed to the disk as it is
/// written. Each must give what the plain way gives. Seeded: `AKKORD_SEED=<n> swift test --filter
/// WritePathTests` repeats a run.
final class WritePathTests: XCTestCase {
    typealias RNG = WorkspacePropertyTests.SplitMix64

    private let clock = Clock(seconds: 1_790_000_000)

    /// Sections that are the same text to Swift (`==`) but not the same bytes (a precomposed and a
    /// decomposed é), and one a file may escape (`\/`): indexed by their bytes, named by their text.
    static let sections = ["", "Tag", "\u{e9}t tag", "e\u{301}t tag", "Metal/zink", "Ovenlys \"Velux\"", "ÆØÅ 😀"]

    // MARK: - supplements' bases by section index

    /// `LineAmounts` gives the bases of the model (`Supplement.base(of:)`, the oracle kept in the
    /// tests) whether fed `Line`s (the model) or views (the reader), or in parts taken away and
    /// added again (the line window).
    func testBasesBySectionIndexAreTheBasesByName() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        var inScope = 0, outOfScope = 0
        for round in 0..<200 {
            let label = "seed \(seed), round \(round)"
            var lines: [Line] = []
            var id = 0
            for _ in 0..<Int.random(in: 0...60, using: &rng) {
                id += Int.random(in: 1...3, using: &rng)
                lines.append(Line(id: id, pos: "1.01", name: "Tagpap", unit: "m2", price: UnitPrice(raw: Int64.random(in: 0...5_000_000, using: &rng)),
                                  quantity: Quantity(raw: Int64.random(in: 1...90_000, using: &rng)), note: "",
                                  section: Self.sections.randomElement(using: &rng)!, date: nil, custom: false))
            }
            var supplements: [Supplement] = []
            for k in 0..<Int.random(in: 0...4, using: &rng) {
                let named = (0..<Int.random(in: 0...2, using: &rng)).map { _ in
                    // Now and then a name no line has, or one only Swift's `==` matches.
                    Bool.random(using: &rng) ? Self.sections.randomElement(using: &rng)! : ["\u{e9}t tag", "Ukendt", "tag"].randomElement(using: &rng)!
                }
                let ids = (0..<Int.random(in: 0...3, using: &rng)).map { _ in Int.random(in: 0...(id + 2), using: &rng) }
                supplements.append(Supplement(id: k + 1, name: "Tillæg \(k)", percent: Percent(raw: 5_000), scope: Supplement.Scope(sections: named, lines: ids)))
            }
            let subtotal = try Sum(lines, \.amount).value("lines")

            var byLine = LineAmounts(), byView = LineAmounts()
            let maker = LineViewMaker()
            for l in lines {
                byLine.add(l)
                byView.add(maker.view(of: l))
                for s in supplements where !s.scope.isAll { if s.scope.contains(l) { inScope += 1 } else { outOfScope += 1 } }
            }
            // In parts, as the line window adds them up: all the lines less the others are these.
            let kept = lines.filter { _ in Bool.random(using: &rng) }
            var others = LineAmounts(sectionsOf: byView)
            for l in lines where !kept.contains(l) { others.add(l) }
            var sums = byView.scopedSums(of: supplements)
            for (i, s) in others.scopedSums(of: supplements).enumerated() { sums[i].subtract(s) }
            let keptModel = try supplements.map { try $0.base(of: kept) }
            let model = try supplements.map { try $0.base(of: lines) }
            XCTAssertEqual(try byLine.bases(of: supplements, subtotal: subtotal), model, label)
            XCTAssertEqual(try byView.bases(of: supplements, subtotal: subtotal), model, label)
            XCTAssertEqual(try LineAmounts.bases(of: supplements, subtotal: try Sum(kept, \.amount).value("kept"), scopedSums: sums), keptModel, label)
        }
        XCTAssertGreaterThan(inScope, 500, "seed \(seed)")
        XCTAssertGreaterThan(outOfScope, 500, "seed \(seed)")
    }

    /// More sections than `LineAmounts` compares one by one (32): looked up by their bytes, the
    /// bases are still the model's; sections scoped by name, in runs and scattered.
    func testBasesOverManySections() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let names = (0..<90).map { "Afsnit \($0)" } + Self.sections
        for round in 0..<30 {
            var lines: [Line] = []
            for id in 1...Int.random(in: 1...400, using: &rng) {
                lines.append(Line(id: id, pos: "1.01", name: "Tagpap", unit: "m2", price: UnitPrice(raw: Int64.random(in: 0...5_000_000, using: &rng)),
                                  quantity: Quantity(raw: Int64.random(in: 1...90_000, using: &rng)), note: "",
                                  section: names.randomElement(using: &rng)!, date: nil, custom: false))
            }
            let supplements = (1...3).map { k in
                Supplement(id: k, name: "Tillæg \(k)", percent: Percent(raw: 5_000),
                           scope: Supplement.Scope(sections: (0..<Int.random(in: 1...20, using: &rng)).map { _ in names.randomElement(using: &rng)! }, lines: []))
            }
            var amounts = LineAmounts()
            let maker = LineViewMaker()
            for l in lines { amounts.add(maker.view(of: l)) }
            let subtotal = try Sum(lines, \.amount).value("lines")
            XCTAssertEqual(try amounts.bases(of: supplements, subtotal: subtotal), try supplements.map { try $0.base(of: lines) }, "seed \(seed), round \(round)")
        }
    }

    /// A change through the line window is refused exactly when the whole model refuses it, on
    /// projects whose total sits just under the largest amount and whose supplement of 1000 % is
    /// scoped to a section written in two forms (and escaped in the file): the window's check adds
    /// the kept lines up by section index, and a line of that section counted or left out wrongly
    /// shows as a change let through or refused. What it writes is the model's bytes.
    func testTheWindowRefusesWhatTheModelRefusesAtTheLargestTotal() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let store = try makeProjectStore(prefix: "akkord-writepath")
        var refused = 0, accepted = 0
        for n in 0..<12 {
            var p = StreamingTests.randomProject(&rng, id: "limit-\(n)", lines: 0)
            p.status = .open
            let price = UnitPrice(raw: 1_000_000)   // 100.00 a unit: a whole unit more is 100.00 more
            for k in 1...Int.random(in: 20...300, using: &rng) {
                p.lines.append(Line(id: k, pos: "1.01", name: "Tagpap", unit: "m2", price: price, quantity: Quantity(raw: Int64.random(in: 1...20, using: &rng) * 1000),
                                    note: "", section: Self.sections.randomElement(using: &rng)!, date: "2026-04-01", custom: false))
            }
            let scope = Supplement.Scope(sections: [["\u{e9}t tag", "e\u{301}t tag", "Metal/zink"].randomElement(using: &rng)!],
                                         lines: Bool.random(using: &rng) ? [p.lines[0].id] : [])
            p.supplements = [Supplement(id: 1, name: "Vinter", percent: Percent(raw: 1_000_000), scope: scope)]
            let base = try p.supplements[0].base(of: p.lines)
            // Room left under the largest total: more than a unit out of scope, less than one in it (11 × 100.00).
            let room = Int64.random(in: 10_001...109_999, using: &rng)
            let filler = Money.maximumRaw - (try p.subtotal).raw - Int64(base.percentage(p.supplements[0].percent).exact) - room
            p.extraWork = [ExtraWork(id: 1, text: "Aftalt arbejde", pricing: .amount(Money(raw: filler)), number: "1")]
            p.nextIds = ["line": p.lines.count + 1, "supplement": 2, "extra": 2, "photo": 4,
                         "hours": (p.hours.map(\.id).max() ?? 0) + 1, "advance": (p.advances.map(\.id).max() ?? 0) + 1]
            XCTAssertEqual(ProjectRules.problems(p), [], "seed \(seed), project \(n)")
            var bytes = try ProjectCodec.encode(p)
            bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "Metal/zink", with: "Metal\\/zink").utf8)
            try Data(bytes).write(to: URL(fileURLWithPath: store.projectFile(p.id)))
            let workspace = Workspace(store: store, clock: clock, command: "akkord test", selectedProject: p.id)
            for step in 0..<8 {
                let label = "seed \(seed), project \(n), step \(step)"
                let before = Array(try Data(contentsOf: URL(fileURLWithPath: store.projectFile(p.id))))
                var expected = try ProjectCodec.decode(before, source: "before")
                let line = expected.lines.randomElement(using: &rng)!
                let quantity = Quantity(raw: line.quantity.raw + 1000)
                let changes = try expected.editLine(line.id, quantity: quantity, note: nil, price: nil)
                expected.history.append(HistoryEntry(time: clock.timestamp, command: "akkord test", described: changes))
                let modelRefuses = !ProjectRules.problems(expected).isEmpty
                do {
                    _ = try workspace.editLine(line.id, quantity: quantity)
                    XCTAssertFalse(modelRefuses, "the window let through what the model refuses: \(label), line \(line.id) in \(Excerpt.quoted(line.section))")
                    let after = Array(try Data(contentsOf: URL(fileURLWithPath: store.projectFile(p.id))))
                    let encoded = try ProjectCodec.encode(expected)
                    XCTAssertTrue(after == encoded, "\(label): \(StreamingTests.firstDifference(after, encoded))")
                    accepted += 1
                } catch AkkordError.invalidChange {
                    XCTAssertTrue(modelRefuses, "the window refused what the model takes: \(label), line \(line.id) in \(Excerpt.quoted(line.section))")
                    XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: store.projectFile(p.id)))), before, label)
                    refused += 1
                }
            }
        }
        XCTAssertGreaterThan(refused, 5, "seed \(seed)")
        XCTAssertGreaterThan(accepted, 5, "seed \(seed)")
    }

    /// The streaming reader's bases (`LineAmounts`, by the section's bytes in the file) are the
    /// model's, with a section written in two forms and escaped.
    func testTheStreamingReadersBasesAreTheModels() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        for n in 0..<20 {
            var p = StreamingTests.randomProject(&rng, id: "bases-\(n)", lines: Int.random(in: 1...400, using: &rng))
            for i in p.lines.indices where Int.random(in: 0..<2, using: &rng) == 0 { p.lines[i].section = Self.sections.randomElement(using: &rng)! }
            p.supplements.append(Supplement(id: p.nextIds["supplement"]!, name: "É", percent: Percent(raw: 2_000),
                                            scope: Supplement.Scope(sections: ["\u{e9}t tag", "Metal/zink"])))
            p.nextIds["supplement"]! += 1
            let bytes = Array(String(decoding: try ProjectCodec.encode(p), as: UTF8.self).replacingOccurrences(of: "Metal/zink", with: "Metal\\/zink").utf8)
            let path = try TemporaryDirectory.make(prefix: "akkord-bases") + "/p.json"
            defer { TemporaryDirectory.remove(AtomicFile.parentDirectory(of: path)) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let (project, lines) = try ProjectReader.streamed(path)
            XCTAssertEqual(try lines.bases(of: project.supplements), try p.supplements.map { try $0.base(of: p.lines) }, "seed \(seed), project \(n)")
        }
    }

    // MARK: - runs through lines written again to the same bytes

    /// A file of more than 4 MiB where many lines have escapes as akkord writes them (copied with
    /// their neighbours) and some escapes akkord does not write (written again): changes at the
    /// start, in the middle and at the end write the model's bytes.
    func testLinesWithEscapesAreCopiedOrWrittenAgainToTheModelsBytes() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let store = try makeProjectStore(prefix: "akkord-writepath")
        var p = StreamingTests.randomProject(&rng, id: "escapes", lines: 20_000)
        p.status = .open
        for i in p.lines.indices where Int.random(in: 0..<3, using: &rng) == 0 { p.lines[i].note = ["citat \"x\"", "a\\b", "tab\there", "linje\nto"].randomElement(using: &rng)! }
        let bytes = StreamingTests.escapeByHand(try ProjectCodec.encode(p), &rng)
        XCTAssertGreaterThan(bytes.count, 1 << 22, "seed \(seed): more than one piece of 4 MiB")
        try Data(bytes).write(to: URL(fileURLWithPath: store.projectFile(p.id)))
        let workspace = Workspace(store: store, clock: clock, command: "akkord test", selectedProject: p.id)
        // Read once: after each step the file is checked to be `expected` encoded, byte for byte.
        var expected = try ProjectCodec.decode(bytes, source: "before")
        for step in 0..<5 {
            let ids = expected.lines.map(\.id)
            let changes: [HistoryChange]
            switch step {
            case 0:
                let quantity = Quantity(raw: expected.lines[0].quantity.raw + 1000)
                changes = try expected.editLine(ids[0], quantity: quantity, note: nil, price: nil)
                _ = try workspace.editLine(ids[0], quantity: quantity)
            case 1:
                let id = ids[ids.count / 2]
                changes = try expected.editLine(id, quantity: nil, note: "midt i \"filen\"", price: nil)
                _ = try workspace.editLine(id, note: "midt i \"filen\"")
            case 2:
                let remove = [ids[1], ids[ids.count / 3], ids[ids.count - 1]]
                changes = try expected.removeLines(remove)
                _ = try workspace.removeLines(remove)
            case 3:
                changes = expected.addCustomLine(name: "Ny \"linje\"", unit: "m2", price: UnitPrice(raw: 10_000), quantity: Quantity(raw: 2000),
                                                 note: "a\\b", date: "2026-04-02", section: "Tag").1
                _ = try workspace.addLine(.init(source: .custom(name: "Ny \"linje\"", unit: "m2", price: UnitPrice(raw: 10_000)),
                                                quantity: Quantity(raw: 2000), note: "a\\b", date: "2026-04-02", section: "Tag"))
            default:
                // A note with escapes emptied, three quarters in.
                let id = expected.lines[(ids.count * 3 / 4)...].first { $0.note.contains("\\") || $0.note.contains("\"") }!.id
                changes = try expected.editLine(id, quantity: nil, note: "", price: nil)
                _ = try workspace.editLine(id, note: "")
            }
            XCTAssertFalse(changes.isEmpty, "seed \(seed), step \(step): every step changes something")
            expected.history.append(HistoryEntry(time: clock.timestamp, command: "akkord test", described: changes))
            let after = Array(try Data(contentsOf: URL(fileURLWithPath: store.projectFile(p.id))))
            let encoded = try ProjectCodec.encode(expected)
            XCTAssertTrue(after == encoded, "seed \(seed), step \(step): \(StreamingTests.firstDifference(after, encoded))")
            guard after == encoded else { return }
        }
    }

    /// The scratch output `writeLines` writes a line into to compare it with the file's bytes.
    func testACollectingOutputComparesEmptiesAndIsWrittenOut() {
        let scratch = ByteOutput(), out = ByteOutput()
        scratch.write("{\"note\": \"a\\\"b\"}")
        let same = Array("{\"note\": \"a\\\"b\"}".utf8), other = Array("{\"note\": \"a\\u0022b\"}".utf8)
        same.withUnsafeBytes { XCTAssertTrue(scratch.holds($0)) }
        other.withUnsafeBytes { XCTAssertFalse(scratch.holds($0)) }
        same.dropLast().withUnsafeBytes { XCTAssertFalse(scratch.holds(UnsafeRawBufferPointer($0))) }
        out.write("[")
        out.write(scratch)
        scratch.removeAll()
        XCTAssertEqual(scratch.bytes, [])
        [UInt8]().withUnsafeBytes { XCTAssertTrue(scratch.holds($0)) }
        scratch.write("x")
        out.write(scratch)
        XCTAssertEqual(out.bytes, Array("[".utf8) + same + Array("x".utf8))
    }

    // MARK: - the temporary file handed to the disk as it is written

    /// An output for a file about to be synced hands each MiB to the disk as it goes (on Linux)
    /// and writes every byte as given, in pieces of any size.
    func testAFileToBeSyncedIsHandedToTheDiskAsItIsWritten() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let directory = try TemporaryDirectory.make(prefix: "akkord-writeback")
        defer { TemporaryDirectory.remove(directory) }
        let path = directory + "/out.json"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        let out = ByteOutput(fd: fd, path: path, startingWriteback: true)
        var expected: [UInt8] = []
        while expected.count < 3_500_000 {
            let piece = (0..<Int.random(in: 1...(Bool.random(using: &rng) ? 300 : 300_000), using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            out.write(piece)
            expected += piece
        }
        try out.flush()
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), expected, "seed \(seed)")
        #if os(Linux)
        XCTAssertTrue(FileIO.startWriteback(fd: fd, 0..<expected.count), "sync_file_range is found and takes a regular file")
        XCTAssertGreaterThan(out.handedToDisk, expected.count - (1 << 20), "seed \(seed): all but the last MiB was handed to the disk")
        XCTAssertLessThanOrEqual(out.handedToDisk, expected.count, "seed \(seed)")
        #else
        XCTAssertEqual(out.handedToDisk, 0)
        #endif

        // A descriptor the system does not hand to a disk (a device, as standard output may be)
        // is not asked again, and loses nothing.
        let null = open("/dev/null", O_WRONLY)
        defer { close(null) }
        let device = ByteOutput(fd: null, path: "/dev/null", startingWriteback: true)
        for _ in 0..<3 { device.write([UInt8](repeating: 0x61, count: 1 << 20)) }
        XCTAssertNoThrow(try device.flush())
        XCTAssertEqual(device.handedToDisk, 0)
    }

    /// `AtomicFile` streams a large file to the same bytes, and leaves no temporary behind.
    func testAnAtomicStreamedFileHasEveryByte() throws {
        let directory = try TemporaryDirectory.make(prefix: "akkord-writeback")
        defer { TemporaryDirectory.remove(directory) }
        let path = directory + "/big.json"
        let piece = Array("{\"id\": 1, \"note\": \"æøå\"},\n".utf8)
        try AtomicFile.write(to: path) { out in for _ in 0..<200_000 { out.write(piece) } }
        let written = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(written.count, piece.count * 200_000)
        XCTAssertTrue(written.starts(with: piece) && written.suffix(piece.count).elementsEqual(piece))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["big.json"])
    }
}
