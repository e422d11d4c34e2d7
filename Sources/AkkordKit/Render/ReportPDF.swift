import AkkordSupport
import AkkordModel
import AkkordAccounting

/// The final accounting as an A4 PDF: the report sheet laid out with selectable text, the line
/// table's header repeated on every page, right-aligned amounts, "page N of M", signature lines
/// for roofer, employer and union, and the photos with captions in an appendix.
///
/// The first pass lays the sheet out noting each page's number of photos (so every object's
/// number, and the page count of the footers, are known before the first byte) and the
/// characters the fonts cannot print, and keeps the pages' content (without their footers):
/// a report of a normal size is then written from it, laid out once. When the kept content
/// grows past `Layout.recordingLimit` it is let go, the first pass only plans, and a second pass
/// lays the sheet out again and writes each page when it is full: a long report holds one
/// page's content at a time, whatever the number of lines.
public enum ReportPDF {
    public struct Output {
        public let bytes: [UInt8]
        public let pageCount: Int
        public let embeddedImages: Int
        public let warnings: [String]
    }

    /// What `write` tells of the PDF it wrote.
    public struct Written {
        public let pageCount: Int
        public let embeddedImages: Int
        /// Characters the fonts cannot print, in the report's language.
        public let warnings: [String]

        package init(pageCount: Int, embeddedImages: Int, warnings: [String]) {
            self.pageCount = pageCount; self.embeddedImages = embeddedImages; self.warnings = warnings
        }
    }

    public typealias PhotoInput = ReportPhoto

    static let pageWidth = 595.28, pageHeight = 841.89
    package static let left = 42.0, right = 553.0, top = 800.0, bottom = 58.0

    /// The whole PDF in memory (tests, small reports): `write` into a collecting output.
    public static func render(_ p: ProjectHead, _ a: FinalAccounting, language l: Language, photos: [PhotoInput], holidayPay: Bool = false) -> Output {
        render(ReportSheet(p, a, language: l, holidayPay: holidayPay), photos: photos)
    }

    public static func render(_ sheet: ReportSheet, photos: [PhotoInput]) -> Output {
        render(sheet, photos: photos, compressing: true)
    }

    /// `render`; `compressing: false` leaves the content streams as they are, for tests that
    /// read the text drawn.
    package static func render(_ p: ProjectHead, _ a: FinalAccounting, language l: Language, photos: [PhotoInput], holidayPay: Bool = false,
                               compressing: Bool) -> Output {
        render(ReportSheet(p, a, language: l, holidayPay: holidayPay), photos: photos, compressing: compressing)
    }

    package static func render(_ sheet: ReportSheet, photos: [PhotoInput], compressing: Bool) -> Output {
        let out = ByteOutput()
        let written = write(sheet, photos: photos, to: out, recordingLimit: Layout.recordingLimit, compressing: compressing)
        return Output(bytes: out.bytes, pageCount: written.pageCount, embeddedImages: written.embeddedImages, warnings: written.warnings)
    }

    /// Writes the PDF to `out` as it lays it out. The lines are walked twice for the table (and
    /// twice for the measurements), never held; should they change between the passes, the
    /// lines' `checkIntact` says so (the caller's to check, as after any writer).
    public static func write(_ p: ProjectHead, _ a: FinalAccounting, language l: Language, photos: [PhotoInput], holidayPay: Bool = false,
                             to out: ByteOutput) -> Written {
        write(ReportSheet(p, a, language: l, holidayPay: holidayPay), photos: photos, to: out)
    }

    public static func write(_ sheet: ReportSheet, photos: [PhotoInput], to out: ByteOutput) -> Written {
        write(sheet, photos: photos, to: out, recordingLimit: Layout.recordingLimit)
    }

    /// `write`, keeping at most `recordingLimit` bytes of page content from the first pass.
    package static func write(_ sheet: ReportSheet, photos: [PhotoInput], to out: ByteOutput, recordingLimit: Int, compressing: Bool = true) -> Written {
        let words = sheet.words
        let footer: (Int, Int) -> String = { words(.pageOf, String($0), String($1)) }
        var first = Layout(title: sheet.documentTitle, footer: footer, recordingUpTo: recordingLimit, compressing: compressing)
        var embedded = lay(sheet, photos: photos, on: &first)
        let plan = first.finishPlan()
        let pages: Int
        if let written = first.writeRecorded(plan, to: out) { pages = written } else {
            var layout = Layout(title: sheet.documentTitle, footer: footer, plan: plan, to: out, compressing: compressing)
            embedded = lay(sheet, photos: photos, on: &layout)
            pages = layout.finish()
        }
        var warnings: [String] = []
        if !plan.replaced.isEmpty {
            let chars = plan.replaced.map { "\"\($0)\" (U+\(String($0.unicodeScalars.first!.value, radix: 16, uppercase: true)))" }
            warnings.append(words(.unprintableCharacters, chars.joined(separator: ", ")))
        }
        return Written(pageCount: pages, embeddedImages: embedded, warnings: warnings)
    }

