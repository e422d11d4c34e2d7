/// `report --format html`: one self-contained page (no external files), every piece of user
/// text escaped, with print styles for A4.
public enum ReportHTML {
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    public static func render(_ p: Project, _ a: FinalAccounting, language l: Language) -> String {
        var h = """
        <!DOCTYPE html>
        <html lang="\(l == .da ? "da" : "en")">
        <head>
        <meta charset="utf-8">
        <title>Final accounting – \(escape(p.name))</title>
        <style>
        body { font-family: Helvetica, Arial, sans-serif; font-size: 10pt; color: #000; margin: 2em; }
        h1 { font-size: 16pt; margin: 0 0 .5em; }
        h2 { font-size: 12pt; margin: 1.5em 0 .4em; }
        table { border-collapse: collapse; width: 100%; }
        th, td { padding: 2px 6px; vertical-align: top; text-align: left; }
        thead th { border-bottom: 1px solid #000; }
        td.num, th.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
        tr.sum td { border-top: 1px solid #000; font-weight: bold; }
        dl { display: grid; grid-template-columns: 8em 1fr; margin: 0; }
        dt { font-weight: bold; } dd { margin: 0; }
        .warning { color: #a00; font-weight: bold; }
        .signatures { display: flex; gap: 2em; margin-top: 4em; }
        .signatures div { flex: 1; border-top: 1px solid #000; padding-top: .3em; }
        @page { size: A4; margin: 15mm; }
        @media print { body { margin: 0; } thead { display: table-header-group; } tr { page-break-inside: avoid; } }
        </style>
        </head>
        <body>
        <h1>Final accounting</h1>
        <dl>

        """
        for (k, v) in ReportText.header(p) { h += "<dt>\(escape(k))</dt><dd>\(escape(v))</dd>\n" }
        h += "</dl>\n<h2>Lines</h2>\n<table>\n<thead><tr><th>Pos</th><th>Activity</th><th class=\"num\">Quantity</th><th>Unit</th><th class=\"num\">Price</th><th class=\"num\">Amount</th></tr></thead>\n<tbody>\n"
        for line in a.lines {
            let name = escape(line.name) + (line.note.isEmpty ? "" : " <small>(\(escape(line.note)))</small>") + (line.custom ? " <small>(custom)</small>" : "")
            h += "<tr><td>\(escape(line.pos))</td><td>\(name)</td><td class=\"num\">\(line.quantity.formatted(l))</td><td>\(escape(line.unit))</td><td class=\"num\">\(line.price.formatted(l))</td><td class=\"num\">\(line.amount.formatted(l))</td></tr>\n"
        }
        h += "</tbody>\n</table>\n<h2>Total</h2>\n<table>\n<tbody>\n"
        h += "<tr><td>Subtotal</td><td>sum of line amounts</td><td class=\"num\">\(a.subtotal.formatted(l))</td></tr>\n"
        for s in a.supplements {
            h += "<tr><td>Supplement</td><td>\(escape(s.supplement.name)), \(s.supplement.percent.formatted(l)) % of \(a.subtotal.formatted(l))</td><td class=\"num\">\(s.amount.formatted(l))</td></tr>\n"
        }
        for e in a.extraWork {
            var what = escape(e.extra.text)
            if case .hourly(let hours, let rate) = e.extra.pricing { what += ", \(hours.formatted(l)) h × \(rate.formatted(l))" }
            h += "<tr><td>Extra work</td><td>\(what)</td><td class=\"num\">\(e.amount.formatted(l))</td></tr>\n"
        }
        h += "<tr class=\"sum\"><td>Total</td><td></td><td class=\"num\">\(a.total.formatted(l))</td></tr>\n"
        if a.apprenticePay.raw != 0 {
            h += "<tr><td>Apprentices</td><td>paid by the hour, out of the total</td><td class=\"num\">-\(a.apprenticePay.formatted(l))</td></tr>\n"
            h += "<tr class=\"sum\"><td>Pool</td><td>for the journeymen</td><td class=\"num\">\(a.pool.formatted(l))</td></tr>\n"
        }
        h += "</tbody>\n</table>\n<h2>Team</h2>\n"
        if !a.team.isEmpty {
            h += "<table>\n<thead><tr><th>Worker</th><th class=\"num\">Hours</th><th class=\"num\">Share</th><th class=\"num\">Advances</th><th class=\"num\">Balance</th></tr></thead>\n<tbody>\n"
            for t in a.team {
                let name = escape(t.worker.name) + (t.worker.apprentice ? " <small>(apprentice, \(t.worker.rate?.formatted(l) ?? "-")/h)</small>" : "")
                h += "<tr><td>\(name)</td><td class=\"num\">\(t.hours.formatted(l))</td><td class=\"num\">\(t.share?.formatted(l) ?? "–")</td><td class=\"num\">\(t.advances.formatted(l))</td><td class=\"num\">\(t.balance?.formatted(l) ?? "–")</td></tr>\n"
            }
            h += "</tbody>\n</table>\n"
        }
        if let earnings = a.hourlyEarnings {
            h += "<p>Journeyman hours \(a.journeymanHours.formatted(l)); hourly earnings \(earnings.formatted(l)) (pool / journeyman hours).</p>\n"
        }
        for w in a.warnings { h += "<p class=\"warning\">Warning: \(escape(w))</p>\n" }
        h += "<div class=\"signatures\"><div>Roofer</div><div>Employer</div><div>Union</div></div>\n</body>\n</html>\n"
        return h
    }
}
