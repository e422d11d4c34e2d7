/// Reads the derived caches' binary files (`.project-list`, `.project-summary`): little-endian
/// 64-bit numbers, length-prefixed UTF-8 texts and file identities, each refused (nil) when it
/// runs past `end` or holds a value no file could give, so a damaged cache is only ignored.
struct CacheFileReader {
    let bytes: [UInt8]
    var at: Int
    let end: Int

    mutating func int() -> Int64? {
        guard end - at >= 8 else { return nil }
        defer { at += 8 }
        return Int64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: Int64.self) })
    }

    /// A flag (0 or 1) then a number: nil for a damaged flag, .some(nil) for no number.
    mutating func optional() -> Int64?? {
        guard let flag = int(), flag == 0 || flag == 1, let v = int() else { return nil }
        return .some(flag == 1 ? v : nil)
    }

    /// A file's identity as `ProjectListCache.Identity` is written: device, inode, size, then the
    /// modification and change times (seconds, nanoseconds).
    mutating func identity() -> ProjectListCache.Identity? {
        guard let device = int(), let inode = int(), let size = int(), size >= 0,
              let modified = int(), let modifiedNanoseconds = int(), (0..<1_000_000_000).contains(modifiedNanoseconds),
              let changed = int(), let changedNanoseconds = int(), (0..<1_000_000_000).contains(changedNanoseconds)
        else { return nil }
        return ProjectListCache.Identity(device: UInt64(bitPattern: device), inode: UInt64(bitPattern: inode), size: size,
                                         modifiedSeconds: modified, modifiedNanoseconds: modifiedNanoseconds,
                                         changedSeconds: changed, changedNanoseconds: changedNanoseconds)
    }

    /// A UTF-8 text whose length fits in what is left (compared without adding: a huge
    /// length in a damaged cache must not overflow).
    mutating func string() -> String? {
        guard let n = int(), n >= 0, n <= Int64(end - at) else { return nil }
        defer { at += Int(n) }
        return String(validating: bytes[at..<(at + Int(n))], as: UTF8.self)
    }
}
