import Foundation
import XCTest

/// What the attack on the store found (issue 11), each reproduced through the built binary:
/// overflow, silently dropped keys, links, leftovers, damaged files, control characters, limits.
final class StoreAttackTests: EndToEndCase {
    var storePath: String { akkord.store.path }
    func projectFile(_ id: String) -> URL { akkord.store.appendingPathComponent("projects/\(id).json") }

    /// Every regular file under the store with its bytes, but the lock and the derived index.
    func snapshot() throws -> [String: Data] { try snapshot(excluding: [".lock", ".catalogue-index"]) }

    func makeProject() throws {
        for s in [["project", "new", "Roof"], ["add", "2.01", "10"], ["worker", "add", "Jens"], ["advance", "add", "jens", "1000"]] {
            let r = try akkord.run(s)
            XCTAssertEqual(r.status, 0, "\(s): \(r.stderr)")
        }
    }

    func assertNoTrap(_ r: Akkord.Result, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue([0, 1, 64, 65, 75].contains(r.status), "\(label): exit \(r.status)", file: file, line: line)
        XCTAssertFalse(r.stderr.contains("Fatal error") || r.stderr.contains("Stack dump"), "\(label): \(r.stderr)", file: file, line: line)
    }

    // MARK: 1. overflow

    func testOverflowAnywhereIsAnInputErrorNeverATrap() throws {
        try makeProject()
        let before = try snapshot()
        let add = try akkord.run("add", "--custom", "X", "--unit", "m2", "--price", "999999999999999", "1")
        assertError(add, status: 64, contains: "--price: \"999999999999999\" is too large")
        for price in ["999999999999999", "922337203685477.5808", "99999999999999999999999"] {
            let csv = try akkord.run(["catalogue", "import", "-", "--format", "csv"], stdin: Data("pos;name;unit;price\n9.99;Big;m2;\(price)\n".utf8))
            assertError(csv, status: 65, contains: "<stdin>:2: price \"\(price)\" is too large")
            let json = #"{"format": "akkord-catalogue", "version": 1, "name": "N", "activities": [{"pos": "9.99", "name": "Big", "unit": "m2", "price": "\#(price)"}]}"#
            assertError(try akkord.run(["catalogue", "import", "-"], stdin: Data(json.utf8)), status: 65, contains: "activities[0].price: \"\(price)\" is too large")
        }
        XCTAssertEqual(try snapshot(), before, "nothing was stored")

        // The store's own catalogue with a price no number type holds: every reader refuses it.
        let catalogue = #"{"format": "akkord-catalogue", "version": 1, "name": "N", "activities": [{"pos": "1", "name": "Big", "unit": "m2", "price": "922337203685477.5808"}]}"#
        try Data(catalogue.utf8).write(to: akkord.store.appendingPathComponent("catalogue.json"))
        for command in [["catalogue", "list"], ["catalogue", "search", "big"], ["add", "1", "1"], ["check"]] {
            let r = try akkord.run(command)
            assertError(r, status: 65, contains: "catalogue.json: activities[0].price: \"922337203685477.5808\" is too large")
        }
    }

