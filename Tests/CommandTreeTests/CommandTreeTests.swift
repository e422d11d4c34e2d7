import XCTest
import AkkordKit
@testable import akkord

/// Walks the whole command tree from `RootCommand` and validates every declaration.
final class CommandTreeTests: XCTestCase {
    func testEveryDeclarationIsWellFormed() {
        let paths = Self.paths()
        XCTAssertGreaterThan(paths.count, 40)
        for path in paths {
            for problem in Self.declarationProblems(path.last!.spec) { XCTFail("\(Self.name(path)): \(problem)") }
        }
    }

    /// Builds every command from every combination of its declared arguments, each given its
    /// parser's example text: no read may hit an undeclared argument, some combination must build
    /// the command (so the samples are good), and every declared argument must be read by some
    /// combination (so the walk reached every read).
    func testEveryArgumentACommandReadsIsDeclared() {
        for path in Self.paths() {
            let command = path.last!
            for problem in Self.readProblems(command.spec.arguments, { _ = try command.init($0) }) {
                XCTFail("\(Self.name(path)): \(problem)")
            }
        }
        for problem in Self.readProblems(GlobalOptions.specs, { _ = try GlobalOptions($0) }) {
            XCTFail("global options: \(problem)")
        }
    }

    // The checks above catch what they are meant to catch.

    func testAnUndeclaredReadIsCaught() {
        let problems = Self.readProblems(ReadsUndeclared.spec.arguments, { _ = try ReadsUndeclared($0) })
        XCTAssertTrue(problems.contains("internal: the command reads --undeclared, which it does not declare"), "\(problems)")

        let error = UndeclaredArgumentError(argument: "<pos>")
        XCTAssertEqual(error.exitStatus, .failure)
        XCTAssertEqual("error: \(error.message)", "error: internal: the command reads <pos>, which it does not declare")
    }

    func testBadDeclarationsAreCaught() {
        let required = Positional("a", help: "A."), optional = Positional("b", .optional, help: "B.")
        let repeating = Positionals("c", help: "C."), leading = Positional("d", .leadingOptional, help: "D.")
        func problems(_ arguments: [any DeclaredArgument]) -> [String] {
            Self.declarationProblems(CommandSpec(name: "x", abstract: "X.", arguments: arguments))
        }
        XCTAssertEqual(problems([leading, required, optional]), [])
        XCTAssertEqual(problems([required, optional, repeating]), [])
        XCTAssertFalse(problems([optional, required]).isEmpty)
        XCTAssertFalse(problems([required, leading]).isEmpty)
        XCTAssertFalse(problems([leading]).isEmpty)
        XCTAssertFalse(problems([leading, repeating]).isEmpty)
        XCTAssertFalse(problems([repeating, Positionals("e", optional: true, help: "E.")]).isEmpty)
        XCTAssertFalse(problems([Option("--project", value: "id", help: "Clashes with the global option.")]).isEmpty)
        XCTAssertFalse(problems([Flag("--all", short: "-p", help: "Clashes with -p.")]).isEmpty)
        XCTAssertFalse(Self.declarationProblems(CommandSpec(name: "g", abstract: "", subcommands: [LinesCommand.self])).isEmpty)
        XCTAssertFalse(Self.declarationProblems(CommandSpec(name: "g", abstract: "G.", subcommands: [LinesCommand.self, LinesCommand.self])).isEmpty)
    }

    // `add`'s one or two positionals.

    func testAddTakesQuantityAloneOrPosAndQuantity() throws {
        let parser = ArgumentParser(root: RootCommand.self)
        let one = try parser.parse(["add", "12"]).arguments
        XCTAssertNil(try one[AddCommand.pos])
        XCTAssertEqual(try one[AddCommand.quantity]?.quantity, try Quantity(parsing: "12"))
        let two = try parser.parse(["add", "2.01", "12"]).arguments
        XCTAssertEqual(try two[AddCommand.pos], "2.01")
        XCTAssertEqual(try two[AddCommand.quantity]?.quantity, try Quantity(parsing: "12"))

        guard case .catalogue(pos: "2.01") = try AddCommand(two).source else { return XCTFail("a catalogue line") }
        let custom = try AddCommand(parser.parse(["add", "--custom", "Moss", "--unit", "m2", "--price", "2", "12"]).arguments)
        guard case .custom(name: "Moss", unit: "m2", _) = custom.source else { return XCTFail("a custom line") }
        XCTAssertEqual(custom.quantity?.quantity, try Quantity(parsing: "12"))
        // No argument at all: the guided entry.
        XCTAssertNil(try AddCommand(parser.parse(["add"]).arguments).source)
        XCTAssertThrowsError(try AddCommand(parser.parse(["add", "--note", "x"]).arguments))

        XCTAssertThrowsError(try AddCommand(one)) { XCTAssertEqual(($0 as? UsageError)?.message, "missing <quantity>") }
        XCTAssertThrowsError(try parser.parse(["add", "2.01", "12", "3"])) {
            XCTAssertEqual(($0 as? UsageError)?.message, "unexpected argument '3'")
        }
    }

