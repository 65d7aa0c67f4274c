import TextScanning
public import TimedText

/// The output forms of `legible validate`.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// `file:line:col: warning: message [rule-id]`, then a summary line.
    case text
    /// One JSON document (`docs/cue-json.md`, "legible validate").
    case json
    /// JSON Lines: one object per file as files finish (the batch record, docs/validate.md), then
    /// a summary line.
    case jsonl
    /// SARIF 2.1.0, for code-scanning interfaces.
    case sarif
    /// JUnit XML, for CI dashboards: a test suite per file, a test case per finding.
    case junit

    /// Whether a file's findings can be written as soon as it is validated.
    public var streams: Bool { self == .text || self == .jsonl }
}

/// Totals over every file validated.
public struct ValidationSummary: Sendable, Hashable {
    /// Files validated, unreadable ones included.
    public var files = 0
    /// Findings of severity error, over all files.
    public var errors = 0
    /// Findings of severity warning, over all files.
    public var warnings = 0
    /// Findings of severity info, over all files.
    public var infos = 0
    /// Files that could not be read at all.
    public var unreadable = 0
    /// Files under the directories walked that were left out as not caption files
    /// (`CaptionInputs.skipped`): not validated, so not in `files`.
    public var skipped = 0
    /// Totals of nothing yet.
    public init() {}

    /// Counts one more file and its findings.
    public mutating func add(_ report: FileReport) {
        files += 1
        if report.isUnreadable { unreadable += 1 }
        for finding in report.findings {
            switch finding.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
        }
    }

    /// The number of findings at or above `severity`.
    public func count(atLeast severity: Severity) -> Int {
        switch severity {
        case .error: errors
        case .warning: errors + warnings
        case .info: errors + warnings + infos
        }
    }
}

/// Writes file reports in one of the output forms: the streaming forms as each file finishes,
/// the document forms (JSON, SARIF, JUnit) all at once at the end, in the order the files were
/// given.
public struct ReportWriter: Sendable {
    /// The output form written.
    public let format: ReportFormat
    /// Findings at or above this severity are failures (JUnit `failure` elements).
    public let failOn: Severity?
    /// Legible's version, written into SARIF's `tool.driver.version`.
    public let toolVersion: String
    /// The least severe finding the text form prints (`legible validate -q`: errors, by
    /// default warnings, `-v`: infos); the summary counts every finding and says which
    /// severities were not shown. The other forms always hold every finding.
    public var textShows: Severity = .info
    /// The counts over every file reported so far: files, findings by severity, unreadable files.
    public private(set) var summary = ValidationSummary()
    private var held: [(order: Int, report: FileReport)] = []

    /// A writer for `format`; `failOn` nil marks no finding as a JUnit failure.
    public init(format: ReportFormat, failOn: Severity? = .error, toolVersion: String) {
        self.format = format
        self.failOn = failOn
        self.toolVersion = toolVersion
    }

    /// Counts files a directory walk left out as not caption files, for the summary.
    public mutating func addSkipped(_ count: Int) {
        summary.skipped += count
    }

    /// Takes one file's report (`order` is its place among the inputs); returns what to write now.
    public mutating func add(_ report: FileReport, order: Int) -> [UInt8] {
        summary.add(report)
        switch format {
        case .text: return Array(TextReport.lines(report, shows: textShows).utf8)
        case .jsonl:
            // One object a file, with the members of the batch record (docs/validate.md) that a
            // report has; `BatchRunner` in the Legible module writes the whole record.
            return JSON.object([
                ("path", .string(report.path)), ("status", .string(report.status.rawValue)), ("format", .optional(report.format)),
                ("errors", .int(report.count(.error))), ("warnings", .int(report.count(.warning))), ("infos", .int(report.count(.info))),
                ("findings", .array(report.findings.map { .object(JSONReport.members(of: $0)) })),
            ]).serialized(pretty: false)
        case .json, .sarif, .junit:
            held.append((order, report))
            return []
        }
    }

    /// What closes the output: the summary, or the whole document for the document forms.
    public func finish() -> [UInt8] {
        let reports = held.sorted { $0.order < $1.order }.map(\.report)
        switch format {
        case .text: return Array(TextReport.summaryLine(summary, shows: textShows).utf8)
        case .jsonl: return JSON.object([("summary", JSONReport.summary(summary))]).serialized(pretty: false)
        case .json: return JSONReport.document(reports, summary: summary).serialized(pretty: true)
        case .sarif: return SARIFReport.document(reports, toolVersion: toolVersion).serialized(pretty: true)
        case .junit: return Array(JUnitReport.document(reports, summary: summary, failOn: failOn).utf8)
        }
    }
}

/// The human form.
enum TextReport {
    static func lines(_ report: FileReport, shows minimum: Severity = .info) -> String {
        var out = ""
        for finding in report.findings where finding.severity >= minimum {
            out += report.path
            if let location = finding.location { out += ":\(location.line):\(location.column)" }
            out += ": \(finding.severity.rawValue): \(finding.message) [\(finding.rule.rawValue)]\n"
        }
        return out
    }

    static func summaryLine(_ s: ValidationSummary, shows minimum: Severity = .info) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        // Findings of a severity below what is printed are counted all the same, and said so.
        func count(_ n: Int, _ word: String, _ severity: Severity) -> String {
            plural(n, word) + (n > 0 && severity < minimum ? " (not shown)" : "")
        }
        var text = "\(plural(s.files, "file")) checked: \(plural(s.errors, "error")), \(count(s.warnings, "warning", .warning)), \(count(s.infos, "info", .info))"
        if s.unreadable > 0 { text += "; \(s.unreadable) unreadable" }
        if s.skipped > 0 { text += "; \(s.skipped) skipped (not \(s.skipped == 1 ? "a caption file" : "caption files"))" }
        return text + "\n"
    }
}

/// The JSON form of `docs/cue-json.md`.
package enum JSONReport {
    static func document(_ reports: [FileReport], summary: ValidationSummary) -> JSON {
        .object([
            ("files", .array(reports.map { report in
                .object([("path", .string(report.path)), ("format", .optional(report.format)), ("status", .string(report.status.rawValue)),
                         ("findings", .array(report.findings.map { .object(members(of: $0)) }))])
            })),
            ("summary", self.summary(summary)),
        ])
    }

    package static func members(of finding: Finding) -> [(String, JSON)] {
        var members: [(String, JSON)] = [
            ("rule", .string(finding.rule.rawValue)),
            ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)),
            ("line", finding.location.map { .int($0.line) } ?? .null),
            ("column", finding.location.map { .int($0.column) } ?? .null),
            ("cue", .optional(finding.cue?.label)),
            ("start", finding.start.map { .number($0.secondsText) } ?? .null),
            ("end", finding.end.map { .number($0.secondsText) } ?? .null),
        ]
        if let fix = finding.suggestedFix { members.append(("fix", .string(fix))) }
        return members
    }

    static func summary(_ s: ValidationSummary) -> JSON {
        .object([("files", .int(s.files)), ("errors", .int(s.errors)), ("warnings", .int(s.warnings)), ("infos", .int(s.infos)),
                 ("unreadable", .int(s.unreadable)), ("skipped", .int(s.skipped))])
    }
}
