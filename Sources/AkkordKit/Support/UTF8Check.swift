/// UTF-8 validation over a whole buffer, with a fast path for ASCII.
@usableFromInline package enum UTF8Check {
    @usableFromInline package static func firstInvalidIndex(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let n = b.count
        guard let base = b.baseAddress else { return nil }
        while i < n {
            while i + 8 <= n, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            if i >= n { break }
            let c = b[i]
            if c < 0x80 { i += 1; continue }
            let length: Int, minimum: UInt32
            var value: UInt32
            switch c {
            case 0xC2...0xDF: length = 2; value = UInt32(c & 0x1F); minimum = 0x80
            case 0xE0...0xEF: length = 3; value = UInt32(c & 0x0F); minimum = 0x800
            case 0xF0...0xF4: length = 4; value = UInt32(c & 0x07); minimum = 0x10000
            default: return i
            }
            guard i + length <= n else { return i }
            for k in 1..<length {
                let cc = b[i + k]
                guard cc & 0xC0 == 0x80 else { return i }
                value = value << 6 | UInt32(cc & 0x3F)
            }
            if value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return i }
            i += length
        }
        return nil
    }

    package static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { firstInvalidIndex($0) == nil }
    }
}
