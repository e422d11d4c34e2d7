import AkkordModel
import AkkordCatalogue

/// Bringing a price-handbook update into the store.
extension Workspace {
    /// Merges (or with `replace`, replaces) the active catalogue with `incoming`, computed from
    /// the catalogue active inside the lock. Unless `dryRun`, the replaced catalogue is kept in
    /// `catalogue-history/` and the result becomes the store's catalogue. Projects are never
    /// changed: their lines keep the prices they were added with.
    public func importCatalogue(_ incoming: [Activity], fileMetadata: Catalogue?, overrides: CatalogueImport.Metadata,
                                replace: Bool, keepMissing: Set<String>, dryRun: Bool) throws -> CatalogueImport {
        func merge(_ active: ActiveCatalogue) -> CatalogueImport {
            CatalogueImport(current: active.catalogue, incoming: incoming, fileMetadata: fileMetadata, overrides: overrides,
                            replace: replace, keepMissing: keepMissing)
        }
        if dryRun { return merge(try store.loadCatalogue()) }
        return try store.exclusively {
            let active = try store.loadCatalogue()
            let result = merge(active)
            guard !result.isEmpty else { return result }
            try store.archiveCatalogue(active, time: clock.timestamp)
            try store.writeCatalogue(result.result)
            return result
        }
    }
}
