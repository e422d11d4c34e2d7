import AkkordSupport
import AkkordModel
import AkkordCatalogue

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding the active catalogue in a store: `catalogue.json` through its search index, else
/// the bundled sample.
extension ActiveCatalogue {
    /// Loads `<store>/catalogue.json` when it exists (it must validate: exit 65 otherwise),
    /// else the bundled sample.
    public static func load(storeDirectory: String) throws -> ActiveCatalogue {
        switch try readSource(storeDirectory) {
        case .bundled: return ActiveCatalogue(catalogue: try BundledCatalogue.load(), source: .bundled)
        case .index(let index, let path): return ActiveCatalogue(catalogue: index.catalogue, source: .imported(path: path))
        case .validated(let catalogue, let path): return ActiveCatalogue(catalogue: catalogue, source: .imported(path: path))
        }
    }

    /// A search over the active catalogue; from the index when it was made from these bytes.
    public static func search(storeDirectory: String) throws -> CatalogueSearch {
        switch try readSource(storeDirectory) {
        case .bundled: return CatalogueSearch(try BundledCatalogue.load())
        case .index(let index, _): return CatalogueSearch(index)
        case .validated(let catalogue, _): return CatalogueSearch(catalogue)
        }
    }

    private enum StoreSource {
        case bundled
        case index(CatalogueIndex, path: String)
        case validated(Catalogue, path: String)
    }

    /// Reads `catalogue.json` once: no file means the bundled sample; an index made from exactly
    /// these bytes is used as it is; otherwise the JSON is validated (exit 65 on any problem)
    /// and a new index is kept. The index records the file's identity once the file has settled
    /// (`settledIdentity`), so that shell completion need not hash it: an index that does not
    /// record it yet is written again with it.
    private static func readSource(_ storeDirectory: String) throws -> StoreSource {
        let path = storeDirectory + "/catalogue.json"
        let settled = settledIdentity(path)
        guard let bytes = try readCatalogueFile(path) else { return .bundled }
        // The identity stands for these bytes only if the file did not change while they were read.
        let identity = settled.flatMap { $0 == fileIdentity(path) ? $0 : nil } ?? []
        let stamp = CatalogueIndex.Stamp(of: bytes)
        if let index = index(storeDirectory, stamp) {
            if !identity.isEmpty, index.catalogueIdentity != identity {
                try? AtomicFile.write(index.recording(catalogueIdentity: identity), to: indexPath(storeDirectory))
            }
            return .index(index, path: path)
        }
        let catalogue = try CatalogueJSON.read(bytes, source: path)
        writeIndex(catalogue, storeDirectory: storeDirectory, stamp: stamp, catalogueIdentity: identity)
        return .validated(catalogue, path: path)
    }

    /// Keeps a search index of a catalogue that validated. Best effort: a store we cannot write
    /// to still works, only slower.
    static func writeIndex(_ catalogue: Catalogue, storeDirectory: String, stamp: CatalogueIndex.Stamp, catalogueIdentity: [Int64] = []) {
        try? AtomicFile.write(CatalogueIndex.encode(catalogue, stamp: stamp, catalogueIdentity: catalogueIdentity), to: indexPath(storeDirectory))
    }

    /// The identity of the regular file `path` (not followed through a link) as the index
    /// records it: device, inode, size, modification and change times; nil when there is no
    /// such file.
    package static func fileIdentity(_ path: String) -> [Int64]? {
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        let i = ProjectListCache.Identity(st)
        return [Int64(bitPattern: i.device), Int64(bitPattern: i.inode), i.size, i.modifiedSeconds, i.modifiedNanoseconds,
                i.changedSeconds, i.changedNanoseconds]
    }

    /// `fileIdentity`, when the file last changed `ProjectListCache.settleSeconds` before `now`
    /// (the machine's clock unless a test gives one): a later write to it cannot leave its
    /// change time as it is. Taken before the file is read.
    package static func settledIdentity(_ path: String, now given: timespec? = nil) -> [Int64]? {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        if let given { now = given }
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, ProjectListCache.Identity(st).isSettled(now: now) else { return nil }
        return fileIdentity(path)
    }

    /// False only when there is surely no `catalogue.json` (not even a link or something else by
    /// that name, which reading refuses).
    package static func catalogueFileMayExist(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 || errno != ENOENT
    }

    /// The labels of the search index for shell completion (`CatalogueIndex.Labels`), read
    /// without writing anything: only the index's front is read, and its texts are not checked
    /// (the caller checks each it shows for control characters). nil when there is no usable
    /// index for the catalogue file as it is now. The catalogue file is not read when its
    /// identity is the one the index records; otherwise it is hashed (piece by piece) and
    /// compared with the index's stamp.
    package static func indexLabelsForCompletion(storeDirectory: String) -> CatalogueIndex.Labels? {
        let path = storeDirectory + "/catalogue.json"
        let current = fileIdentity(path)
        guard let front = indexFront(indexPath(storeDirectory)) else { return nil }
        return CatalogueIndex.Labels(front) { stamp, recorded in
            if let current, !recorded.isEmpty, recorded == current { return true }
            var hash = CatalogueIndex.Hash()
            guard let size = try? FileIO.readPieces(path, limit: Store.maximumFileBytes, followSymlinks: false, { piece in
                piece.withUnsafeBytes { hash.add($0) }
            }) else { return false }
            return CatalogueIndex.Stamp(size: size, hash: hash.value) == stamp
        }
    }

    /// The front of the index file (`CatalogueIndex.Labels.frontLength` bytes): nil when it is
    /// not a regular file of at most `Store.maximumFileBytes` (not followed through a link), or
    /// not an index, or shorter than its front says.
    private static func indexFront(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size <= Store.maximumFileBytes,
              let head = readExactly(fd, 16), let length = CatalogueIndex.Labels.frontLength(head, fileSize: Int(st.st_size)) else { return nil }
        return readExactly(fd, length)
    }

    /// The first `count` bytes of the open file, nil when it has fewer.
    private static func readExactly(_ fd: Int32, _ count: Int) -> [UInt8]? {
        var filled = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while filled < count {
                let n = pread(fd, buffer.baseAddress! + filled, count - filled, off_t(filled))
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { break }
                filled += n
            }
            initialized = filled
        }
        return filled == count ? bytes : nil
    }

    static func indexPath(_ storeDirectory: String) -> String { storeDirectory + "/.catalogue-index" }

    package static func index(_ storeDirectory: String, _ stamp: CatalogueIndex.Stamp) -> CatalogueIndex? {
        guard let bytes = try? FileIO.read(indexPath(storeDirectory), limit: Store.maximumFileBytes, followSymlinks: false) else { return nil }
        return CatalogueIndex(bytes, stamp: stamp)
    }

    /// The store's catalogue file, nil when there is none; unreadable exits 65 naming it.
    package static func readCatalogueFile(_ path: String) throws -> [UInt8]? {
        do { return try FileIO.read(path, limit: Store.maximumFileBytes, followSymlinks: false) } catch FileIO.Failure.notFound { return nil } catch {
            throw StoreFileError(path: path, problem: (error as? FileIO.Failure)?.reason ?? "\(error)")
        }
    }
}

/// A store file that cannot be read: exit 65 naming the file; it is never overwritten.
public struct StoreFileError: Equatable, PhrasedError {
    public let path: String
    public let problem: Phrase
    package init(path: String, problem: Phrase) { self.path = path; self.problem = problem }
    public var phrase: Phrase { "\(path): \(problem)" }
}
