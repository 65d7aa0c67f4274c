#if canImport(Glibc)
import Glibc
internal import CMalloc
#endif

/// Prepares the C heap for reading one large caption file.
///
/// Reading a file builds its document out of many small objects: tens of megabytes for a
/// 10,000-paragraph TTML document. With glibc's defaults the heap grows 128 KiB at a time, and
/// every block of 128 KiB or more (the arrays of cues, growing) gets a mapping of its own, faulted
/// in page by page and unmapped again when the array moves on. Here the heap is grown once by what
/// the input will need (a multiple of its size, bounded) and large blocks stay in it.
///
/// The heap is not marked for transparent huge pages (it was, until measured right after other
/// processes had run, as in a benchmark against peers): a huge page then often has to be
/// assembled by compaction first, and the stalls cost more than the faults saved. `info` right
/// after a Python peer, medians: TTML 192 ms with huge pages, 154 ms without (8 runs each); SCC
/// 36 against 36 ms in one set of 8, 45 against 33 ms (no preparation at all) in one of 10, with
/// runs of 60–80 ms only with huge pages. Run after run with nothing between, huge pages gained
/// about 3% on TTML.
///
/// Only the C heap of the main thread is affected, only once, and only on Linux with glibc; the
/// memory is reserved, not touched, so a small input costs nothing.
enum LargeInputHeap {
    /// Inputs smaller than this are read fast enough with the defaults.
    static let threshold = 256 * 1024
    /// Bytes of heap per byte of input that a reader may build (TTML measured about 30).
    static let bytesPerInputByte = 40
    static let maximumReservation = 1 << 30

    nonisolated(unsafe) private static var prepared = false
    nonisolated(unsafe) private static var growth: UnsafeMutableRawPointer?

    static func prepare(forInputOfSize size: Int) {
        #if canImport(Glibc)
        guard size >= threshold, !prepared else { return }
        prepared = true
        let reservation = min(size, maximumReservation / bytesPerInputByte) * bytesPerInputByte
        // Keep large blocks in the heap (the default gives each block of 128 KiB or more its own
        // mapping, faulted in page by page and unmapped when freed), and grow the heap once.
        _ = mallopt(M_MMAP_THRESHOLD, Int32(min(reservation / 4, 32 << 20)))
        _ = mallopt(M_TOP_PAD, Int32(reservation))
        _ = mallopt(M_TRIM_THRESHOLD, Int32(reservation))
        // A block larger than what is free at the top makes malloc grow the heap, by the pad too.
        // (Kept in a variable the optimiser cannot see through: an unused malloc/free pair is removed.)
        growth = malloc(1 << 20)
        free(growth)
        #endif
    }
}
