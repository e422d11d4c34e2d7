import Foundation
import XCTest
@testable import AkkordKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `add`, `edit` and `remove` load only the lines they name and copy the others from the file
/// (`LineWindow`): the file they write must be, byte for byte, the one the whole model writes
/// for the same change (the project read whole by `ProjectCodec.decode`, changed by the same
/// `Project` method, its history entry appended, encoded by `ProjectCodec.encode`). Seeded:
/// `AKKORD_SEED=<n> swift test --filter LineWindowTests` repeats a run.
final class LineWindowTests: XCTestCase {
    typealias RNG = WorkspacePropertyTests.SplitMix64

    private let clock = Clock(seconds: 1_790_000_000)

    func testLineChangesWriteWhatTheWholeModelWrites() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let store = try makeProjectStore(prefix: "akkord-window")
        for n in 0..<3 {
            var p = StreamingTests.randomProject(&rng, id: "window-\(n)", lines: [400, 700, 1][n])
            p.status = .open
            var bytes = try ProjectCodec.encode(p)
            // Some files with escapes written by hand (lines not in akkord's own form: written again, not copied).
            if n == 1 { bytes = StreamingTests.escapeByHand(bytes, &rng) }
            try Data(bytes).write(to: URL(fileURLWithPath: store.projectFile(p.id)))
            let workspace = Workspace(store: store, clock: clock, command: "akkord test", selectedProject: p.id)
            for step in 0..<Fixtures.rounds(8, thorough: 25) {
                let label = "seed \(seed), project \(n), step \(step)"
                let before = try Data(contentsOf: URL(fileURLWithPath: store.projectFile(p.id)))
                var expected = try ProjectCodec.decode(Array(before), source: "before")
                let ids = expected.lines.map(\.id)
                let pick = { (rng: inout RNG) -> Int in ids.isEmpty || rng.next() % 8 == 0 ? 999_999 : ids.randomElement(using: &rng)! }
                let changes: [HistoryChange]
                let subtotal: Money?
                do {
                    switch rng.next() % 4 {
                    case 0:
                        let quantity = Quantity(raw: Int64(rng.next() % 50_000) + 1)
                        let price = UnitPrice(raw: Int64(rng.next() % 2_000_000))
                        let name = ["Ekstra tætning", "Inddækning \"syd\"", "Rygning 😀", "Tag/tæt"].randomElement(using: &rng)!
                        let note = ["", "nord side", "med \\ og \"citat\""].randomElement(using: &rng)!
                        let date = "2026-04-0\(rng.next() % 9 + 1)"
                        let change = try workspace.addLine(.init(source: .custom(name: name, unit: "m2", price: price), quantity: quantity,
                                                                 note: note, date: date, section: "Tag"))
                        changes = expected.addCustomLine(name: name, unit: "m2", price: price, quantity: quantity, note: note,
                                                         date: date, section: "Tag").1
                        subtotal = change.subtotal
                        XCTAssertEqual(change.history, changes.map(\.text), label)
                    case 1, 2:
                        let id = pick(&rng)
                        let quantity = rng.next() % 2 == 0 ? Quantity(raw: Int64(rng.next() % 90_000) + 1) : nil
                        let note: String? = rng.next() % 2 == 0 ? ["ny note", "", "æøå \"x\""].randomElement(using: &rng)! : nil
                        let section: String? = rng.next() % 3 == 0 ? "Flyttet" : nil
                        let change = try workspace.editLine(id, quantity: quantity, note: note, section: section)
                        changes = try expected.editLine(id, quantity: quantity, note: note, price: nil, section: section)
                        subtotal = change.subtotal
                        XCTAssertEqual(change.history, changes.map(\.text), label)
                    default:
                        let remove = (0..<Int(rng.next() % 3 + 1)).map { _ in pick(&rng) }
                        let unique = Array(Set(remove)).sorted()
                        let change = try workspace.removeLines(unique)
                        changes = try expected.removeLines(unique)
                        subtotal = change.subtotal
                        XCTAssertEqual(change.history, changes.map(\.text), label)
                    }
                } catch let error as AkkordError {
                    // Refused (a line that is not there): the file is left as it was.
                    let after = try Data(contentsOf: URL(fileURLWithPath: store.projectFile(p.id)))
                    XCTAssertEqual(after, before, "\(label): \(error)")
                    continue
                }
                let after = Array(try Data(contentsOf: URL(fileURLWithPath: store.projectFile(p.id))))
                if changes.isEmpty {
                    XCTAssertEqual(after, Array(before), "a change that changed nothing writes nothing: \(label)")
                    continue
                }
                expected.history.append(HistoryEntry(time: clock.timestamp, command: "akkord test", described: changes))
                let encoded = try ProjectCodec.encode(expected)
                XCTAssertTrue(after == encoded, "\(label): \(StreamingTests.firstDifference(after, encoded))")
                XCTAssertEqual(subtotal, try expected.subtotal, "the subtotal the change reports: \(label)")
                XCTAssertEqual(try ProjectCodec.decode(after, source: "after"), expected, label)
                guard after == encoded else { return }
            }
        }
    }

    /// A file of more than 4 MiB: the copied lines go out in pieces of at most 4 MiB (their
    /// pages handed back as they go), still the whole model's bytes.
    func testALargeFileIsCopiedInPiecesToTheSameBytes() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let store = try makeProjectStore(prefix: "akkord-window")
        var p = StreamingTests.randomProject(&rng, id: "large", lines: 40_000)
        p.status = .open
        let bytes = try ProjectCodec.encode(p)
        XCTAssertGreaterThan(bytes.count, 2 << 22, "more than two pieces of 4 MiB")
        try Data(bytes).write(to: URL(fileURLWithPath: store.projectFile(p.id)))
        let id = p.lines[20_000].id
        let change = try Workspace(store: store, clock: clock, command: "akkord test", selectedProject: p.id)
            .editLine(id, note: "midt i filen")
        var expected = p
        let changes = try expected.editLine(id, quantity: nil, note: "midt i filen", price: nil)
        XCTAssertEqual(change.history, changes.map(\.text))
        expected.history.append(HistoryEntry(time: clock.timestamp, command: "akkord test", described: changes))
        let after = Array(try Data(contentsOf: URL(fileURLWithPath: store.projectFile(p.id))))
        let encoded = try ProjectCodec.encode(expected)
        XCTAssertTrue(after == encoded, "seed \(seed): \(StreamingTests.firstDifference(after, encoded))")
    }

    /// A line the scanner calls akkord's own form is exactly what `LineView.writeJSON(.stored)`
    /// writes for it (the bytes a change copies), whatever was done to it; and what akkord
    /// writes is its own form unless a text needs escapes.
    func testStoredFormIsExactlyWhatAkkordWrites() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let project = StreamingTests.randomProject(&rng, id: "form", lines: 600)
        var storedForm = 0, variants = 0, variantsStoredForm = 0
        // The line is made inside: a view's texts are in the buffer, which is gone after.
        func scan(_ line: [UInt8]) -> (line: Line, stored: Bool, bytes: [UInt8])? {
            // As in a file, more follows the array (the scanner reads keys 16 bytes at a time).
            let array = Array("[".utf8) + line + Array("]".utf8) + [UInt8](repeating: 0x20, count: 32)
            return array.withUnsafeBufferPointer { buffer in
                var scanner = try! LineDecoder(buffer, arrayAt: 0)
                guard let view = scanner.nextLine() else { return nil }
                let out = ByteOutput()
                view.writeJSON(.stored, to: out)
                let bytes = Array(buffer[scanner.lineStart..<scanner.lineEnd])
                XCTAssertEqual(bytes, line, "the line's place is all of it")
                return (view.line, scanner.lineIsStoredForm, out.bytes)
            }
        }
        for line in project.lines {
            let out = ByteOutput()
            line.withView { $0.writeJSON(.stored, to: out) }
            let written = out.bytes
            guard let read = scan(written) else { XCTFail("seed \(seed): akkord's line does not scan: \(String(decoding: written, as: UTF8.self))"); continue }
            XCTAssertEqual(read.line, line, "seed \(seed)")
            XCTAssertEqual(read.stored, !written.contains(UInt8(ascii: "\\")), "seed \(seed): \(String(decoding: written, as: UTF8.self))")
            if read.stored { storedForm += 1 }
            // Variants: the same line written otherwise; when one is still called akkord's form,
            // its bytes must be what akkord writes.
            for variant in Self.variants(of: written, &rng) {
                guard let v = scan(variant) else { continue }
                variants += 1
                if v.stored {
                    variantsStoredForm += 1
                    XCTAssertTrue(variant == v.bytes, "seed \(seed): called stored form but akkord writes it otherwise:\n\(String(decoding: variant, as: UTF8.self))\n\(String(decoding: v.bytes, as: UTF8.self))")
                }
            }
        }
        XCTAssertGreaterThan(storedForm, 100, "seed \(seed)")
        XCTAssertGreaterThan(variants, 1000, "seed \(seed)")
        // A blank put into a text leaves a line in akkord's form; no other variant does.
        XCTAssertLessThan(variantsStoredForm, variants / 4, "seed \(seed)")

        // Forms the reader takes and akkord does not write, one by one.
        let base = #"{"id": 7, "pos": "1.01", "name": "Tagpap", "unit": "m2", "price": "24.80", "quantity": "36.6", "amount": "907.68", "custom": false, "note": "", "section": "Tag", "date": "2026-03-07"}"#
        XCTAssertEqual(scan(Array(base.utf8))?.stored, true)
        let others = [
            base.replacingOccurrences(of: #""quantity": "36.6""#, with: #""quantity": "36.60""#),
            base.replacingOccurrences(of: #""quantity": "36.6""#, with: #""quantity": 36.6"#),
            base.replacingOccurrences(of: #""price": "24.80""#, with: #""price": "24.8""#),
            base.replacingOccurrences(of: #""price": "24.80""#, with: #""price": "24.8000""#),
            base.replacingOccurrences(of: #""amount": "907.68", "#, with: ""),
            base.replacingOccurrences(of: #", "date": "2026-03-07""#, with: ""),
            base.replacingOccurrences(of: #"}"#, with: #", "measurement": null}"#),
            base.replacingOccurrences(of: #""note": """#, with: #""note": null"#),
            base.replacingOccurrences(of: #""name": "Tagpap""#, with: #""name": "Tag\/pap""#),
            base.replacingOccurrences(of: #"{"id""#, with: #"{ "id""#),
            base.replacingOccurrences(of: #", "pos""#, with: #",  "pos""#),
            base.replacingOccurrences(of: #""date": "2026-03-07"}"#, with: #""date": "2026-03-07" }"#),
            base.replacingOccurrences(of: #""unit": "m2", "price": "24.80""#, with: #""price": "24.80", "unit": "m2""#),
        ]
        for other in others {
            let read = scan(Array(other.utf8))
            XCTAssertNotNil(read, other)
            XCTAssertEqual(read?.stored, false, other)
        }
        let zero = base.replacingOccurrences(of: #""price": "24.80""#, with: #""price": "-0.00""#)
            .replacingOccurrences(of: #""amount": "907.68""#, with: #""amount": "0.00""#)
        XCTAssertEqual(scan(Array(zero.utf8))?.stored, false, zero)
    }

    /// The same line written otherwise: blanks added, a figure with more or fewer decimals or
    /// unquoted, a member left out or moved, a text with an escape.
    static func variants(of line: [UInt8], _ rng: inout RNG) -> [[UInt8]] {
        let text = String(decoding: line, as: UTF8.self)
        var out: [[UInt8]] = []
        // A blank after a random one of the structural bytes.
        let places = line.indices.filter { [UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "{")].contains(line[$0]) }
        if let at = places.randomElement(using: &rng) { var l = line; l.insert(0x20, at: at + 1); out.append(l) }
        var l = line; l.insert(0x0A, at: l.count - 1); out.append(l)
        for key in ["price", "quantity", "amount"] {
            guard let r = text.range(of: "\"\(key)\": \"") else { continue }
            let valueEnd = text[r.upperBound...].firstIndex(of: "\"")!
            let value = String(text[r.upperBound..<valueEnd])
            out.append(Array(text.replacingCharacters(in: r.upperBound..<valueEnd, with: value.contains(".") ? value + "0" : value + ".0").utf8))
            out.append(Array(text.replacingCharacters(in: r.lowerBound..<text.index(after: valueEnd), with: "\"\(key)\": \(value)").utf8))
        }
        for member in [#", "custom": false"#, #", "note": """#, #", "amount": ""#] {
            if let r = text.range(of: member) {
                let end = member.hasSuffix("\"") ? text[r.upperBound...].firstIndex(of: "\"").map { text.index(after: $0) } ?? r.upperBound : r.upperBound
                out.append(Array(text.replacingCharacters(in: r.lowerBound..<end, with: "").utf8))
            }
        }
        if let r = text.range(of: #""name": ""#) {
            out.append(Array(text.replacingCharacters(in: r, with: #""name": "\u0041"#).utf8))
        }
        out.append(Array(text.replacingOccurrences(of: #"{"id": "#, with: #"{"pos": "Z", "id": "#).utf8))
        return out
    }

    /// Another program writing into the file between the read and the write (akkord never does:
    /// it replaces files) is caught where a copied line is not where it was: the change is
    /// refused and the file left as that program left it.
    func testAFileChangedInPlaceIsNotWrittenOver() throws {
        var rng = RNG(state: 42)
        let store = try makeProjectStore(prefix: "akkord-window")
        let directory = store.directory
        try store.ensureDirectory(directory + "/tmp")
        var p = StreamingTests.randomProject(&rng, id: "inplace", lines: 300)
        p.status = .open
        let path = store.projectFile(p.id)
        try Data(ProjectCodec.encode(p)).write(to: URL(fileURLWithPath: path))
        let window = try store.loadLineWindow(p.id, wanted: [p.lines[0].id])
        // Shift everything after the first line by one byte, in place (same file, same mapping).
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let at = bytes.firstIndex(of: UInt8(ascii: "}"))! + 1
        bytes.insert(0x20, at: bytes.index(after: bytes[at...].firstIndex(of: UInt8(ascii: "{"))!))
        let fd = open(path, O_WRONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }, bytes.count)
        close(fd)
        var staged = window.changeable
        staged.lines[0].note = "changed"
        let checked = window.check(staged)
        XCTAssertEqual(checked.problems, [])
        XCTAssertThrowsError(try store.write(to: path) { try window.write(staged, lineCount: checked.count, subtotal: checked.subtotal, to: $0, source: path) }) {
            XCTAssertTrue("\($0)".contains("changed while akkord was reading them"), "\($0)")
        }
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), bytes, "the file is as the other program left it")
    }
}
