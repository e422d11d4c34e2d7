import AkkordSupport

/// Turning file bytes into text the way a Danish spreadsheet user needs: UTF-8 with or without a
/// BOM, and anything that is not valid UTF-8 read as Windows-1252 (what Excel saves in Denmark).
public enum TextEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf8BOM = "utf-8 with BOM"
    case windows1252 = "windows-1252"

    public static func decode(_ bytes: [UInt8]) -> (text: String, encoding: TextEncoding) {
        let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let body = hasBOM ? Array(bytes.dropFirst(3)) : bytes
        if UTF8Check.isValid(body) { return (String(decoding: body, as: UTF8.self), hasBOM ? .utf8BOM : .utf8) }
        var scalars = String.UnicodeScalarView()
        for b in bytes { scalars.append(windows1252(b)) }
        return (String(scalars), .windows1252)
    }

    /// 0x80–0x9F differ from Latin-1; the rest of Windows-1252 is Latin-1.
    package static func windows1252(_ b: UInt8) -> Unicode.Scalar {
        let table: [UInt32] = [0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
                               0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178]
        if b >= 0x80 && b <= 0x9F { return Unicode.Scalar(table[Int(b - 0x80)])! }
        return Unicode.Scalar(b)
    }
}
