import XCTest
@testable import AkkordKit

/// The pieces that let a bundle's project and photos stream (issue 28): SHA-256 a piece at a
/// time, and the stored project compared with a bundle's copy without reading either whole.
final class BundleStreamingTests: XCTestCase {
    /// The digests of `testSHA256AgreesWithHashlibAcrossBlockBoundaries` (Python's hashlib of
    /// `bytes((i * 7 + 3) % 251 for i in range(n))`), now fed in pieces of every awkward size.
    func testSHA256InPiecesEqualsHashlib() {
        let expected: [(Int, String)] = [
            (55, "1deace58c745f3ecadde68a5923f494c3703fa73f0306483ccb898a5826e8d70"),
            (64, "dfa798724b1a8014994f363e5da7474ed26ce3757fb29e07aa47ad5a9352d37b"),
            (65, "dd2eab5a5507d7717c63ce953d9ac61752c21e664425ad1227054722a0d97f69"),
            (120, "17eb8960823a644bde3065620bb9d45931fe8993fd8eb692a17aff0fd725db6a"),
            (1_000_000, "60082309c8b65a633cc3951092947aec5f2d5d95ba794f887fcae9bf84e89096"),
        ]
        for (n, digest) in expected {
            let bytes = (0..<n).map { UInt8((($0 * 7) + 3) % 251) }
            // (A megabyte a byte at a time is slow in a debug build: the larger pieces only.)
            for piece in n > 1000 ? [65, 196_608] : [1, 3, 63, 64, 65, 1000] {
                var hasher = SHA256.Hasher()
                var at = 0
                while at < n {
                    hasher.update(Array(bytes[at..<min(at + piece, n)]))
                    at += piece
                }
                hasher.update([])
                XCTAssertEqual(SHA256.hex(digest: hasher.finalize()), digest, "\(n) bytes in pieces of \(piece)")
            }
        }
    }
}
