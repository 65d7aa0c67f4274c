import Testing
import TimedText
@testable import Validation

private func cue(_ id: String, _ start: Int64, _ end: Int64?, _ text: String, line: Int? = nil) -> Cue {
    Cue(id: id, start: MediaTime(milliseconds: start), end: end.map { MediaTime(milliseconds: $0) },
        content: text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { k, part -> [InlineNode] in
            k == 0 ? [.text(String(part))] : [.lineBreak, .text(String(part))]
        }, source: line.map { SourceLocation(line: $0, column: 1) })
}

private func document(_ cues: [Cue], language: String? = nil) -> Document {
    Document(format: .subRip, tracks: [Track(language: language.flatMap(LanguageTag.init(wellFormed:)), cues: cues)])
}

@Suite struct ValidatorTests {
    @Test func readingSpeedIsCheckedAtFasterPlaybackRates() {
        // 40 characters in 2 s: 20 cps, fine at 1× (limit 25), 30 cps at 1.5×.
        let text = String(repeating: "abcd ", count: 8)
        let doc = document([cue("1", 0, 2000, text)])
        #expect(Validator().validate(doc).allSatisfy { $0.rule != .readabilityCPS })
        let found = Validator(options: ValidationOptions(playbackRates: [Fraction(3, 2), Fraction(2)]))
            .validate(doc).filter { $0.rule == .readabilityCPS }
        #expect(found.count == 1)  // reported once, at the slowest rate that fails
        #expect(found.first?.message.contains("1.5× playback") == true)
    }

    @Test func gapsAreCountedInFramesOfTheChosenRate() {
        // A 150 ms gap: 3.6 frames at 23.976, 3.75 at 25, 4.5 at 29.97, 7.5 at 50, 9 at 59.94:
        // all above the 2-frame minimum and below 12, so chaining is suggested at every rate.
        let doc = document([cue("1", 0, 2000, "One"), cue("2", 2150, 4000, "Two")])
        for rate in [FrameRate.fps23_976, .fps25, .fps29_97DropFrame, .fps30, .fps50, .fps59_94] {
            let found = Validator(options: ValidationOptions(frameRate: rate)).validate(doc)
            #expect(found.filter { $0.rule == .timingMinGap }.isEmpty, "\(rate)")
            #expect(found.filter { $0.rule == .timingShotGap }.count == 1, "\(rate)")
        }
        // 40 ms: one frame at 25 fps (below the minimum), two at 50 fps (fine).
        let tight = document([cue("1", 0, 2000, "One"), cue("2", 2040, 4000, "Two")])
        #expect(Validator(options: ValidationOptions(frameRate: .fps25)).validate(tight).contains { $0.rule == .timingMinGap })
        #expect(!Validator(options: ValidationOptions(frameRate: .fps50)).validate(tight).contains { $0.rule == .timingMinGap })
    }

    @Test func profilesChangeNumbersAndSeverities() {
        // 0.9 s: too short for general (1 s), fine for Netflix (5/6 s); too short for DCMP (2 s).
        let doc = document([cue("1", 0, 900, "Hello.")])
        #expect(Validator(profile: .general).validate(doc).contains { $0.rule == .timingMinDuration })
        #expect(!Validator(profile: .netflix).validate(doc).contains { $0.rule == .timingMinDuration })
        #expect(Validator(profile: .dcmp).validate(doc).contains { $0.rule == .timingMinDuration })
        // WCAG turns editorial rules off.
        let long = document([cue("1", 0, 9000, String(repeating: "x", count: 60))])
        #expect(Validator(profile: .wcag).validate(long).isEmpty)
    }

