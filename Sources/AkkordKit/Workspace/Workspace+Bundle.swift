import AkkordSupport
import AkkordModel
import AkkordRender
import AkkordStore

/// Project bundles (SPEC §10): one file that carries a project and its photos from the roofer's
/// store to the union clerk's.
extension Workspace {
    /// A bundle file's bytes, for `importBundle` (a file that cannot be read is named by its error).
    public static func readBundle(file path: String) throws -> [UInt8] { try ProjectBundle.readFile(path) }

    /// A bundle's bytes from an open file descriptor (standard input), named `source` in errors.
    public static func readBundle(fd: Int32, source: String) throws -> [UInt8] { try ProjectBundle.read(fd: fd, source: source) }

    /// Writes the chosen project's bundle to `path` (outside the store), or returns its bytes
    /// unwritten when `path` is nil (the program prints them). Closed projects are exported too.
    public func exportBundle(_ id: String? = nil, to path: String?) throws -> BundleExport {
        let chosen = try resolveProjectId(id)
        let (project, bytes, photos) = try store.shared {
            let project = try store.loadProject(chosen)
            let (bytes, photos) = try store.bundle(of: project)
            return (project, bytes, photos)
        }
        if let path { try writeOutput(bytes, to: path) }
        return BundleExport(project: project, bytes: bytes, photos: photos, file: path)
    }

    /// Reads a bundle's bytes and brings its project into the store. The whole bundle is checked
    /// before the store is touched (`InvalidDataError`, every problem listed). Then, under the
    /// store's lock:
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
    public func importBundle(_ bytes: [UInt8], source: String, as newId: String? = nil, replace: Bool = false) throws -> Change<BundleImport> {
        if let newId, !Slug.isValid(newId) {
            throw InvalidDataError(source: "--as", problems: [Problem("", "\(Excerpt.phrase(newId)) is not a project id (lowercase letters, digits and '-')")])
        }
        let bundle = try ProjectBundle.decode(bytes, source: source)
        let exportedAs = bundle.project.id
        let target = newId ?? exportedAs
        let fileName = source.split(separator: "/").last.map(String.init) ?? source
        var incoming = bundle.project
        incoming.id = target

        let (value, tx, warnings) = try store.transaction(time: clock.timestamp, command: command) { tx -> (BundleImport.Result, Project, Int) in
            let stored: Project?
            do { stored = try tx.project(target) } catch AkkordError.projectNotFound { stored = nil }
            if let stored, stored == incoming {
                return (.unchanged, stored, stagePhotos(bundle.photos, in: tx))
            }
            var changes: [HistoryChange] = []
            let renamed = target != exportedAs ? exportedAs : nil
            if let stored {
                guard replace else { throw BundleConflict(difference: try ProjectDifference(stored: stored, incoming: incoming), source: source) }
                guard stored.status == .open else { throw AkkordError.projectClosed(target) }
                tx.trashBeforeReplacing(target)
                changes.append(.bundleImported(id: target, file: fileName, exportedAs: renamed, replaced: true))
            } else if renamed != nil {
                changes.append(.bundleImported(id: target, file: fileName, exportedAs: renamed, replaced: false))
            }
            let written = stagePhotos(bundle.photos, in: tx)
            if changes.isEmpty { tx.stageExactly(incoming) } else { tx.stage(incoming, changes: changes) }
            try tx.setState(Store.State(currentProject: target))
            return (stored == nil ? .created : .replaced, try tx.project(target), written)
        }
        let (result, project, written) = value
        let state = BundleImport(result: result, project: project, exportedAs: exportedAs, photos: bundle.photos.count,
                                 photosWritten: written, trashCopy: tx.trashCopies[target])
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
