import Testing
import SubStationAlpha
import SubRip
import WebVTT
import TextScanning
import TimedText
import TestSupport

/// Read → write gives the script itself; changes rewrite only what changed; any document writes
/// as ASS that reads back to the same model.
@Suite struct SubStationAlphaRoundTripTests {
    static let fixtures = Fixtures.list("ass")

    @Test(arguments: fixtures)
    func unchangedScriptWritesBackByteForByte(_ name: String) {
        let file = readFixture("ass/\(name)").value
        let written = SubStationAlphaWriter(options: .init(script: file.script)).write(file.document)
        #expect(written.value == file.script.sourceText)
        #expect(written.diagnostics.isEmpty)
        // For the UTF-8 fixtures with LF line ends that is the file's own bytes.
        if name != "utf16le_bom.ass" {
            #expect(written.value == Fixtures.bytes("ass/\(name)"))
        }
    }

    @Test(arguments: fixtures)
    func freshScriptReadsBackToTheSameModel(_ name: String) {
        let file = readFixture("ass/\(name)").value
        let fresh = SubStationAlphaWriter(options: .init(playResX: file.script.info.playResX, playResY: file.script.info.playResY)).write(file.document)
        let again = SubStationAlphaReader().readFile(SourceText(bytes: fresh.value)).value
        let before = file.document.tracks[0].cues
        let after = again.document.tracks[0].cues
        #expect(after.map { unbraced($0.plainText) } == before.map(\.plainText))
        #expect(after.map(\.start) == before.map(\.start))
        #expect(after.map(\.end) == before.map(\.end))
        // Inline content and placement survive; the style is now in tags rather than in a named style.
        for (a, b) in zip(after, before) {
            #expect(unbraced(InlineNode.plainText(of: a.content)) == InlineNode.plainText(of: b.content))
            #expect(a.layout == b.layout, "\(name): \(b.plainText)")
        }
    }

