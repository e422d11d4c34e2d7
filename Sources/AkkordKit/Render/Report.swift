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

public struct RenderedReport: Sendable {
    public let format: ReportFormat
    public let bytes: [UInt8]
    public let accounting: FinalAccounting
    /// For people, in the report's language: the accounting's warnings and the writer's own
    /// (e.g. characters the PDF fonts cannot print).
    public let warnings: [String]

    /// Renders `project` in `format`; `photo` gives a stored photo file's bytes (nil when missing).
    /// With `holidayPay`, the text, HTML and PDF team tables show holiday pay (12.5 % of each
    /// share) for information; JSON, CSV and xlsx do not change. Throws only when the project
    /// does not fit the format (an xlsx sheet holds 1,048,576 rows, a cell 32,767 characters).
    public init(_ project: Project, format: ReportFormat, language: Language, holidayPay: Bool = false, photo: (String) -> [UInt8]?) throws {
        let accounting = FinalAccounting(project)
        var warnings = accounting.warnings.map { $0.text(language) }
        switch format {
        case .text: bytes = Array(ReportText.render(project, accounting, language: language, holidayPay: holidayPay).utf8)
        case .json: bytes = ReportJSON.render(project, accounting)
        case .csv: bytes = Array(ReportCSV.render(accounting, language: language).utf8)
        case .html:
            let photos = project.photos.map { ReportPhoto(photo: $0, bytes: photo($0.file)) }
            bytes = Array(ReportHTML.render(project, accounting, language: language, holidayPay: holidayPay, photos: photos).utf8)
        case .pdf:
            let photos = project.photos.map { ReportPDF.PhotoInput(photo: $0, bytes: photo($0.file)) }
            let pdf = ReportPDF.render(project, accounting, language: language, photos: photos, holidayPay: holidayPay)
            bytes = pdf.bytes
            warnings += pdf.warnings
        case .xlsx: bytes = try ReportXLSX.render(project, accounting, language: language)
        }
        self.format = format
        self.accounting = accounting
        self.warnings = warnings
    }
}