    @Test func netflixNumbersMatchTheStyleGuide() {
        let p = ValidationProfile.netflix
        #expect(p.minDuration == MediaTime(value: 5, timescale: 6))
        #expect(p.maxDuration == MediaTime(seconds: 7))
        #expect(p.maxLines == 2)
        #expect(p.minGapFrames == 2)
        #expect(p.limits(forLanguage: "en-US").maxCharsPerLine == 42)
        #expect(p.limits(forLanguage: "en-US").maxCharsPerSecond == Fraction(20))
        #expect(p.limits(forLanguage: "ja").maxCharsPerLine == 13)
        #expect(p.limits(forLanguage: "ja").fullWidthCounting)
        #expect(p.limits(forLanguage: "ja").maxCharsPerSecond == Fraction(4))
        #expect(p.limits(forLanguage: "fr").maxCharsPerLine == 42)
        let general = ValidationProfile.general
        #expect(general.limits.maxCharsPerLine == 43 && general.maxLines == 2 && general.limits.maxCharsPerSecond == Fraction(25))
        #expect(general.minDuration == MediaTime(seconds: 1) && general.maxDuration == MediaTime(seconds: 8))
        #expect(general.minGapFrames == 2 && general.chainingThresholdFrames == 12)
        #expect(ValidationProfile.dcmp.limits.maxCharsPerLine == 32 && ValidationProfile.dcmp.minDuration == MediaTime(seconds: 2))
        #expect(ValidationProfile.fcc608.limits.maxCharsPerLine == 32 && ValidationProfile.fcc608.maxLines == 4)
        #expect(ValidationProfile.wcag.minContrastRatio == Fraction(9, 2))
    }

    @Test func customProfileExtendsABuiltInOne() throws {
        let json = #"{ "name": "studio", "extends": "netflix", "maxCharsPerLine": 30, "maxDuration": null,"#
            + #" "languages": { "fr": { "maxCharsPerSecond": 15 } }, "rules": { "timing.overlap": "error", "readability.wpm": "warning" } }"#
        let p = try ValidationProfile.load(json: Array(json.utf8))
        #expect(p.name == "studio")
        #expect(p.limits.maxCharsPerLine == 30)
        #expect(p.maxDuration == nil)
        #expect(p.minDuration == MediaTime(value: 5, timescale: 6))  // inherited
        #expect(p.limits(forLanguage: "fr-CA").maxCharsPerSecond == Fraction(15))
        #expect(p.severity(of: .timingOverlap, default: .warning) == .error)
        #expect(p.severity(of: .readabilityWPM, default: .warning) == .warning)
        #expect(throws: LegibleError.self) { try ValidationProfile.load(json: Array(#"{ "extends": "nope" }"#.utf8)) }
        #expect(throws: LegibleError.self) { try ValidationProfile.load(json: Array(#"{ "rules": { "timing.bogus": "off" } }"#.utf8)) }
        #expect(throws: LegibleError.self) { try ValidationProfile.load(json: Array(#"{ "maxLines": 2.5 }"#.utf8)) }
    }

    @Test func overlapsAgainstAnOpenCueAndTheLongestCue() {
        // Cue 1 runs to 10 s; cue 2 (2–3 s) and cue 3 (4–5 s) both overlap it.
        let doc = document([cue("1", 0, 10000, "Long"), cue("2", 2000, 3000, "A"), cue("3", 4000, 5000, "B")])
        let found = Validator().validate(doc).filter { $0.rule == .timingOverlap }
        #expect(found.map(\.cue?.id) == ["2", "3"])
    }

    @Test func specDiagnosticsBecomeSpecRules() {
        let diagnostic = Diagnostic(.warning, "webvtt.bad-timestamp", "bad", at: SourceLocation(line: 3, column: 4))
        let found = Validator().validate(document([]), diagnostics: [diagnostic])
        #expect(found.map(\.rule.rawValue) == ["spec.webvtt.bad-timestamp"])
        #expect(found.first?.location == SourceLocation(line: 3, column: 4))
        #expect(Validator(profile: .wcag).validate(document([]), diagnostics: [diagnostic]).first?.severity == .info)
    }

