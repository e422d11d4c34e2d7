import AkkordSupport
import AkkordModel

/// Price regulation (SPEC §9): a new catalogue edition with every price × (1 + percent / 100),
/// and carrying the active catalogue's prices onto the catalogue lines of a project.
///
/// All arithmetic is in integers: a unit price counts 1/10,000 kr, a percent 1/1,000 %, so
/// price × (1 + p / 100) is price.raw × (100,000 + p.raw) / 100,000 exactly, and rounding it to
/// øre, half away from zero, is one integer division (the product needs at most 64 + 31 bits,
/// so it is made in Int128 and cannot overflow).
public enum CatalogueRegulation {
    /// The percents a regulation takes, in `Percent` raw units: −50 % … 1000 % (a supplement's
    /// upper bound). A price handbook regulation is a few percent a year, but a regulation may
    /// also carry a price list over to another base; a typo (`14` for `1.4`) shows in the
    /// summary and in `--dry-run`, and a price pushed past the largest is refused by pos.
    public static let percentRange: ClosedRange<Int64> = -50_000...1_000_000
    public static let percentRangeText = "-50 … 1000"

    /// `price × (1 + percent / 100)` rounded to øre, half away from zero; nil when the result is
    /// larger than the largest unit price akkord keeps.
    public static func regulated(_ price: UnitPrice, by percent: Percent) -> UnitPrice? {
        // price.raw (1/10^4 kr) × (10^5 + percent.raw) (1/10^5) = 1/10^9 kr; øre are 1/10^2 kr.
        let product = Int128(price.raw) * (100_000 + Int128(percent.raw))
        let ore = divideRoundingHalfAwayFromZero(product, 10_000_000)
        let raw = ore * 100
        guard raw.magnitude <= UInt128(UnitPrice.maximumRaw) else { return nil }
        return UnitPrice(raw: Int64(raw))
    }

    /// The edition a regulation gets when none is given: the current one with the percent
    /// appended, `2026-1` → `2026-1+1.4%`, `2026-1-2.5%` (just `+1.4%` when there is none).
    public static func defaultEdition(current: String, percent: Percent) -> String {
        current + (percent.isNegative ? "" : "+") + percent.plain + "%"
    }

    /// The regulation of `current` as an import: every activity with its regulated price, the
    /// edition (`edition`, else `defaultEdition`) and `validFrom` (kept when nil). The result
    /// lists every price change with its percent, exactly as an import does.
    ///
    /// Throws `NumberError.outOfRange` for a percent outside `percentRange`, and
    /// `InvalidDataError` (naming every pos) when a price would grow past the largest unit
    /// price, or the edition would be longer than a catalogue's edition may be.
    public static func regulate(_ current: Catalogue, percent: Percent, edition: String? = nil,
                                validFrom: String? = nil) throws -> CatalogueImport {
        guard percentRange.contains(percent.raw) else {
            throw NumberError.outOfRange(percent.plain, range: percentRangeText)
        }
        let source: Phrase = "regulation by \(sign(percent))\(percent) %"
        var problems: [Problem] = []
        var incoming: [Activity] = []
        incoming.reserveCapacity(current.activities.count)
        for var a in current.activities {
            guard let price = regulated(a.price, by: percent) else {
                problems.append(Problem("pos \(a.pos)", "\(a.price) would become more than the largest price akkord keeps (\(UnitPrice(raw: UnitPrice.maximumRaw)))"))
                continue
            }
            a.price = price
            incoming.append(a)
        }
        let newEdition = edition ?? defaultEdition(current: current.edition, percent: percent)
        if let problem = TextField.name.problem(newEdition) { problems.append(Problem("edition", problem)) }
        guard problems.isEmpty else { throw InvalidDataError(source: source, problems: problems, consequence: "nothing was changed") }
        return CatalogueImport(current: current, incoming: incoming, fileMetadata: nil,
                               overrides: CatalogueImport.Metadata(edition: newEdition, validFrom: validFrom), replace: false)
    }

