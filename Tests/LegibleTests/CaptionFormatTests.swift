import Testing
import Legible

/// The format registry: names, extensions, content detection, and what each format can do.
@Suite struct CaptionFormatTests {
    func detect(_ text: String, fileName: String? = nil) -> CaptionFormatID? {
        CaptionFormat.detect(SourceText(text), fileName: fileName)?.id
    }

    @Test func contentFirst() {
        #expect(detect("WEBVTT\n\n") == .webVTT)
        #expect(detect("\n  <?xml version=\"1.0\"?><tt/>") == .ttml)
        #expect(detect("Scenarist_SCC V1.0\n") == .scc)
        #expect(detect("[Script Info]\n") == .substationAlpha)
        #expect(detect("1\n00:00:01,000 --> 00:00:02,000\nHi\n") == .subRip)
        #expect(detect("1\n00:00:01,000 - > 00:00:02,000\nHi\n") == .subRip, "a damaged arrow is still SRT")
        #expect(detect("just prose\n") == nil)
        // Content beats the extension.
        #expect(detect("1\n0:00:01.000-->0:00:02.000\nHi\n", fileName: "movie.vtt") == .subRip)
    }

    @Test func extensionSecond() {
        #expect(CaptionFormat.forFileName("a/b/movie.en.SRT")?.id == .subRip)
        #expect(CaptionFormat.forFileName("x.dfxp")?.id == .ttml)
        #expect(CaptionFormat.forFileName("x.vtt")?.id == .webVTT)
        #expect(CaptionFormat.forFileName("dir.v/noext") == nil)
        #expect(detect("no cues", fileName: "x.scc") == .scc)
    }

    @Test func namesAndAliases() {
        #expect(CaptionFormat.named("SRT") == .subRip)
        #expect(CaptionFormat.named("subrip") == .subRip)
        #expect(CaptionFormat.named("vtt") == .webVTT)
        #expect(CaptionFormat.named("dfxp") == .ttml)
        #expect(CaptionFormat.named("ass") == .substationAlpha)
        #expect(CaptionFormat.named("mp4") == nil)
        #expect(Set(CaptionFormat.builtIn.filter(\.canRead).map(\.id)) == [.subRip, .webVTT, .scc, .ttml, .substationAlpha, .mcc])
        #expect(CaptionFormat.builtIn.filter(\.canWrite).count == 6)
        #expect(CaptionFormat.substationAlpha.canRead && CaptionFormat.substationAlpha.canWrite)
    }

    /// Each reader's document says which layout rules it follows, as its registry entry does.
    @Test func readersStateTheirLayoutFamily() throws {
        let samples: [(CaptionFormat, String)] = [
            (.subRip, "1\n00:00:01,000 --> 00:00:02,000\nHi\n"),
            (.webVTT, "WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n"),
            (.scc, "Scenarist_SCC V1.0\n\n00:00:01:00\t9420 9420 c8e9 942f 942f\n"),
            (.ttml, #"<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="1s" end="2s">Hi</p></div></body></tt>"#),
            (.substationAlpha, "[Script Info]\n[Events]\nFormat: Start, End, Text\nDialogue: 0:00:01.00,0:00:02.00,Hi\n"),
        ]
        for (format, text) in samples {
            let read = try #require(format.read(SourceText(text)))
            #expect(read.value.document.layoutFamily == format.layoutFamily, "\(format)")
            #expect(read.value.document.format == format.id)
        }
    }

    /// Every writer says what it could not carry: here, the tracks after the first.
    @Test(arguments: [CaptionFormat.subRip, .webVTT, .scc, .ttml, .substationAlpha])
    func writersReportTheTracksTheyDoNotWrite(_ format: CaptionFormat) throws {
        let cue = Cue(start: .zero, end: MediaTime(seconds: 1), content: [.text("ONE")])
        let document = Document(format: .scc, tracks: [Track(id: "CC1", cues: [cue]), Track(id: "CC3", cues: [cue])])
        let result = try #require(format.write(document))
        #expect(result.diagnostics.contains { $0.code == .trackNotWritten && $0.message.contains("CC3") })
        #expect(!result.value.isEmpty)
    }
}
