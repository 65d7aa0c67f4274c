import Foundation
import Testing
import TestSupport
import TextScanning
@testable import WebVTT

/// web-platform-tests, webvtt/parsing/cue-text-parsing (../shared/conformance/wpt-webvtt): each
/// case's cue text through the cue text parser, dumped html5lib-style and compared whole.
@Suite struct WPTCueTextConformanceTests {
    struct Case {
        var id: String
        var group: String
        var cueText: String
        var expected: String
    }

    static func load() -> [Case] {
        guard let root = SharedConformance.root,
              let data = FileManager.default.contents(atPath: root + "/wpt-webvtt/cue-text-parsing/cases.json"),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let cases = json["cases"] as? [[String: Any]] else { return [] }
        return cases.compactMap { c in
            guard let id = c["id"] as? String, let group = c["group"] as? String, let vtt = c["vtt"] as? String,
                  let expected = c["expected_dump"] as? String else { return nil }
            // Decoded as every reader's input is (NUL becomes U+FFFD there).
            let text = String(decoding: SourceDecoder.decode(Array(vtt.utf8)).value.bytes, as: UTF8.self)
            return Case(id: id, group: group, cueText: cuePayload(of: text), expected: expected)
        }
    }

    /// The cue text as the file parser hands it over: the lines after the timing line, up to the
    /// first empty line (W3C WebVTT §6.1). Until the WebVTT file reader exists (issue #3) the runner
    /// applies this one rule itself.
    static func cuePayload(of vtt: String) -> String {
        guard let timing = vtt.range(of: "-->"), let lineEnd = vtt[timing.upperBound...].firstIndex(of: "\n") else { return "" }
        let rest = vtt[vtt.index(after: lineEnd)...]
        if let blank = rest.range(of: "\n\n") { return String(rest[..<blank.lowerBound]) }
        return String(rest)
    }

    @Test(.enabled(if: SharedConformance.isAvailable, "../shared/conformance is not beside this checkout: suite skipped"))
    func cueTextParsing() {
        let cases = Self.load()
        #expect(cases.count == 78, "the suite has 78 cases")
        var failures: [String] = []
        for c in cases {
            let dump = WebVTTCueTree.dump(WebVTTCueTextParser.parse(c.cueText))
            if dump != c.expected {
                failures.append("[\(c.group)] \(c.cueText.debugDescription)\n  expected \(c.expected.debugDescription)\n  got      \(dump.debugDescription)")
            }
        }
        print("WPT WebVTT cue-text parsing: \(cases.count - failures.count)/\(cases.count) passed")
        #expect(failures.isEmpty, "\(failures.count) failing:\n\(failures.joined(separator: "\n"))")
    }
}
