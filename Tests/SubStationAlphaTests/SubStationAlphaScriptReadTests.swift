import Testing
@testable import SubStationAlpha
import TextScanning
import TimedText
import TestSupport
import Legible

/// `readScript`: the script alone, without reading the events' text into cues.
@Suite struct SubStationAlphaScriptReadTests {
    static let fixtures = ["v4plus_aegisub.ass", "broken.ass", "ssa_v4.ssa", "reordered_columns.ass", "karaoke.ass",
                           "attachments.ass", "utf16le_bom.ass", "japanese_vertical.ass", "move_and_drawing.ass", "named_fonts.ass"]

    @Test(arguments: fixtures) func givesTheScriptTheWholeReadGives(_ name: String) {
        let decoded = SourceDecoder.decode(Fixtures.bytes("ass/" + name)).value
        let alone = SubStationAlphaReader().readScript(decoded)
        let whole = SubStationAlphaReader().readFile(decoded)
        let script = alone.value, full = whole.value.script
        #expect(script.version == full.version && script.info == full.info && script.styles == full.styles)
        #expect(script.sections == full.sections && script.attachments == full.attachments)
        #expect(script.events.count == full.events.count)
        for (a, b) in zip(script.events, full.events) {
            #expect(a.kind == b.kind && a.layer == b.layer && a.start == b.start && a.end == b.end)
            #expect(a.style == b.style && a.name == b.name && a.effect == b.effect && a.text == b.text && a.line == b.line)
            #expect(a.marginLeft == b.marginLeft && a.marginRight == b.marginRight && a.marginVertical == b.marginVertical)
            // Only the whole read makes cues for the events to point at.
            #expect(a.cueIndex == nil)
        }
        // The script's own diagnostics, in the order the whole read gives them among the text's.
        let structural = whole.diagnostics.filter { alone.diagnostics.contains($0) }
        #expect(structural == alone.diagnostics)
        #expect(!alone.diagnostics.contains { $0.code == .assUnknownTag || $0.code == .assUnclosedOverride || $0.code == .assUnknownStyle })
    }

    @Test func keepsTheTextAsWrittenAndLetsItChange() {
        let text = SourceText(script(events: [
            "Dialogue: 0,0:00:01.00,0:00:02.50,Default,Mika,0,0,0,,{\\i1}Where{\\i0}, then?\\Nデス",
            "Comment: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,a note, with commas",
        ]))
        var events = SubStationAlphaReader().readScript(text).value.events
        #expect(events.map(\.text) == ["{\\i1}Where{\\i0}, then?\\Nデス", "a note, with commas"])
        #expect(events[0].start == MediaTime(value: 1, timescale: 1) && events[0].end == MediaTime(value: 5, timescale: 2))
        // An event read and one made by hand with the same fields are the same event.
        var byHand = ASSEvent(start: events[1].start, end: events[1].end, text: "a note, with commas", line: events[1].line)
        byHand.kind = .comment
        var read = events[1]
        read.lineRange = byHand.lineRange
        #expect(read == byHand)
        events[0].text = "changed"
        #expect(events[0].text == "changed" && events[1].text == "a note, with commas")
    }

    /// A script read alone has no cues to compare with: the writer does not copy it (that would
    /// give back the original whatever the document says), it writes the document.
    @Test func theWriterDoesNotCopyAScriptReadAlone() {
        let text = SourceText(script(events: ["Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,original"]))
        let alone = SubStationAlphaReader().readScript(text).value
        var document = SubStationAlphaReader().readFile(text).value.document
        document.tracks[0].cues[0].content = [.text("changed")]
        let written = String(decoding: SubStationAlphaWriter(options: .init(script: alone)).write(document).value, as: UTF8.self)
        #expect(written.contains("changed") && !written.contains("original"))
        // Read whole, the same script is copied where unchanged and rewritten where changed.
        let whole = SubStationAlphaReader().readFile(text).value.script
        let rewritten = String(decoding: SubStationAlphaWriter(options: .init(script: whole)).write(document).value, as: UTF8.self)
        #expect(rewritten.contains("changed") && rewritten.contains("PlayResX: 1280"))
    }

