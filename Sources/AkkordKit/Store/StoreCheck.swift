/// `akkord check`: reads every store file, validates it, recomputes totals, and lists every
/// problem found (each with the file and the place in it). Reads only.
extension Store {
    public struct CheckReport: Sendable {
        public var filesRead = 0
        public var projects = 0
        public var problems: [String] = []
    }

    public func check() -> CheckReport {
        var report = CheckReport()
        func note(_ error: Error) {
            if let e = error as? InvalidDataError { report.problems += e.problems.map { "\(e.source): \($0)" } } else {
                report.problems.append("\(error)")
            }
        }
        var current: String?
        if FileIO.exists(stateFile) {
            report.filesRead += 1
            do { current = try loadState().currentProject } catch { note(error) }
        }
        if FileIO.exists(catalogueFile) {
            report.filesRead += 1
            do { _ = try loadCatalogue() } catch { note(error) }
        }
        var ids: [String] = []
        do { ids = try projectIds() } catch { note(error) }
        var photosInUse = Set<String>()
        for id in ids {
            report.filesRead += 1
            do {
                let p = try loadProject(id)
                report.projects += 1
                for (i, photo) in p.photos.enumerated() {
                    photosInUse.insert(photo.file)
                    if !PhotoFile.isValidStoredName(photo.file) {
                        report.problems.append("\(projectFile(id)): photos[\(i)].file: \"\(photo.file)\" is not a stored photo name")
                    } else if !FileIO.exists(photosDirectory + "/" + photo.file) {
                        report.problems.append("\(projectFile(id)): photos[\(i)].file: \(photosDirectory)/\(photo.file) is missing")
                    }
                }
            } catch { note(error) }
        }
        if let current, !ids.contains(current) {
            report.problems.append("\(stateFile): currentProject: no project \"\(current)\"")
        }
        return report
    }
}
