import Foundation
import XCTest
@testable import AkkordKit

/// `Store.undoStepToRestore` reads a kept step with the streaming reader (issue 16: `undo` on a
/// normal project), falling back to the whole-file reader. Oracle: `ProjectCodec.decode` of the
/// same bytes, the reader it used before: the same project (its lines, when streamed, counted
/// and added up by the window), or the same error. Seeded:
/// `AKKORD_SEED=<n> swift test --filter NormalUndoStepTests` repeats a run.
final class NormalUndoStepTests: XCTestCase {
    typealias RNG = WorkspacePropertyTests.SplitMix64


    func testAStepReadsAsTheWholeFileReaderReadsIt() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let directory = try TemporaryDirectory.make(prefix: "akkord-normal-undo")
        defer { TemporaryDirectory.remove(directory) }
        let store = Store(directory: directory)
        let id = "step"
        try store.ensureDirectory(store.undoDirectory)
        try store.ensureDirectory(store.undoStepsDirectory(id))
        XCTAssertNil(try store.undoStepToRestore(of: id, historyCount: 1), "no step file: no step")

        for (n, count) in [0, 1, 25, 300].enumerated() {
            let p = StreamingTests.randomProject(&rng, id: id, lines: count)
            let written = StreamingTests.escapeByHand(try ProjectCodec.encode(p), &rng)
            var text = String(decoding: written, as: UTF8.self)
            // Forms the streaming reader leaves to the whole one, and files neither takes.
            let variants: [(String, String)] = [
                ("as written", text),
                ("no lineCount", text.replacingOccurrences(of: "\"lineCount\": \(count),", with: "")),
                ("lineCount after the lines", text.replacingOccurrences(of: "\"lineCount\": \(count),", with: "")
                    .replacingOccurrences(of: "\n}", with: ",\n  \"lineCount\": \(count)\n}")),
                ("wrong subtotal", text.replacingOccurrences(of: "\"subtotal\": \"", with: "\"subtotal\": \"1")),
                ("another id", text.replacingOccurrences(of: "\"id\": \"\(id)\"", with: "\"id\": \"other\"")),
                ("cut short", String(text.prefix(text.count / 2))),
                ("empty", ""),
            ]
            text = ""
            for (k, (what, variant)) in variants.enumerated() {
                let label = "seed \(seed), \(count) lines, \(what)"
                let historyCount = 10 * n + k
                let path = store.undoStepFile(id, historyCount: historyCount)
                let bytes = Array(variant.utf8)
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                let expected = Result { try ProjectCodec.decode(bytes, source: path) }
                let got = Result { try store.undoStepToRestore(of: id, historyCount: historyCount) }
                switch (expected, got) {
                case (.success(let e), .success(let found)):
                    guard let restored = found else { XCTFail("\(label): the step file was not found"); continue }
                    let window = restored.window
                    XCTAssertEqual(window.lines, [], "\(label): a window of none of the lines keeps none")
                    XCTAssertEqual(window.places.count, e.lines.count, label)
                    XCTAssertEqual(window.subtotal, try e.subtotal, label)
                    if e.id == id { XCTAssertEqual(window.head.with(lines: e.lines), e, label) } else { XCTFail("\(label): a step of another project was read") }
                case (.success(let e), .failure(let g)):
                    XCTAssertNotEqual(e.id, id, "\(label): refused \(g)")
                    XCTAssertEqual("\(g)", "\(StoreFileError(path: path, problem: "id: is \(Excerpt.quoted(e.id)), not \(id)"))", label)
                case (.failure(let e), .failure(let g)):
                    XCTAssertEqual("\(g)", "\(e)", "\(label): the whole reader's error")
                case (.failure(let e), .success):
                    XCTFail("\(label): read a step the whole reader refuses (\(e))")
                }
                if what == "as written" {
                    XCTAssertNotNil(try store.undoStepToRestore(of: id, historyCount: historyCount)?.window,
                                    "\(label): the streaming reader takes an akkord-written step")
                }
            }
        }
    }
}
