import AkkordKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses the command line, runs the command and turns errors into messages and exit codes.
enum Runner {
    static let version = "0.1.0"

    static func main(_ argv: [String], environment: [String: String]) -> Int32 {
        // Completion is asked for by the shell as the user types: whatever is wrong with the
        // words so far (a `-p` without its value, `--lang xx`), it offers nothing, silently.
        if argv.contains(CompleteCommand.spec.name) {
            _ = run(argv, environment: environment, colorErrors: false, reportErrors: false)
            return ExitStatus.success.rawValue
        }
        return run(argv, environment: environment,
                   colorErrors: !argv.contains("--no-color") && environment["NO_COLOR"].map(\.isEmpty) != false && isatty(2) == 1)
    }

    private static func run(_ argv: [String], environment: [String: String], colorErrors: Bool, reportErrors: Bool = true) -> Int32 {
        var context: CommandContext?
        do {
            let invocation = try ArgumentParser(root: RootCommand.self).parse(argv)
            let globals = try GlobalOptions(invocation.globals)
            let ctx = CommandContext(globals: globals, environment: environment, argv: argv)
            context = ctx
            if globals.version {
                ctx.print("akkord \(version)")
            } else if globals.help {
                ctx.print(HelpFormatter.help(invocation.path, language: ctx.helpLanguage))
            } else if !invocation.command.spec.subcommands.isEmpty && invocation.command.spec.arguments.allSatisfy({ !$0.isPositional }) {
                ctx.print(HelpFormatter.help(invocation.path, language: ctx.helpLanguage))
            } else {
                // A bad AKKORD_LANG or a config file that does not parse stops every command
                // (64 / 65) before it prints anything, not only those that open the store.
                var arguments = invocation.arguments
                if invocation.command.spec.needsLanguage {
                    arguments.context.words = try ctx.resolvedLanguage()
                    arguments.context.numbers = try ctx.resolvedNumberFormat()
                    MappedFileGuard.danish = arguments.context.words == .da
                }
                arguments.context.note = { ctx.note($0) }
                arguments.context.year = (try? ctx.today()).flatMap { Int($0.prefix(4)) }
                try invocation.command.init(arguments).run(ctx)
            }
            try ctx.finish()
            return ExitStatus.success.rawValue
        } catch let error as UserFacingError {
            context?.flush()
            guard reportErrors else { return error.exitStatus.rawValue }
            let language = context?.messageLanguage ?? MessagePrefix.languageBeforeRunning(argv: argv, environment: environment)
            // Not `numberFormat`: when the settings cannot be read, that warns before the error.
            let numbers = context.flatMap { try? $0.resolvedNumberFormat() } ?? language
            let prefix = MessagePrefix.error.text(language)
            for line in error.shownDetails { Terminal.writeError(prefix + line.said(language, numbers: numbers), color: colorErrors) }
            Terminal.writeError(prefix + error.message.said(language, numbers: numbers), color: colorErrors)
            if let hint = error.hint { Terminal.writeError(MessagePrefix.hint.text(language) + hint.said(language, numbers: numbers), color: colorErrors) }
            return error.exitStatus.rawValue
        } catch {
            context?.flush()
            guard reportErrors else { return ExitStatus.failure.rawValue }
            let language = context?.messageLanguage ?? MessagePrefix.languageBeforeRunning(argv: argv, environment: environment)
            Terminal.writeError(MessagePrefix.error.text(language) + Phrase("\(error)").said(language), color: colorErrors)
            return ExitStatus.failure.rawValue
        }
    }
}
