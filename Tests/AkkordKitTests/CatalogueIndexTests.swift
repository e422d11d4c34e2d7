import XCTest
@testable import AkkordKit

final class CatalogueIndexTests: XCTestCase {
    let stamp = CatalogueIndex.Stamp([100, 1])   // a size and a hash

    func testRoundTripAndStaleOrDamagedIndexIsRefused() throws {
        let c = try BundledCatalogue.load()
        let bytes = CatalogueIndex.encode(c, stamp: stamp)
        let index = try XCTUnwrap(CatalogueIndex(bytes, stamp: stamp))
        XCTAssertEqual(index.catalogue, c)
        XCTAssertNil(CatalogueIndex(bytes, stamp: CatalogueIndex.Stamp([100, 2])), "made for another file")
        XCTAssertNil(CatalogueIndex(Array(bytes.dropLast(3)), stamp: stamp), "truncated")
        XCTAssertNil(CatalogueIndex(bytes + [0], stamp: stamp), "trailing bytes")
        XCTAssertNil(CatalogueIndex(Array("garbage".utf8), stamp: stamp))
    }

    func testIndexSearchAgreesWithInMemorySearch() throws {
        let c = try BundledCatalogue.load()
        let index = try XCTUnwrap(CatalogueIndex(CatalogueIndex.encode(c, stamp: stamp), stamp: stamp))
        for query in ["undrfelt", "tagpap", "paa dæk", "2.04", "felt", "gutter zinc", "1", "x", "nedloebsroer"] {
            for limit in [nil, 1, 3] as [Int?] {
                XCTAssertEqual(CatalogueSearch(index).search(query, limit: limit), CatalogueSearch(c).search(query, limit: limit), "\(query) \(String(describing: limit))")
            }
        }
    }
}
