import Dispatch
import Synchronization
package import TimedText

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
package enum ReadConcurrency {
    /// The bound for the current task, nil (all cores) unless set with `$maximumCores.withValue(_:)`;
    /// values below 1 count as 1.
    @TaskLocal package static var maximumCores: Int?

    /// The cores work may be spread over now.
    package static var cores: Int { max(1, min(activeProcessorCount, maximumCores ?? Int.max)) }
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

/// How many pieces to split work of `size` units into, given a minimum useful piece size:
/// `perCore` pieces for each core, so that a core whose pieces go slower (a worker thread's heap
/// is fresh memory, faulted in page by page) hands the rest to the other cores instead of
/// holding up the end.
package func parallelPieces(size: Int, minimumPieceSize: Int, perCore: Int = 1) -> Int {
    max(1, min(ReadConcurrency.cores * max(1, perCore), size / max(1, minimumPieceSize)))
}

/// Writes `cues` in consecutive pieces of `cuesPerPiece` with `body`, which writes one slice
/// (keeping its original indices), and hands each piece to `sink` in order, without copying it.
///
/// The pieces are small (a few hundred kilobytes) and their buffers are used again once `sink`
/// has taken them: fresh memory is what a short process pays most for (a 100,000-cue WebVTT file
/// written as two 4 MB halves spent a fifth of its writing time in page faults). On more than
/// one core the pieces are written by `ReadConcurrency.cores` workers while the calling thread
/// hands the finished ones to `sink` (the file write), at most two pieces per worker ahead.
package func writeInPieces(_ cues: [Cue], cuesPerPiece: Int = 2_000,
                          _ body: @escaping @Sendable (ArraySlice<Cue>, inout ByteWriter) -> Void,
                          to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
    let size = max(1, cuesPerPiece)
    let pieces = max(1, (cues.count + size - 1) / size)
    @Sendable func slice(_ k: Int) -> ArraySlice<Cue> { cues[(k * size)..<min(cues.count, (k + 1) * size)] }
    let workers = min(ReadConcurrency.cores, pieces - 1)
    guard workers > 1 else {
        var out = ByteWriter(capacity: estimatedSize(of: slice(0)))
        for k in 0..<pieces {
            out.removeAll()
            body(slice(k), &out)
            try out.withBytes(sink)
        }
        return
    }
    let pipeline = PiecePipeline(pieces: pieces, buffers: 2 * workers + 2, bufferSize: estimatedSize(of: slice(0)))
    let group = DispatchGroup()
    for _ in 0..<workers {
        DispatchQueue.global().async(group: group) { pipeline.work { k, out in body(slice(k), &out) } }
    }
    defer {
        pipeline.stop(workers: workers)
        group.wait()
        pipeline.free()
    }
    for k in 0..<pieces { try pipeline.handOver(k, to: sink) }
}

/// The pieces of `writeInPieces` between its workers and its sink: a set of buffers that go round
/// (a worker claims the next piece and a spare buffer, fills it, and marks the piece ready; the
/// sink takes the pieces in order and gives each buffer back).
private final class PiecePipeline: @unchecked Sendable {
    // @unchecked: a piece's slot is written by the one worker that claimed the piece before it
    // signals `ready[k]`, and read by the sink after waiting for that signal.
    private let slots: UnsafeMutableBufferPointer<(memory: UnsafeMutableBufferPointer<UInt8>, count: Int)?>
    private let ready: [DispatchSemaphore]
    /// Counts the spare buffers: a worker waits for one before it claims a piece.
    private let spareCount: DispatchSemaphore
    private let state: Mutex<State>

    private struct State: @unchecked Sendable {
        // @unchecked: the buffers are owned by whoever holds them (here: nobody but the pipeline).
        var spares: [UnsafeMutableBufferPointer<UInt8>]
        var next = 0
        var stopped = false
    }

    init(pieces: Int, buffers: Int, bufferSize: Int) {
        slots = .allocate(capacity: pieces)
        slots.initialize(repeating: nil)
        ready = (0..<pieces).map { _ in DispatchSemaphore(value: 0) }
        spareCount = DispatchSemaphore(value: buffers)
        state = Mutex(State(spares: (0..<buffers).map { _ in .allocate(capacity: bufferSize) }))
    }

    /// A worker's loop: claim a spare buffer and the next piece, write it, mark it ready.
    func work(_ write: (Int, inout ByteWriter) -> Void) {
        while true {
            spareCount.wait()
            let pieces = slots.count
            let claim: (Int, UnsafeMutableBufferPointer<UInt8>)? = state.withLock { state in
                guard !state.stopped, state.next < pieces else { return nil }
                state.next += 1
                return (state.next - 1, state.spares.removeLast())
            }
            guard let (k, memory) = claim else {
                spareCount.signal()  // for the next worker to see the end too
                return
            }
            var out = ByteWriter(adopting: memory)
            write(k, &out)
            slots[k] = out.takeMemory()
            ready[k].signal()
        }
    }

    /// Waits for piece `k`, hands it to `sink`, and gives its buffer back.
    func handOver(_ k: Int, to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        ready[k].wait()
        let (memory, count) = slots[k]!
        slots[k] = nil
        defer {
            state.withLock { $0.spares.append(memory) }
            spareCount.signal()
        }
        try sink(UnsafeBufferPointer(start: memory.baseAddress, count: count))
    }

    /// No piece is claimed after this; workers waiting for a buffer are woken to see it.
    func stop(workers: Int) {
        state.withLock { $0.stopped = true }
        for _ in 0..<workers { spareCount.signal() }
    }

    /// Frees every buffer, handed over or not (the workers have finished).
    func free() {
        for case let (memory, _)? in slots { memory.deallocate() }
        slots.deinitialize()
        slots.deallocate()
        state.withLock { state in
            for memory in state.spares { memory.deallocate() }
            state.spares = []
        }
    }
}

/// Collects what a writer's sink receives into one array.
package func collectBytes(_ write: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> [UInt8] {
    var all: [UInt8] = []
    write { all.append(contentsOf: $0) }
    return all
}

#if canImport(Glibc)
import Glibc
private let activeProcessorCount = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
#else
private let activeProcessorCount = 1
#endif
