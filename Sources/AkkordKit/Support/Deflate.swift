/// DEFLATE (RFC 1951), akkord's own encoder: raw streams for ZIP entries and zlib streams
/// (RFC 1950) for PDF's FlateDecode.
///
///     let raw = Deflate.compress(bytes)     // no header, as a ZIP entry holds it
///     let z = Deflate.zlib(bytes)           // 78 9C, the stream, Adler-32
///
/// or a piece at a time through `DeflateEncoder`, which holds at most 256 KiB of the input.
///
/// How it compresses, as zlib does at level 6: LZ77 over a 32 KiB window, the earlier places of
/// each 3-byte prefix found through a hash chain searched at most 128 deep (32 when the match at
/// the place before is already 8 long; a match of 128 ends the search), and lazily: a match is
/// taken only when the next place has none longer (looked for only after a match shorter than
/// 16). The symbols are cut into blocks (of 16,384 symbols, or up to 64 KiB of input when it
/// compresses badly) and each block is written in whichever form is smallest: stored, the fixed
/// Huffman codes, or its own Huffman codes (limited to 15 bits, the code-length code to 7).
public enum Deflate {
    /// `bytes` as a raw DEFLATE stream.
    public static func compress(_ bytes: [UInt8]) -> [UInt8] { encode(bytes, .raw) }

    /// `bytes` as a zlib stream: the header 78 9C, the DEFLATE stream, Adler-32 big-endian.
    public static func zlib(_ bytes: [UInt8]) -> [UInt8] { encode(bytes, .zlib) }

    static func encode(_ bytes: [UInt8], _ format: DeflateEncoder.Format) -> [UInt8] {
        let out = ByteOutput()
        var encoder = DeflateEncoder(format: format)
        encoder.write(bytes, to: out)
        encoder.finish(to: out)
        return out.bytes
    }

    // The tables of RFC 1951 §3.2.5, built once.

    /// The shortest length of each length code 257…285, and its extra bits.
    static let lengthBase: [UInt16] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// The shortest distance of each distance code 0…29, and its extra bits.
    static let distanceBase: [UInt16] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra: [UInt8] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// The order the code-length code's lengths are written in.
    package static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Length − 3 → the length code less 257 (258 has its own code, 285, not 284 with 31).
    static let lengthCode: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for code in 0..<28 {
            let base = Int(lengthBase[code]) - 3
            for n in 0..<(1 << Int(lengthExtra[code])) { table[base + n] = UInt8(code) }
        }
        table[255] = 28
        return table
    }()

    /// Distance − 1 → its distance code: below 256 at [d], from 256 on at [256 + d >> 7] (the
    /// codes from 16 on cover whole multiples of 128), as zlib's `_dist_code`.
    static let distanceCode: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        for code in 0..<30 {
            let base = Int(distanceBase[code]) - 1
            for d in base..<(base + (1 << Int(distanceExtra[code]))) {
                if d < 256 { table[d] = UInt8(code) } else { table[256 + d >> 7] = UInt8(code) }
            }
        }
        return table
    }()

    /// The fixed literal/length code's lengths (§3.2.6).
    static let fixedLiteralLengths: [UInt8] = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
    static let fixedDistanceLengths = [UInt8](repeating: 5, count: 30)
}

/// A DEFLATE stream made as the input comes: `write` takes the bytes in pieces of any size and
/// puts out compressed bytes as blocks are complete; `finish` ends the stream (the last block,
/// the padding to a byte, for `.zlib` the checksum). After `finish` the encoder starts a new
/// stream, keeping its buffers (one encoder for the entries of an archive).
///
///     var encoder = DeflateEncoder()
///     for piece in pieces { encoder.write(piece, to: out) }
///     encoder.finish(to: out)
///
/// It holds about 850 KiB whatever the input's size: 256 KiB of input, the hash chains, the
/// symbols of one block. A copy of an encoder shares its state with the original: use one.
public struct DeflateEncoder {
    public enum Format: Sendable {
        /// RFC 1951 alone (ZIP entries).
        case raw
        /// RFC 1950: header, the DEFLATE stream, Adler-32 (PDF's FlateDecode).
        case zlib
    }

    /// How hard the encoder looks for matches: `.thorough` as zlib level 6 (the default),
    /// `.quick` as level 4 (a few per cent larger, a good deal faster on repetitive XML).
    public enum Effort: Sendable { case thorough, quick }

    private let engine: DeflateEngine

    public init(format: Format = .raw, effort: Effort = .thorough) {
        engine = DeflateEngine(zlib: format == .zlib)
        if effort == .quick {
            engine.state.pointee.maxChain = 16
            engine.state.pointee.goodLength = 4
            engine.state.pointee.niceLength = 16
            engine.state.pointee.maxLazy = 4
        }
    }

