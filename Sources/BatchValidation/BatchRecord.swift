public import TimedText
public import Validation
import TextScanning

/// What batch validation says about one file: one JSON Lines record of `legible validate
/// --format jsonl` (schema: docs/validate.md, "Batch records").
///
/// Everything but `seconds` and `cached` depends only on the file's bytes and name, the profile
/// version and the engine version: the same in every run and at every `--jobs`. A `timedOut`
/// record is the exception by nature (it depends on the machine's speed).
public struct BatchRecord: Sendable {
    /// How the file came out.
    public enum Status: String, Sendable, CaseIterable {
        /// Read, and no rule found anything.
        case ok
        /// Read, with at least one finding (of any severity the profile reports).
        case findings
        /// Could not be read: missing, not a caption file, no cue readable, or the worker
        /// checking it stopped (a crash, or the memory limit).
        case unreadable
        /// Took longer than the time limit (`--max-seconds`); its worker was stopped.
        case timedOut = "timed-out"
    }

    /// The findings of one rule at one severity: how many, and where the first ones are.
    public struct RuleTally: Sendable, Hashable {
        /// The rule.
        public var rule: RuleID
        /// The severity its findings had.
        public var severity: Severity
        /// How many findings it made in the file.
        public var count: Int
        /// The positions of the first findings that have one (at most
        /// `BatchConfiguration.firstLocationsPerRule`), in source order. A finding about the whole
        /// file has no position and is not listed: a rule whose findings have none has an empty list.
        public var first: [SourceLocation]
    }

    /// The form of the record's members, raised when one changes (2: `first` lists positions
    /// only, never null). Part of the cache key, so a cached record is never of an older form.
    static let form = 2

    /// The path as listed.
    public var path: String
    /// How the file came out.
    public var status: Status
    /// Why a file is unreadable or timed out; nil otherwise.
    public var message: String?
    /// The file's size in bytes, when it could be found.
    public var size: Int?
    /// The SHA-256 of the file's bytes (64 hex digits), when they were read.
    public var sha256: String?
    /// The format read (`srt`, `webvtt`, `scc`, `ttml`), when one was.
    public var format: String?
    /// The encoding the text was decoded from (`UTF-8`, `windows-1252`, …), when it was read.
    public var encoding: String?
    /// Tracks in the document.
    public var tracks: Int
    /// Cues over all tracks.
    public var cues: Int
    /// Findings of severity error, warning and info, over the whole file.
    public var errors: Int, warnings: Int, infos: Int
    /// The findings by rule and severity, sorted by rule then severity.
    public var rules: [RuleTally]
    /// The findings themselves in source order (`Finding.inSourceOrder`), at most `BatchConfiguration.maximumFindingsListed`.
    public var findings: [Finding]
    /// Findings not listed in `findings` (over the limit); counted in `rules` all the same.
    public var findingsOmitted: Int
    /// The profile's name.
    public var profileName: String
    /// The profile's version (`ValidationProfile.version(options:)`), rule-set version included.
    public var profileVersion: String
    /// `legible <version>`.
    public var engine: String
    /// Wall-clock seconds the file took (reading, hashing and checking; a cache hit's lookup).
    public var seconds: Double
    /// The result came from the `--cache` directory.
    public var cached: Bool

    /// A record with no findings and nothing read yet, for `path`.
    public init(path: String, status: Status, profileName: String, profileVersion: String) {
        self.path = path
        self.status = status
        tracks = 0
        cues = 0
        errors = 0
        warnings = 0
        infos = 0
        rules = []
        findings = []
        findingsOmitted = 0
        self.profileName = profileName
        self.profileVersion = profileVersion
        engine = "legible \(LegibleEngine.version)"
        seconds = 0
        cached = false
    }

    /// Sets the findings, their counts and the per-rule tallies.
    mutating func setFindings(_ all: [Finding], listing limit: Int, firstLocations: Int) {
        errors = 0; warnings = 0; infos = 0
        var tallies: [String: RuleTally] = [:]
        for finding in all {
            switch finding.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
            let key = finding.rule.rawValue + "\u{0}" + finding.severity.rawValue
            var tally = tallies[key] ?? RuleTally(rule: finding.rule, severity: finding.severity, count: 0, first: [])
            tally.count += 1
            if tally.first.count < firstLocations, let location = finding.location { tally.first.append(location) }
            tallies[key] = tally
        }
        rules = tallies.values.sorted { ($0.rule.rawValue, $0.severity.rawValue) < ($1.rule.rawValue, $1.severity.rawValue) }
        findings = Array(all.prefix(limit))
        findingsOmitted = all.count - findings.count
    }

    /// The record as one JSON Lines line (with its newline).
    public var jsonLine: [UInt8] {
        BatchLine.assemble(path: path, body: body, seconds: seconds, cached: cached)
    }

