import AkkordSupport
import AkkordModel
import AkkordAccounting
import AkkordRender
import AkkordStore

/// `akkord summary`: figures across the store's projects (SPEC §10).
extension Workspace {
    /// Reads every project under the store's shared lock and sums those `filter` chooses. A project
    /// file that does not read makes the summary incomplete, so nothing is summed: the error names
    /// every such file. The figures of a file unchanged since a summary read it come from the
    /// store's summary cache (`.project-summary`), which this brings up to date.
    public func summary(_ filter: ProjectsSummary.Filter) throws -> ProjectsSummary {
        let (summary, keepCache) = try summaryKeepingCacheLater(filter)
        keepCache()
        return summary
    }

    /// The summary, and what brings the store's summary cache up to date: the caller calls it
    /// once the whole command has succeeded (a command that fails leaves the store as it found it).
    public func summaryKeepingCacheLater(_ filter: ProjectsSummary.Filter) throws -> (summary: ProjectsSummary, keepCache: () -> Void) {
        var builder = ProjectsSummary.Builder(filter: filter)
        let (figures, unreadable, cache) = try store.shared { try store.summaryFigures() }
        guard unreadable.isEmpty else { throw SummaryUnreadableProjectsError(errors: unreadable) }
        for f in figures { builder.add(f) }
        let cacheStore = store
        return (try builder.summary(), { if let cache { cacheStore.writeSummaryCache(cache) } })
    }

    /// The summary in `format`; text and CSV show the `table` chosen.
    public func summary(_ filter: ProjectsSummary.Filter, format: SummaryFormat, table: SummaryTable, language: Language,
                        width: Int = SummaryText.width) throws -> RenderedSummary {
        try RenderedSummary(try summary(filter), format: format, table: table, language: language, width: width)
    }

    /// As `summary(_:format:table:language:width:)`, with the summary cache kept only by
    /// `keepCache` (see `summaryKeepingCacheLater(_:)`).
    public func summaryKeepingCacheLater(_ filter: ProjectsSummary.Filter, format: SummaryFormat, table: SummaryTable, language: Language,
                                         width: Int = SummaryText.width) throws -> (summary: RenderedSummary, keepCache: () -> Void) {
        let (summary, keepCache) = try summaryKeepingCacheLater(filter)
        return (try RenderedSummary(summary, format: format, table: table, language: language, width: width), keepCache)
    }
}

/// Project files that do not read (each error names its file and the problem): a summary
/// without them would be incomplete.
public struct SummaryUnreadableProjectsError: PhrasedError {
    public let errors: [Error]
    public var phrase: Phrase {
        errors.count == 1 ? "a project file does not read, so a summary would be incomplete: \(Self.firstLine(errors[0]))"
            : "\(errors.count) project files do not read, so a summary would be incomplete"
    }

    /// Each file's problem, one line each.
    public var problems: [Phrase] { errors.map(Phrase.firstLine(of:)) }

    static func firstLine(_ error: Error) -> Phrase { Phrase.firstLine(of: error) }
}
