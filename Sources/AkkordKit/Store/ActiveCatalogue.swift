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
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch FileIO.Failure.notFound {
            return ActiveCatalogue(catalogue: try BundledCatalogue.load(), source: .bundled)
        } catch {
            throw StoreFileError(path: path, problem: "\(error)")
        }
        return ActiveCatalogue(catalogue: try CatalogueJSON.read(bytes, source: path), source: .imported(path: path))
    }
}

/// A store file that cannot be read: exit 65 naming the file; it is never overwritten.
public struct StoreFileError: UserFacingError, Equatable {
    public let path: String
    public let problem: String
    public var message: String { "\(path): \(problem)" }
    public var exitStatus: ExitStatus { .dataError }
}
