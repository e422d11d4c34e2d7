import Foundation
import XCTest

/// SPEC §18: every sum of money, quantities or hours goes through `Sum` (Model/Sum.swift), which
/// is exact and refuses a result beyond the limits. The number types have no `+`, `-` or `+=`, so
/// the compiler refuses a plain sum of them; this test refuses the ways around it: arithmetic on
/// their raw counts in 64 bits, and `reduce` from one of their values.
final class SumSourceTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// The places a line of code adds, subtracts or multiplies a raw count outside `Sum`.
    static func plainSums(in text: String) -> [String] {
        // A raw count widened to 128 bits (`Int128(x.raw)`) is a product or a comparison that
        // cannot wrap; strip those first.
        let widened = try! NSRegularExpression(pattern: #"Int128\([\w.]+\)"#)
        let patterns = [#"\.raw\b\)?\s*[-+*]=?\s"#,            // x.raw + y, x.raw += y
                        #"[\w)\]]\s*[-+*]=?\s*[\w.]+\.raw\b"#,  // y + x.raw, total += x.raw (not a negation)
                        #"reduce\(\s*(Money|Hours|Quantity|UnitPrice|Percent|\.zero)"#]
            .map { try! NSRegularExpression(pattern: $0) }
        var found: [String] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(raw)
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            line = widened.stringByReplacingMatches(in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "W")
            if patterns.contains(where: { $0.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil }) {
                found.append("\(n + 1): \(raw.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    func testNoPlainSumInTheSources() throws {
        var found: [String] = []
        let files = FileManager.default.enumerator(atPath: Self.sources.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 100)
        for file in files where file != "AkkordKit/Model/Sum.swift" {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            found += Self.plainSums(in: text).map { "\(file):\($0)" }
        }
        XCTAssertEqual(found, [], "add up through Sum (Model/Sum.swift)")
    }

    /// The check finds what it is for (and so can fail).
    func testTheCheckFindsPlainSums() {
        XCTAssertEqual(Self.plainSums(in: "total += p.total.raw").count, 1)
        XCTAssertEqual(Self.plainSums(in: "let s = a.raw + b.raw").count, 1)
        XCTAssertEqual(Self.plainSums(in: "lines.reduce(Money.zero) { $0 }").count, 1)
        XCTAssertEqual(Self.plainSums(in: "x = Money(raw: s.raw - 1)").count, 1)
        XCTAssertEqual(Self.plainSums(in: "let p = Int128(a.raw) * Int128(b.raw) // a.raw + b.raw").count, 0)
        XCTAssertEqual(Self.plainSums(in: "sum.add(line.amount)").count, 0)
        XCTAssertEqual(Self.plainSums(in: "Money(raw: -a.raw)").count, 0, "a negation is no sum")
    }
}
