@testable import AkkordKit

extension ProjectReader {
    /// The project file at `path` as a report reads it: the project's head, and its lines read
    /// again from the mapped file.
    static func streamed(_ path: String) throws -> (ProjectHead, any ProjectLines) {
        let file = try MappedFile(path: path, limit: Store.maximumFileBytes)
        let read = try ProjectReader.read(file.bytes, file: file, source: path, keeping: .none)
        return (read.head, LinesInFile(file, read))
    }
}

extension LineDecoder {
    /// The next element when it is a line; nil at the end, for an element with problems, or bad JSON.
    mutating func nextLine() -> LineView? {
        (try? next()) ?? nil
    }
}

extension Supplement {
    /// The oracle of the supplements' bases (SPEC §5), worked out here from `Line`s, apart from
    /// `LineAmounts`: the sum of the amounts of the lines in scope.
    func base(of lines: [Line]) throws(SumTooLargeError) -> Money {
        try Sum(lines.lazy.filter(scope.contains), \.amount).value("the base of supplement \(id)")
    }
}
