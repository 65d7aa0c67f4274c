import Synchronization

/// Values a command hands over to live until the process exits.
///
/// Freeing a 100,000-cue document object by object takes longer than reading a part of it, and the
/// operating system reclaims the memory at exit anyway; a command that is about to finish parks its
/// large values here instead (as compilers do with `-disable-free`). In-process callers (tests)
/// just keep a few documents alive longer. Commands that read many files (`validate` over a
/// directory) free each as they go instead: parking them all would hold the whole corpus.
///
/// Parking is locked: `validate` reads files on several threads, and appending to one array
/// from two of them at once corrupted the heap (found as a rare double free).
enum ProcessLifetime {
    private static let parked = Mutex<[Parked]>([])

    /// A parked value; only ever appended, never read or shared.
    private struct Parked: @unchecked Sendable {
        let value: Any
    }

    static func keepUntilExit(_ value: Any) {
        let parking = Parked(value: value)
        parked.withLock { $0.append(parking) }
    }

    /// How many values are parked (tests).
    static var parkedCount: Int { parked.withLock { $0.count } }
}
