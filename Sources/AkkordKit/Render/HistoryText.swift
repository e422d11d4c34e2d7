#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AkkordModel

/// A project's history as people read it (SPEC §15): each described change in the active
/// language, with its figures formatted in it (`100,6 m²`, `3.873,10` in `da`), and each time
/// in local time. An entry written before changes were described shows its stored (English)
/// text, as it was recorded.
public enum HistoryText {
    /// The entry's changes, one line each: described ones in `l`, the others as stored.
    public static func changes(_ entry: HistoryEntry, _ l: Language) -> [String] {
        guard let details = entry.details, details.count == entry.changes.count else { return entry.changes }
        return details.map { text($0, l) }
    }

    /// One described change in `l`.
    public static func text(_ change: HistoryChange, _ l: Language) -> String {
        let w = Words(l)
        func figure(_ n: any FixedPointNumber) -> String { n.formatted(l) }
        func unit(_ u: String) -> String { UnitName.display(u, language: l) }
        func hours(_ h: Hours) -> String { Confirmation.hours(h, l) }
        func on(_ date: String?) -> String { date.map { w(.histOnDate, $0) } ?? "" }
        func line(_ f: HistoryChange.LineFigures) -> String {
            let measured = f.measurement.map { w(.histMeasured, $0) } ?? ""
            return "\(f.pos) \(f.name), \(figure(f.quantity)) \(unit(f.unit))\(measured) × \(figure(f.price)) = \(figure(f.amount))"
        }
        switch change {
        case .lineAdded(let f): return w(.histLineAdded, "\(f.id)", line(f))
        case .lineRemoved(let f): return w(.histLineRemoved, "\(f.id)", line(f))
        case .lineChanged(let id, let field):
            let (name, old, new): (Term, String, String)
            switch field {
            case .quantity(let o, let n, let measurement):
                (name, old, new) = (.fieldQuantity, figure(o), figure(n) + (measurement.map { w(.histMeasured, $0) } ?? ""))
            case .note(let o, let n): (name, old, new) = (.fieldNote, "\"\(o)\"", "\"\(n)\"")
            case .price(let o, let n): (name, old, new) = (.fieldPrice, figure(o), figure(n))
            case .amount(let o, let n): (name, old, new) = (.fieldAmount, figure(o), figure(n))
            case .date(let o, let n): (name, old, new) = (.fieldDate, o ?? "-", n)
            case .section(let o, let n): (name, old, new) = (.fieldSection, "\"\(o)\"", "\"\(n)\"")
            }
            return w(.histLineChanged, "\(id)", w[name], old, new)
        case .lineRepriced(let id, let pos, let oldPrice, let newPrice, let oldAmount, let newAmount):
            return w(.histLineRepriced, "\(id)", pos, figure(oldPrice), figure(newPrice), figure(oldAmount), figure(newAmount))
        case .catalogueChanged(let oldName, let oldEdition, let newName, let newEdition):
            func shown(_ text: String) -> String { text.isEmpty ? "-" : text }
            if oldName == newName { return w(.histCatalogueEdition, shown(oldEdition), shown(newEdition)) }
            return w(.histCatalogueChanged, oldName, shown(oldEdition), newName, shown(newEdition))
        case .projectCreated(let id, let name): return w(.histProjectCreated, id, name)
        case .projectChanged(let field, let old, let new):
            let name: Term
            switch field {
            case .name: name = .fieldName
            case .address: name = .fieldAddress
            case .employer: name = .fieldEmployer
            case .customer: name = .fieldCustomer
            case .start: name = .fieldStart
            case .end: name = .fieldEnd
            case .note: name = .fieldNote
            case .handedIn: name = .fieldHandedIn
            case .approved: name = .fieldApproved
            case .disputed: name = .fieldDisputed
            case .disputeNote: name = .fieldDisputeNote
            }
            if field.isDate { return "\(w[name]): \(old ?? "-") → \(new)" }
            return "\(w[name]): \"\(old ?? "")\" → \"\(new)\""
        case .statusChanged(let old, let new):
            func status(_ s: Project.Status) -> String { w[s == .open ? .statusOpen : .statusClosed] }
            return w(.histStatusChanged, status(old), status(new))
        case .projectRestored(let file, let renamed):
            return w(.histRestored, file) + (renamed.map { w(.histRestoredAs, $0.id, $0.was) } ?? "")
        case .bundleImported(let id, let file, let exportedAs, let replaced):
            return w(replaced ? .histBundleReplaced : .histBundleImported, id, file, exportedAs.map { w(.histExportedAs, $0) } ?? "")
        case .workerAdded(let id, let name, let apprentice, let rate):
            return w(.histWorkerAdded, id, name, apprentice ? w(.apprenticeAt, rate.map(figure) ?? "?") : w[.journeyman])
        case .workerRemoved(let id, let name): return w(.histWorkerRemoved, id, name)
        case .hoursAdded(let id, let worker, let h, let date): return w(.histHoursAdded, "\(id)", worker, hours(h)) + on(date)
        case .hoursRemoved(let id, let worker, let h): return w(.histHoursRemoved, "\(id)", worker, hours(h))
        case .advanceAdded(let id, let worker, let amount, let h, let rate, let correction, let date):
            var how = figure(amount)
            if let h, let rate { how = "\(hours(h)) × \(figure(rate)) = \(how)" }
            return w(.histAdvanceAdded, "\(id)", worker, how) + (correction ? w[.histCorrection] : "") + on(date)
        case .advanceRemoved(let id, let worker, let amount): return w(.histAdvanceRemoved, "\(id)", worker, figure(amount))
        case .supplementAdded(let id, let name, let percent, let scope):
            return w(.histSupplementAdded, "\(id)", name, figure(percent)) + (scope.isAll ? "" : w(.histOnScope, scope.text(l)))
        case .supplementRemoved(let id, let name, let percent): return w(.histSupplementRemoved, "\(id)", name, figure(percent))
        case .extraWorkAdded(let id, let text, let number, let pricing, let amount):
            let how: String
            switch pricing {
            case .amount(let m): how = m.isNegative ? w(.histDeduction, figure(m)) : w(.histAgreed, figure(m))
            case .hourly(let h, let rate): how = "\(hours(h)) × \(figure(rate)) = \(figure(amount))"
            }
            return w(.histExtraWorkAdded, "\(id)", text + (number.isEmpty ? "" : w(.histAgreement, number)), how)
        case .extraWorkRemoved(let id, let text, let amount): return w(.histExtraWorkRemoved, "\(id)", text, figure(amount))
        case .photoAdded(let id, let originalName, let caption, let file):
            return w(.histPhotoAdded, "\(id)", originalName + (caption.isEmpty ? "" : " \"\(caption)\""), file)
        case .photoRemoved(let id, let originalName): return w(.histPhotoRemoved, "\(id)", originalName)
        case .undo(let time, let command): return w(.histUndo, self.time(time), command)
        case .undone(let inner): return w(.histUndone, text(inner, l))
        case .undoneText(let stored): return w(.histUndone, stored)
        case .demoBuilt: return w[.histDemoBuilt]
        case .merged(let renumberings):
            guard !renumberings.isEmpty else { return w[.histMerged] }
            return w[.histMerged] + ": " + renumberings.map { $0.text(l) }.joined(separator: ", ")
        }
    }
}

