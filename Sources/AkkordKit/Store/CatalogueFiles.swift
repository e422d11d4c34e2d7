import AkkordSupport
import AkkordModel
import AkkordCatalogue

/// The store's catalogue files: `catalogue.json`, its search index, and `catalogue-history/`.
extension Store {
    /// Keeps a catalogue that is being replaced in `catalogue-history/<time>-<edition>.json`.
    /// Call inside the store lock.
    package func archiveCatalogue(_ active: ActiveCatalogue, time: String) throws {
        try ensureDirectory(catalogueHistoryDirectory)
        let previous: [UInt8]
        switch active.source {
        case .bundled: previous = BundledCatalogue.bytes
        case .imported(let path): previous = try readFile(path) ?? CatalogueJSON.write(active.catalogue)
        }
        let stamp = time.replacing(":", with: "-")
        let edition = Slug.make(from: active.catalogue.edition, fallback: "no-edition")
        var name = "\(catalogueHistoryDirectory)/\(stamp)-\(edition).json", n = 2
        while FileIO.exists(name) { name = "\(catalogueHistoryDirectory)/\(stamp)-\(edition)-\(n).json"; n += 1 }
        try write(previous, to: name)
    }

    /// Makes `catalogue` the store's active catalogue, with a fresh search index. Call inside
    /// the store lock.
    package func writeCatalogue(_ catalogue: Catalogue) throws {
        let written = CatalogueJSON.write(catalogue)
        try write(written, to: catalogueFile)
        ActiveCatalogue.writeIndex(catalogue, storeDirectory: directory, stamp: CatalogueIndex.Stamp(of: written))
    }
}
