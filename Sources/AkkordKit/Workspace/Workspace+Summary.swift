import AkkordSupport
import AkkordModel
import AkkordAccounting
import AkkordRender
import AkkordStore

/// `akkord summary`: figures across the store's projects (SPEC §10).
extension Workspace {
    /// Reads every project under the store's shared lock and sums those `filter` chooses. A project
    /// file that does not read makes the summary incomplete, so nothing is summed: the error names
    /// every such file.
    public func summary(_ filter: ProjectsSummary.Filter) throws -> ProjectsSummary {
        var builder = ProjectsSummary.Builder(filter: filter)
        var unreadable: [Error] = []
        try store.shared {
            for id in try store.projectIds() {
                do { try builder.add(try store.loadProject(id)) } catch let e as StoreFileError { unreadable.append(e) } catch let e as InvalidDataError {
                    unreadable.append(e)
                }
            }
        }
        guard unreadable.isEmpty else { throw SummaryUnreadableProjectsError(errors: unreadable) }
        return try builder.summary()
    }

    /// The summary in `format`; text and CSV show the `table` chosen.
    public func summary(_ filter: ProjectsSummary.Filter, format: SummaryFormat, table: SummaryTable, language: Language,
                        width: Int = SummaryText.width) throws -> RenderedSummary {
        try RenderedSummary(try summary(filter), format: format, table: table, language: language, width: width)
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
