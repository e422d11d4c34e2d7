import AkkordModel
import AkkordCatalogue

/// Price regulation: a new catalogue edition from a percent, and carrying the active
/// catalogue's prices onto a project's lines.
extension Workspace {
    /// A new catalogue edition with every price × (1 + percent / 100), rounded to øre half away
    /// from zero, computed from the catalogue active inside the lock. It is brought in exactly
    /// as an import: the result lists every change, and unless `dryRun` the replaced catalogue
    /// is kept in `catalogue-history/` and the new edition becomes the store's catalogue.
    /// Projects are not changed (`reprice` does that, one project at a time).
    ///
    /// `edition`: the new edition's name, else `CatalogueRegulation.defaultEdition`;
    /// `validFrom`: the date the prices apply from, else the current catalogue's.
    public func regulateCatalogue(percent: Percent, edition: String? = nil, validFrom: String? = nil,
                                  dryRun: Bool) throws -> CatalogueImport {
        func regulate(_ active: ActiveCatalogue) throws -> CatalogueImport {
            try CatalogueRegulation.regulate(active.catalogue, percent: percent, edition: edition, validFrom: validFrom)
        }
        if dryRun { return try store.shared { try regulate(try store.loadCatalogue()) } }
        return try store.exclusively {
            let active = try store.loadCatalogue()
            let result = try regulate(active)
            guard !result.isEmpty else { return result }
            try store.archiveCatalogue(active, time: clock.timestamp)
            try store.writeCatalogue(result.result)
            return result
        }
    }

    /// Gives the catalogue lines of the chosen open project the active catalogue's prices (their
    /// amounts follow), in one change: one history line per line repriced
    /// (`line 3 (2.01): price 38.50 → 39.04, amount 481.25 → 488.00`), and the project records
    /// the active catalogue as the one it is priced from. Custom lines are not touched; lines
    /// whose pos the catalogue no longer has are listed in `missing` and kept.
    ///
    /// A closed project is refused, and a change that would break the project's rules (an
    /// amount too large to keep) is refused whole. With `dryRun` the same is worked out under
    /// the shared lock and nothing is written; the history is the lines it would record.
    public func reprice(_ id: String? = nil, dryRun: Bool) throws -> Change<Repricing> {
        if dryRun {
            return try store.shared {
                // A transaction that is never committed: the same choice of project and the
                // same refusal of a closed one as the change below.
                let tx = Transaction(store: store, time: clock.timestamp, command: command, by: author())
                var project = try tx.openProject(try projectId(id, in: tx))
                let (value, history) = try Self.reprice(&project, from: try store.loadCatalogue().catalogue)
                return Change(value: value, history: history.map(\.text), warnings: [])
            }
        }
        return try changeProject(id) { p in try Self.reprice(&p, from: try store.loadCatalogue().catalogue) }
    }

    private static func reprice(_ p: inout Project, from catalogue: Catalogue) throws -> (Repricing, [HistoryChange]) {
        let before = try p.subtotal
        let (changes, missing, history) = p.reprice(from: catalogue)
        if !changes.isEmpty {
            // Checked here as well as at commit, so the subtotal below cannot overflow and a dry
            // run is refused exactly as the change would be.
            let problems = ProjectRules.problems(p)
            guard problems.isEmpty else { throw AkkordError.invalidChange(project: p.id, problems: problems) }
        }
        let value = Repricing(changes: changes, missing: missing, subtotalBefore: before, subtotalAfter: try p.subtotal,
                              catalogueName: catalogue.name, catalogueEdition: catalogue.edition)
        return (value, history)
    }
}
