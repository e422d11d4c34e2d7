import AkkordSupport
import AkkordModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `flock` on the store's `.lock` file: exclusive for a whole read-modify-write, shared for a
/// command that only reads (so it never sees a project vanish between listing and reading it).
///
/// The lock file is opened without following a symbolic link (a `.lock` link would have akkord
/// create a file elsewhere), and after each `flock` the locked file must still be the one at the
/// path: one removed or replaced meanwhile is opened and locked again.
package final class StoreLock {
    private let fd: Int32
    let path: String

    /// Waits up to `timeout` seconds, then fails with `StoreBusyError`.
    package init(path: String, timeout: Double, shared: Bool = false) throws {
        self.path = path
        var waited = 0.0
        while true {
            let fd = open(path, (shared ? O_RDONLY : O_RDWR) | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                let code = errno
                if code == ELOOP { throw StoreFileError(path: path, problem: "is a symbolic link; akkord does not lock or write through links in the store") }
                throw FileIO.Failure.system(path: path, operation: "open the lock", message: FileIO.errnoMessage(code))
            }
            while flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK || errno == EINTR else {
                    let message = FileIO.errnoMessage()
                    close(fd)
                    throw FileIO.Failure.system(path: path, operation: "lock", message: message)
                }
                if waited >= timeout {
                    close(fd)
                    throw StoreBusyError(path: path, seconds: timeout)
                }
                usleep(10_000)
                waited += 0.01
            }
            if Self.isFile(fd, at: path) { self.fd = fd; return }
            // Removed or replaced while we waited: the lock we hold guards nothing.
            close(fd)
        }
    }

    /// Throws when the lock file was removed or replaced since it was locked: another akkord may
    /// then have locked a new file and be writing too, so this one must not write.
    package func verify() throws {
        guard Self.isFile(fd, at: path) else {
            throw StoreFileError(path: path, problem: "was removed or replaced while this command held it; nothing was written, run the command again")
        }
    }

    private static func isFile(_ fd: Int32, at path: String) -> Bool {
        var held = stat(), current = stat()
        guard fstat(fd, &held) == 0, lstat(path, &current) == 0 else { return false }
        return held.st_dev == current.st_dev && held.st_ino == current.st_ino && (current.st_mode & S_IFMT) == S_IFREG
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

/// The store's lock was not had in time: another akkord is working on the store.
public struct StoreBusyError: Equatable, PhrasedError {
    public let path: String
    public let seconds: Double
    public var phrase: Phrase { "the store is busy: another akkord has held \(path) for \(Self.seconds(seconds)) s" }

    static func seconds(_ s: Double) -> WaitedSeconds { WaitedSeconds(s) }
}
