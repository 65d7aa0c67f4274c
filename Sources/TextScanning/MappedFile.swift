#if canImport(Glibc)
import Glibc
#endif

/// A regular file mapped read-only into memory: its bytes straight from the page cache, with no
/// copy and no zeroed buffer to fill (reading a 9 MB caption file with `read()` spends more time in
/// the kernel than parsing half of it). Used for large inputs; a file truncated by another process
/// while it is mapped is outside what Legible guards against (the same trade-off as ripgrep's).
package final class MappedFile: @unchecked Sendable {
    private let base: UnsafeMutableRawPointer
    /// The file's size in bytes, as it was when mapped.
    package let count: Int

    /// Maps `path`, or returns nil when it is not a regular file of at least `minimumSize` bytes or
    /// cannot be mapped (the caller then reads it the ordinary way).
    package init?(path: String, minimumSize: Int = 1 << 20) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, Int(st.st_size) >= max(1, minimumSize) else { return nil }
        let size = Int(st.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), address != MAP_FAILED else {
            return nil
        }
        base = address
        count = size
    }

    deinit { munmap(base, count) }

    /// Calls `body` with the mapped bytes; the pointer is valid only during the call (the mapping
    /// ends when the `MappedFile` is released).
    package func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count))
    }
}
