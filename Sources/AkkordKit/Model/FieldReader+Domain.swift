import AkkordSupport

/// Readers for the domain's value types, on top of Support's `FieldReader`.
extension FieldReader {
    /// A number given as a string (`"38.50"`, `"38,50"`) or a JSON number (`38.5`).
    package mutating func number<N: FixedPointNumber>(_ key: String, required: Bool = false) -> N? {
        guard let v = value(key, required: required) else { return nil }
        let text: String
        switch v {
        case .string(let s): text = s
        case .number(let n): text = n
        default: problem(key, "expected a number or a string, got \(v.kindDescription)"); return nil
        }
        do { return try N(parsing: text) } catch {
            problem(key, "\(error)")
            return nil
        }
    }

    package mutating func date(_ key: String) -> String? {
        guard let s = string(key) else { return nil }
        if let p = ISODate.problem(s) { problem(key, p); return nil }
        return s
    }
}