    /// Places the sheet on `layout`'s pages; returns the number of photos embedded.
    @discardableResult
    static func lay(_ sheet: ReportSheet, photos: [PhotoInput], on layout: inout Layout) -> Int {
        let words = sheet.words
        layout.text(sheet.title, x: left, font: .bold, size: 16)
        layout.advance(22)
        for row in sheet.header {
            let lines = layout.wrap(row.value, width: right - left - 80, font: .regular, size: 9)
            layout.ensure(Double(lines.count) * 12)
            layout.text(row.label + ":", x: left, font: .bold, size: 9)
            for (i, line) in lines.enumerated() {
                layout.text(line, x: left + 80, font: .regular, size: 9)
                if i < lines.count - 1 { layout.advance(12) }
            }
            layout.advance(12)
        }
        layout.advance(10)

        // Lines, with the header repeated on each page.
        let size = 8.5, row = 11.0
        let columns = sheet.lines.columns, anchors = columns.map(lineAnchor)
        let lineColumns = Array(zip(sheet.lines.headings.map(\.title), anchors))
        func lineHeader(_ layout: inout Layout) { layout.headerRow(lineColumns, size: size, rowHeight: row) }
        layout.text(sheet.lines.title, x: left, font: .bold, size: 11)
        layout.advance(16)
        layout.repeatedHeader = lineHeader
        lineHeader(&layout)
        // Each cell made as bytes from the line's view (no `String` per cell) in a buffer used
        // again; the wrapping cells are cut into lines first, for the room the row takes.
        let l = sheet.language
        var scratch = [UInt8](repeating: 0, count: 1024), wrapped = columns.map { _ in WrappedCell() }
        for line in sheet.lines.lines.views {
            if scratch.count < line.cellBytes { scratch = [UInt8](repeating: 0, count: max(line.cellBytes, 2 * scratch.count)) }
            scratch.withUnsafeMutableBufferPointer { buffer in
                func cell(_ i: Int) -> UnsafeBufferPointer<UInt8> {
                    var cell = CellCursor(cursor: ByteCursor(buffer.baseAddress!), language: l)
                    columns[i].writePrinted(line, l, to: &cell)
                    return UnsafeBufferPointer(start: buffer.baseAddress, count: buffer.baseAddress!.distance(to: cell.cursor.at))
                }
                var height = 1
                for i in columns.indices where columns[i].wraps {
                    wrapped[i].wrap(cell(i), width: lineWrapWidth, size: size)
                    height = max(height, wrapped[i].count)
                }
                layout.ensure(Double(height) * row)
                // In reading order: the columns left to right, a wrapping one all its lines at once.
                let rowTop = layout.y
                for i in columns.indices {
                    layout.y = rowTop
                    if columns[i].wraps {
                        for k in 0..<wrapped[i].count { wrapped[i].place(k, at: anchors[i], on: &layout, size: size); layout.advance(row) }
                    } else {
                        layout.text(utf8: cell(i), at: anchors[i], font: .regular, size: size)
                    }
                }
                layout.y = rowTop - Double(height) * row
            }
        }
        if sheet.lines.isEmpty {
            layout.text(sheet.lines.emptyNote, at: lineAnchor(.activity), font: .regular, size: size)
            layout.advance(row)
        }
        layout.repeatedHeader = nil
        if let footnote = sheet.customFootnote { layout.text(footnote, x: left, font: .regular, size: 7.5); layout.advance(row) }
        layout.advance(8)

        laySummation(sheet, on: &layout)
        layTeam(sheet, on: &layout)
        layDaywork(sheet, on: &layout)
        layMeasurements(sheet, on: &layout)

        // Appendix: photos.
        var embedded = 0
        if !photos.isEmpty {
            layout.newPage()
            layout.text(words[.photosTitle], x: left, font: .bold, size: 14)
            layout.advance(24)
            for input in photos {
                let label = input.label(words)
                guard let bytes = input.bytes, let image = PhotoImage(bytes) else {
                    layout.ensure(14)
                    layout.text(words(.photoMissing, label), x: left, font: .regular, size: 9); layout.advance(16)
                    continue
                }
                if let reason = image.notEmbeddable {
                    layout.ensure(14)
                    for part in layout.wrap(words(.photoNotShown, label, reason.text(words.language)), width: right - left, font: .regular, size: 9) {
                        layout.text(part, x: left, font: .regular, size: 9); layout.advance(12)
                    }
                    layout.advance(6)
                    continue
                }
                let maxWidth = right - left, maxHeight = 330.0
                let scale = min(maxWidth / Double(image.width), maxHeight / Double(image.height))
                let w = Double(image.width) * scale, h = Double(image.height) * scale
                let captionLines = layout.wrap(label, width: right - left, font: .regular, size: 9)
                layout.ensure(h + 8 + Double(captionLines.count) * 12 + 12)
                layout.image(bytes: bytes, info: image, x: left, y: layout.y - h, width: w, height: h)
                embedded += 1
                layout.advance(h + 12)
                for part in captionLines { layout.text(part, x: left, font: .regular, size: 9); layout.advance(12) }
                layout.advance(14)
            }
        }
        return embedded
    }

    /// The summation, from the subtotal to the amount shared, under its heading: on one page.
    package static func laySummation(_ sheet: ReportSheet, on layout: inout Layout) {
        layout.together { layout in
            layout.text(sheet.totals.title, x: left, font: .bold, size: 11)
            layout.advance(16)
            for total in sheet.totals.rows {
                if total.ruleAbove {
                    layout.advance(-8)
                    layout.rule(from: left, to: right)
                    layout.advance(12)
                }
                let font: PDFFont = total.emphasis == .strong ? .bold : .regular
                let wrapped = layout.wrap(total.description, width: 300, font: .regular, size: 9)
                layout.ensure(Double(wrapped.count) * 12)
                let rowTop = layout.y
                layout.text(total.label, x: left, font: font, size: 9)
                for part in wrapped where !part.isEmpty { layout.text(part, x: left + 90, font: .regular, size: 9); layout.advance(12) }
                layout.at(rowTop) { $0.textRight(total.amount, right: right, font: font, size: 9) }
                layout.y = rowTop - Double(max(wrapped.count, 1)) * 12
            }
        }
        layout.advance(10)
    }

