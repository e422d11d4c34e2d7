/// The catalogue commands work against: the store's imported one, else the bundled sample.
public struct ActiveCatalogue: Sendable {
    public enum Source: Equatable, Sendable {
        case bundled
        case imported(path: String)
    }
    public let catalogue: Catalogue
    public let source: Source

    /// Loads `<store>/catalogue.json` when it exists (it must validate: exit 65 otherwise),
    /// else the bundled sample.
    public static func load(storeDirectory: String) throws -> ActiveCatalogue {
        let path = storeDirectory + "/catalogue.json"
        guard let bytes = try readCatalogueFile(path) else {
            return ActiveCatalogue(catalogue: try BundledCatalogue.load(), source: .bundled)
        }
        let stamp = CatalogueIndex.Stamp(of: bytes)
        if let index = index(storeDirectory, stamp) {
            return ActiveCatalogue(catalogue: index.catalogue, source: .imported(path: path))
        }
        let catalogue = try CatalogueJSON.read(bytes, source: path)
        writeIndex(catalogue, storeDirectory: storeDirectory, stamp: stamp)
        return ActiveCatalogue(catalogue: catalogue, source: .imported(path: path))
    }

    /// A search over the active catalogue; from the index when it was made from these bytes.
    public static func search(storeDirectory: String) throws -> CatalogueSearch {
        if let bytes = try readCatalogueFile(storeDirectory + "/catalogue.json"),
           let index = index(storeDirectory, CatalogueIndex.Stamp(of: bytes)) {
            return CatalogueSearch(index)
        }
        return CatalogueSearch(try load(storeDirectory: storeDirectory).catalogue)
    }

    /// Keeps a search index of a catalogue that validated. Best effort: a store we cannot write
    /// to still works, only slower.
    static func writeIndex(_ catalogue: Catalogue, storeDirectory: String, stamp: CatalogueIndex.Stamp) {
        try? AtomicFile.write(CatalogueIndex.encode(catalogue, stamp: stamp), to: indexPath(storeDirectory))
    }

    static func indexPath(_ storeDirectory: String) -> String { storeDirectory + "/.catalogue-index" }

    static func index(_ storeDirectory: String, _ stamp: CatalogueIndex.Stamp) -> CatalogueIndex? {
        guard let bytes = try? FileIO.read(indexPath(storeDirectory)) else { return nil }
        return CatalogueIndex(bytes, stamp: stamp)
    }

    /// The store's catalogue file, nil when there is none; unreadable exits 65 naming it.
    static func readCatalogueFile(_ path: String) throws -> [UInt8]? {
        do { return try FileIO.read(path) } catch FileIO.Failure.notFound { return nil } catch {
            throw StoreFileError(path: path, problem: "\(error)")
        }
    }
}

/// A store file that cannot be read: exit 65 naming the file; it is never overwritten.
public struct StoreFileError: UserFacingError, Equatable {
    public let path: String
    public let problem: String
    public var message: String { "\(path): \(problem)" }
    public var exitStatus: ExitStatus { .dataError }
}
