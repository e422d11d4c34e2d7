#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AkkordKit

extension CommandContext {
    /// How wide tables may be (SPEC §11): `$COLUMNS`, else the terminal's width when stdout is
    /// one, else 100.
    var width: Int {
        if let text = environment["COLUMNS"], let n = Int(text), n > 0 { return n }
        var size = winsize()
        if isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return TextTable.defaultWidth
    }
}
