import Foundation
import XCTest
@testable import AkkordKit

// The long part of CompletionValuesTests (README: Set up on a fresh machine): built and run with AKKORD_LONG_TESTS=1.
extension CompletionValuesTests {
    /// Hashing a file piece by piece gives its stamp: pieces of every size that is a multiple of
    /// 32 (as `CatalogueIndex.Hash` needs), over files of random sizes (seeded).
    func testPiecesHashAsTheWholeFile() throws {
        var rng = WorkspacePropertyTests.SplitMix64(state: 7)
        for size in [0, 1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 1000, 4096, 100_003] + (0..<10).map({ _ in Int.random(in: 0...300_000, using: &rng) }) {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let path = directory + "/file-\(size)"
            try AtomicFile.write(bytes, to: path)
            for pieceSize in [32, 64, 4096, 1 << 18] {
                var hash = CatalogueIndex.Hash(), pieces = 0
                let total = try FileIO.readPieces(path, limit: 1 << 30, pieceSize: pieceSize) { piece in
                    pieces += 1
                    piece.withUnsafeBytes { hash.add($0) }
                }
                XCTAssertEqual(total, size)
                XCTAssertEqual(pieces, (size + pieceSize - 1) / pieceSize, "\(size) in \(pieceSize)")
                XCTAssertEqual(CatalogueIndex.Stamp(size: total, hash: hash.value), CatalogueIndex.Stamp(of: bytes), "\(size) in \(pieceSize)")
            }
        }
        XCTAssertThrowsError(try FileIO.readPieces(directory + "/file-1000", limit: 999) { _ in }) {
            guard case FileIO.Failure.tooBig = $0 else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try FileIO.readPieces(directory, limit: 1 << 30) { _ in })
        XCTAssertThrowsError(try FileIO.readPieces(directory + "/none", limit: 1 << 30) { _ in }) {
            guard case FileIO.Failure.notFound = $0 else { return XCTFail("\($0)") }
        }
    }
}
