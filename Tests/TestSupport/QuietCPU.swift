import Foundation

/// Keeps timing measurements and heavy child processes apart within one test run: the readers'
/// growth checks time a reader on n and 8n, and a burst of ffmpeg encoding or decoding beside
/// them (the media tests start many) skews the ratio on a 2-core machine. Each side runs its
/// part under this one lock; other tests run alongside as before.
public enum QuietCPU {
    private static let lock = NSLock()

    /// Runs `body` while no other `exclusively` body runs.
    public static func exclusively<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
