import AkkordSupport
import AkkordModel
import AkkordCatalogue
import AkkordAccounting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `akkord sync`: commit, fetch, merge the three trees path by path, write, record, push.
extension StoreSync {
    package struct Options: Sendable {
        package var keep: MergeSide?
        /// `--keep` for this project only (else for every conflict).
        package var keepProject: String?
        package var dryRun = false
        /// Who syncs (config `name`, else git's `user.name`, else the login name).
        package var by: String
        package var time: String
        package var command: String

        package init(keep: MergeSide?, keepProject: String?, dryRun: Bool, by: String, time: String, command: String) {
            self.keep = keep; self.keepProject = keepProject; self.dryRun = dryRun; self.by = by; self.time = time; self.command = command
        }
    }

    /// A raw diff's line: the path, its old and new entry (nil: not there).
    struct DiffEntry { let path: String; let old: Git.Entry?; let new: Git.Entry? }

    func rawDiff(_ arguments: [String], git: Git? = nil) throws -> [DiffEntry] {
        let out = try (git ?? self.git).run(arguments + ["--raw", "-z", "--no-renames"]).stdout
        var result: [DiffEntry] = []
        var fields = out.split(separator: 0, omittingEmptySubsequences: false)[...]
        while let field = fields.first {
            fields = fields.dropFirst()
            guard field.first == UInt8(ascii: ":"), let pathField = fields.first else { continue }
            fields = fields.dropFirst()
            let p = field.dropFirst().split(separator: 32).map { String(decoding: $0, as: UTF8.self) }
            guard p.count >= 5 else { continue }
            let zero = { (h: String) in h.allSatisfy { $0 == "0" } }
            result.append(DiffEntry(path: String(decoding: pathField, as: UTF8.self),
                                    old: zero(p[2]) ? nil : Git.Entry(mode: p[0], hash: p[2]),
                                    new: zero(p[3]) ? nil : Git.Entry(mode: p[1], hash: p[3])))
        }
        return result
    }

    /// `akkord sync`. The network runs without the store's lock, so other commands keep working
    /// while it fetches and pushes; syncs of the store run one at a time under their own lock
    /// (`lockSyncs`). Under the store's lock: this machine's changes committed; without it: the
    /// fetch; under it again: what changed meanwhile committed, the three trees compared and
    /// merged, the files written and the merge commit recorded; without it: the push.
    package func sync(_ o: Options, driver: String, name: String?) throws -> SyncReport {
        try store.storeRequirement()
        guard isRepository else { throw GitError.notARepository(store: directory) }
        let syncLock = try Self.lockSyncs(in: directory, timeout: store.lockTimeout)
        defer { withExtendedLifetime(syncLock) {} }
        var report = SyncReport()
        report.dryRun = o.dryRun
        report.remote = remoteURL()
        guard report.remote != nil else { throw GitError.noRemote }

        // This machine's side: the store's files as they are now.
        let mineRef: String = try store.exclusively(finishingSync: !o.dryRun) {
            try store.storeRequirement()
            if o.dryRun { return try treeOfTheFilesAsTheyAre() }
            try setUp(driver: driver, name: name)
            // A plain `git pull` that stopped on a conflict: its half-done merge is undone, and
            // akkord merges the two sides itself.
            if FileIO.exists(directory + "/.git/MERGE_HEAD") { try git.run(["merge", "--abort"], check: false) }
            removeStaleGitLocks()
            try finishInterruptedMerge()
            try moveCurrentProjectToLocal()
            report.committedEntries += try commitLocalChanges(o)
            return "HEAD"
        }
        try fetch()
        // A dry run only reads git's objects from here on.
        let needsPush = o.dryRun ? try mergeFetched(o, mineRef: mineRef, &report)
            : try store.exclusively(finishingSync: true) { try mergeFetched(o, mineRef: mineRef, &report) }
        if needsPush { try push(); report.pushed = true }
        if !o.dryRun { try saveLastSync(time: o.time) }
        return report
    }

    /// Syncs of the store in `directory` one at a time: a lock of their own in `.git`, waited for
    /// `timeout` seconds (then `SyncBusyError`). Held through the network, unlike the store's.
    package static func lockSyncs(in directory: String, timeout: Double) throws -> StoreLock {
        let path = directory + "/.git/akkord-sync.lock"
        do { return try StoreLock(path: path, timeout: timeout) } catch let e as StoreBusyError {
            throw SyncBusyError(path: e.path, seconds: e.seconds)
        }
    }

