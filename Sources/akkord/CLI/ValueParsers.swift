import AkkordKit

/// Parsers for argument values shared by many commands; errors name the argument (exit 64).
extension ValueParser where Value == String {
    /// Any text without control characters (a tab is allowed).
    static var string: ValueParser {
        ValueParser(example: "x") { text in
            if let problem = ControlCharacters.problem(in: text) { throw PlainError(problem) }
            return text
        }
    }

    /// A note: text that may also hold line breaks.
    static var note: ValueParser {
        ValueParser(example: "north side") { text in
            if let problem = ControlCharacters.problem(in: text, allowsLineBreaks: true) { throw PlainError(problem) }
            return text
        }
    }

    /// Text that must not be empty (names, captions).
    static var text: ValueParser {
        ValueParser(example: "Roof") { text in
            guard !text.trimmingBlanks.isEmpty else { throw EmptyValue() }
            if let problem = ControlCharacters.problem(in: text) { throw PlainError(problem) }
            return text
        }
    }

    /// `YYYY-MM-DD`, or as a Dane writes it (`26.11.2026`, `26-11-2026`, `26/11/2026`, `26.11`
    /// this year: `ISODate.fromDanish`); stored as `YYYY-MM-DD`.
    static var date: ValueParser {
        ValueParser(example: "2026-03-02", withContext: { text, context in
            let date = ISODate.fromDanish(text, year: context.year) ?? text
            if let problem = ISODate.problem(date) {
                throw PlainError(date == text ? problem : "\(Excerpt.quoted(text)) is no date (day \(date.suffix(2)) of month \(date.dropFirst(5).prefix(2)) \(date.prefix(4)) does not exist)")
            }
            return date
        })
    }

    static var projectId: ValueParser {
        ValueParser(example: "roof") { text in
            guard Slug.isValid(text) else { throw PlainError("\"\(text)\" is not a project id (lowercase letters, digits and '-')") }
            return text
        }.completing(.store(.project))
    }
}

extension ValueParser where Value == [Int] {
    /// Line ids and ranges: `1,3-5` is 1, 3, 4, 5 (at most 10,000 ids).
    static var lineList: ValueParser {
        ValueParser(example: "1,3-5") { text in
            var ids: [Int] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                let bounds = part.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingBlanks) }
                guard (1...2).contains(bounds.count), let low = bounds.first!, let high = bounds.last!, low >= 1, low <= high, high - low < 10_000 else {
                    throw PlainError("\(Excerpt.quoted(text)) is not a list of line ids like 1,3-5")
                }
                ids += Array(low...high)
                guard ids.count <= 10_000 else { throw PlainError("more than 10,000 line ids") }
            }
            var seen = Set<Int>()
            return ids.filter { seen.insert($0).inserted }
        }
    }
}

