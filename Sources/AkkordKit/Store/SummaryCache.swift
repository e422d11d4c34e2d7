import AkkordSupport
import AkkordModel
import AkkordAccounting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `<store>/.project-summary`: what `summary` takes of each project file
/// (`ProjectsSummary.ProjectFigures`: its row and its team's figures), kept with the identity of
/// the file it was read from, so a summary of 20,000 projects stats their files and reads this
/// one instead of reading them all. Derived and safe to delete, like `.project-list` (whose
/// rules it follows, see `ProjectListCache`): an entry stands for a file whose `stat` identity
/// (device, inode, size, modification and change times to the nanosecond) is the one kept, and
/// is kept only for a file settled `ProjectListCache.settleSeconds` before the summary began; a
/// cache damaged in any way (cut short, garbled, another version, a value no project file can
/// give) is ignored as if it were not there, and made again.
///
/// An entry is made only from a full, checked read of its file (every line and sum, as a report
/// reads it) and that file's accounting: never from figures a file states about itself. The
/// figures are the program's arithmetic, so the cache also records the program (`program`: the
/// identity of its executable): a cache another build of akkord made is made again.
package struct SummaryCache: Equatable, Sendable {
    package typealias Identity = ProjectListCache.Identity

    package struct Entry: Equatable, Sendable, ProjectCacheEntry {
        package let identity: Identity
        package let figures: ProjectsSummary.ProjectFigures

        package init(identity: Identity, figures: ProjectsSummary.ProjectFigures) { self.identity = identity; self.figures = figures }
        package init(identity: Identity, value: ProjectsSummary.ProjectFigures) { self.init(identity: identity, figures: value) }
        package var value: ProjectsSummary.ProjectFigures { figures }
    }

    /// The format: a change to it changes the marker, and a cache of another marker is ignored.
    static let magic: [UInt8] = Array("AKPS0001".utf8)

    /// The program the figures were made by.
    package let program: Identity?
    /// By project id.
    package let entries: [String: Entry]

    package init(program: Identity?, _ entries: [Entry]) {
        self.program = program
        self.entries = Dictionary(entries.map { ($0.figures.row.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The identity of the running program's executable (nil where it cannot be found).
    package static func currentProgram() -> Identity? {
        #if os(Linux)
        let path = "/proc/self/exe"
        #else
        guard let path = CommandLine.arguments.first else { return nil }
        #endif
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Identity(st)
    }

    /// The marker, the program's identity, the number of entries, each entry (its file's
    /// identity; status, total, apprentice pay, pool, journeyman hours, hourly earnings; id,
    /// name, employer, start, end; the team rows: name, hours, share, advances, balance), then a
    /// 64-bit hash of all that. Numbers 8 bytes little-endian, an optional number a 0/1 flag then
    /// the number, texts with their length before them.
    package static func encode(program: Identity?, _ entries: [Entry]) -> [UInt8] {
        var out = magic
        out.reserveCapacity(magic.count + 80 + entries.count * 300)
        func int(_ v: Int64) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        func optional(_ v: Int64?) { int(v == nil ? 0 : 1); int(v ?? 0) }
        func string(_ s: String) { int(Int64(s.utf8.count)); out += s.utf8 }
        func identity(_ i: Identity) {
            for v in [Int64(bitPattern: i.device), Int64(bitPattern: i.inode), i.size, i.modifiedSeconds, i.modifiedNanoseconds,
                      i.changedSeconds, i.changedNanoseconds] {
                int(v)
            }
        }
        int(program == nil ? 0 : 1)
        identity(program ?? Identity(device: 0, inode: 0, size: 0, modifiedSeconds: 0, modifiedNanoseconds: 0, changedSeconds: 0, changedNanoseconds: 0))
        int(Int64(entries.count))
        for e in entries {
            identity(e.identity)
            let r = e.figures.row
            for v in [r.status == .open ? 0 : 1, r.total.raw, r.apprenticePay.raw, r.pool.raw, r.journeymanHours.raw] { int(v) }
            optional(r.hourlyEarnings?.raw)
            string(r.id); string(r.name); string(r.employer); string(r.start ?? ""); string(r.end ?? "")
            int(Int64(e.figures.team.count))
            for t in e.figures.team {
                string(t.name)
                int(t.hours.raw)
                optional(t.share?.raw)
                int(t.advances.raw)
                optional(t.balance?.raw)
            }
        }
        int(Int64(bitPattern: ByteHash.hash64(out[...])))
        return out
    }

    /// Reads a cache; nil when it is damaged or of another format. The hash proves only that
    /// the bytes are whole, not that they are ours: each value must also be one a project file
    /// can give (a slug id, each once; a name; dates; a status).
    package init?(_ file: [UInt8]) {
        let smallest = 7 * 8 + 5 * 8 + 2 * 8 + 5 * 8 + 8 + 2   // an entry with a one-letter id and name, no team
        guard file.count >= Self.magic.count + 8 * 10, file.starts(with: Self.magic) else { return nil }
        let body = file.count - 8
        var trailer = CacheFileReader(bytes: file, at: body, end: file.count)
        guard trailer.int() == Int64(bitPattern: ByteHash.hash64(file[..<body])) else { return nil }
        var r = CacheFileReader(bytes: file, at: Self.magic.count, end: body)
        guard let hasProgram = r.int(), hasProgram == 0 || hasProgram == 1, let program = r.identity() else { return nil }
        guard let n = r.int(), n >= 0, n <= Int64((body - r.at) / smallest) else { return nil }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(min(Int(n), 1 << 17))   // a forged count is not an allocation
        for _ in 0..<n {
            guard let identity = r.identity(),
                  let status = r.int(), status == 0 || status == 1,
                  let total = r.int(), let apprenticePay = r.int(), let pool = r.int(), let journeymanHours = r.int(),
                  let hourlyEarnings = r.optional(),
                  let id = r.string(), Slug.isValid(id), entries[id] == nil,
                  let name = r.string(), !name.isEmpty,
                  let employer = r.string(),
                  let start = r.string(), start.isEmpty || ISODate.problem(start) == nil,
                  let end = r.string(), end.isEmpty || ISODate.problem(end) == nil,
                  let teamCount = r.int(), teamCount >= 0, teamCount <= Int64((body - r.at) / (5 * 8 + 1))
            else { return nil }
            var team: [ProjectsSummary.ProjectFigures.TeamRow] = []
            team.reserveCapacity(Int(teamCount))
            for _ in 0..<teamCount {
                guard let worker = r.string(), !worker.isEmpty, let hours = r.int(), let share = r.optional(), let advances = r.int(),
                      let balance = r.optional()
                else { return nil }
                team.append(.init(name: worker, hours: Hours(raw: hours), share: share.map(Money.init(raw:)), advances: Money(raw: advances),
                                  balance: balance.map(Money.init(raw:))))
            }
            let row = ProjectsSummary.ProjectRow(
                id: id, name: name, employer: employer, status: status == 0 ? .open : .closed,
                start: start.isEmpty ? nil : start, end: end.isEmpty ? nil : end, total: Money(raw: total), apprenticePay: Money(raw: apprenticePay),
                pool: Money(raw: pool), journeymanHours: Hours(raw: journeymanHours), hourlyEarnings: hourlyEarnings.map(Money.init(raw:)))
            entries[id] = Entry(identity: identity, figures: ProjectsSummary.ProjectFigures(row: row, team: team))
        }
        guard r.at == body else { return nil }
        self.program = hasProgram == 1 ? program : nil
        self.entries = entries
    }
}

extension Store {
    package var summaryCacheFile: String { directory + "/.project-summary" }

    /// What `summary` takes of every project file (`ProjectFigures`), in id order, and the files
    /// that do not read (`StoreFileError` or `InvalidDataError`, each naming its file; any other
    /// error is thrown). A file whose identity is the one in `.project-summary` (made by this
    /// program) is taken from there; every other file is read in full and checked as a report
    /// reads it, and its figures are its accounting. Call under the store's lock (shared is
    /// enough). `cache`: what `.project-summary` should now hold, nil when it holds that already
    /// (or when a file does not read); the caller writes it (`writeSummaryCache`) once the whole
    /// command has succeeded. `now`: the clock that says which files are settled (a test's).
    package func summaryFigures(now: timespec? = nil) throws -> (figures: [ProjectsSummary.ProjectFigures], unreadable: [Error], cache: SummaryCache?) {
        let program = SummaryCache.currentProgram()
        let cacheBytes = try? FileIO.read(summaryCacheFile, limit: Store.maximumFileBytes, followSymlinks: false)
        let read = cacheBytes.flatMap(SummaryCache.init)
        // Figures another program made are not this one's: none is taken, all are made again.
        let cache = read.flatMap { program != nil && $0.program == program ? $0 : nil }
        let walk = try walkProjectFiles(cached: cache?.entries, cacheUnusable: cacheBytes != nil && cache == nil, now: now) { id in
            let (head, lines) = try loadProjectForReading(id)
            return ProjectsSummary.ProjectFigures(head, accounting: try FinalAccounting(head, lines: lines))
        }
        return (walk.values, walk.unreadable, walk.kept.map { SummaryCache(program: program, $0) })
    }

    /// Best effort, like `writeProjectListCache`: a store that cannot be written is summed all
    /// the same, only slower, and nothing is said.
    package func writeSummaryCache(_ cache: SummaryCache) {
        guard access(directory, W_OK) == 0 else { return }
        let temporaries = FileIO.isDirectory(temporaryDirectory) ? temporaryDirectory : directory
        let kept = cache.entries.keys.sorted().map { cache.entries[$0]! }
        try? AtomicFile.write(SummaryCache.encode(program: cache.program, kept), to: summaryCacheFile, temporaryDirectory: temporaries)
    }
}
