import Foundation
import XCTest
@testable import AkkordKit

/// The bundle's writer and reader (SPEC §10) without the binary: strict base64, the writer's
/// layout, every check of the reader with its place, and the differences a conflict shows.
final class ProjectBundleTests: XCTestCase {
    // MARK: base64

    func testBase64AgreesWithFoundationAndReadsBackWhatItWrites() throws {
        var rng = WorkspacePropertyTests.SplitMix64(state: 20260504)
        for length in Array(0...70) + [1000, 4095, 4096, 4097] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let text = Base64.encodedString(bytes)
            XCTAssertEqual(text, Data(bytes).base64EncodedString(), "length \(length)")
            XCTAssertEqual(try Base64.decode(text).get(), bytes, "length \(length)")
        }
    }

    func testBase64RefusesEveryTextItsEncoderDoesNotWrite() {
        // "QUJD" is "ABC"; "QQ==" is "A"; "QUI=" is "AB".
        let refused: [(String, Int, String)] = [
            ("QUJ", 3, "is not a multiple of 4"),
            ("QUJDQQ", 6, "is not a multiple of 4"),
            ("QU JD", 5, "is not a multiple of 4"),
            ("QUJ\nQUJD", 3, "byte 0xA at character 3"),
            ("QU-D", 2, "'-' at character 2 is not a base64 letter"),     // URL-safe letters are not standard base64
            ("QU_D", 2, "'_' at character 2"),
            ("QQ==QUJD", 2, "padding '=' at character 2 before the end"),
            ("Q===", 1, "padding '=' at character 1 before the end"),
            ("QR==", 1, "carries bits past the data"),                     // "A" is QQ==; R sets a bit past it
            ("QUJ=", 2, "carries bits past the data"),                     // "AB" is QUI=
            ("QUJD\u{00E6}AA", 4, "byte 0xC3 at character 4"),   // æ is two bytes in UTF-8
        ]
        for (text, offset, reason) in refused {
            guard case .failure(let f) = Base64.decode(text) else { XCTFail("\(text.debugDescription) was accepted"); continue }
            XCTAssertEqual(f.offset, offset, text.debugDescription)
            XCTAssertTrue(f.reason.description.contains(reason), "\(text.debugDescription): \(f.reason.description)")
        }
        XCTAssertEqual(try Base64.decode("QQ==").get(), [0x41])
        XCTAssertEqual(try Base64.decode("QUI=").get(), [0x41, 0x42])
        XCTAssertEqual(try Base64.decode("").get(), [])
    }

    // MARK: writing

    func testTheBundleIsExactlyWhatJSONWriterWritesForTheWholeTree() throws {
        for photos in [try fixturePhotos(), []] {
            var project = try sampleProject()
            if photos.isEmpty { project.photos = [] }
            let projectFile = try ProjectCodec.encode(project)
            let bundle = ProjectBundle.encode(projectFile: projectFile, photos: photos.map { ($0.file, $0.sha256, $0.bytes) })
            let tree = JSONValue([
                "format": "akkord-bundle", "version": .int(1), "project": try JSONReader.parse(projectFile),
                "photos": .array(photos.sorted { $0.file < $1.file }.map { p in
                    JSONValue(["file": .string(p.file), "sha256": .string(p.sha256), "data": .string(Data(p.bytes).base64EncodedString())])
                }),
            ])
            XCTAssertEqual(String(decoding: bundle, as: UTF8.self), JSONWriter.string(tree), "\(photos.count) photos")
        }
    }

    func testAWrittenBundleReadsBackToTheSameProjectAndPhotos() throws {
        let photos = try fixturePhotos()
        let project = try sampleProject()
        let bytes = ProjectBundle.encode(projectFile: try ProjectCodec.encode(project), photos: photos.map { ($0.file, $0.sha256, $0.bytes) })
        let read = try ProjectBundle.decode(bytes, source: "b.akkord")
        XCTAssertEqual(read.project, project)
        XCTAssertEqual(read.photos.map(\.file), photos.map(\.file).sorted())
        for p in read.photos { XCTAssertEqual(p.bytes, photos.first { $0.file == p.file }?.bytes) }
        // Written again from what was read: the same bytes.
        XCTAssertEqual(ProjectBundle.encode(projectFile: try ProjectCodec.encode(read.project),
                                            photos: read.photos.map { ($0.file, SHA256.hex($0.bytes), $0.bytes) }), bytes)
    }

    // MARK: streaming

    /// A bundle with a problem is refused by the streaming import with exactly the problems the
    /// whole reader names, and an empty store is not made.
    func testTheStreamingImportNamesTheProblemsTheWholeReaderNames() throws {
        let good = String(decoding: ProjectBundle.encode(projectFile: try ProjectCodec.encode(try sampleProject()),
                                                         photos: try fixturePhotos().map { ($0.file, $0.sha256, $0.bytes) }), as: UTF8.self)
        let outside = try TemporaryDirectory.make(prefix: "akkord-bundle-bad")
        addTeardownBlock { TemporaryDirectory.remove(outside) }
        let bad = [
            good.replacingOccurrences(of: "\"lineCount\": 2", with: "\"lineCount\": 3"),
            good.replacingOccurrences(of: "\"version\": 1,\n  \"project\"", with: "\"version\": 2,\n  \"project\""),
            good.replacingOccurrences(of: "\"quantity\": \"3\"", with: "\"quantity\": \"4\""),
            good.replacingOccurrences(of: "\"custom\": false,", with: "\"custom\": false, \"custom\": true,"),
            String(good.dropLast(40)),
        ]
        for (i, text) in bad.enumerated() {
            XCTAssertNotEqual(text, good)
            let path = "\(outside)/bad-\(i).akkord"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let expected = try refused(Array(text.utf8))
            let store = "\(outside)/store"
            let workspace = Workspace(store: Store(directory: store, lockTimeout: 1), clock: Clock(seconds: 1_790_000_000), command: "akkord test")
            do {
                _ = try workspace.importBundle(.file(path), source: "b.akkord")
                XCTFail("bundle \(i) was imported")
            } catch let e as InvalidDataError {
                XCTAssertEqual(e.problems, expected.problems, "bundle \(i)")
                XCTAssertFalse(expected.problems.isEmpty)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: store), "bundle \(i): no store made")
        }
    }

    // MARK: reading: every problem at its place

    func testEveryProblemOfABundleIsListedWithItsPlace() throws {
        let photos = try fixturePhotos()          // jpg, png, png
        var tree = try bundleTree(photos)
        // Top level: an unknown key. Project: an unknown key on a worker (so the project does
        // not read, and its photos are still checked). Photos (sorted by name): an unknown key,
        // a wrong sha256 on the second, the third dropped (the project uses it), and one the
        // project does not use.
        tree = set(tree, ["extra"], .bool(true))
        tree = set(tree, ["project", "workers", 0, "nickname"], .string("J"))
        tree = set(tree, ["photos", 0, "comment"], .string("north"))
        tree = set(tree, ["photos", 1, "sha256"], .string(String(repeating: "0", count: 64)))
        var list = tree["photos"]!.arrayValue!
        let dropped = list.removeLast()
        let other = try fixtureBytes("transparent-rgba.png")
        list.append(JSONValue(["file": .string(SHA256.hex(other) + ".png"), "sha256": .string(SHA256.hex(other)),
                               "data": .string(Data(other).base64EncodedString())]))
        tree = set(tree, ["photos"], .array(list))
        let error = try refused(JSONWriter.write(tree))
        let droppedFile = dropped["file"]!.stringValue!
        let droppedIndex = try sampleProject().photos.firstIndex { $0.file == droppedFile }!
        XCTAssertEqual(error.problems.map(\.description), [
            "unknown field \"extra\" (known: format, version, project, photos)",
            "project.workers[0]: unknown field \"nickname\" (known: id, name, apprentice, rate, weight)",
            "photos[0]: unknown field \"comment\" (known: file, sha256, data)",
            "photos[1].sha256: \(String(repeating: "0", count: 64)) does not match the photo's bytes (they hash to \(photos.sorted { $0.file < $1.file }[1].sha256))",
            "project.photos[\(droppedIndex)].file: \"\(droppedFile)\" is not in the bundle's photos",
            "photos[2]: \"\(SHA256.hex(other)).png\" is not used by the project",
        ])
        XCTAssertEqual(error.consequence, "nothing was imported")
    }

    func testATamperedPhotoByteOrFieldIsNamed() throws {
        let photos = try fixturePhotos()
        // One byte of the JPEG's image data changed, its base64 still valid.
        var tampered = photos[0].bytes
        tampered[tampered.count / 2] ^= 0x01
        var tree = set(try bundleTree(photos), ["photos", 0, "data"], .string(Data(tampered).base64EncodedString()))
        var error = try refused(JSONWriter.write(tree))
        XCTAssertEqual(error.problems.map(\.place), ["photos[0].data"])
        XCTAssertTrue(error.problems[0].message.description.contains("do not match its sha256 and file name (they hash to \(SHA256.hex(tampered)))"))

        // A line's price changed: 12.5 × 38.60 = 482.50, not the 481.25 the line says.
        tree = set(try bundleTree(photos), ["project", "lines", 0, "price"], .string("38.60"))
        error = try refused(JSONWriter.write(tree))
        XCTAssertEqual(error.problems.first?.place, "project.lines[0].amount")
        XCTAssertEqual(error.problems.first?.message, "is 481.25 but quantity × price is 482.50")

        // A photo named .png that is a JPEG; a PNG cut short (its hash made to match).
        let jpeg = photos[0]
        tree = set(try bundleTree(photos), ["photos", 0, "file"], .string(jpeg.sha256 + ".png"))
        tree = set(tree, ["project", "photos"], .array(try sampleProject().photos.map { p in
            JSONValue(["id": .int(p.id), "caption": .string(p.caption), "originalName": .string(p.originalName),
                       "file": .string(p.file == jpeg.file ? jpeg.sha256 + ".png" : p.file), "added": .string(p.added)])
        }))
        error = try refused(JSONWriter.write(tree))
        XCTAssertEqual(error.problems.map(\.place), ["photos[0].file"])
        XCTAssertTrue(error.problems[0].message.description.contains("says .png but the photo is a JPEG"))

        let png = photos.first { $0.file.hasSuffix(".png") }!
        let cut = Array(png.bytes.dropLast(20))
        let cutName = SHA256.hex(cut) + ".png"
        let index = photos.sorted { $0.file < $1.file }.firstIndex { $0.file == png.file }!
        tree = set(try bundleTree(photos), ["photos", index], JSONValue(["file": .string(cutName), "sha256": .string(SHA256.hex(cut)),
                                                                        "data": .string(Data(cut).base64EncodedString())]))
        tree = set(tree, ["project", "photos"], .array(try sampleProject().photos.map { p in
            JSONValue(["id": .int(p.id), "caption": .string(p.caption), "originalName": .string(p.originalName),
                       "file": .string(p.file == png.file ? cutName : p.file), "added": .string(p.added)])
        }))
        error = try refused(JSONWriter.write(tree))
        XCTAssertEqual(error.problems.map(\.place), ["photos[\(index)].data"])
        XCTAssertTrue(error.problems[0].message.description.contains("PNG"), error.problems[0].message.description)
    }

    func testAKeyTwiceAtAnyDepthIsRefusedWithItsLine() throws {
        let text = String(decoding: ProjectBundle.encode(projectFile: try ProjectCodec.encode(try sampleProject(photos: false)), photos: []), as: UTF8.self)
        let doubled = text.replacingOccurrences(of: "\"custom\": false,", with: "\"custom\": false, \"custom\": true,", options: [], range: nil)
        let line = doubled.components(separatedBy: "\n").firstIndex { $0.contains("\"custom\": true") }! + 1
        let error = try refused(Array(doubled.utf8))
        XCTAssertEqual(error.problems.count, 1)
        XCTAssertTrue(error.problems[0].message.description.hasPrefix("not valid JSON: line \(line), column "), error.problems[0].message.description)
        XCTAssertTrue(error.problems[0].message.description.hasSuffix("key \"custom\" appears twice"), error.problems[0].message.description)
    }

    func testAFileThatIsNotABundleOfThisVersionGetsOneProblem() throws {
        let projectFile = try ProjectCodec.encode(try sampleProject(photos: false))
        var error = try refused(projectFile)
        XCTAssertEqual(error.problems.map(\.place), ["format"])
        XCTAssertTrue(error.problems[0].message.description.contains("a project file, not a bundle"))
        let bundle = String(decoding: ProjectBundle.encode(projectFile: projectFile, photos: []), as: UTF8.self)
        error = try refused(Array(bundle.replacingOccurrences(of: "\"version\": 1,\n  \"project\"", with: "\"version\": 2,\n  \"project\"").utf8))
        XCTAssertEqual(error.problems.map(\.place), ["version"])
        error = try refused(Array("[1, 2]".utf8))
        XCTAssertEqual(error.problems.map(\.description), ["expected a JSON object (a bundle), got an array"])
        error = try refused(Array("{\"format\": \"akkord-bundle\", \"version\": 1, \"project\": [], \"photos\": {}}".utf8))
        XCTAssertEqual(error.problems.map(\.description), ["project: expected an object, got an array", "photos: expected an array, got an object"])
    }

    // MARK: differences

    func testTheDifferenceListsLinesAndTotalsBeforeAndAfter() throws {
        var stored = try sampleProject(photos: false)
        stored.supplements = [Supplement(id: 1, name: "Height", percent: try Percent(parsing: "10"))]
        stored.nextIds["supplement"] = 2
        var incoming = stored
        incoming.lines[0].quantity = try Quantity(parsing: "14")
        incoming.lines.remove(at: 1)
        incoming.lines.append(Line(id: 3, pos: "3.01", name: "Vapour barrier", unit: "m2", price: try UnitPrice(parsing: "18.90"),
                                   quantity: try Quantity(parsing: "2")))
        incoming.nextIds["line"] = 4
        incoming.name = "Vestergade 12, roof"
        let d = try ProjectDifference(stored: stored, incoming: incoming)
        XCTAssertEqual(d.added.map(\.id), [3])
        XCTAssertEqual(d.removed.map(\.id), [2])
        XCTAssertEqual(d.changed.map(\.before.id), [1])
        XCTAssertEqual(d.changed.first?.fields, ["quantity", "amount"])
        // By hand: before 12.5 × 38.50 = 481.25 and 3 × 31.25 = 93.75, subtotal 575.00, +10 %
        // 57.50, total 632.50; after 14 × 38.50 = 539.00 and 2 × 18.90 = 37.80, subtotal
        // 576.80, +10 % 57.68, total 634.48.
        XCTAssertEqual([d.subtotalBefore, d.subtotalAfter, d.totalBefore, d.totalAfter].map(\.plain), ["575.00", "576.80", "632.50", "634.48"])
        XCTAssertEqual(d.otherParts, ["name", "nextIds"])

        let en = BundleText.difference(d, source: "b.akkord", language: .en)
        XCTAssertEqual(en.components(separatedBy: "\n"), [
            "project vestergade-12 in the store differs from the one in b.akkord:",
            "  line 3 added: 3.01 Vapour barrier, 2 m2 × 18.90 = 37.80",
            "  line 2 removed: 2.02 Under felt, self-adhesive, 3 m2 × 31.25 = 93.75",
            "  line 1 changed: quantity 12.5 → 14, amount 481.25 → 539.00",
            "  subtotal 575.00 → 576.80",
            "  total 632.50 → 634.48",
            "  also different: name, id counters",
        ])
        let da = BundleText.difference(d, source: "b.akkord", language: .da)
        XCTAssertTrue(da.contains("  linje 1 ændret: mængde 12,5 → 14, beløb 481,25 → 539,00"), da)
        XCTAssertTrue(da.contains("  i alt 632,50 → 634,48"), da)
        XCTAssertTrue(da.contains("  også forskelligt: navn, id-tællere"), da)
    }

    func testCountsAreGroupedByTheLanguage() {
        XCTAssertEqual(BundleText.count(0, .en), "0")
        XCTAssertEqual(BundleText.count(999, .en), "999")
        XCTAssertEqual(BundleText.count(1000, .en), "1,000")
        XCTAssertEqual(BundleText.count(13_527_108, .da), "13.527.108")
    }

    // MARK: helpers

    struct FixturePhoto { let file: String; let sha256: String; let bytes: [UInt8] }

    func fixtureBytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: Fixtures.url("photos/\(name)"))) }

    /// roof.jpg, tiles-rgb.png and gutter-gray.png, named by their SHA-256.
    func fixturePhotos() throws -> [FixturePhoto] {
        try ["roof.jpg", "tiles-rgb.png", "gutter-gray.png"].map { name in
            let bytes = try fixtureBytes(name)
            let sha = SHA256.hex(bytes)
            return FixturePhoto(file: "\(sha).\(name.hasSuffix(".jpg") ? "jpg" : "png")", sha256: sha, bytes: bytes)
        }
    }

    /// Two lines (12.5 × 38.50 = 481.25, 3 × 31.25 = 93.75), a worker, and the three fixture
    /// photos (roof.jpg twice).
    func sampleProject(photos: Bool = true) throws -> Project {
        var p = Project(id: "vestergade-12", name: "Vestergade 12")
        p.created = "2026-05-04"
        p.lines = [Line(id: 1, pos: "2.01", name: "Under felt, nailed", unit: "m2", price: try UnitPrice(parsing: "38.50"), quantity: try Quantity(parsing: "12.5")),
                   Line(id: 2, pos: "2.02", name: "Under felt, self-adhesive", unit: "m2", price: try UnitPrice(parsing: "31.25"), quantity: try Quantity(parsing: "3"))]
        p.workers = [Worker(id: "jens", name: "Jens")]
        p.nextIds = ["line": 3]
        if photos {
            let f = try fixturePhotos()
            p.photos = [Photo(id: 1, caption: "north", originalName: "roof.jpg", file: f[0].file, added: "2026-05-04"),
                        Photo(id: 2, caption: "", originalName: "tiles.png", file: f[1].file, added: "2026-05-04"),
                        Photo(id: 3, caption: "", originalName: "gutter.png", file: f[2].file, added: "2026-05-04"),
                        Photo(id: 4, caption: "again", originalName: "roof.jpg", file: f[0].file, added: "2026-05-05")]
            p.nextIds["photo"] = 5
        }
        XCTAssertEqual(ProjectRules.problems(p), [])
        return p
    }

    func bundleTree(_ photos: [FixturePhoto]) throws -> JSONValue {
        try JSONReader.parse(ProjectBundle.encode(projectFile: ProjectCodec.encode(try sampleProject()),
                                                  photos: photos.map { ($0.file, $0.sha256, $0.bytes) }))
    }

    func refused(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> InvalidDataError {
        do {
            _ = try ProjectBundle.decode(bytes, source: "b.akkord")
            XCTFail("the bundle was accepted", file: file, line: line)
            return InvalidDataError(source: "", problems: [])
        } catch let e as InvalidDataError { return e }
    }

    /// The tree with the value at `path` (keys and indexes) set; a missing last key is appended.
    func set(_ tree: JSONValue, _ path: [Any], _ value: JSONValue) -> JSONValue {
        guard let first = path.first else { return value }
        let rest = Array(path.dropFirst())
        switch (tree, first) {
        case (.object(var o), let key as String):
            if let i = o.entries.firstIndex(where: { $0.key == key }) { o.entries[i].value = set(o.entries[i].value, rest, value) } else { o.append(key, value) }
            return .object(o)
        case (.array(var a), let i as Int):
            a[i] = set(a[i], rest, value)
            return .array(a)
        default:
            XCTFail("no \(first) in \(tree.kindDescription)")
            return tree
        }
    }
}
