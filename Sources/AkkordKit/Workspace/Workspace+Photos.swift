/// Photos of the work: stored once per content, kept while any project uses them.
extension Workspace {
    /// Adds checked photos to the project. Every file was read and checked before this call, so
    /// nothing is stored unless all of them are good.
    public func addPhotos(_ uploads: [PhotoUpload], caption: String) throws -> Change<[Photo]> {
        try change { tx in
            var p = try tx.openProject(try projectId(nil, in: tx))
            var added: [Photo] = [], changes: [String] = []
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

    /// Removes a photo from the project. Its file is deleted afterwards when no other project
    /// uses it; when that cannot be checked (another project file does not read) the file is
    /// kept and the change still stands, with a warning.
    public func removePhoto(_ id: Int) throws -> Change<Photo> {
        try change { tx in
            var p = try tx.openProject(try projectId(nil, in: tx))
            let photo = try p.removeEntry(\.photos, id: id, kind: .photo)
            tx.stage(p, changes: ["photo \(id) removed: \(photo.originalName)"])
            let store = self.store, projectId = p.id, stillUsed = p.photos.contains { $0.file == photo.file }
            tx.afterCommit {
                if stillUsed { return nil }
                do {
                    for other in try store.projectIds() where other != projectId {
                        if try store.loadProject(other).photos.contains(where: { $0.file == photo.file }) { return nil }
                    }
                    try store.deletePhotoFile(photo.file)
                    return nil
                } catch {
                    return .photoFileKept(file: photo.file, reason: "could not check whether another project uses it (\(error))")
                }
            }
            return photo
        }
    }
}
