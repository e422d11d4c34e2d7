import Foundation
import XCTest
@testable import AkkordKit

final class CRC32Tests: XCTestCase {
    /// Known values (the check value of the CRC-32 catalogue, and values computed with Python's zlib.crc32).
    func testKnownValues() {
        XCTAssertEqual(CRC32.checksum([UInt8]()), 0)
        XCTAssertEqual(CRC32.checksum(Array("a".utf8)), 0xE8B7_BE43)
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)), 0x414F_A339)
        XCTAssertEqual(CRC32.checksum([UInt8](repeating: 0x61, count: 1_000_000)), 0xDC25_BFBC)
        XCTAssertEqual(CRC32.checksum((0..<1024).map { UInt8($0 % 256) }), 0xB70B_4C26)
    }

    /// Slices that do not start at 0, of every length around the eight-byte steps, against a
    /// plain bit-at-a-time CRC written here.
    func testSlicesAgreeWithABitwiseCRC() {
        func bitwise(_ bytes: ArraySlice<UInt8>) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
            }
            return ~c
        }
        var generator = SystemRandomNumberGenerator()
        let data = (0..<100).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for start in 0..<9 {
            for end in start...min(start + 40, data.count) {
                XCTAssertEqual(CRC32.checksum(data[start..<end]), bitwise(data[start..<end]), "bytes \(start)..<\(end) of \(data)")
            }
        }
    }

    /// The PNG fixtures were written by another program: each chunk's stored CRC must match.
    func testPNGFixtureChunksMatchTheirStoredCRC() throws {
        for name in ["tiles-rgb.png", "gutter-gray.png", "transparent-rgba.png"] {
            let b = Array(try Data(contentsOf: Fixtures.url("photos/\(name)")))
            for (offset, length, _) in PhotoImageTests.chunks(b) {
                XCTAssertEqual(CRC32.checksum(b[(offset + 4)..<(offset + 8 + length)]), PhotoImageTests.u32(b, offset + 8 + length), "\(name) chunk at \(offset)")
            }
        }
    }
}

