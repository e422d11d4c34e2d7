import AkkordSupport
import AkkordModel
import AkkordCatalogue

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The JSON-file store (SPEC §6). The only part of akkord that touches the file system; model,
/// accounting and rendering get values from it and give values back.
///
/// Layout: `store.json` (current project), `catalogue.json` (when imported),
/// `catalogue-history/`, `projects/<id>.json`, `photos/<sha256>.<ext>`, `trash/`, `undo/<id>/`,
/// `tmp/`, `.lock`.
public struct Store: Sendable {
    public static let format = "akkord-store"
    public static let version = 1

    public let directory: String
    public let lockTimeout: Double

    /// The largest store file akkord reads (a project of a million lines is about 250 MB).
    public static let maximumFileBytes = 1 << 30

    public init(directory: String, lockTimeout: Double = 10) {
        self.directory = directory
        self.lockTimeout = lockTimeout
    }

    package var stateFile: String { directory + "/store.json" }
    package var projectsDirectory: String { directory + "/projects" }
    public var catalogueFile: String { directory + "/catalogue.json" }
    public var catalogueHistoryDirectory: String { directory + "/catalogue-history" }
    public var photosDirectory: String { directory + "/photos" }
    public func projectFile(_ id: String) -> String { directory + "/" + Self.projectFileName(id) }
    /// A project's file as messages name it, relative to the store: `projects/<id>.json`. The one
    /// place that names it; nothing outside Store builds a store path.
    public static func projectFileName(_ id: String) -> String { "projects/\(id).json" }

    // MARK: locking and layout

    /// The directories of the store's layout; none may be a symbolic link.
    var subdirectories: [String] { [projectsDirectory, photosDirectory, catalogueHistoryDirectory, trashDirectory, temporaryDirectory, undoDirectory] }
    /// Where the store's writes make their temporary files before renaming them into place.
    package var temporaryDirectory: String { directory + "/tmp" }
    public var trashDirectory: String { directory + "/trash" }

    /// Runs `body` holding the store's exclusive lock; creates the store on first use, refuses a
    /// layout with links in it, and first removes what killed writers left behind.
    public func exclusively<T>(finishingSync: Bool = false, _ body: () throws -> T) throws -> T {
        try lockedExclusively(finishingSync: finishingSync) { _ in try body() }
    }

    /// Marks a sync writing a merge into the store (in `.git`, which git does not track): until
    /// the sync that finishes it, no other change is made, so the next sync can put the files
    /// back as the last commit has them and merge again without losing a change.
    package static func syncMergingMarker(in directory: String) -> String { directory + "/.git/akkord-sync-merging" }

    package func lockedExclusively<T>(finishingSync: Bool = false, _ body: (StoreLock) throws -> T) throws -> T {
        try createDirectories()
        let lock = try StoreLock(path: directory + "/.lock", timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        if !finishingSync, FileIO.exists(Self.syncMergingMarker(in: directory)) { throw SyncInterruptedError() }
        try checkLayout()
        removeStaleTemporaries()
        return try body(lock)
    }

    /// Runs a command that only reads under a shared lock, so no writer changes files between
    /// its reads. A store that does not exist yet, or that this user cannot write to (a copy on a
    /// read-only disk), is read without a lock.
    public func shared<T>(_ body: () throws -> T) throws -> T {
        var lock: StoreLock?
        if FileIO.isDirectory(directory), access(directory, W_OK) == 0 {
            lock = try StoreLock(path: directory + "/.lock", timeout: lockTimeout, shared: true)
        }
        defer { withExtendedLifetime(lock) {} }
        try checkLayout()
        return try body()
    }

    /// Symbolic links where the layout has directories would let writes and deletions land
    /// outside the store: refused, never followed.
    package func checkLayout() throws {
        for dir in subdirectories {
            var st = stat()
            guard lstat(dir, &st) == 0 else { continue }
            let kind = st.st_mode & S_IFMT
            if kind == S_IFLNK {
                throw StoreFileError(path: dir, problem: "is a symbolic link; akkord does not read or write through links in the store")
            }
            if kind != S_IFDIR { throw StoreFileError(path: dir, problem: "is \(FileIO.kindDescription(st.st_mode)), not a directory") }
        }
    }

    package func createDirectories() throws {
        if !FileIO.isDirectory(directory) { try createPath(directory) }
        try ensureDirectory(projectsDirectory)
        try ensureDirectory(temporaryDirectory)
    }

    /// Creates the store directory and any missing parents (`--store a/b/c`), each made durable
    /// in its parent.
    private func createPath(_ path: String) throws {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if !FileIO.isDirectory(current) { try ensureDirectory(current) }
        }
    }

    /// Creates a directory (0700) unless it exists, and syncs its parent so the new entry survives
    /// a crash.
    public func ensureDirectory(_ path: String) throws {
        if FileIO.isDirectory(path) { return }
        if mkdir(path, 0o700) != 0 {
            if errno == EEXIST, FileIO.isDirectory(path) { return }
            throw AkkordError.cannotWrite(path: path, reason: "cannot create the directory: \(FileIO.errnoMessage())")
        }
        chmod(path, 0o700)
        do { try AtomicFile.syncDirectory(AtomicFile.parentDirectory(of: path)) } catch {
            throw AkkordError.cannotWrite(path: path, reason: (error as? FileIO.Failure)?.reason ?? "\(error)")
        }
    }

