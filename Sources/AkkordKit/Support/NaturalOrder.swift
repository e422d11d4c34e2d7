/// Natural order of pos numbers: runs of digits compare by value, so `1.2` < `1.10` < `2.1`.
public enum NaturalOrder {
    public static func less(_ a: String, _ b: String) -> Bool {
        let r = compare(a, b)
        return r != 0 ? r < 0 : a < b
    }

    /// -1, 0 or 1; digit runs by value, other characters by byte.
    package static func compare(_ a: String, _ b: String) -> Int {
        var ai = a.utf8.makeIterator(), bi = b.utf8.makeIterator()
        var ac = ai.next(), bc = bi.next()
        while let x = ac, let y = bc {
            if isDigit(x) && isDigit(y) {
                var ad: [UInt8] = [], bd: [UInt8] = []
                while let c = ac, isDigit(c) { if !(ad.isEmpty && c == 48) { ad.append(c) }; ac = ai.next() }
                while let c = bc, isDigit(c) { if !(bd.isEmpty && c == 48) { bd.append(c) }; bc = bi.next() }
                if ad.count != bd.count { return ad.count < bd.count ? -1 : 1 }
                if ad != bd { return ad.lexicographicallyPrecedes(bd) ? -1 : 1 }
                continue
            }
            if x != y { return x < y ? -1 : 1 }
            ac = ai.next(); bc = bi.next()
        }
        if ac == nil && bc == nil { return 0 }
        return ac == nil ? -1 : 1
    }

    @inline(__always) private static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
}
