import AkkordModel

/// The sample job `akkord demo` accounts: ten catalogue lines and a custom one, two journeymen
/// and an apprentice, hours (one entry as H:MM), an advance, a supplement and extra work.
public enum DemoProject {
    public static let id = "demo-vestergade-12"

    public static func build(_ catalogue: Catalogue, today: String) throws -> Project {
        var p = Project(id: id, name: "Vestergade 12, Århus – new felt roof (demo)")
        p.address = "Vestergade 12, 8000 Aarhus C"
        p.employer = "Tag & Tæt ApS"
        p.customer = "A/B Vestergade 12"
        p.start = "2026-05-04"
        p.end = "2026-05-15"
        p.created = today
        p.catalogueName = catalogue.name
        p.catalogueEdition = catalogue.edition
        let lines: [(String, String)] = [
            ("1.01", "212,5"), ("1.05", "212,5"), ("3.01", "212,5"), ("3.02", "212,5"), ("2.03", "212,5"),
            ("2.04", "212,5"), ("2.07", "38,4"), ("2.09", "29,6"), ("6.06", "2"), ("5.08", "3"),
        ]
        for (pos, quantity) in lines {
            _ = p.addLine(try catalogue.requireActivity(pos: pos), quantity: try Quantity(parsing: quantity), date: "2026-05-06")
        }
        _ = p.addLine(Activity(pos: "X11", name: "Temporary rain cover over stairwell", unit: "pcs", price: try UnitPrice(parsing: "450")),
                      quantity: try Quantity(parsing: "1"), note: "agreed on site", date: "2026-05-07", custom: true)
        _ = p.addWorker(name: "Jens Hansen", apprentice: false, rate: nil)
        _ = p.addWorker(name: "Mette Sørensen", apprentice: false, rate: nil)
        _ = p.addWorker(name: "Ali Nielsen", apprentice: true, rate: try UnitPrice(parsing: "128.40"))
        _ = try p.addHours(worker: "jens-hansen", hours: try Hours(parsing: "74"), date: "2026-05-15", note: "")
        _ = try p.addHours(worker: "mette-soerensen", hours: try Hours(parsing: "66:20"), date: "2026-05-15", note: "")
        _ = try p.addHours(worker: "ali-nielsen", hours: try Hours(parsing: "60"), date: "2026-05-15", note: "")
        _ = try p.addAdvance(worker: "jens-hansen", amount: try Money(parsing: "8000"), date: "2026-05-08", note: "aconto week 19")
        _ = try p.addAdvance(worker: "mette-soerensen", amount: try Money(parsing: "8000"), date: "2026-05-08", note: "aconto week 19")
        _ = try p.addSupplement(name: "Height supplement, 4th floor", percent: try Percent(parsing: "4,5"))
        _ = p.addExtraWork(text: "Extra flashing at neighbour's wall (agreement 17)", pricing: .amount(try Money(parsing: "1850")))
        _ = p.addExtraWork(text: "Snow clearing before work (agreement 18)",
                           pricing: .hourly(hours: try Hours(parsing: "3:30"), rate: try UnitPrice(parsing: "342.50")))
        p.history.append(HistoryEntry(time: "", command: "akkord demo", described: [.demoBuilt]))
        return p
    }
}
