/// Text as a reader found it: a `String`, or a JSON string (quotes included) in the bytes of a
/// mapped file, made into a `String` only when asked. A writer of JSON copies the bytes as they
/// are when they need no escaping, which is what `JSONWriter` would write for them anyway.
public struct TextSlice {
    enum Storage {
        case string(String)
        /// The quoted JSON string; `plain`: no escape and every byte printable ASCII.
        case json(UnsafeBufferPointer<UInt8>, escaped: Bool, plain: Bool)
    }
    let storage: Storage

    public init(_ string: String) { storage = .string(string) }

    /// `quoted` runs from the opening quote to the closing one and was checked to be a JSON
    /// string of valid UTF-8; it must stay mapped while this slice is used.
    init(quoted: UnsafeBufferPointer<UInt8>, escaped: Bool, plain: Bool) {
        storage = .json(quoted, escaped: escaped, plain: plain)
    }

    public var string: String {
        switch storage {
        case .string(let s): return s
        case .json(let quoted, let escaped, _):
            guard escaped else { return String(decoding: UnsafeBufferPointer(rebasing: quoted.dropFirst().dropLast()), as: UTF8.self) }
            var scanner = JSONScanner(buffer: quoted)
            return (try? scanner.parseString()) ?? ""
        }
    }

    /// The length in bytes when the text is printable ASCII without escapes (so also in
    /// characters); nil for any other text, which a checker then reads as a `String`.
    public var plainASCIICount: Int? {
        switch storage {
        case .string: return nil
        case .json(let quoted, _, let plain): return plain ? quoted.count - 2 : nil
        }
    }

    /// The quoted JSON string in the file, quotes included, when it has no escapes: the bytes
    /// `writeJSON` copies. Nil for any other text.
    @inline(__always) var quotedInFile: UnsafeBufferPointer<UInt8>? {
        if case .json(let quoted, false, _) = storage { return quoted }
        return nil
    }

    /// The text's bytes in the file (no quotes), when it has no escapes: the bytes `withUTF8`
    /// gives. Nil for any other text.
    @inline(__always) var bytesInFile: UnsafeBufferPointer<UInt8>? {
        if case .json(let quoted, false, _) = storage { return UnsafeBufferPointer(start: quoted.baseAddress! + 1, count: quoted.count - 2) }
        return nil
    }

    /// Writes the text as a JSON string, escaped as `JSONWriter` escapes.
    public func writeJSON(to out: ByteOutput) {
        if case .json(let quoted, false, _) = storage { out.write(UnsafeRawBufferPointer(quoted)); return }
        JSONWriter.writeString(string, to: out)
    }
}

extension TextSlice {
    /// Printable ASCII read from a file without escapes: a byte is a character, and no byte
    /// needs escaping or mapping. Known without reading the text.
    public var isPlainASCII: Bool {
        if case .json(_, _, true) = storage { return true }
        return false
    }

    public var isEmpty: Bool {
        switch storage {
        case .string(let s): return s.isEmpty
        case .json(let quoted, _, _): return quoted.count == 2
        }
    }

    /// The text's UTF-8 bytes: those in the file when it has no escapes (no `String` made),
    /// else those of `string`.
    public func withUTF8<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        switch storage {
        case .json(let quoted, false, _): return try body(UnsafeBufferPointer(rebasing: quoted[1..<(quoted.count - 1)]))
        case .json, .string:
            var s = string
            return try s.withUTF8(body)
        }
    }

    /// Whether the text is exactly `ascii` (bytes compared: an ASCII text has no other spelling).
    public func equals(_ ascii: StaticString) -> Bool {
        withUTF8 { $0.elementsEqual(UnsafeBufferPointer(start: ascii.utf8Start, count: ascii.utf8CodeUnitCount)) }
    }
}