    /// A tree of the files as they are, made in an index of its own: the store's index and
    /// commits are not touched (a dry run).
    private func treeOfTheFilesAsTheyAre() throws -> String {
        // Absolute: git reads GIT_INDEX_FILE from the store (-C), not from here.
        var tmp = store.temporaryDirectory
        if !tmp.hasPrefix("/"), let resolved = realpath(tmp, nil) { tmp = String(cString: resolved); free(resolved) }
        let path = tmp + "/sync-index.\(getpid())"
        defer { unlink(path) }
        if let bytes = try? FileIO.read(directory + "/.git/index", limit: Store.maximumFileBytes) { try? AtomicFile.write(bytes, to: path) }
        let g = git.adding(environment: ["GIT_INDEX_FILE": path])
        try g.run(["add", "-A"])
        return try g.run(["write-tree"]).line
    }

    /// Commits the store's files as they are when they differ from HEAD; the number of history
    /// entries the commit lists. A project file that does not read is never committed.
    private func commitLocalChanges(_ o: Options) throws -> Int {
        try git.run(["add", "-A"])
        if try git.commit("HEAD") != nil, try git.run(["diff", "--cached", "--quiet"], check: false).status == 0 { return 0 }
        let message: (text: String, entries: Int)
        do { message = try localCommitMessage(o) } catch {
            _ = try? git.run(["reset", "-q"], check: false)
            throw error
        }
        return try git.commitIndex(message: message.text) ? message.entries : 0
    }

    /// After the fetch: what changed here meanwhile committed, the incoming commits checked and
    /// merged, the merged files written and the merge recorded. Whether there is something to push.
    private func mergeFetched(_ o: Options, mineRef: String, _ report: inout SyncReport) throws -> Bool {
        if !o.dryRun { report.committedEntries += try commitLocalChanges(o) }
        let head = try git.commit("HEAD")
        let theirs = try git.commit("refs/remotes/origin/\(branch)")
        let base: String? = {
            guard let head, let theirs else { return nil }
            let out = try? git.run(["merge-base", head, theirs], check: false)
            return out.flatMap { $0.status == 0 ? $0.line : nil }
        }()

        // Nothing came in: what went out is this machine's since the remote's.
        if theirs == nil || base == theirs {
            if head != theirs || o.dryRun {
                let remoteTree = try git.tree(theirs)
                let mineTree = try git.tree(head == nil && !o.dryRun ? nil : mineRef)
                report.outgoing = try projectChanges(from: remoteTree, to: mineTree)
            }
            report.commit = head
            return !o.dryRun && head != nil && head != theirs
        }
        guard let theirs else { return false }

        let baseTree = try git.tree(base), mineTree = try git.tree(mineRef), theirsTree = try git.tree(theirs)
        let incomingCommits = try git.run(["rev-list", theirs] + (head.map { ["^" + $0] } ?? [])).text.split(separator: "\n").map(String.init)
        try refuseHostile(commits: incomingCommits, tree: theirsTree, base: baseTree)
        let plan = try merge(base: baseTree, mine: mineTree, theirs: theirsTree, o)
        report.outgoing = try projectChanges(from: baseTree, to: mineTree)
        report.incoming = plan.incoming
        report.incomingFiles = plan.incomingFiles
        report.renumberings = plan.renumberings
        report.settled = plan.settled
        if !plan.conflicts.isEmpty { throw SyncConflictError(conflicts: plan.conflicts) }
        if o.dryRun { report.commit = head; return false }

        // Every merged file written atomically, deletions after, then the undo of projects that
        // changed ends (their kept steps no longer match their history). The marker says a merge
        // is being written until HEAD records it: a sync killed in between is repeated from HEAD.
        try AtomicFile.write(Array((head ?? "-").utf8), to: mergingMarker)
        for (path, bytes) in plan.writes {
            let full = directory + "/" + path
            try store.ensureDirectory(AtomicFile.parentDirectory(of: full))
            try store.write(bytes, to: full)
        }
        for path in plan.deletions {
            let full = directory + "/" + path
            if unlink(full) != 0, errno != ENOENT { throw AkkordError.cannotWrite(path: full, reason: FileIO.errnoMessage()) }
            try? AtomicFile.syncDirectory(AtomicFile.parentDirectory(of: full))
        }
        for id in plan.changedProjects { _ = store.pruneUndoSteps(of: id, keep: 0) }
        for (id, count, last) in plan.undoEnded { try store.markUndoEndedBySync(of: id, time: o.time, historyCount: count, last: last) }
        // This machine's current project follows a renumbered id, and is none once the other
        // machine deleted it.
        let current = try store.loadState().currentProject
        if let (from, to) = plan.currentRenamed, current == from {
            try store.saveState(Store.State(currentProject: to))
        } else if let current, plan.deletions.contains(Store.projectFileName(current)) {
            try store.saveState(Store.State(currentProject: nil))
        }

        // The merge recorded: two parents, the tree as written; a fast-forward when nothing of
        // this machine's is in it.
        try git.run(["add", "-A"])
        let tree = try git.run(["write-tree"]).line
        let theirsTreeId = try git.run(["rev-parse", theirs + "^{tree}"]).line
        let merged: String
        if base == head, tree == theirsTreeId {
            merged = theirs
        } else {
            var message = "akkord sync: merged \(report.remote ?? "origin") (\(o.by))\n"
            if !plan.renumberings.isEmpty { message += "\n" + plan.renumberings.map { $0.description }.joined(separator: "\n") + "\n" }
            merged = try git.run(["commit-tree", tree] + (head.map { ["-p", $0] } ?? []) + ["-p", theirs, "-F", "-"], input: Array(message.utf8)).line
        }
        try git.run(["update-ref", "-m", "akkord sync", "HEAD", merged])
        unlink(mergingMarker)
        report.commit = merged
        return merged != theirs
    }

