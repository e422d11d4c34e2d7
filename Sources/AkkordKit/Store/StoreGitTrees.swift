import AkkordSupport
import AkkordModel

/// Reading git's trees and blobs for the store's sync: akkord compares the three trees (common
/// base, this machine, incoming) itself, path by path, instead of trusting git's rename detection.
extension Git {
    /// One file of a tree: its mode (`100644`, `120000` for a link, …) and its blob's name.
    public struct Entry: Equatable, Sendable {
        public let mode: String
        public let hash: String
    }

    /// Every file of a commit's or tree's tree, by path; empty for nil (no common base).
    package func tree(_ revision: String?) throws -> [String: Entry] {
        guard let revision else { return [:] }
        let out = try run(["ls-tree", "-r", "-z", "--full-tree", revision]).stdout
        var tree: [String: Entry] = [:]
        for record in out.split(separator: 0) {
            // <mode> SP <type> SP <hash> TAB <path>
            guard let tab = record.firstIndex(of: 9) else { continue }
            let head = record[record.startIndex..<tab].split(separator: 32)
            guard head.count == 3 else { continue }
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            tree[path] = Entry(mode: String(decoding: head[0], as: UTF8.self), hash: String(decoding: head[2], as: UTF8.self))
        }
        return tree
    }

    /// The contents of blobs, by name, in one `git cat-file --batch`.
    package func blobs(_ hashes: Set<String>) throws -> [String: [UInt8]] {
        guard !hashes.isEmpty else { return [:] }
        let order = hashes.sorted()
        let input = Array(order.map { $0 + "\n" }.joined().utf8)
        let out = try run(["cat-file", "--batch"], input: input).stdout
        var result: [String: [UInt8]] = [:]
        var i = 0
        for hash in order {
            guard let nl = out[i...].firstIndex(of: 10) else { break }
            let header = String(decoding: out[i..<nl], as: UTF8.self).split(separator: " ")
            i = nl + 1
            guard header.count == 3, let size = Int(header[2]), i + size <= out.count else { continue }
            result[hash] = Array(out[i..<(i + size)])
            i += size + 1
        }
        for hash in order where result[hash] == nil { throw GitError.failed(command: "git cat-file", message: "no object \(hash)") }
        return result
    }

    /// The commit a revision names, nil when there is none.
    package func commit(_ revision: String) throws -> String? {
        let out = try run(["rev-parse", "-q", "--verify", revision + "^{commit}"], check: false)
        return out.status == 0 ? out.line : nil
    }

    /// The files each commit of `commits` adds or changes, with their modes and blobs (one
    /// `git diff-tree --stdin`; a merge commit against each parent).
    package func changedFiles(in commits: [String]) throws -> [(commit: String, path: String, entry: Entry)] {
        guard !commits.isEmpty else { return [] }
        let out = try run(["diff-tree", "--stdin", "-r", "-z", "--no-renames", "-m", "--root"],
                          input: Array(commits.map { $0 + "\n" }.joined().utf8)).stdout
        var result: [(String, String, Entry)] = []
        var commit = ""
        var fields = out.split(separator: 0, omittingEmptySubsequences: false)[...]
        while let field = fields.first {
            fields = fields.dropFirst()
            if field.first == UInt8(ascii: ":") {
                // :<old mode> <new mode> <old hash> <new hash> <status>, then the path
                let parts = field.dropFirst().split(separator: 32).map { String(decoding: $0, as: UTF8.self) }
                guard let pathField = fields.first else { break }
                fields = fields.dropFirst()
                guard parts.count >= 5, parts[4] != "D" else { continue }
                result.append((commit, String(decoding: pathField, as: UTF8.self), Entry(mode: parts[1], hash: parts[3])))
            } else if !field.isEmpty {
                commit = String(decoding: field, as: UTF8.self).gitTrimmed("\n")
            }
        }
        return result
    }
}
