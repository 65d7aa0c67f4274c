import Legible
import Synchronization
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
/// The part of the heap a reader is known to fill (`bytesTouchedPerInputByte`, measured per
/// format) is then populated on a thread of its own, while the reader starts: one
/// `MADV_POPULATE_WRITE` maps those pages about twice as cheaply as faulting them in one by one
/// (7,000 pages: 11 against 20 ms), and off the reading thread. Reading a 10,000-paragraph TTML
/// document took 7,100 page faults, a fifth of its CPU time in the kernel; with its main heap
/// populated ahead, 2,900. Kernels before 5.14 refuse the advice and nothing changes.
///
/// Only the C heap of the main thread is affected, only once, and only on Linux with glibc;
/// beyond what is populated, the memory is reserved, not touched, so a small input costs nothing.
enum LargeInputHeap {
    /// Inputs smaller than this are read fast enough with the defaults.
    static let threshold = 256 * 1024
    /// Bytes of heap per byte of input that a reader may build (TTML measured about 30).
    static let bytesPerInputByte = 40
    static let maximumReservation = 1 << 30

    /// Set by the one call that prepares the heap (`validate` reads files on several threads).
    private static let prepared = Atomic<Bool>(false)
    nonisolated(unsafe) private static var growth: UnsafeMutableRawPointer?

    /// The heap a reader fills per byte of input is the format's `heapFilledPerInputByte`, where
    /// measured: TTML 16 (a 1.4 MB document populated 8, 12, 16 and 20 times its size: 4,350,
    /// 3,980, 2,880 and 2,880 page faults left); SRT 2 (the convert of 100,000 cues 5% faster;
    /// 5 was no better than none); ASS 8 (`info` on the 100,000-event script of `peers.py --ass`:
    /// 24,100 page faults left without, 6,800–7,900 with, 0.27–0.30 s of CPU against 0.22–0.28 s
    /// on a loaded machine). Other formats are not populated ahead.
    static func prepare(forInputOfSize size: Int, format: CaptionFormat) {
        #if canImport(Glibc)
        guard size >= threshold, !prepared.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let reservation = min(size, maximumReservation / bytesPerInputByte) * bytesPerInputByte
        // Keep large blocks in the heap (the default gives each block of 128 KiB or more its own
        // mapping, faulted in page by page and unmapped when freed), and grow the heap once.
        _ = mallopt(M_MMAP_THRESHOLD, Int32(min(reservation / 4, 32 << 20)))
        _ = mallopt(M_TOP_PAD, Int32(reservation))
        _ = mallopt(M_TRIM_THRESHOLD, Int32(reservation))
        // A block larger than what is free at the top makes malloc grow the heap, by the pad too.
        // (Kept in a variable the optimiser cannot see through: an unused malloc/free pair is removed.)
        let top = Int(bitPattern: sbrk(0))
        growth = malloc(1 << 20)
        free(growth)
        // Only what now lies in the heap (up to its new end) is populated.
        let end = Int(bitPattern: sbrk(0))
        let touched = min(end - top, size * format.heapFilledPerInputByte)
        if top > 0, touched > 0 { populateInBackground(from: top, byteCount: touched) }
        #endif
    }

    #if canImport(Glibc)
    /// Maps the pages of `byteCount` bytes from `address` (rounded in to whole pages) on a thread
    /// that is not one of Dispatch's: a worker busy in the kernel would hold back the reader's
    /// own tasks on a machine of two cores.
    private static func populateInBackground(from address: Int, byteCount: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (address + page - 1) & ~(page - 1)
        let length = (address + byteCount - start) & ~(page - 1)
        guard length > 0 else { return }
        // The range travels to the thread in a block of its own, which the thread frees.
        let range = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        range[0] = start
        range[1] = length
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { argument in
            let range = argument!.assumingMemoryBound(to: Int.self)
            _ = madvise(UnsafeMutableRawPointer(bitPattern: range[0]), range[1], MADV_POPULATE_WRITE)
            range.deallocate()
            return nil
        }, range)
        if started != 0 { range.deallocate() } else { pthread_detach(thread) }
    }
    #endif
}
