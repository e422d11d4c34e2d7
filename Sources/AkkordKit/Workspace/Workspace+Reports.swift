/// The final accounting of a project, in any format.
extension Workspace {
    public func report(_ id: String? = nil, format: ReportFormat, language: Language, holidayPay: Bool = false) throws -> RenderedReport {
        let project = try project(id)
        return try RenderedReport(project, format: format, language: language, holidayPay: holidayPay, photo: store.readPhoto)
    }

    /// The demo job's accounting, from a store of its own (made and removed here), on the bundled
    /// catalogue.
    public static func demoReport(format: ReportFormat, language: Language, clock: Clock) throws -> RenderedReport {
        let directory = try TemporaryDirectory.make(prefix: "akkord-demo")
        defer { TemporaryDirectory.remove(directory) }
        let workspace = Workspace(store: Store(directory: directory), clock: clock, command: "akkord demo")
        _ = try workspace.createDemoProject()
        return try workspace.report(DemoProject.id, format: format, language: language)
    }
}
