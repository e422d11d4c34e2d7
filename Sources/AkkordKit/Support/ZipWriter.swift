/// A ZIP archive (PKWARE APPNOTE 6.3) made in memory whose entries are STORED (method 0, no
/// compression; the workbooks use `ZipStream`, below, which deflates and streams): a local header and the bytes of each entry, a
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
        Self.putEndRecord(entries: count, directorySize: central.count, directoryOffset: directoryOffset, &out)
        return out
    }

    /// The end of central directory record (one disk, no comment).
    static func putEndRecord(entries: Int, directorySize: Int, directoryOffset: UInt64, _ out: inout [UInt8]) {
        put32(0x0605_4B50, &out)               // end of central directory signature
        put16(0, &out)                         // number of this disk
        put16(0, &out)                         // disk where the central directory starts
        put16(UInt16(entries), &out)           // entries on this disk
        put16(UInt16(entries), &out)           // entries in all
        put32(UInt32(directorySize), &out)
        put32(UInt32(directoryOffset), &out)
        put16(0, &out)                         // comment length
    }

    static func put16(_ v: UInt16, _ out: inout [UInt8]) {
        out.append(UInt8(v & 0xFF)); out.append(UInt8(v >> 8))
    }

    static func put32(_ v: UInt32, _ out: inout [UInt8]) {
        out.append(UInt8(v & 0xFF)); out.append(UInt8(v >> 8 & 0xFF)); out.append(UInt8(v >> 16 & 0xFF)); out.append(UInt8(v >> 24))
    }
}

/// A ZIP archive written to an output as its entries come, each deflated (method 8, akkord's
/// own `DeflateEncoder`) or, for the tests' readers, stored (method 0): an entry's bytes go
/// through the encoder in pieces of any size and out at once, so no entry and no archive is
/// ever held whole. Each local header has general purpose bit 3 set: its CRC-32 and sizes are
/// zeros there and follow the data in a data descriptor (signature 50 4B 07 08); the central
/// directory at the end has them all. The same fixed DOS time as `ZipWriter` and no extra
/// fields, so the same entries always give the same bytes.
///
///     let zip = ZipStream(to: out)
///     try zip.begin("xl/worksheets/sheet1.xml")
///     zip.write(piece); zip.write(nextPiece)
///     try zip.end()
///     try zip.finish()      // the central directory; then `out.flush()`
///
/// No ZIP64: an entry or an archive of 4 GiB or more, or more than 65,535 entries, is refused
/// with `ZipWriterError`.
public final class ZipStream {
    public enum Method: UInt16, Sendable { case stored = 0, deflated = 8 }

    let out: ByteOutput
    public let method: Method
    private var encoder: DeflateEncoder
    private var central: [UInt8] = []
    private var names: Set<String> = []
    private var count = 0
    /// Bytes put out so far: the next local header's offset.
    private var offset: UInt64 = 0
    /// The open entry: its name, header offset, flags, CRC so far and input size so far.
    private var open: (name: [UInt8], offset: UInt64, flags: UInt16)?
    private var crc: UInt32 = 0
    private var size: UInt64 = 0

    /// `effort`: how hard the encoder looks for matches (`DeflateEncoder.Effort`).
    public init(to out: ByteOutput, method: Method = .deflated, effort: DeflateEncoder.Effort = .thorough) {
        self.out = out
        self.method = method
        encoder = DeflateEncoder(effort: effort)
    }