    /// For the tests: without matches (literals only), or every block in one form (a stored
    /// block only where its input is still at hand).
    package init(format: Format = .raw, matching: Bool, form: DeflateBlockForm?) {
        engine = DeflateEngine(zlib: format == .zlib)
        engine.state.pointee.matching = matching
        engine.state.pointee.form = form
    }

    /// Compresses `bytes`, putting out whatever blocks they complete.
    public mutating func write(_ bytes: UnsafeRawBufferPointer, to out: ByteOutput) {
        engine.state.pointee.write(bytes, out: out)
    }

    public mutating func write(_ bytes: some Collection<UInt8>, to out: ByteOutput) {
        let engine = engine
        let done: Void? = bytes.withContiguousStorageIfAvailable { engine.state.pointee.write(UnsafeRawBufferPointer($0), out: out) }
        guard done == nil else { return }
        var piece: [UInt8] = []
        piece.reserveCapacity(1 << 14)
        for byte in bytes {
            piece.append(byte)
            if piece.count == 1 << 14 {
                piece.withUnsafeBytes { engine.state.pointee.write($0, out: out) }
                piece.removeAll(keepingCapacity: true)
            }
        }
        piece.withUnsafeBytes { engine.state.pointee.write($0, out: out) }
    }

    /// Ends the stream and puts out the rest of it; the encoder is then ready for a new one.
    /// Returns how many bytes the whole stream came to (a ZIP entry's compressed size).
    @discardableResult
    public mutating func finish(to out: ByteOutput) -> UInt64 {
        engine.state.pointee.finish(out: out)
    }
}

/// The three kinds of block (RFC 1951 §3.2.3: BTYPE 00, 01, 10).
package enum DeflateBlockForm: Sendable {
    case stored, fixed, dynamic
}

/// Owns the encoder's state; the state is reached through a pointer, not stored properties,
/// so the hot loops pay no exclusivity checks (as `ByteOutput`).
final class DeflateEngine {
    let state: UnsafeMutablePointer<DeflateState>

    init(zlib: Bool) {
        state = .allocate(capacity: 1)
        state.initialize(to: DeflateState(zlib: zlib))
    }

    deinit {
        state.pointee.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }
}

/// The encoder proper. Positions are indices into `window`, which holds the last 32 KiB and
/// more of the input and is slid down by multiples of 32 KiB when full; `head` and `prev` are
/// the hash chains (the latest position of each hash, and for each position the one before
/// with the same hash, at its position modulo 32 KiB), −1 for none.
struct DeflateState {
    static let windowSize = 1 << 15
    static let windowMask = windowSize - 1
    static let bufferSize = 1 << 18
    static let hashBits = 15
    static let minMatch = 3
    static let maxMatch = 258
    /// Enough input ahead that any match fits (zlib's MIN_LOOKAHEAD).
    static let minLookahead = maxMatch + minMatch + 1
    static let maxDistance = 1 << 15
    /// How hard to look for matches (`DeflateEncoder.Effort`): at zlib level 6, search at most
    /// 128 deep, a quarter of that once a match of 8 is in hand, stop at a match of 128, and try
    /// the next place only after a match shorter than 16; at level 4, 16 deep, 4, 16 and 4.
    var maxChain = 128
    var goodLength = 8
    var niceLength = 128
    var maxLazy = 16
    /// A match of 3 farther than this costs more than its three literals (zlib's TOO_FAR).
    static let tooFar = 4096
    /// A block ends after 16,384 symbols when they cover at least two bytes each on average
    /// (as zlib's blocks, whose codes follow the data's changes); a block that compresses less
    /// goes on to 65,535 bytes (a stored block's most), so incompressible input costs 5 bytes per
    /// 64 KiB. `symbolLimit` is the room for symbols.
    static let blockSymbols = 1 << 14
    static let symbolLimit = 65_535
    static let storedMaximum = 65_535
    /// Output collects here and goes to the `ByteOutput` in pieces of about 64 KiB.
    static let outputSpill = 1 << 16