final class PhotoImageTests: XCTestCase {
    static let pngNames = ["tiles-rgb.png", "gutter-gray.png", "transparent-rgba.png"]
    func fixture(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: Fixtures.url("photos/\(name)"))) }

    static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    /// The chunks of a sound PNG by walking their lengths: offset, data length, type.
    static func chunks(_ b: [UInt8]) -> [(offset: Int, length: Int, type: String)] {
        var out: [(Int, Int, String)] = [], i = 8
        while i + 12 <= b.count {
            let length = Int(u32(b, i))
            out.append((i, length, String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)))
            i += 12 + length
        }
        return out
    }

    func reason(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String? {
        switch PhotoImage.inspect(bytes) {
        case .success(let image):
            XCTAssertEqual(PhotoImage(bytes), image, "init? agrees with inspect", file: file, line: line)
            return nil
        case .failure(let damage):
            XCTAssertNil(PhotoImage(bytes), "init? agrees with inspect", file: file, line: line)
            return damage.reason.description
        }
    }

    func accepted(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> PhotoImage? {
        switch PhotoImage.inspect(bytes) {
        case .success(let image): return image
        case .failure(let damage): XCTFail("refused: \(damage.reason)", file: file, line: line); return nil
        }
    }

    // MARK: Sound files

    func testIntactFixturesAreAcceptedWithTheirSizes() throws {
        XCTAssertEqual(accepted(try fixture("roof.jpg")), PhotoImage(kind: .jpeg, width: 166, height: 234, components: 3, notEmbeddable: nil))
        XCTAssertEqual(accepted(try fixture("tiles-rgb.png")), PhotoImage(kind: .png, width: 64, height: 40, components: 3, notEmbeddable: nil))
        XCTAssertEqual(accepted(try fixture("gutter-gray.png")), PhotoImage(kind: .png, width: 48, height: 48, components: 1, notEmbeddable: nil))
        XCTAssertEqual(accepted(try fixture("transparent-rgba.png")),
                       PhotoImage(kind: .png, width: 32, height: 32, components: 3, notEmbeddable: "PNG with transparency (alpha)"))
        XCTAssertEqual(reason(Array("not an image".utf8)), "is not a JPEG or PNG image (checked by its bytes, not its name)")
        // An iPhone's HEIC (and HEIF, AVIF) is named for what it is, with the way to a JPEG.
        let heic: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
        XCTAssertEqual(reason(heic), "is a HEIC/HEIF image (an iPhone's usual format), not a JPEG or PNG; export it as JPEG "
                       + "(on the iPhone: Settings › Camera › Formats › Most Compatible, or share the photo as JPEG)")
        XCTAssertEqual(reason([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 0, 0]), "is not a JPEG or PNG image (checked by its bytes, not its name)", "an MP4 is no HEIC")
    }

    func testBytesAfterTheEndAreAllowed() throws {
        let tail = Array("trailer a camera appended \u{FF}\u{D8}".utf8) + [0xFF, 0xD9, 0x00]
        XCTAssertEqual(accepted(try fixture("roof.jpg") + tail)?.width, 166)
        XCTAssertEqual(accepted(try fixture("tiles-rgb.png") + tail)?.width, 64)
    }

    // MARK: Cut short

    /// roof.jpg, found with Python: header segments end at these offsets, its one scan's
    /// entropy-coded data runs from 623 to 6711, and EOI fills 6711..<6713.
    static let roofSegmentEnds = [2, 20, 89, 158, 177, 210, 393, 426, 609, 623]

    func testEveryTruncatedJPEGIsRefused() throws {
        let roof = try fixture("roof.jpg")
        XCTAssertEqual(roof.count, 6713)
        for length in Array(stride(from: 0, to: roof.count, by: 97)) + [roof.count - 2, roof.count - 1] {
            let r = reason(Array(roof.prefix(length)))
            if length < 3 {
                XCTAssertEqual(r, "is not a JPEG or PNG image (checked by its bytes, not its name)")
            } else if length >= 623 {
                XCTAssertEqual(r, "the JPEG ends inside its image data, before its end marker (EOI); the file is probably cut short", "length \(length)")
            } else if Self.roofSegmentEnds.contains(length) {
                XCTAssertEqual(r, "the JPEG ends before its end marker (EOI); the file is probably cut short", "length \(length)")
            } else {
                XCTAssertTrue(r?.hasSuffix("the file is probably cut short") == true, "length \(length): \(r ?? "accepted")")
            }
        }
        // Cut exactly after a header segment, and inside one (21 bytes from the length field at 179 to 200).
        XCTAssertEqual(reason(Array(roof.prefix(177))), "the JPEG ends before its end marker (EOI); the file is probably cut short")
        XCTAssertEqual(reason(Array(roof.prefix(200))),
                       "the JPEG's DHT segment at byte 177 runs past the end of the file (it claims 31 bytes, 21 are left); the file is probably cut short")
    }

    func testEveryTruncatedPNGIsRefused() throws {
        for name in Self.pngNames {
            let png = try fixture(name)
            let chunks = Self.chunks(png)
            XCTAssertEqual(chunks.map(\.type), ["IHDR", "IDAT", "IEND"], name)
            for length in Array(stride(from: 0, to: png.count, by: 97)) + [png.count - 2, png.count - 1] {
                let r = reason(Array(png.prefix(length)))
                if length < 8 {
                    XCTAssertEqual(r, "is not a JPEG or PNG image (checked by its bytes, not its name)", "\(name) length \(length)")
                } else if let chunk = chunks.first(where: { $0.offset + 8 <= length && length < $0.offset + 12 + $0.length }) {
                    let left = length - chunk.offset - 12
                    XCTAssertEqual(r, "PNG chunk \(chunk.type) at byte \(chunk.offset) runs past the end of the file "
                                   + "(it claims \(chunk.length) bytes, \(max(0, left)) are left); the file is probably cut short", "\(name) length \(length)")
                } else {
                    XCTAssertEqual(r, "the PNG ends before its end chunk (IEND); the file is probably cut short", "\(name) length \(length)")
                }
            }
        }
    }

    // MARK: Damaged JPEG

    func testJPEGWithoutItsEndMarkerIsRefused() throws {
        let roof = try fixture("roof.jpg")
        XCTAssertEqual(Array(roof.suffix(2)), [0xFF, 0xD9])
        XCTAssertEqual(reason(Array(roof.dropLast(2))),
                       "the JPEG ends inside its image data, before its end marker (EOI); the file is probably cut short")
        XCTAssertEqual(reason(Array(roof.dropLast(2)) + [0, 0]),
                       "the JPEG ends inside its image data, before its end marker (EOI); the file is probably cut short")
    }

    func testJPEGSegmentLengthsMustFitAndLeadToAMarker() throws {
        var roof = try fixture("roof.jpg")
        XCTAssertEqual(Array(roof[20..<24]), [0xFF, 0xDB, 0x00, 0x43])   // DQT, 67 bytes
        roof[22] = 0xFF; roof[23] = 0xFF
        XCTAssertEqual(reason(roof), "the JPEG's DQT segment at byte 20 runs past the end of the file "
                       + "(it claims 65535 bytes, 6691 are left); the file is probably cut short")
        roof[22] = 0x00; roof[23] = 0x44   // one byte too long: the next segment is missed by one
        XCTAssertEqual(reason(roof), "the JPEG has stray data at byte 90, where a marker should be")
        roof[23] = 0x01
        XCTAssertEqual(reason(roof), "the JPEG's DQT segment at byte 20 has an impossible length (1)")
    }

    func testJPEGNeedsItsFrameHeaderBeforeItsScan() throws {
        let roof = try fixture("roof.jpg")
        XCTAssertEqual(Array(roof[158..<160]), [0xFF, 0xC0])   // SOF0 at 158, 19 bytes
        let withoutFrame = Array(roof[..<158] + roof[177...])
        XCTAssertEqual(reason(withoutFrame), "the JPEG has image data (SOS at byte 590) before its frame header (SOF)")
        let twoFrames = Array(roof[..<177] + roof[158..<177] + roof[177...])
        XCTAssertEqual(reason(twoFrames), "the JPEG has a second frame header (SOF0) at byte 177")
        var noSize = roof
        noSize[165] = 0; noSize[166] = 0   // FF C0, length, precision, height at 163, width at 165
        XCTAssertEqual(reason(noSize), "the JPEG's frame header (SOF0) at byte 158 gives a size of 0 × 234 pixels")
    }

    /// A progressive JPEG built here: two scans with a Huffman table between them, stuffed bytes,
    /// restart markers and fill bytes in the entropy-coded data.
    static func progressive(frame: UInt8 = 0xC2, eoi: Bool = true) -> [UInt8] {
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] { [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body }
        var b: [UInt8] = [0xFF, 0xD8]
        b += segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])
        b += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        b += segment(frame, [8, 0x01, 0x2C, 0x01, 0x90, 3, 1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0])   // 400 × 300, 3 components
        b += segment(0xC4, [0] + [0, 1] + [UInt8](repeating: 0, count: 14) + [7])
        b += segment(0xDA, [3, 1, 0, 2, 0, 3, 0, 0, 0, 0x01])
        b += [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0xFF, 0x00, 0xFF, 0xD7, 0x78]
        b += [0xFF, 0xFF] + segment(0xC4, [0x10] + [0, 1] + [UInt8](repeating: 0, count: 14) + [9])   // fill byte before the marker
        b += segment(0xDA, [1, 1, 0, 1, 63, 0x10])
        b += [0x9A, 0xFF, 0x00, 0xBC]
        if eoi { b += [0xFF, 0xD9] }
        return b
    }

    func testProgressiveJPEGWithSeveralScansIsAccepted() {
        XCTAssertEqual(accepted(Self.progressive()), PhotoImage(kind: .jpeg, width: 400, height: 300, components: 3, notEmbeddable: nil))
        XCTAssertEqual(accepted(Self.progressive(frame: 0xC9))?.notEmbeddable, "arithmetic-coded JPEG")
        XCTAssertEqual(reason(Self.progressive(eoi: false)),
                       "the JPEG ends inside its image data, before its end marker (EOI); the file is probably cut short")
        let headerOnly = Array(Self.progressive().prefix(2 + 18 + 69 + 19)) + [0xFF, 0xD9]   // SOI, APP0, DQT, SOF2
        XCTAssertEqual(reason(headerOnly), "the JPEG ends (EOI at byte 108) without any image data (SOS)")
        XCTAssertEqual(reason([0xFF, 0xD8, 0xFF, 0xD8, 0xFF, 0xD9]), "the JPEG has a second start marker (SOI) at byte 2")
    }

    // MARK: Damaged PNG

    func testAFlippedByteInAnyPNGChunkFailsItsCRC() throws {
        for name in Self.pngNames {
            let png = try fixture(name)
            for chunk in Self.chunks(png) {
                // Data and CRC bytes (the type is tried below), a few positions of each chunk.
                let positions = Array(stride(from: chunk.offset + 8, to: chunk.offset + 12 + chunk.length, by: 53)) + [chunk.offset + 11 + chunk.length]
                for p in positions {
                    var damaged = png
                    damaged[p] ^= 0x5A
                    XCTAssertEqual(reason(damaged), "PNG chunk \(chunk.type) at byte \(chunk.offset) has a wrong CRC (its bytes are damaged)", "\(name) byte \(p)")
                }
            }
            var damagedType = png
            damagedType[33 + 7] ^= 0x20   // IDAT → IDAt, still letters
            XCTAssertEqual(reason(damagedType), "PNG chunk IDAt at byte 33 has a wrong CRC (its bytes are damaged)", name)
        }
    }

    /// A PNG from chunks, each given its CRC.
    static func png(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        var b: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (type, data) in chunks {
            let body = Array(type.utf8) + data
            let crc = CRC32.checksum(body)
            b += [UInt8(data.count >> 24), UInt8(data.count >> 16 & 0xFF), UInt8(data.count >> 8 & 0xFF), UInt8(data.count & 0xFF)] + body
            b += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        }
        return b
    }

    static func ihdr(depth: UInt8 = 8, colorType: UInt8 = 2, compression: UInt8 = 0, filter: UInt8 = 0, interlace: UInt8 = 0) -> (String, [UInt8]) {
        ("IHDR", [0, 0, 0, 64, 0, 0, 0, 40, depth, colorType, compression, filter, interlace])
    }

    func testPNGChunkOrderAndHeaderValues() throws {
        let tiles = try fixture("tiles-rgb.png")
        let idat = ("IDAT", Array(tiles[41..<(41 + 5129)]))
        let iend = ("IEND", [UInt8]())
        XCTAssertEqual(Self.png([Self.ihdr(), idat, iend]), tiles, "the builder makes the fixture again")

        // Split image data, ancillary chunks, interlacing: all fine.
        let half = 2000
        let split = Self.png([Self.ihdr(), ("tEXt", Array("Title\0Tiles".utf8)), ("IDAT", Array(idat.1[..<half])), ("IDAT", Array(idat.1[half...])), ("tIME", [7, 233, 1, 2, 3, 4, 5]), iend])
        XCTAssertEqual(accepted(split)?.width, 64)
        XCTAssertEqual(PhotoImage.pngImageData(split), idat.1)
        XCTAssertEqual(accepted(Self.png([Self.ihdr(interlace: 1), idat, iend]))?.notEmbeddable, "interlaced PNG")
        XCTAssertEqual(accepted(Self.png([Self.ihdr(depth: 16), idat, iend]))?.notEmbeddable, "16-bit PNG")
        XCTAssertEqual(accepted(Self.png([Self.ihdr(depth: 4, colorType: 3), ("PLTE", [UInt8](repeating: 9, count: 48)), idat, iend]))?.notEmbeddable,
                       "4-bit PNG")

        XCTAssertEqual(reason(Self.png([("tEXt", Array("a\0b".utf8)), Self.ihdr(), idat, iend])), "the PNG does not start with its header chunk (IHDR)")
        XCTAssertEqual(reason(Self.png([("IHDR", Self.ihdr().1 + [0]), idat, iend])), "the PNG's header chunk (IHDR) is 14 bytes long instead of 13")
        XCTAssertEqual(reason(Self.png([Self.ihdr(), idat, Self.ihdr(), iend])), "the PNG has a second header chunk (IHDR) at byte 5174")
        XCTAssertEqual(reason(Self.png([Self.ihdr(depth: 16, colorType: 3), idat, iend])),
                       "the PNG's header (IHDR) gives bit depth 16, which colour type 3 cannot have")
        XCTAssertEqual(reason(Self.png([Self.ihdr(depth: 8, colorType: 5), idat, iend])), "the PNG's header (IHDR) has an unknown colour type 5")
        XCTAssertEqual(reason(Self.png([Self.ihdr(depth: 4, colorType: 2), idat, iend])),
                       "the PNG's header (IHDR) gives bit depth 4, which colour type 2 cannot have")
        for bad in [Self.ihdr(compression: 1), Self.ihdr(filter: 1), Self.ihdr(interlace: 2)] {
            XCTAssertEqual(reason(Self.png([bad, idat, iend])), "the PNG's header (IHDR) names an unknown compression, filter or interlace method")
        }
        XCTAssertEqual(reason(Self.png([("IHDR", [0, 0, 0, 0] + Self.ihdr().1[4...]), idat, iend])), "the PNG's header (IHDR) gives a size of 0 × 40 pixels")
        XCTAssertEqual(reason(Self.png([Self.ihdr(colorType: 3), idat, iend])), "the PNG is a palette image without a palette (PLTE) before its image data")
        XCTAssertEqual(reason(Self.png([Self.ihdr(), iend])), "the PNG has no image data (IDAT)")
        XCTAssertEqual(reason(Self.png([Self.ihdr(), ("IDAT", Array(idat.1[..<half])), ("tEXt", Array("a\0b".utf8)), ("IDAT", Array(idat.1[half...])), iend])),
                       "the PNG's image data (IDAT) is split by other chunks (again at byte \(8 + 25 + 12 + half + 15))")
        XCTAssertEqual(accepted(Self.png([Self.ihdr(), ("cgBI", [1]), idat, iend]))?.width, 64, "an unknown ancillary chunk is skipped")
        XCTAssertEqual(reason(Self.png([Self.ihdr(), ("CgBI", [1]), idat, iend])),
                       "the PNG has a chunk that akkord does not know and may not skip: PNG chunk CgBI at byte 33")
        XCTAssertEqual(reason(Self.png([Self.ihdr(), ("IDAT", [0x78, 0x9D] + idat.1[2...]), iend])),
                       "the PNG's image data (IDAT) does not start like compressed (zlib) data")
        XCTAssertEqual(reason(Self.png([Self.ihdr(), idat, ("IEND", [0])])), "the PNG's end chunk (IEND) at byte 5174 is not empty")
        XCTAssertEqual(reason(Self.png([Self.ihdr(), idat, ("I3ND", [])])), "PNG chunk at byte 5174 has a type that is not four letters")
    }
}
