import AkkordModel

/// The sample price handbook compiled into the binary (from `Data/catalogue.json`).
public enum BundledCatalogue {
    public static let sourceName = "bundled sample catalogue"

    /// The exact bytes of `Data/catalogue.json` (plus the newline the raw string drops).
    public static var bytes: [UInt8] { Array((json + "\n").utf8) }

    public static func load() throws -> Catalogue {
        try CatalogueJSON.read(bytes, source: sourceName)
    }
}
