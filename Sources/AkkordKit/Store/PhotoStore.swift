#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A photo file read and checked before anything is stored.
public struct PhotoUpload: Sendable {
    public let originalName: String
    public let bytes: [UInt8]
    public let image: PhotoImage

    /// Reads a photo and checks it by its bytes: JPEG or PNG, at most 25 MB.
    public static func read(_ path: String) throws -> PhotoUpload {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch { throw FailureError("cannot read \(path): \(error)") }
        if bytes.count > PhotoImage.maximumBytes {
            throw InvalidDataError(source: path, problems: [Problem("", "is \(bytes.count / 1_048_576) MB; photos may be at most 25 MB")])
        }
        guard let kind = PhotoImage.kind(of: bytes) else {
            throw InvalidDataError(source: path, problems: [Problem("", "is not a JPEG or PNG image (checked by its bytes, not its name)")])
        }
        guard let image = PhotoImage(bytes) else {
            throw InvalidDataError(source: path, problems: [Problem("", "looks like a \(kind.rawValue.uppercased()) but its header is damaged")])
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return PhotoUpload(originalName: name, bytes: bytes, image: image)
    }

    /// `<sha256>.<ext>`: the same photo is stored once, whichever project adds it.
    public var storedName: String { "\(SHA256.hex(bytes)).\(image.kind.fileExtension)" }
}

extension Store {
    public func photoPath(_ file: String) -> String { photosDirectory + "/" + file }

    /// Writes a photo file unless it is already there. Call inside the store lock.
    public func storePhotoFile(_ upload: PhotoUpload) throws -> String {
        let name = upload.storedName
        try ensureDirectory(photosDirectory)
        if !FileIO.exists(photoPath(name)) { try write(upload.bytes, to: photoPath(name)) }
        return name
    }

    /// Deletes a photo file that no project uses any more. Call inside the store lock.
    public func deletePhotoFileIfUnused(_ file: String) throws {
        for id in try projectIds() where try loadProject(id).photos.contains(where: { $0.file == file }) { return }
        guard PhotoFile.isValidStoredName(file) else { return }
        unlink(photoPath(file))
    }

    public func readPhoto(_ file: String) -> [UInt8]? {
        guard PhotoFile.isValidStoredName(file) else { return nil }
        return try? FileIO.read(photoPath(file))
    }
}

extension Project {
    public mutating func addPhoto(file: String, originalName: String, caption: String, added: String) -> (Photo, [String]) {
        let photo = Photo(id: takeId("photo"), caption: caption, originalName: originalName, file: file, added: added)
        photos.append(photo)
        return (photo, ["photo \(photo.id) added: \(originalName)\(caption.isEmpty ? "" : " \"\(caption)\"") as \(file)"])
    }
}
