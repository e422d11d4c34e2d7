import AkkordSupport
import AkkordModel
import AkkordCatalogue

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
    /// and a new index is kept.
    private static func readSource(_ storeDirectory: String) throws -> StoreSource {
        let path = storeDirectory + "/catalogue.json"
        guard let bytes = try readCatalogueFile(path) else { return .bundled }
        let stamp = CatalogueIndex.Stamp(of: bytes)
        if let index = index(storeDirectory, stamp) { return .index(index, path: path) }
        let catalogue = try CatalogueJSON.read(bytes, source: path)
        writeIndex(catalogue, storeDirectory: storeDirectory, stamp: stamp)
        return .validated(catalogue, path: path)
    }

    /// Keeps a search index of a catalogue that validated. Best effort: a store we cannot write
    /// to still works, only slower.
    static func writeIndex(_ catalogue: Catalogue, storeDirectory: String, stamp: CatalogueIndex.Stamp) {
        try? AtomicFile.write(CatalogueIndex.encode(catalogue, stamp: stamp), to: indexPath(storeDirectory))
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