    let zlib: Bool
    let window: UnsafeMutablePointer<UInt8>
    let head: UnsafeMutablePointer<Int32>
    let prev: UnsafeMutablePointer<Int32>
    /// A literal as its byte; a match as distance << 8 | (length − 3) (≥ 256 as distance ≥ 1).
    let symbols: UnsafeMutablePointer<UInt32>
    let literalFrequency: UnsafeMutablePointer<UInt32>   // 288
    let distanceFrequency: UnsafeMutablePointer<UInt32>  // 32
    let output: UnsafeMutablePointer<UInt8>
    // The tables of `Deflate`, copied where the loops reach them without checks.
    let lengthCode: UnsafeMutablePointer<UInt8>
    let lengthBase: UnsafeMutablePointer<UInt16>
    let lengthExtra: UnsafeMutablePointer<UInt8>
    let distanceCode: UnsafeMutablePointer<UInt8>
    let distanceBase: UnsafeMutablePointer<UInt16>
    let distanceExtra: UnsafeMutablePointer<UInt8>
    // A block's codes, and the per-length-symbol code with its extra bits ready to put.
    let literalLengths: UnsafeMutablePointer<UInt8>      // 288
    let literalCodes: UnsafeMutablePointer<UInt16>       // 288
    let distanceLengths: UnsafeMutablePointer<UInt8>     // 32
    let distanceCodes: UnsafeMutablePointer<UInt16>      // 32
    let lengthBits: UnsafeMutablePointer<UInt32>         // 256
    let lengthBitCount: UnsafeMutablePointer<UInt8>      // 256

    var strstart = 0
    var lookahead = 0
    var matchLength = minMatch - 1
    var matchStart = 0
    var matchAvailable = false
    /// Where the current block's input starts in `window` (negative once slid out: then the
    /// block cannot be stored), and how many bytes its symbols cover.
    var blockStart = 0
    var blockBytes = 0
    var symbolCount = 0
    var bitBuffer: UInt64 = 0
    var bitCount = 0
    var outputCount = 0
    var adler: UInt32 = 1
    var started = false
    /// Bytes of the stream put out so far (the compressed size, once finished).
    var produced: UInt64 = 0
    /// See `DeflateEncoder.init(format:matching:form:)`.
    var matching = true
    var form: DeflateBlockForm?

    init(zlib: Bool) {
        self.zlib = zlib
        window = .allocate(capacity: Self.bufferSize + 64)
        window.initialize(repeating: 0, count: Self.bufferSize + 64)
        head = .allocate(capacity: 1 << Self.hashBits)
        head.initialize(repeating: -1, count: 1 << Self.hashBits)
        prev = .allocate(capacity: Self.windowSize)
        prev.initialize(repeating: -1, count: Self.windowSize)
        symbols = .allocate(capacity: Self.symbolLimit)
        literalFrequency = .allocate(capacity: 288)
        literalFrequency.initialize(repeating: 0, count: 288)
        distanceFrequency = .allocate(capacity: 32)
        distanceFrequency.initialize(repeating: 0, count: 32)
        output = .allocate(capacity: Self.outputSpill + 4096)
        func copy<T>(_ a: [T]) -> UnsafeMutablePointer<T> {
            let p = UnsafeMutablePointer<T>.allocate(capacity: a.count)
            _ = UnsafeMutableBufferPointer(start: p, count: a.count).initialize(from: a)
            return p
        }
        lengthCode = copy(Deflate.lengthCode)
        lengthBase = copy(Deflate.lengthBase)
        lengthExtra = copy(Deflate.lengthExtra)
        distanceCode = copy(Deflate.distanceCode)
        distanceBase = copy(Deflate.distanceBase)
        distanceExtra = copy(Deflate.distanceExtra)
        literalLengths = copy([UInt8](repeating: 0, count: 288))
        literalCodes = copy([UInt16](repeating: 0, count: 288))
        distanceLengths = copy([UInt8](repeating: 0, count: 32))
        distanceCodes = copy([UInt16](repeating: 0, count: 32))
        lengthBits = copy([UInt32](repeating: 0, count: 256))
        lengthBitCount = copy([UInt8](repeating: 0, count: 256))
    }

    func deallocate() {
        window.deallocate(); head.deallocate(); prev.deallocate(); symbols.deallocate()
        literalFrequency.deallocate(); distanceFrequency.deallocate(); output.deallocate()
        lengthCode.deallocate(); lengthBase.deallocate(); lengthExtra.deallocate()
        distanceCode.deallocate(); distanceBase.deallocate(); distanceExtra.deallocate()
        literalLengths.deallocate(); literalCodes.deallocate(); distanceLengths.deallocate(); distanceCodes.deallocate()
        lengthBits.deallocate(); lengthBitCount.deallocate()
    }

    // MARK: Input

    mutating func write(_ bytes: UnsafeRawBufferPointer, out: ByteOutput) {
        guard var source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty else { return }
        start()
        if zlib { adler = Adler32.update(adler, bytes.assumingMemoryBound(to: UInt8.self)) }
        var remaining = bytes.count
        while remaining > 0 {
            if strstart + lookahead == Self.bufferSize { slide() }
            let end = strstart + lookahead
            let n = min(Self.bufferSize - end, remaining)
            (window + end).update(from: source, count: n)
            source += n
            remaining -= n
            lookahead += n
            compress(finishing: false, out: out)
        }
    }

