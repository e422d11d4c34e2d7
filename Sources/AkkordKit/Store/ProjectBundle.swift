import AkkordSupport
import AkkordModel

#if canImport(Glibc)
import Glibc
private let readDescriptor = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let readDescriptor = Darwin.read
#endif

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

    /// Maps a bundle file: a regular file of at most `maximumFileBytes`, else exit 65 naming it.
    package static func map(_ path: String) throws -> MappedFile {
        do { return try MappedFile(path: path, limit: maximumFileBytes) } catch let failure as FileIO.Failure { throw readFailure(failure, path) }
    }

    /// Copies a bundle from an open descriptor (standard input), named `source`, to its end into
    /// a new file at `path`, a piece at a time, and maps the copy.
    package static func copy(fd: Int32, source: String, to path: String) throws -> MappedFile {
        let out = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard out >= 0 else { throw AkkordError.cannotWrite(path: path, reason: "cannot create: \(FileIO.errnoMessage())") }
        defer { close(out) }
        let copy = ByteOutput(fd: out, path: path)
        var total = 0
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { piece.deallocate() }
        while true {
            let n = readDescriptor(fd, piece.baseAddress!, piece.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw readFailure(.system(path: source, operation: "read", message: FileIO.errnoMessage()), source)
            }
            if n == 0 { break }
            total += n
            if total > maximumFileBytes { throw readFailure(.tooBig(path: source, limit: maximumFileBytes), source) }
            copy.write(UnsafeRawBufferPointer(rebasing: piece[0..<n]))
        }
        do { try copy.flush() } catch let failure as FileIO.Failure { throw AkkordError.cannotWrite(path: path, reason: failure.reason) }
        return try MappedFile(path: path, limit: maximumFileBytes, followSymlinks: false)
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
        try bytes.withUnsafeBufferPointer { try decode($0, source: source) }
    }

    /// As `decode(_:source:)`, from a buffer (a mapped file): the reader that keeps the whole
    /// project, which `check` falls back on to name every problem of a bundle that has one.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, source: String) throws -> ProjectBundle {
        var top = JSONObject()
        var projectRange: Range<Int>?
        do {
            var scanner = JSONScanner(buffer: bytes)
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
        } catch let e as JSONSyntaxError {
            throw InvalidDataError(source: source, problems: [Problem("", "not valid JSON: \(e)")], consequence: consequence)
        }

        var f = FieldReader(object: top, path: "", problems: [])
        try checkKind(&f, source: source)

        var project: Project?
        // The photo files the project refers to, by their index in its photos (read from the
        // project's JSON alone when the project has problems, so they are checked too).
        var references: [(index: Int, file: String)] = []
        if let range = projectRange {
            let projectBytes = Array(UnsafeBufferPointer(rebasing: bytes[range]))
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
        let photos = checkPhotos(&f, references: projectRange == nil ? nil : references)
        guard f.problems.isEmpty, let project else {
            throw InvalidDataError(source: source, problems: f.problems, consequence: consequence)
        }
        return ProjectBundle(project: project, photos: photos)
    }

    /// The format and version, and no unknown key at the top: a file that is not a bundle of
    /// this version at all gets those problems alone (the rest would be noise).
    private static func checkKind(_ f: inout FieldReader, source: String) throws {
        if let format = f.string("format", required: true), format != Self.format {
            let what: Phrase = format == Project.format ? " (a project file, not a bundle: a bundle is made by exporting the project)" : ""
            f.problem("format", "is \(Excerpt.phrase(format)), expected \(Excerpt.phrase(Self.format))\(what)")
        }
        f.version(expected: version)
        f.rejectUnknown(topLevelKeys)
        let wrongKind = f.problems.filter { $0.place == "format" || $0.place == "version" }
        if !wrongKind.isEmpty { throw InvalidDataError(source: source, problems: wrongKind, consequence: consequence) }
    }

    /// Each entry of `photos`, checked, sorted by file name; with the project's `references`
    /// (nil: no project to hold them against), every photo the project uses must be there and
    /// every photo there used. The problems go to `f`.
    private static func checkPhotos(_ f: inout FieldReader, references: [(index: Int, file: String)]?) -> [BundledPhoto] {
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
        if let references {
            // A photo listed in the bundle but broken is reported at its entry, not again here.
            for (k, file) in references where listed[file] == nil {
                f.problem("project.photos[\(k)].file", "\(Excerpt.phrase(file)) is not in the bundle's photos")
            }
            let used = Set(references.map(\.file))
            for (i, file) in order where !used.contains(file) {
                f.problem("photos[\(i)]", "\(Excerpt.phrase(file)) is not used by the project")
            }
        }
        return photos.sorted { $0.file < $1.file }
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

// MARK: - streaming

/// A bundle read and checked as it streams: its project copied to a file of its own (`path`, a
/// temporary the caller removes once the import is done) and read there by `ProjectReader`, as
/// a store's project file, without its lines becoming `Line`s; its photos checked one by one.
package struct CheckedBundle {
    /// The project file's copy, mapped, as the reader read it.
    let file: MappedFile
    let read: ProjectReader.Read
    package let photos: [ProjectBundle.BundledPhoto]

    /// The project as exported (its lines are in `file`).
    package var head: ProjectHead { read.head }
    package var lineCount: Int { read.count }
    /// The project's lines, read again from the copy when walked.
    package var lines: any ProjectLines { LinesInFile(file, read) }
    /// The project with none of its lines: a `Transaction` stages it with its lines copied from the file.
    package var window: LineWindow { LineWindow(file, read) }

    /// Whether the project file at `path` holds this bundle's project byte for byte, as
    /// `ProjectBundle.encode` put it in: the copy is the file's bytes with two spaces after each
    /// line break but the last, which is dropped. The file is read a MiB at a time and the
    /// copy's pages are handed back as they are passed, so a re-import of an unchanged project
    /// of 1,000,000 lines never holds either file. False for anything else (another layout of
    /// the same project too: the caller then compares what was read).
    package func isSameProject(asFile path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return false }
        let size = Int(st.st_size)
        let copy = UnsafeRawBufferPointer(file.bytes)
        guard let copyBase = copy.baseAddress, size > 0 else { return false }
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { piece.deallocate() }
        let indent: [UInt8] = [0x0A, 0x20, 0x20]
        var offset = 0, at = 0, released = 0
        while offset < size {
            let n = readDescriptor(fd, piece.baseAddress!, min(piece.count, size - offset))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            let base = UnsafeRawPointer(piece.baseAddress!)
            var start = 0
            while start < n {
                let newline = memchr(base + start, 0x0A, n - start).map { base.distance(to: UnsafeRawPointer($0)) } ?? n
                let run = newline - start
                guard copy.count - at >= run, memcmp(copyBase + at, base + start, run) == 0 else { return false }
                at += run
                if newline < n {
                    // The file's last line break is not in the copy; every other is followed by the indentation.
                    if offset + newline != size - 1 {
                        guard copy.count - at >= 3, memcmp(copyBase + at, indent, 3) == 0 else { return false }
                        at += 3
                    }
                }
                start = newline + 1
            }
            offset += n
            if at - released >= 1 << 22 { file.release(released..<at); released = at }
        }
        return at == copy.count
    }
}

