import AkkordKit

/// The commands a message suggests, in the user's language. The library's words name no
/// commands (the program decides what to suggest); these are appended to them.
enum CommandHints {
    /// After "no projects".
    static func createProject(_ language: Language) -> String {
        language == .da ? "; opret et med: akkord project new NAVN" : "; create one with: akkord project new NAME"
    }

    /// After the count of leftovers in `check`'s summary.
    static func fixLeftovers(_ count: Int, _ language: Language) -> String {
        switch language {
        case .en: return " (akkord check --fix removes \(count == 1 ? "it" : "them"))"
        case .da: return " (akkord check --fix fjerner \(count == 1 ? "den" : "dem"))"
        }
    }

    /// What `demo` ends with: how to start a job of one's own.
    static func afterDemo(_ language: Language) -> String {
        switch language {
        case .en:
            return """

            That was the sample job. Start your own:
              akkord project new "Vestergade 12"     a project for the job (it becomes the current one)
              akkord catalogue search under felt     find the activity and its pos number
              akkord add 2.01 12,5                   add 12.5 of pos 2.01 at the handbook's price
            then 'akkord lines', 'akkord worker add NAME', 'akkord hours add WORKER 37:30' and 'akkord report'.
            """
        case .da:
            return """

            Det var eksemplet. Start dit eget:
              akkord project new "Vestergade 12"     et projekt til jobbet (det bliver det aktuelle)
              akkord catalogue search underpap       find ydelsen og dens pos.-nummer
              akkord add 2.01 12,5                   tilføj 12,5 af pos. 2.01 til prislistens pris
            og så 'akkord lines', 'akkord worker add NAVN', 'akkord hours add MEDARBEJDER 37:30' og 'akkord report'.
            """
        }
    }

    /// The same on one line, for stderr when stdout holds JSON or another format.
    static func afterDemoShort(_ language: Language) -> String {
        language == .da
            ? "det var eksemplet; start dit eget med: akkord project new NAVN, akkord catalogue search ORD, akkord add POS MÆNGDE"
            : "that was the sample job; start your own with: akkord project new NAME, akkord catalogue search WORDS, akkord add POS QUANTITY"
    }
}