    /// A sync killed while it wrote a merge (the marker is there, HEAD not yet moved): every
    /// file git sees changed is put back as HEAD has it, atomically, so the merge is done again
    /// from HEAD, which holds every change of this machine's made before that sync (writers
    /// refuse to change the store while the marker is there: `Store.exclusively`).
    func finishInterruptedMerge() throws {
        guard FileIO.exists(mergingMarker) else { return }
        let headTree = try git.tree(try git.commit("HEAD"))
        let status = try git.run(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames"]).text
        var changed: [String] = []
        for record in status.split(separator: "\0") where record.count > 3 {
            changed.append(String(record.dropFirst(3)))
        }
        let blobs = try git.blobs(Set(changed.compactMap { headTree[$0]?.hash }))
        for path in changed {
            let full = directory + "/" + path
            if let entry = headTree[path], let bytes = blobs[entry.hash] {
                try store.ensureDirectory(AtomicFile.parentDirectory(of: full))
                try store.write(bytes, to: full)
            } else if unlink(full) != 0, errno != ENOENT {
                throw AkkordError.cannotWrite(path: full, reason: FileIO.errnoMessage())
            }
        }
        _ = try? git.run(["reset", "-q"], check: false)
        unlink(mergingMarker)
    }

    /// git's own lock files left by a git that akkord ran and that was killed: akkord holds the
    /// syncs' lock and the store's, so no git of akkord's is running (no other sync's, and no
    /// other command's); without this every later sync would stop.
    func removeStaleGitLocks() {
        let gitDirectory = directory + "/.git"
        for name in ["index.lock", "HEAD.lock", "ORIG_HEAD.lock", "FETCH_HEAD.lock", "config.lock", "packed-refs.lock", "shallow.lock"] {
            unlink(gitDirectory + "/" + name)
        }
        func sweep(_ path: String) {
            guard let dir = opendir(path) else { return }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
                if name == "." || name == ".." { continue }
                let full = path + "/" + name
                if FileIO.isDirectory(full) { sweep(full) } else if name.hasSuffix(".lock") { unlink(full) }
            }
        }
        sweep(gitDirectory + "/refs")
        sweep(gitDirectory + "/logs")
    }

