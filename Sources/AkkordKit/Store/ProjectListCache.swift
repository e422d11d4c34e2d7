import AkkordSupport
import AkkordModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `<store>/.project-list`: what `project list` shows of each project file (`ProjectListEntry`),
/// kept with the identity of the file it was read from, so a list of 20,000 projects stats their
/// files and reads this one instead of reading them all. Derived and safe to delete, like
/// `.catalogue-index`: a cache that is damaged in any way (cut short, garbled, another version, a
/// value no project file can give) is ignored as if it were not there, and made again.
///
/// An entry stands for the file's bytes because its identity is the file's `stat`: device,
/// inode, size, modification time and change time (ctime), to the nanosecond. Every write to a
/// file, a rename onto it, a chmod, sets its ctime to the kernel's clock, and no user can set
/// ctime (touch and utimes set only the modification time; only setting the system clock back
/// could); so a file whose identity is unchanged has unchanged contents, and a file changed
/// behind akkord's back by any means is read again. The one gap is the clock's grain: the kernel stamps ctime from a clock that moves
/// in ticks (a few milliseconds; 1 or 2 s on some file systems), so two writes in one tick can
/// leave the same ctime. An entry is therefore kept only for a file whose ctime is
/// `settleSeconds` before the list began: any later write gets a later ctime.
package struct ProjectListCache: Equatable, Sendable {
    /// A file as `stat` gives it.
    package struct Identity: Equatable, Sendable {
        let device: UInt64, inode: UInt64, size: Int64
        let modifiedSeconds: Int64, modifiedNanoseconds: Int64
        package let changedSeconds: Int64, changedNanoseconds: Int64

        package init(device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64,
             changedSeconds: Int64, changedNanoseconds: Int64) {
            self.device = device; self.inode = inode; self.size = size
            self.modifiedSeconds = modifiedSeconds; self.modifiedNanoseconds = modifiedNanoseconds
            self.changedSeconds = changedSeconds; self.changedNanoseconds = changedNanoseconds
        }

        package init(_ st: stat) {
            #if canImport(Darwin)
            let modified = st.st_mtimespec, changed = st.st_ctimespec
            #else
            let modified = st.st_mtim, changed = st.st_ctim
            #endif
            self.init(device: UInt64(truncatingIfNeeded: st.st_dev), inode: UInt64(truncatingIfNeeded: st.st_ino), size: Int64(st.st_size),
                      modifiedSeconds: Int64(modified.tv_sec), modifiedNanoseconds: Int64(modified.tv_nsec),
                      changedSeconds: Int64(changed.tv_sec), changedNanoseconds: Int64(changed.tv_nsec))
        }

        /// Whether the file was last changed at least `settleSeconds` before `now` (so no write
        /// after `now` can leave its ctime as it is).
        func isSettled(now: timespec) -> Bool {
            let limit = Int64(now.tv_sec) - ProjectListCache.settleSeconds   // (a file's ctime + 2 could overflow; now - 2 cannot)
            return changedSeconds < limit || (changedSeconds == limit && changedNanoseconds <= Int64(now.tv_nsec))
        }
    }

    package struct Entry: Equatable, Sendable, ProjectCacheEntry {
        package let identity: Identity
        package let listEntry: ProjectListEntry

        package init(identity: Identity, listEntry: ProjectListEntry) { self.identity = identity; self.listEntry = listEntry }
        package init(identity: Identity, value: ProjectListEntry) { self.init(identity: identity, listEntry: value) }
        package var value: ProjectListEntry { listEntry }
    }

    /// The format: a change to it changes the marker, and a cache of another marker is ignored.
    static let magic: [UInt8] = Array("AKPL0002".utf8)
    /// Longer than any file system's timestamp grain (FAT's 2 s).
    package static let settleSeconds: Int64 = 2

    /// By project id.
    package let entries: [String: Entry]

    package init(_ entries: [Entry]) {
        self.entries = Dictionary(entries.map { ($0.listEntry.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The marker, the number of entries, each entry (its identity, status, line count,
    /// subtotal, id, name, end and the settlement's three dates; numbers 8 bytes little-endian, texts with their length
    /// before them), then a 64-bit hash of all that, so a torn or garbled cache is found.
    package static func encode(_ entries: [Entry]) -> [UInt8] {
        var out = magic
        out.reserveCapacity(magic.count + 16 + entries.count * 160)
        func int(_ v: Int64) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        func string(_ s: String) { int(Int64(s.utf8.count)); out += s.utf8 }
        int(Int64(entries.count))
        for e in entries {
            let i = e.identity, p = e.listEntry
            for v in [Int64(bitPattern: i.device), Int64(bitPattern: i.inode), i.size, i.modifiedSeconds, i.modifiedNanoseconds,
                      i.changedSeconds, i.changedNanoseconds, p.status == .open ? 0 : 1, Int64(p.lineCount), p.subtotal.raw] {
                int(v)
            }
            string(p.id); string(p.name); string(p.end ?? "")
            string(p.handedIn ?? ""); string(p.approved ?? ""); string(p.disputed ?? "")
        }
        int(Int64(bitPattern: ByteHash.hash64(out[...])))
        return out
    }

    /// Reads a cache; nil when it is damaged or of another format. The hash proves only that
    /// the bytes are whole, not that they are ours: each value must also be one a project file
    /// can give (a slug id, each once; a name the rules allow; a date; a subtotal in Money's range).
    package init?(_ file: [UInt8]) {
        let smallest = 16 * 8 + 2   // an entry with a one-letter id and name and no dates
        guard file.count >= Self.magic.count + 16, file.starts(with: Self.magic) else { return nil }
        let body = file.count - 8
        var trailer = CacheFileReader(bytes: file, at: body, end: file.count)
        guard trailer.int() == Int64(bitPattern: ByteHash.hash64(file[..<body])) else { return nil }
        var r = CacheFileReader(bytes: file, at: Self.magic.count, end: body)
        guard let n = r.int(), n >= 0, n <= Int64((body - r.at) / smallest) else { return nil }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(min(Int(n), 1 << 17))   // a forged count is not an allocation
        for _ in 0..<n {
            guard let identity = r.identity(),
                  let status = r.int(), status == 0 || status == 1, let count = r.int(), count >= 0, let lineCount = Int(exactly: count),
                  let subtotal = r.int(), (-Money.maximumRaw...Money.maximumRaw).contains(subtotal),
                  let id = r.string(), Slug.isValid(id), entries[id] == nil,
                  let name = r.string(), !name.isEmpty, TextField.name.problem(name) == nil,
                  let end = r.string(), end.isEmpty || ISODate.problem(end) == nil,
                  let handedIn = r.string(), handedIn.isEmpty || ISODate.problem(handedIn) == nil,
                  let approved = r.string(), approved.isEmpty || ISODate.problem(approved) == nil,
                  let disputed = r.string(), disputed.isEmpty || ISODate.problem(disputed) == nil
            else { return nil }
            entries[id] = Entry(identity: identity, listEntry: ProjectListEntry(
                id: id, name: name, status: status == 0 ? .open : .closed, lineCount: lineCount, subtotal: Money(raw: subtotal),
                end: end.isEmpty ? nil : end, handedIn: handedIn.isEmpty ? nil : handedIn,
                approved: approved.isEmpty ? nil : approved, disputed: disputed.isEmpty ? nil : disputed))
        }
        guard r.at == body else { return nil }
        self.entries = entries
    }
}

extension Store {
    var projectListCacheFile: String { directory + "/.project-list" }

    /// What `project list` shows of every project file, in id order, and the files that do not
    /// read (`StoreFileError` or `InvalidDataError`, each naming its file; any other error is
    /// thrown). A file whose identity is the one in `.project-list` is taken from there; every
    /// other file is read with `loadListEntry`, so a file that does not read is reported as it
    /// always was, and is never cached. Call under the store's lock (shared is enough).
    /// `cache`: what `.project-list` should now hold, nil when it holds that already (or when a
    /// file does not read); the caller writes it (`writeProjectListCache`) once the whole
    /// command has succeeded, so a list that fails leaves the store as it found it.
    /// `now`: the clock that says which files are settled (a test's).
    package func listEntries(now: timespec? = nil) throws -> (entries: [ProjectListEntry], unreadable: [Error], cache: [ProjectListCache.Entry]?) {
        let cacheBytes = try? FileIO.read(projectListCacheFile, limit: Store.maximumFileBytes, followSymlinks: false)
        let cache = cacheBytes.flatMap(ProjectListCache.init)
        let walk = try walkProjectFiles(cached: cache?.entries, cacheUnusable: cacheBytes != nil && cache == nil, now: now, make: loadListEntry)
        return (walk.values, walk.unreadable, walk.kept)
    }

    /// The walk of both caches (`.project-list`, `.project-summary`) over every project file, in
    /// id order: a file whose identity is the one in `cached` gives the value there; every other
    /// file is read by `make`, so a file that does not read is reported as it always was
    /// (`StoreFileError` or `InvalidDataError`, each naming its file; any other error is thrown)
    /// and never cached, and a file is cached only once settled (`Identity.isSettled`, under the
    /// clock `now`, else the machine's). `kept`: what the cache should now hold, nil when it holds
    /// that already. It is written again when it would hold something else: new or changed files
    /// to keep, or entries of files changed or removed to drop, or a cache that was there but
    /// `cacheUnusable` (damaged, or made by another program). But not by a command that found a
    /// file it cannot read: that command fails (exit 65), and a command that fails leaves the
    /// store as it found it (the fuzzer checks so). Meanwhile the entry of a file damaged since it
    /// was cached cannot match (the damage changed its ctime); the next command that reads every
    /// file brings the cache up to date.
    func walkProjectFiles<Entry: ProjectCacheEntry>(cached: [String: Entry]?, cacheUnusable: Bool, now given: timespec?,
                                                    make: (String) throws -> Entry.Value) throws -> (values: [Entry.Value], unreadable: [Error], kept: [Entry]?) {
        let ids = try projectIds()
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        if let given { now = given }
        let projects = open(projectsDirectory, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        defer { if projects >= 0 { close(projects) } }

        var values: [Entry.Value] = [], unreadable: [Error] = [], kept: [Entry] = []
        values.reserveCapacity(ids.count)
        var reused = 0, added = 0
        for id in ids {
            // Stat before reading: a file changed between the two is cached with the identity
            // it had before, which no longer matches it.
            let identity = projects >= 0 ? Self.regularFileIdentity(projects, id + ".json") : nil
            if let identity, let entry = cached?[id], entry.identity == identity {
                values.append(entry.value)
                kept.append(entry)
                reused += 1
                continue
            }
            do {
                let value = try make(id)
                values.append(value)
                if let identity, identity.isSettled(now: now) {
                    kept.append(Entry(identity: identity, value: value))
                    added += 1
                }
            } catch let e as StoreFileError { unreadable.append(e) } catch let e as InvalidDataError { unreadable.append(e) }
        }
        let changed = unreadable.isEmpty && (added > 0 || reused != (cached?.count ?? 0) || cacheUnusable)
        return (values, unreadable, changed ? kept : nil)
    }

    /// `name` in the open directory `directory` when it is a regular file (not followed through
    /// a link); nil for anything else, which is then read the usual way and refused there.
    static func regularFileIdentity(_ directory: Int32, _ name: String) -> ProjectListCache.Identity? {
        var st = stat()
        guard fstatat(directory, name, &st, AT_SYMLINK_NOFOLLOW) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return ProjectListCache.Identity(st)
    }

    /// Best effort, like the catalogue's index: a store that cannot be written (read-only, full,
    /// not there) is listed all the same, only slower, and nothing is said. The temporary goes to
    /// `tmp/` as other writes' do (to the store directory when there is no `tmp/`, as in a store
    /// made by a script); no directory is made for it.
    package func writeProjectListCache(_ entries: [ProjectListCache.Entry]) {
        guard access(directory, W_OK) == 0 else { return }
        let temporaries = FileIO.isDirectory(temporaryDirectory) ? temporaryDirectory : directory
        try? AtomicFile.write(ProjectListCache.encode(entries), to: projectListCacheFile, temporaryDirectory: temporaries)
    }
}

/// An entry of a cache of one value per project file (`.project-list`, `.project-summary`): the
/// file's identity when the value was made, and the value.
package protocol ProjectCacheEntry {
    associatedtype Value
    var identity: ProjectListCache.Identity { get }
    var value: Value { get }
    init(identity: ProjectListCache.Identity, value: Value)
}
