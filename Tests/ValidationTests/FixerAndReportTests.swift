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

/// Issue 36: `--fix` left findings a second run would not clear, without a word.
@Suite struct FixerLeavesNothingUnsaidTests {
    private func cue(_ id: String, _ start: Int64, _ end: Int64, _ text: String = "Text.") -> Cue {
        Cue(id: id, start: MediaTime(milliseconds: start), end: MediaTime(milliseconds: end), content: [.text(text)])
    }
    private func doc(_ cues: [Cue], layoutFamily: LayoutFamily = .cueBoxes) -> Document {
        Document(format: .subRip, tracks: [Track(cues: cues)], layoutFamily: layoutFamily)
    }

    /// A 0-frame gap after a cue that would drop below the minimum duration if it ended sooner:
    /// the cue's start is never moved, so the finding stays, and the outcome says why.
    @Test func aGapThatCannotOpenIsExplained() {
        let fixer = Fixer(profile: .general, frameRate: .fps23_976, timeStep: MediaTime(milliseconds: 1))
        let outcome = fixer.apply(to: doc([cue("5", 7950, 9000), cue("6", 9000, 11000)]))
        #expect(outcome.changes.isEmpty)
        #expect(outcome.document.tracks[0].cues[0].end == MediaTime(milliseconds: 9000))
        let left = try? #require(outcome.notFixed.first)
        #expect(outcome.notFixed.count == 1 && left?.rule == .timingMinGap && left?.cue.id == "5")
        #expect(left?.reason == "the gap before cue 6 stays 0 frames: ending it at 8.916 s for a 2-frame gap would show it for 0.966 s, less than the minimum 1.0 s; --fix does not move a cue's start")
        // A short cue with no free time after it: said too.
        let short = fixer.apply(to: doc([cue("1", 1000, 1500), cue("2", 1560, 3000)]))
        #expect(short.notFixed.map(\.rule) == [.timingMinDuration, .timingMinGap])
    }

    /// Times the fix sets are on the output format's steps, rounded the way the rule needs: a
    /// cue lengthened to Netflix's 5/6 s minimum ends at 0.834 s, not 0.833 (which SRT would
    /// write for 0.8333…, a hair short, and which every later run lengthened again).
    @Test func fixedTimesAreOnTheWritersSteps() {
        let fixer = Fixer(profile: .netflix, frameRate: .fps23_976, timeStep: MediaTime(milliseconds: 1))
        let first = fixer.apply(to: doc([cue("1", 0, 500), cue("2", 5000, 7000)]))
        #expect(first.document.tracks[0].cues[0].end == MediaTime(milliseconds: 834))
        #expect(fixer.apply(to: first.document).changes.isEmpty)
        // A gap opened to 2 frames (83.42 ms at 23.976): the end rounded down, to 2.916 s.
        let gap = fixer.apply(to: doc([cue("1", 0, 3000), cue("2", 3000, 5000)]))
        #expect(gap.document.tracks[0].cues[0].end == MediaTime(milliseconds: 2916))
        // ASS writes centiseconds.
        let ass = Fixer(profile: .netflix, frameRate: .fps23_976, timeStep: MediaTime(value: 1, timescale: 100))
        #expect(ass.apply(to: doc([cue("1", 0, 500), cue("2", 5000, 7000)])).document.tracks[0].cues[0].end == MediaTime(milliseconds: 840))
    }

    /// A cue lengthened to the minimum duration that then ends a few frames before the next is
    /// chained in the same run (a second run found a shot gap to chain).
    @Test func aLengthenedCueIsChainedInTheSameRun() {
        let fixer = Fixer(profile: .general, frameRate: .fps23_976, timeStep: MediaTime(milliseconds: 1))
        let outcome = fixer.apply(to: doc([cue("1", 1000, 1500), cue("2", 2200, 4000)]))
        #expect(outcome.changes.map(\.rule) == [.timingMinDuration, .timingShotGap])
        #expect(outcome.document.tracks[0].cues[0].end == MediaTime(milliseconds: 2116))
        #expect(fixer.apply(to: outcome.document).changes.isEmpty)
        let after = Validator(options: ValidationOptions(frameRate: .fps23_976)).validate(outcome.document)
        #expect(after.isEmpty, "\(after.map(\.message))")
    }