    /// The message of the commit of this machine's changes: each history entry made since the
    /// last commit, by project.
    func localCommitMessage(_ o: Options) throws -> (text: String, entries: Int) {
        guard try git.commit("HEAD") != nil else { return ("akkord sync: the store as it was (\(o.by))", 0) }
        let changes = try rawDiff(["diff", "--cached", "HEAD"]).filter { if case .project = StoreSharing.place(of: $0.path) { return true }; return false }
        let blobs = try git.blobs(Set(changes.flatMap { [$0.old?.hash, $0.new?.hash].compactMap { $0 } }))
        var lines: [String] = [], entries = 0
        for change in changes.sorted(by: { $0.path < $1.path }) {
            guard case .project(let id) = StoreSharing.place(of: change.path) else { continue }
            guard let new = change.new, let bytes = blobs[new.hash] else { lines.append("\(id): deleted"); continue }
            // A file that does not read is never sent to the office (exit 65, nothing committed).
            let p = try ProjectCodec.decode(bytes, source: directory + "/" + change.path)
            let before = change.old.flatMap { blobs[$0.hash] }.flatMap { try? ProjectCodec.decode($0, source: change.path) }?.history.count ?? 0
            for entry in p.history.dropFirst(before) {
                lines.append("\(id): \(entry.time) \(entry.command)")
                entries += 1
            }
        }
        return ("akkord sync: \(entries) change\(entries == 1 ? "" : "s") (\(o.by))\n\n" + lines.joined(separator: "\n") + "\n", entries)
    }

    // MARK: the merge of the three trees

    struct Plan {
        var writes: [(String, [UInt8])] = []
        var deletions: [String] = []
        var conflicts: [MergeConflict] = []
        var settled: [MergeConflict] = []
        var renumberings: [Phrase] = []
        var incoming: [SyncProjectChange] = []
        var incomingFiles: [String] = []
        var changedProjects: [String] = []
        /// The projects as the merge leaves them whose undo it ends: their history's length and last entry.
        var undoEnded: [(String, Int, HistoryEntry?)] = []
        var currentRenamed: (String, String)?
    }

