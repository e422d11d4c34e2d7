import AkkordSupport
import AkkordModel

/// The catalogue as CSV, read as spreadsheets really save it (SPEC §3) and written for them.
public enum CatalogueCSV {
    /// Header names accepted for each field, lowercased.
    static let aliases: [(field: String, names: [String])] = [
        ("pos", ["pos", "posnr", "pos.nr.", "pos.nr", "nr", "nr."]),
        ("name", ["name", "type", "activity", "tekst", "ydelse"]),
        ("unit", ["unit", "enhed"]),
        ("price", ["price", "pris", "enhedspris"]),
        ("section", ["section", "afsnit"]),
        ("note", ["note", "bemærkning", "bemaerkning"]),
        ("keywords", ["keywords", "søgeord", "soegeord", "nøgleord", "noegleord"]),
        ("rounding", ["rounding", "afrunding"]),
        ("minimum", ["minimum", "mindstemængde"]),
    ]
    static let required = ["pos", "name", "unit", "price"]

    public struct ReadResult: Sendable {
        public let activities: [Activity]
        public let encoding: TextEncoding
        /// Optional columns (section, note, keywords) the file does not have, and always
        /// `translations`, which CSV does not carry: a merge keeps their values.
        public let missingOptionalColumns: Set<String>
        /// The lines whose name, unit or section held a line break (Alt+Enter in a spreadsheet
        /// cell), made a space: those are one-line fields; a note keeps its line breaks.
        public var lineBreaksMadeSpaces: [Int] = []
    }

    /// Reads and validates every row; any problem throws with all problems as `source:line`.
    /// An ambiguous price (`1.200`) is read by `language` (SPEC §2), as the roofer types it.
    public static func read(_ bytes: [UInt8], source: String, language: Language = .en, progress: ((Int) -> Void)? = nil) throws -> ReadResult {
        let (text, encoding) = TextEncoding.decode(bytes)
        var problems: [Problem] = []
        func problem(_ line: Int, _ message: Phrase) { problems.append(Problem("\(line)", message)) }

        let chars = Array(text.unicodeScalars)
        guard let delimiter = detectDelimiter(chars) else {
            throw InvalidDataError(source: source, problems: [Problem("1", "no header row; the first line must name the columns (pos, name, unit, price)")])
        }
        var records = CSVRecords(chars, delimiter: delimiter)
        guard let (headerLine, header) = records.next() else {
            throw InvalidDataError(source: source, problems: [Problem("1", "the file is empty; expected a header row")])
        }
        var column: [String: Int] = [:]
        for (i, raw) in header.enumerated() {
            let name = raw.trimmingSpaces.lowercased()
            if name.isEmpty { continue }
            guard let field = aliases.first(where: { $0.names.contains(name) })?.field else {
                problem(headerLine, "unknown column \(Excerpt.phrase(raw)); known columns: pos, name, unit, price, section, note, keywords, rounding, minimum (or their Danish names)")
                continue
            }
            if column[field] != nil { problem(headerLine, "column \(Excerpt.phrase(raw)) repeats the \(field) column") } else { column[field] = i }
        }
        let missing = required.filter { column[$0] == nil }
        if !missing.isEmpty {
            let list = missing.joined(separator: ", ")
            problem(headerLine, missing.count == 1 ? "missing required column \(list)" : "missing required columns \(list)")
        }
        if !problems.isEmpty { throw InvalidDataError(source: source, problems: problems) }

        var activities: [Activity] = []
        var lineBreaksMadeSpaces: [Int] = []
        var seen: [String: Int] = [:]
        var rows = 0
        while let (line, cells) = records.next() {
            if cells.allSatisfy({ $0.trimmingSpaces.isEmpty }) { continue }   // blank lines
            rows += 1
            if rows % 5000 == 0 { progress?(rows) }
            guard cells.count <= header.count else {
                problem(line, "\(cells.count) cells, but the header has \(header.count) columns")
                continue
            }
            func cell(_ field: String) -> String {
                guard let i = column[field], i < cells.count else { return "" }
                return CSVField.uninert(cells[i])
            }
            let before = problems.count
            // A line break in a one-line field is a space (said once per line, in `lineBreaksMadeSpaces`).
            var joined = false
            func oneLine(_ text: String) -> String {
                guard text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
                joined = true
                return String(text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
                    .map { String($0).trimmingSpaces }.joined(separator: " "))
            }
            let pos = cell("pos"), name = oneLine(cell("name")), unit = UnitName.canonical(oneLine(cell("unit"))), priceText = cell("price")
            if let p = PosNumber.problem(pos) { problem(line, p) }
            if name.trimmingSpaces.isEmpty { problem(line, "name is empty") }
            if unit.isEmpty { problem(line, "unit is empty") }
            let section = oneLine(cell("section")), note = cell("note")
            if joined { lineBreaksMadeSpaces.append(line) }
            if let p = TextField.name.problem(name) { problem(line, "name \(p)") }
            if let p = TextField.unit.problem(unit) { problem(line, "unit \(p)") }
            if let p = TextField.section.problem(section) { problem(line, "section \(p)") }
            if let p = TextField.note.problem(note) { problem(line, "note \(p)") }
            var keywords: [String] = []
            for word in cell("keywords").split(separator: "|", omittingEmptySubsequences: false).map(String.init) {
                let k = word.trimmingSpaces
                if k.isEmpty { continue }
                if let p = Activity.keywordProblem(k) { problem(line, "keyword \(p)") } else { keywords.append(k) }
            }
            var price = UnitPrice.zero
            do {
                price = try UnitPrice(parsing: priceText, language: language)
                if price.isNegative { problem(line, "price \(Excerpt.phrase(priceText)) must not be negative") }
            } catch { problem(line, "price \(error)") }
            // The handbook's rule (SPEC §16): `0,01 op` / `0.01 up` / `0,5 halv` / `0.5 half-up`, and a minimum.
            var rounding: QuantityRounding? = nil
            let roundingText = cell("rounding").trimmingSpaces
            if !roundingText.isEmpty {
                do { rounding = try QuantityRounding(cell: roundingText, language: language) } catch { problem(line, "rounding \(error)") }
            }
            var minimum: Quantity? = nil
            let minimumText = cell("minimum").trimmingSpaces
            if !minimumText.isEmpty {
                do {
                    let m = try Quantity(parsing: minimumText, language: language)
                    if m.isNegative { problem(line, "minimum \(Excerpt.phrase(minimumText)) must not be negative") } else { minimum = m }
                } catch { problem(line, "minimum \(error)") }
            }
            if problems.count > before { continue }
            if let first = seen.updateValue(line, forKey: pos) {
                problem(line, "pos \(Excerpt.phrase(pos)) appears twice (also line \(first))")
                continue
            }
            activities.append(Activity(pos: pos, name: name, unit: unit, price: price, section: section, note: note, keywords: keywords,
                                       rounding: rounding, minimum: minimum))
        }
        if let error = records.error { problem(error.line, error.message) }
        if !problems.isEmpty { throw InvalidDataError(source: source, problems: problems) }
        // CSV has no columns for translations: the activities keep theirs.
        return ReadResult(activities: activities, encoding: encoding,
                          missingOptionalColumns: Set(["section", "note", "keywords", "rounding", "minimum"].filter { column[$0] == nil } + ["translations"]),
                          lineBreaksMadeSpaces: lineBreaksMadeSpaces)
    }