extension ProjectBundle {
    /// Reads and checks the bundle in `buffer` (`file`'s bytes when it is mapped: pages passed
    /// are handed back as the pass goes), its project copied to `projectCopy`. The checks are
    /// those of `decode`; a bundle with any problem is read again by `decode`, which names every
    /// problem at its place exactly as it always has.
    package static func check(_ buffer: UnsafeBufferPointer<UInt8>, file: MappedFile?, source: String, projectCopy: String) throws -> CheckedBundle {
        if let checked = try streamingCheck(buffer, file: file, source: source, projectCopy: projectCopy) { return checked }
        _ = try decode(buffer, source: source)
        // The streaming pass found a problem the whole reader does not: it is named as found.
        throw InvalidDataError(source: source, problems: [Problem("", "could not be read as a bundle")], consequence: consequence)
    }

    /// The bundle checked, or nil when it has a problem; throws only when the copy cannot be written.
    private static func streamingCheck(_ buffer: UnsafeBufferPointer<UInt8>, file: MappedFile?, source: String,
                                       projectCopy: String) throws -> CheckedBundle? {
        var top = JSONObject()
        var copied = false
        guard isUTF8(buffer, file: file) else { return nil }
        do {
            var scanner = JSONScanner(buffer: buffer)
            scanner.skipBOM()
            guard scanner.peekByte() == UInt8(ascii: "{") else { return nil }
            try scanner.readObject { scanner, key in
                if top[key] != nil { throw scanner.error("key \(Excerpt.phrase(key)) appears twice") }
                guard key == "project", scanner.peekByte() == UInt8(ascii: "{") else {
                    top.append(key, try scanner.readValue())
                    return
                }
                guard let end = try copyObject(buffer, at: scanner.index, file: file, to: projectCopy) else { throw scanner.error("unbalanced") }
                scanner.index = end
                copied = true
                top.append(key, .object(JSONObject()))
            }
            try scanner.end()
        } catch is JSONSyntaxError {
            return nil
        }
        file?.release(0..<buffer.count)
        var f = FieldReader(object: top, path: "", problems: [])
        guard (try? checkKind(&f, source: source)) != nil, copied, f.problems.isEmpty else { return nil }
        let projectFile = try MappedFile(path: projectCopy, limit: maximumFileBytes, followSymlinks: false)
        guard let read = try? ProjectReader.read(projectFile.bytes, file: projectFile, source: source, keeping: .window([])) else { return nil }
        let photos = checkPhotos(&f, references: read.head.photos.enumerated().map { ($0.offset, $0.element.file) })
        guard f.problems.isEmpty else { return nil }
        return CheckedBundle(file: projectFile, read: read, photos: photos)
    }

