import AkkordSupport
import AkkordModel
import AkkordStore

/// One store on many machines, through git (SPEC §14): `sync init`, `sync clone`, `sync`,
/// `sync status`. git is found on the `PATH` of `environment` (2.38 or later); `executable` is
/// this akkord's absolute path, which the merge driver registered in `.git/config` runs.
extension Workspace {
    private func git(_ environment: [String: String]) throws -> Git { try Git.find(environment: environment, directory: store.directory) }

    /// Who a sync's history entries and commits name: config `name`, else git's `user.name`,
    /// else the login name.
    static func syncName(configName: String?, git: Git) -> String {
        if let configName, !configName.isEmpty { return configName }
        if let out = try? git.run(["config", "user.name"], check: false), out.status == 0, !out.line.isEmpty { return out.line }
        return StoreSync.loginName()
    }

    /// Who a change in the store in `directory` is recorded as made by, when the store is shared
    /// through git (it has `.git`): config `name`, else git's `user.name`, else the login name
    /// (also without git). nil for a store of one machine, whose history names no one.
    /// `configName` is asked only for a shared store (a store of one machine never reads it).
    public static func historyAuthor(storeDirectory directory: String, configName: () -> String?, environment: [String: String]) -> String? {
        guard FileIO.isDirectory(directory + "/.git") else { return nil }
        // A configured name needs no git (nor a search of PATH for it).
        if let name = configName(), !name.isEmpty { return name }
        guard let git = try? Git.find(environment: environment, directory: directory, checkingVersion: false) else { return StoreSync.loginName() }
        return syncName(configName: nil, git: git.inDirectory(directory))
    }

    /// `akkord sync init [REMOTE]`: the store's commit after it, and whether it was pushed.
    public func syncInit(remote: String?, environment: [String: String], executable: String, name: String?) throws -> (commit: String?, pushed: Bool) {
        let git = try git(environment)
        let time = clock.timestamp
        // Not while a sync of the store runs (it fetches and pushes without the store's lock).
        let syncLock = FileIO.isDirectory(store.directory + "/.git") ? try StoreSync.lockSyncs(in: store.directory, timeout: store.lockTimeout) : nil
        defer { withExtendedLifetime(syncLock) {} }
        return try store.exclusively {
            try StoreSync(store: store, git: git).initialize(remote: remote, driver: StoreSharing.driverCommand(executable: executable), name: name, time: time)
        }
    }

    /// `akkord sync clone REMOTE`: this workspace's store directory made from the office's.
    public func syncClone(remote: String, environment: [String: String], executable: String, name: String?) throws {
        try StoreSync.clone(remote: remote, into: store.directory, git: try git(environment),
                            driver: StoreSharing.driverCommand(executable: executable), name: name, time: clock.timestamp)
    }

    /// `akkord sync [--dry-run] [--keep mine|theirs [-p ID]]`.
    public func sync(environment: [String: String], executable: String, name: String?, keep: MergeSide?, keepProject: String?, dryRun: Bool) throws -> SyncReport {
        let git = try git(environment)
        let by = Self.syncName(configName: name, git: git)
        let options = StoreSync.Options(keep: keep, keepProject: keepProject, dryRun: dryRun, by: by, time: clock.timestamp, command: command)
        return try StoreSync(store: store, git: git).sync(options, driver: StoreSharing.driverCommand(executable: executable), name: name)
    }

    /// `akkord sync status`.
    public func syncStatus(environment: [String: String]) throws -> SyncStatus {
        let git = try git(environment)
        return try store.shared { try StoreSync(store: store, git: git).status() }
    }
}
