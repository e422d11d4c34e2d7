import AkkordModel
import AkkordStore

/// Photos of the work: stored once per content, kept while any project uses them.
extension Workspace {
    /// Reads and checks photo files (JPEG or PNG by their bytes, at most 25 MB, sound to the end of
    /// their structure), each named by its error: done before `addPhotos`, so nothing is stored
    /// unless all of them are good.
    public static func readPhotos(_ paths: [String]) throws -> [PhotoUpload] { try paths.map(PhotoUpload.read) }

    /// Adds checked photos to the project. Every file was read and checked before this call, so
    /// nothing is stored unless all of them are good.
    public func addPhotos(_ uploads: [PhotoUpload], caption: String) throws -> Change<[Photo]> {
        try change { tx in
            var p = try tx.openProject(try projectId(nil, in: tx))
            var added: [Photo] = [], changes: [HistoryChange] = []
            for upload in uploads {
                let file = tx.stagePhoto(upload)
                let (photo, c) = p.addPhoto(file: file, originalName: upload.originalName, caption: caption, added: clock.today)
                added.append(photo)
                changes += c
            }
            tx.stage(p, changes: changes)
            return added
        }
    }

    /// Removes a photo from the project. Its file stays in `photos/`: the project's undo step
    /// from before the removal uses it, so `undo` can bring the photo back. `check --fix`
    /// removes photo files no project, trashed project or undo step uses.
    public func removePhoto(_ id: Int) throws -> Change<Photo> {
        try changeProject { p in
            let photo = try p.removeEntry(\.photos, id: id, kind: .photo)
            return (photo, [.photoRemoved(id: id, originalName: photo.originalName)])
        }
    }
}