    /// Whether `buffer` is UTF-8 (as `JSONScanner.begin` checks it), checked 4 MiB at a time
    /// with the pages passed handed back, so a large bundle is never resident as a whole.
    private static func isUTF8(_ buffer: UnsafeBufferPointer<UInt8>, file: MappedFile?) -> Bool {
        var start = 0
        while start < buffer.count {
            var end = min(start + (1 << 22), buffer.count)
            // A piece ends before a character's continuation bytes, never inside a character.
            while end < buffer.count, end > start, buffer[end] & 0xC0 == 0x80 { end -= 1 }
            if end == start { end = min(start + (1 << 22), buffer.count) }
            if UTF8Check.firstInvalidIndex(UnsafeBufferPointer(rebasing: buffer[start..<end])) != nil { return false }
            file?.release(start..<end)
            start = end
        }
        return true
    }

    /// Copies the JSON object that begins at `start` (its `{`) to a new file at `path`, a piece
    /// at a time, handing back the pages passed; returns where the object ends, or nil when it
    /// does not (its syntax is the reader's to check, in the copy).
    private static func copyObject(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int, file: MappedFile?, to path: String) throws -> Int? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw AkkordError.cannotWrite(path: path, reason: "cannot create: \(FileIO.errnoMessage())") }
        defer { close(fd) }
        let out = ByteOutput(fd: fd, path: path)
        let raw = UnsafeRawBufferPointer(buffer)
        var depth = 0, inString = false, escaped = false
        var i = start, copiedTo = start
        var end: Int? = nil
        scan: while i < buffer.count {
            let b = buffer[i]
            i += 1
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
            } else if b == UInt8(ascii: "\"") {
                inString = true
            } else if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
                depth += 1
            } else if b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { end = i; break scan }
            }
            if i - copiedTo >= 1 << 20 {
                out.write(UnsafeRawBufferPointer(rebasing: raw[copiedTo..<i]))
                file?.release(copiedTo..<i)
                copiedTo = i
            }
        }
        out.write(UnsafeRawBufferPointer(rebasing: raw[copiedTo..<i]))
        file?.release(copiedTo..<i)
        do { try out.flush() } catch let failure as FileIO.Failure { throw AkkordError.cannotWrite(path: path, reason: failure.reason) }
        return end
    }
}