    mutating func finish(out: ByteOutput) -> UInt64 {
        start()
        compress(finishing: true, out: out)
        if matchAvailable {
            tallyLiteral(window[strstart - 1], out: out)
            matchAvailable = false
        }
        emitBlock(last: true, out: out)
        // The last byte, padded with zero bits.
        while bitCount > 0 {
            output[outputCount] = UInt8(truncatingIfNeeded: bitBuffer)
            outputCount += 1
            bitBuffer >>= 8
            bitCount = max(bitCount - 8, 0)
        }
        if zlib {
            for shift in [24, 16, 8, 0] as [UInt32] { output[outputCount] = UInt8(truncatingIfNeeded: adler >> shift); outputCount += 1 }
        }
        spill(out)
        let size = produced
        reset()
        return size
    }

    /// The zlib header before the stream's first bytes.
    mutating func start() {
        guard !started else { return }
        started = true
        if zlib {
            // CMF 78: DEFLATE with a 32 KiB window; FLG 9C: the default level, 0x789C a multiple of 31.
            output[outputCount] = 0x78
            output[outputCount + 1] = 0x9C
            outputCount += 2
        }
    }

    mutating func reset() {
        head.update(repeating: -1, count: 1 << Self.hashBits)
        strstart = 0
        lookahead = 0
        matchLength = Self.minMatch - 1
        matchStart = 0
        matchAvailable = false
        blockStart = 0
        blockBytes = 0
        symbolCount = 0
        bitBuffer = 0
        bitCount = 0
        adler = 1
        started = false
        produced = 0
    }

    /// Moves the window down by a multiple of 32 KiB, keeping at least the last 32 KiB (and the
    /// current block's input while it could still be stored).
    mutating func slide() {
        var keep = Self.windowSize + 1024
        let pending = strstart - blockStart
        if pending <= Self.bufferSize - 3 * Self.windowSize { keep = max(keep, pending) }
        let delta = (strstart - keep) & ~Self.windowMask
        precondition(delta > 0, "the window slides")
        let end = strstart + lookahead
        window.update(from: window + delta, count: end - delta)
        strstart -= delta
        matchStart -= delta
        blockStart -= delta
        let d = Int32(delta)
        for i in 0..<(1 << Self.hashBits) { head[i] = max(head[i] &- d, -1) }
        for i in 0..<Self.windowSize { prev[i] = max(prev[i] &- d, -1) }
    }

