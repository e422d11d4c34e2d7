import AkkordKit

/// The format of a command that writes a report-like output (`report`, `demo`, `summary`):
/// `--format` wins (`--format csv -o x.pdf` writes CSV, as asked); else the extension of `-o`
/// names it, and an extension that names none is a usage error; else nil (text, or JSON with
/// the global `--json`, decided by the command).
enum OutputFormatChoice {
    static func choose<Format>(given: Format?, output: String?, fromExtension: (String) -> Format?,
                               unknownExtension: (String) -> UsageError) throws -> Format? {
        if let given { return given }
        guard let output else { return nil }
        guard let format = fromExtension(output) else { throw unknownExtension(output) }
        return format
    }
}

/// `-o FILE` of every command that writes an output: `-` is standard output (SPEC §7).
enum OutputOption {
    /// The file `-o` names; nil for standard output (no `-o`, or `-o -`).
    static func file(_ given: String?) -> String? { given == "-" ? nil : given }
}
