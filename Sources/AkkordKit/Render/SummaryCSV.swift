import AkkordSupport
import AkkordModel
import AkkordAccounting

/// `summary --format csv`: the table `--by` chooses, then its totals row, in RFC 4180 as the CSV
/// report writes it: `en` with `,` and a decimal point; `da` with a UTF-8 BOM, `;`, a decimal
/// comma and Danish column titles. Numbers in plain form (no thousands grouping) so spreadsheets
/// read them as numbers; hours with 2 decimals; an empty cell where the hourly earnings are
/// missing (no journeyman hours). Text cells are made inert (`CSVField`).
///
/// Columns:
/// - project: Project, Name, Employer, Status, Start, End, Total, Apprentices, Pool,
///   Journeyman hours, Hourly earnings; totals row `TOTAL` with the sums and the overall hourly
///   earnings.
/// - worker: Worker, Projects (how many), Hours, Share, Advances, Balance; totals row `TOTAL`.
/// - employer: Employer (empty: none), Projects (how many), Total, Apprentices, Pool,
///   Journeyman hours, Hourly earnings; totals row `TOTAL` with the number of projects.
public enum SummaryCSV {
    public static func header(_ table: SummaryTable, language: Language) -> [String] {
        let w = Words(language)
        switch table {
        case .project:
            return [w[.project], w[.name], w[.employer], w[.status], w[.summaryStart], w[.summaryEnd], w[.summaryTotal], w[.apprentices],
                    w[.pool], w[.summaryJourneymanHours], w[.summaryHourlyEarnings]]
        case .worker:
            return [w[.worker], w[.summaryProjects], w[.hours], w[.share], w[.advances], w[.balance]]
        case .employer:
            return [w[.employer], w[.summaryProjects], w[.summaryTotal], w[.apprentices], w[.pool], w[.summaryJourneymanHours],
                    w[.summaryHourlyEarnings]]
        }
    }

    public static func render(_ s: ProjectsSummary, table: SummaryTable, language l: Language) -> String {
        let w = Words(l)
        let delimiter = l == .da ? ";" : ","
        func number<N: FixedPointNumber>(_ n: N?) -> String {
            guard let n else { return "" }
            return l == .da ? n.plain.replacing(".", with: ",") : n.plain
        }
        func hours(_ h: Hours) -> String { l == .da ? h.twoDecimalsPlain.replacing(".", with: ",") : h.twoDecimalsPlain }
        func status(_ st: Project.Status) -> String { w[st == .open ? .statusOpen : .statusClosed] }
        let t = s.totals
        var rows = [header(table, language: l)]
        switch table {
        case .project:
            for p in s.projects {
                rows.append([CSVField.inert(p.id), CSVField.inert(p.name), CSVField.inert(p.employer), status(p.status), p.start ?? "", p.end ?? "",
                             number(p.total), number(p.apprenticePay), number(p.pool), hours(p.journeymanHours), number(p.hourlyEarnings)])
            }
            rows.append([w[.total], "", "", "", "", "", number(t.total), number(t.apprenticePay), number(t.pool), hours(t.journeymanHours),
                         number(t.hourlyEarnings)])
        case .worker:
            for r in s.workers {
                rows.append([CSVField.inert(r.name), "\(r.projects.count)", hours(r.hours), number(r.share), number(r.advances), number(r.balance)])
            }
            rows.append([w[.total], "", hours(t.hours), number(t.share), number(t.advances), number(t.balance)])
        case .employer:
            for e in s.employers {
                rows.append([CSVField.inert(e.name), "\(e.projects.count)", number(e.total), number(e.apprenticePay), number(e.pool),
                             hours(e.journeymanHours), number(e.hourlyEarnings)])
            }
            rows.append([w[.total], "\(t.projects)", number(t.total), number(t.apprenticePay), number(t.pool), hours(t.journeymanHours),
                         number(t.hourlyEarnings)])
        }
        var out = l == .da ? ReportCSV.byteOrderMark : ""
        for row in rows { out += row.map { CSVField.quote($0, delimiter) }.joined(separator: delimiter) + "\r\n" }
        return out
    }
}
