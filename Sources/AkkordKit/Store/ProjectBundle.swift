import AkkordSupport
import AkkordModel

/// A project bundle (SPEC §10), the one file a roofer sends the union clerk:
///
///     {"format": "akkord-bundle", "version": 1,
///      "project": {…the project file, as ProjectCodec writes it…},
///      "photos": [{"file": "<sha256>.<ext>", "sha256": "…", "data": "<base64>"}]}
///
/// `photos` holds exactly the files the project's photos refer to, each once, sorted by file
/// name. The writer is deterministic, so a bundle read into an empty store and exported again is
/// the same file, byte for byte. The reader checks everything before anything is used, and
/// lists every problem at its place: `project.lines[3].price`, `photos[0].data`.
public struct ProjectBundle: Sendable {
    public static let format = "akkord-bundle"
    public static let version = 1
    /// The largest bundle akkord reads: as large as a store file may be.
    public static let maximumFileBytes = Store.maximumFileBytes
    /// What a refused bundle changed: nothing.
    static let consequence: Phrase = "nothing was imported"

    /// One photo file, its bytes checked against its name and as an image.
    public struct BundledPhoto: Equatable, Sendable {
        /// `<sha256>.<jpg|png>`, the name the store keeps it under.
        public let file: String
        public let bytes: [UInt8]
        public let image: PhotoImage
    }

    public let project: Project
    /// Sorted by file name, each once.
    public let photos: [BundledPhoto]

    // MARK: reading a file

    /// Reads a bundle file: a regular file of at most `maximumFileBytes`, else exit 65 naming it.
    public static func readFile(_ path: String) throws -> [UInt8] {
        do { return try FileIO.read(path, limit: maximumFileBytes) } catch let failure as FileIO.Failure { throw readFailure(failure, path) }
    }

    /// Reads a bundle from an open descriptor (standard input) to its end, named `source`.
    public static func read(fd: Int32, source: String) throws -> [UInt8] {
        do { return try FileIO.readAll(fd: fd, path: source, limit: maximumFileBytes) } catch let failure as FileIO.Failure {
            throw readFailure(failure, source)
        }
    }

    private static func readFailure(_ failure: FileIO.Failure, _ path: String) -> Error {
        switch failure {
        case .notFound: return AkkordError.cannotRead(path: path, reason: "no such file")
        case .system(_, let operation, let message): return AkkordError.cannotRead(path: path, reason: "cannot \(operation): \(message)")
        case .notRegularFile(_, let kind):
            return InvalidDataError(source: path, problems: [Problem("", "is \(kind), not a bundle file")], consequence: consequence)
        case .tooBig(_, let limit):
            return InvalidDataError(source: path, problems: [Problem("", "is larger than \(FileIO.sizeText(limit)), the most a bundle may be")],
                                    consequence: consequence)
        }
    }

    // MARK: writing

    /// The bundle of `project` (whose file is `projectFile`, as `ProjectCodec.encode` writes it)
    /// with its photo files. Exactly what `JSONWriter` writes for the whole tree (a test holds
    /// them equal), put together from the parts so that neither the project nor a photo of
    /// 25 MB is turned into a tree first: the project file goes in indented by one level.
    /// Each photo comes with its SHA-256 in hex, as its file name has it.
    public static func encode(projectFile: [UInt8], photos: [(file: String, sha256: String, bytes: [UInt8])]) -> [UInt8] {
        let sorted = photos.sorted { $0.file < $1.file }
        var out: [UInt8] = []
        out.reserveCapacity(projectFile.count + projectFile.count / 8 + sorted.reduce(256) { $0 + 120 + ($1.bytes.count + 2) / 3 * 4 })
        out += "{\n  \"format\": \"\(format)\",\n  \"version\": \(version),\n  \"project\": ".utf8
        let body = projectFile.last == 0x0A ? projectFile.dropLast() : projectFile[...]
        var start = body.startIndex
        while let newline = body[start...].firstIndex(of: 0x0A) {
            out += body[start...newline]
            out += [0x20, 0x20]
            start = newline + 1
        }
        out += body[start...]
        out += ",\n  \"photos\": ".utf8
        if sorted.isEmpty {
            out += "[]".utf8
        } else {
            out += "[".utf8
            for (i, photo) in sorted.enumerated() {
                // File names are `<hex>.<ext>` and hashes hex: nothing in them needs escaping.
                out += "\(i == 0 ? "" : ",")\n    {\"file\": \"\(photo.file)\", \"sha256\": \"\(photo.sha256)\", \"data\": \"".utf8
                out += Base64.encode(photo.bytes)
                out += "\"}".utf8
            }
            out += "\n  ]".utf8
        }
        out += "\n}\n".utf8
        return out
    }

    // MARK: reading