    /// Reads a store file; a missing file is `nil`, an unreadable one exits 65 naming it.
    package func readFile(_ path: String) throws -> [UInt8]? {
        do { return try FileIO.read(path, limit: Store.maximumFileBytes, followSymlinks: false) } catch FileIO.Failure.notFound { return nil } catch {
            throw StoreFileError(path: path, problem: (error as? FileIO.Failure)?.reason ?? "\(error)")
        }
    }

    /// Maps a store file, as `readFile` reads it: a missing file is `nil`, an unreadable one exits 65.
    func mapFile(_ path: String) throws -> MappedFile? {
        do { return try MappedFile(path: path, limit: Store.maximumFileBytes, followSymlinks: false) } catch FileIO.Failure.notFound { return nil } catch {
            throw StoreFileError(path: path, problem: (error as? FileIO.Failure)?.reason ?? "\(error)")
        }
    }

    /// Writes what `body` puts into the output, as `write(_:to:)` writes bytes.
    /// A `body` that throws (a source that changed under it) leaves the file as it was.
    public func write(to path: String, _ body: (ByteOutput) throws -> Void) throws {
        do { try AtomicFile.write(to: path, temporaryDirectory: temporaryDirectory, streaming: body) } catch let error as InvalidDataError {
            throw error
        } catch let error as AtomicFile.NotSynced {
            throw error
        } catch {
            throw AkkordError.cannotWrite(path: path, reason: (error as? FileIO.Failure)?.reason ?? "\(error)")
        }
    }

    public func write(_ bytes: [UInt8], to path: String) throws {
        // Temporaries go to tmp/, so a writer finds those of killed writes without listing the
        // 20,000 files of projects/.
        do { try AtomicFile.write(bytes, to: path, temporaryDirectory: temporaryDirectory) } catch let error as AtomicFile.NotSynced {
            throw error
        } catch {
            throw AkkordError.cannotWrite(path: path, reason: (error as? FileIO.Failure)?.reason ?? "\(error)")
        }
    }

    // MARK: store.json

    public struct State: Equatable, Sendable {
        public var currentProject: String?
        public init(currentProject: String? = nil) { self.currentProject = currentProject }
    }

    /// This machine's own state beside a store shared through git (SPEC §14): the current
    /// project, which git ignores so each machine keeps its own. A store that has it (or is a git
    /// repository) keeps the current project there; an older store keeps it in `store.json`,
    /// which is still read when this file is not there.
    package var localStateFile: String { directory + "/local.json" }
    public static let localFormat = "akkord-local"

    public func loadState() throws -> State {
        if let bytes = try readFile(localStateFile) {
            _ = try storeRequirement()
            return try parseState(bytes, path: localStateFile, format: Store.localFormat, allowed: [])
        }
        guard let bytes = try readFile(stateFile) else { return State() }
        return try parseState(bytes, path: stateFile, format: Store.format, allowed: ["requires"])
    }

    /// The store format `store.json` says a machine needs (`"requires"`, SPEC §14); 1 when it
    /// says none. A store that needs a newer akkord than this one is refused before any other
    /// field is read (this akkord cannot know what they mean).
    @discardableResult
    public func storeRequirement() throws -> Int {
        guard let bytes = try readFile(stateFile) else { return Store.version }
        return try requirement(bytes, path: stateFile)
    }

    @discardableResult
    private func requirement(_ bytes: [UInt8], path: String) throws -> Int {
        guard let object = (try? JSONReader.parse(bytes))?.objectValue else { return Store.version }
        var needed = Store.version
        for key in ["requires", "version"] {
            if case .number(let n) = object[key] ?? .null, let v = Int(n) { needed = max(needed, v) }
        }
        if needed > Store.version { throw StoreTooNewError(path: path, requires: needed, known: Store.version) }
        return needed
    }

    private func parseState(_ bytes: [UInt8], path: String, format: String, allowed: [String]) throws -> State {
        let root: JSONValue
        do { root = try JSONReader.parse(bytes) } catch { throw StoreFileError(path: path, problem: "not valid JSON: \(error)") }
        guard let object = root.objectValue else { throw StoreFileError(path: path, problem: "expected a JSON object") }
        if format == Store.format { try requirement(bytes, path: path) }
        var f = FieldReader(object: object, path: "", problems: [])
        if let found = f.string("format", required: true), found != format {
            f.problem("format", "is \(Excerpt.phrase(found)), expected \(Excerpt.phrase(format))")
        }
        f.version(expected: Store.version)
        if object["requires"] != nil { _ = f.integer("requires") }
        var current = f.string("currentProject")
        if let current, !Slug.isValid(current) { f.problem("currentProject", "\(Excerpt.phrase(current)) is not a valid project id") }
        let intent = object["currentIfMissing"] != nil
        let ifMissing = f.string("currentIfMissing")
        if let ifMissing, !Slug.isValid(ifMissing) { f.problem("currentIfMissing", "\(Excerpt.phrase(ifMissing)) is not a valid project id") }
        f.rejectUnknown(["format", "version", "currentProject", "currentIfMissing"] + allowed)
        if !f.problems.isEmpty { throw InvalidDataError(source: path, problems: f.problems) }
        // A change that creates or deletes the current project was stopped between its two
        // writes: the project's file says which side of it the store is on.
        if intent, let named = current, !FileIO.exists(projectFile(named)) {
            current = ifMissing.flatMap { FileIO.exists(projectFile($0)) ? $0 : nil }
        }
        return State(currentProject: current)
    }

