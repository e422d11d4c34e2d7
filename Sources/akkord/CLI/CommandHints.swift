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
}