    /// The team table, its notes and the signature lines: on one page. A table longer than a
    /// page starts one, repeats its header on the next, and its last row goes with the notes
    /// and the signatures.
    package static func layTeam(_ sheet: ReportSheet, on layout: inout Layout) {
        let size = 8.5, row = 11.0
        // The figures' right edges: hours, (weight, weighted hours,) share, (holiday pay,) advances, balance at the margin.
        let rights: [Double]
        switch sheet.team.columns.count {
        case 5: rights = [330, 410, 480, right]
        case 6: rights = [290, 360, 430, 495, right]
        case 7: rights = [245, 280, 350, 420, 488, right]
        default: rights = [205, 235, 300, 350, 432, 488, right]
        }
        let anchors: [Layout.Anchor] = [.left(left)] + rights.map { .right($0) }
        let header = Array(zip(sheet.team.columns.map(\.title), anchors))
        func teamRow(_ t: ReportSheet.TeamRow, on layout: inout Layout) {
            let wrapped = layout.wrap(t.worker, width: rights[0] - left - 60, font: .regular, size: size)
            layout.ensure(Double(wrapped.count) * row)
            let rowTop = layout.y
            for part in wrapped { layout.text(part, x: left, font: .regular, size: size); layout.advance(row) }
            layout.at(rowTop) { layout in
                for (cell, edge) in zip(t.cells.dropFirst(), rights) { layout.textRight(cell, right: edge, font: .regular, size: size) }
            }
        }
        func notesAndSignatures(_ layout: inout Layout) {
            layout.repeatedHeader = nil
            layout.advance(4)
            let notes = sheet.notes.map { ($0.text, PDFFont.regular) } + sheet.warnings.map { ("\(sheet.warningLabel): \($0)", PDFFont.bold) }
            for (note, font) in notes {
                for part in layout.wrap(note, width: right - left, font: .regular, size: 8) {
                    layout.ensure(11)
                    layout.text(part, x: left, font: font, size: 8)
                    layout.advance(11)
                }
            }
            laySignatures(sheet, on: &layout)
        }
        layout.together { layout in
            layout.text(sheet.team.title, x: left, font: .bold, size: 11)
            layout.advance(16)
            guard let last = sheet.team.rows.last else {
                layout.text(sheet.team.emptyNote, x: left, font: .regular, size: 9); layout.advance(12)
                return notesAndSignatures(&layout)
            }
            layout.headerRow(header, size: size, rowHeight: row)
            layout.repeatedHeader = { $0.headerRow(header, size: size, rowHeight: row) }
            for t in sheet.team.rows.dropLast() { teamRow(t, on: &layout) }
            layout.together { layout in
                teamRow(last, on: &layout)
                notesAndSignatures(&layout)
            }
        }
        layout.repeatedHeader = nil
    }

    /// A line for each who signs, who signs under it (the hint on a line of its own when it
    /// does not fit).
    static func laySignatures(_ sheet: ReportSheet, on layout: inout Layout) {
        layout.ensure(70)
        layout.advance(45)
        let slot = (right - left - 40) / 3
        for (i, who) in sheet.signatures.enumerated() {
            let x = left + Double(i) * (slot + 20)
            layout.rule(from: x, to: x + slot)
            let label = "\(who)  \(sheet.signatureHint)"
            if PDFFont.regular.width(label, size: 8) <= slot {
                layout.textAt(label, x: x, y: layout.y - 11, font: .regular, size: 8)
            } else {
                layout.textAt(who, x: x, y: layout.y - 11, font: .regular, size: 8)
                layout.textAt(sheet.signatureHint, x: x, y: layout.y - 21, font: .regular, size: 8)
            }
        }
        layout.advance(20)
    }

    /// Where the measurement appendix's columns go: line (its right edge), pos, measurement, result.
    package static let measurementAnchors: [Layout.Anchor] = [.right(left + 26), .left(left + 34), .left(left + 70), .right(right)]

    /// The appendix of measurements: line, pos, the expression (wrapped), the result; its
    /// column headings on every page it takes.
    static func layMeasurements(_ sheet: ReportSheet, on layout: inout Layout) {
        guard !sheet.measurements.isEmpty else { return }
        let l = sheet.language, size = 9.0, row = 12.0
        let header = Array(zip(sheet.measurementColumns.map(\.title), measurementAnchors))
        layout.beginTable(sheet.measurementsTitle, titleSize: 12, header: header, size: size, rowHeight: row)
        for line in sheet.measurements.views where line.measurement != nil {
            let parts = layout.wrap(MeasurementColumn.measurement.text(line, l), width: right - left - 180, font: .regular, size: size)
            layout.ensure(row)
            layMeasurementRow(line: MeasurementColumn.line.text(line, l), pos: MeasurementColumn.pos.text(line, l), parts: parts,
                              result: MeasurementColumn.result.text(line, l), on: &layout)
        }
        layout.repeatedHeader = nil
    }

    /// One row of the measurement appendix, in reading order; the expression's lines run on
    /// over a page break, the result beside its first.
    package static func layMeasurementRow(line: String, pos: String, parts: [String], result: String, on layout: inout Layout) {
        let size = 9.0, row = 12.0
        let rowTop = layout.y
        layout.text(line, at: measurementAnchors[0], font: .regular, size: size)
        layout.text(pos, at: measurementAnchors[1], font: .regular, size: size)
        var resultY: Double? = rowTop
        for (k, part) in parts.enumerated() {
            if k > 0 {
                // A break before the result is placed would put it on the wrong page: place it first.
                if layout.roomLeft < row, let y = resultY { layout.at(y) { $0.text(result, at: measurementAnchors[3], font: .regular, size: size) }; resultY = nil }
                layout.ensure(row)
            }
            layout.text(part, at: measurementAnchors[2], font: .regular, size: size)
            layout.advance(row)
        }
        if let y = resultY { layout.at(y) { $0.text(result, at: measurementAnchors[3], font: .regular, size: size) } }
    }

