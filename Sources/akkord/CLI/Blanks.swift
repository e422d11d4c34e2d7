extension StringProtocol {
    /// Without the blanks at either end: spaces (Unicode Zs), the tab and the zero-width space,
    /// not line breaks; what Foundation's `trimmingCharacters(in: .whitespaces)` removes (akkord
    /// does not link Foundation).
    var trimmingBlanks: String {
        func blank(_ s: Unicode.Scalar) -> Bool { s == "\t" || s == "\u{200B}" || s.properties.generalCategory == .spaceSeparator }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !blank($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !blank($0) })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
