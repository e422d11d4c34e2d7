import AkkordSupport
import AkkordModel


/// A photo as a report gets it: the project's record and its file's bytes (nil when the file is
/// missing from the store).
public struct ReportPhoto: Sendable {
    public let photo: Photo
    public let bytes: [UInt8]?
    public init(photo: Photo, bytes: [UInt8]?) { self.photo = photo; self.bytes = bytes }

    /// `Photo 2: North side (roof.jpg), added 2026-05-28`, in the report's language.
    package func label(_ words: Words) -> String {
        words(.photoLabel, String(photo.id), photo.caption.isEmpty ? photo.originalName : "\(photo.caption) (\(photo.originalName))")
            + (photo.added.isEmpty ? "" : words(.photoAdded, photo.added))
    }

    /// `data:image/jpeg;base64,…` for a whole JPEG or PNG; nil for a missing or damaged file.
    package var dataURL: String? {
        guard let bytes, let image = PhotoImage(bytes) else { return nil }
        return "data:image/\(image.kind == .jpeg ? "jpeg" : "png");base64," + Base64.encodedString(bytes)
    }
}
