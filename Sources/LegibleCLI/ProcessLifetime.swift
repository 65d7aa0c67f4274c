/// Values a command hands over to live until the process exits.
///
/// Freeing a 100,000-cue document object by object takes longer than reading a part of it, and the
/// operating system reclaims the memory at exit anyway; a command that is about to finish parks its
/// large values here instead (as compilers do with `-disable-free`). In-process callers (tests)
/// just keep a few documents alive longer.
enum ProcessLifetime {
    nonisolated(unsafe) private static var parked: [Any] = []

    static func keepUntilExit(_ value: Any) {
        parked.append(value)
    }
}
