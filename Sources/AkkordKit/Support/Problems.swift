/// A problem found while validating input, with its place: a JSON path (`activities[3].price`)
/// or a file line (`prices.csv:17`).
public struct Problem: Equatable, Sendable, CustomStringConvertible {
    public let place: String
    public let message: Phrase
    public init(_ place: String, _ message: Phrase) { self.place = place; self.message = message }
    public var description: String { phrase.description }
    /// `place: message`, the message translatable.
    public var phrase: Phrase { place.isEmpty ? message : "\(place): \(message)" }
}

/// Input data that failed validation: every problem is listed, nothing is changed.
public struct InvalidDataError: Error, Equatable, CustomStringConvertible {
    public let source: String
    /// `source` as messages show it: the path as it is, or words in the language (a regulation
    /// that is no file).
    public let sourcePhrase: Phrase
    public let problems: [Problem]
    public let consequence: Phrase
    public init(source: String, problems: [Problem], consequence: Phrase = "") {
        self.init(source: Phrase(verbatim: source), problems: problems, consequence: consequence)
    }
    /// A source that is not a file name, said in words (`regulation by +5 %`).
    public init(source: Phrase, problems: [Problem], consequence: Phrase = "") {
        self.source = source.description; self.sourcePhrase = source; self.problems = problems; self.consequence = consequence
    }
    public var message: Phrase {
        let hasConsequence = !consequence.key.isEmpty || !consequence.values.isEmpty
        if problems.count == 1 { return hasConsequence ? "\(located(problems[0])); \(consequence)" : located(problems[0]) }
        return hasConsequence ? "\(sourcePhrase): \(problems.count) problems; \(consequence)" : "\(sourcePhrase): \(problems.count) problems"
    }
    public var details: [Phrase] { problems.count == 1 ? [] : problems.map(located) }

    /// `file: path: message` for JSON paths, `file:17: message` for line numbers.
    package func located(_ p: Problem) -> Phrase {
        if let first = p.place.first, first.isNumber { return "\(sourcePhrase):\(p.place): \(p.message)" }
        return "\(sourcePhrase): \(p.phrase)"
    }

    public func with(consequence: Phrase) -> InvalidDataError {
        InvalidDataError(source: sourcePhrase, problems: problems, consequence: consequence)
    }
}

extension InvalidDataError {
    public var description: String { ([message] + details).map(\.description).joined(separator: "\n") }
}
