import XCTest
@testable import AkkordKit

/// `ByteScan.matches` and `below` against a byte-by-byte look: the lowest marked byte is the
/// first that is `b` (below `n`), and no byte before it is marked. Seeded words, with the bytes
/// of interest (quote, backslash, control bytes, DEL, non-ASCII) made common.
final class ByteScanTests: XCTestCase {
    func testTheFirstMarkedByteIsTheFirstMatch() {
        let seed = StreamingTests.seed()
        var rng = WorkspacePropertyTests.SplitMix64(state: seed)
        let interesting: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x20, 0x21, 0x7F, 0x80, 0xC3, 0xFF, 0x41]
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in rng.next() % 3 == 0 ? interesting.randomElement(using: &rng)! : UInt8(truncatingIfNeeded: rng.next()) }
            let w = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            for b: UInt8 in [0x22, 0x5C] {
                let first = bytes.firstIndex(of: b)
                let m = ByteScan.matches(w, b)
                XCTAssertEqual(m == 0 ? nil : m.trailingZeroBitCount / 8, first, "seed \(seed): \(bytes) for \(b)")
            }
            let firstControl = bytes.firstIndex { $0 < 0x20 }
            let m = ByteScan.below(w, 0x20)
            XCTAssertEqual(m == 0 ? nil : m.trailingZeroBitCount / 8, firstControl, "seed \(seed): \(bytes) below 0x20")
            if testRun?.failureCount ?? 0 > 0 { return }
        }
    }
}