    static let topLevelKeys = ["format", "version", "project", "photos"]
    static let photoKeys = ["file", "sha256", "data"]

    /// Reads and checks a whole bundle: the JSON (no key twice at any level, no unknown key),
    /// format and version, the project exactly as a store's project file is checked, and each
    /// photo (strict base64, its bytes against `sha256` and the file name, its image structure);
    /// every photo the project refers to must be there and every photo there must be used.
    /// Throws `InvalidDataError` listing every problem.
    public static func decode(_ bytes: [UInt8], source: String) throws -> ProjectBundle {
        var top = JSONObject()
        var projectRange: Range<Int>?
        do {
            try bytes.withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(buffer: buffer)
                try scanner.begin()
                guard scanner.peekByte() == UInt8(ascii: "{") else {
                    let kind = try scanner.readValue().kindDescription   // bad syntax: the syntax error
                    throw InvalidDataError(source: source, problems: [Problem("", "expected a JSON object (a bundle), got \(kind)")],
                                           consequence: consequence)
                }
                try scanner.readObject { scanner, key in
                    if top[key] != nil { throw scanner.error("key \(Excerpt.phrase(key)) appears twice") }
                    guard key == "project", scanner.peekByte() == UInt8(ascii: "{") else {
                        top.append(key, try scanner.readValue())
                        return
                    }
                    // The project is read from its own bytes below, as a store's project file.
                    let start = scanner.index
                    try scanner.skipValue(depth: 1)
                    projectRange = start..<scanner.index
                    top.append(key, .object(JSONObject()))
                }
                try scanner.end()
            }
        } catch let e as JSONSyntaxError {
            throw InvalidDataError(source: source, problems: [Problem("", "not valid JSON: \(e)")], consequence: consequence)
        }

        var f = FieldReader(object: top, path: "", problems: [])
        if let format = f.string("format", required: true), format != Self.format {
            let what: Phrase = format == Project.format ? " (a project file, not a bundle: a bundle is made by exporting the project)" : ""
            f.problem("format", "is \(Excerpt.phrase(format)), expected \(Excerpt.phrase(Self.format))\(what)")
        }
        f.version(expected: version)
        f.rejectUnknown(topLevelKeys)
        // Not a bundle of this version at all: the rest would be noise.
        let wrongKind = f.problems.filter { $0.place == "format" || $0.place == "version" }
        if !wrongKind.isEmpty { throw InvalidDataError(source: source, problems: wrongKind, consequence: consequence) }

        var project: Project?
        // The photo files the project refers to, by their index in its photos (read from the
        // project's JSON alone when the project has problems, so they are checked too).
        var references: [(index: Int, file: String)] = []
        if let range = projectRange {
            let projectBytes = Array(bytes[range])
            do {
                let p = try ProjectCodec.decode(projectBytes, source: source)
                project = p
                references = p.photos.enumerated().map { ($0.offset, $0.element.file) }
            } catch let e as InvalidDataError {
                f.problems += e.problems.map { Problem($0.place.isEmpty ? "project" : "project." + $0.place, $0.message) }
                references = photoReferences(projectBytes)
            }
        } else if let v = f.value("project", required: true) {
            f.problem("project", "expected an object, got \(v.kindDescription)")
        }

        var photos: [BundledPhoto] = []
        var listed: [String: Int] = [:]   // file name → its first index in photos
        var order: [(index: Int, file: String)] = []
        if let v = f.value("photos", required: true) {
            if let items = v.arrayValue {
                for (i, item) in items.enumerated() {
                    guard let o = item.objectValue else { f.problem("photos[\(i)]", "expected an object, got \(item.kindDescription)"); continue }
                    var r = FieldReader(object: o, path: "photos", index: i, problems: [])
                    let photo = decodePhoto(&r)
                    if let file = o["file"]?.stringValue {
                        if let first = listed[file] {
                            r.problem("file", "\(Excerpt.phrase(file)) appears twice (also photos[\(first)])")
                        } else {
                            listed[file] = i
                            order.append((i, file))
                        }
                    }
                    f.problems += r.problems
                    if let photo, r.problems.isEmpty { photos.append(photo) }
                }
            } else {
                f.problem("photos", "expected an array, got \(v.kindDescription)")
            }
        }

