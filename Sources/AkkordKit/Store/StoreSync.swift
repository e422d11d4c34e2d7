import AkkordSupport
import AkkordModel
import AkkordCatalogue
import AkkordAccounting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The store shared through git (SPEC §14): what git keeps and ignores, the merge driver's
/// registration, and what the store's layout allows an incoming commit to hold.
public enum StoreSharing {
    /// `.gitignore`: everything is this machine's own except the shared files, named one by one,
    /// so a derived file akkord adds later (an index, a cache) is never shared by mistake.
    public static let gitignore = Array("""
    # akkord: what the office shares. Everything else stays on this machine: the current
    # project (local.json), .lock, tmp/, undo/ and every derived file (indexes, caches).
    /*
    !/.gitignore
    !/.gitattributes
    !/store.json
    !/catalogue.json
    !/catalogue-history/
    !/projects/
    !/photos/
    !/trash/

    """.utf8)

    /// `.gitattributes`: project files merge with akkord's record merge; no file's bytes are
    /// changed by git on the way (no line-end conversion).
    public static let gitattributes = Array("""
    # akkord: project files are merged record by record (akkord merge-driver); nothing is converted.
    * -text
    projects/*.json merge=akkord
    trash/*.json merge=akkord

    """.utf8)

    /// The merge driver's command for `.git/config`, with the absolute path of this akkord.
    public static func driverCommand(executable: String) -> String {
        "'\(executable.replacing("'", with: "'\\''"))' merge-driver %O %A %B %P"
    }

    /// What a path of the store's layout is, or nil for a path outside it.
    public enum Place: Equatable, Sendable {
        case project(String), trash(String), photo, catalogue, catalogueHistory, state, gitFile
    }

    public static func place(of path: String) -> Place? {
        switch path {
        case "store.json": return .state
        case "catalogue.json": return .catalogue
        case ".gitignore", ".gitattributes": return .gitFile
        default: break
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasSuffix(".json") || parts[0] == "photos" else { return nil }
        let name = String(parts[1])
        switch parts[0] {
        case "projects":
            let id = String(name.dropLast(5))
            return Slug.isValid(id) ? .project(id) : nil
        case "trash":
            let stem = name.dropLast(5).split(separator: ".", omittingEmptySubsequences: false)
            guard Slug.isValid(String(stem[0])) else { return nil }
            if stem.count == 1 { return .trash(String(stem[0])) }
            if stem.count == 2, let n = Int(stem[1]), n >= 2, "\(n)" == stem[1] { return .trash(String(stem[0])) }
            return nil
        case "photos":
            let p = name.split(separator: ".", omittingEmptySubsequences: false)
            guard p.count == 2, p[0].count == 64, p[0].allSatisfy({ $0.isHexDigit && !$0.isUppercase }), ["jpg", "png"].contains(p[1]) else { return nil }
            return .photo
        case "catalogue-history":
            guard !name.hasPrefix("."), name.count <= 200,
                  name.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2E || $0 == 0x5F || ($0 >= 0x41 && $0 <= 0x5A) })
            else { return nil }
            return .catalogueHistory
        default: return nil
        }
    }
}

