/// Every word the reports print for people (text, HTML, PDF and the CSV header), once per language.
/// A word with `{1}`, `{2}` … is a phrase with blanks that `Words.callAsFunction` fills in.
public enum Term: String, CaseIterable, Sendable {
    // Title and header
    case title, documentTitle
    case project, address, employer, customer, period, status, catalogue
    case statusOpen, statusClosed, catalogueEdition
    // Line table
    case linesTitle, pos, activity, quantity, unit, price, amount
    case noLines, customFootnote
    // Totals
    case totalsTitle
    case subtotal, subtotalWhat
    case supplement, supplementWhat
    case extraWork, extraWorkHourly
    case total
    case apprentices, apprenticesWhat
    case pool, poolWhat
    // Team
    case teamTitle, worker, hours, share, advances, balance
    case apprenticeRole, noWorkers
    // Notes
    case hourlyEarningsNote, shareRule, shareRuleRest, balanceRule
    // Warnings
    case warningLabel
    case warningNoWorkers, warningNoJourneymen, warningNoJourneymanHours, warningNegativePool, warningApprenticeWithoutHours
    // Signatures
    case roofer, union, signatureHint
    // PDF
    case pageOf, unprintableCharacters
    case photosTitle, photoLabel, photoAdded, photoMissing, photoNotShown
    // CSV header
    case lineId, note
}

/// The words of one language: `words[.total]`, or `words(.supplementWhat, name, percent, subtotal)`.
public struct Words: Sendable {
    public let language: Language

    public init(_ language: Language) { self.language = language }

    /// Each language's words (SPEC §8: the Danish fixed terms are spelled exactly as there).
    public static func table(_ language: Language) -> [Term: String] {
        switch language {
        case .en: return en
        case .da: return da
        }
    }

    /// The word; a term missing from the language falls back to English (a test requires none missing).
    public subscript(_ term: Term) -> String {
        Self.table(language)[term] ?? Self.en[term] ?? term.rawValue
    }

    /// The phrase with its blanks `{1}` … `{9}` filled in one pass (filled-in text is not read again).
    public func callAsFunction(_ term: Term, _ values: String...) -> String {
        Self.fill(self[term], values)
    }

