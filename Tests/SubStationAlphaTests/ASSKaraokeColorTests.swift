import Testing
import Legible
import TestSupport

/// ASS karaoke keeps its colours: the style's SecondaryColour is the cue's `futureColor`, written
/// as TTML `<set>` changes (the line shows whole, as libass draws it) and WebVTT's
/// `::cue(:future)`, and back as `\2c` in ASS.
@Suite struct ASSKaraokeColorTests {
    static let script = """
    [Script Info]
    ScriptType: v4.00+
    PlayResX: 640
    PlayResY: 360

    [V4+ Styles]
    Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
    Style: Romaji,DejaVu Sans,40,&H00FFFFFF,&H00FF8000,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,20,20,20,1
    Style: Other,DejaVu Sans,40,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,20,20,20,1

    [Events]
    Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
    Dialogue: 0,0:00:01.00,0:00:04.00,Romaji,,0,0,0,,{\\k50}ka{\\k100}ze
    Dialogue: 0,0:00:05.00,0:00:06.00,Romaji,,0,0,0,,No karaoke here
    Dialogue: 0,0:00:07.00,0:00:09.00,Other,,0,0,0,,{\\k50}so{\\2c&H00FF00&\\k50}ra

    """

    static func file() throws -> CaptionFile {
        try CaptionFile(bytes: Array(script.utf8), fileName: "karaoke.ass")
    }

    @Test func secondaryColourIsTheFutureColour() throws {
        let cues = try Self.file().document.tracks[0].cues
        #expect(cues[0].style.futureColor == Color(red: 0, green: 0x80, blue: 0xFF))
        #expect(cues[1].style.futureColor == nil, "only karaoke shows the secondary colour")
        #expect(cues[2].style.futureColor == Color(red: 0xFF, green: 0, blue: 0))
        // A \2c after the first syllable: the rest of the line has its own not-yet-sung colour.
        guard case .span(let span)? = cues[2].content.last else { Issue.record("no span: \(cues[2].content)"); return }
        #expect(span.style.futureColor == Color(red: 0, green: 0xFF, blue: 0))
    }

    @Test func ttmlSetsTheColourAtEachSyllable() throws {
        let ttml = try #require(try Self.file().written(as: .ttml))
        let text = String(decoding: ttml.value, as: UTF8.self)
        #expect(text.contains("<set begin=\"00:00:00.500\" tts:color=\"#ffffff\"/>ze"), "\(text)")
        #expect(!text.contains("<span begin="), "no reveal: the whole line shows from the start")
        // Read back, the line is whole at every moment and the syllable changes colour.
        let back = try CaptionFile(bytes: ttml.value, fileName: "k.ttml").document.tracks[0].cues
        let first = back.filter { $0.start < MediaTime(seconds: 4) }
        #expect(first.count == 2 && first.allSatisfy { $0.plainText == "kaze" })
        #expect(first[0] != first[1])
    }

    @Test func webVTTSaysOneFutureColourAndReportsTheOthers() throws {
        let vtt = try #require(try Self.file().written(as: .webVTT))
        let text = String(decoding: vtt.value, as: UTF8.self)
        #expect(text.contains("::cue(:future) { color: #0080ff; }"), "\(text)")
        let reports = vtt.diagnostics.filter { $0.message.contains("::cue(:future)") }
        #expect(reports.count == 2, "\(vtt.diagnostics.map(\.message))")
    }

    /// The rule read back: `::cue(:future)`'s colour is every cue's future colour again, and a
    /// property it cannot keep is reported.
    @Test func webVTTReadsTheFutureColourBack() throws {
        let vtt = try #require(try Self.file().written(as: .webVTT))
        let back = try CaptionFile(bytes: vtt.value, fileName: "k.vtt")
        let cues = back.document.tracks[0].cues
        #expect(cues[0].style.futureColor == Color(red: 0, green: 0x80, blue: 0xFF))
        #expect(cues[0].style.fontFamilies == ["DejaVu Sans"])
        let other = try CaptionFile(bytes: Array("WEBVTT\n\nSTYLE\n::cue(:future) { color: lime; font-size: 50% }\n\n00:01.000 --> 00:02.000\nka<00:01.500>ze\n".utf8),
                                    fileName: "x.vtt")
        #expect(other.document.tracks[0].cues[0].style.futureColor == Color(red: 0, green: 0xFF, blue: 0))
        #expect(other.diagnostics.contains { $0.code.rawValue == "webvtt.css-unsupported-selector" && $0.message.contains("only its color") })
    }

    @Test func assFromTheModelWritesTheSecondaryColour() throws {
        var cue = Cue(start: .zero, end: MediaTime(seconds: 2), content: [.text("ka"), .timestamp(MediaTime(seconds: 1)), .text("ze")])
        cue.style = StyleProperties(futureColor: Color(red: 0, green: 0x80, blue: 0xFF))
        let written = try #require(CaptionFormat.substationAlpha.write(Document(format: .webVTT, tracks: [Track(cues: [cue])])))
        let text = String(decoding: written.value, as: UTF8.self)
        #expect(text.contains("{\\2c&HFF8000&}"), "\(text)")
    }
}