extension LineWindow {
    /// Whether the lines of `other` (another file's) are the same lines as these, in the same
    /// order: the same bytes, or the same when read.
    package func sameLines(as other: LineWindow) -> Bool {
        guard places.count == other.places.count else { return false }
        let (a, b) = (file.bytes, other.file.bytes)
        let (rawA, rawB) = (UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b))
        var releasedA = places.first?.start ?? 0, releasedB = other.places.first?.start ?? 0
        for (p, q) in zip(places, other.places) {
            guard p.stands(in: a), q.stands(in: b) else { return false }
            if p.length != q.length || memcmp(rawA.baseAddress! + p.start, rawB.baseAddress! + q.start, Int(p.length)) != 0 {
                var da = LineDecoder(a, lineAt: p.start), db = LineDecoder(b, lineAt: q.start)
                guard let x = (try? da.next()) ?? nil, let y = (try? db.next()) ?? nil, x.line == y.line else { return false }
            }
            if p.start - releasedA >= 1 << 22 { file.release(releasedA..<p.start); releasedA = p.start }
            if q.start - releasedB >= 1 << 22 { other.file.release(releasedB..<q.start); releasedB = q.start }
        }
        return true
    }
}

extension Store {
    /// A photo file of a project's, read a piece at a time (`pieceSize`, each handed to `body`)
    /// and checked against its name (its SHA-256) once read; returns that SHA-256 in hex. A
    /// photo file that is missing, unreadable or not what its name says is refused, naming it:
    /// a bundle never carries a damaged photo under a good name. A writer that cannot take back
    /// what `body` wrote checks the photo first (`checkBundledPhotos`).
    @discardableResult
    func bundledPhoto(_ file: String, of id: String, pieceSize: Int = 3 << 16, _ body: (ArraySlice<UInt8>) -> Void = { _ in }) throws -> String {
        let path = photoPath(file)
        guard PhotoFile.isValidStoredName(file) else { throw StoreFileError(path: path, problem: "is not a stored photo name") }
        var hasher = SHA256.Hasher()
        do {
            _ = try FileIO.readPieces(path, limit: PhotoImage.maximumBytes, followSymlinks: false, pieceSize: pieceSize) { piece in
                piece.withUnsafeBytes { hasher.update($0) }
                body(piece)
            }
        } catch let failure as FileIO.Failure {
            let reason = failure == .notFound(path) ? "is missing (project \(id) refers to it)" : failure.reason
            throw StoreFileError(path: path, problem: reason)
        }
        let digest = SHA256.hex(digest: hasher.finalize())
        guard file.hasPrefix(digest) else {
            throw StoreFileError(path: path, problem: "its bytes are not what its name says (they hash to \(digest)); the file was changed or damaged")
        }
        return digest
    }

    /// The photo files a project's bundle carries: each once, sorted by name.
    func bundledPhotoFiles(of head: ProjectHead) -> [String] { Set(head.photos.map(\.file)).sorted() }

    /// Checks every photo file the project's bundle would carry (for a writer that cannot take
    /// back what it wrote, standard output).
    package func checkBundledPhotos(of head: ProjectHead) throws {
        for file in bundledPhotoFiles(of: head) { try bundledPhoto(file, of: head.id) }
    }