    func merge(base: [String: Git.Entry], mine: [String: Git.Entry], theirs: [String: Git.Entry], _ o: Options) throws -> Plan {
        var plan = Plan()
        let paths = Set(base.keys).union(mine.keys).union(theirs.keys).filter { p in
            let t = theirs[p], m = mine[p]
            return t != base[p] && t != m
        }.sorted()
        var wanted = Set<String>()
        for p in paths { for e in [base[p], mine[p], theirs[p]] { if let e { wanted.insert(e.hash) } } }
        let blobs = try git.blobs(wanted)
        func bytes(_ e: Git.Entry?) -> [UInt8]? { e.flatMap { blobs[$0.hash] } }
        func keep(for id: String) -> MergeSide? { o.keepProject == nil || o.keepProject == id ? o.keep : nil }
        var takenIds = Set((Array(mine.keys) + Array(theirs.keys)).compactMap { p -> String? in
            if case .project(let id) = StoreSharing.place(of: p) { return id }; return nil
        })
        let takenTrash = Set(mine.keys).union(theirs.keys)

        for path in paths {
            let b = base[path], m = mine[path], t = theirs[path]
            let place = StoreSharing.place(of: path)
            // Taken as it came: changed there only.
            if m == b {
                if let t {
                    let data = bytes(t) ?? []
                    try checkIncoming(path, data)
                    if case .project(let id) = place {
                        let after = try ProjectCodec.decode(data, source: path)
                        plan.incoming.append(change(id, before: try bytes(m).map { try ProjectCodec.decode($0, source: path) }, after: after))
                        plan.changedProjects.append(id)
                        plan.undoEnded.append((id, after.history.count, after.history.last))
                    } else { plan.incomingFiles.append(path) }
                    plan.writes.append((path, data))
                } else if place != .photo {
                    // A photo stays while anything may use it (`check --fix` removes one no project uses).
                    if case .project(let id) = place {
                        plan.incoming.append(try change(id, before: bytes(m), after: nil, path: path))
                        plan.changedProjects.append(id)
                    } else { plan.incomingFiles.append(path) }
                    plan.deletions.append(path)
                }
                continue
            }
            // Changed on both sides, differently.
            switch place {
            case .project(let id):
                guard let m, let t else {
                    let conflict = MergeConflict(project: id, record: "project", field: "file",
                                                 mine: m == nil ? "deleted" : "changed", theirs: t == nil ? "deleted" : "changed")
                    switch keep(for: id) {
                    case nil: plan.conflicts.append(conflict)
                    case .mine?: plan.settled.append(conflict)
                    case .theirs?:
                        plan.settled.append(conflict)
                        if let t {
                            let data = bytes(t) ?? []
                            try checkIncoming(path, data)
                            plan.writes.append((path, data))
                            let after = try ProjectCodec.decode(data, source: path)
                            plan.incoming.append(change(id, before: nil, after: after))
                            plan.undoEnded.append((id, after.history.count, after.history.last))
                        } else {
                            plan.deletions.append(path)
                            plan.incoming.append(try change(id, before: bytes(m), after: nil, path: path))
                        }
                        plan.changedProjects.append(id)
                    }
                    continue
                }
                let theirsBytes = bytes(t) ?? []
                try checkIncoming(path, theirsBytes)
                let theirsProject = try ProjectCodec.decode(theirsBytes, source: "incoming " + path)
                var mineProject = try ProjectCodec.decode(bytes(m) ?? [], source: path)
                if b == nil {
                    // The same id made on both machines: the incoming one keeps it, this one takes the next free id.
                    let newId = Slug.unique(id, taken: takenIds)
                    takenIds.insert(newId)
                    mineProject.id = newId
                    plan.writes.append((path, theirsBytes))
                    plan.writes.append((Store.projectFileName(newId), try ProjectCodec.encode(mineProject)))
                    plan.renumberings.append("project \(id) (made here) is now \(newId)")
                    plan.currentRenamed = (id, newId)
                    plan.incoming.append(change(id, before: nil, after: theirsProject))
                    plan.changedProjects.append(id)
                    plan.undoEnded.append((id, theirsProject.history.count, theirsProject.history.last))
                    plan.undoEnded.append((newId, mineProject.history.count, mineProject.history.last))
                    continue
                }
                let baseProject = try ProjectCodec.decode(bytes(b) ?? [], source: "base " + path)
                let side = keep(for: id)
                let result = try ProjectMerge.merge(base: baseProject, mine: mineProject, theirs: theirsProject, keep: side,
                                                    by: o.by, date: o.time, command: o.command)
                if side == nil { plan.conflicts += result.conflicts } else { plan.settled += result.conflicts }
                for r in result.renumberings { plan.renumberings.append("\(id): \(r.kind) \(r.from) (made here) is now \(r.kind) \(r.to)") }
                let data = try ProjectCodec.encode(result.merged)
                plan.writes.append((path, data))
                plan.incoming.append(change(id, before: mineProject, after: result.merged))
                plan.changedProjects.append(id)
                plan.undoEnded.append((id, result.merged.history.count, result.merged.history.last))
            case .trash(let id):
                // The same project deleted on both machines, as two different files: both kept.
                guard let t else { continue }
                let data = bytes(t) ?? []
                try checkIncoming(path, data)
                if let m {
                    var n = 2
                    while takenTrash.contains("trash/\(id).\(n).json") { n += 1 }
                    plan.writes.append(("trash/\(id).\(n).json", bytes(m) ?? []))
                }
                plan.writes.append((path, data))
                plan.incomingFiles.append(path)
            case .photo:
                // Content-addressed: the same name is the same photo; one side's removal never removes it.
                if m == nil, let t {
                    let data = bytes(t) ?? []
                    try checkIncoming(path, data)
                    plan.writes.append((path, data))
                    plan.incomingFiles.append(path)
                }
            case .catalogue:
                let describe = { (e: Git.Entry?) -> String in
                    guard let data = bytes(e) else { return "none" }
                    guard let c = try? CatalogueJSON.read(data, source: path) else { return "unreadable" }
                    return "\(c.name) \(c.edition)"
                }
                let conflict = MergeConflict(project: "catalogue", record: "catalogue.json", field: "import", mine: describe(m), theirs: describe(t))
                switch keep(for: "catalogue") {
                case nil: plan.conflicts.append(conflict)
                case .mine?: plan.settled.append(conflict)
                case .theirs?:
                    plan.settled.append(conflict)
                    if let t { let data = bytes(t) ?? []; try checkIncoming(path, data); plan.writes.append((path, data)) } else { plan.deletions.append(path) }
                    plan.incomingFiles.append(path)
                }
            case .catalogueHistory:
                // Archived catalogues only accumulate: an incoming one under a name taken here is kept beside it.
                guard let t else { continue }
                let data = bytes(t) ?? []
                try checkIncoming(path, data)
                plan.writes.append((m == nil ? path : String(path.dropLast(5)) + "-incoming.json", data))
                plan.incomingFiles.append(path)
            case .state:
                // store.json: the one that requires more.
                if let t, let data = bytes(t) {
                    try checkIncoming(path, data)
                    plan.writes.append((path, data))
                }
            case .gitFile, nil:
                // akkord's own (checked above); this machine's are rewritten by every sync.
                continue
            }
        }
        return plan
    }