    /// Every member but `path`, `seconds` and `cached`, serialized: what the cache keeps.
    var body: [UInt8] {
        func location(_ l: SourceLocation) -> JSON { .object([("line", .int(l.line)), ("column", .int(l.column))]) }
        let members: [(String, JSON)] = [
            ("status", .string(status.rawValue)),
            ("message", .optional(message)),
            ("size", size.map { .int($0) } ?? .null),
            ("sha256", .optional(sha256)),
            ("format", .optional(format)),
            ("encoding", .optional(encoding)),
            ("tracks", .int(tracks)),
            ("cues", .int(cues)),
            ("errors", .int(errors)),
            ("warnings", .int(warnings)),
            ("infos", .int(infos)),
            ("rules", .array(rules.map { tally in
                .object([("rule", .string(tally.rule.rawValue)), ("severity", .string(tally.severity.rawValue)),
                         ("count", .int(tally.count)), ("first", .array(tally.first.map(location)))])
            })),
            ("findings", .array(findings.map { .object(JSONReport.members(of: $0)) })),
            ("findingsOmitted", .int(findingsOmitted)),
            ("profile", .object([("name", .string(profileName)), ("version", .string(profileVersion))])),
            ("engine", .string(engine)),
        ]
        // The object without its braces and newline: `path` goes in front, the timing behind.
        let whole = JSON.object(members).serialized(pretty: false)
        return Array(whole[1..<(whole.count - 2)])
    }
}

/// One finished file as the batch runner hands it on: enough to count it, and its JSONL line.
public struct BatchOutcome: Sendable {
    /// The path as listed.
    public var path: String
    /// How the file came out.
    public var status: BatchRecord.Status
    /// Its findings by severity.
    public var errors: Int, warnings: Int, infos: Int
    /// The record, as one JSON Lines line ending in a newline.
    public var jsonLine: [UInt8]

    /// An outcome; `jsonLine` is the record's serialized form.
    public init(path: String, status: BatchRecord.Status, errors: Int, warnings: Int, infos: Int, jsonLine: [UInt8]) {
        self.path = path
        self.status = status
        self.errors = errors
        self.warnings = warnings
        self.infos = infos
        self.jsonLine = jsonLine
    }

    /// The outcome of a record made in this process.
    public init(_ record: BatchRecord) {
        self.init(path: record.path, status: record.status, errors: record.errors, warnings: record.warnings,
                  infos: record.infos, jsonLine: record.jsonLine)
    }
}

/// Totals over a batch: files per status, findings per severity.
public struct BatchSummary: Sendable, Hashable {
    /// Files finished, whatever their status.
    public var files = 0
    /// Files per status.
    public var ok = 0, findings = 0, unreadable = 0, timedOut = 0
    /// Findings per severity, over every file.
    public var errors = 0, warnings = 0, infos = 0
    /// Files under the directories walked that were left out as not caption files
    /// (`CaptionInputs.skipped`): not checked, so not in `files`. Set by the caller.
    public var skipped = 0
    /// Nothing counted yet.
    public init() {}

    /// Counts one more file.
    public mutating func add(_ outcome: BatchOutcome) {
        files += 1
        switch outcome.status {
        case .ok: ok += 1
        case .findings: findings += 1
        case .unreadable: unreadable += 1
        case .timedOut: timedOut += 1
        }
        errors += outcome.errors
        warnings += outcome.warnings
        infos += outcome.infos
    }

    /// The number of findings at or above `severity`.
    public func count(atLeast severity: Severity) -> Int {
        switch severity {
        case .error: errors
        case .warning: errors + warnings
        case .info: errors + warnings + infos
        }
    }

    /// The last line of a JSONL batch: `{"summary":{...}}` with its newline.
    public var jsonLine: [UInt8] {
        JSON.object([("summary", .object([
            ("files", .int(files)), ("ok", .int(ok)), ("findings", .int(findings)), ("unreadable", .int(unreadable)),
            ("timed-out", .int(timedOut)), ("errors", .int(errors)), ("warnings", .int(warnings)), ("infos", .int(infos)),
            ("skipped", .int(skipped)),
        ]))]).serialized(pretty: false)
    }
}

/// The pieces of a record's line, and the one-line header that goes with a record between a
/// worker process and the runner (so the runner never parses JSON).
enum BatchLine {
    static func assemble(path: String, body: [UInt8], seconds: Double, cached: Bool) -> [UInt8] {
        var out = ByteWriter(capacity: body.count + path.utf8.count + 64)
        out.appendStatic("{\"path\":")
        out.appendJSONString(path)
        out.append(0x2C)
        out.append(body)
        out.appendStatic(",\"seconds\":")
        out.append(secondsText(seconds))
        out.appendStatic(",\"cached\":")
        if cached { out.appendStatic("true") } else { out.appendStatic("false") }
        out.appendStatic("}\n")
        return out.finish()
    }

    /// Seconds to the microsecond, as a JSON number.
    static func secondsText(_ seconds: Double) -> String {
        let micros = Int((max(0, seconds) * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }

    /// `status errors warnings infos`.
    static func header(status: BatchRecord.Status, errors: Int, warnings: Int, infos: Int) -> String {
        "\(status.rawValue) \(errors) \(warnings) \(infos)"
    }

    static func parseHeader(_ text: Substring) -> (BatchRecord.Status, Int, Int, Int)? {
        let fields = text.split(separator: " ")
        guard fields.count == 4, let status = BatchRecord.Status(rawValue: String(fields[0])),
              let e = Int(fields[1]), let w = Int(fields[2]), let i = Int(fields[3]) else { return nil }
        return (status, e, w, i)
    }
}
