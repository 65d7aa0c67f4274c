/// Collects a reader's diagnostics with a cap per code, so that a damaged file of a million cues
/// cannot grow an unbounded list; the last kept diagnostic of a capped code says how many there were.
public struct DiagnosticLog: Sendable {
    /// How many diagnostics of one code are kept by default; the rest are counted, not listed.
    public static let defaultLimitPerCode = 1000

    /// The diagnostics kept so far, in the order reported; `finished()` adds the over-cap notes.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Every report made, kept or not (so a reader can tell whether a step reported anything).
    public private(set) var reportCount = 0
    private var counts: [DiagnosticCode: Int] = [:]
    private let limitPerCode: Int

    /// An empty log keeping at most `limitPerCode` diagnostics of each code.
    public init(limitPerCode: Int = DiagnosticLog.defaultLimitPerCode) {
        self.limitPerCode = limitPerCode
    }

    /// Records a diagnostic. `message` is only built when the diagnostic is kept, so a reader may
    /// report in its inner loop without formatting strings for reports past the cap.
    public mutating func report(_ severity: Severity, _ code: DiagnosticCode, _ message: @autoclosure () -> String,
                                at location: SourceLocation?) {
        reportCount += 1
        let count = counts[code, default: 0] + 1
        counts[code] = count
        if count <= limitPerCode {
            diagnostics.append(Diagnostic(severity, code, message(), at: location))
        }
    }

    /// Appends another log's diagnostics after this one's, as if one log had seen them all
    /// (counts included, so the "in all" notes stay right).
    public mutating func merge(_ other: DiagnosticLog) {
        // This log keeps min(count, limit) of each code; add the other's up to the same limit.
        var kept = counts.mapValues { min($0, limitPerCode) }
        for d in other.diagnostics where kept[d.code, default: 0] < limitPerCode {
            diagnostics.append(d)
            kept[d.code, default: 0] += 1
        }
        for (code, count) in other.counts { counts[code, default: 0] += count }
        reportCount += other.reportCount
    }

    /// The diagnostics, with a note on each code that went over the cap.
    public func finished() -> [Diagnostic] {
        var result = diagnostics
        for (code, count) in counts where count > limitPerCode {
            if let index = result.lastIndex(where: { $0.code == code }) {
                result[index].message += " (\(count) diagnostics of this kind in all; only the first \(limitPerCode) are listed)"
            }
        }
        return result
    }
}
