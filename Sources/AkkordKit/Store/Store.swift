#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The JSON-file store (SPEC §6). The only part of akkord that touches the file system; model,
/// accounting and rendering get values from it and give values back.
///
/// Layout: `store.json` (current project), `catalogue.json` (when imported),
/// `catalogue-history/`, `projects/<id>.json`, `photos/<sha256>.<ext>`, `.lock`.
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

    var stateFile: String { directory + "/store.json" }
    var projectsDirectory: String { directory + "/projects" }
    public var catalogueFile: String { directory + "/catalogue.json" }
    public var catalogueHistoryDirectory: String { directory + "/catalogue-history" }
    public var photosDirectory: String { directory + "/photos" }
    public func projectFile(_ id: String) -> String { "\(projectsDirectory)/\(id).json" }

    // MARK: locking and layout

    /// Runs `body` holding the store's exclusive lock; creates the store on first use.
    public func exclusively<T>(_ body: () throws -> T) throws -> T {
        try createDirectories()
        let lock = try StoreLock(path: directory + "/.lock", timeout: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        return try body()
    }

    func createDirectories() throws {
        for dir in [directory, projectsDirectory] where !FileIO.isDirectory(dir) {
            if mkdir(dir, 0o700) != 0 && errno != EEXIST {
                // The parent may be missing too (`--store a/b/c`).
                if errno == ENOENT, dir == directory {
                    try createPath(dir)
                } else {
                    throw FileIO.Failure.system(path: dir, operation: "create the directory", message: FileIO.errnoMessage())
                }
            }
            chmod(dir, 0o700)
        }
    }

    private func createPath(_ path: String) throws {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if !FileIO.isDirectory(current), mkdir(current, 0o700) != 0, errno != EEXIST {
                throw FileIO.Failure.system(path: current, operation: "create the directory", message: FileIO.errnoMessage())
            }
        }
    }

    public func ensureDirectory(_ path: String) throws {
        if !FileIO.isDirectory(path), mkdir(path, 0o700) != 0, errno != EEXIST {
            throw FileIO.Failure.system(path: path, operation: "create the directory", message: FileIO.errnoMessage())
        }
    }

    /// Reads a store file; a missing file is `nil`, an unreadable one exits 65 naming it.
    func readFile(_ path: String) throws -> [UInt8]? {
        do { return try FileIO.read(path, limit: Store.maximumFileBytes, followSymlinks: false) } catch FileIO.Failure.notFound { return nil } catch {
            throw StoreFileError(path: path, problem: "\(error)")
        }
    }

    public func write(_ bytes: [UInt8], to path: String) throws {
        do { try AtomicFile.write(bytes, to: path) } catch {
            throw AkkordError.cannotWrite(path: path, reason: "\(error)")
        }
    }

    // MARK: store.json

    public struct State: Equatable, Sendable {
        public var currentProject: String?
        public init(currentProject: String? = nil) { self.currentProject = currentProject }
    }

    public func loadState() throws -> State {
        guard let bytes = try readFile(stateFile) else { return State() }
        let root: JSONValue
        do { root = try JSONReader.parse(bytes) } catch { throw StoreFileError(path: stateFile, problem: "not valid JSON: \(error)") }
        guard let object = root.objectValue else { throw StoreFileError(path: stateFile, problem: "expected a JSON object") }
        var f = FieldReader(object: object, path: "", problems: [])
        if let format = f.string("format", required: true), format != Store.format {
            f.problem("format", "is \"\(format)\", expected \"\(Store.format)\"")
        }
        f.version(expected: Store.version)
        let current = f.string("currentProject")
        if let current, !Slug.isValid(current) { f.problem("currentProject", "\"\(current)\" is not a valid project id") }
        if !f.problems.isEmpty { throw InvalidDataError(source: stateFile, problems: f.problems) }
        return State(currentProject: current)
    }

    public func saveState(_ state: State) throws {
        let json = JSONValue(["format": .string(Store.format), "version": .int(Store.version), "currentProject": .optional(state.currentProject)])
        try write(JSONWriter.write(json), to: stateFile)
    }

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

    public func loadProject(_ id: String) throws -> Project {
        // An id that is not a slug names no file: nothing outside projects/ is ever read.
        guard Slug.isValid(id) else { throw AkkordError.projectNotFound(id) }
        let path = projectFile(id)
        guard let bytes = try readFile(path) else { throw AkkordError.projectNotFound(id) }
        let project = try ProjectCodec.decode(bytes, source: path)
        guard project.id == id else { throw StoreFileError(path: path, problem: "id: is \"\(project.id)\" but the file is named \(id).json") }
        return project
    }

    public func deleteProject(_ id: String) throws {
        if unlink(projectFile(id)) != 0 { throw AkkordError.cannotWrite(path: projectFile(id), reason: FileIO.errnoMessage()) }
        AtomicFile.syncDirectory(projectsDirectory)
    }

    public func loadCatalogue() throws -> ActiveCatalogue { try ActiveCatalogue.load(storeDirectory: directory) }
}