    /// Gaps are fixed from the cue that ends last, as the validator measures them: a cue inside
    /// a longer one does not hide the longer one's 0-frame gap to the next.
    @Test func gapsAreFixedFromTheCueThatEndsLast() {
        let fixer = Fixer(profile: .general, frameRate: .fps23_976, timeStep: MediaTime(milliseconds: 1))
        let outcome = fixer.apply(to: doc([cue("1", 1000, 5000), cue("2", 2000, 3000), cue("3", 5000, 7000)]))
        #expect(outcome.changes.map(\.cue.id) == ["1"])
        #expect(outcome.document.tracks[0].cues[0].end == MediaTime(milliseconds: 4916))
    }

    /// Under the 608 rules the re-wrap is at a row's 32 columns, for `cea608.columns`; a line
    /// that cannot be re-wrapped safely is said.
    @Test func the608RowIsRewrappedAndWhatCannotBeIsSaid() {
        let long = String(repeating: "word ", count: 9) + "end"   // 48 characters
        let scc = Fixer(profile: .general, frameRate: .fps29_97DropFrame).apply(to: doc([cue("1", 0, 4000, long)], layoutFamily: .cea608Grid))
        #expect(scc.changes.map(\.rule) == [.cea608Columns])
        #expect(Validator(profile: .general).validate(scc.document).filter { $0.rule == .cea608Columns }.isEmpty)
        let word = Fixer(profile: .fcc608, frameRate: .fps29_97DropFrame).apply(to: doc([cue("1", 0, 4000, String(repeating: "x", count: 40))]))
        #expect(word.changes.isEmpty)
        #expect(word.notFixed.map(\.rule) == [.cea608Columns])
        #expect(word.notFixed.first?.reason.contains("longer than a line of 32 characters") == true)
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
        #expect(out.contains("\"summary\": {\n    \"files\": 1,\n    \"errors\": 1,\n    \"warnings\": 1,\n    \"infos\": 0,\n    \"unreadable\": 0,\n    \"skipped\": 0\n  }"))
    }

    /// Issue 36: each file says how it came out, in the batch record's words, and the summary
    /// counts the unreadable files; the keys that were there stay as they were.
    @Test func jsonSaysEachFilesStatusAndCountsTheUnreadable() {
        var writer = ReportWriter(format: .json, toolVersion: "0.1.0")
        _ = writer.add(report, order: 0)
        _ = writer.add(FileReport(path: "ok.srt", format: "srt", findings: []), order: 1)
        _ = writer.add(FileReport(path: "gone.srt", format: nil, findings: [Finding(rule: "input.unreadable-file", severity: .error, message: "gone")],
                                  isUnreadable: true), order: 2)
        let out = String(decoding: writer.finish(), as: UTF8.self)
        #expect(out.contains("\"path\": \"dir/a b.srt\",\n      \"format\": \"srt\",\n      \"status\": \"findings\",\n      \"findings\": ["))
        #expect(out.contains("\"path\": \"ok.srt\",\n      \"format\": \"srt\",\n      \"status\": \"ok\""))
        #expect(out.contains("\"path\": \"gone.srt\",\n      \"format\": null,\n      \"status\": \"unreadable\""))
        #expect(out.contains("\"summary\": {\n    \"files\": 3,\n    \"errors\": 2,\n    \"warnings\": 1,\n    \"infos\": 0,\n    \"unreadable\": 1,\n    \"skipped\": 0\n  }"))
        #expect(FileReport.Status.allCases.map(\.rawValue) == ["ok", "findings", "unreadable"])
    }

    @Test func jsonLinesHasOneObjectPerFile() {
        var writer = ReportWriter(format: .jsonl, toolVersion: "0.1.0")
        let lines = String(decoding: writer.add(report, order: 0) + writer.finish(), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("{\"path\":\"dir/a b.srt\",\"status\":\"findings\",\"format\":\"srt\",\"errors\":1,\"warnings\":1,\"infos\":0,\"findings\":[{\"rule\":\"timing.overlap\""))
        #expect(lines[1] == "{\"summary\":{\"files\":1,\"errors\":1,\"warnings\":1,\"infos\":0,\"unreadable\":0,\"skipped\":0}}")
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