    /// `;`, `,` or tab: whichever appears most in the header line outside quotes.
    static func detectDelimiter(_ chars: [Unicode.Scalar]) -> Unicode.Scalar? {
        var counts: [Unicode.Scalar: Int] = [";": 0, ",": 0, "\t": 0]
        var quoted = false, sawText = false
        for c in chars {
            if c == "\"" { quoted.toggle(); continue }
            if !quoted && (c == "\n" || c == "\r") { if sawText { break } else { continue } }
            sawText = true
            if !quoted, counts[c] != nil { counts[c]! += 1 }
        }
        guard sawText else { return nil }
        let best = ["\t", ";", ","].map { Unicode.Scalar($0)! }.max { counts[$0]! < counts[$1]! }!
        return counts[best]! > 0 ? best : ";"
    }

    /// A price with exactly three decimals (`1.125`) would read as thousands in the other
    /// language (SPEC §2), so it is written with four (`1.1250`): the file means the same
    /// whichever language imports it.
    static func unambiguous(_ plain: String) -> String {
        guard let dot = plain.firstIndex(of: "."), plain[plain.index(after: dot)...].count == 3 else { return plain }
        return plain + "0"
    }

    /// How a CSV file writes what is not words (SPEC §8, §15): `english` with `,` and a decimal
    /// point; `danish` with a UTF-8 BOM (so Excel shows æøå), `;` and a decimal comma. It follows
    /// the number format (`Dialect(numberFormat)`: `en_DK` writes the Danish dialect).
    public enum Dialect: Sendable {
        case english, danish
        public init(_ language: Language) { self = language == .da ? .danish : .english }
        var delimiter: String { self == .danish ? ";" : "," }
    }

    /// The header `write` gives in each language; `read` knows both (and every other alias).
    public static func header(_ language: Language) -> [String] {
        language == .da ? ["Pos.nr.", "Tekst", "Enhed", "Enhedspris", "Afsnit", "Bemærkning", "Søgeord", "Afrunding", "Minimum"]
            : ["pos", "name", "unit", "price", "section", "note", "keywords", "rounding", "minimum"]
    }

