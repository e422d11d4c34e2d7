import AkkordSupport
import AkkordModel

/// A compact, search-ready snapshot of a validated catalogue: metadata, every activity, and the
/// folded pos and name that search compares. Made after `catalogue.json` validated, and valid only
/// for exactly those bytes (their size and a 64-bit hash are the `stamp`; file times are too
/// coarse to trust). The index ends with a hash of its own bytes, so a damaged index (a flipped
/// bit, a torn write) is detected. Anything unexpected in the index makes it unusable, never a
/// wrong answer: the JSON file is read and validated instead, and the index made again.
public struct CatalogueIndex: Sendable {
    public struct Stamp: Equatable, Sendable {
        public let values: [Int64]
        public init(_ values: [Int64]) { self.values = values }

        /// Size and a 64-bit hash of the file's bytes.
        public init(of bytes: [UInt8]) { self.init(size: bytes.count, hash: ByteHash.hash64(bytes[...])) }

        /// The stamp of a file of `size` bytes whose `ByteHash.hash64` is `hash` (hashed piece by
        /// piece, without holding the file).
        public init(size: Int, hash: UInt64) { values = [Int64(size), Int64(bitPattern: hash)] }
    }

    /// The format and the folding rules the index was made with: a change to either changes it.
    static let magic: [UInt8] = Array("AKCI0005".utf8)
    private let bytes: [UInt8]
    private let offsets: [Int]          // start of each activity record
    public let name: String, edition: String, validFrom: String?, currency: String
    public var count: Int { offsets.count }

    public static func encode(_ c: Catalogue, stamp: Stamp) -> [UInt8] {
        var out = magic
        func int(_ v: Int64) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        func bytes(_ b: [UInt8]) { int(Int64(b.count)); out += b }
        func string(_ s: String) { bytes(Array(s.utf8)) }
        for v in stamp.values { int(v) }
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
        int(Int64(bitPattern: ByteHash.hash64(out[...])))
        return out
    }

    /// Reads an index made for exactly `stamp`; nil when it is for another file or damaged.
    public init?(_ file: [UInt8], stamp: Stamp) {
        guard file.count >= Self.magic.count + 8, file.starts(with: Self.magic) else { return nil }
        let body = file.count - 8
        var trailer = Reader(bytes: file, at: body)
        guard trailer.int() == Int64(bitPattern: ByteHash.hash64(file[..<body])) else { return nil }
        // The records are read up to the trailer, in the file's own buffer (no copy).
        let bytes = file
        var r = Reader(bytes: bytes, at: Self.magic.count, end: body)
        guard let values = (0..<stamp.values.count).map({ _ in r.int() }) as [Int64?]?,
              values.compactMap({ $0 }) == stamp.values,
              let name = r.string(), let edition = r.string(), let valid = r.string(), let currency = r.string(),
              let n = r.int(), n >= 0, n < 10_000_000 else { return nil }
        var offsets: [Int] = []
        offsets.reserveCapacity(Int(n))
        // The hash proves only that the index is whole, not that it is ours: every price must be
        // one a catalogue can hold and no text may carry a control character, as in the JSON.
        for _ in 0..<n {
            offsets.append(r.at)
            guard let price = r.int(), price >= 0, price <= UnitPrice.maximumRaw else { return nil }
            for _ in 0..<8 { guard r.skipText() else { return nil } }
            // A translation's language is a code, its name not empty, as the JSON requires.
            guard let languages = r.int(), languages >= 0, languages <= 64 else { return nil }
            for _ in 0..<languages {
                guard let code = r.string(), Activity.isLanguageCode(code) else { return nil }
                let name = r.at
                guard r.skipText(), r.at - name > 8, r.skipText(), r.skipText() else { return nil }
            }
            guard let step = r.int(), step >= 0, step <= Quantity.maximumRaw, let mode = r.int(), mode == 0 || mode == 1,
                  let minimum = r.int(), minimum >= -1, minimum <= Quantity.maximumRaw else { return nil }
        }
        guard r.at == body else { return nil }
        self.bytes = bytes; self.offsets = offsets
        guard [name, edition, valid, currency].allSatisfy({ ControlCharacters.first(in: $0) == nil }) else { return nil }
        self.name = name; self.edition = edition; self.validFrom = valid.isEmpty ? nil : valid; self.currency = currency
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

    /// Activity i's pos, name and section as UTF-8 bytes, without making any text: shell
    /// completion looks at every activity and makes text only of those it offers.
    package func label(_ i: Int) -> (pos: ArraySlice<UInt8>, name: ArraySlice<UInt8>, section: ArraySlice<UInt8>) {
        var r = Reader(bytes: bytes, at: offsets[i] + 8)
        let pos = r.slice()!, name = r.slice()!
        _ = r.skip()
        return (pos, name, r.slice()!)
    }

    /// Activity i's name in the language `code`, when it has a translation into it.
    package func translatedName(_ i: Int, language code: String) -> ArraySlice<UInt8>? {
        var r = Reader(bytes: bytes, at: offsets[i] + 8)
        for _ in 0..<8 { _ = r.skip() }
        let wanted = Array(code.utf8)
        for _ in 0..<r.int()! {
            let language = r.slice()!, name = r.slice()!
            _ = r.skip(); _ = r.skip()
            if language.elementsEqual(wanted) { return name.isEmpty ? nil : name }
        }
        return nil
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
        /// Skips a text, refusing control bytes (but the line breaks and tabs a note may have)
        /// and DEL; C1 controls (0xC2 0x80–0x9F) too.
        mutating func skipText() -> Bool {
            guard let n = length() else { return false }
            let start = at
            at += n
            return bytes.withUnsafeBytes { ControlCharacters.bytesHaveNone(UnsafeRawBufferPointer(rebasing: $0[start..<(start + n)])) }
        }
        mutating func slice() -> ArraySlice<UInt8>? {
            guard let n = length() else { return nil }
            defer { at += n }
            return bytes[at..<(at + n)]
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