    /// Whether the current project is kept on this machine only (`local.json`): in a store
    /// shared through git, or one that already has the file.
    package var keepsStateLocally: Bool { FileIO.exists(localStateFile) || FileIO.exists(directory + "/.git") }

    /// Writes the current project: to `local.json` in a store shared through git, else to
    /// `store.json`. `ifMissing` (for a change that creates or deletes the current
    /// project, written before the file is created or after it goes): the current project
    /// while `state.currentProject`'s file is not there. So the current project follows the
    /// project file at every point a crash can stop the change at.
    public func saveState(_ state: State, ifMissing: String?? = nil) throws {
        let local = keepsStateLocally
        var members: [(key: String, value: JSONValue)] = [("format", .string(local ? Store.localFormat : Store.format)), ("version", .int(Store.version)),
                                                          ("currentProject", .optional(state.currentProject))]
        if let ifMissing { members.append(("currentIfMissing", .optional(ifMissing))) }
        try write(JSONWriter.write(.object(JSONObject(members))), to: local ? localStateFile : stateFile)
    }

    /// `store.json` as a store shared through git keeps it: the format and what it requires,
    /// no current project (that is each machine's own, in `local.json`).
    package static let sharedStateBytes: [UInt8] = JSONWriter.write(.object(JSONObject([
        ("format", .string(Store.format)), ("version", .int(Store.version)), ("requires", .int(Store.version)),
    ])))

    // MARK: projects

    public func projectIds() throws -> [String] {
        guard let dir = opendir(projectsDirectory) else {
            if errno == ENOENT { return [] }
            throw StoreFileError(path: projectsDirectory, problem: FileIO.errnoMessage())
        }
        defer { closedir(dir) }
        var ids: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            guard name.hasSuffix(".json"), !name.hasPrefix(".") else { continue }
            let id = String(name.dropLast(5))
            if Slug.isValid(id) { ids.append(id) }
        }
        return ids.sorted()
    }

    /// Reads and checks a project file (`ProjectReader`), every line kept in the model.
    public func loadProject(_ id: String) throws -> Project {
        let read = try readProjectFile(id, try mapProjectFile(id), keeping: .all)
        return read.head.with(lines: read.kept)
    }

    /// What `project list` shows of a project: the file read and checked as every reader reads
    /// it (every line and sum, SPEC §18), so the list never shows a project the others refuse;
    /// a file that does not read is named with its first problem (`check` lists them all).
    /// The list's cache (`ProjectListCache`) spares this for a file that has not changed.
    public func loadListEntry(_ id: String) throws -> ProjectListEntry {
        let read = try readProjectFile(id, try mapProjectFile(id), keeping: .none, checking: .firstProblem)
        return ProjectListEntry(read.head, lineCount: read.count, subtotal: read.subtotal)
    }

    /// Moves a project's file, as it is, to `trash/<id>.json` (`<id>.2.json`, … when an earlier
    /// one is there): one rename, so a crash leaves it in one place or the other.
    public func moveProjectToTrash(_ id: String) throws {
        try ensureDirectory(trashDirectory)
        var target = "\(trashDirectory)/\(id).json", n = 2
        while FileIO.exists(target) { target = "\(trashDirectory)/\(id).\(n).json"; n += 1 }
        guard rename(projectFile(id), target) == 0 else { throw AkkordError.cannotWrite(path: projectFile(id), reason: FileIO.errnoMessage()) }
        do {
            try AtomicFile.syncDirectory(trashDirectory)
            try AtomicFile.syncDirectory(projectsDirectory)
        } catch { throw AkkordError.cannotWrite(path: projectsDirectory, reason: "\(error)") }
    }

    /// Copies a project's file, as it is, to the trash under the next free name (as
    /// `moveProjectToTrash` names them) and returns that path; the copy is durable before this
    /// returns, so the file can then be replaced.
    package func copyProjectToTrash(_ id: String) throws -> String {
        guard let bytes = try readFile(projectFile(id)) else { throw AkkordError.projectNotFound(id) }
        try ensureDirectory(trashDirectory)
        var target = "\(trashDirectory)/\(id).json", n = 2
        while FileIO.exists(target) { target = "\(trashDirectory)/\(id).\(n).json"; n += 1 }
        try write(bytes, to: target)
        return target
    }

    public func loadCatalogue() throws -> ActiveCatalogue { try ActiveCatalogue.load(storeDirectory: directory) }
}
