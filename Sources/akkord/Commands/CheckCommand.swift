import AkkordKit

struct CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check", abstract: "Read and validate every store file, recompute totals, list every problem.",
        discussion: "Exits 0 when the store is sound and 65 when any problem is found. Changes nothing."
    )
    init(_ a: ParsedArguments) throws {}

    func run(_ context: CommandContext) throws {
        let report = try context.workspace().check()
        if context.wantsJSON {
            context.printJSON(JSONValue(["files": .int(report.filesRead), "projects": .int(report.projects),
                                         "problems": .array(report.problems.map(JSONValue.string))]))
        } else if report.problems.isEmpty {
            context.print("store \(context.storeDirectory): \(report.filesRead) files read, \(report.projects) projects, no problems")
        }
        if !report.problems.isEmpty {
            throw InvalidDataError(source: context.storeDirectory, problems: report.problems.map { Problem("", $0) },
                                   consequence: "see the lines above")
        }
    }
}
