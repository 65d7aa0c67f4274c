public import TimedText
public import CaptionFormats
import TextScanning

/// What a conversion lost or changed, in a form a pipeline can act on (`legible convert
/// --fidelity-report`): the writer's and the conversion's diagnostics, with one verdict — as
/// Legible's JSON (the cue-json form of a diagnostic, docs/cue-json.md) or as SARIF 2.1.0, the
/// form code-scanning interfaces read (the same as `legible validate --format sarif`).
public enum FidelityReport {
    /// The two forms, chosen by the report file's name: one meaning for `--fidelity-report`.
    public enum Form: String, Sendable, CaseIterable {
        /// `FILE.json`: `json(_:input:from:to:)`.
        case json
        /// `FILE.sarif` (or `FILE.sarif.json`): `sarif(_:input:from:to:)`.
        case sarif

        /// The form a report file's name asks for; nil for any other extension.
        public init?(fileName: String) {
            let name = fileName.lowercased()
            if name.hasSuffix(".sarif") || name.hasSuffix(".sarif.json") {
                self = .sarif
            } else if name.hasSuffix(".json") {
                self = .json
            } else {
                return nil
            }
        }
    }

    /// True when no change is a warning or an error: nothing the target could not carry.
    public static func isLossless(_ changes: [Diagnostic]) -> Bool {
        !changes.contains { $0.severity >= .warning }
    }

    /// The report in `form`.
    public static func report(_ changes: [Diagnostic], form: Form, input: String, from: CaptionFormat, to: CaptionFormat) -> [UInt8] {
        switch form {
        case .json: json(changes, input: input, from: from, to: to)
        case .sarif: sarif(changes, input: input, from: from, to: to)
        }
    }

    /// `{"input", "from", "to", "lossless", "changes": [{severity, code, message, line, column}]}`,
    /// UTF-8. `lossless` is false when any change is a warning or an error; `input` is the name
    /// the caller gives the source (a path, or `-`).
    public static func json(_ changes: [Diagnostic], input: String, from: CaptionFormat, to: CaptionFormat) -> [UInt8] {
        JSON.object([
            ("input", .string(input)),
            ("from", .string(from.id.rawValue)),
            ("to", .string(to.id.rawValue)),
            ("lossless", .bool(isLossless(changes))),
            ("changes", .array(changes.map(CueJSON.diagnostic))),
        ]).serialized()
    }

    /// SARIF 2.1.0: one run, one result per change (its code as the rule id, its severity as the
    /// level, its place in `input` as the region), the codes as `tool.driver.rules`, and `from`,
    /// `to` and `lossless` in the run's properties. UTF-8, pretty-printed.
    public static func sarif(_ changes: [Diagnostic], input: String, from: CaptionFormat, to: CaptionFormat) -> [UInt8] {
        let findings = changes.map { change in
            Finding(rule: RuleID(rawValue: change.code.rawValue), severity: change.severity, message: change.message, location: change.location)
        }
        // Each code describes itself by its first change's message, at its most severe level.
        var described: [RuleID: RuleDescriptor] = [:]
        for finding in findings {
            if let seen = described[finding.rule] {
                if finding.severity > seen.defaultSeverity { described[finding.rule]!.defaultSeverity = finding.severity }
            } else {
                described[finding.rule] = RuleDescriptor(finding.rule, finding.severity, finding.message)
            }
        }
        let report = FileReport(path: input, format: from.id.rawValue, findings: findings, isUnreadable: false)
        return SARIFReport.document([report], toolVersion: LegibleEngine.version, describe: { described[$0] ?? RuleCatalog.descriptor($0) },
                                    helpPage: from.documentation ?? "README.md",
                                    runProperties: [("from", .string(from.id.rawValue)), ("to", .string(to.id.rawValue)),
                                                    ("lossless", .bool(isLossless(changes)))])
            .serialized(pretty: true)
    }
}