    static func fill(_ phrase: String, _ values: [String]) -> String {
        var out = ""
        var rest = Substring(phrase)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let digit = after.first, let n = digit.wholeNumberValue, n >= 1, n <= values.count,
               after.dropFirst().first == "}" {
                out += values[n - 1]
                rest = after.dropFirst(2)
            } else {
                out += "{"
                rest = after
            }
        }
        return out + rest
    }

    public static let en: [Term: String] = [
        .title: "FINAL ACCOUNTING",
        .documentTitle: "Final accounting – {1}",
        .project: "Project",
        .address: "Address",
        .employer: "Employer",
        .customer: "Customer",
        .period: "Period",
        .status: "Status",
        .catalogue: "Catalogue",
        .statusOpen: "open",
        .statusClosed: "closed",
        .catalogueEdition: "{1}, edition {2}",

        .linesTitle: "Lines",
        .pos: "Pos",
        .activity: "Activity",
        .quantity: "Quantity",
        .unit: "Unit",
        .price: "Price",
        .amount: "Amount",
        .noLines: "(no lines)",
        .customFootnote: "custom activity, not from the catalogue",

        .totalsTitle: "Total",
        .subtotal: "Subtotal",
        .subtotalWhat: "sum of line amounts",
        .supplement: "Supplement",
        .supplementWhat: "{1}, {2} % of {3}",
        .extraWork: "Extra work",
        .extraWorkHourly: "{1}, {2} h × {3}",
        .total: "TOTAL",
        .apprentices: "Apprentices",
        .apprenticesWhat: "paid by the hour, out of the total",
        .pool: "Pool",
        .poolWhat: "for the journeymen",

        .teamTitle: "Team",
        .worker: "Worker",
        .hours: "Hours",
        .share: "Share",
        .advances: "Advances",
        .balance: "Balance",
        .apprenticeRole: "(apprentice, {1}/h)",
        .noWorkers: "(no workers)",

        .hourlyEarningsNote: "Journeyman hours: {1}; hourly earnings: {2} (pool {3} / {1} h)",
        .shareRule: "pool × hours / journeyman hours, rounded down to the øre;",
        .shareRuleRest: "the øre left over go one each to the largest remainders.",
        .balanceRule: "share (or apprentice pay) − advances; negative means overpaid.",

        .warningLabel: "WARNING",
        .warningNoWorkers: "the team split is missing: the project has no workers",
        .warningNoJourneymen: "the team split is missing: the project has no journeymen, only apprentices",
        .warningNoJourneymanHours: "the team split is missing: no hours are recorded for the journeymen",
        .warningNegativePool: "apprentice pay ({1}) is more than the total ({2}): the pool is negative",
        .warningApprenticeWithoutHours: "apprentice {1} has no hours",

        .roofer: "Roofer",
        .union: "Union",
        .signatureHint: "(signature and date)",

        .pageOf: "page {1} of {2}",
        .unprintableCharacters: "the PDF fonts cannot print {1}; printed as ? instead",
        .photosTitle: "Appendix: photos",
        .photoLabel: "Photo {1}: {2}",
        .photoAdded: ", added {1}",
        .photoMissing: "{1}: the photo file is missing from the store",
        .photoNotShown: "{1}: not shown here ({2}); the file is kept in the store",

        .lineId: "Id",
        .note: "Note",
    ]

    public static let da: [Term: String] = [
        .title: "AKKORDOPGØRELSE",
        .documentTitle: "Akkordopgørelse – {1}",
        .project: "Projekt",
        .address: "Adresse",
        .employer: "Arbejdsgiver",
        .customer: "Bygherre",
        .period: "Periode",
        .status: "Status",
        .catalogue: "Prisliste",
        .statusOpen: "åben",
        .statusClosed: "afsluttet",
        .catalogueEdition: "{1}, udgave {2}",

        .linesTitle: "Ydelser",
        .pos: "Pos.",
        .activity: "Ydelse",
        .quantity: "Mængde",
        .unit: "Enhed",
        .price: "Pris",
        .amount: "Beløb",
        .noLines: "(ingen ydelser)",
        .customFootnote: "egen ydelse, ikke fra prislisten",

        .totalsTitle: "Sammentælling",
        .subtotal: "Subtotal",
        .subtotalWhat: "sum af ydelsernes beløb",
        .supplement: "Tillæg",
        .supplementWhat: "{1}, {2} % af {3}",
        .extraWork: "Ekstraarbejde",
        .extraWorkHourly: "{1}, {2} t × {3}",
        .total: "I alt",
        .apprentices: "Lærlinge",
        .apprenticesWhat: "timeløn, trukket fra beløbet i alt",
        .pool: "Til fordeling",
        .poolWhat: "til svendene",

        .teamTitle: "Sjak",
        .worker: "Navn",
        .hours: "Timer",
        .share: "Andel",
        .advances: "Aconto",
        .balance: "Til udbetaling",
        .apprenticeRole: "(lærling, {1}/t)",
        .noWorkers: "(ingen medarbejdere)",

        .hourlyEarningsNote: "Svendetimer: {1}. Timefortjeneste: {2} (til fordeling {3} / {1} t)",
        .shareRule: "beløb til fordeling × egne timer / svendetimer i alt, rundet ned til hele øre;",
        .shareRuleRest: "de resterende øre fordeles med 1 øre til hver af de største rester.",
        .balanceRule: "andel (eller lærlingeløn) − aconto; negativt beløb betyder for meget udbetalt.",

        .warningLabel: "ADVARSEL",
        .warningNoWorkers: "fordelingen på sjakket mangler: projektet har ingen medarbejdere",
        .warningNoJourneymen: "fordelingen på sjakket mangler: projektet har ingen svende, kun lærlinge",
        .warningNoJourneymanHours: "fordelingen på sjakket mangler: der er ikke registreret timer for svendene",
        .warningNegativePool: "lærlingelønnen ({1}) er større end beløbet i alt ({2}): beløbet til fordeling er negativt",
        .warningApprenticeWithoutHours: "lærlingen {1} har ingen timer",

        .roofer: "Tagdækker",
        .union: "Fagforening",
        .signatureHint: "(underskrift og dato)",

        .pageOf: "side {1} af {2}",
        .unprintableCharacters: "PDF-skrifttyperne kan ikke vise {1}; de er skrevet som ? i stedet",
        .photosTitle: "Bilag: fotos",
        .photoLabel: "Foto {1}: {2}",
        .photoAdded: ", tilføjet {1}",
        .photoMissing: "{1}: fotofilen mangler i arkivet",
        .photoNotShown: "{1}: vises ikke her ({2}); filen er gemt i arkivet",

        .lineId: "Id",
        .note: "Bemærkning",
    ]
}

extension AccountingWarning {
    /// The warning for the clerk who reads the report, in `language`. The JSON report always
    /// carries the English wording.
    public func text(_ language: Language) -> String {
        let w = Words(language)
        func figure(_ m: Money) -> String { language == .en ? m.plain : m.formatted(language) }
        switch self {
        case .noWorkers: return w[.warningNoWorkers]
        case .noJourneymen: return w[.warningNoJourneymen]
        case .noJourneymanHours: return w[.warningNoJourneymanHours]
        case .negativePool(let apprenticePay, let total): return w(.warningNegativePool, figure(apprenticePay), figure(total))
        case .apprenticeWithoutHours(let name): return w(.warningApprenticeWithoutHours, name)
        }
    }
}

