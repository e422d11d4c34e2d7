import Foundation
import XCTest
@testable import AkkordKit

/// Each kind of described change (`HistoryChange`, SPEC §15): the English text the entry keeps
/// (word for word what akkord wrote before changes were described), the stored JSON object, and
/// the change as `history` and `undo` show it in en and in da. Every expected string is written
/// by hand.
final class HistoryTextTests: XCTestCase {
    struct Case {
        let change: HistoryChange
        /// The English text stored in `changes`.
        let text: String
        /// The stored object (`details[]`).
        let json: String
        let en: String
        let da: String
    }

    static func q(_ s: String) -> Quantity { try! Quantity(parsing: s) }
    static func p(_ s: String) -> UnitPrice { try! UnitPrice(parsing: s) }
    static func m(_ s: String) -> Money { try! Money(parsing: s) }
    static func h(_ s: String) -> Hours { try! Hours(parsing: s) }
    static func pct(_ s: String) -> Percent { try! Percent(parsing: s) }

    static let measuredLine = HistoryChange.LineFigures(id: 15, pos: "2.01", name: "Underpap, sømmet", quantity: q("100.6"), unit: "m2",
                                                        price: p("38.50"), amount: m("3873.10"), measurement: "12,4*8,2 - 1,2*0,9")

    static let cases: [Case] = [
        Case(change: .lineAdded(measuredLine),
             text: "line 15 added: 2.01 Underpap, sømmet, 100.6 m2 (measured 12,4*8,2 - 1,2*0,9) × 38.50 = 3873.10",
             json: #"{"what": "lineAdded", "id": 15, "pos": "2.01", "name": "Underpap, sømmet", "quantity": "100.6", "unit": "m2", "price": "38.50", "amount": "3873.10", "measurement": "12,4*8,2 - 1,2*0,9"}"#,
             en: "line 15 added: 2.01 Underpap, sømmet, 100.6 m2 (measured 12,4*8,2 - 1,2*0,9) × 38.50 = 3,873.10",
             da: "linje 15 tilføjet: 2.01 Underpap, sømmet, 100,6 m² (opmålt 12,4*8,2 - 1,2*0,9) × 38,50 = 3.873,10"),
        Case(change: .lineRemoved(.init(id: 3, pos: "X3", name: "Mosfjernelse", quantity: q("12"), unit: "pcs", price: p("1250"), amount: m("15000"))),
             text: "line 3 removed: X3 Mosfjernelse, 12 pcs × 1250.00 = 15000.00",
             json: #"{"what": "lineRemoved", "id": 3, "pos": "X3", "name": "Mosfjernelse", "quantity": "12", "unit": "pcs", "price": "1250.00", "amount": "15000.00"}"#,
             en: "line 3 removed: X3 Mosfjernelse, 12 pcs × 1,250.00 = 15,000.00",
             da: "linje 3 fjernet: X3 Mosfjernelse, 12 stk × 1.250,00 = 15.000,00"),
        Case(change: .lineChanged(line: 1, .quantity(old: q("12.5"), new: q("1234.5"), measurement: "1000+234,5")),
             text: "line 1 quantity: 12.5 → 1234.5 (measured 1000+234,5)",
             json: #"{"what": "lineChanged", "id": 1, "field": "quantity", "old": "12.5", "new": "1234.5", "measurement": "1000+234,5"}"#,
             en: "line 1 quantity: 12.5 → 1,234.5 (measured 1000+234,5)",
             da: "linje 1 mængde: 12,5 → 1.234,5 (opmålt 1000+234,5)"),
        Case(change: .lineChanged(line: 1, .quantity(old: q("12.5"), new: q("10"), measurement: nil)),
             text: "line 1 quantity: 12.5 → 10",
             json: #"{"what": "lineChanged", "id": 1, "field": "quantity", "old": "12.5", "new": "10"}"#,
             en: "line 1 quantity: 12.5 → 10",
             da: "linje 1 mængde: 12,5 → 10"),
        Case(change: .lineChanged(line: 2, .note(old: "", new: "nord side")),
             text: "line 2 note: \"\" → \"nord side\"",
             json: #"{"what": "lineChanged", "id": 2, "field": "note", "old": "", "new": "nord side"}"#,
             en: "line 2 note: \"\" → \"nord side\"",
             da: "linje 2 bemærkning: \"\" → \"nord side\""),
        Case(change: .lineChanged(line: 4, .price(old: p("38.50"), new: p("1039.0425"))),
             text: "line 4 price: 38.50 → 1039.0425",
             json: #"{"what": "lineChanged", "id": 4, "field": "price", "old": "38.50", "new": "1039.0425"}"#,
             en: "line 4 price: 38.50 → 1,039.0425",
             da: "linje 4 pris: 38,50 → 1.039,0425"),
        Case(change: .lineChanged(line: 4, .amount(old: m("481.25"), new: m("12988"))),
             text: "line 4 amount: 481.25 → 12988.00",
             json: #"{"what": "lineChanged", "id": 4, "field": "amount", "old": "481.25", "new": "12988.00"}"#,
             en: "line 4 amount: 481.25 → 12,988.00",
             da: "linje 4 beløb: 481,25 → 12.988,00"),
        Case(change: .lineChanged(line: 5, .date(old: nil, new: "2026-05-04")),
             text: "line 5 date: - → 2026-05-04",
             json: #"{"what": "lineChanged", "id": 5, "field": "date", "old": null, "new": "2026-05-04"}"#,
             en: "line 5 date: - → 2026-05-04",
             da: "linje 5 dato: - → 2026-05-04"),
        Case(change: .lineChanged(line: 5, .section(old: "", new: "Tagpap")),
             text: "line 5 section: \"\" → \"Tagpap\"",
             json: #"{"what": "lineChanged", "id": 5, "field": "section", "old": "", "new": "Tagpap"}"#,
             en: "line 5 section: \"\" → \"Tagpap\"",
             da: "linje 5 afsnit: \"\" → \"Tagpap\""),
        Case(change: .lineRepriced(line: 3, pos: "2.01", oldPrice: p("38.50"), newPrice: p("39.04"), oldAmount: m("4812.50"), newAmount: m("4880")),
             text: "line 3 (2.01): price 38.50 → 39.04, amount 4812.50 → 4880.00",
             json: #"{"what": "lineRepriced", "id": 3, "pos": "2.01", "oldPrice": "38.50", "newPrice": "39.04", "oldAmount": "4812.50", "newAmount": "4880.00"}"#,
             en: "line 3 (2.01): price 38.50 → 39.04, amount 4,812.50 → 4,880.00",
             da: "linje 3 (2.01): pris 38,50 → 39,04, beløb 4.812,50 → 4.880,00"),
        Case(change: .catalogueChanged(oldName: "Handbook", oldEdition: "2026-1", newName: "Handbook", newEdition: "2026-1+1.4%"),
             text: "catalogue edition: 2026-1 → 2026-1+1.4%",
             json: #"{"what": "catalogueChanged", "oldName": "Handbook", "oldEdition": "2026-1", "newName": "Handbook", "newEdition": "2026-1+1.4%"}"#,
             en: "catalogue edition: 2026-1 → 2026-1+1.4%",
             da: "prislistens udgave: 2026-1 → 2026-1+1.4%"),
        Case(change: .catalogueChanged(oldName: "", oldEdition: "", newName: "Tagprisliste", newEdition: "2"),
             text: "catalogue: \"\" edition - → \"Tagprisliste\" edition 2",
             json: #"{"what": "catalogueChanged", "oldName": "", "oldEdition": "", "newName": "Tagprisliste", "newEdition": "2"}"#,
             en: "catalogue: \"\" edition - → \"Tagprisliste\" edition 2",
             da: "prisliste: \"\" udgave - → \"Tagprisliste\" udgave 2"),
        Case(change: .projectCreated(id: "tagvej-3", name: "Tagvej 3"),
             text: "project \"tagvej-3\" created: Tagvej 3",
             json: #"{"what": "projectCreated", "id": "tagvej-3", "name": "Tagvej 3"}"#,
             en: "project \"tagvej-3\" created: Tagvej 3",
             da: "projekt \"tagvej-3\" oprettet: Tagvej 3"),
        Case(change: .projectChanged(.customer, old: "", new: "Boligselskabet Syd"),
             text: "customer: \"\" → \"Boligselskabet Syd\"",
             json: #"{"what": "projectChanged", "field": "customer", "old": "", "new": "Boligselskabet Syd"}"#,
             en: "customer: \"\" → \"Boligselskabet Syd\"",
             da: "bygherre: \"\" → \"Boligselskabet Syd\""),
        Case(change: .projectChanged(.end, old: nil, new: "2026-06-30"),
             text: "end: - → 2026-06-30",
             json: #"{"what": "projectChanged", "field": "end", "old": null, "new": "2026-06-30"}"#,
             en: "end: - → 2026-06-30",
             da: "slut: - → 2026-06-30"),
        Case(change: .statusChanged(old: .open, new: .closed),
             text: "status: open → closed",
             json: #"{"what": "statusChanged", "old": "open", "new": "closed"}"#,
             en: "status: open → closed",
             da: "status: åben → afsluttet"),
        Case(change: .projectRestored(file: "trash/tag.2.json", renamed: .init(id: "tag-2", was: "tag")),
             text: "restored from the trash (trash/tag.2.json) as \"tag-2\", was \"tag\"",
             json: #"{"what": "projectRestored", "file": "trash/tag.2.json", "id": "tag-2", "was": "tag"}"#,
             en: "restored from the trash (trash/tag.2.json) as \"tag-2\", was \"tag\"",
             da: "hentet tilbage fra papirkurven (trash/tag.2.json) som \"tag-2\", hed \"tag\""),
        Case(change: .projectRestored(file: "trash/tag.json", renamed: nil),
             text: "restored from the trash (trash/tag.json)",
             json: #"{"what": "projectRestored", "file": "trash/tag.json"}"#,
             en: "restored from the trash (trash/tag.json)",
             da: "hentet tilbage fra papirkurven (trash/tag.json)"),
        Case(change: .bundleImported(id: "tag-2", file: "tag.akkord", exportedAs: "tag", replaced: false),
             text: "project \"tag-2\" imported from the bundle tag.akkord (exported as \"tag\")",
             json: #"{"what": "bundleImported", "id": "tag-2", "file": "tag.akkord", "exportedAs": "tag"}"#,
             en: "project \"tag-2\" imported from the bundle tag.akkord (exported as \"tag\")",
             da: "projekt \"tag-2\" importeret fra pakken tag.akkord (eksporteret som \"tag\")"),
        Case(change: .bundleImported(id: "tag", file: "v2.akkord", exportedAs: nil, replaced: true),
             text: "project \"tag\" replaced from the bundle v2.akkord; the previous version is in the trash",
             json: #"{"what": "bundleReplaced", "id": "tag", "file": "v2.akkord"}"#,
             en: "project \"tag\" replaced from the bundle v2.akkord; the previous version is in the trash",
             da: "projekt \"tag\" erstattet fra pakken v2.akkord; den tidligere udgave ligger i papirkurven"),
        Case(change: .workerAdded(id: "jens-hansen", name: "Jens Hansen", apprentice: false, rate: nil),
             text: "worker jens-hansen added: Jens Hansen, journeyman",
             json: #"{"what": "workerAdded", "id": "jens-hansen", "name": "Jens Hansen", "apprentice": false}"#,
             en: "worker jens-hansen added: Jens Hansen, journeyman",
             da: "medarbejder jens-hansen tilføjet: Jens Hansen, svend"),
        Case(change: .workerAdded(id: "ali", name: "Ali", apprentice: true, rate: p("1128.40")),
             text: "worker ali added: Ali, apprentice at 1128.40/h",
             json: #"{"what": "workerAdded", "id": "ali", "name": "Ali", "apprentice": true, "rate": "1128.40"}"#,
             en: "worker ali added: Ali, apprentice at 1,128.40/h",
             da: "medarbejder ali tilføjet: Ali, lærling til 1.128,40/t"),
        Case(change: .workerRemoved(id: "bo", name: "Bo Ørsted"),
             text: "worker bo removed: Bo Ørsted",
             json: #"{"what": "workerRemoved", "id": "bo", "name": "Bo Ørsted"}"#,
             en: "worker bo removed: Bo Ørsted",
             da: "medarbejder bo fjernet: Bo Ørsted"),
        Case(change: .hoursAdded(id: 4, worker: "jens-hansen", hours: h("7:20"), date: "2026-05-05"),
             text: "hours 4 added: jens-hansen 7:20 h on 2026-05-05",
             json: #"{"what": "hoursAdded", "id": 4, "worker": "jens-hansen", "hours": "7:20", "date": "2026-05-05"}"#,
             en: "hours 4 added: jens-hansen 7:20 (7.33 h) on 2026-05-05",
             da: "timer 4 tilføjet: jens-hansen 7:20 (7,33 t) den 2026-05-05"),
        Case(change: .hoursRemoved(id: 3, worker: "jens-hansen", hours: h("1234.5")),
             text: "hours 3 removed: jens-hansen 1234.5 h",
             json: #"{"what": "hoursRemoved", "id": 3, "worker": "jens-hansen", "hours": "1234.5"}"#,
             en: "hours 3 removed: jens-hansen 1234:30 (1,234.50 h)",
             da: "timer 3 fjernet: jens-hansen 1234:30 (1.234,50 t)"),
        Case(change: .advanceAdded(id: 1, worker: "jens-hansen", amount: m("1500"), hours: nil, rate: nil, correction: false, date: "2026-05-04"),
             text: "advance 1 added: jens-hansen 1500.00 on 2026-05-04",
             json: #"{"what": "advanceAdded", "id": 1, "worker": "jens-hansen", "amount": "1500.00", "date": "2026-05-04"}"#,
             en: "advance 1 added: jens-hansen 1,500.00 on 2026-05-04",
             da: "aconto 1 tilføjet: jens-hansen 1.500,00 den 2026-05-04"),
        Case(change: .advanceAdded(id: 2, worker: "jens-hansen", amount: m("-200"), hours: nil, rate: nil, correction: true, date: "2026-05-06"),
             text: "advance 2 added: jens-hansen -200.00 (correction) on 2026-05-06",
             json: #"{"what": "advanceAdded", "id": 2, "worker": "jens-hansen", "amount": "-200.00", "correction": true, "date": "2026-05-06"}"#,
             en: "advance 2 added: jens-hansen -200.00 (correction) on 2026-05-06",
             da: "aconto 2 tilføjet: jens-hansen -200,00 (rettelse) den 2026-05-06"),
        Case(change: .advanceAdded(id: 3, worker: "jens-hansen", amount: m("5550"), hours: h("37"), rate: p("150"), correction: false, date: "2026-05-08"),
             text: "advance 3 added: jens-hansen 37.00 h × 150.00 = 5550.00 on 2026-05-08",
             json: #"{"what": "advanceAdded", "id": 3, "worker": "jens-hansen", "amount": "5550.00", "hours": "37", "rate": "150.00", "date": "2026-05-08"}"#,
             en: "advance 3 added: jens-hansen 37:00 (37.00 h) × 150.00 = 5,550.00 on 2026-05-08",
             da: "aconto 3 tilføjet: jens-hansen 37:00 (37,00 t) × 150,00 = 5.550,00 den 2026-05-08"),
        Case(change: .advanceRemoved(id: 1, worker: "jens-hansen", amount: m("1500")),
             text: "advance 1 removed: jens-hansen 1500.00",
             json: #"{"what": "advanceRemoved", "id": 1, "worker": "jens-hansen", "amount": "1500.00"}"#,
             en: "advance 1 removed: jens-hansen 1,500.00",
             da: "aconto 1 fjernet: jens-hansen 1.500,00"),
        Case(change: .supplementAdded(id: 1, name: "Højde", percent: pct("4,5"), scope: .all),
             text: "supplement 1 added: Højde 4.5 %",
             json: #"{"what": "supplementAdded", "id": 1, "name": "Højde", "percent": "4.5"}"#,
             en: "supplement 1 added: Højde 4.5 %",
             da: "tillæg 1 tilføjet: Højde 4,5 %"),
        Case(change: .supplementAdded(id: 2, name: "Vinter", percent: pct("10"), scope: .init(sections: ["Tagpap"], lines: [1, 3])),
             text: "supplement 2 added: Vinter 10 % on section Tagpap and lines 1, 3",
             json: #"{"what": "supplementAdded", "id": 2, "name": "Vinter", "percent": "10", "sections": ["Tagpap"], "lines": [1, 3]}"#,
             en: "supplement 2 added: Vinter 10 % on section Tagpap; lines 1, 3",
             da: "tillæg 2 tilføjet: Vinter 10 % på afsnit Tagpap; linjer 1, 3"),
        Case(change: .supplementRemoved(id: 2, name: "Vinter", percent: pct("12.5")),
             text: "supplement 2 removed: Vinter 12.5 %",
             json: #"{"what": "supplementRemoved", "id": 2, "name": "Vinter", "percent": "12.5"}"#,
             en: "supplement 2 removed: Vinter 12.5 %",
             da: "tillæg 2 fjernet: Vinter 12,5 %"),
        Case(change: .extraWorkAdded(id: 1, text: "Inddækning", number: "17", pricing: .amount(m("1850")), amount: m("1850")),
             text: "extra work 1 added: Inddækning (agreement 17), agreed 1850.00",
             json: #"{"what": "extraWorkAdded", "id": 1, "text": "Inddækning", "number": "17", "amount": "1850.00"}"#,
             en: "extra work 1 added: Inddækning (agreement 17), agreed 1,850.00",
             da: "ekstraarbejde 1 tilføjet: Inddækning (aftaleseddel 17), aftalt 1.850,00"),
        Case(change: .extraWorkAdded(id: 2, text: "Mindre tagrende", number: "", pricing: .amount(m("-500")), amount: m("-500")),
             text: "extra work 2 added: Mindre tagrende, deduction -500.00",
             json: #"{"what": "extraWorkAdded", "id": 2, "text": "Mindre tagrende", "amount": "-500.00"}"#,
             en: "extra work 2 added: Mindre tagrende, deduction -500.00",
             da: "ekstraarbejde 2 tilføjet: Mindre tagrende, fradrag -500,00"),
        Case(change: .extraWorkAdded(id: 3, text: "Sne", number: "", pricing: .hourly(hours: h("3:30"), rate: p("342.50")), amount: m("1198.75")),
             text: "extra work 3 added: Sne, 3.5 h × 342.50 = 1198.75",
             json: #"{"what": "extraWorkAdded", "id": 3, "text": "Sne", "amount": "1198.75", "hours": "3.5", "rate": "342.50"}"#,
             en: "extra work 3 added: Sne, 3:30 (3.50 h) × 342.50 = 1,198.75",
             da: "ekstraarbejde 3 tilføjet: Sne, 3:30 (3,50 t) × 342,50 = 1.198,75"),
        Case(change: .extraWorkRemoved(id: 1, text: "Inddækning", amount: m("1850")),
             text: "extra work 1 removed: Inddækning 1850.00",
             json: #"{"what": "extraWorkRemoved", "id": 1, "text": "Inddækning", "amount": "1850.00"}"#,
             en: "extra work 1 removed: Inddækning 1,850.00",
             da: "ekstraarbejde 1 fjernet: Inddækning 1.850,00"),
        Case(change: .photoAdded(id: 1, originalName: "tag.jpg", caption: "Tagfod, nord", file: "ab12.jpg"),
             text: "photo 1 added: tag.jpg \"Tagfod, nord\" as ab12.jpg",
             json: #"{"what": "photoAdded", "id": 1, "originalName": "tag.jpg", "caption": "Tagfod, nord", "file": "ab12.jpg"}"#,
             en: "photo 1 added: tag.jpg \"Tagfod, nord\" as ab12.jpg",
             da: "foto 1 tilføjet: tag.jpg \"Tagfod, nord\" som ab12.jpg"),
        Case(change: .photoRemoved(id: 1, originalName: "tag.jpg"),
             text: "photo 1 removed: tag.jpg",
             json: #"{"what": "photoRemoved", "id": 1, "originalName": "tag.jpg"}"#,
             en: "photo 1 removed: tag.jpg",
             da: "foto 1 fjernet: tag.jpg"),
        // Times in local time: these run with TZ=Europe/Copenhagen (winter: UTC+1, summer: UTC+2).
        Case(change: .undo(time: "2026-11-27T13:05:00Z", command: "akkord add 2.01 5"),
             text: "undid the change of 2026-11-27T13:05:00Z (akkord add 2.01 5)",
             json: #"{"what": "undo", "time": "2026-11-27T13:05:00Z", "command": "akkord add 2.01 5"}"#,
             en: "undid the change of 2026-11-27 14:05 (akkord add 2.01 5)",
             da: "fortrød ændringen fra 2026-11-27 14:05 (akkord add 2.01 5)"),
        Case(change: .undo(time: "2026-07-31T22:30:00Z", command: "akkord edit 1 --note x"),
             text: "undid the change of 2026-07-31T22:30:00Z (akkord edit 1 --note x)",
             json: #"{"what": "undo", "time": "2026-07-31T22:30:00Z", "command": "akkord edit 1 --note x"}"#,
             en: "undid the change of 2026-08-01 00:30 (akkord edit 1 --note x)",
             da: "fortrød ændringen fra 2026-08-01 00:30 (akkord edit 1 --note x)"),
        Case(change: .undone(.lineAdded(measuredLine)),
             text: "undid: line 15 added: 2.01 Underpap, sømmet, 100.6 m2 (measured 12,4*8,2 - 1,2*0,9) × 38.50 = 3873.10",
             json: #"{"what": "undone", "change": {"what": "lineAdded", "id": 15, "pos": "2.01", "name": "Underpap, sømmet", "quantity": "100.6", "unit": "m2", "price": "38.50", "amount": "3873.10", "measurement": "12,4*8,2 - 1,2*0,9"}}"#,
             en: "undid: line 15 added: 2.01 Underpap, sømmet, 100.6 m2 (measured 12,4*8,2 - 1,2*0,9) × 38.50 = 3,873.10",
             da: "fortrudt: linje 15 tilføjet: 2.01 Underpap, sømmet, 100,6 m² (opmålt 12,4*8,2 - 1,2*0,9) × 38,50 = 3.873,10"),
        // An undone entry written before changes were described: its text as stored.
        Case(change: .undoneText("line 7 added: 2.01 Under felt, 1200 m2 × 38.50 = 46200.00"),
             text: "undid: line 7 added: 2.01 Under felt, 1200 m2 × 38.50 = 46200.00",
             json: #"{"what": "undone", "text": "line 7 added: 2.01 Under felt, 1200 m2 × 38.50 = 46200.00"}"#,
             en: "undid: line 7 added: 2.01 Under felt, 1200 m2 × 38.50 = 46200.00",
             da: "fortrudt: line 7 added: 2.01 Under felt, 1200 m2 × 38.50 = 46200.00"),
        Case(change: .demoBuilt, text: "demo project built", json: #"{"what": "demoBuilt"}"#,
             en: "demo project built", da: "demoprojektet er bygget"),
        Case(change: .merged(renumberings: [Renumbering(kind: "line", from: 7, to: 9), Renumbering(kind: "extra", from: 2, to: 3)]),
             text: "merged: line 7 (made here) is now line 9, extra 2 (made here) is now extra 3",
             json: #"{"what": "merged", "kinds": ["line", "extra"], "from": [7, 2], "to": [9, 3]}"#,
             en: "merged: line 7 (made here) is now line 9, extra work 2 (made here) is now extra work 3",
             da: "flettet: linje 7 (lavet her) er nu linje 9, ekstraarbejde 2 (lavet her) er nu ekstraarbejde 3"),
        Case(change: .merged(renumberings: []), text: "merged", json: #"{"what": "merged"}"#, en: "merged", da: "flettet"),
    ]

    /// Runs `body` with `TZ` set to `zone`, and puts it back after.
    static func inZone<T>(_ zone: String, _ body: () throws -> T) rethrows -> T {
        let old = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", zone, 1)
        tzset()
        defer {
            if let old { setenv("TZ", old, 1) } else { unsetenv("TZ") }
            tzset()
        }
        return try body()
    }

    func testEveryKindIsCovered() {
        let kinds = Set(Self.cases.map(\.change.kind))
        XCTAssertEqual(kinds, Set(HistoryChange.Kind.allCases), "a case of each kind of change")
    }

    func testTheStoredTextIsTheEnglishRecord() {
        for c in Self.cases { XCTAssertEqual(c.change.text, c.text) }
    }

    func testTheStoredObject() throws {
        for c in Self.cases {
            XCTAssertEqual(c.change.json, try JSONReader.parse(Array(c.json.utf8)), c.text)
        }
    }

    /// Each stored object decodes back to its change, by the reader's one decoder of them.
    func testTheStoredObjectDecodesToTheChange() throws {
        for c in Self.cases {
            let object = try XCTUnwrap(try JSONReader.parse(Array(c.json.utf8)).objectValue)
            var r = FieldReader(object: object, path: "details", index: 0, problems: [])
            XCTAssertEqual(ProjectCodec.decodeChange(&r), c.change, c.text)
            XCTAssertEqual(r.problems.map(\.description), [], c.text)
        }
    }

    func testShownInEnglish() {
        Self.inZone("Europe/Copenhagen") {
            for c in Self.cases { XCTAssertEqual(HistoryText.text(c.change, .en), c.en) }
        }
    }

    func testShownInDanish() {
        Self.inZone("Europe/Copenhagen") {
            for c in Self.cases { XCTAssertEqual(HistoryText.text(c.change, .da), c.da) }
        }
    }

    /// Stored times are UTC; they are shown in the local zone (`TZ`), to the minute. What is not
    /// a stored time is shown as it is.
    func testTimesAreShownInLocalTime() {
        Self.inZone("Europe/Copenhagen") {
            XCTAssertEqual(HistoryText.time("2026-11-27T13:05:00Z"), "2026-11-27 14:05", "winter: UTC+1")
            XCTAssertEqual(HistoryText.time("2026-06-15T13:05:59Z"), "2026-06-15 15:05", "summer: UTC+2")
            XCTAssertEqual(HistoryText.time("2026-12-31T23:30:00Z"), "2027-01-01 00:30", "into the next year")
            XCTAssertEqual(HistoryText.time("2026-03-29T00:59:00Z"), "2026-03-29 01:59", "before the change to summer time")
            XCTAssertEqual(HistoryText.time("2026-03-29T01:00:00Z"), "2026-03-29 03:00", "after it")
        }
        Self.inZone("UTC") { XCTAssertEqual(HistoryText.time("2026-11-27T13:05:00Z"), "2026-11-27 13:05") }
        Self.inZone("America/New_York") { XCTAssertEqual(HistoryText.time("2026-11-27T03:05:00Z"), "2026-11-26 22:05") }
        for odd in ["", "t", "2026-11-27 13:05", "2026-11-27T13:05:00", "2026-13-27T13:05:00Z", "2026-11-27T25:05:00Z", "2026-11-2xT13:05:00Z"] {
            XCTAssertEqual(HistoryText.time(odd), odd)
        }
    }

    /// An entry: its changes as described, or as stored when it has no descriptions.
    func testAnEntryShowsItsDescriptionsElseItsText() {
        let described = HistoryEntry(time: "2026-11-27T13:05:00Z", command: "akkord hours add jens 7:20", described: [Self.cases.first { $0.change.kind == .hoursAdded }!.change])
        XCTAssertEqual(HistoryText.changes(described, .da), ["timer 4 tilføjet: jens-hansen 7:20 (7,33 t) den 2026-05-05"])
        let old = HistoryEntry(time: "2026-05-04T06:00:00Z", command: "akkord hours add jens 7:20", changes: ["hours 4 added: jens-hansen 7:20 h on 2026-05-05"])
        XCTAssertEqual(HistoryText.changes(old, .da), ["hours 4 added: jens-hansen 7:20 h on 2026-05-05"])
        XCTAssertEqual(HistoryText.changes(old, .en), ["hours 4 added: jens-hansen 7:20 h on 2026-05-05"])
    }
}
