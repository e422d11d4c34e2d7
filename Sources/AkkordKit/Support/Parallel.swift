#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work over many independent items spread over the machine's cores (POSIX threads: the library
/// uses neither Foundation nor Dispatch): `check` reads 20,000 project files, each on its own.
public enum Parallel {
    /// The number of cores online (at least 1).
    public static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `body(i)` for every i in 0..<count, in order, computed on up to `threads` threads, each
    /// taking the next items as it is free. `body` may touch nothing shared but what is safe to
    /// share (it is `@Sendable`). With one thread, or few items, it runs on the caller's.
    public static func map<T: Sendable>(_ count: Int, threads: Int = Parallel.cores, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        let threads = min(threads, count / 64 + 1)
        guard threads > 1 else { return (0..<count).map(body) }
        let job = Job(count: count, body: body)
        var started: [WorkerThread] = []
        for _ in 1..<threads {
            if let thread = WorkerThread.start({ job.run() }) { started.append(thread) }
        }
        job.run()
        for thread in started { thread.join() }
        return job.results()
    }

    /// The items, the next one free (under a mutex) and each result in its slot.
    /// Not immutable, hence `@unchecked`: `next` is read and written only under `lock`; each slot
    /// is written by the one thread that took its item and read by `results()` only after every
    /// worker was joined (`pthread_join` orders those writes before the read); `count` and `body`
    /// never change.
    private final class Job<T: Sendable>: @unchecked Sendable {
        let count: Int
        let body: @Sendable (Int) -> T
        private var next = 0
        private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let slots: UnsafeMutablePointer<T?>

        init(count: Int, body: @escaping @Sendable (Int) -> T) {
            self.count = count
            self.body = body
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil, count: count)
            lock.initialize(to: pthread_mutex_t())
            pthread_mutex_init(lock, nil)
        }

        deinit {
            slots.deinitialize(count: count)
            slots.deallocate()
            pthread_mutex_destroy(lock)
            lock.deallocate()
        }

        /// Takes items 16 at a time until none is left.
        func run() {
            while true {
                pthread_mutex_lock(lock)
                let start = next
                next = min(count, next + 16)
                pthread_mutex_unlock(lock)
                guard start < count else { return }
                for i in start..<min(count, start + 16) { slots[i] = body(i) }
            }
        }

        func results() -> [T] { (0..<count).map { slots[$0]! } }
    }
}

/// A POSIX thread running one closure. `@unchecked`: `body` never changes; `id` is written by
/// `pthread_create` before `start` returns and read only by `join`, on the thread that started it.
private final class WorkerThread: @unchecked Sendable {
    let body: @Sendable () -> Void
    #if canImport(Darwin)
    var id: pthread_t? = nil
    #else
    var id = pthread_t()
    #endif

    private init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    /// The thread running `body`, or nil when none could be started (the caller's thread then
    /// does that share of the work).
    static func start(_ body: @escaping @Sendable () -> Void) -> WorkerThread? {
        let thread = WorkerThread(body)
        let context = Unmanaged.passRetained(thread).toOpaque()
        guard pthread_create(&thread.id, nil, workerThreadMain, context) == 0 else {
            Unmanaged<WorkerThread>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    func join() {
        #if canImport(Darwin)
        if let id { pthread_join(id, nil) }
        #else
        pthread_join(id, nil)
        #endif
    }
}

#if canImport(Darwin)
private func workerThreadMain(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<WorkerThread>.fromOpaque(context).takeRetainedValue().body()
    return nil
}
#else
private func workerThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    if let context { Unmanaged<WorkerThread>.fromOpaque(context).takeRetainedValue().body() }
    return nil
}
#endif
