#if canImport(Glibc)
import Glibc
internal import CMalloc
#endif

/// Prepares the C heap for reading one large caption file.
///
/// Reading a file builds its document out of many small objects: tens of megabytes for a
/// 10,000-paragraph TTML document. With glibc's defaults the heap grows 128 KiB at a time and the
/// kernel maps it one 4 KiB page per fault; measured on `info` of that document, 8,500 page
/// faults and a fifth to a third of the run. Here the heap is grown once by what the input will
/// need (a multiple of its size, bounded) and marked for transparent huge pages, which is what
/// glibc's `glibc.malloc.hugetlb=1` tunable does but cannot be set from inside a running process:
/// the same run then takes about 2,000 faults. Large arrays stay in the heap too instead of each
/// getting its own mapping.
///
/// Only the C heap of the main thread is affected, only once, and only on Linux with glibc; the
/// memory is reserved, not touched, so a small input costs nothing. When the kernel does not
/// offer huge pages (`madvise` fails) the heap simply grows as before.
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
        guard let start = sbrk(0) else { return }
        // A block larger than what is free at the top makes malloc grow the heap, by the pad too.
        // (Kept in a variable the optimiser cannot see through: an unused malloc/free pair is removed.)
        growth = malloc(1 << 20)
        free(growth)
        guard let end = sbrk(0), end > start else { return }
        let hugePage = 2 << 20  // 2 MiB: only whole, aligned ones can be huge
        let from = (UInt(bitPattern: start) + UInt(hugePage - 1)) & ~UInt(hugePage - 1)
        let to = UInt(bitPattern: end)
        guard to > from, let base = UnsafeMutableRawPointer(bitPattern: from) else { return }
        _ = madvise(base, Int(to - from), MADV_HUGEPAGE)
        #endif
    }
}
