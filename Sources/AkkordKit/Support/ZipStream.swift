/// The pieces of PKWARE's ZIP format (APPNOTE 6.3) that `ZipStream` writes: every entry carries
/// the same fixed DOS time (1980-01-01 00:00, the format's first day) and no extra fields, so the
/// same entries in the same order always give the same bytes; numbers are little-endian.
enum ZipRecord {
    /// 1980-01-01 00:00:00 in MS-DOS form: date (year − 1980) << 9 | month << 5 | day; time 0.
    static let dosDate: UInt16 = 1 << 5 | 1
    static let dosTime: UInt16 = 0
    /// No ZIP64: a size or an offset must stay below this.
    static let limit = UInt64(UInt32.max)

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
/// directory at the end has them all. Fixed DOS times and no extra fields (`ZipRecord`), so the
/// same entries always give the same bytes.
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
        guard offset + 30 + UInt64(nameBytes.count) < ZipRecord.limit else { throw ZipWriterError.archiveTooLarge }
        // Bit 3: CRC and sizes in the data descriptor; bit 11: the name is UTF-8 (only when not plain ASCII).
        let flags: UInt16 = 1 << 3 | (nameBytes.allSatisfy { $0 < 0x80 } ? 0 : 1 << 11)
        var header: [UInt8] = []
        header.reserveCapacity(30 + nameBytes.count)
        ZipRecord.put32(0x0403_4B50, &header)       // local file header signature
        ZipRecord.put16(20, &header)                // version needed: 2.0 (deflate, data descriptor)
        ZipRecord.put16(flags, &header)
        ZipRecord.put16(method.rawValue, &header)
        ZipRecord.put16(ZipRecord.dosTime, &header)
        ZipRecord.put16(ZipRecord.dosDate, &header)
        ZipRecord.put32(0, &header)                 // CRC-32, compressed and uncompressed size: in the descriptor
        ZipRecord.put32(0, &header)
        ZipRecord.put32(0, &header)
        ZipRecord.put16(UInt16(nameBytes.count), &header)
        ZipRecord.put16(0, &header)                 // extra field length
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
        guard size < ZipRecord.limit, compressed < ZipRecord.limit else {
            throw ZipWriterError.tooLarge(String(decoding: entry.name, as: UTF8.self))
        }
        var descriptor: [UInt8] = []
        ZipRecord.put32(0x0807_4B50, &descriptor)
        ZipRecord.put32(crc, &descriptor)
        ZipRecord.put32(UInt32(compressed), &descriptor)
        ZipRecord.put32(UInt32(size), &descriptor)
        out.write(descriptor)
        offset += compressed + 16
        guard offset < ZipRecord.limit else { throw ZipWriterError.archiveTooLarge }

        ZipRecord.put32(0x0201_4B50, &central)      // central directory header signature
        ZipRecord.put16(20, &central)               // version made by: 2.0, MS-DOS attributes
        ZipRecord.put16(20, &central)               // version needed
        ZipRecord.put16(entry.flags, &central)
        ZipRecord.put16(method.rawValue, &central)
        ZipRecord.put16(ZipRecord.dosTime, &central)
        ZipRecord.put16(ZipRecord.dosDate, &central)
        ZipRecord.put32(crc, &central)
        ZipRecord.put32(UInt32(compressed), &central)
        ZipRecord.put32(UInt32(size), &central)
        ZipRecord.put16(UInt16(entry.name.count), &central)
        ZipRecord.put16(0, &central)                // extra field length
        ZipRecord.put16(0, &central)                // comment length
        ZipRecord.put16(0, &central)                // disk number start
        ZipRecord.put16(0, &central)                // internal attributes
        ZipRecord.put32(0, &central)                // external attributes
        ZipRecord.put32(UInt32(entry.offset), &central)
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
        guard offset + UInt64(central.count) + 22 < ZipRecord.limit else { throw ZipWriterError.archiveTooLarge }
        var tail = central
        ZipRecord.putEndRecord(entries: count, directorySize: central.count, directoryOffset: offset, &tail)
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
