/// The final accounting in one of its formats, with what the reader should be warned about.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, csv, html, pdf
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
    /// share) for information; JSON and CSV do not change.
    public init(_ project: Project, format: ReportFormat, language: Language, holidayPay: Bool = false, photo: (String) -> [UInt8]?) {
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
        }
        self.format = format
        self.accounting = accounting
        self.warnings = warnings
    }
}
