import AkkordSupport
import AkkordModel
import AkkordRender
import AkkordStore

/// The final accounting of a project, in any format.
extension Workspace {
    public func report(_ id: String? = nil, format: ReportFormat, language: Language, holidayPay: Bool = false) throws -> RenderedReport {
        // The lines are read from the file as the report is written (after the lock is let go: the
        // file is mapped, and akkord replaces files by renaming, never in place).
        // The text report's column widths are gathered as the reader checks the lines.
        let widths = format == .text ? LineWidths(language) : nil
        let (project, lines) = try projectLines(id, forJSON: format == .json, measuring: widths)
        var report = try RenderedReport(project, lines: lines, format: format, language: language, holidayPay: holidayPay, widths: widths, photo: store.readPhoto)
        report.source = Store.projectFileName(project.id)
        return report
    }

    /// The demo job's accounting, from a store of its own (made and removed here), on the bundled
    /// catalogue.
    public static func demoReport(format: ReportFormat, language: Language, clock: Clock) throws -> RenderedReport {
        let directory = try TemporaryDirectory.make(prefix: "akkord-demo")
        defer { TemporaryDirectory.remove(directory) }
        let workspace = Workspace(store: Store(directory: directory), clock: clock, command: "akkord demo")
        _ = try workspace.createDemoProject()
        let project = try workspace.project(DemoProject.id)
        // The throwaway store is gone when the report is written: its photos are read now.
        var photos: [String: [UInt8]] = [:]
        for p in project.photos { photos[p.file] = workspace.store.readPhoto(p.file) }
        return try RenderedReport(project, format: format, language: language, photo: { photos[$0] })
    }
}
