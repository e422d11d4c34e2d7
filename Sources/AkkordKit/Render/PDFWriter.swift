import AkkordSupport
import AkkordCatalogue

/// A minimal PDF 1.4 writer: numbered objects, streams, a cross-reference table with exact byte
/// offsets, and the standard Helvetica fonts in WinAnsi encoding (no fonts embedded). It holds
/// every object until `finish`; `PDFStream` writes them as they come.
public struct PDFWriter {
    private var objects: [[UInt8]?] = []

    public init() {}

    /// Reserves an object number, to refer to an object before writing it.
    public mutating func reserve() -> Int {
        objects.append(nil)
        return objects.count
    }

    public mutating func set(_ number: Int, _ body: String) { objects[number - 1] = Array(body.utf8) }
    public mutating func set(_ number: Int, bytes: [UInt8]) { objects[number - 1] = bytes }

    @discardableResult
    public mutating func add(_ body: String) -> Int {
        let n = reserve()
        set(n, body)
        return n
    }

    /// A stream object: `dictionary` without `/Length`, which is added.
    @discardableResult
    public mutating func addStream(_ dictionary: String, _ data: [UInt8]) -> Int {
        let n = reserve()
        var bytes = Array(PDFStream.streamHead(dictionary, length: data.count).utf8)
        bytes += data
        bytes += Array(PDFStream.streamTail.utf8)
        set(n, bytes: bytes)
        return n
    }

    /// The whole file: header, objects, xref with each object's byte offset, trailer.
    public func finish(root: Int, info: Int? = nil) -> [UInt8] {
        let out = ByteOutput()
        let pdf = PDFStream(to: out)
        for body in objects {
            let n = pdf.reserve()
            if let body { pdf.write(n, bytes: body) } else { pdf.write(n, "null") }
        }
        pdf.finish(root: root, info: info)
        return out.bytes
    }

    /// A PDF text string (document information, outlines) for any Unicode text: UTF-16BE with a
    /// byte order mark, written in hex, so æøå and – show right in a viewer's title bar.
    public static func textString(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = Array("<FEFF".utf8)
        for unit in text.utf16 {
            for shift in [12, 8, 4, 0] { out.append(hex[Int((unit >> UInt16(shift)) & 0xF)]) }
        }
        out.append(UInt8(ascii: ">"))
        return String(decoding: out, as: UTF8.self)
    }

    /// A PDF literal string: `(`, `)` and `\` escaped; bytes are WinAnsi.
    public static func literal(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        appendLiteral(bytes, to: &out)
        return out
    }

    /// Appends `literal(bytes)` to `out`.
    public static func appendLiteral(_ bytes: [UInt8], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "("))
        for b in bytes {
            switch b {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(b)
            case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: ")"))
    }
}

/// A PDF written to a `ByteOutput` as it is made: each object goes out when it is written, in
/// the order of the numbers, and only the objects' byte offsets are kept for the cross-reference
/// table. A number may be reserved (and referred to) long before its object is written.
public final class PDFStream {
    private let out: ByteOutput
    /// Bytes written so far: the next object's offset.
    private var position = 0
    /// The byte offset of each object written, by number − 1.
    private var offsets: [Int] = []
    private var reserved = 0

    static let header = "%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n"
    static func streamHead(_ dictionary: String, length: Int) -> String { "<< \(dictionary) /Length \(length) >>\nstream\n" }
    static let streamTail = "\nendstream"

    /// Writes the header to `out`.
    public init(to out: ByteOutput) {
        self.out = out
        put(Self.header)
    }

    private func put(_ text: String) {
        out.write(text)
        position += text.utf8.count
    }

    private func put(_ bytes: [UInt8]) {
        out.write(bytes)
        position += bytes.count
    }

    /// Reserves the next object number, to refer to an object before it is written.
    public func reserve() -> Int {
        reserved += 1
        return reserved
    }

    /// The number the next `reserve` gives.
    public var nextNumber: Int { reserved + 1 }

    private func begin(_ number: Int) {
        precondition(number == offsets.count + 1 && number <= reserved, "PDF objects are written in the order of their numbers")
        offsets.append(position)
        put("\(number) 0 obj\n")
    }

    private func end() { put("\nendobj\n") }

    /// Writes object `number`, which must be the next one not yet written.
    public func write(_ number: Int, _ body: String) {
        begin(number)
        put(body)
        end()
    }

    public func write(_ number: Int, bytes: [UInt8]) {
        begin(number)
        put(bytes)
        end()
    }

    /// A stream object: `dictionary` without `/Length`, which is added.
    public func writeStream(_ number: Int, _ dictionary: String, _ data: [UInt8]) {
        begin(number)
        put(Self.streamHead(dictionary, length: data.count))
        put(data)
        put(Self.streamTail)
        end()
    }

    /// The cross-reference table with each object's byte offset, and the trailer. Every number
    /// reserved must have been written.
    public func finish(root: Int, info: Int? = nil) {
        precondition(offsets.count == reserved, "every PDF object reserved is written")
        let xref = position
        put("xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n")
        var row = Array("0000000000 00000 n \n".utf8)
        for o in offsets {
            precondition(o < 10_000_000_000, "a PDF offset has at most 10 digits")
            var v = o
            for i in stride(from: 9, through: 0, by: -1) {
                row[i] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            }
            put(row)
        }
        put("trailer\n<< /Size \(offsets.count + 1) /Root \(root) 0 R\(info.map { " /Info \($0) 0 R" } ?? "") >>\nstartxref\n\(xref)\n%%EOF\n")
    }
}

