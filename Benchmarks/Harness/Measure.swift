#if canImport(Glibc)
import Glibc
#endif

struct Benchmark {
    var name: String
    /// Input size, for throughput.
    var bytes: Int?
    /// Calls made by one run of `body`, for a per-call time (queries, frames).
    var calls: Int? = nil
    var body: () -> Void
}

enum Measure {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Two warm-up runs, then the median of `repeat` timed runs, in seconds.
    static func median(repeat count: Int, _ body: () -> Void) -> Double {
        body()
        body()
        var times: [Double] = []
        for _ in 0..<max(1, count) {
            let start = now()
            body()
            times.append(now() - start)
        }
        times.sort()
        return times[times.count / 2]
    }
}

enum FileHandleOutput {
    static func error(_ message: String) {
        let line = message + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
