import AkkordSupport
import AkkordModel
import AkkordStore

/// One store on many machines, through git (SPEC §14): `sync init`, `sync clone`, `sync`,
/// `sync status`. git is found by the caller (`Git.find`) and given here.
extension Workspace {
    /// Who a sync's history entries and commits name: config `name`, else git's `user.name`,
    /// else the login name.
    public static func syncName(configName: String?, git: Git) -> String {
        if let configName, !configName.isEmpty { return configName }
        if let out = try? git.run(["config", "user.name"], check: false), out.status == 0, !out.line.isEmpty { return out.line }
        return StoreSync.loginName()
    }

    /// `akkord sync init [REMOTE]`; `driver` is the merge driver's command (`StoreSharing.driverCommand`).
    public func syncInit(remote: String?, git: Git, driver: String, name: String?) throws -> (commit: String?, pushed: Bool) {
        let time = clock.timestamp
        return try store.exclusively {
            try StoreSync(store: store, git: git).initialize(remote: remote, driver: driver, name: name, time: time)
        }
    }

    /// `akkord sync clone REMOTE`: this workspace's store directory made from the office's.
    public func syncClone(remote: String, git: Git, driver: String, name: String?) throws {
        try StoreSync.clone(remote: remote, into: store.directory, git: git, driver: driver, name: name, time: clock.timestamp)
    }

    /// `akkord sync [--dry-run] [--keep mine|theirs [--project ID]]`.
    public func sync(git: Git, driver: String, name: String?, keep: MergeSide?, keepProject: String?, dryRun: Bool) throws -> SyncReport {
        let by = Self.syncName(configName: name, git: git.inDirectory(store.directory))
        let options = StoreSync.Options(keep: keep, keepProject: keepProject, dryRun: dryRun, by: by, time: clock.timestamp, command: command)
        return try store.exclusively {
            let sync = StoreSync(store: store, git: git)
            try store.storeRequirement()
            if !dryRun, FileIO.exists(store.directory + "/.git") { try sync.setUp(driver: driver, name: name) }
            return try sync.sync(options)
        }
    }

    /// `akkord sync status`.
    public func syncStatus(git: Git) throws -> SyncStatus {
        try store.shared { try StoreSync(store: store, git: git).status() }
    }
}