        if projectRange != nil {
            // A photo listed in the bundle but broken is reported at its entry, not again here.
            for (k, file) in references where listed[file] == nil {
                f.problem("project.photos[\(k)].file", "\(Excerpt.phrase(file)) is not in the bundle's photos")
            }
            let used = Set(references.map(\.file))
            for (i, file) in order where !used.contains(file) {
                f.problem("photos[\(i)]", "\(Excerpt.phrase(file)) is not used by the project")
            }
        }
        guard f.problems.isEmpty, let project else {
            throw InvalidDataError(source: source, problems: f.problems, consequence: consequence)
        }
        return ProjectBundle(project: project, photos: photos.sorted { $0.file < $1.file })
    }

    /// The `file` of each entry of a project's `photos` that has one, read from the project's
    /// JSON without decoding the rest (its syntax was checked already).
    static func photoReferences(_ projectBytes: [UInt8]) -> [(index: Int, file: String)] {
        var photos: JSONValue?
        _ = try? projectBytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer: buffer)
            try scanner.readObject { scanner, key in
                if key == "photos" { photos = try scanner.readValue() } else { try scanner.skipValue(depth: 1) }
            }
        }
        return (photos?.arrayValue ?? []).enumerated().compactMap { i, entry in entry["file"]?.stringValue.map { (i, $0) } }
    }

    /// One entry of `photos`; its problems go to `r`.
    static func decodePhoto(_ r: inout FieldReader) -> BundledPhoto? {
        r.rejectUnknown(photoKeys)
        let file = r.string("file", required: true), sha256 = r.string("sha256", required: true), data = r.string("data", required: true)
        var nameHash: Substring?
        var kindByName: PhotoImage.Kind?
        if let file {
            if PhotoFile.isValidStoredName(file) {
                nameHash = file.prefix(64)
                kindByName = file.hasSuffix(".png") ? .png : .jpeg
            } else {
                r.problem("file", "\(Excerpt.phrase(file)) is not a photo file name (64 lowercase hex digits of its SHA-256, then .jpg or .png)")
            }
        }
        var claimed: String?
        if let sha256 {
            if isSHA256(sha256) { claimed = sha256 } else { r.problem("sha256", "\(Excerpt.phrase(sha256)) is not a SHA-256 (64 lowercase hex digits)") }
        }
        guard let data else { return nil }
        // Refused by its length before it is decoded.
        guard data.utf8.count / 4 * 3 <= PhotoImage.maximumBytes + 2 else {
            r.problem("data", "the photo is larger than 25 MiB, the most a photo may be"); return nil
        }
        let bytes: [UInt8]
        switch Base64.decode(data) {
        case .failure(let failure): r.problem("data", "is not strict base64: \(failure.reason)"); return nil
        case .success(let decoded): bytes = decoded
        }
        guard bytes.count <= PhotoImage.maximumBytes else { r.problem("data", "the photo is larger than 25 MiB, the most a photo may be"); return nil }
        let digest = SHA256.hex(bytes)
        if let claimed, let nameHash, claimed == nameHash, claimed != digest {
            r.problem("data", "the photo's bytes do not match its sha256 and file name (they hash to \(digest)); the photo was changed or damaged")
        } else {
            if let claimed, claimed != digest { r.problem("sha256", "\(claimed) does not match the photo's bytes (they hash to \(digest))") }
            if let file, let nameHash, nameHash != digest { r.problem("file", "\(Excerpt.phrase(file)) is not the name of the photo's bytes (they hash to \(digest))") }
        }
        switch PhotoImage.inspect(bytes) {
        case .failure(let damage):
            r.problem("data", damage.reason)
            return nil
        case .success(let image):
            if let kindByName, let file, kindByName != image.kind {
                r.problem("file", "\(Excerpt.phrase(file)) says .\(kindByName.fileExtension) but the photo is a \(image.kind == .jpeg ? "JPEG" : "PNG")")
            }
            guard let file else { return nil }
            return BundledPhoto(file: file, bytes: bytes, image: image)
        }
    }

    static func isSHA256(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}

extension Store {
    /// The bundle of a project as it is stored, with its photo files read from the store. A
    /// photo file that is missing, unreadable or not what its name says (its SHA-256) is refused,
    /// naming it: a bundle never carries a damaged photo under a good name.
    package func bundle(of project: Project) throws -> (bytes: [UInt8], photos: Int) {
        var photos: [(file: String, sha256: String, bytes: [UInt8])] = []
        for file in Set(project.photos.map(\.file)).sorted() {
            let path = photoPath(file)
            guard PhotoFile.isValidStoredName(file) else { throw StoreFileError(path: path, problem: "is not a stored photo name") }
            let bytes: [UInt8]
            do { bytes = try FileIO.read(path, limit: PhotoImage.maximumBytes, followSymlinks: false) } catch let failure as FileIO.Failure {
                let reason = failure == .notFound(path) ? "is missing (project \(project.id) refers to it)" : failure.reason
                throw StoreFileError(path: path, problem: reason)
            }
            let digest = SHA256.hex(bytes)
            guard file.hasPrefix(digest) else {
                throw StoreFileError(path: path, problem: "its bytes are not what its name says (they hash to \(digest)); the file was changed or damaged")
            }
            photos.append((file, digest, bytes))
        }
        return (ProjectBundle.encode(projectFile: try ProjectCodec.encode(project), photos: photos), photos.count)
    }
}

