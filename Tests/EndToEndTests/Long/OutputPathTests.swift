import Foundation
import XCTest

/// SPEC §7: one output path. `-o -` is standard output for every command; `-o` writes only
/// regular files (a FIFO, a directory or a device is refused with exit 64 and left as it is; a
/// symbolic link is followed to its target, which is replaced); a write to standard output that
/// fails (a full disk, a closed descriptor) exits 74 with `error:`. Also: a `project list` that
/// fails leaves no cache behind, and a forged stored subtotal is never listed.
final class OutputPathTests: EndToEndCase {
    /// The commands that write an output, each with the format `-o -` must give on standard output.
    static let writers: [(arguments: [String], starts: String)] = [
        (["report"], "Tagvej 3"),
        (["report", "--format", "csv"], "Id,Pos,"),
        (["report", "--format", "json"], "{"),
        (["report", "--format", "pdf"], "%PDF-"),
        (["report", "--format", "xlsx"], "PK"),
        (["summary"], "SUMMARY"),
        (["summary", "--format", "json"], "{"),
        (["catalogue", "export"], "{"),
        (["catalogue", "export", "--format", "csv"], "pos"),
        (["project", "export"], "{"),
    ]

    func makeProject() throws {
        for arguments in [["project", "new", "Tagvej 3"], ["add", "1.01", "10"], ["worker", "add", "Ole"], ["hours", "add", "ole", "10"]] {
            let r = try akkord.run(arguments)
            XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)")
        }
    }

    /// Runs akkord with its standard output on `/dev/full` (or closed, with `closed`), through the shell.
    func runWithStandardOutput(_ arguments: [String], closed: Bool = false) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let quoted = ([Akkord.binary.path, "--store", akkord.store.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        process.arguments = ["-c", "exec " + quoted.joined(separator: " ") + (closed ? " >&-" : " >/dev/full")]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": akkord.store.path + "-home", "NO_COLOR": "1"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testDashIsStandardOutputForEveryWriter() throws {
        try makeProject()
        let before = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath)
        for (arguments, starts) in Self.writers {
            let r = try akkord.run(arguments + ["-o", "-"])
            XCTAssertEqual(r.status, 0, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stdout.hasPrefix(starts) || r.stdout.contains(starts), "\(arguments) -o - wrote \(r.stdout.prefix(40))")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "-"), "no file named - in the working folder")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath), before)
    }

    func testAFullOrClosedStandardOutputExits74() throws {
        try makeProject()
        for (arguments, _) in Self.writers + [(["lines", "--json"], ""), (["project", "list"], ""), (["lines"], "")] {
            let full = try runWithStandardOutput(arguments + (arguments.contains("export") || arguments.contains("pdf") || arguments.contains("xlsx") ? ["-o", "-"] : []))
            XCTAssertEqual(full.status, 74, "\(arguments) on /dev/full: \(full.stderr)")
            XCTAssertEqual(full.stderr, "error: cannot write standard output: No space left on device\n", "\(arguments)")
        }
        let closed = try runWithStandardOutput(["report"], closed: true)
        XCTAssertEqual(closed.status, 74, closed.stderr)
        XCTAssertEqual(closed.stderr, "error: cannot write standard output: Bad file descriptor\n")
    }

    func testOnlyRegularFilesAreWritten() throws {
        try makeProject()
        let fifo = akkord.outsideFile("pipe.csv").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let directory = akkord.outsideFile("folder.csv").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var targets = [(fifo, "a FIFO (named pipe)"), (directory, "a directory")]
        // A device node needs root; /dev/null stands in for one otherwise (never replaced: refused first).
        let device = akkord.outsideFile("null.csv").path
        if getuid() == 0, mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 { targets.append((device, "a device")) } else { targets.append(("/dev/null", "a device")) }
        for (target, kind) in targets {
            for arguments in [["report", "--format", "csv"], ["summary", "--format", "csv"], ["catalogue", "export", "--format", "csv"], ["project", "export"]] {
                let r = try akkord.run(arguments + ["-o", target])
                XCTAssertEqual(r.status, 64, "\(arguments) -o \(kind): \(r.stderr)")
                XCTAssertTrue(r.stderr.hasPrefix("error: -o \(target) is \(kind), not a regular file"), r.stderr)
                var info = stat()
                XCTAssertEqual(lstat(target, &info), 0)
                XCTAssertNotEqual(info.st_mode & S_IFMT, S_IFREG, "\(target) is left as it was")
            }
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: akkord.outside.path).filter { $0.contains(".tmp-") }
        XCTAssertEqual(leftovers, [])
    }

    func testALinkIsFollowedToItsTarget() throws {
        try makeProject()
        let target = akkord.outsideFile("real.csv"), link = akkord.outsideFile("link.csv")
        try "old".write(to: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.csv")
        let r = try akkord.run("report", "-o", link.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "real.csv", "the link stays a link")
        XCTAssertTrue(try String(contentsOf: target, encoding: .utf8).hasPrefix("Id,Pos,"), "the target holds the CSV report")
    }

    /// A write to `-o` that was killed left its temporary beside the output: the next write to
    /// the same output removes it (a dead writer's only, of that name only).
    func testTheNextWriteRemovesAKilledWritesTemporary() throws {
        try makeProject()
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = finished.processIdentifier
        let output = akkord.outsideFile("r.csv")
        let stale = akkord.outsideFile(".r.csv.tmp-\(dead)-12345"), alive = akkord.outsideFile(".r.csv.tmp-\(getpid())-6789")
        let other = akkord.outsideFile(".s.csv.tmp-\(dead)-12345")
        for file in [stale, alive, other] { try "half a report".write(to: file, atomically: false, encoding: .utf8) }
        XCTAssertEqual(try akkord.run("report", "-o", output.path).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path), "the dead writer's temporary is gone")
        XCTAssertTrue(FileManager.default.fileExists(atPath: alive.path), "a running writer's is left")
        XCTAssertTrue(FileManager.default.fileExists(atPath: other.path), "another output's is left")
    }

    /// `-o` into a folder that does not exist says so (SPEC §15), not that a temporary file could not be made.
    func testAMissingFolderIsNamed() throws {
        try makeProject()
        let folder = akkord.outsideFile("no-such-folder")
        let r = try akkord.run("report", "--format", "pdf", "-o", folder.appendingPathComponent("r.pdf").path)
        XCTAssertEqual(r.status, 74)
        XCTAssertEqual(r.stderr, "error: cannot write \(folder.path)/r.pdf: the folder \(folder.path) does not exist\n")
    }

    func testAFailedListWritesNoCache() throws {
        try makeProject()
        let cache = akkord.store.appendingPathComponent(".project-list")
        try? FileManager.default.removeItem(at: cache)
        try "garbage".write(to: akkord.store.appendingPathComponent("store.json"), atomically: true, encoding: .utf8)
        let r = try akkord.run("project", "list")
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.path), "a list that fails writes no .project-list")
    }

    func testAForgedSubtotalIsNotListed() throws {
        try makeProject()
        XCTAssertEqual(try akkord.run("project", "list").status, 0)   // cached now
        let file = akkord.store.appendingPathComponent("projects/tagvej-3.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let stored = try XCTUnwrap(text.range(of: #""subtotal": "[0-9.]+""#, options: .regularExpression))
        try text.replacingCharacters(in: stored, with: #""subtotal": "999.00""#).write(to: file, atomically: false, encoding: .utf8)
        for arguments in [["project", "list"], ["project", "list", "--json"], ["check"], ["lines"], ["report"]] {
            let r = try akkord.run(arguments)
            XCTAssertEqual(r.status, 65, "\(arguments): \(r.stdout)")
            // `--json` names the file that does not read under "unreadable", and lists no project.
            XCTAssertFalse(r.stdout.replacingOccurrences(of: "is 999.00 but", with: "").contains("999"), "\(arguments) shows the forged figure")
            XCTAssertTrue(r.stderr.contains("subtotal: is 999.00 but the lines add up to"), "\(arguments): \(r.stderr)")
        }
    }
}
