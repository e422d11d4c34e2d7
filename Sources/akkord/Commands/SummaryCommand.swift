import AkkordKit

extension ValueParser where Value == SummaryFormat {
    static var summaryFormat: ValueParser {
        ValueParser(example: "text") { text in
            guard let f = SummaryFormat(rawValue: text) else {
                throw PlainError("\"\(text)\" is not one of \(SummaryFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
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
    static let by = Option("--by", value: "project|worker|employer", parse: .summaryTable, help: "The table text and csv show (json and xlsx have all).", default: "project")
    static let format = Option("--format", value: "format", parse: .summaryFormat,
                               help: "text, json, csv or xlsx (xlsx needs -o). With -o, the default is the file's extension.")
    static let output = Option("--output", short: "-o", value: "file", help: "Write to this file instead of standard output (- is standard output).")
    static let spec = CommandSpec(
        name: "summary", abstract: "Sum the final accountings across projects: per project, per worker, per employer, with totals.",
        discussion: """
        A project counts when its end date, else its start date, is in the period (--from and --to \
        inclusive; either may be left open). With a period, projects with neither date are left out \
        and named. Every figure is the project's final accounting, as its report prints it. Workers \
        are matched by name across projects (case and extra spaces ignored). Hourly earnings are the \
        pool of the projects with journeyman hours divided by those hours, rounded to øre. A project \
        file that does not read stops the summary (exit 65): it would be incomplete. xlsx (needs -o) \
        is a workbook with the sheets Projects, Workers, Employers and Totals whose totals are \
        formulas. With -o and no --format, the file's extension names the format (.txt, .json, .csv, \
        .xlsx, any case).
        """,
        arguments: [from, to, employer, status, by, format, output])

    let filter: ProjectsSummary.Filter
    let table: SummaryTable
    /// nil: neither --format nor -o given, so text, or json with the global --json.
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
        let given = try a[Self.output]
        output = OutputOption.file(given)
        requestedFormat = try OutputFormatChoice.choose(given: try a[Self.format], output: output, fromExtension: SummaryFormat.init(fileExtension:)) {
            UsageError("-o \($0): cannot tell the format from the file's extension",
                       hint: "give --format text, json, csv or xlsx, or name the file .txt, .json, .csv or .xlsx")
        }
        if let format = requestedFormat, format.needsFile, given == nil {
            throw UsageError("an xlsx summary needs -o FILE", hint: "akkord summary --format xlsx -o summary.xlsx")
        }
    }

    /// --format, else the -o file's extension, else json with the global --json, else text.
    func format(_ context: CommandContext) -> SummaryFormat { requestedFormat ?? (context.wantsJSON ? .json : .text) }

    func run(_ context: CommandContext) throws {
        let format = format(context)
        let summary: RenderedSummary, keepCache: () -> Void
        do {
            (summary, keepCache) = try context.workspace().summaryKeepingCacheLater(filter, format: format, table: table, language: context.language,
                                                                                    width: output == nil ? context.width : SummaryText.width)
        } catch let error as SummaryUnreadableProjectsError {
            throw SummaryIncompleteError(wrapped: error)
        } catch let error as SumTooLargeError {
            throw InvalidArgumentError("summary", "\(error)")
        } catch let error as WorkbookError {
            throw SummaryWorkbookError(wrapped: error)
        }
        if let output {
            try context.workspace().writeOutput(summary.bytes, to: output)
            context.print(SummaryText.wrote(output, summary, language: context.language))
        } else {
            context.printBytes(summary.bytes)
        }
        // The summary cache is brought up to date only by a summary that succeeded.
        keepCache()
    }
}

/// Project files that do not read: the summary would be incomplete, so nothing is printed (exit 65).
struct SummaryIncompleteError: UserFacingError {
    let wrapped: SummaryUnreadableProjectsError
    var message: Phrase { wrapped.phrase }
    var details: [Phrase] { wrapped.errors.count == 1 ? [] : wrapped.problems }
    var hint: Phrase? { "akkord check lists every problem; akkord project delete ID --yes --force moves a damaged file to the trash" }
    var exitStatus: ExitStatus { .dataError }
}

/// A summary too big for a spreadsheet (more rows than a sheet holds): CSV has no such limit.
struct SummaryWorkbookError: UserFacingError {
    let wrapped: WorkbookError
    var message: Phrase { wrapped.phrase }
    var hint: Phrase? { "write the summary as CSV instead: akkord summary --format csv -o summary.csv" }
    var exitStatus: ExitStatus { .failure }
}
