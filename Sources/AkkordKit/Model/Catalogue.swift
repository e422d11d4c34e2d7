import AkkordSupport

/// One activity of the price handbook: what is done, how it is measured and what it pays.
public struct Activity: Equatable, Sendable {
    public var pos: String
    public var name: String
    public var unit: String
    public var price: UnitPrice
    public var section: String
    public var note: String
    /// Other words a roofer may search for (Danish trade terms: `tagpap`, `inddækning`, …).
    public var keywords: [String]
    /// The name, section and note in other languages, by language code (`en`): what `catalogue
    /// list`, `search` and `show` print in that language. The fields above are the handbook's own
    /// text, which a line keeps (SPEC §15).
    public var translations: [String: ActivityTranslation]
    /// How a quantity typed for this activity is rounded (per started unit, or half up), and
    /// the least quantity it counts as (SPEC §16): nil when the handbook sets none.
    public var rounding: QuantityRounding?
    public var minimum: Quantity?

    public init(pos: String, name: String, unit: String, price: UnitPrice, section: String = "", note: String = "", keywords: [String] = [],
                translations: [String: ActivityTranslation] = [:], rounding: QuantityRounding? = nil, minimum: Quantity? = nil) {
        self.pos = pos; self.name = name; self.unit = unit; self.price = price; self.section = section; self.note = note
        self.keywords = keywords
        self.translations = translations
        self.rounding = rounding; self.minimum = minimum
    }

    /// What the handbook's rule makes of `typed` (SPEC §16): first the rounding, then the
    /// minimum. Throws when the rounded quantity is beyond the largest quantity, or when it is
    /// 0 (half up, less than half a step, and no minimum above it): no line counts nothing.
    public func ruled(_ typed: Quantity) throws(QuantityRuleError) -> RuledQuantity {
        var q = typed
        var rounded: Quantity? = nil
        if let rounding {
            let r: Quantity
            do { r = try rounding.apply(to: q) } catch { throw .tooLarge(typed: typed, step: rounding.step, pos: pos) }
            if r != q { rounded = r; q = r }
        }
        var minimumApplied = false
        if let minimum, q < minimum { q = minimum; minimumApplied = true }
        if q.raw <= 0, typed.raw > 0, let step = rounding?.step {
            // The least quantity that counts: half a step, rounded up (widened: cannot wrap).
            let least = Quantity(raw: Int64((Int128(step.raw) + 1) / 2))
            throw .roundsToZero(typed: typed, step: step, least: least, pos: pos)
        }
        return RuledQuantity(typed: typed, rounded: rounded.map { ($0, rounding!) }, minimum: minimumApplied ? minimum : nil, quantity: q)
    }

    /// The activity as the views of `language` show it: name, section and note from its
    /// translation into that language, each where the translation has one; else the handbook's
    /// own text. Pos, unit, price and keywords are the same in every language.
    public func shown(in language: Language) -> Activity {
        guard let t = translations[language.rawValue] else { return self }
        var a = self
        if !t.name.isEmpty { a.name = t.name }
        if !t.section.isEmpty { a.section = t.section }
        if !t.note.isEmpty { a.note = t.note }
        return a
    }

    /// Whether `code` may name a translation: two lowercase ASCII letters (an ISO 639-1 code such
    /// as `en`, `da`, `de`). Any such code is kept; akkord shows the ones it speaks (`en`, `da`).
    public static func isLanguageCode(_ code: String) -> Bool {
        code.utf8.count == 2 && code.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    }

    /// A keyword's problem, or nil: non-empty, at most 64 characters, no `|` (it separates
    /// keywords in a CSV cell) and no control characters.
    public static func keywordProblem(_ keyword: String) -> Phrase? {
        if keyword.trimmingSpaces.isEmpty { return "must not be empty" }
        if keyword.count > 64 { return "\(Excerpt.phrase(keyword)) is longer than 64 characters" }
        if keyword.contains("|") { return "\(Excerpt.phrase(keyword)) contains '|', which separates keywords" }
        if keyword != keyword.trimmingSpaces { return "\(Excerpt.phrase(keyword)) has spaces around it" }
        return ControlCharacters.problem(in: keyword)
    }
}

