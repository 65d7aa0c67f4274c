import Dispatch

/// Runs `count` independent pieces of work on all cores and returns their results in order.
/// Readers and writers split large inputs with it (a 100,000-cue file reads in two halves on a
/// two-core machine); the one place that touches Dispatch.
public func parallelMap<T: Sendable>(count: Int, _ work: @Sendable (Int) -> T) -> [T] {
    if count == 1 { return [work(0)] }
    let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
    slots.initialize(repeating: nil)
    defer { slots.deallocate() }
    nonisolated(unsafe) let shared = slots
    DispatchQueue.concurrentPerform(iterations: count) { index in
        shared[index] = work(index)
    }
    return slots.map { $0! }
}

/// How many pieces to split work of `size` units into, given a minimum useful piece size.
public func parallelPieces(size: Int, minimumPieceSize: Int) -> Int {
    let cores = max(1, activeProcessorCount)
    return max(1, min(cores, size / max(1, minimumPieceSize)))
}

#if canImport(Glibc)
import Glibc
private let activeProcessorCount = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
#else
private let activeProcessorCount = 1
#endif
