import AkkordSupport
import AkkordModel

/// A compact, search-ready snapshot of a validated catalogue: metadata, every activity, and the
/// folded pos and name that search compares. Made after `catalogue.json` validated, and valid only
/// for exactly those bytes: their size and a 64-bit hash are the `stamp`. It may also record the
/// file's identity as `stat` gave it when those bytes were read (`catalogueIdentity`: device,
/// inode, size, modification and change times, taken only once the file had settled, as
/// `.project-list` does), so that shell completion can know the file unchanged without hashing
/// it. The index ends with a hash of its own bytes, so a damaged index (a flipped bit, a torn
/// write) is detected. Anything unexpected in the index makes it unusable, never a wrong answer:
/// the JSON file is read and validated instead, and the index made again.
///
/// The hash proves the index whole, not that akkord made it: every price and length is checked
/// when it is read, and every text for control characters too. Shell completion reads only the
/// index's front, its `Labels`, which have a hash of their own.
public struct CatalogueIndex: Sendable {
    /// Two numbers: the file's size and its hash (the index keeps two).
    public struct Stamp: Equatable, Sendable {
        public let values: [Int64]
        public init(_ values: [Int64]) { self.values = values }

        /// Size and a 64-bit hash (`Hash`) of the file's bytes.
        public init(of bytes: [UInt8]) {
            var hash = Hash()
            bytes.withUnsafeBytes { hash.add($0) }
            self.init(size: bytes.count, hash: hash.value)
        }

        /// The stamp of a file of `size` bytes whose `Hash` is `hash` (hashed piece by piece,
        /// without holding the file).
        public init(size: Int, hash: UInt64) { values = [Int64(size), Int64(bitPattern: hash)] }
    }

    /// The hash of the index's parts and of its catalogue file (`ByteHash.FourLanes`).
    public typealias Hash = ByteHash.FourLanes

    /// The format and the folding rules the index was made with: a change to either changes it.
    static let magic: [UInt8] = Array("AKCI0006".utf8)
    /// The numbers of the catalogue file's identity (a `stat`'s seven), all 0 for none.
    static let identitySize = 7
    /// Where the stamp, the identity and the labels begin: after the marker and the labels' end.
    static let stampStart = 16, identityStart = 32, labelsStart = 32 + 8 * identitySize
    private let bytes: [UInt8]
    private let offsets: [Int]          // start of each activity record
    /// Where the labels end (their hash follows).
    private let labelsEnd: Int
    public let name: String, edition: String, validFrom: String?, currency: String
    /// The content stamp of the catalogue file the index was made from.
    public let stamp: Stamp
    /// The identity of the catalogue file as `stat` gave it when the bytes of `stamp` were read,
    /// once settled; empty when the index does not vouch for one.
    public let catalogueIdentity: [Int64]
    public var count: Int { offsets.count }

    /// The index: the marker; where the labels end; the stamp; the catalogue file's identity;
    /// the labels (`Labels`) and their own hash; the catalogue's name, edition, validity and
    /// currency; the activities (numbers 8 bytes little-endian, texts with their length before
    /// them); the hash of all that. `catalogueIdentity`: the identity to record (see the type),
    /// empty for none.
    public static func encode(_ c: Catalogue, stamp: Stamp, catalogueIdentity: [Int64] = []) -> [UInt8] {
        var out = magic
        func int(_ v: Int64) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        func bytes(_ b: [UInt8]) { int(Int64(b.count)); out += b }
        func string(_ s: String) { bytes(Array(s.utf8)) }
        func label(_ s: String) { withUnsafeBytes(of: UInt32(s.utf8.count).littleEndian) { out += $0 }; out += s.utf8 }
        int(0)   // where the labels end, below
        for k in 0..<2 { int(k < stamp.values.count ? stamp.values[k] : 0) }   // a stamp is a size and a hash
        for k in 0..<identitySize { int(catalogueIdentity.count == identitySize ? catalogueIdentity[k] : 0) }
        for a in c.activities {
            label(a.pos); label(a.name); label(a.section)
            let codes = a.translations.keys.sorted()
            withUnsafeBytes(of: UInt32(codes.count).littleEndian) { out += $0 }
            for code in codes { label(code); label(a.translations[code]!.name) }
        }
        withUnsafeBytes(of: Int64(out.count).littleEndian) { out.replaceSubrange(8..<16, with: $0) }
        int(Int64(bitPattern: Hash.of(out, count: out.count)))
        string(c.name); string(c.edition); string(c.validFrom ?? ""); string(c.currency)
        int(Int64(c.activities.count))
        var folded: [UInt8] = []
        for a in c.activities {
            int(a.price.raw)
            string(a.pos); string(a.name); string(a.unit); string(a.section); string(a.note)
            string(a.keywords.joined(separator: "|"))
            SearchText.fold(a.pos, into: &folded); bytes(folded)
            SearchText.fold(a.searchText, into: &folded); bytes(folded)
            // Translations last, so search reads its two folded texts at fixed places.
            int(Int64(a.translations.count))
            for code in a.translations.keys.sorted() {
                let t = a.translations[code]!
                string(code); string(t.name); string(t.section); string(t.note)
            }
            // The handbook's rule (SPEC §16): the step (0: none), the mode, the minimum (-1: none).
            int(a.rounding?.step.raw ?? 0); int(a.rounding?.mode == .halfUp ? 1 : 0); int(a.minimum?.raw ?? -1)
        }
        int(Int64(bitPattern: Hash.of(out, count: out.count)))
        return out
    }

