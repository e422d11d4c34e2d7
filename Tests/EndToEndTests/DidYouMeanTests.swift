import XCTest

/// A mistyped command or option gets `hint: did you mean '…'?` (SPEC §11).
final class DidYouMeanTests: EndToEndCase {
    @discardableResult
    private func assertUsage(_ arguments: [String], hint: String, file: StaticString = #filePath, line: UInt = #line) throws -> Akkord.Result {
        let r = try akkord.run(arguments)
        assertError(r, status: 64, contains: hint, file: file, line: line)
        XCTAssertEqual(r.stdout, "", "nothing on stdout", file: file, line: line)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.hasPrefix("error: ") }.count, 1, r.stderr, file: file, line: line)
        XCTAssertEqual(lines.filter { $0.hasPrefix("hint: ") }.count, 1, r.stderr, file: file, line: line)
        XCTAssertEqual(lines.count, 2, r.stderr, file: file, line: line)
        return r
    }

    func testMistypedTopLevelCommand() throws {
        let r = try assertUsage(["lnes"], hint: "hint: did you mean 'lines'?")
        XCTAssertTrue(r.stderr.hasPrefix("error: unknown command 'lnes'\n"), r.stderr)
        XCTAssertFalse(r.stderr.contains("usage:"), r.stderr)
    }

    func testMistypedSubcommand() throws {
        let r = try assertUsage(["catalogue", "serch", "felt"], hint: "hint: did you mean 'search'?")
        XCTAssertTrue(r.stderr.hasPrefix("error: unknown command 'serch'\n"), r.stderr)
        try assertUsage(["project", "lst"], hint: "hint: did you mean 'list'?")
    }

    func testMistypedCommandOption() throws {
        let r = try assertUsage(["add", "2.01", "1", "--nte", "x"], hint: "hint: did you mean '--note'?")
        XCTAssertTrue(r.stderr.hasPrefix("error: unknown option '--nte'\n"), r.stderr)
    }

    func testMistypedGlobalOption() throws {
        let r = try assertUsage(["--jsn"], hint: "hint: did you mean '--json'?")
        XCTAssertTrue(r.stderr.hasPrefix("error: unknown option '--jsn'\n"), r.stderr)
    }

    func testFarWordKeepsUsageHint() throws {
        let r = try assertUsage(["xyzzyq"], hint: "hint: usage: ")
        XCTAssertTrue(r.stderr.hasPrefix("error: unknown command 'xyzzyq'\n"), r.stderr)
        XCTAssertFalse(r.stderr.contains("did you mean"), r.stderr)
    }
}
