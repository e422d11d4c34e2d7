import AkkordSupport
import AkkordModel
import AkkordAccounting

/// Every word akkord prints for people, once per language: the reports (text, HTML, PDF and the
/// CSV header), the list and show views, the confirmations of changing commands and the warnings.
/// A word with `{1}`, `{2}` … is a phrase with blanks that `Words.callAsFunction` fills in.
/// Help texts and error messages stay English; JSON output has no words from here.
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
    case supplement, supplementWhat, supplementScoped, supplementBase, scopeSection, scopeSections, scopeLine, scopeLines
    case extraWork, extraWorkHourly, extraWorkNumbered, deduction
    case grossEarningsNote, measurementsTitle, measurement, measurementResult, holidayPay
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
    case warningShareBelowAconto
    // Signatures
    case roofer, union, signatureHint
    // PDF
    case pageOf, unprintableCharacters
    case photosTitle, photoLabel, photoAdded, photoMissing, photoNotShown
    // CSV header
    case lineId, note

    // Views: words shared by the list and show views (the report's own words above are reused)
    case id, name, date, percent, text, nobody
    // Views: project list and show, history
    case current, currentProjectNote, workersLabel, linesAndSubtotal
    case noProjects, noOpenProjects, noClosedProjects, noChangesRecorded
    case due, pastDueNote
    // Views: catalogue info, list, search and show
    case edition, validFrom, currency, source, activities, section, keywords
    case sourceBundled, sourceImported, activitiesInSection, activitiesInSections, noSection
    // Views: catalogue import summary (the dry run's table, its field names, the counts)
    case field, old, new, change, noChanges
    case fieldAdded, fieldRemoved, fieldName, fieldUnit, fieldPrice, fieldSection, fieldNote, fieldKeywords
    case fieldCatalogueName, fieldEdition, fieldValidFrom
    case importCounts, importDryRun, importDone, importActiveCatalogue, importProgress
    // Views: catalogue regulate and project reprice (the price regulation)
    case regulateDryRun, regulateDone
    case repriceLine, repricePrice, repriceAmount, repriceLines, repriceOneLine
    case repriceDone, repriceDryRun, repriceNone, repriceMissing
    // Views: workers, hours, advances, supplements, extra work, photos
    case kind, journeyman, apprenticeAtRate, rate, caption, file, added
    case noWorkersYet, noHours, noAdvances, noSupplements, supplementsNote, noExtraWork, noPhotos
    // Views: check
    case checkSummary, checkLeftoverHint, checkLeftoversHint, checkRemoved, checkLeftover
    // Reasons a file is a leftover or was kept (the store records them in English; shown in the language)
    case reasonTemporary, reasonUnusedPhoto, reasonArchivedCopy, reasonUndoStepKept

    // Confirmations: projects
    case projectCreated, projectCurrent, projectClosed, projectReopened, projectDeleted, projectDeletedUnread
    case fieldAddress, fieldEmployer, fieldCustomer, fieldStart, fieldEnd
    case nothingChanged
    // Confirmations: lines (a line's field names: fieldNote, fieldPrice above)
    case lineAdded, lineRemoved, lineFieldChanged, fieldQuantity, fieldAmount
    // Confirmations: team, supplements, extra work, photos
    case workerAdded, workerRemoved, apprenticeAt
    case hoursAndDecimal, hoursAdded, hoursRemoved
    case advanceAdded, advanceRemoved
    case supplementAdded, supplementRemoved
    case extraWorkAdded, extraWorkRemoved
    case photoStored, photoNotEmbeddable, photoRemoved, fileKept
    // Confirmations: files written
    case wroteReport, wroteCatalogue
    // Line edits (date, section), undo and the trash
    case fieldDate, undid, undoWouldUndo, undoneChange, projectRestored, trashEntry, trashEmpty
    // Plausibility warnings
    case warnLongHours, warnDateAhead, warnDateLongAgo, warnSimilarWorker, warnLargeQuantity, warnPriceChange
    // The guided entry of lines
    case guidedSearch, guidedNoMatch, guidedPick, guidedBadPick, guidedQuantity
    // Summary across projects (akkord summary)
    case summaryTitle, summaryAllDates, summaryFrom, summaryTo, summaryStatusAll, summaryProjects
    case summaryWithoutDate, summaryWithoutDateOne, summaryNoEmployer, summaryNoProjects
    case summaryTotal, summaryStart, summaryEnd, summaryJourneymanHours, summaryHourlyEarnings
    case summaryMissingSplit, summaryWorkersRule, summaryAdvancesWithoutShare, summaryTotalsTitle
    case summaryTotalWhat, summaryApprenticesWhat, summaryPoolWhat, summaryJourneymanHoursWhat, summaryHourlyEarningsWhat
    case summaryHoursWhat, summaryShareWhat, summaryAdvancesWhat, summaryBalanceWhat, summaryWrote, summaryNameEmployer
    // Project bundles: export, import, and what differs from the store's version
    case bundleWrote, bundleContents, bundleCreated, bundleExportedAs, bundleUnchanged, bundleReplaced, bundleTrashCopy
    case bundleDiffers, bundleLineAdded, bundleLineRemoved, bundleLineChanged, bundleSameLines, bundleSubtotal, bundleTotal
    case bundleAlsoDifferent, bundleYes, bundleNo
    case fieldPos, fieldCustom, fieldMeasurement
    case partStatus, partCreated, partCatalogue, partNextIds, partLineOrder, partWorkers, partHours, partAdvances
    case partSupplements, partExtraWork, partPhotos, partHistory
    case bundleUnchangedPhotosRestored
    // The spreadsheet report (xlsx): sheet names (SPEC §10: Lines/Linjer, Team, Summary), its
    // column heads and notes
    case sheetLines, sheetTeam, sheetSummary
    case xlsxCustom, xlsxInScope, xlsxApprentice, xlsxRoundingOre, xlsxScope, xlsxScopeAll, xlsxAgreementNumber
    case xlsxJourneymanHours, xlsxHourlyEarnings, xlsxStart, xlsxEnd, xlsxShareNote, xlsxApprenticeNote
    // The summary workbook (summary --format xlsx): sheet names, column heads and notes
    case sheetProjects, sheetWorkers, sheetEmployers, sheetTotals
    case summaryPoolWithHours, summaryProjectIds, summaryPoolWithHoursWhat, summaryHourlyEarningsRule
    case summaryXlsxMissingSplit, summaryXlsxEmployersNote
    // Nothing lost, part two (check, durability) and Danish ways of writing numbers. New terms go
    // at the end: a module built against the list before (an incremental test build that missed
    // the change) then still means the terms it knows.
    case changeNotSynced, checkPhotosKept, checkTrashUnreadable, numberReadAs, numberIfYouMeant, csvLineBreaksMadeSpaces
    // The guided entry: more matches than shown
    case guidedMoreMatches
    // History and undo: each recorded change in the language (SPEC §15, `HistoryText`)
    case histLineAdded, histLineRemoved, histMeasured, histLineChanged, histLineRepriced, histCatalogueEdition, histCatalogueChanged
    case histProjectCreated, histStatusChanged, histRestored, histRestoredAs, histBundleImported, histBundleReplaced, histExportedAs
    case histWorkerAdded, histWorkerRemoved, histHoursAdded, histHoursRemoved, histOnDate
    case histAdvanceAdded, histAdvanceRemoved, histCorrection, histSupplementAdded, histOnScope, histSupplementRemoved
    case histExtraWorkAdded, histAgreement, histAgreed, histDeduction, histExtraWorkRemoved, histPhotoAdded, histPhotoRemoved
    case histUndo, histUndone, histDemoBuilt
    // The settlement's course (SPEC §16)
    case fieldHandedIn, fieldApproved, fieldDisputed, fieldDisputeNote
    case stateOpen, stateFinished, stateHandedIn, stateApproved, stateApprovedByDefault, stateDisputed, stateClosed
    case stateTitle, showHandedIn, showApproved, showDisputed
    case projectFinished, settlementHandedIn, settlementApproved, settlementDisputed
    // The workbooks (xlsx): a yes/no cell, the printed pages' footer (&P the page, &N the pages)
    case xlsxYes, xlsxNo, xlsxPageFooter
    // Daywork (SPEC §16): its report section, list, confirmations and history
    case dayworkTitle, dayworkKindDaywork, dayworkKindSick, dayworkKindWeather, dayworkKindOther
    case dayworkWorkerTotal, dayworkTotal, dayworkNote, noDaywork, dayworkAdded, dayworkRemoved
    case histDayworkAdded, histDayworkRemoved, sheetDaywork, partDaywork
    // Weights in the team split and all piecework hours (SPEC §16)
    case weight, weightedHours, apprenticeSharing, apprenticeSharingRole, weightSuffix, workerWeightSet, histWorkerWeightChanged
    case agreedSplitNote, weightedEarningsNote, shareRuleWeighted, allHoursNote
    case xlsxWeightedHours, xlsxAllHours, xlsxTotalPerHour, xlsxWeightedShareNote
    // Rounding in the handbook (SPEC §16): the notes of add and edit, the typed quantity on a
    // report's line, the rule in catalogue show
    case ruleRoundedUp, ruleRoundedHalfUp, ruleMinimum, quantityTypedAside, ruleRounding, ruleMinimumLabel, ruleModeUp, ruleModeHalfUp
    case fieldRounding, fieldMinimum, fieldQuantityTyped
    // The merge of two machines' versions of a project (SPEC §14): its history entry
    case histMerged, histRenumbered, recordLine, recordHours, recordAdvance, recordSupplement, recordExtraWork, recordPhoto
    case recordDaywork
    // Who made a change, in a shared store's history (SPEC §14)
    case historyBy
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

    /// The value column of a `Label: value` view (`TextTable.labelled`): past the longest label
    /// the view can have in this language, so it does not move with the rows that are filled in.
    public func labelColumn(_ labels: [Term], atLeast minimum: Int) -> Int {
        max(minimum, (labels.map { self[$0].count }.max() ?? 0) + 2)
    }

    package static func fill(_ phrase: String, _ values: [String]) -> String { Phrase.fill(numbered: phrase, values) }

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

        .totalsTitle: "Summation",
        .subtotal: "Subtotal",
        .subtotalWhat: "sum of line amounts",
        .supplement: "Supplement",
        .supplementWhat: "{1}, {2} % of {3}",
        .supplementScoped: "{1}, {2} % of {3} ({4})",
        .supplementBase: "Base",
        .scopeSection: "section", .scopeSections: "sections", .scopeLine: "line", .scopeLines: "lines",
        .extraWork: "Extra work",
        .extraWorkHourly: "{1}, {2} h × {3}",
        .extraWorkNumbered: "{1} (agreement no. {2})",
        .grossEarningsNote: "Shares are gross piecework earnings: holiday pay (feriegodtgørelse 12.5 %), special savings and pension are added by payroll on top.",
        .measurementsTitle: "Measurements", .measurement: "Measurement", .measurementResult: "Result",
        .holidayPay: "Holiday pay",
        .deduction: "Deduction",
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
        .warningNegativePool: "The piecework shows a deficit: apprentice pay ({1}) is more than the total ({2}), so the pool is negative",
        .warningShareBelowAconto: "The piecework shows a deficit for {1}: the share is {2} per hour, below the aconto rate of {3} per hour he was paid on account",
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

        .id: "Id",
        .name: "Name",
        .date: "Date",
        .percent: "Percent",
        .text: "Text",
        .nobody: "none",

        .current: "current",
        .currentProjectNote: "current project",
        .workersLabel: "Workers",
        .linesAndSubtotal: "{1}, subtotal {2}",
        .noProjects: "no projects",
        .noOpenProjects: "no projects (open)",
        .noClosedProjects: "no projects (closed)",
        .noChangesRecorded: "no changes recorded",
        .due: "Due",
        .pastDueNote: "past due",

        .edition: "Edition",
        .validFrom: "Valid from",
        .currency: "Currency",
        .source: "Source",
        .activities: "Activities",
        .section: "Section",
        .keywords: "Keywords",
        .sourceBundled: "bundled sample (compiled into akkord)",
        .sourceImported: "imported, {1}",
        .activitiesInSection: "{1} in {2} section",
        .activitiesInSections: "{1} in {2} sections",
        .noSection: "(no section)",

        .field: "Field",
        .old: "Old",
        .new: "New",
        .change: "Change",
        .noChanges: "no changes",
        .fieldAdded: "added",
        .fieldRemoved: "removed",
        .fieldName: "name",
        .fieldUnit: "unit",
        .fieldPrice: "price",
        .fieldSection: "section",
        .fieldNote: "note",
        .fieldKeywords: "keywords",
        .fieldCatalogueName: "catalogue name",
        .fieldEdition: "edition",
        .fieldValidFrom: "validFrom",
        .importCounts: "{1} added, {2} changed, {3} removed, {4} unchanged",
        .importDryRun: "dry run, nothing written: {1} ({2}, {3}) would give {4}",
        .importDone: "imported {1} ({2}, {3}): {4}",
        .importActiveCatalogue: "active catalogue: {1}, {2} activities",
        .importProgress: "reading {1}: {2} rows",

        .regulateDryRun: "dry run, nothing written: regulating {1} by {2} % would give {3}",
        .regulateDone: "regulated {1} by {2} %: {3}",
        .repriceLine: "Line",
        .repricePrice: "Price old → new",
        .repriceAmount: "Amount old → new",
        .repriceLines: "{1} lines",
        .repriceOneLine: "1 line",
        .repriceDone: "{1} repriced from {2}; subtotal {3} → {4}",
        .repriceDryRun: "dry run, nothing written: {1} would be repriced from {2}; subtotal {3} → {4}",
        .repriceNone: "every catalogue line has the price of {1}; nothing changed",
        .repriceMissing: "{1} kept unchanged, pos not in {2}:",

        .kind: "Kind",
        .journeyman: "journeyman",
        .apprenticeAtRate: "apprentice {1}/h",
        .rate: "Rate",
        .caption: "Caption",
        .file: "File",
        .added: "Added",
        .noWorkersYet: "no workers",
        .noHours: "no hours",
        .noAdvances: "no advances",
        .noSupplements: "no supplements",
        .supplementsNote: "Each supplement is a percentage of its base: the lines in its scope, else the subtotal.",
        .noExtraWork: "no extra work",
        .noPhotos: "no photos",

        .checkSummary: "store {1}: {2} files read, {3} projects, {4} photos, no problems",
        .checkLeftoverHint: "; {1} leftover",
        .checkLeftoversHint: "; {1} leftovers",
        .checkRemoved: "removed {1} ({2}, {3} bytes)",
        .checkLeftover: "leftover {1} ({2}, {3} bytes)",
        .reasonTemporary: "temporary file of a write that was killed",
        .reasonUnusedPhoto: "photo no project, trashed project or undo step uses",
        .reasonArchivedCopy: "archived copy of the catalogue that is still active (an import was stopped)",
        .reasonUndoStepKept: "could not remove an old undo step",

        .projectCreated: "created project {1} ({2}); it is now the current project",
        .projectCurrent: "current project: {1}",
        .projectClosed: "project {1} is now closed",
        .projectReopened: "project {1} is now open",
        .projectDeleted: "deleted project {1}; the file is in the store's trash/",
        .projectDeletedUnread: "deleted project {1} (its damaged file); the file is in the store's trash/",
        .fieldAddress: "address",
        .fieldEmployer: "employer",
        .fieldCustomer: "customer",
        .fieldStart: "start",
        .fieldEnd: "end",
        .nothingChanged: "nothing changed",

        .lineAdded: "line {1}: {2}",
        .lineRemoved: "line {1} removed: {2}",
        .lineFieldChanged: "line {1} {2}: {3} → {4}",
        .fieldQuantity: "quantity",
        .fieldAmount: "amount",

        .workerAdded: "worker {1}: {2}, {3}",
        .workerRemoved: "worker {1} removed: {2}",
        .apprenticeAt: "apprentice at {1}/h",
        .hoursAndDecimal: "{1} ({2} h)",
        .hoursAdded: "hours {1}: {2} {3} on {4}",
        .hoursRemoved: "hours {1} removed: {2} {3}",
        .advanceAdded: "advance {1}: {2} {3} on {4}",
        .advanceRemoved: "advance {1} removed: {2} {3}",
        .supplementAdded: "supplement {1}: {2} {3} %",
        .supplementRemoved: "supplement {1} removed: {2} {3} %",
        .extraWorkAdded: "extra work {1}: {2}, {3}",
        .extraWorkRemoved: "extra work {1} removed: {2} {3}",
        .photoStored: "photo {1}: {2}, {3}",
        .photoNotEmbeddable: "; the PDF lists it by name ({1})",
        .photoRemoved: "photo {1} removed: {2}",
        .fileKept: "kept {1}: {2}",
        .numberReadAs: "{1} read as {2}; if you meant {3}, write {3} or use --lang {4}",
        .numberIfYouMeant: "if you meant {1}, write {1} or use --lang {2}",
        .csvLineBreaksMadeSpaces: "{1}: a line break inside a name, unit or section is a space (line {2})",

        .histLineAdded: "line {1} added: {2}",
        .histLineRemoved: "line {1} removed: {2}",
        .histMeasured: " (measured {1})",
        .histLineChanged: "line {1} {2}: {3} → {4}",
        .histLineRepriced: "line {1} ({2}): price {3} → {4}, amount {5} → {6}",
        .histCatalogueEdition: "catalogue edition: {1} → {2}",
        .histCatalogueChanged: "catalogue: \"{1}\" edition {2} → \"{3}\" edition {4}",
        .histProjectCreated: "project \"{1}\" created: {2}",
        .histStatusChanged: "status: {1} → {2}",
        .histRestored: "restored from the trash ({1})",
        .histRestoredAs: " as \"{1}\", was \"{2}\"",
        .histBundleImported: "project \"{1}\" imported from the bundle {2}{3}",
        .histBundleReplaced: "project \"{1}\" replaced from the bundle {2}{3}; the previous version is in the trash",
        .histExportedAs: " (exported as \"{1}\")",
        .histWorkerAdded: "worker {1} added: {2}, {3}",
        .histWorkerRemoved: "worker {1} removed: {2}",
        .histHoursAdded: "hours {1} added: {2} {3}",
        .histHoursRemoved: "hours {1} removed: {2} {3}",
        .histOnDate: " on {1}",
        .histAdvanceAdded: "advance {1} added: {2} {3}",
        .histAdvanceRemoved: "advance {1} removed: {2} {3}",
        .histCorrection: " (correction)",
        .histSupplementAdded: "supplement {1} added: {2} {3} %",
        .histOnScope: " on {1}",
        .histSupplementRemoved: "supplement {1} removed: {2} {3} %",
        .histExtraWorkAdded: "extra work {1} added: {2}, {3}",
        .histAgreement: " (agreement {1})",
        .histAgreed: "agreed {1}",
        .histDeduction: "deduction {1}",
        .histExtraWorkRemoved: "extra work {1} removed: {2} {3}",
        .histPhotoAdded: "photo {1} added: {2} as {3}",
        .histPhotoRemoved: "photo {1} removed: {2}",
        .histUndo: "undid the change of {1} ({2})",
        .histUndone: "undid: {1}",
        .histDemoBuilt: "demo project built",
        .fieldHandedIn: "handed in", .fieldApproved: "approved", .fieldDisputed: "disputed", .fieldDisputeNote: "dispute",
        .stateOpen: "open", .stateFinished: "finished", .stateHandedIn: "handed in", .stateApproved: "approved",
        .stateApprovedByDefault: "approved (no answer)", .stateDisputed: "disputed", .stateClosed: "closed",
        .stateTitle: "State", .showHandedIn: "Handed in", .showApproved: "Approved", .showDisputed: "Disputed",
        .projectFinished: "project {1} finished on {2}", .settlementHandedIn: "the settlement of project {1} was handed in on {2}",
        .settlementApproved: "the settlement of project {1} was approved on {2}", .settlementDisputed: "the settlement of project {1} was disputed on {2}: {3}",
        .checkTrashUnreadable: "{1} in the trash does not read (a damaged file moved there as it was?); project restore refuses it",
        .checkPhotosKept: "{1} photo(s) no readable file uses are kept: {2} does not read and could name them; --fix removes them once it is mended or gone",
        .changeNotSynced: "the change is saved in {1}, but its folder could not be synced to disk ({2}); do not make it again",
        .fieldDate: "date",
        .undid: "undid: {1}",
        .undoWouldUndo: "would undo: {1}",
        .undoneChange: "(made {1} by: {2})",
        .projectRestored: "restored project {1} ({2}) from the trash; it is the current project",
        .trashEntry: "In trash as",
        .trashEmpty: "The trash is empty.",
        .warnLongHours: "{1} h in one entry is more than {2} h; is that right?",
        .warnDateAhead: "the date {1} is more than {2} days after today ({3}); is that right?",
        .warnDateLongAgo: "the date {1} is more than {2} years before today ({3}); is that right?",
        .warnSimilarWorker: "\"{1}\" has the same name as worker {2} ({3}); is it the same person?",
        .warnLargeQuantity: "the quantity {1} is more than {2}; is that right?",
        .warnPriceChange: "pos {1}: the price changes by more than {2} % ({3} → {4})",
        .guidedSearch: "Search words (empty line: done): ",
        .guidedNoMatch: "No activity matches; try other words.",
        .guidedPick: "Number 1–{1} (empty line: search again): ",
        .guidedBadPick: "\"{1}\" is not one of the numbers shown.",
        .guidedQuantity: "Quantity in {1} (empty line: skip): ",

        .wroteReport: "wrote {1} ({2}, {3} lines, total {4})",
        .wroteCatalogue: "wrote {1} ({2}, {3} activities)",

        .summaryTitle: "SUMMARY OF PROJECTS",
        .summaryAllDates: "all dates",
        .summaryFrom: "from {1}",
        .summaryTo: "to {1}",
        .summaryStatusAll: "open and closed",
        .summaryProjects: "Projects",
        .summaryWithoutDate: "{1} projects without an end or start date are left out: {2}",
        .summaryWithoutDateOne: "1 project without an end or start date is left out: {1}",
        .summaryNoEmployer: "(no employer)",
        .summaryNoProjects: "(no projects)",
        .summaryTotal: "Total",
        .summaryStart: "Start",
        .summaryEnd: "End",
        .summaryJourneymanHours: "Journeyman hours",
        .summaryHourlyEarnings: "Hourly earnings",
        .summaryMissingSplit: "— no journeyman hours: the team split is missing",
        .summaryWorkersRule: "Workers are matched by name across projects (case and extra spaces ignored). Share: a journeyman's share, or an apprentice's pay. Balance = share − advances.",
        .summaryAdvancesWithoutShare: "Advances on projects whose team split is missing (no journeyman hours), not in the table above:",
        .summaryTotalsTitle: "Totals",
        .summaryTotalWhat: "sum of the projects' totals",
        .summaryApprenticesWhat: "sum of the projects' apprentice pay",
        .summaryPoolWhat: "sum of the projects' pools (total − apprentices)",
        .summaryJourneymanHoursWhat: "sum of the projects' journeyman hours",
        .summaryHourlyEarningsWhat: "{1} / {2} h: the pool of the projects with journeyman hours / their hours, rounded to øre",
        .summaryHoursWhat: "sum of the workers' hours, apprentices included",
        .summaryShareWhat: "sum of the workers' shares (an apprentice's pay is his share)",
        .summaryAdvancesWhat: "sum of the workers' advances",
        .summaryBalanceWhat: "sum of the workers' balances = shares − advances",
        .summaryWrote: "wrote {1} ({2}, {3} projects, total {4})",
        .summaryNameEmployer: "Name (employer)",
        .bundleWrote: "wrote {1} (project {2}, {3} lines, {4} photos, {5} bytes)",
        .bundleContents: "{1} lines, {2} photos ({3} new in the store), total {4}",
        .bundleCreated: "created project {1} ({2}) from {3}{4}: {5}; it is now the current project",
        .bundleExportedAs: " (exported as {1})",
        .bundleUnchanged: "unchanged: project {1} in the store is the same as in {2}{3}; nothing was written",
        .bundleReplaced: "replaced project {1} ({2}) from {3}{4}: {5}; it is now the current project",
        .bundleTrashCopy: "the previous version is kept in {1}",
        .bundleDiffers: "project {1} in the store differs from the one in {2}:",
        .bundleLineAdded: "line {1} added: {2}",
        .bundleLineRemoved: "line {1} removed: {2}",
        .bundleLineChanged: "line {1} changed: {2}",
        .bundleSameLines: "the lines are the same",
        .bundleSubtotal: "subtotal {1} → {2}",
        .bundleTotal: "total {1} → {2}",
        .bundleAlsoDifferent: "also different: {1}",
        .bundleYes: "yes",
        .bundleNo: "no",
        .fieldPos: "pos",
        .fieldCustom: "custom",
        .fieldMeasurement: "measurement",
        .partStatus: "status",
        .partCreated: "created",
        .partCatalogue: "catalogue",
        .partNextIds: "id counters",
        .partLineOrder: "order of the lines",
        .partWorkers: "workers",
        .partHours: "hours",
        .partAdvances: "advances",
        .partSupplements: "supplements",
        .partExtraWork: "extra work",
        .partPhotos: "photos",
        .partHistory: "history",
        .bundleUnchangedPhotosRestored: "unchanged: project {1} in the store is the same as in {2}{3}; {4} photo files it uses were missing from the store or damaged and are restored",
        .sheetLines: "Lines",
        .sheetTeam: "Team",
        .sheetSummary: "Summary",
        .xlsxCustom: "Custom",
        .xlsxInScope: "In scope of {1} (supplement {2})",
        .xlsxApprentice: "Apprentice",
        .xlsxRoundingOre: "Øre from rounding",
        .xlsxScope: "Scope",
        .xlsxScopeAll: "all lines",
        .xlsxAgreementNumber: "Agreement no.",
        .xlsxJourneymanHours: "Journeyman hours",
        .xlsxHourlyEarnings: "Hourly earnings",
        .xlsxStart: "Start",
        .xlsxEnd: "End",
        .xlsxShareNote: "Share = ROUNDDOWN(pool × hours / journeyman hours, 2) + øre from rounding: the øre left over after rounding go one each to the largest remainders (ties to the worker listed first).",
        .xlsxApprenticeNote: "An apprentice's share is his pay: ROUND(hours × rate, 2), paid out of the total before the pool is shared.",
        .sheetProjects: "Projects",
        .sheetWorkers: "Workers",
        .sheetEmployers: "Employers",
        .sheetTotals: "Totals",
        .summaryPoolWithHours: "Pool with hours",
        .summaryProjectIds: "Project ids",
        .summaryPoolWithHoursWhat: "sum of the pools of the projects that have journeyman hours",
        .summaryHourlyEarningsRule: "pool with hours / journeyman hours, rounded to øre",
        .summaryXlsxMissingSplit: "An empty hourly earnings cell: no journeyman hours, the team split is missing.",
        .summaryXlsxEmployersNote: "Each employer's figures are the sums of its projects (employers matched by name; case, accents and extra spaces ignored). Hourly earnings = ROUND(pool with hours / journeyman hours, 2).",
        .guidedMoreMatches: "… and {1} more; type more words to find fewer.",
        .xlsxYes: "yes",
        .xlsxNo: "no",
        .xlsxPageFooter: "page &P of &N",
        .dayworkTitle: "Daywork",
        .dayworkKindDaywork: "daywork",
        .dayworkKindSick: "sick",
        .dayworkKindWeather: "weather",
        .dayworkKindOther: "other",
        .dayworkWorkerTotal: "Total {1}",
        .dayworkTotal: "Daywork in all",
        .dayworkNote: "Daywork is paid by the hour (amount = hours × rate, rounded to øre) beside the piecework: it is not in the pool, the shares or the balances.",
        .noDaywork: "no daywork",
        .dayworkAdded: "daywork {1}: {2} {3} {4} × {5} = {6} on {7}",
        .dayworkRemoved: "daywork {1} removed: {2} {3} {4} = {5}",
        .histDayworkAdded: "daywork {1} added: {2} {3} {4} × {5} = {6}",
        .histDayworkRemoved: "daywork {1} removed: {2} {3} {4} = {5}",
        .sheetDaywork: "Daywork",
        .partDaywork: "daywork",
        .weight: "Weight",
        .weightedHours: "Weighted hours",
        .apprenticeSharing: "apprentice",
        .apprenticeSharingRole: "(apprentice)",
        .weightSuffix: ", weight {1}",
        .workerWeightSet: "worker {1} ({2}): weight {3}",
        .histWorkerWeightChanged: "worker {1} ({2}) weight: {3} → {4}",
        .agreedSplitNote: "Agreed split: the pool is shared by hours × weight.",
        .weightedEarningsNote: "Weighted hours: {1}; hourly earnings: {2} (pool {3} / {1} h)",
        .shareRuleWeighted: "pool × own weighted hours / weighted hours in all, rounded down to the øre;",
        .allHoursNote: "All piecework hours: {1}; total per piecework hour: {2} (total {3} / {1} h)",
        .xlsxWeightedHours: "Weighted hours",
        .xlsxAllHours: "All piecework hours",
        .xlsxTotalPerHour: "Total per piecework hour",
        .xlsxWeightedShareNote: "Agreed split. Share = ROUNDDOWN(pool × weighted hours / weighted hours in all, 2) + øre from rounding, weighted hours = hours × weight; the øre left over after rounding go one each to the largest remainders (ties to the worker listed first).",
        .ruleRoundedUp: "{1} rounded up per started {2} to {3}",
        .ruleRoundedHalfUp: "{1} rounded to the nearest {2}: {3}",
        .ruleMinimum: "{1} counts as the minimum {2}",
        .quantityTypedAside: "typed {1}",
        .ruleRounding: "Rounding",
        .ruleMinimumLabel: "Minimum",
        .ruleModeUp: "up per started {1}",
        .ruleModeHalfUp: "to the nearest {1} (half up)",
        .fieldRounding: "rounding",
        .fieldMinimum: "minimum",
        .fieldQuantityTyped: "typed quantity",
        .histMerged: "merged",
        .histRenumbered: "{1} {2} (made here) is now {1} {3}",
        .recordLine: "line",
        .recordHours: "hours",
        .recordAdvance: "advance",
        .recordSupplement: "supplement",
        .recordExtraWork: "extra work",
        .recordPhoto: "photo",
        .recordDaywork: "daywork",
        .historyBy: "by {1}",
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
        .supplementScoped: "{1}, {2} % af {3} ({4})",
        .supplementBase: "Grundlag",
        .scopeSection: "afsnit", .scopeSections: "afsnit", .scopeLine: "linje", .scopeLines: "linjer",
        .extraWork: "Ekstraarbejde",
        .extraWorkHourly: "{1}, {2} t × {3}",
        .extraWorkNumbered: "{1} (aftaleseddel nr. {2})",
        .grossEarningsNote: "Andelene er brutto akkordfortjeneste: feriegodtgørelse (12,5 %), særlig opsparing og pension lægges oveni via lønnen.",
        .measurementsTitle: "Opmåling", .measurement: "Opmåling", .measurementResult: "Resultat",
        .holidayPay: "Feriegodtgørelse",
        .deduction: "Fradrag",
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
        .warningNegativePool: "Akkorden giver underskud: lærlingelønnen ({1}) er større end beløbet i alt ({2}), så beløbet til fordeling er negativt",
        .warningShareBelowAconto: "Akkorden giver underskud for {1}: andelen er {2} i timen, under acontosatsen på {3} i timen, der er betalt",
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

        .id: "Id",
        .name: "Navn",
        .date: "Dato",
        .percent: "Procent",
        .text: "Tekst",
        .nobody: "ingen",

        .current: "aktuelt",
        .currentProjectNote: "det aktuelle projekt",
        .workersLabel: "Sjak",
        .linesAndSubtotal: "{1}, subtotal {2}",
        .noProjects: "ingen projekter",
        .noOpenProjects: "ingen åbne projekter",
        .noClosedProjects: "ingen afsluttede projekter",
        .noChangesRecorded: "ingen ændringer registreret",
        .due: "Frist",
        .pastDueNote: "fristen er overskredet",

        .edition: "Udgave",
        .validFrom: "Gyldig fra",
        .currency: "Valuta",
        .source: "Kilde",
        .activities: "Ydelser",
        .section: "Afsnit",
        .keywords: "Søgeord",
        .sourceBundled: "medfølgende eksempel (indbygget i akkord)",
        .sourceImported: "importeret, {1}",
        .activitiesInSection: "{1} i {2} afsnit",
        .activitiesInSections: "{1} i {2} afsnit",
        .noSection: "(uden afsnit)",

        .field: "Felt",
        .old: "Før",
        .new: "Efter",
        .change: "Ændring",
        .noChanges: "ingen ændringer",
        .fieldAdded: "tilføjet",
        .fieldRemoved: "fjernet",
        .fieldName: "navn",
        .fieldUnit: "enhed",
        .fieldPrice: "pris",
        .fieldSection: "afsnit",
        .fieldNote: "bemærkning",
        .fieldKeywords: "søgeord",
        .fieldCatalogueName: "prislistens navn",
        .fieldEdition: "udgave",
        .fieldValidFrom: "gyldig fra",
        .importCounts: "{1} tilføjet, {2} ændret, {3} fjernet, {4} uændret",
        .importDryRun: "prøvekørsel, intet er skrevet: {1} ({2}, {3}) ville give {4}",
        .importDone: "importerede {1} ({2}, {3}): {4}",
        .importActiveCatalogue: "aktiv prisliste: {1}, {2} ydelser",
        .importProgress: "læser {1}: {2} rækker",

        .regulateDryRun: "prøvekørsel, intet er skrevet: regulering af {1} med {2} % ville give {3}",
        .regulateDone: "regulerede {1} med {2} %: {3}",
        .repriceLine: "Linje",
        .repricePrice: "Pris før → efter",
        .repriceAmount: "Beløb før → efter",
        .repriceLines: "{1} linjer",
        .repriceOneLine: "1 linje",
        .repriceDone: "{1} har fået ny pris fra {2}; subtotal {3} → {4}",
        .repriceDryRun: "prøvekørsel, intet er skrevet: {1} ville få ny pris fra {2}; subtotal {3} → {4}",
        .repriceNone: "alle linjer fra prislisten har prisen fra {1}; intet er ændret",
        .repriceMissing: "{1} beholdes uændret, pos. findes ikke i {2}:",

        .kind: "Type",
        .journeyman: "svend",
        .apprenticeAtRate: "lærling {1}/t",
        .rate: "Timepris",
        .caption: "Billedtekst",
        .file: "Fil",
        .added: "Tilføjet",
        .noWorkersYet: "ingen medarbejdere",
        .noHours: "ingen timer",
        .noAdvances: "ingen acontobetalinger",
        .noSupplements: "ingen tillæg",
        .supplementsNote: "Hvert tillæg er en procentdel af sit grundlag: ydelserne i dets omfang, ellers subtotalen.",
        .noExtraWork: "intet ekstraarbejde",
        .noPhotos: "ingen fotos",

        .checkSummary: "arkiv {1}: {2} filer læst, {3} projekter, {4} fotos, ingen problemer",
        .checkLeftoverHint: "; {1} overskydende fil",
        .checkLeftoversHint: "; {1} overskydende filer",
        .checkRemoved: "fjernede {1} ({2}, {3} bytes)",
        .checkLeftover: "overskydende fil {1} ({2}, {3} bytes)",
        .reasonTemporary: "midlertidig fil fra en skrivning der blev afbrudt",
        .reasonUnusedPhoto: "foto som intet projekt, slettet projekt eller fortryd-trin bruger",
        .reasonArchivedCopy: "arkiveret kopi af den prisliste der stadig er aktiv (en import blev afbrudt)",
        .reasonUndoStepKept: "et gammelt fortryd-trin kunne ikke fjernes",

        .projectCreated: "projekt {1} ({2}) er oprettet; det er nu det aktuelle projekt",
        .projectCurrent: "aktuelt projekt: {1}",
        .projectClosed: "projekt {1} er nu afsluttet",
        .projectReopened: "projekt {1} er nu åbent igen",
        .projectDeleted: "projekt {1} er slettet; filen ligger i arkivets papirkurv (mappen trash/)",
        .projectDeletedUnread: "projekt {1} er slettet (den beskadigede fil); filen ligger i arkivets papirkurv (mappen trash/)",
        .fieldAddress: "adresse",
        .fieldEmployer: "arbejdsgiver",
        .fieldCustomer: "bygherre",
        .fieldStart: "start",
        .fieldEnd: "slut",
        .nothingChanged: "intet er ændret",

        .lineAdded: "linje {1}: {2}",
        .lineRemoved: "linje {1} fjernet: {2}",
        .lineFieldChanged: "linje {1} {2}: {3} → {4}",
        .fieldQuantity: "mængde",
        .fieldAmount: "beløb",

        .workerAdded: "medarbejder {1}: {2}, {3}",
        .workerRemoved: "medarbejder {1} fjernet: {2}",
        .apprenticeAt: "lærling til {1}/t",
        .hoursAndDecimal: "{1} ({2} t)",
        .hoursAdded: "timer {1}: {2} {3} den {4}",
        .hoursRemoved: "timer {1} fjernet: {2} {3}",
        .advanceAdded: "aconto {1}: {2} {3} den {4}",
        .advanceRemoved: "aconto {1} fjernet: {2} {3}",
        .supplementAdded: "tillæg {1}: {2} {3} %",
        .supplementRemoved: "tillæg {1} fjernet: {2} {3} %",
        .extraWorkAdded: "ekstraarbejde {1}: {2}, {3}",
        .extraWorkRemoved: "ekstraarbejde {1} fjernet: {2} {3}",
        .photoStored: "foto {1}: {2}, {3}",
        .photoNotEmbeddable: "; PDF-rapporten viser det kun ved navn ({1})",
        .photoRemoved: "foto {1} fjernet: {2}",
        .fileKept: "beholdt {1}: {2}",
        .numberReadAs: "{1} læst som {2}; mente du {3}, så skriv {3} eller brug --lang {4}",
        .numberIfYouMeant: "mente du {1}, så skriv {1} eller brug --lang {2}",
        .csvLineBreaksMadeSpaces: "{1}: et linjeskift i en tekst, enhed eller et afsnit er gjort til mellemrum (linje {2})",

        .histLineAdded: "linje {1} tilføjet: {2}",
        .histLineRemoved: "linje {1} fjernet: {2}",
        .histMeasured: " (opmålt {1})",
        .histLineChanged: "linje {1} {2}: {3} → {4}",
        .histLineRepriced: "linje {1} ({2}): pris {3} → {4}, beløb {5} → {6}",
        .histCatalogueEdition: "prislistens udgave: {1} → {2}",
        .histCatalogueChanged: "prisliste: \"{1}\" udgave {2} → \"{3}\" udgave {4}",
        .histProjectCreated: "projekt \"{1}\" oprettet: {2}",
        .histStatusChanged: "status: {1} → {2}",
        .histRestored: "hentet tilbage fra papirkurven ({1})",
        .histRestoredAs: " som \"{1}\", hed \"{2}\"",
        .histBundleImported: "projekt \"{1}\" importeret fra pakken {2}{3}",
        .histBundleReplaced: "projekt \"{1}\" erstattet fra pakken {2}{3}; den tidligere udgave ligger i papirkurven",
        .histExportedAs: " (eksporteret som \"{1}\")",
        .histWorkerAdded: "medarbejder {1} tilføjet: {2}, {3}",
        .histWorkerRemoved: "medarbejder {1} fjernet: {2}",
        .histHoursAdded: "timer {1} tilføjet: {2} {3}",
        .histHoursRemoved: "timer {1} fjernet: {2} {3}",
        .histOnDate: " den {1}",
        .histAdvanceAdded: "aconto {1} tilføjet: {2} {3}",
        .histAdvanceRemoved: "aconto {1} fjernet: {2} {3}",
        .histCorrection: " (rettelse)",
        .histSupplementAdded: "tillæg {1} tilføjet: {2} {3} %",
        .histOnScope: " på {1}",
        .histSupplementRemoved: "tillæg {1} fjernet: {2} {3} %",
        .histExtraWorkAdded: "ekstraarbejde {1} tilføjet: {2}, {3}",
        .histAgreement: " (aftaleseddel {1})",
        .histAgreed: "aftalt {1}",
        .histDeduction: "fradrag {1}",
        .histExtraWorkRemoved: "ekstraarbejde {1} fjernet: {2} {3}",
        .histPhotoAdded: "foto {1} tilføjet: {2} som {3}",
        .histPhotoRemoved: "foto {1} fjernet: {2}",
        .histUndo: "fortrød ændringen fra {1} ({2})",
        .histUndone: "fortrudt: {1}",
        .histDemoBuilt: "demoprojektet er bygget",
        .fieldHandedIn: "afleveret", .fieldApproved: "godkendt", .fieldDisputed: "indsigelse", .fieldDisputeNote: "indsigelsen",
        .stateOpen: "åben", .stateFinished: "færdig", .stateHandedIn: "afleveret", .stateApproved: "godkendt",
        .stateApprovedByDefault: "godkendt (intet svar)", .stateDisputed: "indsigelse", .stateClosed: "lukket",
        .stateTitle: "Tilstand", .showHandedIn: "Afleveret", .showApproved: "Godkendt", .showDisputed: "Indsigelse",
        .projectFinished: "projekt {1} er færdigt {2}", .settlementHandedIn: "opgørelsen for projekt {1} er afleveret {2}",
        .settlementApproved: "opgørelsen for projekt {1} er godkendt {2}", .settlementDisputed: "der er gjort indsigelse mod opgørelsen for projekt {1} {2}: {3}",
        .checkTrashUnreadable: "{1} i papirkurven kan ikke læses (en beskadiget fil, flyttet dertil som den var?); project restore afviser den",
        .checkPhotosKept: "{1} foto(s), som ingen læsbar fil bruger, beholdes: {2} kan ikke læses og kan nævne dem; --fix fjerner dem, når den er rettet eller væk",
        .changeNotSynced: "ændringen er gemt i {1}, men mappen kunne ikke skrives helt til disken ({2}); foretag den ikke igen",
        .fieldDate: "dato",
        .undid: "fortrudt: {1}",
        .undoWouldUndo: "ville fortryde: {1}",
        .undoneChange: "(lavet {1} med: {2})",
        .projectRestored: "projekt {1} ({2}) er hentet tilbage fra papirkurven; det er det aktuelle projekt",
        .trashEntry: "I papirkurven som",
        .trashEmpty: "Papirkurven er tom.",
        .warnLongHours: "{1} t i én registrering er mere end {2} t; er det rigtigt?",
        .warnDateAhead: "datoen {1} er mere end {2} dage efter i dag ({3}); er det rigtigt?",
        .warnDateLongAgo: "datoen {1} er mere end {2} år før i dag ({3}); er det rigtigt?",
        .warnSimilarWorker: "\"{1}\" har samme navn som medarbejder {2} ({3}); er det den samme person?",
        .warnLargeQuantity: "mængden {1} er over {2}; er det rigtigt?",
        .warnPriceChange: "pos {1}: prisen ændres med mere end {2} % ({3} → {4})",
        .guidedSearch: "Søgeord (tom linje: færdig): ",
        .guidedNoMatch: "Ingen ydelse passer; prøv andre ord.",
        .guidedPick: "Nummer 1–{1} (tom linje: søg igen): ",
        .guidedBadPick: "\"{1}\" er ikke et af de viste numre.",
        .guidedQuantity: "Mængde i {1} (tom linje: spring over): ",

        .wroteReport: "skrev {1} ({2}, {3} ydelser, i alt {4})",
        .wroteCatalogue: "skrev {1} ({2}, {3} ydelser)",

        .summaryTitle: "OVERSIGT OVER PROJEKTER",
        .summaryAllDates: "alle datoer",
        .summaryFrom: "fra {1}",
        .summaryTo: "til {1}",
        .summaryStatusAll: "åbne og afsluttede",
        .summaryProjects: "Projekter",
        .summaryWithoutDate: "{1} projekter uden slut- eller startdato er udeladt: {2}",
        .summaryWithoutDateOne: "1 projekt uden slut- eller startdato er udeladt: {1}",
        .summaryNoEmployer: "(ingen arbejdsgiver)",
        .summaryNoProjects: "(ingen projekter)",
        .summaryTotal: "I alt",
        .summaryStart: "Start",
        .summaryEnd: "Slut",
        .summaryJourneymanHours: "Svendetimer",
        .summaryHourlyEarnings: "Timefortjeneste",
        .summaryMissingSplit: "— ingen svendetimer: sjakkets fordeling mangler",
        .summaryWorkersRule: "Medarbejdere er lagt sammen efter navn på tværs af projekter (store og små bogstaver og ekstra mellemrum tæller ikke). Andel: svendens andel eller lærlingens løn. Til udbetaling = andel − aconto.",
        .summaryAdvancesWithoutShare: "Aconto på projekter, hvor sjakkets fordeling mangler (ingen svendetimer), ikke med i tabellen ovenfor:",
        .summaryTotalsTitle: "Samlet",
        .summaryTotalWhat: "sum af projekternes i alt",
        .summaryApprenticesWhat: "sum af projekternes lærlingeløn",
        .summaryPoolWhat: "sum af projekternes til fordeling (i alt − lærlinge)",
        .summaryJourneymanHoursWhat: "sum af projekternes svendetimer",
        .summaryHourlyEarningsWhat: "{1} / {2} t: til fordeling i projekter med svendetimer / deres svendetimer, afrundet til øre",
        .summaryHoursWhat: "sum af medarbejdernes timer, lærlinge medregnet",
        .summaryShareWhat: "sum af medarbejdernes andele (en lærlings løn er hans andel)",
        .summaryAdvancesWhat: "sum af medarbejdernes aconto",
        .summaryBalanceWhat: "sum af medarbejdernes til udbetaling = andele − aconto",
        .summaryWrote: "skrev {1} ({2}, {3} projekter, i alt {4})",
        .summaryNameEmployer: "Navn (arbejdsgiver)",
        .bundleWrote: "skrev {1} (projekt {2}, {3} linjer, {4} fotos, {5} byte)",
        .bundleContents: "{1} linjer, {2} fotos ({3} nye i arkivet), i alt {4}",
        .bundleCreated: "oprettede projekt {1} ({2}) fra {3}{4}: {5}; det er nu det aktuelle projekt",
        .bundleExportedAs: " (eksporteret som {1})",
        .bundleUnchanged: "uændret: projekt {1} i arkivet er det samme som i {2}{3}; intet er skrevet",
        .bundleReplaced: "erstattede projekt {1} ({2}) fra {3}{4}: {5}; det er nu det aktuelle projekt",
        .bundleTrashCopy: "den tidligere udgave er gemt i {1}",
        .bundleDiffers: "projekt {1} i arkivet er forskelligt fra det i {2}:",
        .bundleLineAdded: "linje {1} tilføjet: {2}",
        .bundleLineRemoved: "linje {1} fjernet: {2}",
        .bundleLineChanged: "linje {1} ændret: {2}",
        .bundleSameLines: "linjerne er de samme",
        .bundleSubtotal: "subtotal {1} → {2}",
        .bundleTotal: "i alt {1} → {2}",
        .bundleAlsoDifferent: "også forskelligt: {1}",
        .bundleYes: "ja",
        .bundleNo: "nej",
        .fieldPos: "pos.",
        .fieldCustom: "egen ydelse",
        .fieldMeasurement: "opmåling",
        .partStatus: "status",
        .partCreated: "oprettet",
        .partCatalogue: "prisliste",
        .partNextIds: "id-tællere",
        .partLineOrder: "linjernes rækkefølge",
        .partWorkers: "sjak",
        .partHours: "timer",
        .partAdvances: "aconto",
        .partSupplements: "tillæg",
        .partExtraWork: "ekstraarbejde",
        .partPhotos: "fotos",
        .partHistory: "historik",
        .bundleUnchangedPhotosRestored: "uændret: projekt {1} i arkivet er det samme som i {2}{3}; {4} fotofiler, det bruger, manglede i arkivet eller var beskadiget og er gendannet",
        .sheetLines: "Linjer",
        .sheetTeam: "Sjak",
        .sheetSummary: "Opgørelse",
        .xlsxCustom: "Egen ydelse",
        .xlsxInScope: "Omfattet af {1} (tillæg {2})",
        .xlsxApprentice: "Lærling",
        .xlsxRoundingOre: "Øre fra afrunding",
        .xlsxScope: "Omfang",
        .xlsxScopeAll: "alle linjer",
        .xlsxAgreementNumber: "Aftaleseddel nr.",
        .xlsxJourneymanHours: "Svendetimer",
        .xlsxHourlyEarnings: "Timefortjeneste",
        .xlsxStart: "Start",
        .xlsxEnd: "Slut",
        .xlsxShareNote: "Andel = RUND.NED(til fordeling × timer / svendetimer; 2) + øre fra afrunding: de øre, der er tilbage efter afrundingen, fordeles med 1 øre til hver af de største rester (ved lighed til den først nævnte).",
        .xlsxApprenticeNote: "En lærlings andel er hans løn: AFRUND(timer × timepris; 2), betalt af beløbet i alt, før der fordeles.",
        .sheetProjects: "Projekter",
        .sheetWorkers: "Medarbejdere",
        .sheetEmployers: "Arbejdsgivere",
        .sheetTotals: "I alt",
        .summaryPoolWithHours: "Til fordeling med svendetimer",
        .summaryProjectIds: "Projekt-id'er",
        .summaryPoolWithHoursWhat: "sum af til fordeling i projekterne med svendetimer",
        .summaryHourlyEarningsRule: "til fordeling med svendetimer / svendetimer, afrundet til øre",
        .summaryXlsxMissingSplit: "Tom timefortjeneste: ingen svendetimer, sjakkets fordeling mangler.",
        .summaryXlsxEmployersNote: "Hver arbejdsgivers tal er summen af dens projekter (arbejdsgivere genkendes på navnet; store og små bogstaver, accenter og ekstra mellemrum tæller ikke). Timefortjeneste = AFRUND(til fordeling med svendetimer / svendetimer; 2).",
        .guidedMoreMatches: "… og {1} mere; skriv flere ord for at finde færre.",
        .xlsxYes: "ja",
        .xlsxNo: "nej",
        .xlsxPageFooter: "side &P af &N",
        .dayworkTitle: "Timeløn",
        .dayworkKindDaywork: "dagløn",
        .dayworkKindSick: "syg",
        .dayworkKindWeather: "vejrlig",
        .dayworkKindOther: "andet",
        .dayworkWorkerTotal: "I alt {1}",
        .dayworkTotal: "Timeløn i alt",
        .dayworkNote: "Timeløn betales pr. time (beløb = timer × timepris, afrundet til øre) ved siden af akkorden: den indgår ikke i til fordeling, andelene eller til udbetaling.",
        .noDaywork: "ingen timeløn",
        .dayworkAdded: "timeløn {1}: {2} {3} {4} × {5} = {6} den {7}",
        .dayworkRemoved: "timeløn {1} fjernet: {2} {3} {4} = {5}",
        .histDayworkAdded: "timeløn {1} tilføjet: {2} {3} {4} × {5} = {6}",
        .histDayworkRemoved: "timeløn {1} fjernet: {2} {3} {4} = {5}",
        .sheetDaywork: "Timeløn",
        .partDaywork: "timeløn",
        .weight: "Vægt",
        .weightedHours: "Vægtede timer",
        .apprenticeSharing: "lærling",
        .apprenticeSharingRole: "(lærling)",
        .weightSuffix: ", vægt {1}",
        .workerWeightSet: "medarbejder {1} ({2}): vægt {3}",
        .histWorkerWeightChanged: "medarbejder {1} ({2}) vægt: {3} → {4}",
        .agreedSplitNote: "Aftalt fordeling: beløbet til fordeling deles efter timer × vægt.",
        .weightedEarningsNote: "Vægtede timer: {1}. Timefortjeneste: {2} (til fordeling {3} / {1} t)",
        .shareRuleWeighted: "til fordeling × egne vægtede timer / vægtede timer i alt, rundet ned til hele øre;",
        .allHoursNote: "Akkordtimer i alt: {1}. Kr. pr. akkordtime i alt: {2} (i alt {3} / {1} t)",
        .xlsxWeightedHours: "Vægtede timer",
        .xlsxAllHours: "Akkordtimer i alt",
        .xlsxTotalPerHour: "Kr. pr. akkordtime i alt",
        .xlsxWeightedShareNote: "Aftalt fordeling. Andel = RUND.NED(til fordeling × vægtede timer / vægtede timer i alt; 2) + øre fra afrunding, vægtede timer = timer × vægt; de øre, der er tilbage efter afrundingen, fordeles med 1 øre til hver af de største rester (ved lighed til den først nævnte).",
        .ruleRoundedUp: "{1} rundet op pr. påbegyndt {2} til {3}",
        .ruleRoundedHalfUp: "{1} afrundet til nærmeste {2}: {3}",
        .ruleMinimum: "{1} tæller som minimum {2}",
        .quantityTypedAside: "indtastet {1}",
        .ruleRounding: "Afrunding",
        .ruleMinimumLabel: "Minimum",
        .ruleModeUp: "op pr. påbegyndt {1}",
        .ruleModeHalfUp: "til nærmeste {1} (halv op)",
        .fieldRounding: "afrunding",
        .fieldMinimum: "minimum",
        .fieldQuantityTyped: "indtastet mængde",
        .histMerged: "flettet",
        .histRenumbered: "{1} {2} (lavet her) er nu {1} {3}",
        .recordLine: "linje",
        .recordHours: "timer",
        .recordAdvance: "aconto",
        .recordSupplement: "tillæg",
        .recordExtraWork: "ekstraarbejde",
        .recordPhoto: "foto",
        .recordDaywork: "timeløn",
        .historyBy: "af {1}",
    ]
}

extension Supplement.Scope {
    /// `sections Felt roofing, Gutters; lines 1, 3` in the language; empty for all lines.
    public func text(_ language: Language) -> String {
        let w = Words(language)
        var parts: [String] = []
        if !sections.isEmpty { parts.append(w[sections.count == 1 ? .scopeSection : .scopeSections] + " " + sections.joined(separator: ", ")) }
        if !lines.isEmpty { parts.append(w[lines.count == 1 ? .scopeLine : .scopeLines] + " " + lines.map(String.init).joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }
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
        case .shareBelowAcontoRate(let name, let perHour, let rate):
            return w(.warningShareBelowAconto, name, figure(perHour), language == .en ? rate.plain : rate.formatted(language))
        }
    }
}

