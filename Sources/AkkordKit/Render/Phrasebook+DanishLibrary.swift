extension Phrasebook {
    /// The library's sentences in Danish: errors of reading files and data, refused changes (see `Phrasebook`).
    static let danishLibraryText = #"""
"""#
}
