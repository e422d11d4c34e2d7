/// Text as a JSON string (quotes included) in bytes that a reader holds — a mapped project file,
/// or the buffer a `LineViewMaker` wrote a line's texts into — made into a `String` only when
/// asked. A writer of JSON copies the bytes as they are when they need no escaping, which is what
/// `JSONWriter` would write for them anyway. A plain value (no reference counted): a view of a
/// line is copied as bytes, which every pass over 100,000 lines does several times a line.
public struct TextSlice {
    /// From the opening quote to the closing one; checked to be a JSON string of valid UTF-8. It
    /// must stay where it is while this slice is used.
    @usableFromInline package let quoted: UnsafeBufferPointer<UInt8>
    /// Whether the string holds an escape (its text is then read by the JSON scanner).
    @usableFromInline package let escaped: Bool
    /// No escape, and every byte printable ASCII.
    @usableFromInline package let plain: Bool

    @inlinable package init(quoted: UnsafeBufferPointer<UInt8>, escaped: Bool, plain: Bool) {
        self.quoted = quoted
        self.escaped = escaped
        self.plain = plain
    }

    /// `body` with a slice of `string`, written as `JSONWriter` writes it into a buffer that lives
    /// for the call.
    public static func with<R>(_ string: String, _ body: (TextSlice) throws -> R) rethrows -> R {
        var bytes: [UInt8] = []
        let (escaped, plain) = appendQuoted(string, to: &bytes)
        return try bytes.withUnsafeBufferPointer { try body(TextSlice(quoted: $0, escaped: escaped, plain: plain)) }
    }

    /// Appends `string` as `JSONWriter` writes it; whether that took an escape, and whether it is
    /// plain (see `plain`).
    package static func appendQuoted(_ string: String, to bytes: inout [UInt8]) -> (escaped: Bool, plain: Bool) {
        let before = bytes.count
        JSONWriter.emitString(string, into: &bytes)
        let escaped = bytes.count - before != string.utf8.count + 2
        return (escaped, !escaped && string.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
    }

    public var string: String {
        if let bytes = unescapedBytes { return String(decoding: bytes, as: UTF8.self) }
        var scanner = JSONScanner(buffer: quoted)
        return (try? scanner.parseString()) ?? ""
    }

    /// The length in bytes when the text is printable ASCII without escapes (so also in
    /// characters); nil for any other text, which a checker then reads as a `String`.
    public var plainASCIICount: Int? { plain ? quoted.count - 2 : nil }

    /// The quoted JSON string, quotes included, when it has no escapes: the bytes `writeJSON`
    /// copies. Nil for any other text.
    @inlinable @inline(__always) package var unescapedQuoted: UnsafeBufferPointer<UInt8>? { escaped ? nil : quoted }

    /// The text's bytes (no quotes), when it has no escapes: the bytes `withUTF8` gives. Nil for
    /// any other text.
    @inlinable @inline(__always) package var unescapedBytes: UnsafeBufferPointer<UInt8>? {
        escaped ? nil : UnsafeBufferPointer(start: quoted.baseAddress! + 1, count: quoted.count - 2)
    }

    /// Writes the text as a JSON string, escaped as `JSONWriter` escapes.
    public func writeJSON(to out: ByteOutput) {
        if !escaped { out.write(UnsafeRawBufferPointer(quoted)); return }
        JSONWriter.writeString(string, to: out)
    }
}

extension TextSlice {
    /// Printable ASCII without escapes: a byte is a character, and no byte needs escaping or
    /// mapping. Known without reading the text.
    public var isPlainASCII: Bool { plain }

    public var isEmpty: Bool { quoted.count == 2 }

    /// The text's UTF-8 bytes: those in the JSON string when it has no escapes (no `String`
    /// made), else those of `string`.
    @inlinable public func withUTF8<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        if let bytes = unescapedBytes { return try body(bytes) }
        var s = string
        return try s.withUTF8(body)
    }

    /// Whether the text is exactly `ascii` (bytes compared: an ASCII text has no other spelling).
    public func equals(_ ascii: StaticString) -> Bool {
        withUTF8 { $0.elementsEqual(UnsafeBufferPointer(start: ascii.utf8Start, count: ascii.utf8CodeUnitCount)) }
    }
}
