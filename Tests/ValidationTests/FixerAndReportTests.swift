import Testing
import TimedText
@testable import Validation

@Suite struct FixerTests {
    private func cue(_ start: Int64, _ end: Int64, _ text: String) -> Cue {
        Cue(start: MediaTime(milliseconds: start), end: MediaTime(milliseconds: end), content: [.text(text)])
    }

    @Test func fixesLeaveNothingFixableBehind() {
        let track = Track(cues: [
            cue(0, 500, "Too short."),                                             // min-duration
            cue(3000, 5000, "Then a gap of five frames follows this one."),      // shot-gap to the next
            cue(5209, 8000, ""),                                                  // empty: dropped
            cue(5209, 8000, "This single line is much longer than forty-three characters, surely."),
        ])
        let document = Document(format: .subRip, tracks: [track])
        let fixer = Fixer(profile: .general, frameRate: .fps23_976)
        let (fixed, changes) = fixer.fix(document)
        #expect(Set(changes.map(\.rule)) == [.timingMinDuration, .timingShotGap, .textEmpty, .layoutMaxCharsPerLine])
        #expect(fixed.tracks[0].cues.count == 3)
        let after = Validator(profile: .general, options: ValidationOptions(frameRate: .fps23_976)).validate(fixed)
        let fixable = Set(RuleCatalog.rules.filter(\.isFixable).map(\.id))
        #expect(after.filter { fixable.contains($0.rule) }.isEmpty, "\(after.map(\.message))")
        // The chained gap is exactly the 2-frame minimum.
        #expect(fixed.tracks[0].cues[2].start - fixed.tracks[0].cues[1].end! == FrameRate.fps23_976.duration(ofFrames: 2))
    }

    @Test func aShortCueIsExtendedOnlyIntoFreeTime() {
        // The next cue starts 600 ms later: the end can move to 600 ms minus 2 frames, not to 1 s.
        let document = Document(format: .subRip, tracks: [Track(cues: [cue(0, 300, "A"), cue(600, 2000, "B")])])
        let (fixed, _) = Fixer(profile: .general, frameRate: .fps25).fix(document)
        #expect(fixed.tracks[0].cues[0].end == MediaTime(milliseconds: 520))
    }

    @Test func markupIsNotRewrapped() {
        let styled: [InlineNode] = [.span(InlineSpan(.italic, children: [.text(String(repeating: "word ", count: 12))]))]
        #expect(Fixer.rewrap(styled, width: 43, maxLines: 2) == nil)
        let plain: [InlineNode] = [.text(String(repeating: "word ", count: 12))]
        let wrapped = Fixer.rewrap(plain, width: 43, maxLines: 2)
        #expect(wrapped?.filter { $0 == .lineBreak }.count == 1)
    }
}

@Suite struct ReportTests {
    private let report = FileReport(path: "dir/a b.srt", format: "srt", findings: [
        Finding(rule: .timingOverlap, severity: .warning, message: "overlaps", location: SourceLocation(line: 12, column: 1),
                cue: CueReference(track: 0, index: 6, id: "7"), start: MediaTime(value: 25, timescale: 2), end: MediaTime(seconds: 14)),
        Finding(rule: "spec.srt.bad-timestamp", severity: .error, message: "bad <time> & \"x\""),
    ])

    @Test func textFormIsCompilerStyle() {
        var writer = ReportWriter(format: .text, toolVersion: "0.1.0")
        let out = String(decoding: writer.add(report, order: 0) + writer.finish(), as: UTF8.self)
        #expect(out == """
            dir/a b.srt:12:1: warning: overlaps [timing.overlap]
            dir/a b.srt: error: bad <time> & "x" [spec.srt.bad-timestamp]
            1 file checked: 1 error, 1 warning, 0 infos

            """)
    }

    @Test func jsonFormFollowsTheContract() {
        var writer = ReportWriter(format: .json, toolVersion: "0.1.0")
        #expect(writer.add(report, order: 0).isEmpty)
        let out = String(decoding: writer.finish(), as: UTF8.self)
        #expect(out.contains("\"rule\": \"timing.overlap\",\n          \"severity\": \"warning\""))
        #expect(out.contains("\"cue\": \"7\",\n          \"start\": 12.5,\n          \"end\": 14.0"))
        #expect(out.contains("\"summary\": {\n    \"files\": 1,\n    \"errors\": 1,\n    \"warnings\": 1,\n    \"infos\": 0\n  }"))
    }

    @Test func jsonLinesHasOneObjectPerFile() {
        var writer = ReportWriter(format: .jsonl, toolVersion: "0.1.0")
        let lines = String(decoding: writer.add(report, order: 0) + writer.finish(), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("{\"path\":\"dir/a b.srt\",\"status\":\"findings\",\"format\":\"srt\",\"errors\":1,\"warnings\":1,\"infos\":0,\"findings\":[{\"rule\":\"timing.overlap\""))
        #expect(lines[1] == "{\"summary\":{\"files\":1,\"errors\":1,\"warnings\":1,\"infos\":0}}")
    }

    @Test func sarifHasRulesResultsAndEncodedURIs() {
        var writer = ReportWriter(format: .sarif, toolVersion: "0.1.0")
        _ = writer.add(report, order: 0)
        let out = String(decoding: writer.finish(), as: UTF8.self)
        #expect(out.contains("\"version\": \"2.1.0\""))
        #expect(out.contains("\"uri\": \"dir/a%20b.srt\""))
        #expect(out.contains("\"level\": \"error\""))
        #expect(out.contains("\"ruleIndex\": 1"))
        #expect(out.contains("\"startLine\": 12"))
    }

    @Test func junitMarksFailuresAtTheThreshold() {
        var writer = ReportWriter(format: .junit, failOn: .error, toolVersion: "0.1.0")
        _ = writer.add(report, order: 0)
        let out = String(decoding: writer.finish(), as: UTF8.self)
        #expect(out.contains("<testsuite name=\"dir/a b.srt\" tests=\"2\" failures=\"1\" errors=\"0\""))
        #expect(out.contains("message=\"bad &lt;time&gt; &amp; &quot;x&quot;\""))
        #expect(out.contains("<system-out>dir/a b.srt:12:1: warning: overlaps</system-out>"))
    }
}