    /// `+` for a percent that is not negative (a negative one has its `-`).
    public static func sign(_ percent: Percent) -> String { percent.isNegative ? "" : "+" }
}

// MARK: repricing a project

/// One catalogue line that took the active catalogue's price.
public struct RepriceChange: Equatable, Sendable {
    public let line: Int
    public let pos: String
    public let oldPrice: UnitPrice
    public let newPrice: UnitPrice
    public let oldAmount: Money
    public let newAmount: Money
    public init(line: Int, pos: String, oldPrice: UnitPrice, newPrice: UnitPrice, oldAmount: Money, newAmount: Money) {
        self.line = line; self.pos = pos; self.oldPrice = oldPrice; self.newPrice = newPrice
        self.oldAmount = oldAmount; self.newAmount = newAmount
    }
}

/// A catalogue line whose pos the active catalogue no longer has: kept as it is.
public struct RepriceMissing: Equatable, Sendable {
    public let line: Int
    public let pos: String
    public let name: String
    public let price: UnitPrice
    public init(line: Int, pos: String, name: String, price: UnitPrice) {
        self.line = line; self.pos = pos; self.name = name; self.price = price
    }
}

/// What `reprice` did (or, for a dry run, would do) to a project: the lines that took the
/// active catalogue's price, the catalogue lines whose pos that catalogue no longer has (kept
/// as they are), and the line subtotal before and after.
public struct Repricing: Equatable, Sendable {
    public let changes: [RepriceChange]
    public let missing: [RepriceMissing]
    public let subtotalBefore: Money
    public let subtotalAfter: Money
    /// The catalogue the prices were taken from.
    public let catalogueName: String
    public let catalogueEdition: String

    public init(changes: [RepriceChange], missing: [RepriceMissing], subtotalBefore: Money, subtotalAfter: Money,
                catalogueName: String, catalogueEdition: String) {
        self.changes = changes; self.missing = missing
        self.subtotalBefore = subtotalBefore; self.subtotalAfter = subtotalAfter
        self.catalogueName = catalogueName; self.catalogueEdition = catalogueEdition
    }
}

extension Project {
    /// Gives every catalogue line (not custom lines) the price of the activity with its pos in
    /// `catalogue`; its amount follows. Name, unit and section stay as they were added. Lines
    /// whose pos `catalogue` does not have are returned as missing and kept. When any price
    /// changed, the project records `catalogue` as the one it was priced from.
    ///
    /// Returns the changes, the missing lines and the lines for the project's history:
    /// `line 3 (2.01): price 38.50 → 39.04, amount 481.25 → 488.00`.
    public mutating func reprice(from catalogue: Catalogue) -> (changes: [RepriceChange], missing: [RepriceMissing], history: [HistoryChange]) {
        var prices: [String: UnitPrice] = [:]
        prices.reserveCapacity(catalogue.activities.count)
        for a in catalogue.activities { prices[a.pos] = a.price }
        var changes: [RepriceChange] = [], missing: [RepriceMissing] = [], history: [HistoryChange] = []
        for i in lines.indices where !lines[i].custom {
            let old = lines[i]
            guard let price = prices[old.pos] else {
                missing.append(RepriceMissing(line: old.id, pos: old.pos, name: old.name, price: old.price))
                continue
            }
            guard price != old.price else { continue }
            lines[i].price = price
            let change = RepriceChange(line: old.id, pos: old.pos, oldPrice: old.price, newPrice: price,
                                       oldAmount: old.amount, newAmount: lines[i].amount)
            changes.append(change)
            history.append(.lineRepriced(line: old.id, pos: old.pos, oldPrice: old.price, newPrice: price, oldAmount: old.amount,
                                         newAmount: change.newAmount))
        }
        if !changes.isEmpty, catalogueName != catalogue.name || catalogueEdition != catalogue.edition {
            history.append(.catalogueChanged(oldName: catalogueName, oldEdition: catalogueEdition, newName: catalogue.name,
                                             newEdition: catalogue.edition))
            catalogueName = catalogue.name
            catalogueEdition = catalogue.edition
        }
        return (changes, missing, history)
    }
}
