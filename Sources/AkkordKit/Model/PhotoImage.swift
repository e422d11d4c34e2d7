/// What akkord needs to know of a photo's bytes: its kind, and whether and how a PDF can embed it.
public struct PhotoImage: Equatable, Sendable {
    public enum Kind: String, Sendable { case jpeg, png
        public var fileExtension: String { self == .jpeg ? "jpg" : "png" }
    }

    public let kind: Kind
    public let width: Int
    public let height: Int
    /// 1 (gray), 3 (RGB) or 4 (CMYK) colour components.
    public let components: Int
    /// Why a PDF cannot embed it, or nil when it can: JPEG always (baseline or progressive);
    /// PNG when 8-bit, non-interlaced, gray or RGB without alpha.
    public let notEmbeddable: String?

    public static let maximumBytes = 25 * 1024 * 1024

    /// Recognizes JPEG and PNG by their bytes; anything else is nil.
    public static func kind(of bytes: [UInt8]) -> Kind? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        return nil
    }

    public init?(_ bytes: [UInt8]) {
        switch Self.kind(of: bytes) {
        case .jpeg?: guard let i = Self.jpeg(bytes) else { return nil }; self = i
        case .png?: guard let i = Self.png(bytes) else { return nil }; self = i
        case nil: return nil
        }
    }

    init(kind: Kind, width: Int, height: Int, components: Int, notEmbeddable: String?) {
        self.kind = kind; self.width = width; self.height = height; self.components = components; self.notEmbeddable = notEmbeddable
    }

    /// Size and components from the first SOF segment.
    static func jpeg(_ b: [UInt8]) -> PhotoImage? {
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2 else { return nil }
            if [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF].contains(marker), i + 9 < b.count {
                let height = Int(b[i + 5]) << 8 | Int(b[i + 6])
                let width = Int(b[i + 7]) << 8 | Int(b[i + 8])
                let components = Int(b[i + 9])
                guard width > 0, height > 0, [1, 3, 4].contains(components) else { return nil }
                let arithmetic = marker >= 0xC9
                return PhotoImage(kind: .jpeg, width: width, height: height, components: components,
                                  notEmbeddable: arithmetic ? "arithmetic-coded JPEG" : nil)
            }
            i += 2 + length
        }
        return nil
    }

    static func png(_ b: [UInt8]) -> PhotoImage? {
        guard b.count >= 33, Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
        func u32(_ at: Int) -> Int { Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3]) }
        let width = u32(16), height = u32(20)
        let depth = Int(b[24]), colorType = Int(b[25]), interlace = Int(b[28])
        guard width > 0, height > 0 else { return nil }
        var reason: String?
        if depth != 8 { reason = "\(depth)-bit PNG" } else if interlace != 0 { reason = "interlaced PNG" } else if colorType == 4 || colorType == 6 {
            reason = "PNG with transparency (alpha)"
        } else if colorType == 3 { reason = "palette PNG" }
        return PhotoImage(kind: .png, width: width, height: height, components: colorType == 0 ? 1 : 3, notEmbeddable: reason)
    }

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
