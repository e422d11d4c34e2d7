import AkkordSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What akkord needs to know of a photo's bytes: its kind, and whether and how a PDF can embed it.
///
/// `inspect` reads the file's structure to its end in one pass (no decoding of the pixels), so a
/// photo that is cut short or damaged is refused when it is added, with a reason, instead of
/// turning up unreadable in a report later.
public struct PhotoImage: Equatable, Sendable {
    public enum Kind: String, Sendable { case jpeg, png
        public var fileExtension: String { self == .jpeg ? "jpg" : "png" }
    }

    /// Why bytes that are meant to be a JPEG or PNG cannot be one, in words for the user.
    public struct Damage: Equatable, Sendable, PhrasedError {
        public let reason: Phrase
        public init(_ reason: Phrase) { self.reason = reason }
        public var phrase: Phrase { reason }
    }

    public let kind: Kind
    public let width: Int
    public let height: Int
    /// 1 (gray), 3 (RGB) or 4 (CMYK) colour components.
    public let components: Int
    /// Why a PDF cannot embed it, or nil when it can: JPEG always (baseline or progressive);
    /// PNG when 8-bit, non-interlaced, gray or RGB without alpha.
    public let notEmbeddable: Phrase?

    public static let maximumBytes = 25 * 1024 * 1024