    /// The catalogue with a header row in `language` (`pos,name,unit,price,section,note,keywords,
    /// rounding,minimum`; `Pos.nr.;Tekst;Enhed;Enhedspris;Afsnit;Bemærkning;Søgeord;Afrunding;
    /// Minimum`) and one row per activity in pos
    /// order, keywords joined by `|`, written in `dialect`. Every cell goes through `CSVField` (a
    /// `'` before formulas, quotes around edge spaces), which `read` undoes exactly. Translations
    /// are not written (JSON carries them); an import of the file keeps them.
    public static func write(_ catalogue: Catalogue, language: Language, dialect: Dialect) -> [UInt8] {
        let delimiter = dialect.delimiter
        var out = (dialect == .danish ? "\u{FEFF}" : "") + header(language).map { CSVField.quote($0, delimiter) }.joined(separator: delimiter) + "\r\n"
        for a in catalogue.sortedActivities {
            let price = dialect == .danish ? unambiguous(a.price.plain).replacing(".", with: ",") : unambiguous(a.price.plain)
            out += [a.pos, a.name, a.unit, price, a.section, a.note, a.keywords.joined(separator: "|"),
                    a.rounding.map { roundingCell($0, language: language, dialect: dialect) } ?? "",
                    a.minimum.map { figure($0, dialect) } ?? ""]
                .map { CSVField.quote(CSVField.inert($0), delimiter) }.joined(separator: delimiter) + "\r\n"
        }
        return Array(out.utf8)
    }

    /// A quantity's plain form with the dialect's decimal separator.
    static func figure(_ q: Quantity, _ dialect: Dialect) -> String {
        dialect == .danish ? q.plain.replacing(".", with: ",") : q.plain
    }

    /// The `Afrunding` cell (SPEC §16): the step in the dialect, the mode in `language`'s word
    /// (`0,01 op`, `0,01 halv`; `0.01 up`, `0.01 half-up`), as `QuantityRounding(cell:)` reads it.
    public static func roundingCell(_ r: QuantityRounding, language: Language, dialect: Dialect) -> String {
        let mode = switch r.mode {
        case .up: language == .da ? "op" : "up"
        case .halfUp: language == .da ? "halv" : "half-up"
        }
        return figure(r.step, dialect) + " " + mode
    }

    /// The catalogue in `language`'s words and dialect.
    public static func write(_ catalogue: Catalogue, language: Language) -> [UInt8] {
        write(catalogue, language: language, dialect: Dialect(language))
    }
}

/// RFC 4180 records: quoted fields may hold delimiters, doubled quotes and line breaks.
/// Each record comes with the line it starts on. Cells come back as `CSVField` reads them: an
/// unquoted cell with its surrounding whitespace trimmed, a quoted one verbatim (whatever follows
/// its closing quote is kept, less trailing whitespace). A `"` opens a quoted cell only as the
/// cell's first character, as spreadsheets read it.
struct CSVRecords {
    struct Failure { let line: Int; let message: Phrase }
    private let chars: [Unicode.Scalar]
    private let delimiter: Unicode.Scalar
    private var index = 0
    private var line = 1
    private(set) var error: Failure?

    init(_ chars: [Unicode.Scalar], delimiter: Unicode.Scalar) {
        self.chars = chars
        self.delimiter = delimiter
        if chars.first == "\u{FEFF}" { index = 1 }
    }

    mutating func next() -> (line: Int, cells: [String])? {
        guard index < chars.count, error == nil else { return nil }
        let start = line
        var cells: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false
        var closedAt: Int?   // scalars in `field` when its closing quote was read
        func endCell() {
            if let closedAt {
                let rest = field.dropFirst(closedAt)
                var end = rest.endIndex
                while end > rest.startIndex, CSVField.isEdgeSpace(rest[rest.index(before: end)]) { end = rest.index(before: end) }
                cells.append(String(String.UnicodeScalarView(field.prefix(closedAt) + rest[..<end])))
            } else {
                cells.append(CSVField.trimmed(field))
            }
            field = String.UnicodeScalarView(); closedAt = nil
        }
        while index < chars.count {
            let c = chars[index]
            index += 1
            if quoted {
                if c == "\"" {
                    if index < chars.count, chars[index] == "\"" { field.append("\""); index += 1 } else {
                        quoted = false; closedAt = field.count
                    }
                } else {
                    if c == "\n" { line += 1 }
                    field.append(c)
                }
                continue
            }
            switch c {
            case "\"" where field.isEmpty && closedAt == nil:
                quoted = true
            case delimiter:
                endCell()
            case "\r":
                if index < chars.count, chars[index] == "\n" { index += 1 }
                line += 1
                endCell()
                return (start, cells)
            case "\n":
                line += 1
                endCell()
                return (start, cells)
            default:
                field.append(c)
            }
        }
        if quoted { error = Failure(line: start, message: "a quoted cell is not closed (a \" is missing)"); return nil }
        endCell()
        return (start, cells)
    }
}