/// The git orchestration of a store (SPEC §14). Every method that changes the store runs inside
/// the store's exclusive lock (the caller takes it: `Store.exclusively`), except `sync`, which
/// takes it itself around all but the network.
package struct StoreSync {
    let store: Store
    let git: Git

    package init(store: Store, git: Git) { self.store = store; self.git = git.inDirectory(store.directory) }

    var directory: String { store.directory }
    var isRepository: Bool { FileIO.exists(directory + "/.git") }
    var lastSyncFile: String { directory + "/last-sync.json" }
    var mergingMarker: String { Store.syncMergingMarker(in: directory) }

    // MARK: setting up

    /// Writes `.gitignore` and `.gitattributes` as akkord's, registers the merge driver with
    /// `driver` and gives the repository a committer name when git has none.
    package func setUp(driver: String, name: String?) throws {
        for (file, bytes) in [(".gitignore", StoreSharing.gitignore), (".gitattributes", StoreSharing.gitattributes)] {
            if try store.readFile(directory + "/" + file) != bytes { try store.write(bytes, to: directory + "/" + file) }
        }
        try registerDriver(driver)
        if try git.run(["config", "user.name"], check: false).line.isEmpty {
            try git.run(["config", "user.name", name ?? Self.loginName()])
        }
        if try git.run(["config", "user.email"], check: false).line.isEmpty {
            let user = Slug.make(from: name ?? Self.loginName(), fallback: "akkord")
            try git.run(["config", "user.email", "\(user)@akkord.invalid"])
        }
    }

    /// Registers (or, when akkord moved, rewrites) the merge driver in `.git/config`.
    package func registerDriver(_ driver: String) throws {
        let current = try git.run(["config", "--local", "merge.akkord.driver"], check: false)
        if current.status != 0 || current.line != driver {
            try git.run(["config", "--local", "merge.akkord.name", "akkord's record merge of project files"])
            try git.run(["config", "--local", "merge.akkord.driver", driver])
        }
    }

    package static func loginName() -> String {
        if let pw = getpwuid(getuid()), let name = pw.pointee.pw_name { return String(cString: name) }
        return "akkord"
    }

    /// The current project moved from `store.json` (as older stores keep it) to `local.json`,
    /// and `store.json` written as a shared store keeps it.
    package func moveCurrentProjectToLocal() throws {
        let stored = try store.readFile(store.stateFile)
        if stored == Store.sharedStateBytes, FileIO.exists(store.localStateFile) { return }
        let state = try store.loadState()
        if !FileIO.exists(store.localStateFile) {
            try store.write(JSONWriter.write(.object(JSONObject([("format", .string(Store.localFormat)), ("version", .int(Store.version)),
                                                                 ("currentProject", .optional(state.currentProject))]))), to: store.localStateFile)
        }
        if stored != Store.sharedStateBytes { try store.write(Store.sharedStateBytes, to: store.stateFile) }
    }

    /// `sync init`: the store made a repository (or the one it is), set up, committed; with a
    /// remote, `origin` added and pushed to.
    package func initialize(remote: String?, driver: String, name: String?, time: String) throws -> (commit: String?, pushed: Bool) {
        try store.storeRequirement()
        if !isRepository { try git.run(["init", "-q", "-b", "main"]) }
        try setUp(driver: driver, name: name)
        try moveCurrentProjectToLocal()
        try git.run(["add", "-A"])
        _ = try git.commitIndex(message: "akkord sync init")
        var pushed = false
        if let remote {
            let existing = try git.run(["remote", "get-url", "origin"], check: false)
            if existing.status == 0 {
                if existing.line != remote { try git.run(["remote", "set-url", "origin", remote]) }
            } else {
                try git.run(["remote", "add", "origin", remote])
            }
            try push()
            pushed = true
        }
        try saveLastSync(time: time)
        return (try git.commit("HEAD"), pushed)
    }

    /// `sync clone`: a new machine's store made from the office's; what came is checked as an
    /// incoming sync is, before any file of it is written. The folder must be new or empty
    /// (anything else is refused before anything is written); a clone refused or failed leaves
    /// it as it was: not there, or empty.
    package static func clone(remote: String, into directory: String, git: Git, driver: String, name: String?, time: String) throws {
        var st = stat()
        let existed = lstat(directory, &st) == 0
        if existed {
            guard FileIO.isDirectory(directory), let dir = opendir(directory) else { throw GitError.cloneTargetNotEmpty(path: directory) }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let n = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
                if n != "." && n != ".." { throw GitError.cloneTargetNotEmpty(path: directory) }
            }
        }
        do {
            try cloneIntoEmpty(remote: remote, directory: directory, git: git, driver: driver, name: name, time: time)
        } catch {
            removeContents(of: directory)
            if !existed { rmdir(directory) }
            throw error
        }
    }

    /// Removes everything in `path` (a folder the clone made or filled), never following a link.
    static func removeContents(of path: String) {
        for name in Store.entries(of: path) {
            let child = path + "/" + name
            var st = stat()
            guard lstat(child, &st) == 0 else { continue }
            if st.st_mode & S_IFMT == S_IFDIR {
                removeContents(of: child)
                rmdir(child)
            } else {
                unlink(child)
            }
        }
    }

    private static func cloneIntoEmpty(remote: String, directory: String, git: Git, driver: String, name: String?, time: String) throws {
        let out = try git.run(["clone", "-q", "--no-checkout", "--", remote, directory], check: false, inStore: false)
        if out.status != 0 { throw GitError.noConnection(remote: remote, message: out.errorText) }
        let store = Store(directory: directory)
        let sync = StoreSync(store: store, git: git)
        if try sync.git.commit("HEAD") == nil {
            // The remote's HEAD names a branch it does not have (a bare repository made with
            // another default branch than the one pushed to it): its main, else its first branch.
            let branches = try sync.git.run(["for-each-ref", "--format=%(refname:strip=3)", "refs/remotes/origin/"]).text
                .split(separator: "\n").map(String.init).filter { $0 != "HEAD" }
            if let branch = branches.contains("main") ? "main" : branches.first, let commit = try sync.git.commit("refs/remotes/origin/\(branch)") {
                try sync.git.run(["symbolic-ref", "HEAD", "refs/heads/\(branch)"])
                try sync.git.run(["update-ref", "refs/heads/\(branch)", commit])
                try sync.git.run(["config", "branch.\(branch).remote", "origin"])
                try sync.git.run(["config", "branch.\(branch).merge", "refs/heads/\(branch)"])
            }
        }
        if let head = try sync.git.commit("HEAD") {
            let commits = try sync.git.run(["rev-list", head]).text.split(separator: "\n").map(String.init)
            let tree = try sync.git.tree(head)
            try sync.refuseHostile(commits: commits, tree: tree)
            // A store this akkord is too old for is refused before any of it is written.
            if let state = tree["store.json"], let bytes = try sync.git.blobs([state.hash])[state.hash] { try sync.checkIncoming("store.json", bytes) }
            try sync.git.run(["checkout", "-q", "-f", "HEAD", "--", "."])
        }
        chmod(directory, 0o700)
        try store.exclusively {
            try sync.setUp(driver: driver, name: name)
            try sync.moveCurrentProjectToLocal()
            try sync.saveLastSync(time: time)
        }
    }

    // MARK: checking what comes in

    /// Refuses commits that change `.gitattributes` or `.gitignore` away from akkord's, add a
    /// symbolic link (or anything but a plain file), or a file outside the store's layout, or
    /// whose tree has lost either file. (Each file taken from them is read as a store file by the merge.)
    package func refuseHostile(commits: [String], tree: [String: Git.Entry], base: [String: Git.Entry] = [:]) throws {
        var gitFiles: [(commit: String, path: String, hash: String)] = []
        for (commit, path, entry) in try git.changedFiles(in: commits) {
            guard entry.mode == "100644" || entry.mode == "100755" else {
                let what: Phrase = entry.mode == "120000" ? "is a symbolic link" : "is not a plain file (mode \(entry.mode))"
                throw SyncRefusedError(commit: commit, path: path, reason: what)
            }
            guard let place = StoreSharing.place(of: path) else {
                throw SyncRefusedError(commit: commit, path: path, reason: "is outside the store's layout")
            }
            if place == .gitFile { gitFiles.append((commit, path, entry.hash)) }
        }
        let blobs = try git.blobs(Set(gitFiles.map(\.hash)))
        for (commit, path, hash) in gitFiles where blobs[hash] != (path == ".gitignore" ? StoreSharing.gitignore : StoreSharing.gitattributes) {
            throw SyncRefusedError(commit: commit, path: path, reason: "is changed away from akkord's")
        }
        for file in [".gitattributes", ".gitignore"] {
            let want = file == ".gitignore" ? StoreSharing.gitignore : StoreSharing.gitattributes
            let removed = tree[file] == nil && base[file] != nil
            if removed { throw SyncRefusedError(commit: commits.first ?? "", path: file, reason: "is changed away from akkord's") }
            if let e = tree[file], e != base[file], (try git.blobs([e.hash]))[e.hash] != want {
                throw SyncRefusedError(commit: commits.first ?? "", path: file, reason: "is changed away from akkord's")
            }
        }
    }

    /// Checks an incoming file's bytes as a store file of its place is checked.
    func checkIncoming(_ path: String, _ bytes: [UInt8]) throws {
        switch StoreSharing.place(of: path) {
        case .project(let id):
            let p = try ProjectCodec.decode(bytes, source: path)
            if p.id != id { throw InvalidDataError(source: path, problems: [Problem("id", "is \(Excerpt.phrase(p.id)), but the file is \(path)")]) }
        case .trash: _ = try ProjectCodec.decode(bytes, source: path)
        case .photo:
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard name.hasPrefix(SHA256.hex(bytes) + ".") else {
                throw InvalidDataError(source: path, problems: [Problem("", "does not match the SHA-256 in its name")])
            }
            if case .failure(let damage) = PhotoImage.inspect(bytes) { throw InvalidDataError(source: path, problems: [Problem("", damage.reason)]) }
        case .catalogue, .catalogueHistory: _ = try CatalogueJSON.read(bytes, source: path)
        case .state:
            if let object = (try? JSONReader.parse(bytes))?.objectValue, case .number(let n) = object["requires"] ?? .null, let v = Int(n), v > Store.version {
                throw StoreTooNewError(path: path, requires: v, known: Store.version)
            }
        case .gitFile, nil: break
        }
    }

    // MARK: the last sync

    package func saveLastSync(time: String) throws {
        let commit = try git.commit("HEAD")
        try store.write(JSONWriter.write(.object(JSONObject([("format", .string("akkord-last-sync")), ("version", .int(1)),
                                                             ("time", .string(time)), ("commit", .optional(commit))]))), to: lastSyncFile)
    }

    func lastSync() -> (time: String?, commit: String?) {
        guard let bytes = try? store.readFile(lastSyncFile), let object = (try? JSONReader.parse(bytes))?.objectValue else { return (nil, nil) }
        return (object["time"]?.stringValue, object["commit"]?.stringValue)
    }

    // MARK: remote

    var branch: String {
        let out = try? git.run(["symbolic-ref", "--short", "-q", "HEAD"], check: false)
        return out.flatMap { $0.status == 0 && !$0.line.isEmpty ? $0.line : nil } ?? "main"
    }

    func remoteURL() -> String? {
        guard let out = try? git.run(["remote", "get-url", "origin"], check: false), out.status == 0 else { return nil }
        return out.line
    }

    func fetch() throws {
        let out = try git.run(["fetch", "-q", "--no-tags", "origin"], check: false)
        if out.status != 0 { throw GitError.noConnection(remote: "origin", message: out.errorText) }
    }

    func push() throws {
        let out = try git.run(["push", "-q", "origin", "HEAD:refs/heads/\(branch)"], check: false)
        if out.status == 0 {
            _ = try? git.run(["branch", "-q", "--set-upstream-to=origin/\(branch)"], check: false)
            return
        }
        let text = out.errorText
        if text.contains("rejected") || text.contains("fetch first") || text.contains("non-fast-forward") { throw GitError.remoteAhead }
        throw GitError.noConnection(remote: "origin", message: text)
    }
}

extension Git {
    /// Makes a commit of the index when it differs from HEAD (or HEAD is unborn).
    package func commitIndex(message: String) throws -> Bool {
        if try commit("HEAD") != nil, try run(["diff", "--cached", "--quiet"], check: false).status == 0 { return false }
        try run(["commit", "-q", "--no-verify", "-F", "-"], input: Array(message.utf8))
        return true
    }
}