/// The standard fonts akkord uses, with their widths (1/1000 em) for WinAnsi codes 32–255.
public enum PDFFont: Sendable {
    case regular, bold

    public var resourceName: String { self == .regular ? "F1" : "F2" }
    public var baseFont: String { self == .regular ? "Helvetica" : "Helvetica-Bold" }

    /// The widths of WinAnsi codes 32–255, by code − 32.
    package var widths: [Int] { self == .regular ? PDFFont.regularWidths : PDFFont.boldWidths }

    /// Width of text in points at `size`; characters outside WinAnsi count as `?`.
    public func width(_ text: String, size: Double) -> Double {
        let table = widths
        var total = 0
        if !WinAnsi.plainCodes(text, { total += table[Int($0) - 32] }) { return widthByCharacter(text, size: size) }
        return Double(total) * size / 1000
    }

    /// `width`, the text encoded character by character.
    package func widthByCharacter(_ text: String, size: Double) -> Double {
        let table = widths
        var total = 0
        for b in WinAnsi.encodeCharacters(text).bytes { total += b >= 32 ? table[Int(b) - 32] : 0 }
        return Double(total) * size / 1000
    }

    // Adobe Font Metrics of Helvetica and Helvetica-Bold, indexed by WinAnsi code − 32 (code 0x81,
    // unused in WinAnsi, is the minus sign: see `WinAnsi.minusCode`).
    static let regularWidths: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 278,
        556, 584, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 278, 611, 278,
        278, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 278, 500, 667,
        278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,
        400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,
        667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
        722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
        556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
    ]
    static let boldWidths: [Int] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 278,
        556, 584, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 278, 611, 278,
        278, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 278, 500, 667,
        278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,
        400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611,
        722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
        722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
        556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,
        611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
    ]
}

/// Text in the WinAnsi encoding of the standard fonts, plus the minus sign; characters outside
/// it become `?`.
public enum WinAnsi {
    public struct Encoded { public let bytes: [UInt8]; public let replaced: [Character] }

    /// WinAnsi has no minus sign (U+2212), but Helvetica has the glyph `/minus`: the fonts map
    /// this code, unused in WinAnsi, to it (`fontEncoding`).
    public static let minusCode: UInt8 = 0x81

    /// The `/Encoding` of akkord's fonts: WinAnsi, with `minusCode` drawn as `/minus`.
    public static let fontEncoding = "<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [\(minusCode) /minus] >>"

    private static let specials: [UInt32: UInt8] = {
        var m: [UInt32: UInt8] = [:]
        for b in UInt8(0x80)...UInt8(0x9F) {
            let scalar = TextEncoding.windows1252(b)
            if scalar.value != UInt32(b) { m[scalar.value] = b }
        }
        m[0x2212] = minusCode
        return m
    }()

    public static func encode(_ text: String) -> Encoded {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        if plainCodes(text, { bytes.append($0) }) { return Encoded(bytes: bytes, replaced: []) }
        return encodeCharacters(text)
    }

    /// `encode`, character by character.
    package static func encodeCharacters(_ text: String) -> Encoded {
        var bytes: [UInt8] = [], replaced: [Character] = []
        bytes.reserveCapacity(text.utf8.count)
        for ch in text {
            let scalars = ch.unicodeScalars
            guard scalars.count == 1, let v = scalars.first?.value else { bytes.append(UInt8(ascii: "?")); replaced.append(ch); continue }
            switch v {
            case 0x20...0x7E, 0xA0...0xFF: bytes.append(UInt8(v))
            case 0x09, 0x0A, 0x0D: bytes.append(0x20)
            default:
                if let b = specials[v] { bytes.append(b) } else {
                    bytes.append(UInt8(ascii: "?")); replaced.append(ch)
                }
            }
        }
        return Encoded(bytes: bytes, replaced: replaced)
    }

    /// Calls `code` with the code of each character of `text`, and returns true, when every
    /// character is one Unicode scalar that is its own code (U+0020–U+007E, U+00A0–U+00FF): no two
    /// such scalars make one character, so these are the codes `encode` gives, only found without
    /// cutting the text into characters. Returns false at the first other scalar, having called
    /// `code` for those before it.
    @inline(__always)
    package static func plainCodes(_ text: String, _ code: (UInt8) -> Void) -> Bool {
        var bytes = text.utf8.makeIterator()
        while let b = bytes.next() {
            if b >= 0x20, b < 0x7F { code(b); continue }
            // U+0080–U+00FF are C2 80 – C3 BF in UTF-8.
            guard b == 0xC2 || b == 0xC3, let c = bytes.next(), c & 0xC0 == 0x80 else { return false }
            let v = (b & 0x03) << 6 | (c & 0x3F)
            guard v >= 0xA0 else { return false }
            code(v)
        }
        return true
    }
}