    /// What a project's change did, from its two files' bytes.
    func change(_ id: String, before: [UInt8]?, after: [UInt8]?, path: String) throws -> SyncProjectChange {
        let b = try before.map { try ProjectCodec.decode($0, source: path) }
        let a = try after.map { try ProjectCodec.decode($0, source: path) }
        return change(id, before: b, after: a)
    }

    func change(_ id: String, before: Project?, after: Project?) -> SyncProjectChange {
        let old = Dictionary((before?.lines ?? []).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let new = Dictionary((after?.lines ?? []).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let added = new.keys.filter { old[$0] == nil }.count
        let removed = old.keys.filter { new[$0] == nil }.count
        let changed = new.filter { id, line in old[id].map { $0 != line } ?? false }.count
        let total = { (p: Project?) -> Money? in p.flatMap { try? FinalAccounting($0).total } }
        let kind: SyncProjectChange.Kind = before == nil ? .added : after == nil ? .deleted : .changed
        return SyncProjectChange(id: id, kind: kind, linesAdded: added, linesChanged: changed, linesRemoved: removed,
                                 totalBefore: total(before), totalAfter: total(after))
    }

    /// The projects that differ between two trees.
    func projectChanges(from old: [String: Git.Entry], to new: [String: Git.Entry]) throws -> [SyncProjectChange] {
        let paths = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.filter {
            if case .project = StoreSharing.place(of: $0) { return true }; return false
        }.sorted()
        let blobs = try git.blobs(Set(paths.flatMap { [old[$0]?.hash, new[$0]?.hash].compactMap { $0 } }))
        return try paths.compactMap { path in
            guard case .project(let id) = StoreSharing.place(of: path) else { return nil }
            return try change(id, before: old[path].flatMap { blobs[$0.hash] }, after: new[path].flatMap { blobs[$0.hash] }, path: path)
        }
    }

    // MARK: status

    package func status() throws -> SyncStatus {
        guard isRepository else { throw GitError.notARepository(store: directory) }
        let branch = self.branch
        let head = try git.commit("HEAD")
        let remoteRef = try git.commit("refs/remotes/origin/\(branch)")
        var ahead = 0, behind = 0
        if let head, let remoteRef {
            let counts = try git.run(["rev-list", "--left-right", "--count", "\(head)...\(remoteRef)"]).line.split(whereSeparator: { $0 == "\t" || $0 == " " })
            ahead = counts.first.flatMap { Int($0) } ?? 0
            behind = counts.dropFirst().first.flatMap { Int($0) } ?? 0
        } else if let head {
            ahead = Int(try git.run(["rev-list", "--count", head]).line) ?? 0
        }
        var paths = Set<String>()
        let porcelain = try git.run(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames"]).stdout
        for record in porcelain.split(separator: 0) where record.count > 3 {
            paths.insert(String(decoding: record.dropFirst(3), as: UTF8.self))
        }
        if let head, let remoteRef, ahead > 0 {
            for d in try rawDiff(["diff", remoteRef, head]) { paths.insert(d.path) }
        }
        var projects = Set<String>(), files = Set<String>()
        for p in paths {
            switch StoreSharing.place(of: p) {
            case .project(let id): projects.insert(id)
            case .gitFile: continue
            default: files.insert(p)
            }
        }
        let last = lastSync()
        return SyncStatus(remote: remoteURL(), branch: branch, ahead: ahead, behind: behind,
                          unsyncedProjects: projects.sorted(), unsyncedFiles: files.sorted(), lastSync: last.time, lastSyncCommit: last.commit)
    }
}

extension Git {
    /// The same git with these variables set for it.
    func adding(environment extra: [String: String]) -> Git {
        let kept = environment.filter { e in !extra.keys.contains { e.hasPrefix($0 + "=") } }
        return Git(executable: executable, directory: directory, environment: kept + extra.map { "\($0.key)=\($0.value)" })
    }
}