    /// Issue 36: findings come in source order — by line, then column — in every output form,
    /// whichever rule or reader made them; those without a position first; the same place keeps
    /// the order the rules ran in.
    @Test func findingsAreInSourceOrder() {
        let doc = document([
            cue("1", 1000, 1300, "Short.", line: 1),                                                             // min-duration
            cue("2", 5000, 7000, "This line is very much longer than forty-three characters, surely.", line: 5), // cps, line length
            cue("3", 10000, 12000, "Fine.", line: 13),
        ])
        let diagnostics = [
            Diagnostic(.error, "srt.bad-timestamp", "bad timing", at: SourceLocation(line: 10, column: 8)),
            Diagnostic(.error, "srt.bad-timestamp", "bad timing earlier on the line", at: SourceLocation(line: 10, column: 2)),
            Diagnostic(.info, "text.encoding", "decoded as windows-1252"),
        ]
        let found = Validator().validate(doc, diagnostics: diagnostics)
        #expect(found.map { $0.location.map { "\($0.line):\($0.column)" } ?? "-" } == ["-", "1:1", "5:1", "5:1", "10:2", "10:8"])
        #expect(found.map(\.rule.rawValue) == ["spec.text.encoding", "timing.min-duration", "readability.cps", "layout.max-chars-per-line",
                                               "spec.srt.bad-timestamp", "spec.srt.bad-timestamp"])
        // Without positions (cues decoded from video): whole-file findings, then by cue.
        let unplaced = [
            Finding(rule: .layoutMaxLines, severity: .warning, message: "b", cue: CueReference(track: 0, index: 4, id: nil)),
            Finding(rule: .textEmpty, severity: .warning, message: "whole file"),
            Finding(rule: .timingOverlap, severity: .warning, message: "a", cue: CueReference(track: 0, index: 1, id: nil)),
            Finding(rule: .textEmpty, severity: .warning, message: "placed", location: SourceLocation(line: 2, column: 1)),
        ]
        #expect(Finding.inSourceOrder(unplaced).map(\.message) == ["whole file", "a", "b", "placed"])
    }

    /// Issue 36: under the 608 rules a long line was reported twice, by
    /// `layout.max-chars-per-line` and `cea608.columns`. The generic rule stands down when the 608
    /// row's 32 columns are at least as strict as its limit; a stricter house limit keeps its own.
    @Test func aLongLineIsOneFindingUnderThe608Rules() throws {
        let long = cue("1", 0, 4000, String(repeating: "word ", count: 14) + "end", line: 1)   // 73 characters
        func lineRules(_ profile: ValidationProfile, _ doc: Document) -> [String] {
            Validator(profile: profile).validate(doc).map(\.rule.rawValue).filter { $0.hasPrefix("layout.max-chars") || $0.hasPrefix("cea608.col") }
        }
        #expect(lineRules(.fcc608, document([long])) == ["cea608.columns"])
        #expect(lineRules(.dcmp, document([long])) == ["cea608.columns"])
        // SCC input under the general profile (43 characters): the 608 rule alone.
        let scc = Document(format: CaptionFormatID(rawValue: "scc"), tracks: [Track(cues: [long])], layoutFamily: .cea608Grid)
        #expect(lineRules(.general, scc) == ["cea608.columns"])
        #expect(lineRules(.general, document([long])) == ["layout.max-chars-per-line"])
        // A house limit of 28 under the 608 rules: a 30-character line breaks it alone; a longer one both.
        let strict = try ValidationProfile.load(json: Array(#"{ "extends": "fcc-608", "maxCharsPerLine": 28 }"#.utf8))
        #expect(lineRules(strict, document([cue("1", 0, 4000, String(repeating: "x", count: 30), line: 1)])) == ["layout.max-chars-per-line"])
        #expect(lineRules(strict, document([long])) == ["layout.max-chars-per-line", "cea608.columns"])
        // With cea608.columns off, the generic rule says it.
        let off = try ValidationProfile.load(json: Array(#"{ "extends": "fcc-608", "rules": { "cea608.columns": "off" } }"#.utf8))
        #expect(lineRules(off, document([long])) == ["layout.max-chars-per-line"])
    }
}