extension Renumbering {
    /// `line 7 (made here) is now line 9` in the language (`linje 7 (lavet her) er nu linje 9`).
    public func text(_ language: Language) -> String {
        let w = Words(language)
        return w(.histRenumbered, HistoryText.recordKind(kind, w), "\(from)", "\(to)")
    }
}

extension HistoryText {
    /// A kind of numbered record (`Project.counters`) in the language.
    static func recordKind(_ kind: String, _ w: Words) -> String {
        switch kind {
        case "line": return w[.recordLine]
        case "hours": return w[.recordHours]
        case "advance": return w[.recordAdvance]
        case "supplement": return w[.recordSupplement]
        case "extra": return w[.recordExtraWork]
        case "photo": return w[.recordPhoto]
        default: return kind
        }
    }

    /// A stored time (UTC, `2026-11-27T13:05:00Z`) in local time, to the minute:
    /// `2026-11-27 14:05` (the zone of `TZ`, else the system's). A time not in that form is shown
    /// as it is stored.
    public static func time(_ stored: String) -> String {
        let b = Array(stored.utf8)
        guard b.count == 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"), b[19] == UInt8(ascii: "Z") else { return stored }
        func number(_ range: Range<Int>) -> Int32? {
            var n: Int32 = 0
            for i in range {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                n = n * 10 + Int32(b[i] - 48)
            }
            return n
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return stored }
        var utc = tm()
        utc.tm_year = year - 1900
        utc.tm_mon = month - 1
        utc.tm_mday = day
        utc.tm_hour = hour
        utc.tm_min = minute
        utc.tm_sec = second
        var t = timegm(&utc)
        var local = tm()
        tzset()
        guard localtime_r(&t, &local) != nil else { return stored }
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let y = String(local.tm_year + 1900)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + two(local.tm_mon + 1) + "-" + two(local.tm_mday)
            + " " + two(local.tm_hour) + ":" + two(local.tm_min)
    }
}