    /// Starts an entry (`name` a relative path with `/` between folders); ends the open one first.
    public func begin(_ name: String) throws {
        if open != nil { try end() }
        let nameBytes = Array(name.utf8)
        guard !nameBytes.isEmpty, nameBytes.count <= Int(UInt16.max), !name.hasPrefix("/"), !names.contains(name) else {
            throw ZipWriterError.badName(name)
        }
        guard count < Int(UInt16.max) else { throw ZipWriterError.tooManyEntries }
        guard offset + 30 + UInt64(nameBytes.count) < ZipWriter.limit else { throw ZipWriterError.archiveTooLarge }
        // Bit 3: CRC and sizes in the data descriptor; bit 11: the name is UTF-8 (only when not plain ASCII).
        let flags: UInt16 = 1 << 3 | (nameBytes.allSatisfy { $0 < 0x80 } ? 0 : 1 << 11)
        var header: [UInt8] = []
        header.reserveCapacity(30 + nameBytes.count)
        ZipWriter.put32(0x0403_4B50, &header)       // local file header signature
        ZipWriter.put16(20, &header)                // version needed: 2.0 (deflate, data descriptor)
        ZipWriter.put16(flags, &header)
        ZipWriter.put16(method.rawValue, &header)
        ZipWriter.put16(ZipWriter.dosTime, &header)
        ZipWriter.put16(ZipWriter.dosDate, &header)
        ZipWriter.put32(0, &header)                 // CRC-32, compressed and uncompressed size: in the descriptor
        ZipWriter.put32(0, &header)
        ZipWriter.put32(0, &header)
        ZipWriter.put16(UInt16(nameBytes.count), &header)
        ZipWriter.put16(0, &header)                 // extra field length
        header += nameBytes
        out.write(header)
        open = (nameBytes, offset, flags)
        offset += UInt64(header.count)
        crc = 0
        size = 0
        names.insert(name)
    }

    /// The open entry's next bytes.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        crc = CRC32.update(crc, bytes.assumingMemoryBound(to: UInt8.self))
        size += UInt64(bytes.count)
        switch method {
        case .deflated: encoder.write(bytes, to: out)
        case .stored: out.write(bytes)
        }
    }

    public func write(_ bytes: [UInt8]) { bytes.withUnsafeBytes { write($0) } }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Ends the open entry: the rest of its compressed bytes and its data descriptor.
    public func end() throws {
        guard let entry = open else { return }
        open = nil
        let compressed = method == .deflated ? encoder.finish(to: out) : size
        guard size < ZipWriter.limit, compressed < ZipWriter.limit else {
            throw ZipWriterError.tooLarge(String(decoding: entry.name, as: UTF8.self))
        }
        var descriptor: [UInt8] = []
        ZipWriter.put32(0x0807_4B50, &descriptor)
        ZipWriter.put32(crc, &descriptor)
        ZipWriter.put32(UInt32(compressed), &descriptor)
        ZipWriter.put32(UInt32(size), &descriptor)
        out.write(descriptor)
        offset += compressed + 16
        guard offset < ZipWriter.limit else { throw ZipWriterError.archiveTooLarge }

        ZipWriter.put32(0x0201_4B50, &central)      // central directory header signature
        ZipWriter.put16(20, &central)               // version made by: 2.0, MS-DOS attributes
        ZipWriter.put16(20, &central)               // version needed
        ZipWriter.put16(entry.flags, &central)
        ZipWriter.put16(method.rawValue, &central)
        ZipWriter.put16(ZipWriter.dosTime, &central)
        ZipWriter.put16(ZipWriter.dosDate, &central)
        ZipWriter.put32(crc, &central)
        ZipWriter.put32(UInt32(compressed), &central)
        ZipWriter.put32(UInt32(size), &central)
        ZipWriter.put16(UInt16(entry.name.count), &central)
        ZipWriter.put16(0, &central)                // extra field length
        ZipWriter.put16(0, &central)                // comment length
        ZipWriter.put16(0, &central)                // disk number start
        ZipWriter.put16(0, &central)                // internal attributes
        ZipWriter.put32(0, &central)                // external attributes
        ZipWriter.put32(UInt32(entry.offset), &central)
        central += entry.name
        count += 1
    }

    /// A whole entry at once.
    public func add(_ name: String, _ bytes: [UInt8]) throws {
        try begin(name)
        write(bytes)
        try end()
    }

    /// Ends the open entry and writes the central directory and its end record.
    public func finish() throws {
        try end()
        guard offset + UInt64(central.count) + 22 < ZipWriter.limit else { throw ZipWriterError.archiveTooLarge }
        var tail = central
        ZipWriter.putEndRecord(entries: count, directorySize: central.count, directoryOffset: offset, &tail)
        out.write(tail)
        offset += UInt64(tail.count)
        central = []
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