/// A handbook's rounding of a quantity to a step (SPEC §16): `up`, per started step (a
/// ceiling), or `halfUp`, to the nearest step with a half going up.
public struct QuantityRounding: Equatable, Hashable, Sendable {
    public enum Mode: String, CaseIterable, Sendable {
        case up
        case halfUp = "half-up"
    }
    public var step: Quantity
    public var mode: Mode

    public init(step: Quantity, mode: Mode) { self.step = step; self.mode = mode }

    /// `quantity` rounded to a whole number of steps (quantities are more than zero; a negative
    /// one rounds toward zero by the same rule on its magnitude).
    public func apply(to quantity: Quantity) throws(NumberError) -> Quantity {
        let s = Int128(step.raw), q = Int128(quantity.raw)
        guard s > 0 else { return quantity }
        let magnitude = q.magnitude
        let steps: UInt128
        switch mode {
        case .up: steps = (magnitude + UInt128(s) - 1) / UInt128(s)
        case .halfUp: steps = (2 * magnitude + UInt128(s)) / (2 * UInt128(s))
        }
        let raw = steps * UInt128(s)
        guard raw <= UInt128(Quantity.maximumRaw) else {
            throw NumberError.tooLarge(Quantity(raw: Int64(clamping: raw)).plain, max: Quantity(raw: Quantity.maximumRaw).plain)
        }
        return Quantity(raw: q < 0 ? -Int64(raw) : Int64(raw))
    }

    /// Reads `0.01 up`, `0,01 op`, `0.01 half-up`, `0,01 halv` (a CSV cell, SPEC §16): a step
    /// more than zero, then the mode in English or Danish. `language` reads an ambiguous step.
    public init(cell text: String, language: Language) throws(RoundingCellError) {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 2 else { throw RoundingCellError.shape(text) }
        guard let mode = Self.mode(named: String(parts[1])) else { throw RoundingCellError.mode(String(parts[1])) }
        let step: Quantity
        do { step = try Quantity(parsing: String(parts[0]), language: language) } catch let e as NumberError { throw RoundingCellError.step(e) } catch {
            throw RoundingCellError.step(.notANumber(String(parts[0])))
        }
        guard step.raw > 0 else { throw RoundingCellError.stepNotPositive(String(parts[0])) }
        self.init(step: step, mode: mode)
    }

    /// A mode by its English name (`up`, `half-up`) or its Danish one (`op`, `halv`), any case.
    public static func mode(named name: String) -> Mode? {
        switch name.lowercased() {
        case "up", "op": return .up
        case "half-up", "halfup", "halv", "halvt-op", "halv-op": return .halfUp
        default: return nil
        }
    }
}

/// Why the handbook's rule cannot count a quantity typed (`Activity.ruled`).
public enum QuantityRuleError: PhrasedError, Equatable, Sendable {
    /// Rounded up past the largest quantity akkord keeps.
    case tooLarge(typed: Quantity, step: Quantity, pos: String)
    /// Rounded half up to 0: less than half a step, `least` the smallest quantity that counts.
    case roundsToZero(typed: Quantity, step: Quantity, least: Quantity, pos: String)

    public var phrase: Phrase {
        switch self {
        case .tooLarge(let typed, let step, let pos):
            return "\(typed) rounded to a step of \(step) (pos \(pos)) is more than the largest quantity akkord keeps (\(Quantity(raw: Quantity.maximumRaw)))"
        case .roundsToZero(let typed, let step, let least, let pos):
            return "\(typed) rounds to 0 at the step of \(step) (pos \(pos)); the least quantity that counts is \(least)"
        }
    }
}

/// Why a CSV cell is no rounding rule.
public enum RoundingCellError: PhrasedError, Sendable {
    case shape(String)
    case mode(String)
    case step(NumberError)
    case stepNotPositive(String)

