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
        public var problems: [String] = []
        /// Files that harm nothing but take space: `check --fix` removes them.
        public var leftovers: [Leftover] = []
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
        var ids: [String] = []
        do { ids = try projectIds() } catch { note(error) }
        var photosInUse = Set<String>()
        for id in ids {
            report.filesRead += 1
            do {
                // Read as the reports read it: every rule checked, the lines not kept.
                let p = try loadProjectForReading(id).project
                report.projects += 1
                for (i, photo) in p.photos.enumerated() {
                    photosInUse.insert(photo.file)
                    if !FileIO.exists(photoPath(photo.file)) {
                        report.problems.append("\(projectFile(id)): photos[\(i)].file: \(photoPath(photo.file)) is missing")
                    }
                }
            } catch { note(error) }
        }
        if let current, !ids.contains(current) {
            report.problems.append("\(stateFile): currentProject: no project \"\(current)\"")
        }
        // Projects in the trash keep their photos.
        for name in Self.entries(of: trashDirectory) where name.hasSuffix(".json") {
            guard let bytes = try? FileIO.read(trashDirectory + "/" + name, limit: Store.maximumFileBytes, followSymlinks: false),
                  let p = try? ProjectCodec.decode(bytes, source: name) else { continue }
            for photo in p.photos { photosInUse.insert(photo.file) }
        }
        checkPhotos(inUse: photosInUse, &report)
        report.leftovers += staleTemporaries(everywhere: true).map { Leftover(path: $0.path, reason: "temporary file of a write that was killed", bytes: $0.bytes) }
        report.leftovers += archivedCopiesOfActiveCatalogue()
        report.leftovers.sort { $0.path < $1.path }
        return report
    }

    /// Every file in `photos/`: named by the SHA-256 of its bytes, a whole JPEG or PNG, used by
    /// a project (else a leftover).
    private func checkPhotos(inUse: Set<String>, _ report: inout CheckReport) {
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
        report.leftovers += photosNoUndoStepUses(unused)
    }

    /// Undo steps keep the photos of the project as it was (so `undo` can bring a removed photo
    /// back). They are looked at only for photos nothing else uses, and only for the name: a
    /// step is read in full (and refused if damaged) when `undo` uses it, never believed before.
    private func photosNoUndoStepUses(_ candidates: [Leftover]) -> [Leftover] {
        guard !candidates.isEmpty else { return [] }
        var left = candidates
        for path in allUndoStepFiles() where AtomicFile.temporaryOwner(AtomicFile.fileName(path)) == nil && !left.isEmpty {
            guard let bytes = try? FileIO.read(path, limit: Store.maximumFileBytes, followSymlinks: false) else { continue }
            left.removeAll { SearchText.contains(bytes[...], Array("\"\(AtomicFile.fileName($0.path))\"".utf8)) }
        }
        return left
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
