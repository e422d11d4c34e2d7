import XCTest
@testable import AkkordKit

// The long part of CatalogueIndexTests (README: Set up on a fresh machine): built and run with AKKORD_LONG_TESTS=1.
extension CatalogueIndexTests {
    /// The index checks its own bytes: one flipped bit anywhere (a price, a length, the checksum
    /// itself) makes it unusable, so it is rebuilt instead of believed.
    func testEveryFlippedBitIsDetected() throws {
        let c = try BundledCatalogue.load()
        let bytes = CatalogueIndex.encode(c, stamp: stamp)
        XCTAssertNotNil(CatalogueIndex(bytes, stamp: stamp))
        var undetected: [Int] = []
        for position in bytes.indices {
            var flipped = bytes
            flipped[position] ^= UInt8(1 << (position % 8))
            if CatalogueIndex(flipped, stamp: stamp) != nil { undetected.append(position) }
        }
        XCTAssertEqual(undetected, [], "\(undetected.count) of \(bytes.count) flipped bytes went unnoticed")
    }
}