    /// Where a column of the sheet's line table goes: a left-aligned one from its left edge, a
    /// right-aligned one (a figure) flush to its right edge.
    static func lineAnchor(_ column: LineColumn) -> Layout.Anchor {
        let edge = switch column {
        case .pos: left
        case .activity: left + 46
        case .quantity: 375.0
        case .unit: 382.0
        case .price: 470.0
        case .amount: right
        case .id, .custom, .note, .measurement, .section: preconditionFailure("the sheet has no \(column) column")
        }
        return column.alignment == .right ? .right(edge) : .left(edge)
    }

    /// How wide the lines of a wrapping column of the line table are (the activity's: up to the
    /// quantities).
    package static let lineWrapWidth = 222.0

    /// A wrapping cell cut into lines: from its bytes when they are plain (`Layout.wrapPlain`),
    /// else as a `String` (`Layout.wrapCharacters`).
    struct WrappedCell {
        private var plainLines = WrappedLines()
        private var lines: [String] = []
        private var plain = true
        var count: Int { plain ? plainLines.count : lines.count }

        mutating func wrap(_ bytes: UnsafeBufferPointer<UInt8>, width: Double, size: Double) {
            plain = Layout.wrapPlain(bytes, width: width, font: .regular, size: size, into: &plainLines)
            lines = plain ? [] : Layout.wrapCharacters(String(decoding: bytes, as: UTF8.self), width: width, font: .regular, size: size)
        }

        func place(_ k: Int, at anchor: Layout.Anchor, on layout: inout Layout, size: Double) {
            if plain { plainLines.withLine(k) { layout.text(utf8: $0, at: anchor, font: .regular, size: size) } } else {
                layout.text(lines[k], at: anchor, font: .regular, size: size)
            }
        }
    }