    /// Recognizes JPEG and PNG by their first bytes; anything else is nil. Says nothing of the rest.
    public static func kind(of bytes: [UInt8]) -> Kind? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        return nil
    }

    /// Checks a JPEG or PNG to the end of its structure and describes it, or says what is wrong.
    /// Byte positions in the reasons count from 0, as hex viewers do.
    ///
    /// Bytes after the end (JPEG EOI, PNG IEND) are allowed: cameras and phones append data there
    /// (second images of MPF files, the video of "motion photos"), and decoders, a PDF's
    /// DCTDecode included, stop at the end marker and never read them.
    public static func inspect(_ bytes: [UInt8]) -> Result<PhotoImage, Damage> {
        let kind = kind(of: bytes)
        return bytes.withUnsafeBufferPointer { b in
            do throws(Damage) {
                switch kind {
                case .jpeg?: return .success(try jpeg(b))
                case .png?: return .success(try png(b))
                case nil where isHEIF(b):
                    // An iPhone's photos are HEIC unless set otherwise: say what it is and how to get a JPEG.
                    throw Damage("is a HEIC/HEIF image (an iPhone's usual format), not a JPEG or PNG; export it as JPEG (on the iPhone: Settings › Camera › Formats › Most Compatible, or share the photo as JPEG)")
                case nil: throw Damage("is not a JPEG or PNG image (checked by its bytes, not its name)")
                }
            } catch { return .failure(error) }
        }
    }

    /// An ISO base media file whose brand is HEIC, HEIF or AVIF (`....ftypheic`).
    private static func isHEIF(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard b.count >= 12, b[4] == UInt8(ascii: "f"), b[5] == UInt8(ascii: "t"), b[6] == UInt8(ascii: "y"), b[7] == UInt8(ascii: "p") else { return false }
        let brand = String(decoding: UnsafeBufferPointer(rebasing: b[8..<12]), as: UTF8.self)
        return ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif"].contains(brand)
    }

    /// A photo whose whole structure is sound, or nil (`inspect` says why).
    public init?(_ bytes: [UInt8]) {
        guard case .success(let image) = Self.inspect(bytes) else { return nil }
        self = image
    }

    package init(kind: Kind, width: Int, height: Int, components: Int, notEmbeddable: Phrase?) {
        self.kind = kind; self.width = width; self.height = height; self.components = components; self.notEmbeddable = notEmbeddable
    }

    // MARK: JPEG

    /// Walks the markers from SOI to EOI: every segment must fit in the file, one frame header
    /// (SOF) must come before the first scan (SOS), and each scan's entropy-coded data runs to the
    /// next marker (0xFF followed by a byte that is neither 0x00, which marks a stuffed 0xFF, nor
    /// RST0–RST7). Progressive files have several scans, with tables between them. Size and
    /// components come from the SOF. Segment contents other than SOF and SOS are not checked.
    static func jpeg(_ b: UnsafeBufferPointer<UInt8>) throws(Damage) -> PhotoImage {
        let n = b.count
        let cutShort = Damage("the JPEG ends before its end marker (EOI); the file is probably cut short")
        var frame: PhotoImage?
        var scans = 0
        var i = 2   // after SOI
        while true {
            // A marker: 0xFF, any number of 0xFF fill bytes, then its code.
            guard i < n else { throw cutShort }
            guard b[i] == 0xFF else { throw Damage("the JPEG has stray data at byte \(i), where a marker should be") }
            var m = i + 1
            while m < n && b[m] == 0xFF { m += 1 }
            guard m < n else { throw cutShort }
            let marker = b[m], at = m - 1
            switch marker {
            case 0xD9:
                guard let frame, scans > 0 else { throw Damage("the JPEG ends (EOI at byte \(at)) without any image data (SOS)") }
                return frame
            case 0xD8: throw Damage("the JPEG has a second start marker (SOI) at byte \(at)")
            case 0x00: throw Damage("the JPEG has stray data at byte \(at), where a marker should be")
            case 0x01, 0xD0...0xD7: i = m + 1; continue   // TEM and RSTn stand alone, without a length; libjpeg skips them too
            default: break
            }
            let name = markerName(marker)
            guard m + 2 < n else { throw cutShort }
            let length = Int(b[m + 1]) << 8 | Int(b[m + 2])   // counts itself, not the marker
            guard length >= 2 else { throw Damage("the JPEG's \(name) segment at byte \(at) has an impossible length (\(length))") }
            let end = m + 1 + length
            guard end <= n else {
                throw Damage("the JPEG's \(name) segment at byte \(at) runs past the end of the file (it claims \(length) bytes, \(n - m - 1) are left); the file is probably cut short")
            }
            if isFrameHeader(marker) {
                guard frame == nil else { throw Damage("the JPEG has a second frame header (\(name)) at byte \(at)") }
                guard length >= 8 else { throw Damage("the JPEG's frame header (\(name)) at byte \(at) is too short") }
                let height = Int(b[m + 4]) << 8 | Int(b[m + 5])
                let width = Int(b[m + 6]) << 8 | Int(b[m + 7])
                let components = Int(b[m + 8])
                guard length == 8 + 3 * components else {
                    throw Damage("the JPEG's frame header (\(name)) at byte \(at) is damaged: its length does not match its \(components) components")
                }
                guard width > 0, height > 0 else { throw Damage("the JPEG's frame header (\(name)) at byte \(at) gives a size of \(width) × \(height) pixels") }
                guard [1, 3, 4].contains(components) else {
                    throw Damage("the JPEG has \(components) colour components; akkord takes 1 (gray), 3 (colour) or 4 (CMYK)")
                }
                frame = PhotoImage(kind: .jpeg, width: width, height: height, components: components,
                                   notEmbeddable: marker >= 0xC9 ? "arithmetic-coded JPEG" : nil)
                i = end
            } else if marker == 0xDA {
                guard frame != nil else { throw Damage("the JPEG has image data (SOS at byte \(at)) before its frame header (SOF)") }
                let count = length >= 3 ? Int(b[m + 3]) : 0
                guard (1...4).contains(count), length == 6 + 2 * count else { throw Damage("the JPEG's scan header (SOS) at byte \(at) is damaged") }
                scans += 1
                // The entropy-coded data: skip to the next real marker.
                var j = end
                while true {
                    j = nextFF(b, from: j)
                    guard j + 1 < n else {
                        throw Damage("the JPEG ends inside its image data, before its end marker (EOI); the file is probably cut short")
                    }
                    let next = b[j + 1]
                    if next == 0x00 || next & 0xF8 == 0xD0 { j += 2 }   // a stuffed 0xFF, or RST0–RST7
                    else if next == 0xFF { j += 1 }                       // a fill byte before a marker
                    else { break }
                }
                i = j
            } else {
                i = end
            }
        }
    }

    /// The position of the next 0xFF at or after `from`, or the end. memchr runs several times
    /// faster than a loop over the bytes, and the entropy-coded data is nearly all of a JPEG.
    static func nextFF(_ b: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        guard from < b.count, let base = b.baseAddress, let found = memchr(base + from, 0xFF, b.count - from) else { return b.count }
        return UnsafeRawPointer(base).distance(to: found)
    }

    /// SOF0–SOF15 without DHT (C4), JPG (C8) and DAC (CC).
    static func isFrameHeader(_ marker: UInt8) -> Bool {
        marker & 0xF0 == 0xC0 && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    static func markerName(_ marker: UInt8) -> String {
        switch marker {
        case 0xC4: return "DHT"
        case 0xCC: return "DAC"
        case _ where isFrameHeader(marker): return "SOF\(marker - 0xC0)"
        case 0xDA: return "SOS"
        case 0xDB: return "DQT"
        case 0xDC: return "DNL"
        case 0xDD: return "DRI"
        case 0xE0...0xEF: return "APP\(marker - 0xE0)"
        case 0xFE: return "COM"
        default: return "0xFF" + String(marker, radix: 16, uppercase: true)
        }
    }

    // MARK: PNG

    /// Walks the chunks after the signature: IHDR first, every chunk inside the file with a correct
    /// CRC-32, a palette (PLTE) before the image data when the colours need one, the image data
    /// (IDAT) in consecutive chunks starting like a zlib stream, no unknown critical chunk, and IEND
    /// last. Size, components and embeddability come from IHDR.
    static func png(_ b: UnsafeBufferPointer<UInt8>) throws(Damage) -> PhotoImage {
        let n = b.count
        func u32(_ at: Int) -> Int { Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3]) }
        /// "PNG chunk IDAT at byte 33", the type left out when it is not four letters.
        func chunk(_ at: Int) -> Phrase {
            let type = b[(at + 4)..<(at + 8)]
            return type.allSatisfy(isLetter) ? "PNG chunk \(String(decoding: type, as: UTF8.self)) at byte \(at)" : "PNG chunk at byte \(at)"
        }
        let IHDR = 0x4948_4452, PLTE = 0x504C_5445, IDAT = 0x4944_4154, IEND = 0x4945_4E44
        var image: PhotoImage?
        var colorType = 0
        var palette = false
        var idatSeen = false, idatEnded = false
        var zlibHeader = 0, zlibHeaderBytes = 0   // the first two bytes of the image data
        var i = 8
        while true {
            guard i + 8 <= n else {
                throw Damage("the PNG ends before its end chunk (IEND); the file is probably cut short")
            }
            let length = u32(i), type = u32(i + 4)
            guard length <= 0x7FFF_FFFF, i + 12 + length <= n else {
                throw Damage("\(chunk(i)) runs past the end of the file (it claims \(length) bytes, \(max(0, n - i - 12)) are left); the file is probably cut short")
            }
            let crc = CRC32.checksum(UnsafeBufferPointer(rebasing: b[(i + 4)..<(i + 8 + length)]))
            guard crc == UInt32(u32(i + 8 + length)) else { throw Damage("\(chunk(i)) has a wrong CRC (its bytes are damaged)") }
            guard b[(i + 4)..<(i + 8)].allSatisfy(isLetter) else { throw Damage("\(chunk(i)) has a type that is not four letters") }
            guard i > 8 || type == IHDR else { throw Damage("the PNG does not start with its header chunk (IHDR)") }
            let data = i + 8
            switch type {
            case IHDR:
                guard i == 8 else { throw Damage("the PNG has a second header chunk (IHDR) at byte \(i)") }
                guard length == 13 else { throw Damage("the PNG's header chunk (IHDR) is \(length) bytes long instead of 13") }
                let width = u32(data), height = u32(data + 4)
                let depth = Int(b[data + 8]), compression = b[data + 10], filter = b[data + 11], interlace = Int(b[data + 12])
                colorType = Int(b[data + 9])
                guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
                    throw Damage("the PNG's header (IHDR) gives a size of \(width) × \(height) pixels")
                }
                let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
                guard let allowed = depths[colorType] else { throw Damage("the PNG's header (IHDR) has an unknown colour type \(colorType)") }
                guard allowed.contains(depth) else { throw Damage("the PNG's header (IHDR) gives bit depth \(depth), which colour type \(colorType) cannot have") }
                guard compression == 0, filter == 0, interlace <= 1 else {
                    throw Damage("the PNG's header (IHDR) names an unknown compression, filter or interlace method")
                }
                var reason: Phrase?
                if depth != 8 { reason = "\(depth)-bit PNG" } else if interlace != 0 { reason = "interlaced PNG" } else if colorType == 4 || colorType == 6 {
                    reason = "PNG with transparency (alpha)"
                } else if colorType == 3 { reason = "palette PNG" }
                image = PhotoImage(kind: .png, width: width, height: height, components: colorType == 0 ? 1 : 3, notEmbeddable: reason)
            case PLTE:
                guard !palette else { throw Damage("the PNG has a second palette (PLTE) at byte \(i)") }
                guard !idatSeen else { throw Damage("the PNG's palette (PLTE) at byte \(i) comes after its image data") }
                guard colorType != 0, colorType != 4 else { throw Damage("the PNG has a palette (PLTE) although its pixels are gray") }
                guard length % 3 == 0, (1...256).contains(length / 3) else { throw Damage("the PNG's palette (PLTE) at byte \(i) has a wrong length (\(length))") }
                palette = true
            case IDAT:
                guard !idatEnded else { throw Damage("the PNG's image data (IDAT) is split by other chunks (again at byte \(i))") }
                guard colorType != 3 || palette else { throw Damage("the PNG is a palette image without a palette (PLTE) before its image data") }
                idatSeen = true
                var k = data
                while zlibHeaderBytes < 2 && k < data + length { zlibHeader = zlibHeader << 8 | Int(b[k]); zlibHeaderBytes += 1; k += 1 }
            case IEND:
                guard idatSeen else { throw Damage("the PNG has no image data (IDAT)") }
                // A zlib stream starts with method 8 (deflate), a window of at most 32 KiB, no preset
                // dictionary, and the two bytes as a number divisible by 31.
                guard zlibHeaderBytes == 2, zlibHeader >> 8 & 0x0F == 8, zlibHeader >> 12 <= 7, zlibHeader & 0x20 == 0, zlibHeader % 31 == 0 else {
                    throw Damage("the PNG's image data (IDAT) does not start like compressed (zlib) data")
                }
                guard length == 0 else { throw Damage("the PNG's end chunk (IEND) at byte \(i) is not empty") }
                guard let image else { throw Damage("the PNG does not start with its header chunk (IHDR)") }   // checked above
                return image
            default:
                if idatSeen { idatEnded = true }
                // Bit 5 of the first letter: lower case marks an ancillary chunk a reader may skip.
                guard b[i + 4] & 0x20 != 0 else { throw Damage("the PNG has a chunk that akkord does not know and may not skip: \(chunk(i))") }
            }
            i += 12 + length
        }
    }

    static func isLetter(_ c: UInt8) -> Bool { (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) }

    /// The concatenated IDAT data of a PNG: the zlib stream a PDF decodes with the PNG predictors.
    public static func pngImageData(_ b: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 8
        while i + 12 <= b.count {
            let length = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            let type = b[(i + 4)..<(i + 8)]
            guard i + 12 + length <= b.count else { break }
            if type.elementsEqual("IDAT".utf8) { out += b[(i + 8)..<(i + 8 + length)] }
            if type.elementsEqual("IEND".utf8) { break }
            i += 12 + length
        }
        return out
    }
}