    @Test func aChangedCueRewritesOnlyItsEvent() {
        var file = readFixture("ass/v4plus_aegisub.ass").value
        file.document.tracks[0].cues[1].end = centiseconds(650)
        let written = SubStationAlphaWriter(options: .init(script: file.script)).write(file.document).value
        let before = String(decoding: file.script.sourceText, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let after = String(decoding: written, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(changed.map(\.offset) == [25])
        #expect(after[25] == "Dialogue: 0,0:00:04.00,0:00:06.50,Default,,0,0,0,,I {\\i1}told{\\i0} you,\\Nit's {\\b1}not{\\b0} safe.")
    }

    /// A script may order its event columns as it likes: a changed event is written in the
    /// order its Format line names (it was written in the standard order, and read back wrongly
    /// or not at all), whether a cue changed or the cues were rewritten.
    @Test func aChangedEventFollowsTheScriptsFormatLine() {
        let script = """
            [Script Info]
            ScriptType: v4.00+

            [Events]
            Format: Start, End, Style, Text
            Dialogue: 0:00:01.00,0:00:02.00,Default,One
            Dialogue: 0:00:03.00,0:00:04.00,Default,Two

            """
        var file = SubStationAlphaReader().readFile(SourceText(script)).value
        file.document.tracks[0].cues[1].end = centiseconds(450)
        file.document.tracks[0].cues[1].content = [.text("Two, changed")]
        let changed = SubStationAlphaWriter(options: .init(script: file.script)).write(file.document).value
        let text = String(decoding: changed, as: UTF8.self)
        #expect(text.contains("Dialogue: 0:00:01.00,0:00:02.00,Default,One\nDialogue: 0:00:03.00,0:00:04.50,Default,Two, changed\n"), "\(text)")
        let again = SubStationAlphaReader().read(SourceText(text))
        #expect(again.diagnostics.map(\.code) == [.assUnknownStyle], "no style section (said once); nothing else to say")
        #expect(again.value.tracks[0].cues.map(\.plainText) == ["One", "Two, changed"])
        #expect(again.value.tracks[0].cues.map(\.end) == [centiseconds(200), centiseconds(450)])
        // Cues removed: every event is written again, still in the script's columns.
        file.document.tracks[0].cues.removeFirst()
        let fewer = String(decoding: SubStationAlphaWriter(options: .init(script: file.script)).write(file.document).value, as: UTF8.self)
        #expect(fewer.hasSuffix("Format: Start, End, Style, Text\nDialogue: 0:00:03.00,0:00:04.50,Default,Two, changed\n"), "\(fewer)")
    }

    @Test func aRemovedCueRewritesTheEventsAndKeepsTheRest() {
        var file = readFixture("ass/karaoke.ass").value
        file.document.tracks[0].cues.removeLast()
        let text = String(decoding: SubStationAlphaWriter(options: .init(script: file.script)).write(file.document).value, as: UTF8.self)
        #expect(text.hasPrefix("[Script Info]\nScriptType: v4.00+\nPlayResX: 1280"))
        #expect(text.contains("Style: Romaji,DejaVu Sans,40"))
        #expect(!text.contains("so{"))
        #expect(text.components(separatedBy: "Dialogue:").count == 2)
        let again = SubStationAlphaReader().read(SourceText(text))
        #expect(again.value.tracks[0].cues.map(\.content) == file.document.tracks[0].cues.map(\.content))
    }

    /// A speaker's name with a comma or a line break in it (a TTML `ttm:agent`, found by the
    /// conversion fuzzer) ended its field or the whole event line early.
    @Test func aSpeakerNameStaysInItsField() {
        let voice = InlineSpan(.voice("Tom,\nJerry"), children: [.text("Hello")])
        let cue = Cue(start: MediaTime(seconds: 1), end: MediaTime(seconds: 2), content: [.span(voice)])
        let text = String(decoding: SubStationAlphaWriter().write(Document(format: .webVTT, tracks: [Track(cues: [cue])])).value, as: UTF8.self)
        #expect(text.contains("Dialogue: 0,0:00:01.00,0:00:02.00,Default,Tom; Jerry,0,0,0,,Hello\n"), "\(text)")
        let again = SubStationAlphaReader().read(SourceText(text))
        #expect(!again.hasErrors)
        #expect(again.value.tracks[0].cues.map(\.plainText) == ["Hello"])
    }

    /// A family with a brace in it (from a damaged WebVTT style sheet, found by the conversion
    /// fuzzer) closed the `{\fn…}` block early, and the rest showed as text.
    @Test func aFontFamilyCannotCloseTheOverrideBlock() {
        let cue = Cue(start: MediaTime(seconds: 1), end: MediaTime(seconds: 2), content: [.text("Hi")],
                      layout: .default, style: StyleProperties(fontFamilies: ["Noto San}s\\b1"]))
        let text = String(decoding: SubStationAlphaWriter().write(Document(format: .webVTT, tracks: [Track(cues: [cue])])).value, as: UTF8.self)
        #expect(text.contains(",,{\\fnNoto Sansb1}Hi\n"), "\(text)")
        #expect(SubStationAlphaReader().read(SourceText(text)).value.tracks[0].cues.map(\.plainText) == ["Hi"])
    }

    @Test func aBackslashInTextIsNotReadAsABreak() {
        let cue = Cue(start: MediaTime(seconds: 1), end: MediaTime(seconds: 2), content: [.text("C:\\new\\x \\hi")])
        let written = SubStationAlphaWriter().write(Document(format: .webVTT, tracks: [Track(cues: [cue])]))
        let text = String(decoding: written.value, as: UTF8.self)
        #expect(text.contains(",,C:\\\u{2060}new\\x \\\u{2060}hi\n"), "\(text)")
        #expect(codes(written.diagnostics) == ["write.escapes-broken"])
        let back = SubStationAlphaReader().read(SourceText(text)).value.tracks[0].cues
        #expect(back.map(\.plainText) == ["C:\\\u{2060}new\\x \\\u{2060}hi"])
    }

    @Test func writesASSFromSubRip() {
        let srt = SubRipReader().read(Array("""
        1
        00:00:01,000 --> 00:00:02,500
        <i>Hello</i> {\\an8}there

        2
        00:00:03,000 --> 00:00:04,005
        <font color="#ff0000">Red</font>
        line two

        """.utf8)).value
        let written = SubStationAlphaWriter().write(srt)
        let text = String(decoding: written.value, as: UTF8.self)
        #expect(text.contains("ScriptType: v4.00+\nPlayResX: 1920\nPlayResY: 1080"))
        #expect(text.contains("Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,{\\an8}{\\i1}Hello{\\i0} there\n"))
        #expect(text.contains("Dialogue: 0,0:00:03.00,0:00:04.01,Default,,0,0,0,,{\\c&H0000FF&}Red{\\c}\\Nline two\n"))
        #expect(codes(written.diagnostics) == ["write.time-rounded"])
        let again = SubStationAlphaReader().read(SourceText(bytes: written.value)).value
        #expect(again.tracks[0].cues[0].content == srt.tracks[0].cues[0].content)
        #expect(again.tracks[0].cues[0].layout == srt.tracks[0].cues[0].layout)
        #expect(again.tracks[0].cues[1].content == srt.tracks[0].cues[1].content)
    }

    @Test func writesASSFromWebVTTPositionsVoicesAndKaraoke() {
        let vtt = WebVTTReader().read(Array("""
        WEBVTT

        00:00:01.000 --> 00:00:03.000 line:10% position:25% align:left
        <v Mika>Placed</v>

        00:00:04.000 --> 00:00:06.000
        One <00:00:05.000>two

        00:00:07.000 --> 00:00:08.000 line:2 vertical:rl
        <ruby>漢<rt>かん</rt></ruby>

        """.utf8)).value
        let written = SubStationAlphaWriter(options: .init(playResX: 1280, playResY: 720)).write(vtt)
        let text = String(decoding: written.value, as: UTF8.self)
        #expect(text.contains("Dialogue: 0,0:00:01.00,0:00:03.00,Default,Mika,0,0,0,,{\\an7\\pos(320,72)}Placed\n"))
        #expect(text.contains("Dialogue: 0,0:00:04.00,0:00:06.00,Default,,0,0,0,,{\\k100}One {\\k100}two\n"))
        #expect(text.contains("漢(かん)"))
        #expect(Set(codes(written.diagnostics)) == ["write.layout-approximated", "write.ruby-as-text"])
        let again = SubStationAlphaReader().read(SourceText(bytes: written.value)).value
        #expect(again.tracks[0].cues[0].layout == vtt.tracks[0].cues[0].layout)
        #expect(again.tracks[0].cues[0].content == vtt.tracks[0].cues[0].content)
        #expect(again.tracks[0].cues[1].content == vtt.tracks[0].cues[1].content)
    }

    @Test func uuencodingRoundTrips() {
        let data: [UInt8] = Array(0...255) + [1, 2]
        let lines = ASSAttachment(kind: .font, name: "x.ttf", data: data, line: 0).encodedLines
        #expect(lines.allSatisfy { $0.utf8.count <= 80 })
        #expect(ASSAttachment.decode(Array(lines.joined().utf8)) == data)
    }
}
