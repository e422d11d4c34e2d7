import AkkordSupport
import AkkordModel

/// Numbers in store files: the plain form akkord writes (`12.5`, `-3`, `0.25`, hours also `7:20`),
/// as a JSON string or number. `00012`, `+5`, `1,5` or `1.200,00` were not written by akkord,
/// so they are problems (`check` finds them), never read by a guess.
extension FieldReader {
    mutating func storedNumber<N: FixedPointNumber>(_ key: String, required: Bool = false) -> N? {
        guard let text = storedNumberText(key, required: required) else { return nil }
        do { return try N(parsing: text) } catch { problem(key, "\(error)"); return nil }
    }

    mutating func storedHours(_ key: String, required: Bool = false) -> Hours? {
        guard let text = storedNumberText(key, required: required, allowsMinutes: true) else { return nil }
        do { return try Hours(parsing: text) } catch { problem(key, "\(error)"); return nil }
    }

    private mutating func storedNumberText(_ key: String, required: Bool, allowsMinutes: Bool = false) -> String? {
        guard let v = value(key, required: required) else { return nil }
        let text: String
        switch v {
        case .string(let s): text = s
        case .number(let n): text = n
        default: problem(key, "expected a number as a string, got \(v.kindDescription)"); return nil
        }
        guard Self.isPlainForm(text, allowsMinutes: allowsMinutes) else {
            problem(key, "\(Excerpt.phrase(text)) is not written as akkord writes numbers (digits, an optional '-' and '.', no leading zeros)")
            return nil
        }
        return text
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, or with `allowsMinutes` also `(0|[1-9][0-9]*):[0-5][0-9]`.
    package static func isPlainForm(_ text: String, allowsMinutes: Bool) -> Bool {
        var bytes = text.utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let digits = bytes.prefix { $0 >= 48 && $0 <= 57 }
        guard !digits.isEmpty, digits.count == 1 || digits.first != 48 else { return false }
        let rest = bytes.dropFirst(digits.count)
        guard let separator = rest.first else { return true }
        let tail = rest.dropFirst()
        guard !tail.isEmpty, tail.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return false }
        if separator == UInt8(ascii: ".") { return true }
        return allowsMinutes && separator == UInt8(ascii: ":") && text.first != "-" && tail.count == 2 && tail.first! <= UInt8(ascii: "5")
    }
}
