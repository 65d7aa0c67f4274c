import Dispatch
public import TimedText

/// Runs `count` independent pieces of work on all cores and returns their results in order.
/// Readers and writers split large inputs with it (a 100,000-cue file reads in two halves on a
/// two-core machine); the one place that touches Dispatch.
package func parallelMap<T: Sendable>(count: Int, _ work: @Sendable (Int) -> T) -> [T] {
    if count == 1 || ReadConcurrency.cores == 1 { return (0..<count).map(work) }
    let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
    slots.initialize(repeating: nil)
    // The slots hold the results until they are copied out: destroy them before freeing.
    defer {
        slots.deinitialize()
        slots.deallocate()
    }
    nonisolated(unsafe) let shared = slots
    DispatchQueue.concurrentPerform(iterations: count) { index in
        shared[index] = work(index)
    }
    return slots.map { $0! }
}

/// Maps batches of elements, in the order they are submitted, on a thread of its own while the
/// caller goes on producing the next ones: a streaming decoder and the work on its output then
/// share two cores. `transform` and `state` are used on that thread only.
package final class BackgroundMap<Input: Sendable, Output: Sendable, State: Sendable>: @unchecked Sendable {
    // @unchecked: `state` and `outputs` are touched only by blocks on `queue`, which is serial.
    private let queue = DispatchQueue(label: "legible.background-map")
    private var state: State
    private var outputs: [Output] = []
    private let transform: @Sendable (inout State, Input) -> Output

    /// `expectedCount` outputs are reserved room for at the start: growing a large array copies
    /// it into fresh memory each time, and fresh memory is what a short process pays most for.
    public init(state: State, expectedCount: Int = 0, _ transform: @escaping @Sendable (inout State, Input) -> Output) {
        self.state = state
        self.transform = transform
        outputs.reserveCapacity(expectedCount)
    }

    /// Queues `inputs` to be mapped after the batches before them (on one core,
    /// `ReadConcurrency.maximumCores` 1, maps them here and now).
    public func submit(_ inputs: [Input]) {
        guard !inputs.isEmpty else { return }
        if ReadConcurrency.cores == 1 {
            queue.sync { [self] in
                for input in inputs { outputs.append(transform(&state, input)) }
            }
            return
        }
        queue.async { [self] in
            for input in inputs { outputs.append(transform(&state, input)) }
        }
    }

    /// Waits for every batch submitted so far and returns all the outputs, in order.
    public func finish() -> [Output] {
        queue.sync { [self] in
            defer { outputs = [] }
            return outputs
        }
    }
}

/// Runs one piece of work on a thread of its own while the caller goes on; `wait()` returns its
/// result.
package final class BackgroundTask<Result: Sendable>: @unchecked Sendable {
    // @unchecked: `result` is written once on `queue` and read after `queue.sync` has waited for it.
    private let queue = DispatchQueue(label: "legible.background-task")
    private var result: Result?

    /// On one core (`ReadConcurrency.maximumCores` 1) the work is done here and now.
    public init(_ work: @escaping @Sendable () -> Result) {
        if ReadConcurrency.cores == 1 {
            result = work()
        } else {
            queue.async { [self] in result = work() }
        }
    }

    /// Waits for the work and returns what it made.
    public func wait() -> Result {
        queue.sync { [self] in result! }
    }
}

/// The most cores the reading (or writing) on this thread may use: nil for all of them. Bound
/// with `ReadConcurrency.$maximumCores.withValue(1) { … }` around a read — a player reading on
/// its UI thread — and every split into pieces and every piece of work started beside the caller
/// respects it.
public enum ReadConcurrency {
    @TaskLocal public static var maximumCores: Int?

    /// The cores work may be spread over now.
    public static var cores: Int { max(1, min(activeProcessorCount, maximumCores ?? Int.max)) }
}

/// Where to cut `range` (offsets or line numbers) into `pieces` that a reader can read apart: at
/// the first boundary at or after each even share (`boundary(near)`, nil for none close), each
/// cut after the one before. The bounds run from `range.lowerBound` to `range.upperBound`; two
/// of them mean one piece. The one way readers split a large text.
package func pieceBounds(_ range: Range<Int>, pieces: Int, boundary: (Int) -> Int?) -> [Int] {
    var bounds = [range.lowerBound]
    for k in 1..<max(1, pieces) {
        if let cut = boundary(range.lowerBound + range.count * k / pieces), cut > bounds.last!, cut < range.upperBound {
            bounds.append(cut)
        }
    }
    bounds.append(range.upperBound)
    return bounds
}

/// How many pieces to split work of `size` units into, given a minimum useful piece size.
package func parallelPieces(size: Int, minimumPieceSize: Int) -> Int {
    max(1, min(ReadConcurrency.cores, size / max(1, minimumPieceSize)))
}

/// Writes `cues` in consecutive pieces on all cores (pieces of at least `minimumPieceSize` cues)
/// with `body`, which writes one slice (keeping its original indices), and hands each piece to
/// `sink` in order, without copying it. The first piece is written on the calling thread and
/// handed over while the others are still being written.
package func writeInPieces(_ cues: [Cue], minimumPieceSize: Int = 20_000,
                          _ body: @escaping @Sendable (ArraySlice<Cue>, inout ByteWriter) -> Void,
                          to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
    let pieces = parallelPieces(size: cues.count, minimumPieceSize: minimumPieceSize)
    @Sendable func piece(_ k: Int) -> OwnedBytes {
        let slice = cues[(cues.count * k / pieces)..<(cues.count * (k + 1) / pieces)]
        var out = ByteWriter(capacity: estimatedSize(of: slice))
        body(slice, &out)
        return OwnedBytes(buffer: out.take())
    }
    if pieces == 1 {
        let only = piece(0)
        defer { only.buffer.deallocate() }
        try sink(UnsafeBufferPointer(only.buffer))
        return
    }
    let slots = UnsafeMutableBufferPointer<OwnedBytes?>.allocate(capacity: pieces)
    slots.initialize(repeating: nil)
    nonisolated(unsafe) let shared = slots
    let group = DispatchGroup()
    for k in 1..<pieces {
        DispatchQueue.global().async(group: group) { shared[k] = piece(k) }
    }
    defer {
        group.wait()
        for slot in slots { slot?.buffer.deallocate() }
        slots.deallocate()
    }
    let first = piece(0)
    defer { first.buffer.deallocate() }
    try sink(UnsafeBufferPointer(first.buffer))
    group.wait()
    for k in 1..<pieces { try sink(UnsafeBufferPointer(slots[k]!.buffer)) }
}

/// Collects what a writer's sink receives into one array.
package func collectBytes(_ write: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> [UInt8] {
    var all: [UInt8] = []
    write { all.append(contentsOf: $0) }
    return all
}

private struct OwnedBytes: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<UInt8>
}

#if canImport(Glibc)
import Glibc
private let activeProcessorCount = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
#else
private let activeProcessorCount = 1
#endif