    // MARK: Matching

    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>) -> Int {
        let v = UnsafeRawPointer(p).loadUnaligned(as: UInt32.self).littleEndian & 0xFF_FFFF
        return Int(truncatingIfNeeded: (v &* 0x9E37_79B1) >> (32 - UInt32(hashBits)))
    }

    /// The longest match for the input at `strstart` among the earlier places on the chain from
    /// `candidate`, if longer than `best` (else `best` and `bestStart` as given).
    @inline(__always)
    static func longestMatch(window w: UnsafeMutablePointer<UInt8>, prev: UnsafeMutablePointer<Int32>, strstart: Int,
                             candidate: Int, best: Int, bestStart: Int, lookahead: Int,
                             maxChain: Int, goodLength: Int, niceLength: Int) -> (Int, Int) {
        var best = best, bestStart = bestStart
        let maxLength = min(maxMatch, lookahead)
        guard best < maxLength else { return (best, bestStart) }
        var chain = best >= goodLength ? maxChain >> 2 : maxChain
        let nice = min(niceLength, maxLength)
        let scan = UnsafeRawPointer(w + strstart)
        let oldest = strstart - maxDistance
        let lowest = max(oldest, 0)
        var scanEnd = scan.loadUnaligned(fromByteOffset: best - 1, as: UInt16.self)
        let scanStart = scan.loadUnaligned(as: UInt16.self)
        var cur = candidate
        while true {
            let match = UnsafeRawPointer(w + cur)
            if match.loadUnaligned(fromByteOffset: best - 1, as: UInt16.self) == scanEnd,
               match.loadUnaligned(as: UInt16.self) == scanStart {
                var length = 2
                while true {
                    let x = scan.loadUnaligned(fromByteOffset: length, as: UInt64.self) ^ match.loadUnaligned(fromByteOffset: length, as: UInt64.self)
                    if x != 0 {
                        length &+= UInt64(littleEndian: x).trailingZeroBitCount >> 3
                        break
                    }
                    length &+= 8
                    if length >= maxLength { break }
                }
                if length > maxLength { length = maxLength }
                if length > best {
                    best = length
                    bestStart = cur
                    if length >= nice { break }
                    scanEnd = scan.loadUnaligned(fromByteOffset: best - 1, as: UInt16.self)
                }
            }
            chain &-= 1
            // The place 32 KiB back: its slot in `prev` now belongs to `strstart`.
            if chain == 0 || cur == oldest { break }
            cur = Int(prev[cur & windowMask])
            if cur < lowest { break }
        }
        return (best, bestStart)
    }

    /// Turns the input into symbols as zlib's `deflate_slow`: up to where less than a longest
    /// match is ahead, or to the end when `finishing`.
    mutating func compress(finishing: Bool, out: ByteOutput) {
        let w = window, head = self.head, prev = self.prev
        var strstart = self.strstart, lookahead = self.lookahead
        var matchLength = self.matchLength, matchStart = self.matchStart, matchAvailable = self.matchAvailable
        let matching = self.matching
        let maxChain = self.maxChain, goodLength = self.goodLength, niceLength = self.niceLength, maxLazy = self.maxLazy
        while true {
            if lookahead < Self.minLookahead && (!finishing || lookahead == 0) { break }
            var hashHead = -1
            if lookahead >= Self.minMatch {
                let h = Self.hash(w + strstart)
                hashHead = Int(head[h])
                prev[strstart & Self.windowMask] = Int32(truncatingIfNeeded: hashHead)
                head[h] = Int32(truncatingIfNeeded: strstart)
            }
            let prevLength = matchLength, prevMatch = matchStart
            matchLength = Self.minMatch - 1
            if hashHead >= 0 && matching && prevLength < maxLazy && strstart - hashHead <= Self.maxDistance {
                (matchLength, matchStart) = Self.longestMatch(window: w, prev: prev, strstart: strstart, candidate: hashHead,
                                                              best: prevLength, bestStart: matchStart, lookahead: lookahead,
                                                              maxChain: maxChain, goodLength: goodLength, niceLength: niceLength)
                if matchLength == Self.minMatch && strstart - matchStart > Self.tooFar { matchLength = Self.minMatch - 1 }
            }
            if prevLength >= Self.minMatch && matchLength <= prevLength {
                // The match at the place before stands: take it, and put its places in the chains.
                let maxInsert = strstart + lookahead - Self.minMatch
                tallyMatch(distance: strstart - 1 - prevMatch, length: prevLength, out: out)
                lookahead -= prevLength - 1
                var k = prevLength - 2
                repeat {
                    strstart += 1
                    if strstart <= maxInsert {
                        let h = Self.hash(w + strstart)
                        prev[strstart & Self.windowMask] = head[h]
                        head[h] = Int32(truncatingIfNeeded: strstart)
                    }
                    k -= 1
                } while k != 0
                matchAvailable = false
                matchLength = Self.minMatch - 1
                strstart += 1
            } else if matchAvailable {
                tallyLiteral(w[strstart - 1], out: out)
                strstart += 1
                lookahead -= 1
            } else {
                matchAvailable = true
                strstart += 1
                lookahead -= 1
            }
        }
        self.strstart = strstart
        self.lookahead = lookahead
        self.matchLength = matchLength
        self.matchStart = matchStart
        self.matchAvailable = matchAvailable
    }

    @inline(__always)
    mutating func tallyLiteral(_ byte: UInt8, out: ByteOutput) {
        if symbolCount >= Self.blockSymbols && blockFull(adding: 1) { emitBlock(last: false, out: out) }
        symbols[symbolCount] = UInt32(byte)
        symbolCount += 1
        literalFrequency[Int(byte)] += 1
        blockBytes += 1
    }

    @inline(__always)
    mutating func tallyMatch(distance: Int, length: Int, out: ByteOutput) {
        if symbolCount >= Self.blockSymbols && blockFull(adding: length) { emitBlock(last: false, out: out) }
        symbols[symbolCount] = UInt32(truncatingIfNeeded: distance << 8 | (length - Self.minMatch))
        symbolCount += 1
        literalFrequency[257 + Int(lengthCode[length - Self.minMatch])] += 1
        let d = distance - 1
        distanceFrequency[Int(d < 256 ? distanceCode[d] : distanceCode[256 + d >> 7])] += 1
        blockBytes += length
    }

    // MARK: Blocks

    /// Whether the block ends before a symbol covering `length` bytes (see `blockSymbols`).
    func blockFull(adding length: Int) -> Bool {
        symbolCount == Self.symbolLimit || blockBytes >= 2 * symbolCount || blockBytes + length > Self.storedMaximum
    }

    /// Writes the block of the symbols so far in the smallest of the three forms.
    mutating func emitBlock(last: Bool, out: ByteOutput) {
        if outputCount >= Self.outputSpill { spill(out) }
        literalFrequency[256] = 1   // end of block
        let lastBit: UInt64 = last ? 1 : 0

        // Its own codes: their lengths, and the lengths as the code-length code puts them.
        HuffmanLengths.make(literalFrequency, count: 286, limit: 15, into: literalLengths)
        HuffmanLengths.make(distanceFrequency, count: 30, limit: 15, into: distanceLengths)
        var literalCount = 286
        while literalCount > 257 && literalLengths[literalCount - 1] == 0 { literalCount -= 1 }
        var distanceCount = 30
        while distanceCount > 1 && distanceLengths[distanceCount - 1] == 0 { distanceCount -= 1 }
        var lengths = [UInt8](UnsafeBufferPointer(start: literalLengths, count: literalCount))
        lengths += UnsafeBufferPointer(start: distanceLengths, count: distanceCount)
        let runs = HuffmanLengths.runs(lengths)
        var codeLengthFrequency = [UInt32](repeating: 0, count: 19)
        for (symbol, _) in runs { codeLengthFrequency[Int(symbol)] += 1 }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        codeLengthFrequency.withUnsafeBufferPointer { f in
            codeLengthLengths.withUnsafeMutableBufferPointer { HuffmanLengths.make(f.baseAddress!, count: 19, limit: 7, into: $0.baseAddress!) }
        }
        var codeLengthCount = 19
        while codeLengthCount > 4 && codeLengthLengths[Deflate.codeLengthOrder[codeLengthCount - 1]] == 0 { codeLengthCount -= 1 }

        // The size of each form, in bits.
        var extraBits = 0
        for code in 0..<29 { extraBits += Int(literalFrequency[257 + code]) * Int(lengthExtra[code]) }
        for code in 0..<30 { extraBits += Int(distanceFrequency[code]) * Int(distanceExtra[code]) }
        var dynamicBits = 3 + 5 + 5 + 4 + 3 * codeLengthCount + extraBits
        for s in 0..<19 { dynamicBits += Int(codeLengthFrequency[s]) * Int(codeLengthLengths[s]) }
        for (symbol, _) in runs { dynamicBits += symbol == 16 ? 2 : symbol == 17 ? 3 : symbol == 18 ? 7 : 0 }
        var fixedBits = 3 + extraBits
        for s in 0..<286 {
            dynamicBits += Int(literalFrequency[s]) * Int(literalLengths[s])
            fixedBits += Int(literalFrequency[s]) * Int(Deflate.fixedLiteralLengths[s])
        }
        for s in 0..<30 {
            dynamicBits += Int(distanceFrequency[s]) * Int(distanceLengths[s])
            fixedBits += Int(distanceFrequency[s]) * 5
        }
        var storedBits = Int.max
        if blockStart >= 0 {
            storedBits = 0
            var remaining = blockBytes, at = bitCount
            repeat {
                let n = min(remaining, Self.storedMaximum)
                storedBits += 3 + (8 - (at + 3) % 8) % 8 + 32 + 8 * n
                remaining -= n
                at = 0
            } while remaining > 0
        }

        var chosen: DeflateBlockForm = storedBits <= min(fixedBits, dynamicBits) ? .stored : fixedBits <= dynamicBits ? .fixed : .dynamic
        if let form, form != .stored || blockStart >= 0 { chosen = form }

        switch chosen {
        case .stored:
            var remaining = blockBytes, from = window + blockStart
            repeat {
                let n = min(remaining, Self.storedMaximum)
                remaining -= n
                put((remaining == 0 ? lastBit : 0), 3)   // BTYPE 00
                alignToByte()
                for v in [UInt16(n), ~UInt16(n)] {
                    output[outputCount] = UInt8(truncatingIfNeeded: v)
                    output[outputCount + 1] = UInt8(truncatingIfNeeded: v >> 8)
                    outputCount += 2
                }
                spill(out)
                out.write(UnsafeRawBufferPointer(start: from, count: n))
                produced += UInt64(n)
                from += n
            } while remaining > 0
        case .fixed:
            put(lastBit | 1 << 1, 3)                        // BTYPE 01
            Deflate.fixedLiteralLengths.withUnsafeBufferPointer { literalLengths.update(from: $0.baseAddress!, count: 288) }
            distanceLengths.update(repeating: 5, count: 30)
            HuffmanLengths.codes(literalLengths, count: 288, into: literalCodes)
            HuffmanLengths.codes(distanceLengths, count: 30, into: distanceCodes)
            emitSymbols(out: out)
        case .dynamic:
            put(lastBit | 2 << 1, 3)                        // BTYPE 10
            put(UInt64(literalCount - 257), 5)
            put(UInt64(distanceCount - 1), 5)
            put(UInt64(codeLengthCount - 4), 4)
            for i in 0..<codeLengthCount { put(UInt64(codeLengthLengths[Deflate.codeLengthOrder[i]]), 3) }
            var codeLengthCodes = [UInt16](repeating: 0, count: 19)
            codeLengthLengths.withUnsafeBufferPointer { l in
                codeLengthCodes.withUnsafeMutableBufferPointer { HuffmanLengths.codes(l.baseAddress!, count: 19, into: $0.baseAddress!) }
            }
            for (symbol, extra) in runs {
                put(UInt64(codeLengthCodes[Int(symbol)]), Int(codeLengthLengths[Int(symbol)]))
                switch symbol {
                case 16: put(UInt64(extra), 2)
                case 17: put(UInt64(extra), 3)
                case 18: put(UInt64(extra), 7)
                default: break
                }
            }
            HuffmanLengths.codes(literalLengths, count: 286, into: literalCodes)
            HuffmanLengths.codes(distanceLengths, count: 30, into: distanceCodes)
            emitSymbols(out: out)
        }

        literalFrequency.update(repeating: 0, count: 288)
        distanceFrequency.update(repeating: 0, count: 32)
        symbolCount = 0
        blockStart += blockBytes
        blockBytes = 0
    }

    /// The block's symbols and its end, in the codes in `literalCodes` and `distanceCodes`.
    mutating func emitSymbols(out: ByteOutput) {
        // Each length with its extra bits, as one piece to put.
        for lc in 0..<256 {
            let code = Int(lengthCode[lc])
            let length = Int(literalLengths[257 + code])
            lengthBits[lc] = UInt32(literalCodes[257 + code]) | UInt32(lc + 3 - Int(lengthBase[code])) << length
            lengthBitCount[lc] = UInt8(length) + lengthExtra[code]
        }
        let symbols = self.symbols, literalCodes = self.literalCodes, literalLengths = self.literalLengths
        let distanceCodes = self.distanceCodes, distanceLengths = self.distanceLengths
        let distanceCode = self.distanceCode, distanceBase = self.distanceBase, distanceExtra = self.distanceExtra
        let lengthBits = self.lengthBits, lengthBitCount = self.lengthBitCount
        let start = output, spillAt = output + Self.outputSpill
        var p = output + outputCount
        var buffer = bitBuffer, count = bitCount
        for i in 0..<symbolCount {
            let s = Int(symbols[i])
            if s < 256 {
                buffer |= UInt64(literalCodes[s]) << count
                count &+= Int(literalLengths[s])
            } else {
                let lc = s & 0xFF
                buffer |= UInt64(lengthBits[lc]) << count
                count &+= Int(lengthBitCount[lc])
                let d = s >> 8 &- 1
                let dc = Int(d < 256 ? distanceCode[d] : distanceCode[256 &+ d >> 7])
                let length = Int(distanceLengths[dc])
                buffer |= (UInt64(distanceCodes[dc]) | UInt64(d &+ 1 &- Int(distanceBase[dc])) << length) << count
                count &+= length &+ Int(distanceExtra[dc])
            }
            // At most 7 + 20 + 28 bits are waiting: write 8 bytes, keep the bits of the last one.
            UnsafeMutableRawPointer(p).storeBytes(of: buffer.littleEndian, as: UInt64.self)
            let bytes = count >> 3
            p += bytes
            buffer = buffer &>> UInt64(bytes << 3)   // bytes ≤ 6
            count &= 7
            if p >= spillAt {
                out.write(UnsafeRawBufferPointer(start: start, count: start.distance(to: p)))
                produced += UInt64(start.distance(to: p))
                p = start
            }
        }
        outputCount = start.distance(to: p)
        bitBuffer = buffer
        bitCount = count
        put(UInt64(literalCodes[256]), Int(literalLengths[256]))
    }

    /// Puts the low `n` bits of `value` (n ≤ 32).
    @inline(__always)
    mutating func put(_ value: UInt64, _ n: Int) {
        bitBuffer |= value << bitCount
        bitCount += n
        while bitCount >= 8 {
            output[outputCount] = UInt8(truncatingIfNeeded: bitBuffer)
            outputCount += 1
            bitBuffer >>= 8
            bitCount -= 8
        }
    }

    mutating func alignToByte() {
        if bitCount > 0 { put(0, 8 - bitCount) }
    }

    /// Hands the collected output to `out`.
    mutating func spill(_ out: ByteOutput) {
        guard outputCount > 0 else { return }
        out.write(UnsafeRawBufferPointer(start: output, count: outputCount))
        produced += UInt64(outputCount)
        outputCount = 0
    }
}