    /// The common `H:MM:SS.CC` form is read at fixed places; every other form as before.
    @Test func timesOfEveryForm() {
        let times = ["0:00:01.50", "9:59:59.99", "0:75:00.00", "00:01:02.3", " 0:00:01.50", "0:0:1.5", "0:00:01", "0:00:01.500", "-0:00:01.00"]
        let events = times.map { "Dialogue: 0,\($0),9:00:00.00,Default,,0,0,0,,x" }
        let result = SubStationAlphaReader().readScript(SourceText(script(events: events)))
        let starts = result.value.events.map(\.start)
        #expect(starts == [MediaTime(value: 150, timescale: 100), MediaTime(value: 3_599_999, timescale: 100),
                           MediaTime(value: 4500, timescale: 1), MediaTime(value: 623, timescale: 10),
                           MediaTime(value: 3, timescale: 2), MediaTime(value: 3, timescale: 2), MediaTime(value: 1, timescale: 1),
                           MediaTime(value: 3, timescale: 2), .zero])
        let outOfRange = result.diagnostics.filter { $0.code == .assTimeOutOfRange }
        #expect(outOfRange.count == 1 && outOfRange.first?.location?.line == 14)
        #expect(result.diagnostics.filter { $0.code == .assNegativeTime }.count == 1)
    }

    /// Two-digit hours (a script past ten hours) are read at fixed places too, and what the fixed
    /// read refuses falls through to the general one or is reported.
    @Test func hoursOfOneTwoAndMoreDigits() {
        let times = ["12:34:56.78", "99:59:59.99", "123:00:00.00", "10:60:00.00", "1x:00:00.00", "1:00:00:00", "1:00:00.0x", "1:0a:00.00"]
        let events = times.map { "Dialogue: 0,\($0),200:00:00.00,Default,,0,0,0,,x" }
        let result = SubStationAlphaReader().readScript(SourceText(script(events: events)))
        #expect(result.value.events.map(\.start) == [centiseconds(4_529_678), centiseconds(35_999_999), MediaTime(value: 442_800, timescale: 1),
                                                     MediaTime(value: 39_600, timescale: 1), centiseconds(360_000)])
        #expect(result.diagnostics.filter { $0.code == .assTimeOutOfRange }.count == 1)
        #expect(result.diagnostics.filter { $0.code == .assBadTimestamp }.map { $0.location?.line } == [16, 18, 19])
        // `1:00:00:00`: a ':' before the centiseconds, read as `1:00:00.00`.
        #expect(result.diagnostics.filter { $0.code == .assTimeSeparator }.map { $0.location?.line } == [17])
    }

    /// `0:00:04:56`, as some tools write ASS times: 4.56 s, as ffmpeg and Media3 read it, with one
    /// warning for the event at its first such time; libass, which reads no time there, draws a
    /// script whose times have the '.'.
    @Test func aColonBeforeTheCentiseconds() throws {
        let events = ["Dialogue: 0,0:00:04:56,0:00:06:12,Default,,0,0,0,,Both",
                      "Dialogue: 0,0:00:07.00,0:00:08:5,Default,,0,0,0,,The end, one digit",
                      "Dialogue: 0,0:00:09:00.5,0:00:10.00,Default,,0,0,0,,Not a time"]
        let result = SubStationAlphaReader().readFile(SourceText(script(events: events)))
        let cues = result.value.document.tracks[0].cues
        #expect(cues.map(\.plainText) == ["Both", "The end, one digit"])
        #expect(cues[0].start == centiseconds(456) && cues[0].end == centiseconds(612))
        #expect(cues[1].end == centiseconds(850))
        let separators = result.diagnostics.filter { $0.code == .assTimeSeparator }
        #expect(separators.map { $0.location?.description ?? "-" } == ["12:13", "13:24"])
        #expect(separators.allSatisfy { $0.severity == .warning })
        #expect(separators[0].message.hasPrefix("the start and end ('0:00:04:56', '0:00:06:12') have ':' before their centiseconds: read as 0:00:04.56 and 0:00:06.12"))
        #expect(separators[1].message.hasPrefix("the end '0:00:08:5' has ':' before its centiseconds: read as 0:00:08.5"))
        #expect(result.diagnostics.filter { $0.code == .assBadTimestamp }.map { $0.location?.line } == [14])
        // The script libass draws has the times as they were read; the script written back is
        // the script as it was.
        let file = try CaptionFile(bytes: Array(script(events: events).utf8), fileName: "x.ass")
        let drawn = String(decoding: try #require(file.nativeScript).text, as: UTF8.self)
        #expect(drawn.contains("Dialogue: 0,0:00:04.56,0:00:06.12,Default") && drawn.contains("0:00:07.00,0:00:08.5,"))
        #expect(drawn.contains("0:00:09:00.5"))
        #expect(result.value.script.sourceText == Array(script(events: events).utf8))
    }

    /// The fixed read and the general one agree on every standard time (a leading space sends a
    /// time to the general read).
    @Test func theFixedTimeReadAgreesWithTheGeneralOne() {
        var generator = SystemRandomNumberGenerator()
        var events: [String] = []
        var expected: [MediaTime] = []
        for _ in 0..<500 {
            let hours = Int.random(in: 0..<100, using: &generator), minutes = Int.random(in: 0..<60, using: &generator)
            let seconds = Int.random(in: 0..<60, using: &generator), hundredths = Int.random(in: 0..<100, using: &generator)
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            let time = "\(hours):\(two(minutes)):\(two(seconds)).\(two(hundredths))"
            events.append("Dialogue: 0,\(time), \(time),Default,,0,0,0,,x")
            expected.append(centiseconds(((Int64(hours) * 60 + Int64(minutes)) * 60 + Int64(seconds)) * 100 + Int64(hundredths)))
        }
        let read = SubStationAlphaReader().readScript(SourceText(script(events: events))).value.events
        #expect(read.map(\.start) == expected)
        #expect(read.map(\.end) == expected)
    }

    /// Line keys in any case and with spaces before the colon, as libass reads them; a key that
    /// only starts like one is not one.
    @Test func lineKeysInAnyCase() {
        let result = SubStationAlphaReader().readScript(SourceText(script(events: [
            "DIALOGUE: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,upper",
            "dialogue :0,0:00:02.00,0:00:03.00,Default,,0,0,0,,lower, space",
            "CoMmEnT: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,comment",
            "Dialogues: 0,0:00:04.00,0:00:05.00,Default,,0,0,0,,not a key",
            "Dialogue\u{5}: 0,0:00:04.00,0:00:05.00,Default,,0,0,0,,not a key either",
        ])))
        #expect(result.value.events.map(\.text) == ["upper", "lower, space", "comment"])
        #expect(result.value.events.map(\.kind) == [.dialogue, .dialogue, .comment])
        #expect(result.diagnostics.filter { $0.code == .assUnsupportedEvent }.count == 2)
    }

    /// The scanner's line keys are the letter words of their names.
    @Test func lineKeyWordsAreTheirNames() {
        #expect(ASSScriptScanner.dialogue == ASSValues.letterWord("dialogue") && ASSScriptScanner.comment == ASSValues.letterWord("comment"))
        #expect(ASSScriptScanner.format == ASSValues.letterWord("format") && ASSScriptScanner.style == ASSValues.letterWord("style"))
    }

    /// A column the Format line names twice is read from its last place, as libass reads it, and
    /// said; columns it does not name read as empty.
    @Test func columnsNamedTwiceOrNotAtAll() {
        let text = """
            [Script Info]
            ScriptType: v4.00+

            [Events]
            Format: Start, End, Start, Text
            Dialogue: 0:00:01.00,0:00:05.00,0:00:02.00,two starts, the last read
            """
        let result = SubStationAlphaReader().readScript(SourceText(text))
        let event = result.value.events[0]
        #expect(event.start == centiseconds(200) && event.end == centiseconds(500) && event.text == "two starts, the last read")
        #expect(event.style == "" && event.name == "" && event.layer == 0 && event.marginLeft == 0)
        #expect(result.diagnostics.filter { $0.code == .assBadFormat && $0.message.contains("'Start'") }.count == 1)
    }
}
