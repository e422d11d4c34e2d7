#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AkkordKit

/// `akkord add` with no arguments on a terminal: search words → a numbered pick (also when
/// only one matches) → the quantity (a measurement too) → the line is added and shown. An empty
/// line ends; so does the end of input. Each line is its own change (and its own undo step).
struct GuidedAdd {
    let context: CommandContext
    static let matches = 9

    func run() throws {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw UsageError("missing <pos> and <quantity>", hint: "usage: akkord add POS QUANTITY (with no arguments on a terminal, add asks for them)")
        }
        let w = Words(context.language)
        let workspace = try context.workspace()
        let search = try workspace.catalogueSearch()
        while let terms = ask(w[.guidedSearch]), !terms.isEmpty {
            let all = search.search(terms)
            let hits = all.prefix(Self.matches).map(\.activity)
            guard !hits.isEmpty else { say(w[.guidedNoMatch]); continue }
            func showList() {
                for (i, a) in hits.enumerated() {
                    // The name in the active language; the line keeps the handbook's own (SPEC §15).
                    say("  \(i + 1)  \(a.pos)  \(a.shown(in: context.language).name)  \(a.price.formatted(context.language)) / \(UnitName.display(a.unit, language: context.language))")
                }
                if all.count > hits.count { say(w(.guidedMoreMatches, String(all.count - hits.count))) }
            }
            showList()
            // A number outside the list asks again, the list shown again above the question.
            var picked: Int?
            while picked == nil, let pick = ask(w(.guidedPick, String(hits.count))), !pick.isEmpty {
                if let n = Int(pick), (1...hits.count).contains(n) { picked = n } else {
                    say(w(.guidedBadPick, pick))
                    showList()
                }
            }
            guard let n = picked else { continue }
            let activity = hits[n - 1]
            while true {
                guard let text = ask(w(.guidedQuantity, UnitName.display(activity.unit, language: context.language))), !text.isEmpty else { break }
                let entered: EnteredQuantity
                do { entered = try ValueParser<EnteredQuantity>.quantity.parse(text, ParseContext(numbers: context.numberFormat, words: context.language)) } catch {
                    say(MessagePrefix.error.text(context.language) + Phrase("\(error)").said(context.language))
                    continue
                }
                let change = try workspace.addLine(.init(source: .catalogue(pos: activity.pos), quantity: entered.quantity,
                                                         measurement: entered.measurement))
                if let n = entered.note { context.note(n) }
                context.noteRuled(change.ruled, unit: change.value.unit)
                context.warn(change.warnings)
                say(Confirmation.lineAdded(change.value, context.language))
                break
            }
        }
    }

    /// Shows the prompt at once and reads one line; nil at the end of input.
    private func ask(_ prompt: String) -> String? {
        context.printBytes(Array(prompt.utf8))
        context.flush()
        return readLine(strippingNewline: true)?.trimmingBlanks
    }

    private func say(_ text: String) {
        context.print(text)
        context.flush()
    }
}
