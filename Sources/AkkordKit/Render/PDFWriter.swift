/// A minimal PDF 1.4 writer: numbered objects, streams, a cross-reference table with exact byte
/// offsets, and the standard Helvetica fonts in WinAnsi encoding (no fonts embedded).
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
        var bytes = Array("<< \(dictionary) /Length \(data.count) >>\nstream\n".utf8)
        bytes += data
        bytes += Array("\nendstream".utf8)
        set(n, bytes: bytes)
        return n
    }

    /// The whole file: header, objects, xref with each object's byte offset, trailer.
    public func finish(root: Int, info: Int? = nil) -> [UInt8] {
        var out = Array("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (i, body) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(i + 1) 0 obj\n".utf8)
            out += body ?? Array("null".utf8)
            out += Array("\nendobj\n".utf8)
        }
        let xref = out.count
        out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for o in offsets {
            let s = String(o)
            out += Array((String(repeating: "0", count: 10 - s.count) + s + " 00000 n \n").utf8)
        }
        out += Array("trailer\n<< /Size \(objects.count + 1) /Root \(root) 0 R\(info.map { " /Info \($0) 0 R" } ?? "") >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }

    /// A PDF literal string: `(`, `)` and `\` escaped; bytes are WinAnsi.
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

    public static func literal(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "(")]
        for b in bytes {
            switch b {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), b]
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: ")"))
        return out
    }
}

/// The standard fonts akkord uses, with their widths (1/1000 em) for WinAnsi codes 32–255.
public enum PDFFont: Sendable {
    case regular, bold

    public var resourceName: String { self == .regular ? "F1" : "F2" }
    public var baseFont: String { self == .regular ? "Helvetica" : "Helvetica-Bold" }

    /// Width of text in points at `size`; characters outside WinAnsi count as `?`.
    public func width(_ text: String, size: Double) -> Double {
        let table = self == .regular ? PDFFont.regularWidths : PDFFont.boldWidths
        var total = 0
        for b in WinAnsi.encode(text).bytes { total += b >= 32 ? table[Int(b) - 32] : 0 }
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
}