    /// The lines `Layout.wrapPlain` cut a text into, one after another in one buffer (used
    /// again from text to text).
    struct WrappedLines {
        var bytes: [UInt8] = []
        private var ends: [Int] = []
        var count: Int { ends.count }
        /// Whether the line being filled (the bytes after the last line's end) is empty.
        var isLineEmpty: Bool { bytes.count == (ends.last ?? 0) }
        mutating func endLine() { ends.append(bytes.count) }
        mutating func removeAll() { bytes.removeAll(keepingCapacity: true); ends.removeAll(keepingCapacity: true) }
        func withLine<T>(_ k: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
            bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[(k == 0 ? 0 : ends[k - 1])..<ends[k]])) }
        }
    }

    /// Places text, rules and images on pages, top to bottom, breaking pages as needed. A layout
    /// that plans (the first pass) only keeps where pages break, the number of images on each
    /// and the characters the fonts cannot print; one that writes (the second) writes each page
    /// to the PDF when the next one starts.
    package struct Layout {
        /// What the first pass learns.
        package struct Plan {
            /// The number of images on each page: one entry per page.
            let pageImages: [Int]
            /// The characters the fonts cannot print, in the order met, the footers' last.
            package let replaced: [Character]
        }

        package var y = top
        package var repeatedHeader: ((inout Layout) -> Void)?
        var imageCount = 0
        let title: String
        /// "page N of M" in the report's language.
        let footer: (Int, Int) -> String

        /// Planning only notes (the characters the fonts cannot print, the images on each page);
        /// writing lays out each page's content and writes the page when it is full; recording
        /// does both, keeping the pages' content until the plan is known. Measuring lays a block
        /// out on one endless page, only to learn how tall it is (`height(of:)`).
        private enum Mode { case planning, recording, writing, measuring }
        private var mode: Mode
        /// Whether content is laid out.
        private var writes: Bool { mode == .recording || mode == .writing }
        /// Whether the plan is made.
        private var plans: Bool { mode == .planning || mode == .recording }
        /// Measuring: the lowest point the block reached or asked room down to (an `ensure`).
        private var lowest = Double.infinity
        /// Where this page's content starts (under a repeated header): a block that does not
        /// fit here does not fit on a new page either.
        private var pageStart = top
        /// Content streams are deflated (FlateDecode); uncompressed only for tests that read them.
        private var compressing = true

        // Planning.
        private var replaced: [Character] = []
        private var pageImages: [Int] = [0]

        // Writing and recording: this page's content and its images (written with it).
        private var content: [UInt8] = []
        private var images: [PageImage] = []
        /// Writing: the document, and this page's number from 0.
        private var document: Document?
        private var page = 0
        /// Recording: the pages laid out, and their content's size, at most `limit`.
        private var recorded: [(content: [UInt8], images: [PageImage])] = []
        private var recordedBytes = 0
        private var limit = 0

        /// How much page content a first pass keeps: a report of about 12,000 lines.
        package static let recordingLimit = 4 << 20

        /// A layout that plans.
        package init(title: String, footer: @escaping (Int, Int) -> String) {
            self.title = title
            self.footer = footer
            mode = .planning
        }

        /// A layout that plans and keeps the pages' content while it is at most `limit` bytes
        /// (then only plans): `writeRecorded` writes them.
        init(title: String, footer: @escaping (Int, Int) -> String, recordingUpTo limit: Int, compressing: Bool = true) {
            self.title = title
            self.footer = footer
            mode = .recording
            self.limit = limit
            self.compressing = compressing
        }

        /// A layout that writes to `out`, as `plan` foresaw: the header, the catalogue, the pages
        /// tree (its kids numbered by the plan) and the fonts go out at once.
        package init(title: String, footer: @escaping (Int, Int) -> String, plan: Plan, to out: ByteOutput, compressing: Bool = true) {
            self.title = title
            self.footer = footer
            mode = .writing
            self.compressing = compressing
            document = Document(title: title, plan: plan, to: out, compressing: compressing)
        }

        /// A layout that measures (`height(of:)`).
        private init(measuring: Void) {
            title = ""
            footer = { _, _ in "" }
            mode = .measuring
        }

        /// How much room `block` takes, laid out without page breaks: from where it starts down
        /// to the lowest of where it ends, what it drew and the room its `ensure`s asked for.
        package static func height(of block: (inout Layout) -> Void) -> Double {
            var measuring = Layout(measuring: ())
            block(&measuring)
            return top - min(measuring.y, measuring.lowest)
        }

        /// The room from here to the bottom margin.
        package var roomLeft: Double { y - bottom }

        /// Lays `block` out whole: here when it fits, else on a new page. A block taller than a
        /// page starts a page and runs on over the next as its own `ensure`s break it.
        package mutating func together(_ block: (inout Layout) -> Void) {
            if mode != .measuring, y < pageStart, Self.height(of: block) > roomLeft { newPage() }
            block(&self)
        }

        /// Runs `body` with `y` set to `rowTop` (a row's figures set beside text placed before
        /// them), then puts `y` back.
        mutating func at(_ rowTop: Double, _ body: (inout Layout) -> Void) {
            let after = y
            y = rowTop
            body(&self)
            y = after
        }

        /// An image placed on a page, written (before the page's content) when the page is.
        struct PageImage {
            let name: String
            let bytes: [UInt8]
            let info: PhotoImage
        }

        /// The PDF being written: the objects before the pages, then the pages one by one.
        struct Document {
            let pdf: PDFStream
            let title: String
            let pagesObject: Int
            let fontResources: String
            let encodedTitle: [UInt8]
            /// The planned page count, for the footers.
            let pageCount: Int
            /// Deflates each page's content (one encoder for all, its buffers kept) into
            /// `deflated`, emptied page by page; nil when the streams go uncompressed.
            let encoder: DeflateEncoder?
            let deflated = ByteOutput()

            init(title: String, plan: Plan, to out: ByteOutput, compressing: Bool) {
                let pdf = PDFStream(to: out)
                let catalog = pdf.reserve()
                let pagesObject = pdf.reserve()
                let fonts = [PDFFont.regular, .bold].map { ($0, pdf.reserve()) }
                // Each page: its images, its content stream, the page object.
                var kids: [Int] = [], last = fonts[fonts.count - 1].1
                for images in plan.pageImages {
                    last += images + 2
                    kids.append(last)
                }
                pdf.write(catalog, "<< /Type /Catalog /Pages \(pagesObject) 0 R >>")
                pdf.write(pagesObject, "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(kids.count) >>")
                for (f, n) in fonts {
                    pdf.write(n, "<< /Type /Font /Subtype /Type1 /BaseFont /\(f.baseFont) /Encoding \(WinAnsi.fontEncoding) >>")
                }
                var encodedTitle: [UInt8] = []
                PDFWriter.appendLiteral(WinAnsi.encode(title).bytes, to: &encodedTitle)
                self.pdf = pdf
                self.title = title
                self.pagesObject = pagesObject
                fontResources = fonts.map { "/\($0.0.resourceName) \($0.1) 0 R" }.joined(separator: " ")
                self.encodedTitle = encodedTitle
                pageCount = plan.pageImages.count
                encoder = compressing ? DeflateEncoder(format: .zlib) : nil
            }

            /// Writes page `page` (from 0): its images, its content with the footer ("page N of
            /// M") added, and the page object.
            func writePage(_ page: Int, content: inout [UInt8], images: [PageImage], footer: (Int, Int) -> String) {
                let footer = footer(page + 1, pageCount)
                func emit(_ s: String) { content.append(contentsOf: s.utf8) }
                emit("0.3 w \(Layout.number(left)) 44 m \(Layout.number(right)) 44 l S\n")
                emit("BT /F1 7.5 Tf \(Layout.number(left)) 34 Td ")
                content += encodedTitle
                emit(" Tj ET\n")
                emit("BT /F1 7.5 Tf \(Layout.number(right - PDFFont.regular.width(footer, size: 7.5))) 34 Td ")
                PDFWriter.appendLiteral(WinAnsi.encode(footer).bytes, to: &content)
                emit(" Tj ET\n")
                var xobjects: [(name: String, number: Int)] = []
                for image in images {
                    let info = image.info
                    let n = pdf.reserve()
                    let colorSpace = info.components == 1 ? "/DeviceGray" : info.components == 4 ? "/DeviceCMYK" : "/DeviceRGB"
                    let common = "/Type /XObject /Subtype /Image /Width \(info.width) /Height \(info.height) /ColorSpace \(colorSpace) /BitsPerComponent 8"
                    if info.kind == .jpeg {
                        pdf.writeStream(n, "\(common) /Filter /DCTDecode", image.bytes)
                    } else {
                        pdf.writeStream(n, "\(common) /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors \(info.components) /BitsPerComponent 8 /Columns \(info.width) >>",
                                        PhotoImage.pngImageData(image.bytes))
                    }
                    xobjects.append((image.name, n))
                }
                let stream = pdf.reserve()
                if var encoder {
                    deflated.removeAll()
                    encoder.write(content, to: deflated)
                    encoder.finish(to: deflated)
                    pdf.writeStream(stream, "/Filter /FlateDecode", deflated.bytes)
                } else {
                    pdf.writeStream(stream, "", content)
                }
                let xobject = xobjects.isEmpty ? "" : " /XObject << \(xobjects.map { "/\($0.name) \($0.number) 0 R" }.joined(separator: " ")) >>"
                let pageObject = pdf.reserve()
                pdf.write(pageObject, "<< /Type /Page /Parent \(pagesObject) 0 R /MediaBox [0 0 \(Layout.number(pageWidth)) \(Layout.number(pageHeight))] /Resources << /Font << \(fontResources) >>\(xobject) >> /Contents \(stream) 0 R >>")
            }

            /// The document information, the cross-reference table and the trailer.
            func finish() {
                let info = pdf.reserve()
                pdf.write(info, "<< /Producer (akkord) /Title \(PDFWriter.textString(title)) >>")
                pdf.finish(root: 1, info: info)
            }
        }

        mutating func emit(_ s: String) { content.append(contentsOf: s.utf8) }

        /// `emit` of a literal, copied from the binary (a literal given to `emit` is a `String`).
        mutating func put(_ s: StaticString) {
            content.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
        }

        package static func number(_ v: Double) -> String {
            let r = (v * 100).rounded() / 100
            return r == r.rounded() ? String(Int(r)) : String(r)
        }

        /// Appends `number(v)` without making a `String`: v rounded to hundredths is n / 100, whose
        /// shortest decimal form (what `String(Double)` writes) is n's digits with the point two
        /// from the right and trailing zeros of the fraction left out.
        package static func appendNumber(_ v: Double, to out: inout [UInt8]) {
            let k = (v * 100).rounded()
            guard k.magnitude < 1e15 else { out.append(contentsOf: number(v).utf8); return }
            let n = Int(k)
            if n < 0 { out.append(UInt8(ascii: "-")) }
            let m = n.magnitude, whole = m / 100, fraction = m % 100
            var scale: UInt = 1
            while scale <= whole / 10 { scale *= 10 }
            while scale > 0 { out.append(UInt8(truncatingIfNeeded: 48 + whole / scale % 10)); scale /= 10 }
            if fraction != 0 {
                out.append(UInt8(ascii: "."))
                out.append(UInt8(truncatingIfNeeded: 48 + fraction / 10))
                if fraction % 10 != 0 { out.append(UInt8(truncatingIfNeeded: 48 + fraction % 10)) }
            }
        }

        /// Whether UTF-8 `bytes` are text whose every character is its own WinAnsi code, as
        /// `WinAnsi.plainCodes` reads them.
        static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if b >= 0x20, b < 0x7F { i += 1; continue }
                guard b == 0xC2 || b == 0xC3, i + 1 < n, bytes[i + 1] & 0xC0 == 0x80,
                      (b & 0x03) << 6 | (bytes[i + 1] & 0x3F) >= 0xA0 else { return false }
                i += 2
            }
            return true
        }

        /// The width in 1/1000 em of plain `bytes` (`isPlain`) in `font`.
        static func plainUnits(_ bytes: UnsafeBufferPointer<UInt8>, _ font: PDFFont) -> Int {
            font.widths.withUnsafeBufferPointer { table in
                var total = 0, i = 0
                let n = bytes.count
                while i < n {
                    let b = bytes[i]
                    if b < 0x80 { total += table[Int(b) - 32]; i += 1 } else {
                        total += table[Int((b & 0x03) << 6 | (bytes[i + 1] & 0x3F)) - 32]; i += 2
                    }
                }
                return total
            }
        }

        /// `PDFWriter.appendLiteral(WinAnsi.encode(text).bytes, to:)` for plain `bytes` (`isPlain`).
        static func appendPlainLiteral(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
            out.append(UInt8(ascii: "("))
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if b < 0x80 {
                    if b == UInt8(ascii: "(") || b == UInt8(ascii: ")") || b == UInt8(ascii: "\\") { out.append(UInt8(ascii: "\\")) }
                    out.append(b)
                    i += 1
                } else {
                    out.append((b & 0x03) << 6 | (bytes[i + 1] & 0x3F))
                    i += 2
                }
            }
            out.append(UInt8(ascii: ")"))
        }

        /// `textAt` for text given as UTF-8 bytes (a line's cells): plain text goes straight
        /// from its bytes; other text as a `String`.
        mutating func textAt(utf8 bytes: UnsafeBufferPointer<UInt8>, x: Double, y: Double, font: PDFFont, size: Double) {
            guard Self.isPlain(bytes) else { return textAt(String(decoding: bytes, as: UTF8.self), x: x, y: y, font: font, size: size) }
            guard writes else { return }
            placePlain(bytes, x: x, y: y, font: font, size: size)
        }

        /// Writes plain `bytes` (`isPlain`) at x, y.
        private mutating func placePlain(_ bytes: UnsafeBufferPointer<UInt8>, x: Double, y: Double, font: PDFFont, size: Double) {
            put(font == .regular ? "BT /F1 " : "BT /F2 ")
            Self.appendNumber(size, to: &content)
            put(" Tf ")
            Self.appendNumber(x, to: &content)
            content.append(UInt8(ascii: " "))
            Self.appendNumber(y, to: &content)
            put(" Td ")
            Self.appendPlainLiteral(bytes, to: &content)
            put(" Tj ET\n")
        }

        mutating func text(utf8 bytes: UnsafeBufferPointer<UInt8>, x: Double, font: PDFFont, size: Double) {
            textAt(utf8: bytes, x: x, y: y, font: font, size: size)
        }

        mutating func textRight(utf8 bytes: UnsafeBufferPointer<UInt8>, right: Double, font: PDFFont, size: Double) {
            guard Self.isPlain(bytes) else { return textRight(String(decoding: bytes, as: UTF8.self), right: right, font: font, size: size) }
            guard writes else { return }
            placePlain(bytes, x: right - Double(Self.plainUnits(bytes, font)) * size / 1000, y: y, font: font, size: size)
        }

        /// Notes the characters of `text` the fonts cannot print.
        mutating func note(_ text: String) {
            if WinAnsi.plainCodes(text, { _ in }) { return }
            for c in WinAnsi.encode(text).replaced where !replaced.contains(c) { replaced.append(c) }
        }

        package mutating func textAt(_ text: String, x: Double, y: Double, font: PDFFont, size: Double) {
            if plans { note(text) }
            if mode == .measuring { lowest = min(lowest, y) }
            guard writes else { return }
            emit("BT /\(font.resourceName) \(Self.number(size)) Tf \(Self.number(x)) \(Self.number(y)) Td ")
            PDFWriter.appendLiteral(WinAnsi.encode(text).bytes, to: &content)
            emit(" Tj ET\n")
        }

        package mutating func text(_ text: String, x: Double, font: PDFFont, size: Double) { textAt(text, x: x, y: y, font: font, size: size) }

        package mutating func textRight(_ text: String, right: Double, font: PDFFont, size: Double) {
            guard writes else { return textAt(text, x: right, y: y, font: font, size: size) }
            textAt(text, x: right - font.width(text, size: size), y: y, font: font, size: size)
        }

        /// Where a table cell goes: from its left edge, or flush to its right edge (figures).
        package enum Anchor { case left(Double), right(Double) }

        mutating func text(_ text: String, at anchor: Anchor, font: PDFFont, size: Double) {
            switch anchor {
            case .left(let x): self.text(text, x: x, font: font, size: size)
            case .right(let edge): textRight(text, right: edge, font: font, size: size)
            }
        }

        mutating func text(utf8 bytes: UnsafeBufferPointer<UInt8>, at anchor: Anchor, font: PDFFont, size: Double) {
            switch anchor {
            case .left(let x): text(utf8: bytes, x: x, font: font, size: size)
            case .right(let edge): textRight(utf8: bytes, right: edge, font: font, size: size)
            }
        }

        /// A table's column titles in bold, a rule under them, and room for the first row.
        package mutating func headerRow(_ cells: [(String, Anchor)], size: Double, rowHeight: Double) {
            for (title, anchor) in cells { text(title, at: anchor, font: .bold, size: size) }
            advance(3)
            rule(from: left, to: right)
            advance(rowHeight)
        }

        /// A section that is a table: room for its start, its title in bold, its column titles,
        /// and those again at the top of every page it goes on to (until `repeatedHeader` is
        /// set back to nil).
        package mutating func beginTable(_ title: String, titleSize: Double, header: [(String, Anchor)], size: Double, rowHeight: Double) {
            ensure(60)
            advance(16)
            text(title, x: left, font: .bold, size: titleSize)
            advance(16)
            headerRow(header, size: size, rowHeight: rowHeight)
            repeatedHeader = { $0.headerRow(header, size: size, rowHeight: rowHeight) }
        }

        package mutating func rule(from x1: Double, to x2: Double) {
            if mode == .measuring { lowest = min(lowest, y) }
            guard writes else { return }
            emit("0.5 w \(Self.number(x1)) \(Self.number(y)) m \(Self.number(x2)) \(Self.number(y)) l S\n")
        }

        /// Places an image; a layout that writes writes its object at once.
        package mutating func image(bytes: [UInt8], info: PhotoImage, x: Double, y: Double, width: Double, height: Double) {
            imageCount += 1
            if plans { pageImages[pageImages.count - 1] += 1 }
            guard writes else { return }
            let name = "Im\(imageCount)"
            images.append(PageImage(name: name, bytes: bytes, info: info))
            emit("q \(Self.number(width)) 0 0 \(Self.number(height)) \(Self.number(x)) \(Self.number(y)) cm /\(name) Do Q\n")
        }

        package mutating func advance(_ dy: Double) { y -= dy }

        /// Starts a new page when less than `height` is left on this one (measuring: notes the
        /// room asked for).
        package mutating func ensure(_ height: Double) {
            if mode == .measuring { lowest = min(lowest, y - height); return }
            if y - height < bottom { newPage() }
        }

        package mutating func newPage() {
            guard mode != .measuring else { return }
            endPage()
            if plans { pageImages.append(0) }
            y = top
            if let header = repeatedHeader { header(&self) }
            pageStart = y
        }

        /// `text` in lines at most `width` wide: cut at spaces and line breaks, a word wider than
        /// a line cut where it must be.
        func wrap(_ text: String, width: Double, font: PDFFont, size: Double) -> [String] {
            Self.wrapPlain(text, width: width, font: font, size: size) ?? Self.wrapCharacters(text, width: width, font: font, size: size)
        }

        /// `wrap`, measuring every candidate line again.
        package static func wrapCharacters(_ text: String, width: Double, font: PDFFont, size: Double) -> [String] {
            var lines: [String] = [], line = ""
            for word in text.split(whereSeparator: { $0 == " " || $0.isNewline }) {
                var word = String(word)
                let candidate = line.isEmpty ? word : line + " " + word
                if font.width(candidate, size: size) <= width { line = candidate; continue }
                if !line.isEmpty { lines.append(line); line = "" }
                while font.width(word, size: size) > width, word.count > 1 {
                    var cut = word.count - 1
                    while cut > 1, font.width(String(word.prefix(cut)), size: size) > width { cut -= 1 }
                    lines.append(String(word.prefix(cut)))
                    word = String(word.dropFirst(cut))
                }
                line = word
            }
            if !line.isEmpty || lines.isEmpty { lines.append(line) }
            return lines
        }

        /// `wrapCharacters` for the usual text, whose every character is one scalar with its own
        /// WinAnsi code (`WinAnsi.plainCodes`): its only separator is the space, and a line's
        /// width is the sum of its words' and spaces' widths, added up as the words come instead
        /// of measured again. Nil for other text.
        package static func wrapPlain(_ text: String, width: Double, font: PDFFont, size: Double) -> [String]? {
            var text = text, lines = WrappedLines()
            guard text.withUTF8({ wrapPlain($0, width: width, font: font, size: size, into: &lines) }) else { return nil }
            return (0..<lines.count).map { k in lines.withLine(k) { String(decoding: $0, as: UTF8.self) } }
        }

        /// `wrapPlain` of UTF-8 `bytes` into `lines` (emptied first); false, `lines` undefined,
        /// for text that is not plain.
        static func wrapPlain(_ bytes: UnsafeBufferPointer<UInt8>, width: Double, font: PDFFont, size: Double, into lines: inout WrappedLines) -> Bool {
            lines.removeAll()
            return font.widths.withUnsafeBufferPointer { table -> Bool in
                let n = bytes.count
                func fits(_ units: Int) -> Bool { Double(units) * size / 1000 <= width }
                /// The code of the scalar at `i` and its length in bytes; nil when not plain.
                func scalar(_ i: Int) -> (code: Int, length: Int)? {
                    let b = bytes[i]
                    if b >= 0x20, b < 0x7F { return (Int(b), 1) }
                    guard b == 0xC2 || b == 0xC3, i + 1 < n, bytes[i + 1] & 0xC0 == 0x80 else { return nil }
                    let v = Int(b & 0x03) << 6 | Int(bytes[i + 1] & 0x3F)
                    return v >= 0xA0 ? (v, 2) : nil
                }
                let space = table[0]
                // The line being filled is the bytes after the last line's end.
                var lineUnits = 0
                var i = 0
                while i < n {
                    if bytes[i] == 0x20 { i += 1; continue }
                    let start = i
                    var units = 0
                    while i < n, bytes[i] != 0x20 {
                        guard let (code, length) = scalar(i) else { return false }
                        units += table[code - 32]
                        i += length
                    }
                    let lineEmpty = lines.isLineEmpty
                    let candidate = lineEmpty ? units : lineUnits + space + units
                    if fits(candidate) {
                        if !lineEmpty { lines.bytes.append(0x20) }
                        lines.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                        lineUnits = candidate
                        continue
                    }
                    if !lineEmpty { lines.endLine() }
                    var rest = start
                    if !fits(units) {
                        // Too wide alone: cut after as many characters as fit (at least one).
                        var offsets: [Int] = [], widths: [Int] = []
                        var j = start
                        while j < i, let (code, length) = scalar(j) { offsets.append(j); widths.append(table[code - 32]); j += length }
                        offsets.append(i)
                        let count = widths.count
                        var first = 0
                        while !fits(units), count - first > 1 {
                            var cut = count - first - 1, prefix = units - widths[count - 1]
                            while cut > 1, !fits(prefix) { cut -= 1; prefix -= widths[first + cut] }
                            lines.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[offsets[first]..<offsets[first + cut]]))
                            lines.endLine()
                            first += cut
                            units -= prefix
                        }
                        rest = offsets[first]
                    }
                    lines.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[rest..<i]))
                    lineUnits = units
                }
                if !lines.isLineEmpty || lines.count == 0 { lines.endLine() }
                return true
            }
        }

        /// This page is full: written (writing), or kept while the kept content is within the
        /// limit (recording; past it, everything kept is let go and the layout only plans).
        private mutating func endPage() {
            switch mode {
            case .planning, .measuring: return
            case .writing:
                document?.writePage(page, content: &content, images: images, footer: footer)
                content.removeAll(keepingCapacity: true)
                page += 1
            case .recording:
                recordedBytes += content.count
                if recordedBytes > limit {
                    mode = .planning
                    recorded = []
                    content = []
                } else {
                    let capacity = content.count
                    recorded.append((content, images))
                    content = []
                    content.reserveCapacity(capacity)
                }
            }
            images.removeAll()
        }

        /// The first pass's end: the plan, with the characters of the footers noted.
        package mutating func finishPlan() -> Plan {
            if mode == .recording { endPage() }
            let count = pageImages.count
            for i in 0..<count {
                note(title)
                note(footer(i + 1, count))
            }
            return Plan(pageImages: pageImages, replaced: replaced)
        }

        /// The second pass's end: writes the last page, the document information, the
        /// cross-reference table and the trailer; returns the page count.
        package mutating func finish() -> Int {
            endPage()
            document?.finish()
            return page
        }

        /// After `finishPlan`, a layout that kept every page writes the PDF from them and returns
        /// the page count; nil when it let them go (lay the sheet out again on a writing layout).
        func writeRecorded(_ plan: Plan, to out: ByteOutput) -> Int? {
            guard mode == .recording else { return nil }
            let document = Document(title: title, plan: plan, to: out, compressing: compressing)
            for (n, page) in recorded.enumerated() {
                var content = page.content
                document.writePage(n, content: &content, images: page.images, footer: footer)
            }
            document.finish()
            return recorded.count
        }
    }
}
