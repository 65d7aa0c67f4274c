import Foundation
import Testing
import TestSupport
import TextScanning
import TimedText
@testable import WebVTT

/// Mozilla vtt.js's parser tests (../shared/conformance/vttjs-webvtt): each file through the
/// reader, every cue compared with vtt.js's VTTCue JSON. vtt.js follows a 2014–2016 draft, so the
/// old names are translated (`middle` is `center`; `positionAlign` `start`/`end` are
/// `line-left`/`line-right`, and reported as computed; no region is `""`) and the remaining differences are reported by
/// field. docs/conformance.md explains each kind; this test guards against regressions.
@Suite struct VTTJSConformanceTests {
    /// Pairs passing when docs/conformance.md was last updated; a change below it is a regression.
    static let expectedPasses = 251

    static func translate(_ field: String, _ value: Any) -> String {
        switch (field, value) {
        case ("align", let s as String), ("lineAlign", let s as String):
            return s == "middle" ? "center" : s
        case ("positionAlign", let s as String):
            switch s {
            case "middle": return "center"
            case "start": return "line-left"
            case "end": return "line-right"
            default: return s
            }
        case (_, let n as NSNumber) where String(cString: n.objCType) == "c":
            return n.boolValue ? "true" : "false"
        case (_, let n as NSNumber):
            return "\(n.doubleValue)"
        case (_, let s as String):
            return s
        default:
            return "\(value)"
        }
    }

    /// The reader's cue in vtt.js's JSON terms, field by field.
    static func fields(of values: WebVTTCueValues, _ cue: Cue, regions: [WebVTTRegionValues]) -> [String: String] {
        var result: [String: String] = [
            "id": values.id, "text": values.text,
            "startTime": "\(cue.start.approximateSeconds)", "endTime": "\((cue.end ?? cue.start).approximateSeconds)",
            "align": values.textAlignment.rawValue, "lineAlign": values.lineAlignment.rawValue,
            // vtt.js reports the computed alignment (its draft had no `auto`).
            "positionAlign": CueLayout(positionAlignment: values.positionAlignment, textAlignment: values.textAlignment)
                .computedPositionAlignment().rawValue,
            "line": values.line.map { "\($0)" } ?? "auto", "position": values.position.map { "\($0)" } ?? "auto",
            "size": "\(values.size)", "snapToLines": values.snapToLines ? "true" : "false",
            "vertical": values.vertical, "pauseOnExit": "false",
        ]
        if let index = values.regionIndex {
            let r = regions[index]
            result["region"] = "lines=\(r.lines) regionAnchorX=\(r.regionAnchorX) regionAnchorY=\(r.regionAnchorY) scroll=\(r.scroll) viewportAnchorX=\(r.viewportAnchorX) viewportAnchorY=\(r.viewportAnchorY) width=\(r.width)"
        } else {
            result["region"] = "none"
        }
        return result
    }

    static func expectedFields(_ cue: [String: Any]) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in cue where key != "region" { result[key] = translate(key, value) }
        if let r = cue["region"] as? [String: Any] {
            let keys = ["lines", "regionAnchorX", "regionAnchorY", "scroll", "viewportAnchorX", "viewportAnchorY", "width"]
            result["region"] = keys.map { key in "\(key)=\(r[key].map { translate(key, $0) } ?? "?")" }.joined(separator: " ")
        } else {
            result["region"] = "none"
        }
        return result
    }

    @Test(.enabled(if: SharedConformance.isAvailable, "../shared/conformance is not beside this checkout: suite skipped"))
    func vttjsParsing() throws {
        let root = try #require(SharedConformance.root) + "/vttjs-webvtt"
        let data = try #require(FileManager.default.contents(atPath: root + "/manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tests = try #require(manifest["tests"] as? [[String: Any]])
        var passed = 0
        var byField: [String: [String]] = [:]
        for test in tests {
            guard let vtt = test["vtt"] as? String, let json = test["json"] as? String,
                  let bytes = FileManager.default.contents(atPath: root + "/" + vtt),
                  let expectedData = FileManager.default.contents(atPath: root + "/" + json),
                  let expected = try? JSONSerialization.jsonObject(with: expectedData) as? [String: Any] else {
                byField["unreadable", default: []].append(test["vtt"] as? String ?? "?")
                continue
            }
            let file = WebVTTReader(options: .init(keepsCueValues: true)).readFile(SourceDecoder.decode(Array(bytes)).value).value
            let expectedCues = expected["cues"] as? [[String: Any]] ?? []
            var differences: Set<String> = []
            if expectedCues.count != file.cueValues.count {
                differences.insert("cue count")
            } else {
                for (k, expectedCue) in expectedCues.enumerated() {
                    let got = Self.fields(of: file.cueValues[k], file.document.tracks[0].cues[k], regions: file.regionValues)
                    for (key, value) in Self.expectedFields(expectedCue) where got[key] != value {
                        differences.insert(key)
                    }
                }
            }
            if differences.isEmpty {
                passed += 1
            } else {
                for d in differences { byField[d, default: []].append(vtt) }
            }
        }
        print("vtt.js WebVTT parsing: \(passed)/\(tests.count) test pairs match")
        for (field, files) in byField.sorted(by: { $0.value.count > $1.value.count }) {
            print("  differs in \(field): \(files.count) — \(files.prefix(6).joined(separator: ", "))\(files.count > 6 ? ", …" : "")")
        }
        #expect(passed >= Self.expectedPasses, "vtt.js passes fell from \(Self.expectedPasses) to \(passed)")
    }
}
