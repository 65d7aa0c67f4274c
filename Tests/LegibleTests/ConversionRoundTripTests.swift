import Testing
import TestSupport
import Legible

/// Every reader fixture, converted to SRT and to WebVTT through the library as `legible convert` does, and read back:
/// each cue keeps its times (to the millisecond those formats carry; an open end gets the end the
/// writer reports) and its text, or the writer reports what it changed. No cue becomes
/// zero-length.
@Suite struct ConversionRoundTripTests {
    static let folders = ["srt", "webvtt", "scc", "ttml", "encodings", "demo", "render"]
    static let fixtures = folders.flatMap { folder in
        Fixtures.list(folder).filter { name in
            [".srt", ".vtt", ".scc", ".ttml", ".dfxp"].contains { name.hasSuffix($0) }
        }.map { "\(folder)/\($0)" }
    }

    @Test(arguments: fixtures)
    func keepsTimesAndTexts(_ fixture: String) throws {
        let file = try CaptionFile(bytes: Fixtures.bytes(fixture), fileName: fixture)
        let original = file.document.tracks.first?.cues ?? []
        for target in [CaptionFormat.subRip, .webVTT] {
            let written = try #require(file.written(as: target))
            let reported = written.diagnostics
            let again = try CaptionFile(bytes: written.value, options: .init(format: target))
            let cues = again.document.tracks.first?.cues ?? []
            try #require(cues.count == original.count, "\(target): \(original.count) cues became \(cues.count)")
            // Ruby as text is the one change of text a writer makes, and says so.
            let rubyReported = reported.contains { $0.code == .rubyAsText }
            let expected = OpenEndPolicy.default.closing(original).cues
            for (k, (before, after)) in zip(expected, cues).enumerated() {
                let place = "\(target) cue #\(k) at \(before.start.secondsText) s"
                #expect(abs(Self.milliseconds(before.start) - Self.milliseconds(after.start)) <= 0.5, "\(place): start moved")
                #expect(abs(Self.milliseconds(before.end!) - Self.milliseconds(after.end!)) <= 0.5, "\(place): end moved")
                #expect(after.end! > after.start || before.end! <= before.start, "\(place): became zero-length")
                if before.plainText != after.plainText {
                    #expect(rubyReported && ContentSurvey([before])[.ruby] != nil,
                            "\(place): text changed without a report: \(before.plainText.debugDescription) → \(after.plainText.debugDescription)")
                }
            }
        }
    }

    static func milliseconds(_ t: MediaTime) -> Double { Double(t.value) * 1000 / Double(t.timescale) }
}
