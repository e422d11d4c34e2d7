import AkkordSupport
import AkkordModel
import AkkordRender
import AkkordStore
import AkkordAccounting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Project bundles (SPEC §10): one file that carries a project and its photos from the roofer's
/// store to the union clerk's.
extension Workspace {
    /// Where a bundle to import comes from.
    public enum BundleInput: Sendable {
        case file(String)
        /// An open descriptor (standard input), read to its end.
        case descriptor(Int32)
    }

    /// Writes the chosen project's bundle to `path` (outside the store) as it is made, atomically.
    /// Closed projects are exported too.
    public func exportBundle(_ id: String? = nil, to path: String) throws -> BundleExport {
        let chosen = try resolveProjectId(id)
        return try store.shared {
            let (head, lines) = try store.loadProjectForReading(chosen, copyingJSON: true)
            var written = (bytes: 0, photos: 0)
            try writeOutput(to: path) { written = try store.writeBundle(head, lines: lines, to: $0) }
            return BundleExport(projectId: head.id, lineCount: lines.count, photos: written.photos, byteCount: written.bytes, file: path)
        }
    }

    /// Writes the chosen project's bundle to `out` (standard output) as it is made; its photo
    /// files are checked before the first byte goes out.
    public func exportBundle(_ id: String? = nil, writingTo out: ByteOutput) throws -> BundleExport {
        let chosen = try resolveProjectId(id)
        return try store.shared {
            let (head, lines) = try store.loadProjectForReading(chosen, copyingJSON: true)
            try store.checkBundledPhotos(of: head)
            let written = try store.writeBundle(head, lines: lines, to: out)
            return BundleExport(projectId: head.id, lineCount: lines.count, photos: written.photos, byteCount: written.bytes, file: nil)
        }
    }

