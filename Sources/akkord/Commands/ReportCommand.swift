import AkkordKit

enum ReportFormat: String, CaseIterable {
    case text, json, csv, html, pdf
}

extension ValueParser where Value == ReportFormat {
    static var reportFormat: ValueParser {
        ValueParser(example: "text") { text in
            guard let f = ReportFormat(rawValue: text) else { throw PlainError("\"\(text)\" is not one of text, json, csv, html, pdf") }
            return f
        }
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

    func write(_ project: Project, _ context: CommandContext, store: Store) throws {
        let format = requestedFormat ?? (context.wantsJSON ? .json : .text)
        let accounting = FinalAccounting(project)
        let l = context.language
        let bytes: [UInt8]
        var warnings = accounting.warnings.map { $0.text(l) }
        switch format {
        case .text: bytes = Array(ReportText.render(project, accounting, language: l).utf8)
        case .json: bytes = ReportJSON.render(project, accounting)
        case .csv: bytes = Array(ReportCSV.render(accounting, language: l).utf8)
        case .html: bytes = Array(ReportHTML.render(project, accounting, language: l).utf8)
        case .pdf:
            let photos = project.photos.map { ReportPDF.PhotoInput(photo: $0, bytes: store.readPhoto($0.file)) }
            let pdf = ReportPDF.render(project, accounting, language: l, photos: photos)
            bytes = pdf.bytes
            warnings += pdf.warnings
        }
        if let output {
            try ReportFile.write(bytes, to: output)
            context.print("wrote \(output) (\(format.rawValue), \(project.lines.count) lines, total \(accounting.total.formatted(l)))")
        } else {
            context.printBytes(bytes)
        }
        if format != .json { for w in warnings { context.warn(w) } }
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
        arguments: ReportOutput.arguments)
    let output: ReportOutput
    init(_ a: ParsedArguments) throws { output = try ReportOutput(a) }
    func run(_ context: CommandContext) throws {
        try output.write(try context.workspace().project(), context, store: context.store)
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
        let directory = try TemporaryDirectory.make(prefix: "akkord-demo")
        defer { TemporaryDirectory.remove(directory) }
        let workspace = Workspace(store: Store(directory: directory), clock: context.clock, command: "akkord demo")
        try output.write(try workspace.createDemoProject(), context, store: workspace.store)
    }
}