    public var phrase: Phrase {
        switch self {
        case .shape(let text): return "\(Excerpt.phrase(text)) is not a rounding; write a step and up or half-up (0.01 up, 0,01 op, 0,5 halv)"
        case .mode(let mode): return "\(Excerpt.phrase(mode)) is not a rounding mode; write up or half-up (op or halv)"
        case .step(let error): return "step \(error)"
        case .stepNotPositive(let step): return "step \(Excerpt.phrase(step)) must be greater than zero"
        }
    }
}

/// A quantity as the handbook's rule made it (`Activity.ruled`): what was typed, the rounding's
/// result and rule when it changed the quantity, the minimum when it applied, and the quantity kept.
public struct RuledQuantity: Equatable, Sendable {
    public let typed: Quantity
    public let rounded: Quantity?
    public let rounding: QuantityRounding?
    public let minimum: Quantity?
    public let quantity: Quantity
    /// The typed quantity, when the rule changed it (the line keeps it as `quantityTyped`).
    public var quantityTyped: Quantity? { quantity == typed ? nil : typed }
    public init(typed: Quantity, rounded: (Quantity, QuantityRounding)?, minimum: Quantity?, quantity: Quantity) {
        self.typed = typed; self.rounded = rounded?.0; self.rounding = rounded?.1; self.minimum = minimum; self.quantity = quantity
    }
}

/// An activity's name, section and note in another language than the handbook's own (SPEC §15).
/// The name is required; an empty section or note means the handbook's own is shown.
public struct ActivityTranslation: Equatable, Sendable {
    public var name: String
    public var section: String
    public var note: String

    public init(name: String, section: String = "", note: String = "") {
        self.name = name; self.section = section; self.note = note
    }
}

/// The price handbook: metadata and activities (SPEC §3).
public struct Catalogue: Equatable, Sendable {
    /// The largest price list file akkord imports (50,000 activities take about 7 MB).
    public static let maximumFileBytes = 128 << 20

    public static let format = "akkord-catalogue"
    public static let version = 1

    public var name: String
    public var edition: String
    public var validFrom: String?
    public var currency: String
    public var activities: [Activity]

    public init(name: String, edition: String = "", validFrom: String? = nil, currency: String = "DKK", activities: [Activity]) {
        self.name = name; self.edition = edition; self.validFrom = validFrom; self.currency = currency; self.activities = activities
    }

    /// Activities in natural pos order (`1.2` before `1.10`).
    public var sortedActivities: [Activity] { activities.sorted { NaturalOrder.less($0.pos, $1.pos) } }

    public func activity(pos: String) -> Activity? { activities.first { $0.pos == pos } }

    /// Section names in order of first appearance (files akkord writes are in pos order).
    public var sections: [String] {
        var seen = Set<String>(), result: [String] = []
        for a in activities where !a.section.isEmpty && seen.insert(a.section).inserted { result.append(a.section) }
        return result
    }
}

/// Rules for pos numbers: 1–32 characters of letters, digits, `.` `-` `/`, starting with a letter or digit.
public enum PosNumber {
    public static func problem(_ pos: String) -> Phrase? {
        if isPlainASCII(pos) { return nil }
        if pos.isEmpty { return "pos must not be empty" }
        if pos.count > 32 { return "pos \(Excerpt.phrase(pos)) is longer than 32 characters" }
        guard let first = pos.first, first.isLetter || first.isNumber else {
            return "pos \(Excerpt.phrase(pos)) must start with a letter or digit"
        }
        if let bad = pos.first(where: { !($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "/") }) {
            return "pos \(Excerpt.phrase(pos)) contains \(Excerpt.phrase(String(bad))); only letters, digits, '.', '-' and '/' are allowed"
        }
        return nil
    }

