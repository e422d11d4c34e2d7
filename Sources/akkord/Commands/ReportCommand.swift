import AkkordKit

extension ValueParser where Value == ReportFormat {
    static var reportFormat: ValueParser {
        ValueParser(example: "text") { text in
            guard let f = ReportFormat(rawValue: text) else { throw PlainError("\"\(text)\" is not one of text, json, csv, html, pdf") }
            return f
        }.completing(.choices(ReportFormat.allCases.map(\.rawValue)))
    }
}

/// Options and output shared by `report` and `demo`.
struct ReportOutput {
    static let format = Option("--format", value: "format", parse: .reportFormat, help: "text, json, csv, html or pdf (pdf needs -o).", default: "text")
    static let output = Option("--output", short: "-o", value: "file", help: "Write to this file instead of standard output.")
    static let arguments: [any DeclaredArgument] = [format, output]
    /// nil: not given, so text, or json with the global --json.
    let requestedFormat: ReportFormat?
    let output: String?

    init(_ a: ParsedArguments) throws {
        requestedFormat = try a[Self.format]
        output = try a[Self.output]
        if requestedFormat == .pdf && output == nil { throw UsageError("a PDF report needs -o FILE", hint: "akkord report --format pdf -o accounting.pdf") }
    }

    /// The format asked for: --format, else json with the global --json, else text.
    func format(_ context: CommandContext) -> ReportFormat { requestedFormat ?? (context.wantsJSON ? .json : .text) }

    func write(_ report: RenderedReport, _ context: CommandContext) throws {
        if let output {
            try context.workspace().writeOutput(report.bytes, to: output)
            context.print(Confirmation.wroteReport(output, format: report.format.rawValue, lines: report.accounting.lines.count,
                                                   total: report.accounting.total, context.language))
        } else {
            context.printBytes(report.bytes)
        }
        if report.format != .json { for w in report.warnings { context.warn(w) } }
    }
}

struct ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report", abstract: "Print the final accounting: lines, supplements, extra work, total and each worker's share.",
        discussion: """
        text fits 100 columns; json carries every figure as a string (shape in the README); csv is the \
        line table (--lang da: ';' and decimal comma); html is one self-contained printable page; pdf \
        (needs -o) is A4 with the project's photos in an appendix.
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
        discussion: "Your own store is not touched. --format and -o work as for 'akkord report'.",
        arguments: ReportOutput.arguments)
    let output: ReportOutput
    init(_ a: ParsedArguments) throws { output = try ReportOutput(a) }
    func run(_ context: CommandContext) throws {
        try output.write(try Workspace.demoReport(format: output.format(context), language: context.language, clock: context.clock), context)
    }
}
