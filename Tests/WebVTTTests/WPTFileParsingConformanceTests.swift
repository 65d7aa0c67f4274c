import Foundation
import Testing
import TestSupport
import TextScanning
import TimedText
@testable import WebVTT

/// web-platform-tests, webvtt/parsing/file-parsing (../shared/conformance/wpt-webvtt): each file
/// through the reader, then every upstream assertion checked against the `VTTCue`/`VTTRegion`
/// values the reader reports (`WebVTTFile.cueValues`) and the model's cue times.
@Suite struct WPTFileParsingConformanceTests {
    /// A value as the assertions compare them (testharness.js `assert_equals`: `0` is not `-0`).
    enum Value: Equatable, CustomStringConvertible {
        case number(Double)
        case string(String)
        case bool(Bool)
        case null
        case region(Int)

        static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case let (.number(x), .number(y)): x == y && x.sign == y.sign
            case let (.string(x), .string(y)): x == y
            case let (.bool(x), .bool(y)): x == y
            case (.null, .null): true
            case let (.region(x), .region(y)): x == y
            default: false
            }
        }

        var description: String {
            switch self {
            case .number(let d): "\(d)"
            case .string(let s): s.debugDescription
            case .bool(let b): "\(b)"
            case .null: "null"
            case .region(let i): "region#\(i)"
            }
        }
    }

    struct Outcome {
        var passed: Bool
        var failures: [String]
        var assertions: Int
    }

    static func run(_ test: [String: Any], root: String) -> Outcome {
        let name = test["name"] as? String ?? "?"
        guard let input = test["input"] as? String, let expectedPath = test["expected"] as? String,
              let bytes = FileManager.default.contents(atPath: root + "/" + input),
              let data = FileManager.default.contents(atPath: root + "/" + expectedPath),
              let expected = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return Outcome(passed: false, failures: ["\(name): unreadable test files"], assertions: 0)
        }
        let decoded = SourceDecoder.decode(Array(bytes))
        let result = WebVTTReader(options: .init(keepsCueValues: true)).readFile(decoded.value)
        let rejected = result.diagnostics.contains { $0.code == .webVTTBadSignature }
        if (expected["expect"] as? String) == "error" {
            let ok = rejected && result.value.document.tracks.isEmpty
            return Outcome(passed: ok, failures: ok ? [] : ["\(name): must be rejected, was read"], assertions: 1)
        }
        if rejected { return Outcome(passed: false, failures: ["\(name): rejected, must load"], assertions: 1) }
        var failures: [String] = []
        let file = result.value
        if let count = expected["cue_count"] as? Int, count != file.cueValues.count {
            failures.append("\(name): \(file.cueValues.count) cues, expected \(count)")
        }
        let assertions = expected["assertions"] as? [[String: Any]] ?? []
        for assertion in assertions {
            guard let target = assertion["target"] as? String, let op = assertion["op"] as? String else { continue }
            let actual = evaluate(target, in: file)
            var wanted: Value?
            if let ref = (assertion["value"] as? [String: Any])?["ref"] as? String {
                wanted = evaluate(ref, in: file)
            } else if assertion.keys.contains("value") {
                wanted = jsonValue(assertion["value"])
            }
            let ok: Bool
            switch op {
            case "equals": ok = actual != nil && actual == wanted
            case "not_equals": ok = actual != nil && actual != wanted
            case "not_null": ok = actual != nil && actual != .null
            default: ok = false
            }
            if !ok {
                failures.append("\(name): \(target) \(op) \(wanted?.description ?? "") — got \(actual?.description ?? "nothing")")
            }
        }
        return Outcome(passed: failures.isEmpty, failures: failures, assertions: max(1, assertions.count))
    }

    static func jsonValue(_ any: Any?) -> Value {
        switch any {
        case nil, is NSNull: return .null
        case let n as NSNumber:
            // JSON true/false arrive as NSNumbers of Objective-C type `c` (char).
            if String(cString: n.objCType) == "c" { return .bool(n.boolValue) }
            return .number(n.doubleValue)
        case let s as String: return .string(s)
        default: return .null
        }
    }

    /// Evaluates `cues.length`, `cues[3].line`, `cues[0].region.lines` and the like.
    static func evaluate(_ target: String, in file: WebVTTFile) -> Value? {
        if target == "cues.length" { return .number(Double(file.cueValues.count)) }
        // The style sheets of a WebVTT file never reach a document here: there is none to leak into.
        if target == "document.styleSheets.length" { return .number(0) }
        guard target.hasPrefix("cues["), let close = target.firstIndex(of: "]"),
              let index = Int(target[target.index(target.startIndex, offsetBy: 5)..<close]),
              index < file.cueValues.count else { return nil }
        let values = file.cueValues[index]
        let cue = file.document.tracks[0].cues[index]
        let path = target[target.index(after: close)...].split(separator: ".").map(String.init)
        guard let property = path.first else { return nil }
        switch property {
        case "id": return .string(values.id)
        case "text": return .string(values.text)
        case "startTime": return .number(cue.start.approximateSeconds)
        case "endTime": return .number(cue.end?.approximateSeconds ?? .infinity)
        case "vertical": return .string(values.vertical)
        case "snapToLines": return .bool(values.snapToLines)
        case "line": return values.line.map(Value.number) ?? .string("auto")
        case "lineAlign": return .string(values.lineAlignment.rawValue)
        case "position": return values.position.map(Value.number) ?? .string("auto")
        case "positionAlign": return .string(values.positionAlignment.rawValue)
        case "size": return .number(values.size)
        case "align": return .string(values.textAlignment.rawValue)
        case "region":
            guard let regionIndex = values.regionIndex else { return path.count == 1 ? .null : nil }
            if path.count == 1 { return .region(regionIndex) }
            let region = file.regionValues[regionIndex]
            switch path[1] {
            case "id": return .string(region.id)
            case "width": return .number(region.width)
            case "lines": return .number(region.lines)
            case "regionAnchorX": return .number(region.regionAnchorX)
            case "regionAnchorY": return .number(region.regionAnchorY)
            case "viewportAnchorX": return .number(region.viewportAnchorX)
            case "viewportAnchorY": return .number(region.viewportAnchorY)
            case "scroll": return .string(region.scroll)
            default: return nil
            }
        default: return nil
        }
    }

    @Test(.enabled(if: SharedConformance.isAvailable, "../shared/conformance is not beside this checkout: suite skipped"))
    func fileParsing() throws {
        let root = try #require(SharedConformance.root) + "/wpt-webvtt/file-parsing"
        let data = try #require(FileManager.default.contents(atPath: root + "/manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tests = try #require(manifest["tests"] as? [[String: Any]])
        #expect(tests.count == 51, "the suite has 51 files")
        var failures: [String] = []
        var passed = 0
        var assertions = 0
        for test in tests {
            let outcome = Self.run(test, root: root)
            if outcome.passed { passed += 1 }
            assertions += outcome.assertions
            failures += outcome.failures
        }
        print("WPT WebVTT file parsing: \(passed)/\(tests.count) files passed (\(assertions) assertions checked)")
        #expect(failures.isEmpty, "\(failures.count) failing:\n\(failures.joined(separator: "\n"))")
    }
}