    /// The common case, checked on bytes: ASCII letters and digits, `.`, `-`, `/`, at most 32.
    private static func isPlainASCII(_ pos: String) -> Bool {
        let u = pos.utf8
        guard !u.isEmpty, u.count <= 32 else { return false }
        var first = true
        for b in u {
            let alnum = (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122)
            if first { if !alnum { return false }; first = false; continue }
            if !(alnum || b == 46 || b == 45 || b == 47) { return false }
        }
        return true
    }
}

/// Units are text; known aliases are normalized to their canonical spelling (SPEC §2).
public enum UnitName {
    static let aliases: [String: String] = [
        "m2": "m2", "m²": "m2", "kvm": "m2",
        "lbm": "lbm", "lm": "lbm", "rm": "lbm",
        "pcs": "pcs", "stk": "pcs", "pc": "pcs", "stk.": "pcs",
        "m": "m", "kg": "kg",
        "h": "h", "t": "h", "timer": "h",
    ]
    public static func canonical(_ unit: String) -> String {
        if let known = aliases[unit], known == unit { return unit }
        let trimmed = unit.trimmingSpaces
        return aliases[trimmed.lowercased()] ?? trimmed
    }

    /// A unit as reports print it: in `da` the canonical units read `m²`, `lbm`, `stk`, `m`, `kg`,
    /// `t` (SPEC §8); any other unit, and every unit in `en`, prints as stored.
    public static func display(_ unit: String, language: Language) -> String {
        guard language == .da else { return unit }
        switch unit {
        case "m2": return "m²"
        case "pcs": return "stk"
        case "h": return "t"
        default: return unit
        }
    }
}

/// Dates are ISO `YYYY-MM-DD`.
public enum ISODate {
    /// A date as a Dane writes it, as `YYYY-MM-DD` (SPEC §15): `26.11.2026`, `26-11-2026`,
    /// `26/11/2026` (day and month of one or two digits), or `26.11` in `year`. nil when `text`
    /// is none of these (an ISO date included: it is read as it is); the result may still be no
    /// date that exists (`31.02.2026`), which `problem` then names.
    public static func fromDanish(_ text: String, year: Int?) -> String? {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "-" || $0 == "/" })
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              (1...2).contains(parts[0].count), (1...2).contains(parts[1].count) else { return nil }
        // One kind of separator throughout (`26.11-2026` is no date).
        let separators = Set(text.filter { $0 == "." || $0 == "-" || $0 == "/" })
        guard separators.count == 1 else { return nil }
        let y: Int
        if parts.count == 3 {
            guard parts[2].count == 4, let given = Int(parts[2]) else { return nil }
            y = given
        } else {
            guard let year, separators == ["."] else { return nil }
            y = year
        }
        func two(_ s: Substring) -> String { s.count == 1 ? "0" + s : String(s) }
        let digits = String(y)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "-" + two(parts[1]) + "-" + two(parts[0])
    }

    public static func problem(_ text: String) -> Phrase? {
        var text = text
        return text.withUTF8 { isValid($0) } ? nil : message(text)
    }

    /// Whether `bytes` are a date `YYYY-MM-DD` that exists.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        // Every line of a project has one: digits taken one by one, no loop, no division unless 29 February.
        @inline(__always) func digit(_ i: Int) -> Int? {
            let d = Int(bytes[i]) &- 48
            return d >= 0 && d <= 9 ? d : nil
        }
        guard let y0 = digit(0), let y1 = digit(1), let y2 = digit(2), let y3 = digit(3),
              let m0 = digit(5), let m1 = digit(6), let d0 = digit(8), let d1 = digit(9) else { return false }
        let m = m0 * 10 + m1, d = d0 * 10 + d1
        guard m >= 1, m <= 12, d >= 1 else { return false }
        if m == 2 {
            guard d >= 29 else { return true }
            let y = ((y0 * 10 + y1) * 10 + y2) * 10 + y3
            return d == 29 && (y % 4 == 0 && y % 100 != 0 || y % 400 == 0)
        }
        return d <= (m == 4 || m == 6 || m == 9 || m == 11 ? 30 : 31)
    }

    private static func message(_ text: String) -> Phrase { "\(Excerpt.phrase(text)) is not a date; write YYYY-MM-DD" }
}

