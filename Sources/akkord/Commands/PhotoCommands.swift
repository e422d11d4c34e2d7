import AkkordKit

struct PhotoCommand: CommandGroup {
    static let spec = CommandSpec(name: "photo", abstract: "Photos of the work, kept as proof and printed in the PDF report's appendix.",
                                  subcommands: [PhotoAdd.self, PhotoList.self, PhotoRemove.self])
}

struct PhotoAdd: Command {
    static let files = Positionals("file", help: "Photo files.")
    static let caption = Option("--caption", value: "caption", help: "A caption for the photos.")
    static let spec = CommandSpec(
        name: "add", abstract: "Add photos (JPEG or PNG, at most 25 MB each) to the project.",
        discussion: "Files are checked by their bytes, not their names. Each is stored once in the store's photos/ directory, named by its SHA-256, however many projects use it.",
        arguments: [files, caption])
    let files: [String]
    let caption: String
    init(_ a: ParsedArguments) throws { files = try a[Self.files]; caption = try a[Self.caption] ?? "" }

    func run(_ context: CommandContext) throws {
        let uploads = try files.map(PhotoUpload.read)   // every file checked before anything is stored
        let photos = try context.workspace().addPhotos(uploads, caption: caption).value
        for (photo, upload) in zip(photos, uploads) {
            let note = upload.image.notEmbeddable.map { "; the PDF lists it by name (\($0))" } ?? ""
            context.print("photo \(photo.id): \(photo.originalName), \(upload.image.width)×\(upload.image.height) \(upload.image.kind.rawValue.uppercased())\(note)")
        }
    }
}

struct PhotoList: Command {
    static let spec = CommandSpec(name: "list", abstract: "List the project's photos.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let p = try context.workspace().project()
        if context.wantsJSON {
            context.printJSON(JSONValue(["photos": .array(p.photos.map { ph in
                JSONValue(["id": .int(ph.id), "caption": .string(ph.caption), "originalName": .string(ph.originalName),
                           "file": .string(ph.file), "added": .string(ph.added)])
            })]))
            return
        }
        var t = TextTable([.init("Id", .right), .init("Caption", wraps: true), .init("File"), .init("Added")])
        for ph in p.photos { t.add(["\(ph.id)", ph.caption, ph.originalName, ph.added]) }
        context.print(p.photos.isEmpty ? "no photos" : t.render())
    }
}

struct PhotoRemove: Command {
    static let id = Positional("id", parse: .entryId, help: "The photo's id (see 'akkord photo list').")
    static let spec = CommandSpec(name: "remove", abstract: "Remove a photo from the project (the file is kept while another project uses it).",
                                  arguments: [id])
    let id: Int
    init(_ a: ParsedArguments) throws { id = try a.required(Self.id) }
    func run(_ context: CommandContext) throws {
        let change = try context.workspace().removePhoto(id)
        let changes = change.history
        context.warn(change.warnings)
        context.print(changes.joined(separator: "\n"))
    }
}
