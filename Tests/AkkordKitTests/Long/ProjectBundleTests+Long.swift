import Foundation
import XCTest
@testable import AkkordKit

// The long part of ProjectBundleTests (README: Set up on a fresh machine): built and run with AKKORD_LONG_TESTS=1.
extension ProjectBundleTests {
    /// `project export` writes the bundle as it goes and `project import` reads it as it
    /// streams: the bytes are those of the whole-bundle encoder (`encode` of the project read
    /// whole and encoded again), to a file and to standard output, for projects of a few hundred
    /// lines (more than one of the writer's pieces), of one line, and one whose file is not in
    /// akkord's own form (texts escaped by hand); imported into an empty store and exported
    /// again, the same bytes; imported again, unchanged. Seeded (`AKKORD_SEED`).
    func testStreamingExportAndImportGiveTheWholeEncodersBytes() throws {
        let seed = StreamingTests.seed()
        defer { reportSeedOnFailure(seed) }
        var rng = StreamingTests.RNG(state: seed)
        let photos = try fixturePhotos()
        let clock = Clock(seconds: 1_790_000_000)
        let outside = try TemporaryDirectory.make(prefix: "akkord-bundle-out")
        addTeardownBlock { TemporaryDirectory.remove(outside) }
        let store = try makeProjectStore(prefix: "akkord-bundle-src")
        try store.ensureDirectory(store.photosDirectory)
        try store.ensureDirectory(store.temporaryDirectory)
        for photo in photos { try store.write(photo.bytes, to: store.photoPath(photo.file)) }
        for (n, lines) in [600, 1, 300].enumerated() {
            var p = StreamingTests.randomProject(&rng, id: "bundle-\(n)", lines: lines)
            p.photos = try sampleProject().photos
            p.nextIds["photo"] = 5
            XCTAssertEqual(ProjectRules.problems(p), [], "seed \(seed)")
            var file = try ProjectCodec.encode(p)
            if n == 2 { file = StreamingTests.escapeByHand(file, &rng) }
            try Data(file).write(to: URL(fileURLWithPath: store.projectFile(p.id)))
            let expected = ProjectBundle.encode(projectFile: try ProjectCodec.encode(try ProjectCodec.decode(file, source: "p")),
                                                photos: photos.map { ($0.file, $0.sha256, $0.bytes) })

            let workspace = Workspace(store: store, clock: clock, command: "akkord test")
            let path = "\(outside)/\(p.id).akkord"
            let export = try workspace.exportBundle(p.id, to: path)
            XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), expected, "seed \(seed), project \(n): the file")
            XCTAssertEqual([export.byteCount, export.lineCount, export.photos], [expected.count, lines, 3])
            let out = ByteOutput()
            XCTAssertEqual(try workspace.exportBundle(p.id, writingTo: out).byteCount, expected.count)
            XCTAssertEqual(out.bytes, expected, "seed \(seed), project \(n): standard output")

            let target = Workspace(store: Store(directory: "\(outside)/store-\(n)", lockTimeout: 1), clock: clock, command: "akkord test")
            let imported = try target.importBundle(.file(path), source: path)
            XCTAssertEqual(imported.value.result, .created)
            XCTAssertEqual(imported.value.lineCount, lines)
            XCTAssertEqual(imported.value.total, try FinalAccounting(p).total)
            let again = "\(outside)/\(p.id)-again.akkord"
            _ = try target.exportBundle(p.id, to: again)
            XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: again))), expected, "seed \(seed), project \(n): export → import → export")
            XCTAssertEqual(try target.importBundle(.file(again), source: again).value.result, .unchanged)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(outside)/store-\(n)/tmp"), [], "no temporary left")
        }
    }

    /// Photos are checked by their SHA-256 on export and import: digests of messages around the
    /// block and padding boundaries and of a megabyte, as Python's hashlib computes them.
    func testSHA256AgreesWithHashlibAcrossBlockBoundaries() {
        let expected: [(Int, String)] = [
            (55, "1deace58c745f3ecadde68a5923f494c3703fa73f0306483ccb898a5826e8d70"),
            (56, "06dbe23685750e4d3881ded95047abaf93fa8f9c5d3501dc57c717a72ff1398e"),
            (63, "47fb38b12335c9298d09280515c0666489a189d1554bb0ac1a0740806ce9d8b6"),
            (64, "dfa798724b1a8014994f363e5da7474ed26ce3757fb29e07aa47ad5a9352d37b"),
            (65, "dd2eab5a5507d7717c63ce953d9ac61752c21e664425ad1227054722a0d97f69"),
            (119, "c6e0f435df5d7d265baacca31e0602c00aa22fa6d3819aed664649294c743756"),
            (120, "17eb8960823a644bde3065620bb9d45931fe8993fd8eb692a17aff0fd725db6a"),
            (1_000_000, "60082309c8b65a633cc3951092947aec5f2d5d95ba794f887fcae9bf84e89096"),
        ]
        for (n, digest) in expected {
            // bytes((i * 7 + 3) % 251 for i in range(n))
            XCTAssertEqual(SHA256.hex((0..<n).map { UInt8((($0 * 7) + 3) % 251) }), digest, "\(n) bytes")
        }
    }
}