    /// This index with `identity` recorded as its catalogue file's instead of the one it has
    /// (empty: none): the same labels and records, new hashes.
    public func recording(catalogueIdentity identity: [Int64]) -> [UInt8] {
        var out = bytes
        for k in 0..<Self.identitySize {
            withUnsafeBytes(of: (identity.count == Self.identitySize ? identity[k] : 0).littleEndian) {
                out.replaceSubrange((Self.identityStart + 8 * k)..<(Self.identityStart + 8 * k + 8), with: $0)
            }
        }
        withUnsafeBytes(of: Int64(bitPattern: Hash.of(out, count: labelsEnd)).littleEndian) { out.replaceSubrange(labelsEnd..<(labelsEnd + 8), with: $0) }
        withUnsafeBytes(of: Int64(bitPattern: Hash.of(out, count: out.count - 8)).littleEndian) { out.replaceSubrange((out.count - 8)..., with: $0) }
        return out
    }

    /// Reads an index made for exactly `stamp`; nil when it is for another file or damaged.
    public init?(_ file: [UInt8], stamp: Stamp) {
        self.init(file) { made, _ in made == stamp }
    }

    /// Reads an index when `isFor` accepts the stamp and the catalogue identity it records (asked
    /// once the index is known whole); nil when it does not, or the index is damaged.
    public init?(_ file: [UInt8], isFor: (_ stamp: Stamp, _ catalogueIdentity: [Int64]) -> Bool) {
        guard file.count >= Self.labelsStart + 16, file.starts(with: Self.magic) else { return nil }
        let body = file.count - 8
        var trailer = Reader(bytes: file, at: body)
        guard trailer.int() == Int64(bitPattern: Hash.of(file, count: body)) else { return nil }
        // The records are read up to the trailer, in the file's own buffer (no copy).
        let bytes = file
        var r = Reader(bytes: bytes, at: Self.magic.count, end: body)
        guard let labelsEnd = r.int(), labelsEnd >= Self.labelsStart, labelsEnd <= Int64(body - 8) else { return nil }
        let stamp = Stamp((0..<2).map { _ in r.int()! })
        let identity = (0..<Self.identitySize).map { _ in r.int()! }
        let catalogueIdentity = identity.allSatisfy { $0 == 0 } ? [] : identity
        guard isFor(stamp, catalogueIdentity) else { return nil }
        r.at = Int(labelsEnd) + 8
        guard let name = r.string(), let edition = r.string(), let valid = r.string(), let currency = r.string(),
              let n = r.int(), n >= 0, n < 10_000_000 else { return nil }
        guard let offsets = bytes.withUnsafeBytes({ Self.recordStarts($0, from: r.at, end: body, count: Int(n)) }) else { return nil }
        self.bytes = bytes; self.offsets = offsets; self.labelsEnd = Int(labelsEnd)
        self.stamp = stamp; self.catalogueIdentity = catalogueIdentity
        guard [name, edition, valid, currency].allSatisfy({ ControlCharacters.first(in: $0) == nil }) else { return nil }
        self.name = name; self.edition = edition; self.validFrom = valid.isEmpty ? nil : valid; self.currency = currency
    }