    /// Reads a bundle and brings its project into the store. The whole bundle is checked before
    /// the store is touched (`InvalidDataError`, every problem listed): it is read as it streams,
    /// its project copied to a temporary file (in the store's `tmp/`) and read there as a
    /// store's project file, so no line becomes a `Line`. Then, under the store's lock:
    ///
    /// - an id not in the store: the project is created exactly as exported (no history entry,
    ///   so it exports again to the same bytes) and becomes the current project;
    /// - the same project already stored under the id: `unchanged`, nothing is written;
    /// - a different one: refused with a `BundleConflict` that says what differs, unless
    ///   `replace`: the stored version is copied to the trash first, then replaced, and the
    ///   project becomes the current one. A closed project is not replaced (reopen it first).
    ///
    /// `newId` (`--as`) stores the project under that id instead (its `id` changes); the rules
    /// above apply to that id. A project stored under another id than it was exported with, or
    /// replacing a stored version, gets a history entry saying so.
    public func importBundle(_ input: BundleInput, source: String, as newId: String? = nil, replace: Bool = false) throws -> Change<BundleImport> {
        if let newId, !Slug.isValid(newId) {
            throw InvalidDataError(source: "--as", problems: [Problem("", "\(Excerpt.phrase(newId)) is not a project id (lowercase letters, digits and '-')")])
        }
        // Temporaries go to the store's tmp/; a store not made yet is not made for a bundle that may be refused.
        let scratch = FileIO.isDirectory(store.directory) ? nil : try TemporaryDirectory.make(prefix: "akkord-import")
        defer { if let scratch { TemporaryDirectory.remove(scratch) } }
        if scratch == nil { try store.ensureDirectory(store.temporaryDirectory) }
        let temporaries = scratch ?? store.temporaryDirectory
        func temporary(_ name: String) -> String { "\(temporaries)/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))" }
        var made: [String] = []
        defer { for path in made { unlink(path) } }

        let bundleFile: MappedFile
        switch input {
        case .file(let path): bundleFile = try ProjectBundle.map(path)
        case .descriptor(let fd):
            let copy = temporary("bundle.akkord")
            made.append(copy)
            bundleFile = try ProjectBundle.copy(fd: fd, source: source, to: copy)
        }
        let projectCopy = temporary("bundle-project.json")
        made.append(projectCopy)
        let bundle = try ProjectBundle.check(bundleFile.bytes, file: bundleFile, source: source, projectCopy: projectCopy)
        let exportedAs = bundle.head.id
        let target = newId ?? exportedAs
        let fileName = source.split(separator: "/").last.map(String.init) ?? source
        let window = bundle.window
        var incoming = window.changeable
        incoming.id = target

        let (value, tx, warnings) = try store.transaction(time: clock.timestamp, command: command, by: author()) { tx -> (BundleImport.Result, ProjectHead, Int) in
            let stored: Project?
            if FileIO.exists(store.projectFile(target)) {
                // The usual re-import: the stored file is the bundle's project byte for byte
                // (which the reader has just checked in full), compared as both stream.
                if target == exportedAs, bundle.isSameProject(asFile: store.projectFile(target)) {
                    return (.unchanged, bundle.head, stagePhotos(bundle.photos, in: tx))
                }
                let storedWindow = try store.loadLineWindow(target, wanted: [])
                if storedWindow.changeable == incoming, storedWindow.sameLines(as: window) {
                    return (.unchanged, storedWindow.head, stagePhotos(bundle.photos, in: tx))
                }
                stored = try tx.project(target, onlyLines: [])
            } else {
                stored = nil
            }
            var changes: [HistoryChange] = []
            let renamed = target != exportedAs ? exportedAs : nil
            if let stored {
                guard replace else {
                    // Both versions read whole, for what differs.
                    let incomingWhole = bundle.head.with(lines: Array(bundle.lines.views.map(\.line)))
                    var renamedWhole = incomingWhole
                    renamedWhole.id = target
                    throw BundleConflict(difference: try ProjectDifference(stored: try store.loadProject(target), incoming: renamedWhole), source: source)
                }
                guard stored.status == .open else { throw AkkordError.projectClosed(target) }
                tx.trashBeforeReplacing(target)
                changes.append(.bundleImported(id: target, file: fileName, exportedAs: renamed, replaced: true))
            } else if renamed != nil {
                changes.append(.bundleImported(id: target, file: fileName, exportedAs: renamed, replaced: false))
            }
            let written = stagePhotos(bundle.photos, in: tx)
            if changes.isEmpty {
                tx.stageExactly(incoming, linesFrom: window, source: source)
            } else {
                tx.stage(incoming, linesFrom: window, source: source, changes: changes)
            }
            try tx.setState(Store.State(currentProject: target))
            return (stored == nil ? .created : .replaced, ProjectHead(try tx.project(target)), written)
        }
        let (result, project, written) = value
        let state = BundleImport(result: result, project: project, lineCount: bundle.lineCount,
                                 total: try FinalAccounting(bundle.head, lines: bundle.lines).total, exportedAs: exportedAs,
                                 photos: bundle.photos.count, photosWritten: written, trashCopy: tx.trashCopies[target])
        return Change(value: state, history: tx.history, warnings: warnings)
    }

    /// Stages the bundle's photo files the store does not have yet, or has damaged (they were
    /// checked against their names when the bundle was read); returns how many.
    private func stagePhotos(_ photos: [ProjectBundle.BundledPhoto], in tx: Transaction) -> Int {
        var written = 0
        for photo in photos where !store.photoIsIntact(photo.file) {
            _ = tx.stagePhoto(PhotoUpload(originalName: photo.file, bytes: photo.bytes, image: photo.image), storedName: photo.file,
                              replacing: FileIO.exists(store.photoPath(photo.file)))
            written += 1
        }
        return written
    }

}

/// A bundle whose project differs from the one the store holds under the same id: nothing was
/// imported. `difference` says what differs (the store's version before, the bundle's after).
public struct BundleConflict: Error, Sendable {
    public let difference: ProjectDifference
    public let source: String
}
