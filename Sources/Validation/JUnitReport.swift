import TimedText

/// JUnit XML, as CI dashboards read it: `<testsuites>` with a `<testsuite>` per file and a
/// `<testcase>` per finding (named by rule and cue). Findings at or above `--fail-on` are
/// `<failure>`s; the others pass with the message in `<system-out>`; a file without findings is
/// one passing test case. An unreadable file is an `<error>`.
enum JUnitReport {
    static func document(_ reports: [FileReport], summary: ValidationSummary, failOn: Severity?) -> String {
        var suites = ""
        var totalTests = 0, totalFailures = 0, totalErrors = 0
        for report in reports {
            var cases = ""
            var tests = 0, failures = 0, errors = 0
            if report.findings.isEmpty {
                tests = 1
                cases += "    <testcase name=\"validate\" classname=\"\(escape(report.path))\"/>\n"
            }
            for finding in report.findings {
                tests += 1
                var name = finding.rule.rawValue
                if let cue = finding.cue { name += " cue \(cue.label)" }
                if let location = finding.location { name += " (line \(location.line))" }
                cases += "    <testcase name=\"\(escape(name))\" classname=\"\(escape(report.path))\">\n"
                let detail = "\(report.path)\(finding.location.map { ":\($0.line):\($0.column)" } ?? ""): \(finding.severity.rawValue): \(finding.message)"
                if report.isUnreadable && finding.severity == .error {
                    errors += 1
                    cases += "      <error type=\"\(escape(finding.rule.rawValue))\" message=\"\(escape(finding.message))\">\(escape(detail))</error>\n"
                } else if let failOn, finding.severity >= failOn {
                    failures += 1
                    cases += "      <failure type=\"\(escape(finding.rule.rawValue))\" message=\"\(escape(finding.message))\">\(escape(detail))</failure>\n"
                } else {
                    cases += "      <system-out>\(escape(detail))</system-out>\n"
                }
                cases += "    </testcase>\n"
            }
            totalTests += tests
            totalFailures += failures
            totalErrors += errors
            suites += "  <testsuite name=\"\(escape(report.path))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\">\n"
            suites += cases
            suites += "  </testsuite>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"legible validate\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"\(totalErrors)\">\n"
            + suites + "</testsuites>\n"
    }

    /// XML 1.0 text and attribute escaping; characters XML 1.0 cannot hold at all (C0 controls
    /// other than tab, newline and return) become U+FFFD.
    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
