extension Phrasebook {
    /// The program's sentences in Danish: errors, hints, warnings and notes of the commands (see `Phrasebook`).
    static let danishCommandsText = #"""
"""#
}