extension ValueParser where Value == Int {
    static func int(in range: ClosedRange<Int>) -> ValueParser {
        ValueParser(example: "\(range.lowerBound)") { text in
            guard let i = Int(text), range.contains(i) else {
                throw PlainError("\"\(text)\" is not a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return i
        }
    }

    /// The id of a worker's hours, an advance, a supplement, extra work or a photo.
    static var entryId: ValueParser { positiveInt { "\"\($0)\" is not an id" } }
    static var lineId: ValueParser { positiveInt { "\"\($0)\" is not a line number" } }

    /// `problem` words the refusal of the text, as one sentence.
    private static func positiveInt(_ problem: @escaping @Sendable (String) -> Phrase) -> ValueParser {
        ValueParser(example: "1") { text in
            guard let i = Int(text), i > 0 else { throw PlainError(problem(text)) }
            return i
        }
    }
}

extension ValueParser where Value: FixedPointNumber {
    /// A number that must be greater than zero.
    static func positive(example: String) -> ValueParser {
        ValueParser(example: example, withContext: { text, context in
            let n = try Value(parsing: text, language: context.numbers)
            guard n.raw > 0 else { throw NumberError.notPositive(text) }
            return n
        })
    }
}

/// A number as typed, read by the active language (SPEC §2); when the other language would read
/// it otherwise (one separator and three digits after it: `1.200`, `5,000`), a note says how it
/// was read and how to write the other reading (SPEC §15).
func readNumber<N: FixedPointNumber>(_ text: String, _ context: ParseContext, _ parse: (String, Language) throws -> N) throws -> N {
    let other: Language = context.numbers == .en ? .da : .en
    let value: N
    do { value = try parse(text, context.numbers) } catch {
        // `5.000` in en has too many decimals for an amount; in da it is five thousand: say so.
        guard let otherValue = try? parse(text, other) else { throw error }
        let written = plainInLanguage(otherValue.plain, context.numbers)
        throw PlainError("\(error); \(Phrase(verbatim: NumberReadingText.ifYouMeant(written, otherLanguage: other, context.words)))")
    }
    if let otherValue = try? parse(text, other), otherValue != value {
        context.note(NumberReadingText.ambiguous(text.trimmingSpaces, read: value.formatted(context.numbers),
                                                 otherwise: plainInLanguage(otherValue.plain, context.numbers),
                                                 otherLanguage: other, context.words))
    }
    return value
}

/// A plain number (`1200`, `1.2`) with the language's decimal separator, without grouping.
private func plainInLanguage(_ plain: String, _ language: Language) -> String {
    language == .da ? String(plain.map { $0 == "." ? "," : $0 }) : plain
}

/// A quantity as typed: a number, or a measurement (`12,4*8,2 - 1,2*0,9`) with its note when
/// the result was rounded to 3 decimals.
struct EnteredQuantity {
    let quantity: Quantity
    let measurement: String?
    let note: String?
}

extension ValueParser where Value == EnteredQuantity {
    static var quantity: ValueParser {
        ValueParser(example: "12,5", withContext: { text, context in
            let text = DanishNumberText.quantity(text, context.numbers)
            guard MeasurementExpression.isExpression(text) else {
                let q = try readNumber(text, context) { try Quantity(parsing: $0, language: $1) }
                guard q.raw > 0 else { throw NumberError.notPositive(text) }
                return EnteredQuantity(quantity: q, measurement: nil, note: nil)
            }
            let m = try MeasurementExpression.evaluate(text, language: context.numbers)
            return EnteredQuantity(quantity: m.quantity, measurement: m.measurement.expression, note: m.roundingNote(context.numbers))
        })
    }
}

extension ValueParser where Value == Money {
    /// An amount of either sign (a correction may be negative).
    static var money: ValueParser {
        ValueParser(example: "1500", withContext: { text, context in
            // `5.000,-`, `5.000 kr.`, `kr. 5.000`: a Danish amount whatever the language.
            if let amount = DanishNumberText.markedAmount(text) { return try Money(parsing: amount, language: .da) }
            return try readNumber(text, context) { try Money(parsing: $0, language: $1) }
        })
    }

    static var positiveMoney: ValueParser { .positive(example: "1500") }
}

extension ValueParser where Value == UnitPrice {
    /// A unit price or rate: zero or more.
    static var price: ValueParser {
        ValueParser(example: "19,99", withContext: { text, context in
            let p = try readNumber(text, context) { try UnitPrice(parsing: $0, language: $1) }
            guard !p.isNegative else { throw NumberError.negative(text) }
            return p
        })
    }
}

/// Hours as typed, with the note to give when they look like a clock time (`7.30`, SPEC §8).
struct EnteredHours {
    let hours: Hours
    let note: String?
}

extension ValueParser where Value == EnteredHours {
    static var positiveHours: ValueParser {
        ValueParser(example: "7:30", withContext: { text, context in
            let text = DanishNumberText.half(text, context.numbers)
            let h = try Hours(parsing: text, language: context.numbers)
            guard h.raw > 0 else { throw NumberError.notPositive(text) }
            return EnteredHours(hours: h, note: Hours.clockTimeLookalike(text, language: context.numbers))
        })
    }
}

struct EmptyValue: PhrasedError {
    var phrase: Phrase { "must not be empty" }
}

/// A reason that becomes `<argument>: reason` when a parser throws it.
struct PlainError: PhrasedError {
    let phrase: Phrase
    init(_ phrase: Phrase) { self.phrase = phrase }
}
