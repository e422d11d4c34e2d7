import AkkordKit

extension ValueParser where Value == ReportFormat {
    static var reportFormat: ValueParser {
        ValueParser(example: "text") { text in
            guard let f = ReportFormat(rawValue: text) else {
                throw PlainError("\"\(text)\" is not one of \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return f
        }.completing(.choices(ReportFormat.allCases.map(\.rawValue)))
    }
}

/// Options and output shared by `report` and `demo`.
struct ReportOutput {
    static let format = Option("--format", value: "format", parse: .reportFormat,
                               help: "text, json, csv, html, pdf or xlsx (pdf and xlsx need -o). With -o, the default is the file's extension.",
                               default: "text")
    static let output = Option("--output", short: "-o", value: "file",
                               help: "Write to this file instead of standard output (- is standard output); without --format its extension names the format (\(ReportFormat.fileExtensionList)).")
    static let arguments: [any DeclaredArgument] = [format, output]
    /// nil: neither --format nor -o given, so text, or json with the global --json.
    let requestedFormat: ReportFormat?
    /// The file to write; nil: standard output (also `-o -`).
    let output: String?

    init(_ a: ParsedArguments) throws {
        let given = try a[Self.output]
        output = OutputOption.file(given)
        requestedFormat = try OutputFormatChoice.choose(given: try a[Self.format], output: output, fromExtension: ReportFormat.init(fileExtension:)) {
            // `ReportFormat.fileExtensionList`, with its `or` in the sentence (Danish `eller`).
            let all = ReportFormat.fileExtensions.map { "." + $0.0 }
            return UsageError("-o \"\($0)\": the file's extension names no report format; use \(all.dropLast().joined(separator: ", ")) or \(all[all.count - 1])",
                              hint: "or give the format: --format text|json|csv|html|pdf|xlsx")
        }
        if let format = requestedFormat, format.needsFile, given == nil {
            throw UsageError(format == .pdf ? "a PDF report needs -o FILE" : "an xlsx report needs -o FILE",
                             hint: "akkord report --format \(format.rawValue) -o accounting.\(format.rawValue) (or -o - for standard output)")
        }
    }

    /// The format asked for: --format, else the extension of -o, else json with the global
    /// --json, else text.
    func format(_ context: CommandContext) -> ReportFormat { requestedFormat ?? (context.wantsJSON ? .json : .text) }

    func write(_ report: RenderedReport, _ context: CommandContext) throws {
        var warnings: [String] = []
        if let output {
            try context.workspace().writeOutput(to: output) { warnings = try report.write(to: $0) }
            context.print(Confirmation.wroteReport(output, format: report.format.rawValue, lines: report.accounting.lines.count,
                                                   total: report.accounting.total, context.language))
        } else {
            try context.stream { warnings = try report.write(to: $0) }
        }
        if report.format != .json { for w in warnings { context.warn(w) } }
    }
}

/// A project too big for a spreadsheet (rows, cell length): the other formats have no such limit.
extension WorkbookError: UserFacingError {
    var message: Phrase { phrase }
    var hint: Phrase? { "write the report as CSV or PDF instead: akkord report --format csv -o accounting.csv" }
    var exitStatus: ExitStatus { .failure }
}

struct ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report", abstract: "Print the final accounting: lines, supplements, extra work, total and each worker's share.",
        discussion: """
        text fits 100 columns; json carries every figure as a string (shape in the README); csv is the \
        line table (--lang da: ';' and decimal comma); html is one self-contained printable page; pdf \
        (needs -o) is A4 with the project's photos in an appendix; xlsx (needs -o) is a workbook with \
        the sheets Lines, Team and Summary whose totals are formulas. With -o and no --format, the \
        file's extension names the format (.txt, .json, .csv, .html/.htm, .pdf, .xlsx, any case).
        """,
        arguments: ReportOutput.arguments + [holidayPay])
    static let holidayPay = Flag("--holiday-pay", help: "Show holiday pay (feriegodtgørelse, 12.5 % of each share) in the team table, for information (also config holidayPay).")
    let output: ReportOutput
    let holidayPay: Bool
    init(_ a: ParsedArguments) throws {
        output = try ReportOutput(a)
        holidayPay = try a[Self.holidayPay]
    }
    func run(_ context: CommandContext) throws {
        var showHolidayPay = holidayPay
        if !showHolidayPay, case .holidayPay(true)? = try context.setting(.holidayPay) { showHolidayPay = true }
        try output.write(try context.workspace().report(format: output.format(context), language: context.language,
                                                        holidayPay: showHolidayPay), context)
    }
}

struct DemoCommand: Command {
    static let spec = CommandSpec(
        name: "demo", abstract: "Print a full sample accounting, made in a throwaway store on the bundled catalogue.",
        discussion: "Your own store is not touched. --format and -o work as for 'akkord report'. It ends with the first commands of a job of your own.",
        arguments: ReportOutput.arguments)
    let output: ReportOutput
    init(_ a: ParsedArguments) throws { output = try ReportOutput(a) }
    func run(_ context: CommandContext) throws {
        let format = output.format(context)
        try output.write(try Workspace.demoReport(format: format, language: context.language, clock: context.clock), context)
        // What to try next: after a text report on stdout, else on stderr (stdout may be JSON or a file's confirmation for a script).
        if format == .text && output.output == nil { context.print(CommandHints.afterDemo(context.language)) } else {
            context.note(CommandHints.afterDemoShort(context.language))
        }
    }
}
