#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on the store, held for a whole read-modify-write.
final class StoreLock {
    private let fd: Int32

    /// Waits up to `timeout` seconds, then fails with `StoreBusyError`.
    init(path: String, timeout: Double) throws {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileIO.Failure.system(path: path, operation: "open the lock", message: FileIO.errnoMessage()) }
        var waited = 0.0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
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
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

/// The store's lock was not had in time: another akkord is working on the store.
public struct StoreBusyError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let seconds: Double
    public var description: String { "the store is busy: another akkord has held \(path) for \(Int(seconds)) s" }
}
