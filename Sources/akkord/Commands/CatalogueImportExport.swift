import AkkordKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct CatalogueImportCommand: Command {
    static let file = Positional("file", help: "The file to import, or - to read standard input.")
    static let format = Option("--format", value: "json|csv", parse: .catalogueFormat,
                               help: "The file's format (default: from the extension, else from the content).")
    static let replace = Flag("--replace", help: "The file is the whole catalogue: activities not in it are removed.")
    static let dryRun = Flag("--dry-run", help: "List every change (pos, field, old → new) and write nothing.")
    static let name = Option("--name", value: "name", parse: .text, help: "The catalogue's name.")
    static let edition = Option("--edition", value: "edition", help: "The catalogue's edition, e.g. 2026-2.")
    static let validFrom = Option("--valid-from", value: "date", parse: .date, help: "The date the prices apply from, YYYY-MM-DD.")
    static let spec = CommandSpec(
        name: "import", abstract: "Bring a price-handbook update in from JSON or CSV (a file, or - for standard input).",
        discussion: """
        Everything is validated first; on any problem nothing changes and every problem is listed with \
        its place (file:line for CSV, a JSON path for JSON), exit 65. Without --replace the file is \
        merged: new activities are added, changed ones updated, the rest kept. With --replace the file \
        is the whole new catalogue. The replaced catalogue is kept in the store's catalogue-history/. \
        Projects never change: their lines keep the prices they were added with. CSV: a header row \
        names the columns (pos, name, unit, price, optional section, note; Danish names too), the \
        delimiter (; , or tab) is read from the header, UTF-8 or Windows-1252. Metadata: --name, \
        --edition, --valid-from, else the JSON file's, else the current catalogue's.
        """,
        arguments: [file, format, replace, dryRun, name, edition, validFrom])
    let file: String
    let format: String?
    let replace: Bool
    let dryRun: Bool
    let metadata: CatalogueImport.Metadata

    init(_ a: ParsedArguments) throws {
        file = try a.required(Self.file)
        format = try a[Self.format]
        replace = try a[Self.replace]
        dryRun = try a[Self.dryRun]
        metadata = CatalogueImport.Metadata(name: try a[Self.name], edition: try a[Self.edition], validFrom: try a[Self.validFrom])
    }

    func run(_ context: CommandContext) throws {
        let source = file == "-" ? "<stdin>" : file
        let bytes: [UInt8]
        do {
            bytes = file == "-" ? try FileIO.readAll(fd: 0, path: source, limit: Catalogue.maximumFileBytes)
                : try FileIO.read(file, limit: Catalogue.maximumFileBytes)
        } catch let failure as FileIO.Failure {
            switch failure {
            case .tooBig(_, let limit): throw InvalidArgumentError(source, "is larger than \(limit >> 20) MiB, the most a price list may be")
            case .notRegularFile(_, let kind): throw InvalidArgumentError(source, "is \(kind), not a price list file")
            default: throw FailureError("cannot read \(failure)")
            }
        }
        let kind = format ?? Self.detectFormat(file: file, bytes: bytes)
        let showProgress = isatty(2) == 1
        let language = context.language
        let progress: (Int) -> Void = { rows in
            if showProgress { Terminal.writeProgress(CatalogueImportText.progress(source: source, rows: rows, language: language)) }
        }

        var incoming: [Activity] = []
        var fileMetadata: Catalogue?
        var encoding = TextEncoding.utf8.rawValue
        var keepMissing: Set<String> = []
        do {
        if kind == "json" {
            let c = try CatalogueJSON.read(bytes, source: source, requireName: false)
            incoming = c.activities
            fileMetadata = c
            keepMissing = CatalogueJSON.missingOptionalFields(c.activities)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { encoding = TextEncoding.utf8BOM.rawValue }
        } else {
            let r = try CatalogueCSV.read(bytes, source: source, language: context.numberFormat, progress: progress)
            if !r.lineBreaksMadeSpaces.isEmpty {
                context.note(CatalogueImportText.lineBreaksMadeSpaces(source: source, lines: r.lineBreaksMadeSpaces, language: context.language))
            }
            incoming = r.activities
            encoding = r.encoding.rawValue
            keepMissing = r.missingOptionalColumns
        }
        } catch let e as InvalidDataError {
            if showProgress { Terminal.writeProgress(nil) }
            throw e.with(consequence: "nothing was imported")
        }
        if showProgress { Terminal.writeProgress(nil) }
        if incoming.isEmpty && replace {
            throw InvalidDataError(source: source, problems: [Problem("", "has no activities; --replace would empty the catalogue")])
        }
        let result = try context.workspace().importCatalogue(incoming, fileMetadata: fileMetadata, overrides: metadata,
                                                           replace: replace, keepMissing: keepMissing, dryRun: dryRun)
        for w in result.warnings { context.warn(Confirmation.plausibility(w, context.language)) }
        if context.wantsJSON {
            context.printJSON(CatalogueImportText.json(result, encoding: encoding, dryRun: dryRun))
        } else {
            context.print(CatalogueImportText.summary(result, source: source, format: kind, encoding: encoding, dryRun: dryRun,
                                                      language: context.language, width: context.width))
        }
    }

    static func detectFormat(file: String, bytes: [UInt8]) -> String {
        let lower = file.lowercased()
        if lower.hasSuffix(".json") { return "json" }
        if lower.hasSuffix(".csv") || lower.hasSuffix(".tsv") || lower.hasSuffix(".txt") { return "csv" }
        let first = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }.first
        return first == UInt8(ascii: "{") ? "json" : "csv"
    }
}

struct CatalogueExportCommand: Command {
    static let format = Option("--format", value: "json|csv", parse: .catalogueFormat, help: "Output format.", default: "json")
    static let output = Option("--output", short: "-o", value: "file", help: "Write to this file instead of standard output (- is standard output).")
    static let spec = CommandSpec(
        name: "export", abstract: "Write the active catalogue as JSON or CSV.",
        discussion: "CSV follows --lang: en uses ',' and a decimal point, da uses ';' and a decimal comma. Importing an export changes nothing.",
        arguments: [format, output])
    let format: String
    let output: String?
    init(_ a: ParsedArguments) throws {
        format = try a[Self.format] ?? "json"
        output = OutputOption.file(try a[Self.output])
    }

    func run(_ context: CommandContext) throws {
        let workspace = try context.workspace()
        let catalogue = try workspace.catalogue().catalogue
        // The dialect (BOM, `;`, decimal comma) is the number format's, the header the language's.
        let bytes = format == "json" ? CatalogueJSON.write(catalogue)
            : CatalogueCSV.write(catalogue, language: context.language, dialect: CatalogueCSV.Dialect(context.numberFormat))
        if let output {
            try workspace.writeOutput(bytes, to: output)
            context.print(Confirmation.wroteCatalogue(output, format: format, activities: catalogue.activities.count, context.language))
        } else {
            context.printBytes(bytes)
        }
    }
}

extension ValueParser where Value == String {
    /// `--format json|csv` of the catalogue import and export.
    static var catalogueFormat: ValueParser {
        ValueParser(example: "csv") { text in
            guard text == "json" || text == "csv" else { throw PlainError("\"\(text)\" is not json or csv") }
            return text
        }
    }
}
