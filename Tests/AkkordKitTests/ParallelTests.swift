import XCTest
@testable import AkkordKit

/// `Parallel.map` (what `check` reads project files with): every item once, in order, whatever
/// the number of threads.
final class ParallelTests: XCTestCase {
    func testEveryItemOnceInOrder() {
        for (count, threads) in [(0, 4), (1, 4), (63, 2), (1000, 1), (1000, 2), (5003, 7)] {
            let squares = Parallel.map(count, threads: threads) { i in i * i }
            XCTAssertEqual(squares, (0..<count).map { $0 * $0 }, "\(count) items on \(threads) threads")
        }
    }
}
