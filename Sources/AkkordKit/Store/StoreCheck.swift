import AkkordSupport
import AkkordModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `akkord check`: reads every store file, validates it with the rules the writers apply,
/// verifies every photo against its SHA-256 name and structure, and lists every problem (each
/// with the file and the place in it) and every leftover (files no one needs). Reads only;
/// `removeLeftovers` is the one thing it may be asked to mend.
extension Store {
    public struct CheckReport: Sendable {
        public var filesRead = 0
        public var projects = 0
        public var photos = 0
        public var problems: [Phrase] = []
        /// Files that harm nothing but take space: `check --fix` removes them.
        public var leftovers: [Leftover] = []
        /// Photos that would be leftovers but are kept because a file that could name them does
        /// not read: its paths (`check --fix` removes none of those photos while it is so).
        public var photosKeptFor: [String] = []
        public var photosKept = 0
        /// Trash entries that do not read: a damaged project file moved there as it was
        /// (`project delete --force`) is not a problem of the store, but `restore` refuses it.
        public var unreadableTrash: [String] = []
    }

    public struct Leftover: Sendable, Equatable {
        public let path: String
        public let reason: String
        public let bytes: Int
    }

    public func check() -> CheckReport {
        var report = CheckReport()
        func note(_ error: Error) {
            if let e = error as? InvalidDataError { report.problems += e.problems.map { e.located($0) } } else {
                report.problems.append("\(error)")
            }
        }
        do { try checkLayout() } catch { note(error); return report }
        var current: String?
        if FileIO.exists(stateFile) {
            report.filesRead += 1
            do { current = try loadState().currentProject } catch { note(error) }
        }
        if FileIO.exists(catalogueFile) {
            report.filesRead += 1
            do { _ = try loadCatalogue() } catch { note(error) }
        }
        if FileIO.exists(settingsFile) {
            report.filesRead += 1
            do { _ = try loadSettings() } catch { note(error) }
        }
        var ids: [String] = []
        do { ids = try projectIds() } catch { note(error) }
        var photosInUse = Set<String>()
        // Files that could name photos but do not read: while there is one, no photo is a leftover.
        var unread: [String] = []
        // Each project file is read on its own, on every core; what they say is noted in id order.
        let store = self, projectIds = ids
        // Read as the reports read it: every rule checked, the lines not kept; only the photo
        // files named are kept of each.
        let photoFiles = Parallel.map(projectIds.count) { i in Result { try store.checkedProjectHead(projectIds[i]).photos.map(\.file) } }
        for (id, files) in zip(ids, photoFiles) {
            report.filesRead += 1
            do {
                let files = try files.get()
                report.projects += 1
                for (i, file) in files.enumerated() {
                    photosInUse.insert(file)
                    if !FileIO.exists(photoPath(file)) {
                        report.problems.append("\(projectFile(id)): photos[\(i)].file: \(photoPath(file)) is missing")
                    }
                }
            } catch { note(error); unread.append(projectFile(id)) }
        }
        if let current, !ids.contains(current) {
            report.problems.append("\(stateFile): currentProject: no project \"\(current)\"")
        }
        // Projects in the trash and the kept undo steps are read as `restore` and `undo` read
        // them; they keep their photos.
        let trash = trashFiles(&report)
        for (path, expectedId) in trash + undoStepFiles(&report) {
            report.filesRead += 1
            do {
                guard let file = try mapFile(path) else { continue }
                let head = try ProjectReader.read(file.bytes, file: file, source: path, keeping: .none).head
                if let expectedId, head.id != expectedId {
                    throw StoreFileError(path: path, problem: "id: is \(Excerpt.phrase(head.id)), not \(expectedId)")
                }
                for photo in head.photos { photosInUse.insert(photo.file) }
            } catch {
                unread.append(path)
                if expectedId == nil { report.unreadableTrash.append(path) } else { note(error) }
            }
        }
        checkPhotos(inUse: photosInUse, keptFor: unread, &report)
        report.leftovers += staleTemporaries(everywhere: true).map { Leftover(path: $0.path, reason: "temporary file of a write that was killed", bytes: $0.bytes) }
        report.leftovers += archivedCopiesOfActiveCatalogue()
        report.leftovers.sort { $0.path < $1.path }
        return report
    }