    /// The start of each of the `count` records from `start` to `end`, each checked: nil when
    /// anything is out of place. Every price must be one a catalogue can hold and no text may
    /// carry a control character, as in the JSON.
    private static func recordStarts(_ raw: UnsafeRawBufferPointer, from start: Int, end: Int, count n: Int) -> [Int]? {
        var offsets: [Int] = []
        offsets.reserveCapacity(n)
        var r = RawReader(raw: raw, at: start, end: end)
        for _ in 0..<n {
            offsets.append(r.at)
            guard let price = r.int(), price >= 0, price <= UnitPrice.maximumRaw else { return nil }
            for _ in 0..<8 { guard r.skipText() else { return nil } }
            // A translation's language is a code, its name not empty, as the JSON requires.
            guard let languages = r.int(), languages >= 0, languages <= 64 else { return nil }
            for _ in 0..<languages {
                guard let code = r.text(), Activity.isLanguageCode(String(decoding: code, as: UTF8.self)) else { return nil }
                let name = r.at
                guard r.skipText(), r.at - name > 8,
                      r.skipText(), r.skipText() else { return nil }
            }
            guard let step = r.int(), step >= 0, step <= Quantity.maximumRaw, let mode = r.int(), mode == 0 || mode == 1,
                  let minimum = r.int(), minimum >= -1, minimum <= Quantity.maximumRaw else { return nil }
        }
        return r.at == end ? offsets : nil
    }

    public func activity(_ i: Int) -> Activity {
        var r = Reader(bytes: bytes, at: offsets[i])
        let price = UnitPrice(raw: r.int()!)
        let pos = r.string()!, name = r.string()!, unit = r.string()!, section = r.string()!, note = r.string()!
        let keywords = r.string()!
        _ = r.skip(); _ = r.skip()
        var translations: [String: ActivityTranslation] = [:]
        for _ in 0..<r.int()! {
            let code = r.string()!, name = r.string()!, section = r.string()!, note = r.string()!
            translations[code] = ActivityTranslation(name: name, section: section, note: note)
        }
        let step = r.int()!, mode = r.int()!, minimum = r.int()!
        return Activity(pos: pos, name: name, unit: unit, price: price, section: section, note: note,
                        keywords: keywords.isEmpty ? [] : keywords.split(separator: "|").map(String.init), translations: translations,
                        rounding: step == 0 ? nil : QuantityRounding(step: Quantity(raw: step), mode: mode == 1 ? .halfUp : .up),
                        minimum: minimum < 0 ? nil : Quantity(raw: minimum))
    }

    public var catalogue: Catalogue {
        Catalogue(name: name, edition: edition, validFrom: validFrom, currency: currency, activities: (0..<count).map(activity))
    }

    /// Copies activity i's folded pos and search text (name and keywords) into the buffers
    /// (search's inner loop).
    func folded(_ i: Int, pos: inout [UInt8], name: inout [UInt8]) {
        var r = Reader(bytes: bytes, at: offsets[i] + 8)
        for _ in 0..<6 { _ = r.skip() }
        r.copy(into: &pos)
        r.copy(into: &name)
    }

    /// Reads numbers and texts from raw bytes, each within `end`.
    struct RawReader {
        let raw: UnsafeRawBufferPointer
        var at: Int
        let end: Int
        @inline(__always) mutating func int() -> Int64? {
            guard at <= end - 8 else { return nil }
            defer { at += 8 }
            return Int64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int64.self))
        }
        /// A text's bytes (a length that fits in what is left is compared without adding: a huge
        /// length in a damaged index must not overflow).
        @inline(__always) mutating func text() -> UnsafeRawBufferPointer? {
            guard let n = int(), n >= 0, n <= Int64(end - at) else { return nil }
            defer { at += Int(n) }
            return UnsafeRawBufferPointer(rebasing: raw[at..<(at + Int(n))])
        }
        /// Skips a text, refusing control bytes (but the line breaks and tabs a note may have)
        /// and DEL; C1 controls (0xC2 0x80–0x9F) too.
        @inline(__always) mutating func skipText() -> Bool {
            guard let text = text() else { return false }
            return ControlCharacters.bytesHaveNone(text)
        }
        @inline(__always) mutating func count32() -> Int? {
            guard at <= end - 4 else { return nil }
            defer { at += 4 }
            return Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
        }
        /// A label's text: its length in 4 bytes, then its bytes.
        @inline(__always) mutating func label() -> UnsafeRawBufferPointer? {
            guard let n = count32(), n <= end - at else { return nil }
            defer { at += n }
            return UnsafeRawBufferPointer(rebasing: raw[at..<(at + n)])
        }
    }

    struct Reader {
        let bytes: [UInt8]
        var at = 0
        /// Where the reader's bytes end (the index's records end before its trailer).
        var end: Int
        init(bytes: [UInt8], at: Int = 0, end: Int? = nil) { self.bytes = bytes; self.at = at; self.end = end ?? bytes.count }
        mutating func int() -> Int64? {
            guard at + 8 <= end else { return nil }
            let v = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: Int64.self) }
            at += 8
            return Int64(littleEndian: v)
        }
        /// A length that fits in what is left of the bytes (compared without adding: a huge
        /// length in a damaged index must not overflow).
        private mutating func length() -> Int? {
            guard let n = int(), n >= 0, n <= Int64(end - at) else { return nil }
            return Int(n)
        }
        mutating func skip() -> Bool {
            guard let n = length() else { return false }
            at += n
            return true
        }
        mutating func string() -> String? {
            guard let n = length() else { return nil }
            defer { at += Int(n) }
            return String(decoding: bytes[at..<(at + Int(n))], as: UTF8.self)
        }
        mutating func copy(into buffer: inout [UInt8]) {
            let n = Int(int()!)
            buffer.removeAll(keepingCapacity: true)
            buffer.append(contentsOf: bytes[at..<(at + n)])
            at += n
        }
    }
}

