/// The final accounting as an A4 PDF: the report sheet laid out with selectable text, the line
/// table's header repeated on every page, right-aligned amounts, "page N of M", signature lines
/// for roofer, employer and union, and the photos with captions in an appendix.
public enum ReportPDF {
    public struct Output {
        public let bytes: [UInt8]
        public let pageCount: Int
        public let embeddedImages: Int
        public let warnings: [String]
    }

    public typealias PhotoInput = ReportPhoto

    static let pageWidth = 595.28, pageHeight = 841.89
    static let left = 42.0, right = 553.0, top = 800.0, bottom = 58.0

    public static func render(_ p: Project, _ a: FinalAccounting, language l: Language, photos: [PhotoInput], holidayPay: Bool = false) -> Output {
        render(ReportSheet(p, a, language: l, holidayPay: holidayPay), photos: photos)
    }

    public static func render(_ sheet: ReportSheet, photos: [PhotoInput]) -> Output {
        let words = sheet.words
        var layout = Layout(title: sheet.documentTitle, footer: { words(.pageOf, String($0), String($1)) })
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

        // Lines, with the header repeated on each page. Where each column goes, in sheet order:
        let size = 8.5, row = 11.0
        let activityX = left + 46, activityWidth = 222.0
        let quantityRight = 375.0, unitX = 382.0, priceRight = 470.0
        let lineAnchors: [Layout.Anchor] = [.left(left), .left(activityX), .right(quantityRight), .left(unitX), .right(priceRight), .right(right)]
        let lineColumns = Array(zip(sheet.lines.columns.map(\.title), lineAnchors))
        func lineHeader(_ layout: inout Layout) { layout.headerRow(lineColumns, size: size, rowHeight: row) }
        layout.text(sheet.lines.title, x: left, font: .bold, size: 11)
        layout.advance(16)
        layout.repeatedHeader = lineHeader
        lineHeader(&layout)
        for line in sheet.lines {
            let wrapped = layout.wrap(line.activity, width: activityWidth, font: .regular, size: size)
            layout.ensure(Double(wrapped.count) * row)
            layout.text(line.pos, x: left, font: .regular, size: size)
            layout.textRight(line.quantity, right: quantityRight, font: .regular, size: size)
            layout.text(line.unit, x: unitX, font: .regular, size: size)
            layout.textRight(line.price, right: priceRight, font: .regular, size: size)
            layout.textRight(line.amount, right: right, font: .regular, size: size)
            for part in wrapped {
                layout.text(part, x: activityX, font: .regular, size: size)
                layout.advance(row)
            }
        }
        if sheet.lines.isEmpty { layout.text(sheet.lines.emptyNote, x: activityX, font: .regular, size: size); layout.advance(row) }
        layout.repeatedHeader = nil
        if let footnote = sheet.customFootnote { layout.text(footnote, x: left, font: .regular, size: 7.5); layout.advance(row) }
        layout.advance(8)

        // Totals.
        layout.ensure(60)
        for total in sheet.totals.rows {
            if total.ruleAbove {
                layout.advance(-8)
                layout.rule(from: left, to: right)
                layout.advance(12)
            }
            let font: PDFFont = total.emphasis == .strong ? .bold : .regular
            let wrapped = layout.wrap(total.description, width: 300, font: .regular, size: 9)
            layout.ensure(Double(wrapped.count) * 12)
            layout.text(total.label, x: left, font: font, size: 9)
            layout.textRight(total.amount, right: right, font: font, size: 9)
            for part in wrapped { layout.text(part, x: left + 90, font: .regular, size: 9); layout.advance(12) }
            if wrapped.isEmpty { layout.advance(12) }
        }
        layout.advance(10)

        // Team.
        layout.ensure(40)
        layout.text(sheet.team.title, x: left, font: .bold, size: 11)
        layout.advance(16)
        // The figures' right edges: hours, share, (holiday pay,) advances, balance at the margin.
        let rights: [Double] = sheet.team.columns.count == 6 ? [290, 360, 430, 495, right] : [330, 410, 480, right]
        if sheet.team.rows.isEmpty {
            layout.text(sheet.team.emptyNote, x: left, font: .regular, size: 9); layout.advance(12)
        } else {
            let anchors: [Layout.Anchor] = [.left(left)] + rights.map { .right($0) }
            layout.headerRow(Array(zip(sheet.team.columns.map(\.title), anchors)), size: size, rowHeight: row)
            for t in sheet.team.rows {
                let wrapped = layout.wrap(t.worker, width: rights[0] - left - 60, font: .regular, size: size)
                layout.ensure(Double(wrapped.count) * row)
                for (cell, edge) in zip(t.cells.dropFirst(), rights) { layout.textRight(cell, right: edge, font: .regular, size: size) }
                for part in wrapped { layout.text(part, x: left, font: .regular, size: size); layout.advance(row) }
            }
        }
        layout.advance(4)
        let notes = sheet.notes.map { ($0.text, PDFFont.regular) } + sheet.warnings.map { ("\(sheet.warningLabel): \($0)", PDFFont.bold) }
        for (note, font) in notes {
            for part in layout.wrap(note, width: right - left, font: .regular, size: 8) {
                layout.ensure(11)
                layout.text(part, x: left, font: font, size: 8)
                layout.advance(11)
            }
        }

        // Signatures: a line for each, who signs under it (the hint on a line of its own when it does not fit).
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

        // Appendix: measurements (line, pos, expression, result).
        if !sheet.measurements.isEmpty {
            layout.ensure(60)
            layout.advance(16)
            layout.text(sheet.measurementsTitle, x: left, font: .bold, size: 12)
            layout.advance(16)
            for row in sheet.measurements {
                let lead = "\(row.line)  \(row.pos)"
                let parts = layout.wrap(row.expression, width: right - left - 180, font: .regular, size: 9)
                for (k, part) in parts.enumerated() {
                    layout.ensure(12)
                    if k == 0 {
                        layout.text(lead, x: left, font: .regular, size: 9)
                        layout.textRight(row.result, right: right, font: .regular, size: 9)
                    }
                    layout.text(part, x: left + 70, font: .regular, size: 9)
                    layout.advance(12)
                }
            }
        }

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
                    for part in layout.wrap(words(.photoNotShown, label, reason), width: right - left, font: .regular, size: 9) {
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

        let (bytes, pages) = layout.finish()
        var warnings: [String] = []
        if !layout.replaced.isEmpty {
            let chars = layout.replaced.map { "\"\($0)\" (U+\(String($0.unicodeScalars.first!.value, radix: 16, uppercase: true)))" }
            warnings.append(words(.unprintableCharacters, chars.joined(separator: ", ")))
        }
        return Output(bytes: bytes, pageCount: pages, embeddedImages: embedded, warnings: warnings)
    }

    /// Places text, rules and images on pages, top to bottom, breaking pages as needed.
    struct Layout {
        struct Image { let name: String; let bytes: [UInt8]; let info: PhotoImage }
        var pages: [[UInt8]] = [[]]
        var images: [[Image]] = [[]]
        var y = top
        var repeatedHeader: ((inout Layout) -> Void)?
        var replaced: [Character] = []
        var imageCount = 0
        let title: String
        /// "page N of M" in the report's language.
        let footer: (Int, Int) -> String

        init(title: String, footer: @escaping (Int, Int) -> String) { self.title = title; self.footer = footer }

        mutating func emit(_ s: String) { pages[pages.count - 1] += Array(s.utf8) }

        static func number(_ v: Double) -> String {
            let r = (v * 100).rounded() / 100
            return r == r.rounded() ? String(Int(r)) : String(r)
        }

        mutating func encoded(_ text: String) -> [UInt8] {
            let e = WinAnsi.encode(text)
            for c in e.replaced where !replaced.contains(c) { replaced.append(c) }
            return PDFWriter.literal(e.bytes)
        }

        mutating func textAt(_ text: String, x: Double, y: Double, font: PDFFont, size: Double) {
            emit("BT /\(font.resourceName) \(Self.number(size)) Tf \(Self.number(x)) \(Self.number(y)) Td ")
            pages[pages.count - 1] += encoded(text)
            emit(" Tj ET\n")
        }

        mutating func text(_ text: String, x: Double, font: PDFFont, size: Double) { textAt(text, x: x, y: y, font: font, size: size) }

        mutating func textRight(_ text: String, right: Double, font: PDFFont, size: Double) {
            textAt(text, x: right - font.width(text, size: size), y: y, font: font, size: size)
        }

        /// Where a table cell goes: from its left edge, or flush to its right edge (figures).
        enum Anchor { case left(Double), right(Double) }

        /// A table's column titles in bold, a rule under them, and room for the first row.
        mutating func headerRow(_ cells: [(String, Anchor)], size: Double, rowHeight: Double) {
            for (title, anchor) in cells {
                switch anchor {
                case .left(let x): text(title, x: x, font: .bold, size: size)
                case .right(let edge): textRight(title, right: edge, font: .bold, size: size)
                }
            }
            advance(3)
            rule(from: left, to: right)
            advance(rowHeight)
        }

        mutating func rule(from x1: Double, to x2: Double) {
            emit("0.5 w \(Self.number(x1)) \(Self.number(y)) m \(Self.number(x2)) \(Self.number(y)) l S\n")
        }

        mutating func image(bytes: [UInt8], info: PhotoImage, x: Double, y: Double, width: Double, height: Double) {
            imageCount += 1
            let name = "Im\(imageCount)"
            images[images.count - 1].append(Image(name: name, bytes: bytes, info: info))
            emit("q \(Self.number(width)) 0 0 \(Self.number(height)) \(Self.number(x)) \(Self.number(y)) cm /\(name) Do Q\n")
        }

        mutating func advance(_ dy: Double) { y -= dy }

        /// Starts a new page when less than `height` is left on this one.
        mutating func ensure(_ height: Double) {
            if y - height < bottom { newPage() }
        }

        mutating func newPage() {
            pages.append([])
            images.append([])
            y = top
            if let header = repeatedHeader { header(&self) }
        }

        func wrap(_ text: String, width: Double, font: PDFFont, size: Double) -> [String] {
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

        /// Adds footers ("page N of M") and writes the document.
        mutating func finish() -> ([UInt8], Int) {
            let count = pages.count
            for i in 0..<count {
                let footer = self.footer(i + 1, count)
                var tail = Array("0.3 w \(Self.number(left)) 44 m \(Self.number(right)) 44 l S\n".utf8)
                tail += Array("BT /F1 7.5 Tf \(Self.number(left)) 34 Td ".utf8) + encoded(title) + Array(" Tj ET\n".utf8)
                tail += Array("BT /F1 7.5 Tf \(Self.number(right - PDFFont.regular.width(footer, size: 7.5))) 34 Td ".utf8)
                tail += encoded(footer) + Array(" Tj ET\n".utf8)
                pages[i] += tail
            }
            var pdf = PDFWriter()
            let catalog = pdf.reserve(), pagesObject = pdf.reserve()
            let fonts = [PDFFont.regular, .bold].map { f in
                (f, pdf.add("<< /Type /Font /Subtype /Type1 /BaseFont /\(f.baseFont) /Encoding \(WinAnsi.fontEncoding) >>"))
            }
            let fontResources = fonts.map { "/\($0.0.resourceName) \($0.1) 0 R" }.joined(separator: " ")
            var kids: [Int] = []
            for (i, content) in pages.enumerated() {
                var xobjects: [String] = []
                for im in images[i] {
                    let n: Int
                    let colorSpace = im.info.components == 1 ? "/DeviceGray" : im.info.components == 4 ? "/DeviceCMYK" : "/DeviceRGB"
                    let common = "/Type /XObject /Subtype /Image /Width \(im.info.width) /Height \(im.info.height) /ColorSpace \(colorSpace) /BitsPerComponent 8"
                    if im.info.kind == .jpeg {
                        n = pdf.addStream("\(common) /Filter /DCTDecode", im.bytes)
                    } else {
                        n = pdf.addStream("\(common) /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors \(im.info.components) /BitsPerComponent 8 /Columns \(im.info.width) >>",
                                          PhotoImage.pngImageData(im.bytes))
                    }
                    xobjects.append("/\(im.name) \(n) 0 R")
                }
                let stream = pdf.addStream("", content)
                let xobject = xobjects.isEmpty ? "" : " /XObject << \(xobjects.joined(separator: " ")) >>"
                kids.append(pdf.add("<< /Type /Page /Parent \(pagesObject) 0 R /MediaBox [0 0 \(Self.number(pageWidth)) \(Self.number(pageHeight))] /Resources << /Font << \(fontResources) >>\(xobject) >> /Contents \(stream) 0 R >>"))
            }
            pdf.set(pagesObject, "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(kids.count) >>")
            pdf.set(catalog, "<< /Type /Catalog /Pages \(pagesObject) 0 R >>")
            let infoObject = pdf.reserve()
            pdf.set(infoObject, bytes: Array("<< /Producer (akkord) /Title \(PDFWriter.textString(title)) >>".utf8))
            return (pdf.finish(root: catalog, info: infoObject), count)
        }
    }
}