    // The checks.

    static func paths(_ path: [any Command.Type] = [RootCommand.self]) -> [[any Command.Type]] {
        [path] + path.last!.spec.subcommands.flatMap { paths(path + [$0]) }
    }

    static func name(_ path: [any Command.Type]) -> String {
        (["akkord"] + path.dropFirst().map { $0.spec.name }).joined(separator: " ")
    }

    static func declarationProblems(_ spec: CommandSpec) -> [String] {
        var problems: [String] = []
        if spec.abstract.isEmpty { problems.append("no abstract") }
        let subcommands = spec.subcommands.map { $0.spec.name }
        problems += duplicates(subcommands).map { "two subcommands named \($0)" }
        if let name = spec.defaultSubcommand, !subcommands.contains(name) { problems.append("no default subcommand \(name)") }

        let all = spec.arguments + GlobalOptions.specs
        problems += duplicates(all.map(\.name) + all.compactMap(\.shortName)).map { "\($0) declared twice (global options included)" }
        for arg in spec.arguments {
            if arg.help.isEmpty { problems.append("\(arg.display) has no help") }
            if arg.isPositional == arg.name.hasPrefix("-") { problems.append("\(arg.display): options start with -, positionals do not") }
        }

        // Leading optional ones, required ones, trailing optional ones, then at most one repeating one.
        let arities = spec.arguments.compactMap(\.arity)
        let order = arities.map { arity -> Int in
            switch arity { case .leadingOptional: 0; case .required: 1; case .optional: 2; case .repeating: 3 }
        }
        if order != order.sorted() { problems.append("positionals must be: leading optional, required, optional, one repeating") }
        if order.filter({ $0 == 3 }).count > 1 { problems.append("more than one repeating positional") }
        if order.contains(0) && (order.contains(3) || !order.contains(where: { $0 == 1 || $0 == 2 })) {
            problems.append("a leading optional positional needs single positionals after it and no repeating one")
        }
        return problems
    }

    static func readProblems(_ declared: [ArgumentSpec], _ build: (ParsedArguments) throws -> Void) -> [String] {
        precondition(declared.count <= 12, "too many combinations")
        var problems: [String] = [], read: Set<String> = [], built = 0
        for combination in 0..<(1 << declared.count) {
            var arguments = ParsedArguments(declared: declared)
            arguments.onRead = { read.insert($0.name) }
            for (i, arg) in declared.enumerated() where combination & (1 << i) != 0 {
                arguments.record(arg, text: arg.kind == .flag ? nil : arg.example)
            }
            do {
                try build(arguments)
                built += 1
            } catch let error as UndeclaredArgumentError {
                if !problems.contains(error.message.description) { problems.append(error.message.description) }
            } catch {
                // A usage error: this combination does not go together (--amount with --hours).
            }
        }
        if built == 0 { problems.append("no combination of example values builds it") }
        for arg in declared where !read.contains(arg.name) { problems.append("\(arg.display) is declared but never read") }
        return problems
    }

    static func duplicates(_ names: [String]) -> [String] {
        Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    }
}

/// Reads an argument it does not declare, as a mistake would.
private struct ReadsUndeclared: Command {
    static let declared = Option("--declared", value: "x", help: "Declared.")
    static let undeclared = Option("--undeclared", value: "x", help: "Not in the spec.")
    static let spec = CommandSpec(name: "bad", abstract: "Reads an argument it does not declare.", arguments: [declared])
    init(_ a: ParsedArguments) throws { _ = try a[Self.declared]; _ = try a[Self.undeclared] }
    func run(_ context: CommandContext) throws {}
}
