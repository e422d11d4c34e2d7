import AkkordSupport
import AkkordModel

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

    package init(originalName: String, bytes: [UInt8], image: PhotoImage) {
        self.originalName = originalName; self.bytes = bytes; self.image = image
    }

    /// Reads a photo and checks it by its bytes: JPEG or PNG, at most 25 MB, sound to the end of its structure.
    public static func read(_ path: String) throws -> PhotoUpload {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: PhotoImage.maximumBytes) } catch FileIO.Failure.tooBig {
            throw InvalidDataError(source: path, problems: [Problem("", "is larger than 25 MiB, the most a photo may be")])
        } catch FileIO.Failure.notRegularFile(_, let kind) {
            throw InvalidDataError(source: path, problems: [Problem("", "is \(kind), not a photo file")])
        } catch { throw AkkordError.cannotRead(path: path, reason: "\(error)") }
        let image: PhotoImage
        // Its kind by its bytes, then the whole structure, so a damaged photo is never stored.
        switch PhotoImage.inspect(bytes) {
        case .success(let checked): image = checked
        case .failure(let damage): throw InvalidDataError(source: path, problems: [Problem("", damage.reason)])
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return PhotoUpload(originalName: name, bytes: bytes, image: image)
    }

    /// `<sha256>.<ext>`: the same photo is stored once, whichever project adds it.
    public var storedName: String { "\(SHA256.hex(bytes)).\(image.kind.fileExtension)" }
}

extension Store {
    public func photoPath(_ file: String) -> String { photosDirectory + "/" + file }

    /// Deletes a stored photo file (a name that is not a stored photo name is refused).
    public func deletePhotoFile(_ file: String) throws {
        guard PhotoFile.isValidStoredName(file) else { throw AkkordError.cannotWrite(path: photoPath(file), reason: "not a stored photo name") }
        if unlink(photoPath(file)) != 0 && errno != ENOENT {
            throw AkkordError.cannotWrite(path: photoPath(file), reason: FileIO.errnoMessage())
        }
        do { try AtomicFile.syncDirectory(photosDirectory) } catch { throw AkkordError.cannotWrite(path: photosDirectory, reason: "\(error)") }
    }

    /// Whether the stored photo `file` is there with the bytes its name says (their SHA-256): a
    /// missing or damaged one is written again when a change brings its bytes (an import).
    public func photoIsIntact(_ file: String) -> Bool {
        guard let bytes = readPhoto(file) else { return false }
        return file.hasPrefix(SHA256.hex(bytes) + ".")
    }

    public func readPhoto(_ file: String) -> [UInt8]? {
        guard PhotoFile.isValidStoredName(file) else { return nil }
        return try? FileIO.read(photoPath(file), limit: PhotoImage.maximumBytes, followSymlinks: false)
    }
}
