#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

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
        var started: [pthread_t] = []
        for _ in 1..<threads {
            if let thread = startThread({ job.run() }) { started.append(thread) }
        }
        job.run()
        for thread in started { pthread_join(thread, nil) }
        return job.results()
    }

    /// The items: the next one free and each result in its slot, both behind one mutex (a
    /// worker takes 16 items at a time and files their results together).
    private final class Job<T: Sendable>: Sendable {
        let count: Int
        let body: @Sendable (Int) -> T
        private let state: Mutex<(next: Int, slots: [T?])>

        init(count: Int, body: @escaping @Sendable (Int) -> T) {
            self.count = count
            self.body = body
            state = Mutex((next: 0, slots: Array(repeating: nil, count: count)))
        }

        /// Takes items 16 at a time until none is left.
        func run() {
            while true {
                let start = state.withLock { s in
                    let start = s.next
                    s.next = min(count, start + 16)
                    return start
                }
                guard start < count else { return }
                let done = (start..<min(count, start + 16)).map(body)
                state.withLock { s in
                    for (k, result) in done.enumerated() { s.slots[start + k] = result }
                }
            }
        }

        /// Every result, once every worker was joined.
        func results() -> [T] { state.withLock { s in s.slots.map { $0! } } }
    }
}

/// What a started thread runs (immutable: Sendable as it is).
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// A POSIX thread running `body`, or nil when none could be started (the caller's thread then
/// does that share of the work).
private func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Darwin)
    var id: pthread_t? = nil
    #else
    var id = pthread_t()
    #endif
    guard pthread_create(&id, nil, threadMain, context) == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        return nil
    }
    return id
}

#if canImport(Darwin)
private func threadMain(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
#else
private func threadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    if let context { Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run() }
    return nil
}
#endif
