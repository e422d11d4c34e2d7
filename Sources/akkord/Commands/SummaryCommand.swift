import AkkordKit

extension ValueParser where Value == SummaryFormat {
    static var summaryFormat: ValueParser {
        ValueParser(example: "text") { text in
            guard let f = SummaryFormat(rawValue: text) else { throw PlainError("\"\(text)\" is not one of text, json, csv") }
            return f
        }.completing(.choices(SummaryFormat.allCases.map(\.rawValue)))
    }
}

extension ValueParser where Value == SummaryTable {
    static var summaryTable: ValueParser {
        ValueParser(example: "project") { text in
            guard let t = SummaryTable(rawValue: text) else { throw PlainError("\"\(text)\" is not one of project, worker, employer") }
            return t
        }
    }
}

struct SummaryCommand: Command {
    static let from = Option("--from", value: "date", parse: .date, help: "First day of the period, YYYY-MM-DD (inclusive).")
    static let to = Option("--to", value: "date", parse: .date, help: "Last day of the period, YYYY-MM-DD (inclusive).")
    static let employer = Option("--employer", value: "employer", help: "Only this employer's projects (whole name; case, accents and extra spaces ignored; \"\" for none).")
    static let status = Option("--status", value: "open|closed|all", parse: .statusFilter, help: "Which projects count.", default: "all")
    static let by = Option("--by", value: "project|worker|employer", parse: .summaryTable, help: "The table text and csv show (json has all).", default: "project")
    static let format = Option("--format", value: "format", parse: .summaryFormat, help: "text, json or csv (default: from the -o file's extension, else text).")
    static let output = Option("--output", short: "-o", value: "file", help: "Write to this file instead of standard output.")
    static let spec = CommandSpec(
        name: "summary", abstract: "Sum the final accountings across projects: per project, per worker, per employer, with totals.",
        discussion: """
        A project counts when its end date, else its start date, is in the period (--from and --to \
        inclusive; either may be left open). With a period, projects with neither date are left out \
        and named. Every figure is the project's final accounting, as its report prints it. Workers \
        are matched by name across projects (case and extra spaces ignored). Hourly earnings are the \
        pool of the projects with journeyman hours divided by those hours, rounded to øre. A project \
        file that does not read stops the summary (exit 65): it would be incomplete.
        """,
        arguments: [from, to, employer, status, by, format, output])

    let filter: ProjectsSummary.Filter
    let table: SummaryTable
    let requestedFormat: SummaryFormat?
    let output: String?

    init(_ a: ParsedArguments) throws {
        let from = try a[Self.from], to = try a[Self.to]
        do {
            filter = try ProjectsSummary.Filter(from: from, to: to, employer: try a[Self.employer], status: try a[Self.status] ?? nil)
        } catch SummaryFilterError.fromAfterTo(let from, let to) {
            throw UsageError("--from \(from) is after --to \(to)", hint: "the period runs from --from to --to, both days included")
        } catch let error as SummaryFilterError {
            throw UsageError("\(error)")
        }
        table = try a[Self.by] ?? .project
        output = try a[Self.output]
        requestedFormat = try a[Self.format]
    }

    /// --format, else json with the global --json, else the -o file's extension, else text.
    func format(_ context: CommandContext) throws -> SummaryFormat {
        if let requestedFormat { return requestedFormat }
        if context.wantsJSON { return .json }
        guard let output else { return .text }
        guard let inferred = SummaryFormat(fileExtension: output) else {
            throw UsageError("-o \(output): cannot tell the format from the file's extension",
                             hint: "give --format text, json or csv, or name the file .txt, .json or .csv")
        }
        return inferred
    }

    func run(_ context: CommandContext) throws {
        let format = try format(context)
        let summary: RenderedSummary
        do {
            summary = try context.workspace().summary(filter, format: format, table: table, language: context.language)
        } catch let error as SummaryUnreadableProjectsError {
            throw SummaryIncompleteError(wrapped: error)
        } catch let error as SummarySumTooLargeError {
            throw InvalidArgumentError("summary", "\(error)")
        }
        if let output {
            try context.workspace().writeOutput(summary.bytes, to: output)
            context.print(SummaryText.wrote(output, summary, language: context.language))
        } else {
            context.printBytes(summary.bytes)
        }
    }
}

/// Project files that do not read: the summary would be incomplete, so nothing is printed (exit 65).
struct SummaryIncompleteError: UserFacingError {
    let wrapped: SummaryUnreadableProjectsError
    var message: String { wrapped.description }
    var details: [String] { wrapped.errors.count == 1 ? [] : wrapped.problems }
    var hint: String? { "akkord check lists every problem; akkord project delete ID --yes --force moves a damaged file to the trash" }
    var exitStatus: ExitStatus { .dataError }
}
