import Foundation
import Testing
import TestSupport
import TextScanning
@testable import WebVTT

/// web-platform-tests, webvtt/parsing/cue-text-parsing (../shared/conformance/wpt-webvtt): each
/// case's file through the reader, its cue's text dumped html5lib-style and compared whole.
@Suite struct WPTCueTextConformanceTests {
    struct Case {
        var id: String
        var group: String
        var vtt: String
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
            return Case(id: id, group: group, vtt: vtt, expected: expected)
        }
    }

    @Test(.enabled(if: SharedConformance.isAvailable, "../shared/conformance is not beside this checkout: suite skipped"))
    func cueTextParsing() {
        let cases = Self.load()
        #expect(cases.count == 78, "the suite has 78 cases")
        var failures: [String] = []
        for c in cases {
            // The whole file, as upstream feeds it: the reader finds the cue and parses its text.
            let cues = WebVTTReader().read(Array(c.vtt.utf8)).value.tracks.first?.cues ?? []
            let dump = cues.count == 1 ? WebVTTCueTree.dump(cues[0].content) : "\(cues.count) cues"
            if dump != c.expected {
                failures.append("[\(c.group)] \(c.vtt.debugDescription)\n  expected \(c.expected.debugDescription)\n  got      \(dump.debugDescription)")
            }
        }
        print("WPT WebVTT cue-text parsing: \(cases.count - failures.count)/\(cases.count) passed")
        #expect(failures.isEmpty, "\(failures.count) failing:\n\(failures.joined(separator: "\n"))")
    }
}
