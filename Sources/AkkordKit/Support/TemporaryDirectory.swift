#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum TemporaryDirectory {
    public static func make(prefix: String) throws -> String {
        let base = ProcessEnvironment.value("TMPDIR") ?? "/tmp"
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        guard let p = mkdtemp(&template) else { throw FileIO.Failure.system(path: base, operation: "create a temporary directory", message: FileIO.errnoMessage()) }
        return String(cString: p)
    }

    /// Removes a directory tree that akkord made (regular files and directories only).
    public static func remove(_ path: String) {
        guard let dir = opendir(path) else { unlink(path); return }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let child = path + "/" + name
            if FileIO.isDirectory(child) { remove(child) } else { unlink(child) }
        }
        closedir(dir)
        rmdir(path)
    }
}

enum ProcessEnvironment {
    static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
}
