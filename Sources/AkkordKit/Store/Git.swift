import AkkordSupport
import AkkordModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `git`, found on `PATH` and run as a child process in the store (`git -C <store> …`), with
/// umask 077 so every file git makes is the user's alone (SPEC §14), its output captured. The
/// library never shows git's own words to a person except as the reason of a `GitError`.
public struct Git: Sendable {
    /// The oldest git akkord works with.
    public static let minimumVersion = (major: 2, minor: 38)

    public let executable: String
    public let directory: String
    /// The environment git runs with (the user's, for ssh keys and git's own config), with
    /// git's messages in English so akkord can read them, and no pager.
    let environment: [String]

    /// The result of one run.
    public struct Output: Sendable {
        public let status: Int32
        public let stdout: [UInt8]
        public let stderr: [UInt8]
        public var text: String { String(decoding: stdout, as: UTF8.self) }
        /// The first line of standard output, without its line end.
        public var line: String { String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "") }
        public var errorText: String { String(decoding: stderr, as: UTF8.self).gitTrimmed(" \n") }
    }

    /// Finds git on `PATH` and checks its version (≥ 2.38).
    /// `checkingVersion: false` only asks git what it knows (its `user.name`): no version run.
    public static func find(environment: [String: String], directory: String, checkingVersion: Bool = true) throws -> Git {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        var found: String?
        for dir in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = "\(dir)/git"
            var st = stat()
            if stat(candidate, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 { found = candidate; break }
        }
        guard let found else { throw GitError.notInstalled }
        var env = environment
        env["LC_ALL"] = "C"; env["LANGUAGE"] = nil; env["GIT_PAGER"] = "cat"; env["PAGER"] = "cat"
        env["GIT_TERMINAL_PROMPT"] = env["GIT_TERMINAL_PROMPT"] ?? "0"
        let git = Git(executable: found, directory: directory, environment: env.map { "\($0.key)=\($0.value)" })
        guard checkingVersion else { return git }
        let version = try git.run(["--version"], inStore: false)
        let numbers = version.line.split(separator: " ").last.map { $0.split(separator: ".").compactMap { Int($0) } } ?? []
        guard numbers.count >= 2 else { throw GitError.tooOld(version: version.line) }
        if numbers[0] < minimumVersion.major || (numbers[0] == minimumVersion.major && numbers[1] < minimumVersion.minor) {
            throw GitError.tooOld(version: version.line)
        }
        return git
    }

    /// The same git, run in another directory.
    public func inDirectory(_ directory: String) -> Git { Git(executable: executable, directory: directory, environment: environment) }

    /// Runs `git -C <store> args…`; a status other than 0 is a `GitError.failed` unless `check` is false.
    @discardableResult
    public func run(_ arguments: [String], input: [UInt8] = [], check: Bool = true, inStore: Bool = true) throws -> Output {
        let argv = [executable] + (inStore ? ["-C", directory] : []) + arguments
        let output = try Self.spawn(argv, environment: environment, input: input)
        if check, output.status != 0 {
            throw GitError.failed(command: "git " + arguments.prefix(2).joined(separator: " "), message: output.errorText)
        }
        return output
    }

    /// Runs the child with its standard input, output and error on pipes, reading both outputs
    /// while writing the input (so neither side waits on a full pipe), under umask 077.
    static func spawn(_ argv: [String], environment: [String], input: [UInt8]) throws -> Output {
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
            throw GitError.cannotRun(reason: FileIO.errnoMessage())
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in inPipe + outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }

        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = environment.map { strdup($0) } + [nil]
        defer { for p in cArgs + cEnv { free(p) } }
        let oldMask = umask(0o077)
        var pid = pid_t()
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv)
        umask(oldMask)
        close(inPipe[0]); close(outPipe[1]); close(errPipe[1])
        guard spawned == 0 else {
            close(inPipe[1]); close(outPipe[0]); close(errPipe[0])
            throw GitError.cannotRun(reason: FileIO.errnoMessage(spawned))
        }
        var out: [UInt8] = [], err: [UInt8] = []
        var written = 0
        var inOpen = true
        if input.isEmpty { close(inPipe[1]); inOpen = false } else { _ = fcntl(inPipe[1], F_SETFL, O_NONBLOCK) }
        var outOpen = true, errOpen = true
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while outOpen || errOpen || inOpen {
            var fds: [pollfd] = []
            if outOpen { fds.append(pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0)) }
            if errOpen { fds.append(pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0)) }
            if inOpen { fds.append(pollfd(fd: inPipe[1], events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 { if errno == EINTR { continue }; break }
            for f in fds where f.revents != 0 {
                if f.fd == inPipe[1] {
                    let n = input.withUnsafeBytes { raw in write(f.fd, raw.baseAddress! + written, min(input.count - written, 1 << 16)) }
                    if n > 0 { written += n }
                    if n < 0, errno != EAGAIN, errno != EINTR { written = input.count }
                    if written >= input.count { close(inPipe[1]); inOpen = false }
                    continue
                }
                let n = buffer.withUnsafeMutableBytes { read(f.fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    if f.fd == outPipe[0] { out.append(contentsOf: buffer[0..<n]) } else { err.append(contentsOf: buffer[0..<n]) }
                } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                    if f.fd == outPipe[0] { outOpen = false; close(outPipe[0]) } else { errOpen = false; close(errPipe[0]) }
                }
            }
        }
        if inOpen { close(inPipe[1]) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 { if errno != EINTR { break } }
        // WIFEXITED / WEXITSTATUS, spelled out (the C macros are not imported).
        let code: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Output(status: code, stdout: out, stderr: err)
    }
}

extension StringProtocol {
    func gitTrimmed(_ set: String) -> String {
        let chars = Set(set)
        var s = Substring(String(self))
        while let f = s.first, chars.contains(f) { s = s.dropFirst() }
        while let l = s.last, chars.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
