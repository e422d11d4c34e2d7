/// Reads typed fields out of a JSON object, recording a problem with its path for each bad one.
@usableFromInline package struct FieldReader {
    let object: JSONObject
    /// The object's JSON path, built only when a problem is reported: `path[index]`.
    let path: String
    var index: Int? = nil
    @usableFromInline package var problems: [Problem]

    @usableFromInline package init(object: JSONObject, path: String, index: Int? = nil, problems: [Problem]) {
        self.object = object; self.path = path; self.index = index; self.problems = problems
    }

    @usableFromInline package func place(_ key: String) -> String {
        let base = index.map { "\(path)[\($0)]" } ?? path
        return base.isEmpty ? key : "\(base).\(key)"
    }
    @usableFromInline package mutating func problem(_ key: String, _ message: Phrase) { problems.append(Problem(place(key), message)) }

    @usableFromInline package mutating func value(_ key: String, required: Bool = false) -> JSONValue? {
        guard let v = object[key], v != .null else {
            if required { problem(key, "is missing") }
            return nil
        }
        return v
    }

    package mutating func string(_ key: String, required: Bool = false) -> String? {
        guard let v = value(key, required: required) else { return nil }
        guard case .string(let s) = v else { problem(key, "expected a string, got \(v.kindDescription)"); return nil }
        return s
    }

    package mutating func integer(_ key: String, required: Bool = false) -> Int? {
        guard let v = value(key, required: required) else { return nil }
        guard case .number(let n) = v, let i = Int(n) else { problem(key, "expected a whole number, got \(v.kindDescription)"); return nil }
        return i
    }

    package mutating func bool(_ key: String) -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { problem(key, "expected true or false, got \(v.kindDescription)"); return nil }
        return b
    }

    package mutating func version(expected: Int) {
        if let version = integer("version", required: true), version != expected {
            problem("version", "\(version) is not supported (this akkord reads version \(expected))")
        }
    }

    /// A key the format does not have is a problem, never skipped: a misspelt `advanceS` would
    /// otherwise drop every advance silently and lose them at the next write.
    package mutating func rejectUnknown(_ known: [String]) {
        let here = index.map { "\(path)[\($0)]" } ?? path
        for entry in object.entries where !known.contains(entry.key) {
            let lowered = entry.key.lowercased()
            let name = Excerpt.phrase(entry.key)
            if let close = known.first(where: { $0.lowercased() == lowered }) {
                problems.append(Problem(here, "unknown field \(name); did you mean \"\(close)\"?"))
            } else {
                let list: Phrase = known.count <= 12 ? " (known: \(known.joined(separator: ", ")))" : ""
                problems.append(Problem(here, "unknown field \(name)\(list)"))
            }
        }
    }

    /// Decodes an optional array of objects, each with its own reader at `key[i]`.
    @inlinable package mutating func list<T>(_ key: String, _ decode: (inout FieldReader) -> T?) -> [T] {
        guard let v = value(key) else { return [] }
        guard let items = v.arrayValue else { problem(key, "expected an array, got \(v.kindDescription)"); return [] }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard let o = item.objectValue else {
                problems.append(Problem("\(place(key))[\(i)]", "expected an object, got \(item.kindDescription)"))
                continue
            }
            var r = FieldReader(object: o, path: place(key), index: i, problems: [])
            let decoded = decode(&r)
            problems += r.problems
            if let decoded, r.problems.isEmpty { result.append(decoded) }
        }
        return result
    }
}
