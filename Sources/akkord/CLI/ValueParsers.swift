import Foundation
import AkkordKit

/// Typed readers for argument values shared by many commands; errors name the argument (exit 64).
extension ParsedArguments {
    /// A number that must be greater than zero.
    func positive<N: FixedPointNumber>(_ name: String, _ type: N.Type) throws -> N? {
        try parsed(name) { text in
            let n = try N(parsing: text)
            guard n.raw > 0 else { throw NumberError.notPositive(text) }
            return n
        }
    }

    func quantity(_ name: String) throws -> Quantity? { try positive(name, Quantity.self) }

    func price(_ name: String) throws -> UnitPrice? {
        try parsed(name) { text in
            let p = try UnitPrice(parsing: text)
            guard !p.isNegative else { throw NumberError.negative(text) }
            return p
        }
    }

    func positiveMoney(_ name: String) throws -> Money? { try positive(name, Money.self) }

    func positiveHours(_ name: String) throws -> Hours? {
        try parsed(name) { text in
            let h = try Hours(parsing: text)
            guard h.raw > 0 else { throw NumberError.notPositive(text) }
            return h
        }
    }

    func date(_ name: String) throws -> String? {
        try parsed(name) { text in
            if let problem = ISODate.problem(text) { throw PlainError(problem) }
            return text
        }
    }

    /// Text that must not be empty (names, captions).
    func text(_ name: String) throws -> String? {
        try parsed(name) { text in
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw EmptyValue() }
            return text
        }
    }

    func requiredText(_ name: String) throws -> String {
        guard let t = try text(name) else { throw UsageError("missing \(display(name))") }
        return t
    }

    func lineIds(_ name: String) throws -> [Int] {
        try strings(name).map { text in
            guard let id = Int(text), id > 0 else {
                throw InvalidArgumentError.usage(display(name), "\"\(text)\" is not a line number")
            }
            return id
        }
    }

    func projectIdArgument(_ name: String) throws -> String? {
        try parsed(name) { text in
            guard Slug.isValid(text) else { throw PlainError("\"\(text)\" is not a project id (lowercase letters, digits and '-')") }
            return text
        }
    }
}

struct EmptyValue: Error, CustomStringConvertible {
    var description: String { "must not be empty" }
}

/// A reason that becomes `<argument>: reason` when `parsed` reports it.
struct PlainError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
