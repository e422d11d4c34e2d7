/// A ZIP archive (PKWARE APPNOTE 6.3) whose entries are STORED (method 0, no compression), as an
/// Office Open XML file needs it and nothing more: a local header and the bytes of each entry, a
/// central directory, its end record. Every entry carries the same fixed DOS time (1980-01-01
/// 00:00, the format's first day) and no extra fields, so the same entries in the same order
/// always give the same bytes.
///
///     var zip = ZipWriter()
///     try zip.add("[Content_Types].xml", bytes)
///     let archive = try zip.finish()
///
/// No ZIP64: an entry or an archive of 4 GiB or more, or more than 65,535 entries, is refused
/// with `ZipWriterError` (never cut short or wrapped around).
public struct ZipWriter {
    /// 1980-01-01 00:00:00 in MS-DOS form: date (year − 1980) << 9 | month << 5 | day; time 0.
    static let dosDate: UInt16 = 1 << 5 | 1
    static let dosTime: UInt16 = 0
    static let limit = UInt64(UInt32.max)

    private var archive: [UInt8] = []
    private var central: [UInt8] = []
    private var names: Set<String> = []
    private var count = 0

    /// `capacity`: about how many bytes the archive will have (saves copies as it grows).
    public init(capacity: Int = 0) { archive.reserveCapacity(capacity) }

    /// Appends an entry. `name` is a relative path with `/` between folders (`xl/workbook.xml`).
    public mutating func add(_ name: String, _ bytes: [UInt8]) throws {
        try add(name, parts: [bytes])
    }

    /// Appends an entry whose bytes are `parts` one after another, copied once, straight into
    /// the archive (a big part is not joined to the others first).
    public mutating func add(_ name: String, parts: [[UInt8]]) throws {
        let nameBytes = Array(name.utf8)
        guard !nameBytes.isEmpty, nameBytes.count <= Int(UInt16.max), !name.hasPrefix("/"), !names.contains(name) else {
            throw ZipWriterError.badName(name)
        }
        let size = UInt64(parts.reduce(0) { $0 + $1.count })
        guard size < Self.limit else { throw ZipWriterError.tooLarge(name) }
        guard count < Int(UInt16.max) else { throw ZipWriterError.tooManyEntries }
        let offset = UInt64(archive.count)
        guard offset + 30 + UInt64(nameBytes.count) + size < Self.limit else { throw ZipWriterError.tooLarge(name) }
        // General purpose flag bit 11: the name is UTF-8 (set only when it is not plain ASCII).
        let flags: UInt16 = nameBytes.allSatisfy { $0 < 0x80 } ? 0 : 1 << 11

        archive.reserveCapacity(archive.count + 30 + nameBytes.count + Int(size))
        Self.put32(0x0403_4B50, &archive)           // local file header signature
        Self.put16(10, &archive)                    // version needed: 1.0 (stored)
        Self.put16(flags, &archive)
        Self.put16(0, &archive)                     // method: stored
        Self.put16(Self.dosTime, &archive)
        Self.put16(Self.dosDate, &archive)
        let crcAt = archive.count
        Self.put32(0, &archive)                     // CRC-32, filled in below
        Self.put32(UInt32(size), &archive)          // compressed size
        Self.put32(UInt32(size), &archive)          // uncompressed size
        Self.put16(UInt16(nameBytes.count), &archive)
        Self.put16(0, &archive)                     // extra field length
        archive += nameBytes
        let dataAt = archive.count
        for part in parts { archive += part }
        let crc = CRC32.checksum(archive[dataAt...])
        for k in 0..<4 { archive[crcAt + k] = UInt8(crc >> (8 * UInt32(k)) & 0xFF) }

        Self.put32(0x0201_4B50, &central)           // central directory header signature
        Self.put16(20, &central)                    // version made by: 2.0, MS-DOS attributes
        Self.put16(10, &central)                    // version needed
        Self.put16(flags, &central)
        Self.put16(0, &central)
        Self.put16(Self.dosTime, &central)
        Self.put16(Self.dosDate, &central)
        Self.put32(crc, &central)
        Self.put32(UInt32(size), &central)
        Self.put32(UInt32(size), &central)
        Self.put16(UInt16(nameBytes.count), &central)
        Self.put16(0, &central)                     // extra field length
        Self.put16(0, &central)                     // comment length
        Self.put16(0, &central)                     // disk number start
        Self.put16(0, &central)                     // internal attributes
        Self.put32(0, &central)                     // external attributes
        Self.put32(UInt32(offset), &central)        // offset of the local header
        central += nameBytes
        names.insert(name)
        count += 1
    }

    /// The whole archive: the entries, the central directory and its end record.
    public consuming func finish() throws -> [UInt8] {
        let directoryOffset = UInt64(archive.count)
        guard directoryOffset + UInt64(central.count) + 22 < Self.limit else { throw ZipWriterError.archiveTooLarge }
        var out = archive
        archive = []   // the archive's bytes are not copied: `out` holds the only reference
        out += central
        Self.put32(0x0605_4B50, &out)               // end of central directory signature
        Self.put16(0, &out)                         // number of this disk
        Self.put16(0, &out)                         // disk where the central directory starts
        Self.put16(UInt16(count), &out)             // entries on this disk
        Self.put16(UInt16(count), &out)             // entries in all
        Self.put32(UInt32(central.count), &out)
        Self.put32(UInt32(directoryOffset), &out)
        Self.put16(0, &out)                         // comment length
        return out
    }

    static func put16(_ v: UInt16, _ out: inout [UInt8]) {
        out.append(UInt8(v & 0xFF)); out.append(UInt8(v >> 8))
    }

    static func put32(_ v: UInt32, _ out: inout [UInt8]) {
        out.append(UInt8(v & 0xFF)); out.append(UInt8(v >> 8 & 0xFF)); out.append(UInt8(v >> 16 & 0xFF)); out.append(UInt8(v >> 24))
    }
}

/// Why a ZIP archive could not be made.
public enum ZipWriterError: Equatable, Sendable, PhrasedError {
    /// Empty, absolute, too long, or already in the archive.
    case badName(String)
    /// 4 GiB or more: beyond a ZIP without ZIP64.
    case tooLarge(String)
    /// The whole archive 4 GiB or more.
    case archiveTooLarge
    case tooManyEntries

    public var phrase: Phrase {
        switch self {
        case .badName(let name): return "cannot put \"\(name)\" in a ZIP archive: the name is empty, absolute, too long or already used"
        case .tooLarge(let name): return "\(name) would be 4 GiB or more, more than a ZIP archive without ZIP64 holds"
        case .archiveTooLarge: return "the archive would be 4 GiB or more, more than a ZIP archive without ZIP64 holds"
        case .tooManyEntries: return "more than 65,535 entries, more than a ZIP archive without ZIP64 holds"
        }
    }
}
