#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Runs a program and waits for it, with `posix_spawn` and `waitpid`. Foundation's `Process`
/// took about 30 ms a run on Linux (its wait polls a run loop), against under 2 ms here; with a
/// few thousand runs of akkord that was most of the end-to-end suite's time.
enum ChildProcess {
    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `executable` with `arguments` and exactly `environment`; `input` is written to its
    /// standard input (then closed), its standard output and error go to the files at `stdout`
    /// and `stderr` (made or emptied), so a large output can never block it. Returns the exit
    /// status, or 128 + the signal that ended it.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    input: Data?, stdout: String, stderr: String) throws -> Int32 {
        // A child that exits without reading all its input must not end the test process.
        signal(SIGPIPE, SIG_IGN)
        let out = open(stdout, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let err = open(stderr, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { if out >= 0 { close(out) }; if err >= 0 { close(err) } }
        guard out >= 0, err >= 0 else { throw SpawnError(description: "cannot open \(stdout) or \(stderr): errno \(errno)") }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw SpawnError(description: "pipe: errno \(errno)") }
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)

        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        posix_spawn_file_actions_adddup2(&actions, out, 1)
        posix_spawn_file_actions_adddup2(&actions, err, 2)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(pipeEnds[0])
        guard spawned == 0 else {
            close(pipeEnds[1])
            throw SpawnError(description: "cannot run \(executable): errno \(spawned)")
        }
        if let input, !input.isEmpty {
            input.withUnsafeBytes { raw in
                var written = 0
                while written < raw.count {
                    let n = write(pipeEnds[1], raw.baseAddress! + written, raw.count - written)
                    if n > 0 { written += n } else if n < 0, errno == EINTR { continue } else { break }
                }
            }
        }
        close(pipeEnds[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 { if errno != EINTR { break } }
        // WIFEXITED / WEXITSTATUS, spelled out (the C macros are not imported).
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
