import AkkordKit

struct CatalogueCommand: CommandGroup {
    static let spec = CommandSpec(
        name: "catalogue", abstract: "Look up the price handbook; import and export it.",
        discussion: "The active catalogue is the store's imported one when there is one, else the bundled sample.",
        subcommands: [CatalogueInfo.self, CatalogueList.self, CatalogueSearchCommand.self, CatalogueShow.self,
                      CatalogueImportCommand.self, CatalogueExportCommand.self, CatalogueRegulateCommand.self]
    )
}

struct CatalogueInfo: Command {
    static let spec = CommandSpec(name: "info", abstract: "Show which catalogue is active: name, edition, source, size.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let active = try context.workspace().catalogue()
        if context.wantsJSON { context.printJSON(CatalogueText.infoJSON(active)) } else {
            context.print(CatalogueText.info(active, language: context.language))
        }
    }
}

struct CatalogueList: Command {
    static let section = Option("--section", value: "section", help: "Only this section (case-insensitive; a unique part of its name will do).")
    static let spec = CommandSpec(name: "list", abstract: "List activities in pos order, by section.", arguments: [section])
    let section: String?
    init(_ a: ParsedArguments) throws { section = try a[Self.section] }

    func run(_ context: CommandContext) throws {
        let catalogue = try context.workspace().catalogue().catalogue
        var activities = catalogue.sortedActivities
        if let section {
            let chosen = try catalogue.resolveSection(section, language: context.language)
            activities = activities.filter { $0.section == chosen }
        }
        if context.wantsJSON { context.printJSON(CatalogueText.activitiesJSON(activities)) } else {
            context.print(CatalogueText.table(activities, language: context.language, bySection: true, width: context.width))
        }
    }
}

struct CatalogueSearchCommand: Command {
    static let terms = Positionals("terms", help: "Words to search for.")
    static let limit = Option("--limit", value: "n", parse: .int(in: 1...100_000), help: "Show at most n activities.", default: "20")
    static let spec = CommandSpec(
        name: "search", abstract: "Find activities by pos or name, best match first.",
        discussion: """
        Case and accents do not matter (aa finds å, ae finds æ, oe finds ø). Every word must match \
        a word of the name or the pos: whole, as a beginning, as part of a compound (underfelt), \
        or, for words of four letters or more, with one typo (undrfelt).
        """,
        arguments: [terms, limit]
    )
    let terms: [String]
    let limit: Int
    init(_ a: ParsedArguments) throws {
        terms = try a[Self.terms]
        limit = try a[Self.limit] ?? 20
    }

    func run(_ context: CommandContext) throws {
        let search = try context.workspace().catalogueSearch()
        let hits = search.search(terms.joined(separator: " "), limit: limit).map(\.activity)
        if context.wantsJSON { context.printJSON(CatalogueText.activitiesJSON(hits)); return }
        if hits.isEmpty {
            throw FailureError("no activity matches \"\(terms.joined(separator: " "))\"", hint: "try fewer or shorter words")
        }
        context.print(CatalogueText.table(hits, language: context.language, bySection: false, width: context.width))
    }
}

struct CatalogueShow: Command {
    static let pos = Positional("pos", help: "The activity's position number, e.g. 2.01.")
    static let spec = CommandSpec(name: "show", abstract: "Show one activity.", arguments: [pos])
    let pos: String
    init(_ a: ParsedArguments) throws { pos = try a.required(Self.pos) }

    func run(_ context: CommandContext) throws {
        let activity = try context.workspace().catalogue().catalogue.requireActivity(pos: pos)
        if context.wantsJSON { context.printJSON(CatalogueJSON.encode(activity)) } else {
            context.print(CatalogueText.show(activity, language: context.language))
        }
    }
}
