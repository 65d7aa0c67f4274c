#if canImport(Glibc)
import Glibc
#endif

/// Catches work that grows faster than the input: a reader is run on an input made for size n and
/// one made for 8n, and the times compared. Linear work takes about 8 times as long; quadratic
/// work 64 times. The bound is generous (the machine is shared, tests run side by side), and each
/// time is the fastest of a few runs.
public enum LinearGrowth {
    /// The ratio above which growth is taken to be worse than linear.
    public static let bound = 24.0

    /// How much longer `work` takes on `make(8n)` than on `make(n)`.
    public static func ratio<Input>(n: Int, make: (Int) -> Input, _ work: (Input) -> Void) -> Double {
        let small = make(n)
        let large = make(8 * n)
        work(small)  // warm caches and lazily built tables
        var best = Double.infinity
        // A noisy first measurement is measured again: only a ratio that stays high counts.
        for _ in 0..<3 {
            let r = fastest(3) { work(large) } / max(fastest(3) { work(small) }, 1e-6)
            best = min(best, r)
            if best < bound { break }
        }
        return best
    }

    /// CPU seconds the calling thread spent in the fastest of `repeats` runs. The thread's own CPU
    /// time, not the wall clock: other tests run beside these, and on a machine of two cores a
    /// busy neighbour stretched a wall-clock ratio from about 8 to 34. The inputs are read on the
    /// calling thread, below the readers' parallel piece sizes, except the largest TTML ones,
    /// whose XML is scanned in two halves from 256 KiB: the calling thread still scans its half,
    /// which grows as the whole does.
    public static func fastest(_ repeats: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<repeats {
            var start = timespec()
            var end = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
            body()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
            best = min(best, Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
        }
        return best
    }

    /// `piece` repeated `n` times, after `head` and before `tail`, as UTF-8.
    public static func repeated(_ piece: String, _ n: Int, head: String = "", tail: String = "") -> [UInt8] {
        var bytes = Array(head.utf8)
        let p = Array(piece.utf8)
        bytes.reserveCapacity(bytes.count + p.count * n + tail.utf8.count)
        for _ in 0..<n { bytes += p }
        bytes += tail.utf8
        return bytes
    }
}

/// An input shape for `LinearGrowth`: a name, a starting size and how to make the input of a size.
public struct GrowthShape: Sendable, CustomStringConvertible {
    public var name: String
    public var n: Int
    public var make: @Sendable (Int) -> [UInt8]

    public init(_ name: String, _ n: Int, _ make: @escaping @Sendable (Int) -> [UInt8]) {
        self.name = name
        self.n = n
        self.make = make
    }

    public var description: String { name }
}