    /// 923 lines of 999,999,999,990.00 each (100000 × 9999999.9999) add up past any amount.
    func testAProjectWhoseLinesAddUpPastTheLargestAmountIsRefusedByEveryReader() throws {
        try makeProject()
        var lines: [String] = []
        for id in 1...923 {
            lines.append(#"{"id": \#(id), "pos": "X\#(id)", "name": "Big", "unit": "m2", "price": "9999999.9999", "quantity": "100000", "amount": "999999999990.00", "custom": true, "note": "", "section": "", "date": null}"#)
        }
        let file = #"{"format": "akkord-project", "version": 1, "id": "roof", "name": "Roof", "status": "open", "nextIds": {"line": 924}, "lines": [\#(lines.joined(separator: ","))]}"#
        try Data(file.utf8).write(to: projectFile("roof"))
        for command in [["lines"], ["report"], ["report", "--format", "json"], ["check"], ["add", "2.01", "1"]] {
            let r = try akkord.run(command)
            assertError(r, status: 65, contains: "lines[1].amount: the lines add up to more than the largest amount akkord keeps (999,999,999,999.99)")
        }
        XCTAssertEqual(try Data(contentsOf: projectFile("roof")), Data(file.utf8))
    }

    // MARK: 2 and 16. unknown and duplicate keys

    func testUnknownOrMisspeltKeysInAProjectFileAreRefusedNotDropped() throws {
        try makeProject()
        let good = try String(contentsOf: projectFile("roof"), encoding: .utf8)
        let cases: [(String, String)] = [
            (good.replacingOccurrences(of: "\"advances\"", with: "\"advanceS\""), #"unknown field "advanceS"; did you mean "advances"?"#),
            (good.replacingOccurrences(of: "\"quantity\"", with: "\"quantiti\""), #"lines[0]: unknown field "quantiti""#),
            (good.replacingOccurrences(of: "\"format\"", with: "\"name\": \"Twice\", \"format\""), #"key "name" appears twice"#),
            (good.replacingOccurrences(of: "\"nextIds\": {", with: "\"nextIds\": {\"lines\": 3, "), #"nextIds.lines: unknown counter"#),
        ]
        for (text, message) in cases {
            XCTAssertNotEqual(text, good)
            try Data(text.utf8).write(to: projectFile("roof"))
            for command in [["lines"], ["advance", "list"], ["check"], ["add", "2.01", "1"]] {
                assertError(try akkord.run(command), status: 65, contains: message)
            }
            XCTAssertEqual(try String(contentsOf: projectFile("roof"), encoding: .utf8), text, "never overwritten")
        }
    }

    func testUnknownAndDuplicateKeysInStoreJSONAndCatalogueFiles() throws {
        try makeProject()
        let state = akkord.store.appendingPathComponent("store.json")
        try Data(#"{"format": "akkord-store", "version": 1, "currentProject": "roof", "current": "x"}"#.utf8).write(to: state)
        assertError(try akkord.run("lines"), status: 65, contains: "store.json: unknown field \"current\"")
        try Data(#"{"format": "akkord-store", "version": 1, "currentProject": "roof", "currentProject": "x"}"#.utf8).write(to: state)
        assertError(try akkord.run("lines"), status: 65, contains: "key \"currentProject\" appears twice")
        try Data(#"{"format": "akkord-store", "version": 1, "currentProject": "roof"}"#.utf8).write(to: state)

        // A second activities array was merged before: now a duplicate key anywhere is refused.
        let twice = #"{"format": "akkord-catalogue", "version": 1, "name": "N", "activities": [{"pos": "1", "name": "A", "unit": "m2", "price": "1"}], "activities": [{"pos": "2", "name": "B", "unit": "m2", "price": "2"}]}"#
        let before = try snapshot()
        assertError(try akkord.run(["catalogue", "import", "-"], stdin: Data(twice.utf8)), status: 65, contains: "key \"activities\" appears twice")
        XCTAssertEqual(try snapshot(), before)
        try Data(twice.utf8).write(to: akkord.store.appendingPathComponent("catalogue.json"))
        assertError(try akkord.run("catalogue", "list"), status: 65, contains: "key \"activities\" appears twice")
    }

    // MARK: 5 and 7. the lock

    func testReadersWaitForAWriterAndShareWithReaders() throws {
        try makeProject()
        let writer = try LockHolder(akkord)
        let r = try akkord.run(["project", "list"], environment: ["AKKORD_LOCK_TIMEOUT": "0.5"])
        assertError(r, status: 75, contains: "the store is busy")
        writer.release()

        let reader = try LockHolder(akkord, shared: true)
        defer { reader.release() }
        for command in [["project", "list"], ["lines"], ["report"], ["check"]] {
            let ok = try akkord.run(command, environment: ["AKKORD_LOCK_TIMEOUT": "0.5"])
            XCTAssertEqual(ok.status, 0, "\(command) shares the lock with another reader: \(ok.stderr)")
        }
        assertError(try akkord.run(["add", "2.01", "1"], environment: ["AKKORD_LOCK_TIMEOUT": "0.5"]), status: 75, contains: "busy")
    }

    func testALockSymlinkIsNotFollowed() throws {
        try makeProject()
        let target = akkord.outsideFile("created-by-lock").path
        let lock = akkord.store.appendingPathComponent(".lock").path
        try FileManager.default.removeItem(atPath: lock)
        try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: target)
        let before = try snapshot()
        assertError(try akkord.run("add", "2.01", "1"), status: 65, contains: ".lock: is a symbolic link")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target), "no file was made outside the store")
        XCTAssertEqual(try snapshot(), before)
    }

    func testLockTimeoutMustBeAFiniteNumberOfSeconds() throws {
        try makeProject()
        for bad in ["nan", "inf", "abc", "-1", "", "1e3", "0x10"] {
            let r = try akkord.run(["add", "2.01", "1"], environment: ["AKKORD_LOCK_TIMEOUT": bad])
            assertError(r, status: 64, contains: "AKKORD_LOCK_TIMEOUT: \"\(bad)\" is not a number of seconds")
        }
        XCTAssertEqual(try akkord.run(["add", "2.01", "1"], environment: ["AKKORD_LOCK_TIMEOUT": "2.5"]).status, 0)
    }

    // MARK: 6 and 17. leftovers

    func testStaleTemporariesAndOrphansAreListedByCheckAndRemoved() throws {
        try makeProject()
        // A pid that no process can have: the kernel allocates pids below pid_max.
        let pidMax = try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        // Writes make their temporaries in tmp/; an older akkord made them beside the file.
        let stale = akkord.store.appendingPathComponent("tmp/.roof.json.tmp-\(pidMax)-12345")
        try Data(repeating: 0x41, count: 1000).write(to: stale)
        let old = akkord.store.appendingPathComponent("projects/.roof.json.tmp-\(pidMax)-777")
        try Data(repeating: 0x42, count: 10).write(to: old)
        let live = akkord.store.appendingPathComponent("tmp/.roof.json.tmp-\(ProcessInfo.processInfo.processIdentifier)-1")
        try Data("x".utf8).write(to: live)

        let check = try akkord.run("check")
        XCTAssertEqual(check.status, 0, "leftovers are notes, not problems: \(check.stderr)")
        XCTAssertTrue(check.stderr.contains("leftover \(stale.path) (temporary file of a write that was killed, 1000 bytes)"), check.stderr)
        XCTAssertTrue(check.stderr.contains("leftover \(old.path) (temporary file of a write that was killed, 10 bytes)"), check.stderr)
        XCTAssertFalse(check.stderr.contains(live.path), "a running writer's temporary is not a leftover")

        // The next writer removes the stale one in tmp/ under the lock; the old one beside the
        // project file is left for check --fix (writers do not list projects/).
        XCTAssertEqual(try akkord.run("add", "2.01", "1").status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: old.path))
        XCTAssertEqual(try akkord.run("check", "--fix").status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: old.path))

        // A photo only a project that is gone used: add it, delete the project, empty the trash by hand.
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/photos/roof.jpg").path
        XCTAssertEqual(try akkord.run("project", "new", "Gone").status, 0)
        XCTAssertEqual(try akkord.run("photo", "add", photo).status, 0)
        XCTAssertEqual(try akkord.run("check").stderr, "", "a photo a project uses is no leftover")
        XCTAssertEqual(try akkord.run("project", "delete", "gone", "--yes").status, 0)
        XCTAssertEqual(try akkord.run("check").stderr, "", "a photo a trashed project uses is no leftover")
        try FileManager.default.removeItem(at: akkord.store.appendingPathComponent("trash/gone.json"))
        let photoFile = try FileManager.default.contentsOfDirectory(atPath: akkord.store.appendingPathComponent("photos").path)[0]
        // An archived copy of the active catalogue (an import stopped between its two writes).
        XCTAssertEqual(try akkord.run(["catalogue", "import", "-", "--format", "csv"], stdin: Data("pos;name;unit;price\n1;A;m2;1\n".utf8)).status, 0)
        let active = akkord.store.appendingPathComponent("catalogue.json")
        let copy = akkord.store.appendingPathComponent("catalogue-history/2026-11-23T10-00-00Z-x.json")
        try FileManager.default.copyItem(at: active, to: copy)

        let listed = try akkord.run("check", "--json")
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let leftovers = ((listed.json as? [String: Any])?["leftovers"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
        XCTAssertEqual(leftovers, [copy.path, akkord.store.appendingPathComponent("photos/\(photoFile)").path])

        let fix = try akkord.run("check", "--fix")
        XCTAssertEqual(fix.status, 0, fix.stderr)
        XCTAssertTrue(fix.stdout.contains("removed \(copy.path) (archived copy of the catalogue that is still active"), fix.stdout)
        XCTAssertTrue(fix.stdout.contains("removed \(akkord.store.path)/photos/\(photoFile) (photo no project, trashed project or undo step uses"), fix.stdout)
        XCTAssertEqual(fix.stderr, "", "nothing is left over after --fix")
        XCTAssertTrue(FileManager.default.fileExists(atPath: active.path), "the active catalogue stays")
    }

    // MARK: 8 and 9. nothing written through the store's back door

    func testOutputsInsideTheStoreAreRefused() throws {
        try makeProject()
        let victim = projectFile("roof")
        let before = try snapshot()
        for args in [["report", "--format", "json", "-o", victim.path], ["report", "-o", storePath + "/store.json"],
                     ["catalogue", "export", "-o", storePath + "/catalogue.json"], ["report", "-o", storePath + "/projects/../new.txt"],
                     ["demo", "-o", storePath + "/x.txt"]] {
            assertError(try akkord.run(args), status: 64, contains: "is inside the store")
        }
        // Through a link that points into the store.
        let link = akkord.outsideFile("into-store").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: storePath + "/projects")
        assertError(try akkord.run("report", "--format", "json", "-o", link + "/roof.json"), status: 64, contains: "is inside the store")
        XCTAssertEqual(try snapshot(), before)
        XCTAssertEqual(try akkord.run("report", "-o", akkord.outsideFile("ok.txt").path).status, 0)
    }

    func testSymlinkedDirectoriesInTheStoreAreRefused() throws {
        try makeProject()
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/photos/roof.jpg").path
        XCTAssertEqual(try akkord.run("photo", "add", photo).status, 0)
        for dir in ["projects", "photos", "catalogue-history"] {
            let real = akkord.store.appendingPathComponent(dir)
            let elsewhere = akkord.outsideFile("moved-\(dir)")
            if FileManager.default.fileExists(atPath: real.path) { try FileManager.default.moveItem(at: real, to: elsewhere) } else {
                try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            }
            try FileManager.default.createSymbolicLink(at: real, withDestinationURL: elsewhere)
            let outsideBefore = try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).sorted()
            for command in [["add", "2.01", "1"], ["photo", "remove", "1"], ["lines"], ["check"],
                            ["catalogue", "import", "-", "--format", "csv", "--replace"]] {
                let r = try akkord.run(command, stdin: Data("pos;name;unit;price\n1;A;m2;1\n".utf8))
                assertError(r, status: 65, contains: "\(real.path): is a symbolic link")
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).sorted(), outsideBefore, dir)
            try FileManager.default.removeItem(at: real)
            try FileManager.default.moveItem(at: elsewhere, to: real)
        }
        XCTAssertEqual(try akkord.run("check").status, 0)
    }

    // MARK: 10. sizes and kinds of input files

    func testInputsThatAreNotRegularFilesOrTooBigAreRefusedBeforeReading() throws {
        try makeProject()
        let before = try snapshot()
        assertError(try akkord.run("photo", "add", "/dev/zero"), status: 65, contains: "/dev/zero: is a device, not a photo file")
        assertError(try akkord.run("catalogue", "import", "/dev/zero"), status: 65, contains: "/dev/zero: is a device, not a price list file")
        _ = akkord.outsideFile("x")
        assertError(try akkord.run("catalogue", "import", akkord.outside.path), status: 65, contains: "is a directory")
        let fifo = akkord.outsideFile("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        assertError(try akkord.run("catalogue", "import", fifo), status: 65, contains: "is a FIFO (named pipe)")
        // Sparse files: their size is refused before a byte is read.
        for (name, size, command, message) in [("big.jpg", 26 << 20, "photo", "is larger than 25 MiB"), ("big.csv", 129 << 20, "catalogue", "is larger than 128 MiB")] {
            let path = akkord.outsideFile(name).path
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
            XCTAssertEqual(truncate(path, off_t(size)), 0)
            let started = Date()
            let r = try akkord.run(command == "photo" ? ["photo", "add", path] : ["catalogue", "import", path])
            assertError(r, status: 65, contains: message)
            XCTAssertLessThan(Date().timeIntervalSince(started), 2, "refused by its size, not by reading it")
        }
        XCTAssertEqual(try snapshot(), before)
    }

    // MARK: 11. check applies every rule and verifies photos

    func testCheckAppliesEveryRuleTheWritersApply() throws {
        try makeProject()
        let good = try String(contentsOf: projectFile("roof"), encoding: .utf8)
        let cases: [(String, String, String)] = [
            ("\"quantity\": \"10\", \"amount\": \"385.00\"", "\"quantity\": \"-10\", \"amount\": \"-385.00\"", "lines[0].quantity: must be greater than zero"),
            ("\"quantity\": \"10\"", "\"quantity\": \"00010\"", "lines[0].quantity: \"00010\" is not written as akkord writes numbers"),
            ("\"quantity\": \"10\"", "\"quantity\": \"1,0\"", "lines[0].quantity: \"1,0\" is not written as akkord writes numbers"),
            ("\"workers\": [", "\"workers\": [{\"id\": \"jens\", \"name\": \"Twin\", \"apprentice\": false},", "duplicate worker id \"jens\""),
            ("\"supplements\": []", "\"supplements\": [{\"id\": 1, \"name\": \"X\", \"percent\": \"5000\"}]", "supplements[0].percent: 5,000 is outside -100 … 1000"),
            ("\"name\": \"Roof\"", "\"name\": \"Roof\\u001b[2J\"", "name: contains the control character U+001B (ESC)"),
        ]
        for (from, to, message) in cases {
            let text = good.replacingOccurrences(of: from, with: to)
            XCTAssertNotEqual(text, good, from)
            try Data(text.utf8).write(to: projectFile("roof"))
            assertError(try akkord.run("check"), status: 65, contains: message)
        }
        try Data(good.utf8).write(to: projectFile("roof"))
        XCTAssertEqual(try akkord.run("check").status, 0)
    }

    func testCheckVerifiesEveryPhotoAgainstItsName() throws {
        try makeProject()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/photos")
        XCTAssertEqual(try akkord.run("photo", "add", fixtures.appendingPathComponent("roof.jpg").path).status, 0)
        let photos = akkord.store.appendingPathComponent("photos")
        let name = try FileManager.default.contentsOfDirectory(atPath: photos.path)[0]
        let stored = photos.appendingPathComponent(name)
        XCTAssertEqual(try akkord.run("check").status, 0)
        var bytes = try Data(contentsOf: stored)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: stored)
        assertError(try akkord.run("check"), status: 65, contains: "\(stored.path): its bytes have SHA-256")
        // Replaced by another photo: still not the bytes its name promises.
        try Data(contentsOf: fixtures.appendingPathComponent("tiles-rgb.png")).write(to: stored)
        assertError(try akkord.run("check"), status: 65, contains: "the file was changed or replaced")
    }

    // MARK: 12. control characters

    func testControlCharactersAreRefusedInEveryTextOnInput() throws {
        try makeProject()
        let before = try snapshot()
        for (args, argument) in [(["add", "--custom", "A\u{1B}[31mB", "--unit", "m2", "--price", "1", "1"], "--custom"),
                                 (["add", "2.01", "1", "--note", "x\u{1}y"], "--note"),
                                 (["worker", "add", "Ole\u{7}"], "<name>"),
                                 (["project", "edit", "--name", "A\nB"], "--name")] {
            let r = try akkord.run(args)
            assertError(r, status: 64, contains: "\(argument): contains the control character U+")
            XCTAssertFalse(r.stderr.contains("\u{1B}") || r.stderr.contains("\u{7}"), "the raw character is not echoed")
        }
        let json = #"{"format": "akkord-catalogue", "version": 1, "name": "N", "activities": [{"pos": "1", "name": "A\u001b[2JB", "unit": "m2", "price": "1"}]}"#
        assertError(try akkord.run(["catalogue", "import", "-"], stdin: Data(json.utf8)), status: 65,
                    contains: "activities[0].name: contains the control character U+001B (ESC)")
        XCTAssertEqual(try snapshot(), before)
        // A line break is a note's own.
        XCTAssertEqual(try akkord.run("add", "2.01", "1", "--note", "north side\nsouth side").status, 0)
    }

    // MARK: 13. one damaged project

    func testOneDamagedProjectHidesNoOtherAndCanBeForcedToTheTrash() throws {
        try makeProject()
        XCTAssertEqual(try akkord.run("project", "new", "Other").status, 0)
        let damaged = Data("{\"format\": \"akkord-project\", ".utf8)
        try damaged.write(to: projectFile("roof"))
        let list = try akkord.run("project", "list")
        XCTAssertEqual(list.status, 65)
        XCTAssertTrue(list.stdout.contains("other"), "the others are listed: \(list.stdout)")
        XCTAssertTrue(list.stderr.contains(projectFile("roof").path), list.stderr)
        XCTAssertTrue(list.stderr.contains("1 project file does not read"), list.stderr)

        let refused = try akkord.run("project", "delete", "roof", "--yes")
        assertError(refused, status: 65, contains: projectFile("roof").path)
        XCTAssertTrue(refused.stderr.contains("hint: add --force"), refused.stderr)
        XCTAssertEqual(try Data(contentsOf: projectFile("roof")), damaged)

        let forced = try akkord.run("project", "delete", "roof", "--yes", "--force")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(try Data(contentsOf: akkord.store.appendingPathComponent("trash/roof.json")), damaged, "kept as it was")
        XCTAssertFalse(FileManager.default.fileExists(atPath: projectFile("roof").path))
        XCTAssertEqual(try akkord.run("project", "list").status, 0)
        XCTAssertEqual(try akkord.run("check").status, 0)
    }

    // MARK: 18. long values

    func testErrorLinesCutLongValues() throws {
        try makeProject()
        let long = String(repeating: "9", count: 100_000) + "z"   // (x would be a measurement's ×)
        let r = try akkord.run("add", "2.01", long)
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains("\"\(String(repeating: "9", count: 80))…\" (100001 characters) is not a number"), String(r.stderr.prefix(300)))
        XCTAssertLessThan(r.stderr.split(separator: "\n").map(\.count).max() ?? 0, 300)

        let good = try String(contentsOf: projectFile("roof"), encoding: .utf8)
        let key = String(repeating: "k", count: 100_000)
        try Data(good.replacingOccurrences(of: "\"note\": \"\"", with: "\"\(key)\": 1, \"note\": \"\"").utf8).write(to: projectFile("roof"))
        let damaged = try akkord.run("lines")
        assertError(damaged, status: 65, contains: "(100000 characters)")
        XCTAssertLessThan(damaged.stderr.split(separator: "\n").map(\.count).max() ?? 0, 500)
        XCTAssertEqual(damaged.stderr.components(separatedBy: projectFile("roof").path).count - 1,
                       damaged.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }.count, "the file is named once per line")
    }

    // MARK: 21. a store that is not there

    func testCheckOnAStoreThatDoesNotExistFails() throws {
        let missing = akkord.outsideFile("typo").path
        let r = try akkord.run(["--store", missing, "check"], useStore: false)
        assertError(r, status: 1, contains: "no store at \(missing)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing), "check creates nothing")
    }
}
