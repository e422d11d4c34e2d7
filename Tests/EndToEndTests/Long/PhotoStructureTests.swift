import Foundation
import XCTest

/// `photo add` reads each photo to the end of its structure: a damaged one is refused with the
/// reason, and nothing is stored.
final class PhotoStructureTests: EndToEndCase {
    let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/photos")
    var inputs: URL { URL(fileURLWithPath: akkord.store.path + "-inputs") }

    override func tearDown() {
        try? FileManager.default.removeItem(at: inputs)
        super.tearDown()
    }

    func fixture(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: photos.appendingPathComponent(name))) }

    /// Writes bytes to a file outside the store and returns its path.
    func input(_ name: String, _ bytes: [UInt8]) throws -> String {
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        let url = inputs.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func storedFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: akkord.store.appendingPathComponent("photos").path)) ?? []).sorted()
    }

    func projectFile() throws -> Data { try Data(contentsOf: akkord.store.appendingPathComponent("projects/a.json")) }

    func testATruncatedJPEGIsRefusedAndNothingIsStored() throws {
        XCTAssertEqual(try akkord.run("project", "new", "A").status, 0)
        let before = try projectFile()
        let roof = try fixture("roof.jpg")
        let cut = try input("cut.jpg", Array(roof.prefix(3000)))
        assertError(try akkord.run("photo", "add", cut), status: 65,
                    contains: "\(cut): the JPEG ends inside its image data, before its end marker (EOI); the file is probably cut short")
        // With a sound photo in the same command: every file is checked before anything is stored.
        let sound = try input("roof.jpg", roof)
        assertError(try akkord.run("photo", "add", sound, cut, "--caption", "North side"), status: 65, contains: "\(cut): the JPEG ends inside its image data")
        XCTAssertEqual(try projectFile(), before, "the project file is unchanged")
        XCTAssertEqual(storedFiles(), [], "no photo stored")

        let r = try akkord.run("photo", "add", sound)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(storedFiles().count, 1)
        XCTAssertNotEqual(try projectFile(), before)
        let list = try akkord.run("photo", "list", "--json").json as? [String: Any]
        XCTAssertEqual((list?["photos"] as? [[String: Any]])?.map { $0["originalName"] as? String }, ["roof.jpg"])
    }

    func testAJPEGSegmentPastTheEndAndAPNGWithAWrongCRCAreRefused() throws {
        XCTAssertEqual(try akkord.run("project", "new", "A").status, 0)
        let before = try projectFile()
        var roof = try fixture("roof.jpg")
        XCTAssertEqual(Array(roof[20..<24]), [0xFF, 0xDB, 0x00, 0x43])   // DQT at byte 20
        roof[22] = 0xFF
        let long = try input("long.jpg", roof)
        assertError(try akkord.run("photo", "add", long), status: 65,
                    contains: "\(long): the JPEG's DQT segment at byte 20 runs past the end of the file (it claims 65347 bytes, 6691 are left)")

        var tiles = try fixture("tiles-rgb.png")
        tiles[1000] ^= 0x01   // inside IDAT, which runs from byte 33 to 5174
        let flipped = try input("flipped.png", tiles)
        assertError(try akkord.run("photo", "add", flipped), status: 65,
                    contains: "\(flipped): PNG chunk IDAT at byte 33 has a wrong CRC (its bytes are damaged)")
        XCTAssertEqual(try projectFile(), before)
        XCTAssertEqual(storedFiles(), [])
        XCTAssertEqual(try akkord.run("photo", "add", try input("tiles.png", try fixture("tiles-rgb.png"))).status, 0)
        XCTAssertEqual(storedFiles().count, 1)
    }
}