    /// Writes the bundle of a project as it is stored (`head` and `lines` as
    /// `loadProjectForReading(_:copyingJSON: true)` gives them) to `out` as it goes: exactly the
    /// bytes of `ProjectBundle.encode` (a test holds them equal). The project file is made as
    /// `ProjectCodec.write` makes it, a few hundred lines at a time, and indented on its way out;
    /// each photo is read and checked, then base64-encoded a piece at a time. Returns the bytes
    /// written and the photo files.
    package func writeBundle(_ head: ProjectHead, lines: any ProjectLines, to out: ByteOutput) throws -> (bytes: Int, photos: Int) {
        var written = 0
        func put(_ text: String) { written += text.utf8.count; out.write(text) }
        put("{\n  \"format\": \"\(ProjectBundle.format)\",\n  \"version\": \(ProjectBundle.version),\n  \"project\": ")
        let indented = IndentedCopy(out)
        let scratch = ByteOutput()
        ProjectCodec.write(head.with(lines: []), lineCount: lines.count, subtotal: lines.subtotal, to: scratch) { scratch in
            // The members before the lines go out indented; the lines as they are, their
            // separators indented already (a line is one line of text: no line break inside).
            indented.take(scratch)
            lines.writeJSON(.stored, to: scratch) { i in
                if i % 256 == 255 { indented.takeAsIs(scratch) }
                scratch.write(i == 0 ? "[\n      " : ",\n      ")
            }
            scratch.write(lines.count == 0 ? "[]" : "\n    ]")
            indented.takeAsIs(scratch)
        }
        indented.take(scratch)
        written += indented.written
        guard lines.isIntact else { throw InvalidDataError.linesChangedInPlace(source: projectFile(head.id)) }
        put(",\n  \"photos\": ")
        let files = bundledPhotoFiles(of: head)
        if files.isEmpty { put("[]") }
        for (i, file) in files.enumerated() {
            // The name's hash goes out before the bytes are read: a photo that turns out not to
            // be what its name says throws below, and the bundle is not kept.
            put("\(i == 0 ? "[" : ",")\n    {\"file\": \"\(file)\", \"sha256\": \"\(file.prefix(64))\", \"data\": \"")
            // Pieces of a multiple of 3 bytes encode to base64 without padding but at the end.
            try bundledPhoto(file, of: head.id, pieceSize: 3 << 16) { piece in
                let encoded = Base64.encode(Array(piece))
                written += encoded.count
                out.write(encoded)
            }
            put("\"}")
        }
        if !files.isEmpty { put("\n  ]") }
        put("\n}\n")
        return (written, files.count)
    }
}

/// Bytes of a project file on their way into a bundle, one level deeper: two spaces after each
/// line break but the file's last, which is dropped (as `ProjectBundle.encode` does).
private final class IndentedCopy {
    let out: ByteOutput
    private(set) var written = 0
    /// A line break seen and not yet written: written (indented) once more bytes follow.
    private var pendingBreak = false

    init(_ out: ByteOutput) { self.out = out }

    /// Writes what `scratch` holds and empties it.
    func take(_ scratch: ByteOutput) {
        let bytes = scratch.bytes
        scratch.removeAll()
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var start = 0
            while start < raw.count {
                // A byte follows: a break held back is not the file's last.
                if pendingBreak { breakLine() }
                let newline = memchr(base + start, 0x0A, raw.count - start).map { base.distance(to: UnsafeRawPointer($0)) } ?? raw.count
                if newline > start {
                    out.write(UnsafeRawBufferPointer(rebasing: raw[start..<newline]))
                    written += newline - start
                }
                pendingBreak = newline < raw.count
                start = newline + 1
            }
        }
    }

    /// Writes what `scratch` holds as it is (indented already, with no line break of the
    /// project file's own in it) and empties it.
    func takeAsIs(_ scratch: ByteOutput) {
        if pendingBreak { breakLine() }
        written += scratch.count
        out.write(scratch)
        scratch.removeAll()
    }

    private func breakLine() {
        out.write("\n  " as StaticString)
        written += 3
        pendingBreak = false
    }
}
