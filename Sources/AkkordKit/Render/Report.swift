import AkkordSupport
import AkkordModel
import AkkordAccounting

/// The final accounting in one of its formats, with what the reader should be warned about.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, csv, html, pdf, xlsx

    /// The file extensions that name a format (SPEC §10), lower case, in the order help lists them.
    public static let fileExtensions: [(String, ReportFormat)] = [
        ("txt", .text), ("json", .json), ("csv", .csv), ("html", .html), ("htm", .html), ("pdf", .pdf), ("xlsx", .xlsx),
    ]

    /// The format a file's name asks for by its extension, case-insensitive (`Report.XLSX` is
    /// xlsx); nil for another extension or none.
    public init?(fileExtension path: String) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        guard let format = Self.fileExtensions.first(where: { $0.0 == ext })?.1 else { return nil }
        self = format
    }

    /// `.txt, .json, .csv, .html, .htm, .pdf or .xlsx`.
    public static var fileExtensionList: String {
        let all = fileExtensions.map { "." + $0.0 }
        return all.dropLast().joined(separator: ", ") + " or " + all[all.count - 1]
    }

    /// Written as bytes that are not text: only to a file (`-o`), never to a terminal.
    public var needsFile: Bool { self == .pdf || self == .xlsx }
}

/// The final accounting of a project in one format, ready to be written: the writers run when
/// `write(to:)` is called and put their bytes straight into the output as they make them.
public struct RenderedReport {
    public let format: ReportFormat
    public let accounting: FinalAccounting
    let project: ProjectHead
    let language: Language
    let holidayPay: Bool
    let photo: (String) -> [UInt8]?
    /// The line table's widths as the reader gathered them (the text report then walks the lines once fewer).
    let widths: LineWidths?
    /// The lines' file as messages name it, should a pass not give them all (the reader's to set).
    package var source = "the project's file"

    /// The project `project` heads, with `lines` as its lines; `photo` gives a stored photo
    /// file's bytes (nil when missing). With `holidayPay`, the text, HTML and PDF team tables
    /// show holiday pay (12.5 % of each share) for information; JSON, CSV and xlsx do not change.
    public init(_ project: ProjectHead, lines: any ProjectLines, format: ReportFormat, language: Language, holidayPay: Bool = false,
                widths: LineWidths? = nil, photo: @escaping (String) -> [UInt8]?) throws(SumTooLargeError) {
        self.widths = widths
        self.project = project
        accounting = try FinalAccounting(project, lines: lines)
        self.format = format
        self.language = language
        self.holidayPay = holidayPay
        self.photo = photo
    }

    /// A whole project's report, its lines those it holds.
    public init(_ project: Project, format: ReportFormat, language: Language, holidayPay: Bool = false,
                photo: @escaping (String) -> [UInt8]?) throws(SumTooLargeError) {
        try self.init(ProjectHead(project), lines: try LinesInMemory(project.lines), format: format, language: language,
                      holidayPay: holidayPay, photo: photo)
    }

    /// Writes the report to `out` and returns what the reader should be warned about, in the
    /// report's language: the accounting's warnings and the writer's own (e.g. characters the PDF
    /// fonts cannot print). Throws only when the project does not fit the format (an xlsx sheet
    /// holds 1,048,576 rows, a cell 32,767 characters).
    public func write(to out: ByteOutput) throws -> [String] {
        let (project, accounting, language, holidayPay) = (project, accounting, language, holidayPay)
        var warnings = accounting.warnings.map { $0.text(language) }
        switch format {
        case .text: ReportText.write(ReportSheet(project, accounting, language: language, holidayPay: holidayPay), widths: widths, to: out)
        case .json: ReportJSON.write(project, accounting, to: out)
        case .csv: ReportCSV.write(accounting, language: language, to: out)
        case .html:
            let photos = project.photos.map { ReportPhoto(photo: $0, bytes: photo($0.file)) }
            ReportHTML.write(project, accounting, language: language, holidayPay: holidayPay, photos: photos, to: out)
        case .pdf:
            let photos = project.photos.map { ReportPDF.PhotoInput(photo: $0, bytes: photo($0.file)) }
            warnings += ReportPDF.write(project, accounting, language: language, photos: photos, holidayPay: holidayPay, to: out).warnings
        case .xlsx: try ReportXLSX.write(project, accounting, language: language, to: out)
        }
        try accounting.lines.checkIntact(source: source)
        return warnings
    }

    /// The whole report in memory, with its warnings (tests, small reports).
    public func render() throws -> (bytes: [UInt8], warnings: [String]) {
        let out = ByteOutput()
        let warnings = try write(to: out)
        return (out.bytes, warnings)
    }
}
