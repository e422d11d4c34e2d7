/// A sentence for people that can be shown in another language: an English template (the key)
/// and the values that fill its blanks, kept apart — what gettext's `_("…%s…")` and SwiftUI's
/// `LocalizedStringKey` keep apart. It is written as an ordinary string literal with
/// interpolations (`"no line \(id) in project \"\(project)\""`): the literal parts become the key
/// (`no line {} in project "{}"`), the interpolated values the blanks. `description` is the
/// English sentence; a phrasebook of another language (AkkordRender's `Phrasebook`) maps the key
/// to its own template. A value that is itself a `Phrase` is translated too; a number is written
/// in the language's number format.
public struct Phrase: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    public enum Value: Sendable, Hashable {
        /// Shown as it is: a name, a path, a quoted input.
        case text(String)
        /// Translated in its turn.
        case phrase(Phrase)
        /// A figure: `plain` is its canonical form (`1234.5`), written with the language's
        /// separators when shown (`1.234,5` in Danish), grouped when `grouped`.
        case number(plain: String, grouped: Bool)
    }

    /// The blank's mark in a key.
    public static let blank = "{}"

    public let key: String
    public let values: [Value]

    public init(key: String, values: [Value]) { self.key = key; self.values = values }

    /// Text that is never translated (an error of the system, a message from git).
    public init(verbatim text: String) { self.init(key: Self.blank, values: [.text(text)]) }

    public init(stringLiteral value: String) { self.init(key: value, values: []) }

    public init(stringInterpolation: StringInterpolation) {
        self.init(key: stringInterpolation.key, values: stringInterpolation.values)
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var values: [Value] = []
        public init(literalCapacity: Int, interpolationCount: Int) { key.reserveCapacity(literalCapacity + 2 * interpolationCount) }
        public mutating func appendLiteral(_ literal: String) { key += literal }
        public mutating func appendInterpolation(_ phrase: Phrase) { key += Phrase.blank; values.append(.phrase(phrase)) }
        public mutating func appendInterpolation(_ value: some PhraseNumber) {
            key += Phrase.blank; values.append(.number(plain: value.phrasePlain, grouped: value.phraseGrouped))
        }
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) { key += Phrase.blank; values.append(.text(value.description)) }
        public mutating func appendInterpolation(_ value: String) { key += Phrase.blank; values.append(.text(value)) }
        public mutating func appendInterpolation(_ value: Substring) { key += Phrase.blank; values.append(.text(String(value))) }
        public mutating func appendInterpolation(_ value: Int) { key += Phrase.blank; values.append(.number(plain: String(value), grouped: false)) }
    }

    /// The English sentence.
    public var description: String { rendered(template: { _ in nil }, number: { plain, _ in plain }) }

    /// The sentence in another language: `template` gives that language's template for a key
    /// (blanks `{1}`, `{2}` … in any order; nil: keep the English), `number` writes a figure.
    public func rendered(template: (String) -> String?, number: (String, Bool) -> String) -> String {
        let filled = values.map { value -> String in
            switch value {
            case .text(let text): return text
            case .phrase(let phrase): return phrase.rendered(template: template, number: number)
            case .number(let plain, let grouped): return number(plain, grouped)
            }
        }
        if let own = template(key) { return Self.fill(numbered: own, filled) }
        return Self.fill(sequential: key, filled)
    }

    /// Two phrases are the same when they read the same in English: a test may write the
    /// sentence out whole.
    public static func == (a: Phrase, b: Phrase) -> Bool { a.description == b.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// `a; b; c` of phrases, as one phrase.
    public static func joined(_ parts: [Phrase], separator: String) -> Phrase {
        guard var out = parts.first else { return "" }
        for part in parts.dropFirst() { out = Phrase(key: Self.blank + separator + Self.blank, values: [.phrase(out), .phrase(part)]) }
        return out
    }

    public static func + (a: Phrase, b: Phrase) -> Phrase { Phrase(key: blank + blank, values: [.phrase(a), .phrase(b)]) }

    private static func fill(sequential key: String, _ values: [String]) -> String {
        guard !values.isEmpty else { return key }
        var out = "", rest = Substring(key), next = 0
        while next < values.count, let open = rest.firstIndex(of: "{") {
            let after = rest.index(after: open)
            out += rest[..<open]
            if after < rest.endIndex, rest[after] == "}" {
                out += values[next]
                next += 1
                rest = rest[rest.index(after: after)...]
            } else {
                out += "{"
                rest = rest[after...]
            }
        }
        return out + rest
    }

    /// Fills `{1}` … `{9}` in one pass (filled-in text is not read again).
    package static func fill(numbered template: String, _ values: [String]) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let digit = after.first, let n = digit.wholeNumberValue, n >= 1, n <= values.count,
               after.dropFirst().first == "}" {
                out += values[n - 1]
                rest = after.dropFirst(2)
            } else {
                out += "{"
                rest = after
            }
        }
        return out + rest
    }
}

/// A figure a phrase writes in the language's number format.
public protocol PhraseNumber: CustomStringConvertible {
    /// The canonical text: `-1234.5`.
    var phrasePlain: String { get }
    /// Whether thousands are grouped (`1.234,50` for money; not for a line id).
    var phraseGrouped: Bool { get }
}

/// An error whose message is a `Phrase`: its English `description` and its translations come
/// from one sentence.
public protocol PhrasedError: Error, CustomStringConvertible {
    var phrase: Phrase { get }
}

extension PhrasedError {
    public var description: String { phrase.description }
}

extension Phrase.StringInterpolation {
    public mutating func appendInterpolation(_ error: some PhrasedError) { key += Phrase.blank; values.append(.phrase(error.phrase)) }
    /// An error inside a sentence: translated when it is a `PhrasedError`, else as it describes itself.
    public mutating func appendInterpolation(_ error: any Error) {
        key += Phrase.blank
        if let phrased = error as? any PhrasedError { values.append(.phrase(phrased.phrase)) } else { values.append(.text("\(error)")) }
    }
}

extension Phrase {
    /// An error's first line as a phrase: a file's data problems by their summary line.
    public static func firstLine(of error: any Error) -> Phrase {
        if let e = error as? InvalidDataError { return e.message }
        if let e = error as? any PhrasedError { return e.phrase }
        return Phrase(verbatim: "\(error)".split(separator: "\n").first.map(String.init) ?? "")
    }
}
