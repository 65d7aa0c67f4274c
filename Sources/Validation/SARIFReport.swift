import TextScanning
import TimedText

/// SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format), the form code-scanning
/// interfaces read: one run, the rules used as `tool.driver.rules`, one result per finding with
/// its file (a relative URI reference) and region.
package enum SARIFReport {
    /// `describe` gives each rule's summary and default level (the catalog's for validation; a
    /// conversion's diagnostic codes describe themselves); `helpPage` is the docs page the rules'
    /// `helpUri` points into; `runProperties` go into the run's property bag.
    package static func document(_ reports: [FileReport], toolVersion: String,
                                 describe: (RuleID) -> RuleDescriptor = RuleCatalog.descriptor,
                                 helpPage: String = "docs/validate.md", runProperties: [(String, JSON)] = []) -> JSON {
        // The rules the results refer to, in first-seen order, so that `ruleIndex` is stable.
        var ruleOrder: [RuleID] = []
        var ruleIndex: [RuleID: Int] = [:]
        for report in reports {
            for finding in report.findings where ruleIndex[finding.rule] == nil {
                ruleIndex[finding.rule] = ruleOrder.count
                ruleOrder.append(finding.rule)
            }
        }
        let rules: [JSON] = ruleOrder.map { id in
            let descriptor = describe(id)
            return .object([
                ("id", .string(id.rawValue)),
                ("shortDescription", .object([("text", .string(descriptor.summary))])),
                ("helpUri", .string("https://legible.invalid/\(helpPage)#\(id.rawValue.replacingDots)")),
                ("defaultConfiguration", .object([("level", .string(level(descriptor.defaultSeverity)))])),
            ])
        }
        var results: [JSON] = []
        var artifacts: [JSON] = []
        for report in reports {
            let uri = uriReference(report.path)
            artifacts.append(.object([("location", .object([("uri", .string(uri))]))]))
            for finding in report.findings {
                var physical: [(String, JSON)] = [("artifactLocation", .object([("uri", .string(uri))]))]
                if let location = finding.location, location.line >= 1 {
                    physical.append(("region", .object([("startLine", .int(location.line)),
                                                        ("startColumn", .int(max(1, location.column)))])))
                }
                var result: [(String, JSON)] = [
                    ("ruleId", .string(finding.rule.rawValue)),
                    ("ruleIndex", .int(ruleIndex[finding.rule]!)),
                    ("level", .string(level(finding.severity))),
                    ("message", .object([("text", .string(finding.message))])),
                    ("locations", .array([.object([("physicalLocation", .object(physical))])])),
                ]
                var properties: [(String, JSON)] = []
                if let cue = finding.cue { properties.append(("cue", .string(cue.label))) }
                if let start = finding.start { properties.append(("start", .number(start.secondsText))) }
                if let end = finding.end { properties.append(("end", .number(end.secondsText))) }
                if let fix = finding.suggestedFix { properties.append(("suggestedFix", .string(fix))) }
                if !properties.isEmpty { result.append(("properties", .object(properties))) }
                results.append(.object(result))
            }
        }
        return .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("legible")),
                    ("version", .string(toolVersion)),
                    ("informationUri", .string("https://legible.invalid/\(helpPage)")),
                    ("rules", .array(rules)),
                ]))])),
                ("artifacts", .array(artifacts)),
                ("results", .array(results)),
                ("columnKind", .string("utf16CodeUnits")),
            ] + (runProperties.isEmpty ? [] : [("properties", .object(runProperties))]))])),
        ])
    }

    /// SARIF levels: `error`, `warning`, `note`.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A path as a URI reference (RFC 3986): unreserved characters and `/` kept, the rest
    /// percent-encoded, so that spaces and `#` in file names stay part of the path.
    static func uriReference(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 15)])"
            }
        }
        return out
    }
}

extension String {
    fileprivate var replacingDots: String { String(map { $0 == "." ? "-" : $0 }) }
}