/// Huffman code lengths limited to a number of bits, and their canonical codes (RFC 1951 §3.2.2).
package enum HuffmanLengths {
    /// The lengths of an optimal prefix code for the `count` symbols' frequencies, none longer
    /// than `limit`: Moffat and Katajainen's in-place computation of the optimal lengths, then
    /// (when some exceed `limit`) the lengths that overflow moved to `limit` and the Kraft sum
    /// brought back to one by lengthening the longest codes shorter than `limit`, one step at a
    /// time, as miniz does; the lengths go to the symbols by frequency, the rarest the longest.
    /// Fewer than two symbols used: two codes of one bit (a decoder wants a complete code).
    package static func make(_ frequency: UnsafePointer<UInt32>, count: Int, limit: Int, into lengths: UnsafeMutablePointer<UInt8>) {
        lengths.update(repeating: 0, count: count)
        var keys: [UInt64] = []
        for s in 0..<count where frequency[s] > 0 { keys.append(UInt64(frequency[s]) << 16 | UInt64(s)) }
        if keys.count < 2 {
            let used = keys.first.map { Int($0 & 0xFFFF) } ?? 0
            lengths[used] = 1
            lengths[used == 0 ? 1 : 0] = 1
            return
        }
        keys.sort()
        var a = keys.map { Int($0 >> 16) }
        minimumRedundancy(&a)
        var perLength = [Int](repeating: 0, count: limit + 1)
        for depth in a { perLength[min(depth, limit)] += 1 }
        var kraft = 0
        for length in 1...limit { kraft += perLength[length] << (limit - length) }
        while kraft > 1 << limit {
            perLength[limit] -= 1
            for length in stride(from: limit - 1, to: 0, by: -1) where perLength[length] > 0 {
                perLength[length] -= 1
                perLength[length + 1] += 2
                break
            }
            kraft -= 1
        }
        var k = 0
        for length in stride(from: limit, through: 1, by: -1) {
            for _ in 0..<perLength[length] {
                lengths[Int(keys[k] & 0xFFFF)] = UInt8(length)
                k += 1
            }
        }
    }

    /// Moffat and Katajainen, "In-place calculation of minimum-redundancy codes" (1995): the
    /// weights, sorted ascending (at least two), become the code lengths.
    static func minimumRedundancy(_ a: inout [Int]) {
        let n = a.count
        // Pairing, left to right: the internal nodes' weights, then their parents.
        a[0] += a[1]
        var root = 0, leaf = 2
        for next in 1..<(n - 1) {
            if leaf >= n || a[root] < a[leaf] {
                a[next] = a[root]; a[root] = next; root += 1
            } else {
                a[next] = a[leaf]; leaf += 1
            }
            if leaf >= n || (root < next && a[root] < a[leaf]) {
                a[next] += a[root]; a[root] = next; root += 1
            } else {
                a[next] += a[leaf]; leaf += 1
            }
        }
        // The internal nodes' depths, right to left.
        a[n - 2] = 0
        if n >= 3 { for next in stride(from: n - 3, through: 0, by: -1) { a[next] = a[a[next]] + 1 } }
        // The leaves' depths.
        var available = 1, used = 0, depth = 0
        var r = n - 2, next = n - 1
        while available > 0 {
            while r >= 0 && a[r] == depth { used += 1; r -= 1 }
            while available > used { a[next] = depth; next -= 1; available -= 1 }
            available = 2 * used
            depth += 1
            used = 0
        }
    }

    /// The canonical codes of `lengths`, bit-reversed as DEFLATE puts them (first bit lowest).
    static func codes(_ lengths: UnsafePointer<UInt8>, count: Int, into codes: UnsafeMutablePointer<UInt16>) {
        var perLength = [Int](repeating: 0, count: 16)
        for s in 0..<count { perLength[Int(lengths[s])] += 1 }
        perLength[0] = 0
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1...15 {
            code = (code + perLength[bits - 1]) << 1
            next[bits] = code
        }
        for s in 0..<count {
            let length = Int(lengths[s])
            guard length > 0 else { codes[s] = 0; continue }
            var c = next[length], reversed = 0
            next[length] += 1
            for _ in 0..<length { reversed = reversed << 1 | c & 1; c >>= 1 }
            codes[s] = UInt16(reversed)
        }
    }

    /// The code-length code's symbols for `lengths`, each with its extra bits' value: 16 repeats
    /// the length before 3–6 times, 17 puts 3–10 zeros, 18 11–138 zeros (§3.2.7).
    static func runs(_ lengths: [UInt8]) -> [(UInt8, UInt8)] {
        var out: [(UInt8, UInt8)] = []
        var i = 0
        while i < lengths.count {
            let length = lengths[i]
            var run = 1
            while i + run < lengths.count && lengths[i + run] == length { run += 1 }
            i += run
            if length == 0 {
                while run >= 11 { let r = min(run, 138); out.append((18, UInt8(r - 11))); run -= r }
                if run >= 3 { out.append((17, UInt8(run - 3))); run = 0 }
            } else {
                out.append((length, 0))
                run -= 1
                while run >= 3 { let r = min(run, 6); out.append((16, UInt8(r - 3))); run -= r }
            }
            for _ in 0..<run { out.append((length, 0)) }
        }
        return out
    }
}
