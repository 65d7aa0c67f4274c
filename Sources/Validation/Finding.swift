public import TimedText

/// A stable identifier of a validation rule, such as `timing.overlap`. Rule ids never change
/// meaning; pipelines filter, count and suppress findings by them. Every reader diagnostic is
/// also a rule: `spec.` followed by the diagnostic code (`spec.webvtt.bad-timestamp`).
public struct RuleID: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The rule a reader diagnostic is reported under.
    public static func spec(_ code: DiagnosticCode) -> RuleID { RuleID(rawValue: "spec." + code.rawValue) }

    /// True for the `spec.*` rules (reader diagnostics).
    public var isSpec: Bool { rawValue.hasPrefix("spec.") }
}

/// Which cue a finding is about: its track and place in the track, and its identifier.
public struct CueReference: Sendable, Hashable {
    /// Index of the track in the document.
    public var track: Int
    /// Index of the cue in its track (start-time order, as `legible dump` numbers them).
    public var index: Int
    /// The cue identifier from the source, if any.
    public var id: String?

    /// A reference to cue `index` (0-based) of track `track` (0-based), with the cue's own id if it has one.
    public init(track: Int, index: Int, id: String?) {
        self.track = track
        self.index = index
        self.id = id
    }

    /// The cue as the JSON contract names it: its identifier, or `#index` without one.
    public var label: String { id ?? "#\(index)" }
}

/// One thing a rule found wrong in a document.
public struct Finding: Sendable, Hashable {
    /// The rule that found it (`timing.overlap`, or `spec.<code>` for a reader diagnostic).
    public var rule: RuleID
    /// How serious it is under the profile used (which may differ from the rule's default).
    public var severity: Severity
    /// What is wrong, in one English sentence with the numbers involved.
    public var message: String
    /// Where in the source (the cue's first line, or the diagnostic's position), when known.
    public var location: SourceLocation?
    /// The cue it is about; nil for findings about the whole file (most reader diagnostics).
    public var cue: CueReference?
    /// The start of the cue it is about, when there is one.
    public var start: MediaTime?
    /// The end of the cue it is about; nil also for a cue without an end.
    public var end: MediaTime?
    /// What would fix it, in words, when there is a mechanical fix (`--fix` applies the safe ones).
    public var suggestedFix: String?

    /// A finding; everything but the rule, severity and message is optional.
    public init(rule: RuleID, severity: Severity, message: String, location: SourceLocation? = nil,
                cue: CueReference? = nil, start: MediaTime? = nil, end: MediaTime? = nil, suggestedFix: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.cue = cue
        self.start = start
        self.end = end
        self.suggestedFix = suggestedFix
    }
}

extension Finding {
    /// `findings` in the order every report lists them: by source line, then column. Findings
    /// without a source position come first — those about the whole file (an unreadable input,
    /// a reader's note on the encoding), then those about a cue that has no position (a cue
    /// decoded from video), in cue order. Findings at the same place keep the order they were
    /// made in: reader diagnostics, then the common rules (timing, text, reading speed, layout,
    /// style, CEA-608), then the format's own checks.
    public static func inSourceOrder(_ findings: [Finding]) -> [Finding] {
        func key(_ f: Finding) -> (Int, Int, Int) {
            if let location = f.location { return (2, location.line, location.column) }
            guard let cue = f.cue else { return (0, 0, 0) }
            return (1, cue.track, cue.index)
        }
        // Decorated with the original place, so equal keys keep their order whatever the sort does.
        return findings.enumerated()
            .map { (key: key($0.element), offset: $0.offset, finding: $0.element) }
            .sorted { ($0.key.0, $0.key.1, $0.key.2, $0.offset) < ($1.key.0, $1.key.1, $1.key.2, $1.offset) }
            .map(\.finding)
    }
}

/// What validating one file produced.
public struct FileReport: Sendable {
    /// The path as given (shown in every output form).
    public var path: String
    /// The format read (`srt`, `webvtt`, `scc`, `ttml`), or nil when the file could not be read.
    public var format: String?
    /// What the reader and the rules found, in source order (`Finding.inSourceOrder`).
    public var findings: [Finding]
    /// The file could not be read at all (missing, not a caption file): exit status 2.
    public var isUnreadable: Bool
    /// Bytes read, for throughput figures.
    public var byteCount: Int

    /// A file's report; `byteCount` is 0 when unknown.
    public init(path: String, format: String?, findings: [Finding], isUnreadable: Bool = false, byteCount: Int = 0) {
        self.path = path
        self.format = format
        self.findings = findings
        self.isUnreadable = isUnreadable
        self.byteCount = byteCount
    }

    /// How a file came out, in the words every output form uses (the batch record's `status`).
    public enum Status: String, Sendable, CaseIterable {
        /// Read, and no rule found anything.
        case ok
        /// Read, with at least one finding (of any severity the profile reports).
        case findings
        /// Could not be read: missing, not a caption file, no cue readable.
        case unreadable
    }

    /// `unreadable`, else `findings` when there is one, else `ok`.
    public var status: Status { isUnreadable ? .unreadable : findings.isEmpty ? .ok : .findings }

    /// Findings of each severity.
    public func count(_ severity: Severity) -> Int { findings.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) } }
}
