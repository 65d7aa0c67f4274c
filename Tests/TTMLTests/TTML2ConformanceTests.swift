import Foundation
import XML
import Testing
import TestSupport
import TextScanning
import TimedText
@testable import TTML

/// W3C ttml2-tests (../shared/conformance/ttml2-tests, see its SOURCE.md) through `XMLScanner` and
/// `TTMLValidator`: a document expected to be accepted (validation `accept`, presentation
/// `present`) must produce no error, one expected to be rejected at least one.
///
/// 734 documents take a few seconds in a debug build, so the run is opt-in: set
/// `LEGIBLE_TTML2_CONFORMANCE=1` (scripts/ttml2-conformance.sh does). It prints the pass rate and
/// every failure grouped by reason, and fails below 90%.
@Suite struct TTML2ConformanceTests {
    static let enabled = ["1", "verbose"].contains(ProcessInfo.processInfo.environment["LEGIBLE_TTML2_CONFORMANCE"])
    /// `verbose` also prints why each rejected document was rejected, to check the reasons.
    static let verbose = ProcessInfo.processInfo.environment["LEGIBLE_TTML2_CONFORMANCE"] == "verbose"

    struct Case {
        let name: String
        let kind: String
        let file: String
        let expectsErrors: Bool
        let excluded: Bool
    }

    static func cases(root: String) throws -> [Case] {
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/manifest.json"))
        let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        return (manifest["tests"] as? [[String: Any]] ?? []).map { test in
            Case(name: test["name"] as? String ?? "?", kind: test["kind"] as? String ?? "?",
                 file: test["file"] as? String ?? "", expectsErrors: test["expect"] as? String == "reject",
                 excluded: test["excluded"] as? Bool ?? false)
        }
    }

    /// Reads and validates one document; external resources are read relative to it.
    static func diagnostics(path: String) -> [Diagnostic] {
        guard let bytes = FileManager.default.contents(atPath: path).map(Array.init) else {
            return [Diagnostic(.error, "test.unreadable", "cannot read \(path)")]
        }
        let decoded = SourceDecoder.decode(bytes)
        let scanned = XMLScanner().scan(decoded.value)
        guard let root = scanned.value.root else { return scanned.diagnostics }
        let directory = (path as NSString).deletingLastPathComponent
        let options = TTMLValidator.Options(checksProfiles: false, loadResource: { reference in
            guard !reference.contains("://"), !reference.hasPrefix("#") else { return nil }
            return FileManager.default.contents(atPath: directory + "/" + reference).map(Array.init)
        })
        return scanned.diagnostics + TTMLValidator(options: options).validate(root)
    }

    @Test(.enabled(if: SharedConformance.isAvailable, "../shared/conformance is not beside this checkout: suite skipped"),
          .enabled(if: enabled, "set LEGIBLE_TTML2_CONFORMANCE=1 (scripts/ttml2-conformance.sh) to run the 734 ttml2-tests documents"))
    func ttml2Tests() throws {
        let root = SharedConformance.root! + "/ttml2-tests"
        let cases = try Self.cases(root: root)
        #expect(cases.count == 734)
        var passed = 0
        var passedByKind: [String: (Int, Int)] = [:]
        var falseAccepts: [String] = []
        var falseRejects: [String: [String]] = [:]
        for test in cases {
            let errors = Self.diagnostics(path: root + "/" + test.file).filter { $0.severity == .error }
            let ok = errors.isEmpty != test.expectsErrors
            if Self.verbose, let first = errors.first { print("  \(test.name): \(first)") }
            var tally = passedByKind[test.kind, default: (0, 0)]
            tally.1 += 1
            if ok { passed += 1; tally.0 += 1 }
            passedByKind[test.kind] = tally
            guard !ok else { continue }
            let mark = test.excluded ? " (excluded upstream)" : ""
            if test.expectsErrors {
                falseAccepts.append(test.name + mark)
            } else {
                let reason = errors.first.map { "\($0.code)" } ?? "?"
                falseRejects[reason, default: []].append("\(test.name)\(mark): \(errors.first!.description)")
            }
        }
        let rate = Double(passed) / Double(cases.count) * 100
        print("ttml2-tests: \(passed)/\(cases.count) (\(String(format: "%.1f", rate))%)"
              + passedByKind.sorted { $0.key < $1.key }.map { " \($0.key) \($0.value.0)/\($0.value.1)" }.joined(separator: ","))
        print("  accepted but expected to be rejected (\(falseAccepts.count)):")
        for name in falseAccepts { print("    \(name)") }
        print("  rejected but expected to be accepted (\(falseRejects.values.map(\.count).reduce(0, +))), by first error code:")
        for (reason, names) in falseRejects.sorted(by: { $0.key < $1.key }) {
            print("    \(reason) (\(names.count))")
            for name in names { print("      \(name)") }
        }
        #expect(rate >= 90, "ttml2-tests pass rate \(rate)% is below 90%")
    }
}

extension TTML2ConformanceTests {
    /// The w3c/imsc-tests documents are all valid IMSC (hence valid TTML2): none may get an error.
    /// This guards against false rejections on real-world-shaped files; profile warnings are
    /// counted and listed, not failed.
    @Test(.enabled(if: SharedConformance.isAvailable, "../shared/conformance is not beside this checkout: suite skipped"),
          .enabled(if: enabled, "set LEGIBLE_TTML2_CONFORMANCE=1 (scripts/ttml2-conformance.sh) to run the imsc-tests documents"))
    func imscTestsHaveNoErrors() throws {
        let root = SharedConformance.root! + "/imsc-tests"
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/manifest.json"))
        let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let files = (manifest["tests"] as? [[String: Any]] ?? []).compactMap { $0["ttml"] as? String }
        var clean = 0
        var failures: [String] = []
        var warnings: [String: Int] = [:]
        for file in files {
            let path = root + "/" + file
            guard let bytes = FileManager.default.contents(atPath: path).map(Array.init) else { continue }
            let scanned = XMLScanner().scan(SourceDecoder.decode(bytes).value)
            var diagnostics = scanned.diagnostics
            if let element = scanned.value.root { diagnostics += TTMLValidator().validate(element) }
            let errors = diagnostics.filter { $0.severity == .error }
            for warning in diagnostics where warning.severity == .warning {
                warnings[warning.code.rawValue, default: 0] += 1
                if Self.verbose { print("  \(file): \(warning)") }
            }
            if errors.isEmpty { clean += 1 } else { failures.append("\(file): \(errors[0])") }
        }
        print("imsc-tests: \(clean)/\(files.count) documents without errors; profile warnings: "
              + warnings.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        for failure in failures { print("  \(failure)") }
        #expect(failures.isEmpty)
    }
}
