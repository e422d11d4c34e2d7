#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Large project files are read mapped (`MappedFile`). akkord never writes a file in place, but
/// another program may cut one short while a report reads it; reading a mapped page past the
/// file's new end raises SIGBUS. That is turned into akkord's refusal of a changed file (exit
/// 65, one line on stderr) instead of a crash. Only `write` and `_exit` run in the handler.
enum MappedFileGuard {
    /// Whether the handler's line is Danish: set once the command's language is known (the
    /// handler cannot look it up, so it chooses between two fixed lines).
    nonisolated(unsafe) static var danish = false

    static func install() {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in MappedFileGuard.report() }
        #else
        action.__sigaction_u.__sa_handler = { _ in MappedFileGuard.report() }
        #endif
        sigemptyset(&action.sa_mask)
        sigaction(SIGBUS, &action, nil)
    }

    fileprivate static func report() -> Never {
        let message: StaticString = danish
            ? "fejl: en projektfils linjer blev ændret, mens akkord læste dem (et andet program afkortede filen, hvor den lå); kør kommandoen igen\n"
            : "error: a project file's lines changed while akkord was reading them (another program cut the file short in place); run the command again\n"
        _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
        _exit(65)
    }
}