extension Catalogue {
    /// The section (as the catalogue itself names it) that `text` means: one named exactly, else
    /// the one section whose name contains `text`. Each section answers to its own name and to
    /// the names its activities' translations give it (`tagrender` and `gutters` alike), compared
    /// as search compares words: case, accents and the Danish letters folded (`nedlob` finds
    /// `nedløb`, `aa` finds `å`). An error lists the sections as `language` shows them, a
    /// translated one with the catalogue's own name in brackets.
    public func resolveSection(_ text: String, language: Language = .en) throws -> String {
        let all = sections
        var names: [String: [[UInt8]]] = [:]
        for s in all { names[s] = [SearchText.fold(s)] }
        for a in activities where !a.section.isEmpty {
            for t in a.translations.values where !t.section.isEmpty {
                let folded = SearchText.fold(t.section)
                if !names[a.section]!.contains(folded) { names[a.section]!.append(folded) }
            }
        }
        let needle = SearchText.fold(text)
        let exact = all.filter { names[$0]!.contains(needle) }
        if exact.count == 1 { return exact[0] }
        let partial = exact.isEmpty ? all.filter { names[$0]!.contains { SearchText.contains($0[...], needle) } } : exact
        if partial.count == 1 { return partial[0] }
        // As `language` shows them, with the catalogue's own name beside a translated one.
        let shown = sectionsShown(in: language)
        func label(_ s: String) -> String { shown[s].map { "\($0) (\(s))" } ?? s }
        if partial.isEmpty { throw AkkordError.sectionNotFound(text, sections: all.map(label)) }
        throw AkkordError.sectionAmbiguous(text, matches: partial.map(label))
    }

    /// The catalogue's own name of the section that `text` names in a translation, when it names
    /// none by its own name: `gutters` (or its beginning) → `Tagrender og nedløb`; nil when `text`
    /// is, or begins, an own section name, or translates to no section or to several. A scope on
    /// line sections (`supplement add --section`) takes it, as lines keep the handbook's own names.
    public func ownSection(translatedAs text: String) -> String? {
        let needle = SearchText.fold(text)
        guard !needle.isEmpty, !sections.contains(where: { SearchText.fold($0).starts(with: needle) }) else { return nil }
        var found: [String] = []
        for a in activities where !a.section.isEmpty && !found.contains(a.section) {
            if a.translations.values.contains(where: { !$0.section.isEmpty && SearchText.fold($0.section).starts(with: needle) }) {
                found.append(a.section)
            }
        }
        return found.count == 1 ? found[0] : nil
    }

    /// Each section's name in `language`: the translation of its first activity that has one.
    public func sectionsShown(in language: Language) -> [String: String] {
        var shown: [String: String] = [:]
        for a in activities where !a.section.isEmpty && shown[a.section] == nil {
            if let t = a.translations[language.rawValue]?.section, !t.isEmpty { shown[a.section] = t }
        }
        return shown
    }
}

/// The kinds of free text akkord keeps, each with its longest length and whether line breaks are
/// allowed. A price list with a 10 MB name is an input error, not a table that takes minutes to
/// print.
public enum TextField: Sendable {
    case name, unit, section, note

    public var maximumCharacters: Int {
        switch self {
        case .name: return 500
        case .unit: return 20
        case .section: return 200
        case .note: return 2000
        }
    }

    /// What is wrong with `text` as this kind of field, or nil.
    public func problem(_ text: String) -> Phrase? {
        // utf8.count bounds the character count from above: most texts need no counting.
        if text.utf8.count > maximumCharacters, text.count > maximumCharacters {
            return "\(Excerpt.phrase(text)) is longer than \(maximumCharacters) characters"
        }
        return ControlCharacters.problem(in: text, allowsLineBreaks: self == .note)
    }
}
