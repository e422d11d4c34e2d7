import Foundation
import XCTest
@testable import AkkordKit

/// `undo` reads neither file's lines into `Line`s: the current project without them, the kept
/// step as a `LineWindow` of none of its lines, whose lines the commit copies. The file it writes
/// must be, byte for byte, the one the whole model writes: the step read whole by
/// `ProjectCodec.decode`, given the current history (plus the undo's entry) and the larger of
/// each id counter, encoded by `ProjectCodec.encode`. Its refusals keep their errors and leave
/// the files as they were. Seeded: `AKKORD_SEED=<n> swift test --filter UndoWindowTests`.
final class UndoWindowTests: XCTestCase {
    typealias RNG = WorkspacePropertyTests.SplitMix64

    private let clock = Clock(seconds: 1_790_000_000)

    /// What `undo` does to project `id`, by the whole model (the logic `undo` had before it
    /// read windows): the project it writes and the summary it reports, or its refusal.
    private func expectedUndo(_ store: Store, _ id: String) throws -> Result<(project: Project, summary: ProjectListEntry, undone: HistoryEntry), AkkordError> {
        let current = try ProjectCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: store.projectFile(id)))), source: "current")
        guard current.status == .open else { return .failure(.projectClosed(id)) }
        guard let target = current.nextUndoTarget else { return .failure(.nothingToUndo(project: id, before: nil)) }
        let entry = current.history[target]
        let path = store.undoStepFile(id, historyCount: target)
        guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return .failure(.nothingToUndo(project: id, before: entry)) }
        var step = try ProjectCodec.decode(Array(bytes), source: path)
        guard step.id == id, step.history.elementsEqual(current.history[..<target]) else { return .failure(.nothingToUndo(project: id, before: entry)) }
        step.history = current.history
        step.nextIds.merge(current.nextIds) { max($0, $1) }
        let summary = try ProjectListEntry(step)
        step.history.append(HistoryEntry(time: clock.timestamp, command: "akkord test", described: Workspace.undoHistory(entry), undoes: target))
        return .success((step, summary, entry))
    }

    private func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// One random change through `Workspace`; refusals (a line that is not there) are fine.
    private func randomChange(_ workspace: Workspace, _ project: Project, _ rng: inout RNG) {
        let ids = project.lines.map(\.id)
        let pick = { (rng: inout RNG) -> Int in ids.isEmpty || rng.next() % 8 == 0 ? 999_999 : ids.randomElement(using: &rng)! }
        do {
            switch rng.next() % 9 {
            case 0, 1:
                let name = ["Ekstra tætning", "Inddækning \"syd\"", "Rygning 😀", "Tag/tæt"].randomElement(using: &rng)!
                _ = try workspace.addLine(.init(source: .custom(name: name, unit: "m2", price: UnitPrice(raw: Int64(rng.next() % 2_000_000))),
                                                quantity: Quantity(raw: Int64(rng.next() % 50_000) + 1), note: ["", "nord \\ side"].randomElement(using: &rng)!,
                                                date: "2026-04-0\(rng.next() % 9 + 1)", section: "Tag"))
            case 2, 3:
                _ = try workspace.editLine(pick(&rng), quantity: Quantity(raw: Int64(rng.next() % 90_000) + 1),
                                           note: rng.next() % 2 == 0 ? "æøå \"x\"" : nil, section: rng.next() % 3 == 0 ? "Flyttet" : nil)
            case 4:
                _ = try workspace.removeLines(Array(Set((0..<Int(rng.next() % 3 + 1)).map { _ in pick(&rng) })).sorted())
            case 5:
                _ = try workspace.addWorker(name: ["Per Nielsen", "Åse Ørsted", "Jens \"JJ\" Hansen"].randomElement(using: &rng)! + " \(rng.next() % 100)",
                                            apprentice: rng.next() % 3 == 0, rate: nil)
            case 6:
                guard let worker = project.workers.randomElement(using: &rng) else { return }
                _ = try workspace.addHours(worker: worker.id, hours: Hours(raw: Int64(rng.next() % 10 + 1) * 250), date: "2026-04-02", note: "tag")
            case 7:
                _ = try workspace.addSupplement(name: "Weekendtillæg \(rng.next() % 100)", percent: Percent(raw: Int64(rng.next() % 20 + 1) * 1000))
            default:
                _ = try workspace.addExtraWork(text: "Stillads", pricing: .amount(Money(raw: Int64(rng.next() % 100_000) + 1)))
            }
        } catch {}
    }

    func testUndoWritesWhatTheWholeModelWrites() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        let store = try makeProjectStore(prefix: "akkord-undo-window")
        var undos = 0, refused = 0
        let steps = Fixtures.rounds(20, thorough: 40)
        for n in 0..<3 {
            var p = StreamingTests.randomProject(&rng, id: "undo-\(n)", lines: [300, 600, 1][n])
            p.status = .open
            var encoded = try ProjectCodec.encode(p)
            // Lines not in akkord's own form: an undo back to this file writes them again, not copied.
            if n == 1 { encoded = StreamingTests.escapeByHand(encoded, &rng) }
            try Data(encoded).write(to: URL(fileURLWithPath: store.projectFile(p.id)))
            let workspace = Workspace(store: store, clock: clock, command: "akkord test", selectedProject: p.id)
            for step in 0..<steps {
                let label = "seed \(seed), project \(n), step \(step)"
                let path = store.projectFile(p.id)
                // Each project's first step is an undo with nothing to undo, so every seed has a refusal.
                if step > 0, rng.next() % 5 < 3 {
                    randomChange(workspace, try ProjectCodec.decode(try bytes(path), source: "now"), &rng)
                    continue
                }
                let before = try bytes(path)
                let expected = try expectedUndo(store, p.id)
                let dryRun = Result { try workspace.undo(dryRun: true) }
                XCTAssertEqual(try bytes(path), before, "a dry run writes nothing: \(label)")
                let got = Result { try workspace.undo() }
                switch (expected, got) {
                case (.success(let want), .success(let change)):
                    undos += 1
                    let after = try bytes(path)
                    let encoded = try ProjectCodec.encode(want.project)
                    XCTAssertTrue(after == encoded, "\(label): \(StreamingTests.firstDifference(after, encoded))")
                    XCTAssertEqual(change.value.project, want.summary, label)
                    XCTAssertEqual(change.value.projectId, p.id, label)
                    XCTAssertEqual(change.value.undone, want.undone, label)
                    XCTAssertEqual(change.history, Workspace.undoHistory(want.undone).map(\.text), label)
                    XCTAssertEqual(try dryRun.get().value.project, want.summary, "the dry run says the same: \(label)")
                    XCTAssertEqual(try dryRun.get().value.undone, want.undone, label)
                    XCTAssertFalse(FileIO.exists(store.undoStepFile(p.id, historyCount: want.project.history.count - 1)),
                                   "an undo keeps no step of itself: \(label)")
                    guard after == encoded else { return }
                case (.failure(let want), .failure(let error)):
                    refused += 1
                    XCTAssertEqual(error as? AkkordError, want, label)
                    XCTAssertEqual(dryRun.failure as? AkkordError, want, "the dry run refuses alike: \(label)")
                    XCTAssertEqual(try bytes(path), before, "a refused undo writes nothing: \(label)")
                default:
                    XCTFail("\(label): expected \(expected), got \(got)")
                    return
                }
            }
        }
        XCTAssertGreaterThan(undos, steps * 15 / 40, "seed \(seed)")
        XCTAssertGreaterThan(refused, 0, "seed \(seed)")
    }

    // MARK: - refusals

    /// A store with project `p` (500 lines) and one change made, so there is one step to undo.
    private func storeWithOneChange(_ rng: inout RNG) throws -> (Store, Workspace, String) {
        let directory = try TemporaryDirectory.make(prefix: "akkord-undo-refusal")
        addTeardownBlock { TemporaryDirectory.remove(directory) }
        let store = Store(directory: directory)
        try store.ensureDirectory(directory + "/projects")
        var p = StreamingTests.randomProject(&rng, id: "p", lines: 500)
        p.status = .open
        try Data(ProjectCodec.encode(p)).write(to: URL(fileURLWithPath: store.projectFile(p.id)))
        let workspace = Workspace(store: store, clock: clock, command: "akkord test", selectedProject: p.id)
        _ = try workspace.editLine(p.lines[0].id, quantity: Quantity(raw: 12_000))
        XCTAssertNotNil(try store.undoStepToRestore(of: p.id, historyCount: p.history.count))
        return (store, workspace, p.id)
    }

    /// Undo and its dry run fail with `want` and leave the project file and the step as they were.
    private func assertRefused(_ store: Store, _ workspace: Workspace, _ id: String, _ label: String, _ want: (Error) -> Void) throws {
        let projectBefore = try bytes(store.projectFile(id))
        let steps = store.undoStepCounts(of: id)
        let stepsBefore = try steps.map { try bytes(store.undoStepFile(id, historyCount: $0)) }
        for dryRun in [true, false] {
            XCTAssertThrowsError(try workspace.undo(dryRun: dryRun), "\(label), dry run \(dryRun)") { want($0) }
        }
        XCTAssertEqual(try bytes(store.projectFile(id)), projectBefore, label)
        XCTAssertEqual(store.undoStepCounts(of: id), steps, label)
        XCTAssertEqual(try steps.map { try bytes(store.undoStepFile(id, historyCount: $0)) }, stepsBefore, label)
    }

    func testRefusalsKeepTheirErrorsAndLeaveTheFiles() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)

        // A closed project.
        do {
            let (store, workspace, id) = try storeWithOneChange(&rng)
            let path = store.projectFile(id)
            var p = try ProjectCodec.decode(try bytes(path), source: path)
            p.status = .closed
            try Data(ProjectCodec.encode(p)).write(to: URL(fileURLWithPath: path))
            try assertRefused(store, workspace, id, "closed") { XCTAssertEqual($0 as? AkkordError, .projectClosed(id)) }
        }
        // A step whose history is not the project's (a step of an earlier project with the same id).
        do {
            let (store, workspace, id) = try storeWithOneChange(&rng)
            let current = try ProjectCodec.decode(try bytes(store.projectFile(id)), source: "current")
            let target = current.nextUndoTarget!
            let stepPath = store.undoStepFile(id, historyCount: target)
            var other = try ProjectCodec.decode(try bytes(stepPath), source: stepPath)
            other.history[0].command += " (another)"
            try FileManager.default.removeItem(atPath: stepPath)    // a hard link of the old file: not written through
            try Data(ProjectCodec.encode(other)).write(to: URL(fileURLWithPath: stepPath))
            try assertRefused(store, workspace, id, "foreign step") {
                XCTAssertEqual($0 as? AkkordError, .nothingToUndo(project: id, before: current.history[target]))
            }
        }
        // A step that does not parse: the whole reader's error, naming the step file.
        for damage in 0..<3 {
            let (store, workspace, id) = try storeWithOneChange(&rng)
            let target = try ProjectCodec.decode(try bytes(store.projectFile(id)), source: "current").nextUndoTarget!
            let stepPath = store.undoStepFile(id, historyCount: target)
            var broken = try bytes(stepPath)
            switch damage {
            case 0: broken = Array(broken.prefix(broken.count / 2))                      // cut short
            case 1:                                                                        // a line's amount wrong
                let at = StreamingTests.occurrences(of: "\"amount\": \"", in: broken)[3] + 11
                broken[at] = broken[at] == UInt8(ascii: "9") ? UInt8(ascii: "1") : UInt8(ascii: "9")
            default: broken = Array(String(decoding: broken, as: UTF8.self).replacingOccurrences(of: "\"lines\": [", with: "\"lines\": [1, ").utf8)
            }
            try FileManager.default.removeItem(atPath: stepPath)
            try Data(broken).write(to: URL(fileURLWithPath: stepPath))
            var wholeError = ""
            XCTAssertThrowsError(try ProjectCodec.decode(broken, source: stepPath), "damage \(damage)") { wholeError = "\($0)" }
            XCTAssertFalse(wholeError.isEmpty)
            try assertRefused(store, workspace, id, "broken step \(damage)") { XCTAssertEqual("\($0)", wholeError, "damage \(damage)") }
        }
        // No step kept.
        do {
            let (store, workspace, id) = try storeWithOneChange(&rng)
            let current = try ProjectCodec.decode(try bytes(store.projectFile(id)), source: "current")
            let target = current.nextUndoTarget!
            try FileManager.default.removeItem(atPath: store.undoStepFile(id, historyCount: target))
            try assertRefused(store, workspace, id, "no step") {
                XCTAssertEqual($0 as? AkkordError, .nothingToUndo(project: id, before: current.history[target]))
            }
        }
    }

    /// A file in a form the streaming reader leaves to the whole reader (a key of a line written
    /// with an escape; `history` before `lines`), the step or the current project, is read
    /// whole; the undo writes what it wrote before.
    func testAFileTheStreamingReaderLeavesIsReadWhole() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = RNG(state: seed)
        for stepLeft in [true, false] {
            let (store, workspace, id) = try storeWithOneChange(&rng)
            let target = try ProjectCodec.decode(try bytes(store.projectFile(id)), source: "current").nextUndoTarget!
            let path = stepLeft ? store.undoStepFile(id, historyCount: target) : store.projectFile(id)
            let text = String(decoding: try bytes(path), as: UTF8.self)
            let linesAt = text.range(of: ",\n  \"lines\": [")!.lowerBound
            let historyAt = text.range(of: ",\n  \"history\": [")!.lowerBound
            XCTAssertLessThan(linesAt, historyAt)
            let end = text.range(of: "\n}", options: .backwards)!.lowerBound
            let lines = String(text[linesAt..<historyAt]).replacingOccurrences(of: "{\"id\": ", with: "{\"\\u0069d\": ")
            let reordered = String(text[..<linesAt]) + String(text[historyAt..<end]) + lines + String(text[end...])
            try FileManager.default.removeItem(atPath: path)
            try Data(reordered.utf8).write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(try ProjectCodec.decode(Array(reordered.utf8), source: "reordered"), try ProjectCodec.decode(Array(text.utf8), source: "step"))
            guard case .success(let want) = try expectedUndo(store, id) else { return XCTFail("seed \(seed)") }
            XCTAssertEqual(try workspace.undo(dryRun: true).value.project, want.summary)
            let change = try workspace.undo()
            let after = try bytes(store.projectFile(id))
            let encoded = try ProjectCodec.encode(want.project)
            XCTAssertTrue(after == encoded, "seed \(seed), step left \(stepLeft): \(StreamingTests.firstDifference(after, encoded))")
            XCTAssertEqual(change.value.project, want.summary)
        }
    }
}

private extension Result {
    var failure: Failure? { if case .failure(let e) = self { return e } else { return nil } }
}
