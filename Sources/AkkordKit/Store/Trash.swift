import AkkordSupport
import AkkordModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `trash/`: deleted and replaced projects, each file as it was (`<id>.json`, then `<id>.2.json`,
/// … for later ones of the same id). Entries are named `<id>.<n>`: `a.1` is `a.json`, `a.2` is
/// `a.2.json`, so a project id alone never names one of several.
extension Store {
    package func trashFile(_ entry: String) -> String { directory + "/" + Self.trashFileName(entry) }

    /// An entry's file as messages name it, relative to the store: `trash/a.json` for `a.1`,
    /// `trash/a.2.json` for `a.2`.
    public static func trashFileName(_ entry: String) -> String {
        "trash/\(entry.hasSuffix(".1") ? String(entry.dropLast(2)) : entry).json"
    }

    /// The entries, oldest of an id first (`a.1`, `a.2`, `a.10`, `b.1`).
    public func trashEntries() -> [String] {
        Self.entries(of: trashDirectory).compactMap { name -> (String, Int)? in
            guard name.hasSuffix(".json"), !name.hasPrefix(".") else { return nil }
            let stem = name.dropLast(5)
            let parts = stem.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 1, Slug.isValid(String(stem)) { return (String(stem), 1) }
            if parts.count == 2, Slug.isValid(String(parts[0])), let n = Int(parts[1]), n >= 2, "\(n)" == parts[1] { return (String(parts[0]), n) }
            return nil
        }
        .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        .map { "\($0.0).\($0.1)" }
    }

    /// The entry `name` names: itself, or for a project id the newest entry of that id.
    public func trashEntry(named name: String) throws -> String {
        let entries = trashEntries()
        if entries.contains(name) { return name }
        if let newest = entries.last(where: { $0.hasPrefix(name + ".") }) { return newest }
        throw AkkordError.notInTrash(name, trashed: entries)
    }

    public func loadTrashedProject(_ entry: String) throws -> Project {
        let path = trashFile(entry)
        guard let bytes = try readFile(path) else { throw AkkordError.notInTrash(entry, trashed: trashEntries()) }
        return try ProjectCodec.decode(bytes, source: path)
    }

    package func removeFromTrash(_ entry: String) throws {
        guard unlink(trashFile(entry)) == 0 || errno == ENOENT else { throw AkkordError.cannotWrite(path: trashFile(entry), reason: FileIO.errnoMessage()) }
        do { try AtomicFile.syncDirectory(trashDirectory) } catch { throw AkkordError.cannotWrite(path: trashDirectory, reason: "\(error)") }
    }
}
