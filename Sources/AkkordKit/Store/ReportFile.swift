/// Writing a report to a path the user chose: atomic, readable by others (0644).
public enum ReportFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        do { try AtomicFile.write(bytes, to: path, mode: 0o644) } catch {
            throw AkkordError.cannotWrite(path: path, reason: "\(error)")
        }
    }
}