extension CatalogueIndex {
    /// The front of the index, what shell completion reads of it (SPEC §13: it looks at every
    /// activity, 50,000 of them, within 30 ms): the stamp and identity, then each activity's pos,
    /// name, section and translated names in the catalogue's order (each text its length in 4
    /// bytes, then its UTF-8; the number of translations in 4 bytes, then each one's language
    /// and name), then a hash of all that. Completion reads these bytes only, and checks them by
    /// their own hash: a flipped bit among them is detected, and one in the rest of the index
    /// cannot change what completion shows. Lengths are checked as they are read (an index made
    /// by another program, with hashes to match, must not crash it); texts are not checked for
    /// control characters here: the caller checks those it shows.
    package struct Labels {
        private let bytes: [UInt8]
        package let stamp: Stamp
        /// As `CatalogueIndex.catalogueIdentity`.
        package let catalogueIdentity: [Int64]

        /// How many bytes to read from the start of an index file of `fileSize` bytes whose first
        /// 16 are `head`: through the labels and their hash. nil when those are not an index's.
        package static func frontLength(_ head: [UInt8], fileSize: Int) -> Int? {
            guard head.count >= 16, head.starts(with: magic) else { return nil }
            let end = head.withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(fromByteOffset: 8, as: Int64.self)) }
            // The labels' hash and the index's trailer follow them.
            guard end >= Int64(labelsStart), end <= Int64(fileSize) - 16 else { return nil }
            return Int(end) + 8
        }

        /// The labels of an index's front (`frontLength` bytes), when whole and `isFor` accepts
        /// the stamp and identity they record; nil otherwise.
        package init?(_ front: [UInt8], isFor: (_ stamp: Stamp, _ catalogueIdentity: [Int64]) -> Bool) {
            guard front.count >= labelsStart + 8, front.starts(with: magic) else { return nil }
            let end = front.count - 8
            var r = Reader(bytes: front, at: 8)
            guard r.int() == Int64(end) else { return nil }
            var hash = Reader(bytes: front, at: end)
            guard hash.int() == Int64(bitPattern: Hash.of(front, count: end)) else { return nil }
            stamp = Stamp((0..<2).map { _ in r.int()! })
            let identity = (0..<identitySize).map { _ in r.int()! }
            catalogueIdentity = identity.allSatisfy { $0 == 0 } ? [] : identity
            guard isFor(stamp, catalogueIdentity) else { return nil }
            bytes = front
        }

        /// Calls `body` with each activity's pos, name (its translation into `language` where
        /// it has one) and section as UTF-8 (valid only during the call), in order. false when
        /// the labels are out of place (not akkord's), maybe after some calls.
        package func forEach(language: String, _ body: (_ pos: UnsafeRawBufferPointer, _ name: UnsafeRawBufferPointer, _ section: UnsafeRawBufferPointer) -> Void) -> Bool {
            let wanted = Array(language.utf8)
            return bytes.withUnsafeBytes { raw in
                var r = RawReader(raw: raw, at: labelsStart, end: raw.count - 8)
                while r.at < r.end {
                    guard let pos = r.label(), var name = r.label(), let section = r.label(), let translations = r.count32() else { return false }
                    for _ in 0..<translations {
                        guard let code = r.label(), let translated = r.label() else { return false }
                        if !translated.isEmpty, code.elementsEqual(wanted) { name = translated }
                    }
                    body(pos, name, section)
                }
                return true
            }
        }
    }
}
