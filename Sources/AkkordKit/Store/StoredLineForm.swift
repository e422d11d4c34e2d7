import AkkordModel

extension LineView.JSONMembers {
    /// A line of the project file: with its section and date, without a measurement when it has
    /// none. `LineDecoder` reads this form straight through, and the readers that copy lines
    /// (`LinesInFile.writeJSON`, `LineWindow`) copy it, or cut it, byte for byte.
    package static let stored = Self(sectionAndDate: true, nullMeasurement: false)
}
