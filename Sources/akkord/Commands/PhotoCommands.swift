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
        let uploads = try Workspace.readPhotos(files)   // every file checked before anything is stored
        let photos = try context.workspace().addPhotos(uploads, caption: caption).value
        if context.wantsJSON { context.printJSON(ChangeJSON.photos(photos)); return }
        for (photo, upload) in zip(photos, uploads) { context.print(Confirmation.photoAdded(photo, image: upload.image, context.language)) }
    }
}

struct PhotoList: Command {
    static let spec = CommandSpec(name: "list", abstract: "List the project's photos.")
    init(_ a: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws {
        let p = try context.workspace().project()
        if context.wantsJSON { context.printJSON(TeamText.photosJSON(p)) } else { context.print(TeamText.photos(p, language: context.language, width: context.width)) }
    }
}

struct PhotoRemove: Command {
    static let id = Positional("id", parse: .entryId, help: "The photo's id (see 'akkord photo list').")
    static let spec = CommandSpec(name: "remove", abstract: "Remove a photo from the project (its file is kept for undo; check --fix removes unused ones).",
                                  arguments: [id])
    let id: Int
    init(_ a: ParsedArguments) throws { id = try a.required(Self.id) }
    func run(_ context: CommandContext) throws {
        let photo = try context.workspace().removePhoto(id).value
        context.printChange(json: ChangeJSON.removed(ChangeJSON.photo(photo)), Confirmation.photoRemoved(photo, context.language))
    }
}
