/// Eight bytes at a time: whether a word of eight bytes holds a byte of interest, so scanners
/// can step over runs of ordinary text (most of a project file) without looking at each byte.
/// The `has` tests say only whether there is such a byte; `matches` and `below` also say where
/// the first one is (the lowest set bit).
@usableFromInline package enum ByteScan {
    @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// Whether any byte of `w` is `b`.
    @inlinable @inline(__always) static func has(_ w: UInt64, _ b: UInt8) -> Bool {
        let x = w ^ (ones &* UInt64(b))
        return (x &- ones) & ~x & highs != 0
    }

    /// The high bit of each byte of `w` equal to `b` — exact up to the first such byte (a higher
    /// byte may be marked falsely), so the lowest set bit is the first match.
    @inlinable @inline(__always) package static func matches(_ w: UInt64, _ b: UInt8) -> UInt64 {
        let x = w ^ (ones &* UInt64(b))
        return (x &- ones) & ~x & highs
    }

    /// The high bit of each byte of `w` below `n` (n ≤ 128), exact up to the first such byte.
    @inlinable @inline(__always) package static func below(_ w: UInt64, _ n: UInt8) -> UInt64 {
        (w &- ones &* UInt64(n)) & ~w & highs
    }

    /// Whether any byte of `w` is below `n` (n ≤ 128).
    @inline(__always) static func hasBelow(_ w: UInt64, _ n: UInt8) -> Bool {
        (w &- ones &* UInt64(n)) & ~w & highs != 0
    }

    /// Whether any byte of `w` is 0x7F or above (DEL, or not ASCII).
    @inlinable @inline(__always) static func hasDeleteOrHigh(_ w: UInt64) -> Bool {
        w & highs != 0 || has(w, 0x7F)
    }

    @inlinable @inline(__always) static func word(_ buffer: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt64 {
        UnsafeRawPointer(buffer.baseAddress! + i).loadUnaligned(as: UInt64.self)
    }
}