    /// A project file read and checked as `loadProjectForReading` reads it, its head. A small
    /// file (most of a store of 20,000) is read into memory rather than mapped: one pass needs
    /// no mapping, and mapping, faulting in and unmapping a few KB costs more than reading them.
    private func checkedProjectHead(_ id: String) throws -> ProjectHead {
        let path = projectFile(id)
        var st = stat()
        guard Slug.isValid(id), lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size <= Self.smallFile else {
            return try loadProjectForReading(id).head
        }
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: Store.maximumFileBytes, followSymlinks: false) } catch {
            throw StoreFileError(path: path, problem: (error as? FileIO.Failure)?.reason ?? "\(error)")
        }
        let head = try bytes.withUnsafeBufferPointer { try ProjectReader.read($0, file: nil, source: path, keeping: .none).head }
        guard head.id == id else { throw StoreFileError(path: path, problem: "id: is \(Excerpt.phrase(head.id)) but the file is named \(id).json") }
        return head
    }

    /// The largest file `check` reads into memory instead of mapping.
    static let smallFile = 1 << 18

    /// The files of `trash/`, each a regular file named `<id>.json` or `<id>.<n>.json`
    /// (`trashEntries`); anything else there is a problem. Temporaries are left to `staleTemporaries`.
    private func trashFiles(_ report: inout CheckReport) -> [(String, String?)] {
        let entries = Set(trashEntries().map(Self.trashFileName))
        var files: [(String, String?)] = []
        for name in Self.entries(of: trashDirectory).sorted() where AtomicFile.temporaryOwner(name) == nil {
            let path = trashDirectory + "/" + name
            guard entries.contains("trash/" + name) else {
                report.problems.append("\(path): not a trash entry (<id>.json or <id>.<n>.json); akkord did not put it there")
                continue
            }
            if let kind = Self.notRegularFile(path) { report.problems.append("\(path): is \(kind), not a regular file"); continue }
            files.append((path, nil))
        }
        return files
    }

    /// The kept undo steps, `undo/<id>/<n>.json`, each with the project id it must hold; a
    /// directory or file named otherwise, or not a regular file, is a problem.
    private func undoStepFiles(_ report: inout CheckReport) -> [(String, String?)] {
        var files: [(String, String?)] = []
        for id in Self.entries(of: undoDirectory).sorted() where AtomicFile.temporaryOwner(id) == nil {
            let steps = undoStepsDirectory(id)
            var st = stat()
            guard Slug.isValid(id), lstat(steps, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
                report.problems.append("\(steps): not a folder of undo steps (undo/<project id>/); akkord did not put it there")
                continue
            }
            for name in Self.entries(of: steps).sorted() where AtomicFile.temporaryOwner(name) == nil {
                let path = steps + "/" + name
                if name == Self.undoSyncMarkName {
                    // The mark of a sync that ended the project's undo (`markUndoEndedBySync`).
                    if let kind = Self.notRegularFile(path) { report.problems.append("\(path): is \(kind), not a regular file") }
                    continue
                }
                guard name.hasSuffix(".json"), let n = Int(name.dropLast(5)), n >= 0, "\(n).json" == name else {
                    report.problems.append("\(path): not an undo step (<n>.json); akkord did not put it there")
                    continue
                }
                if let kind = Self.notRegularFile(path) { report.problems.append("\(path): is \(kind), not a regular file"); continue }
                files.append((path, id))
            }
        }
        return files
    }

    /// What `path` is when it is not a regular file (not followed through a link); nil for a regular file.
    private static func notRegularFile(_ path: String) -> Phrase? {
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG else { return nil }
        return FileIO.kindDescription(st.st_mode)
    }

    /// Every file in `photos/`: named by the SHA-256 of its bytes, a whole JPEG or PNG, used by
    /// a project, a trashed project or an undo step (else a leftover, unless a file in `keptFor`
    /// does not read: it could name the photo).
    private func checkPhotos(inUse: Set<String>, keptFor unread: [String], _ report: inout CheckReport) {
        var unused: [Leftover] = []
        for name in Self.entries(of: photosDirectory).sorted() where AtomicFile.temporaryOwner(name) == nil {
            let path = photoPath(name)
            guard PhotoFile.isValidStoredName(name) else {
                report.problems.append("\(path): not a stored photo name (<sha256>.jpg or .png); akkord did not put it there")
                continue
            }
            let bytes: [UInt8]
            do { bytes = try FileIO.read(path, limit: PhotoImage.maximumBytes, followSymlinks: false) } catch {
                report.problems.append("\(path): \((error as? FileIO.Failure)?.reason ?? "\(error)")")
                continue
            }
            report.filesRead += 1
            report.photos += 1
            let hash = SHA256.hex(bytes)
            if name.split(separator: ".")[0] != hash {
                report.problems.append("\(path): its bytes have SHA-256 \(hash), not the one in its name: the file was changed or replaced")
            } else if case .failure(let damage) = PhotoImage.inspect(bytes) {
                report.problems.append("\(path): not a whole JPEG or PNG image: \(damage)")
            } else if !inUse.contains(name) {
                unused.append(Leftover(path: path, reason: "photo no project, trashed project or undo step uses", bytes: bytes.count))
            }
        }
        if unread.isEmpty {
            report.leftovers += unused
        } else if !unused.isEmpty {
            report.photosKept = unused.count
            report.photosKeptFor = unread
        }
    }

    /// An import killed after archiving the catalogue and before replacing it leaves an archived
    /// copy of the catalogue that is still active.
    private func archivedCopiesOfActiveCatalogue() -> [Leftover] {
        guard let active = try? FileIO.read(catalogueFile, limit: Store.maximumFileBytes, followSymlinks: false) else { return [] }
        var found: [Leftover] = []
        for name in Self.entries(of: catalogueHistoryDirectory) where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let path = catalogueHistoryDirectory + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0, Int(st.st_size) == active.count,
                  let bytes = try? FileIO.read(path, limit: Store.maximumFileBytes, followSymlinks: false), bytes == active
            else { continue }
            found.append(Leftover(path: path, reason: "archived copy of the catalogue that is still active (an import was stopped)", bytes: bytes.count))
        }
        return found
    }

    /// Removes the leftovers `check` lists; call inside the exclusive lock. Returns what went.
    package func removeLeftovers() throws -> [Leftover] {
        let leftovers = check().leftovers
        var removed: [Leftover] = []
        var directories = Set<String>()
        for l in leftovers {
            if unlink(l.path) == 0 {
                removed.append(l)
                directories.insert(AtomicFile.parentDirectory(of: l.path))
            } else if errno != ENOENT {
                throw AkkordError.cannotWrite(path: l.path, reason: FileIO.errnoMessage())
            }
        }
        for dir in directories.sorted() {
            do { try AtomicFile.syncDirectory(dir) } catch { throw AkkordError.cannotWrite(path: dir, reason: "\(error)") }
        }
        return removed
    }
}
