import AkkordKit

struct CatalogueRegulateCommand: Command {
    static let percent = Positional("percent", parse: .regulationPercent,
                                    help: "The change in percent, \(CatalogueRegulation.percentRangeText), up to 3 decimals: 1,4 or -2.5.")
    static let edition = Option("--edition", value: "edition", parse: .edition,
                                help: "The new edition (default: the current one with the percent appended, e.g. 2026-1+1.4%).")
    static let validFrom = Option("--valid-from", value: "date", parse: .date, help: "The date the new prices apply from, YYYY-MM-DD.")
    static let dryRun = Flag("--dry-run", help: "List every change (pos, price old → new, change in %) and write nothing.")
    static let spec = CommandSpec(
        name: "regulate", abstract: "Make a new catalogue edition with every price changed by a percent.",
        discussion: """
        Every price becomes price × (1 + PERCENT/100), rounded to øre (half away from zero), so a \
        price with more decimals is rounded even at 0 %. The new edition is brought in as an import \
        is: the summary counts the changes, --dry-run lists them, and the replaced catalogue is kept \
        in the store's catalogue-history/. Projects keep their prices until 'akkord project reprice'. \
        A percent below -50 or above 1000 is refused (exit 64); a price that would grow past the \
        largest price akkord keeps (9,999,999.9999) is refused naming its pos (exit 65), and nothing \
        is changed.
        """,
        arguments: [percent, edition, validFrom, dryRun])
    let percent: Percent
    let edition: String?
    let validFrom: String?
    let dryRun: Bool

    init(_ a: ParsedArguments) throws {
        percent = try a.required(Self.percent)
        edition = try a[Self.edition]
        validFrom = try a[Self.validFrom]
        dryRun = try a[Self.dryRun]
    }

    func run(_ context: CommandContext) throws {
        let result = try context.workspace().regulateCatalogue(percent: percent, edition: edition, validFrom: validFrom, dryRun: dryRun)
        if context.wantsJSON {
            context.printJSON(RepriceText.regulationJSON(result, percent: percent, dryRun: dryRun))
        } else {
            context.print(RepriceText.regulationSummary(result, percent: percent, dryRun: dryRun, language: context.language, width: context.width))
        }
    }
}

extension ValueParser where Value == Percent {
    /// A regulation's percent, read in the user's language: -50 … 1000.
    static var regulationPercent: ValueParser {
        ValueParser(example: "1,4", withContext: { text, context in
            let p = try Percent(parsing: DanishNumberText.percent(text), language: context.numbers)
            guard CatalogueRegulation.percentRange.contains(p.raw) else {
                throw NumberError.outOfRange(text, range: CatalogueRegulation.percentRangeText)
            }
            return p
        })
    }
}

extension ValueParser where Value == String {
    /// A catalogue's edition: not empty, at most 500 characters, no control characters.
    static var edition: ValueParser {
        ValueParser(example: "2026-2") { text in
            guard !text.allSatisfy(\.isWhitespace) else { throw EmptyValue() }
            if let problem = TextField.name.problem(text) { throw PlainError(problem) }
            return text
        }
    }
}
