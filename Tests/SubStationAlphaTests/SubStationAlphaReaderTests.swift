import Testing
import SubStationAlpha
import TextScanning
import TimedText
import TestSupport

/// The script's sections, styles and events as read from the hand-written fixtures.
@Suite struct SubStationAlphaReaderTests {
    @Test func readsAegisubScriptInfoAndStyles() {
        let result = readFixture("ass/v4plus_aegisub.ass")
        let script = result.value.script
        #expect(script.version == .ass)
        #expect(script.info.title == "Episode 1")
        #expect(script.info.playResX == 1920 && script.info.playResY == 1080)
        #expect(script.info.wrapStyle == 0)
        #expect(script.info.scaledBorderAndShadow)
        #expect(script.info.ycbcrMatrix == "TV.709")
        #expect(script.styles.map(\.name) == ["Default", "Sign", "Thoughts"])
        let sign = script.styles[1]
        #expect(sign.fontName == "DejaVu Sans" && sign.fontSize == Fraction(40))
        #expect(sign.primaryColor == Color(red: 255, green: 255, blue: 0))
        #expect(sign.outlineColor == Color(red: 0x20, green: 0x20, blue: 0x20))
        #expect(sign.bold && !sign.italic && sign.alignment == 8 && sign.marginVertical == 30)
        #expect(script.styles[0].outline == Fraction(5, 2))
        #expect(script.styles[0].backColor == Color(red: 0, green: 0, blue: 0, alpha: 127))
        // The unknown section is kept line by line; the only diagnostic says so.
        let garbage = script.sections.first { $0.name == "Aegisub Project Garbage" }
        #expect(garbage?.kind == .other)
        #expect(garbage?.lines == ["Audio File: episode01.mkv", "Video File: episode01.mkv", "Active Line: 4"])
        #expect(codes(result.diagnostics) == ["ass.unknown-section", "ass.comment-in-text"])
    }

    @Test func readsEventsIntoCuesInStartOrder() {
        let file = readFixture("ass/v4plus_aegisub.ass").value
        let events = file.script.events
        #expect(events.count == 9)
        #expect(events[0].kind == .comment && events[0].cueIndex == nil)
        let first = events[1]
        #expect(first.start == centiseconds(100) && first.end == centiseconds(350))
        #expect(first.name == "Mika" && first.style == "Default" && first.layer == 0 && first.line == 25)
        #expect(events[4].layer == 1)
        let cues = file.document.tracks[0].cues
        #expect(cues.count == 8)
        #expect(cues[0].content == [.span(InlineSpan(.voice("Mika"), children: [.text("Where are you going?")]))])
        #expect(cues[0].source == SourceLocation(line: 25, column: 1))
        #expect(file.document.format == .substationAlpha)
        #expect(file.document.tracks[0].label == "Episode 1")
        // Every event points at its own cue.
        for event in events where event.kind == .dialogue {
            #expect(cues[event.cueIndex!].source?.line == event.line)
        }
    }

    @Test func styleGivesTheCueItsStyleAndAlignment() {
        let cues = readFixture("ass/v4plus_aegisub.ass").value.document.tracks[0].cues
        let sign = cues[2]
        #expect(sign.plainText == "NORTH STATION")
        #expect(sign.style.color == Color(red: 255, green: 255, blue: 0))
        #expect(sign.style.fontWeight == .bold)
        #expect(sign.style.fontFamilies == ["DejaVu Sans"])
        #expect(sign.layout.line == .fraction(.zero) && sign.layout.lineAlignment == .start)
        let thoughts = cues[4]
        #expect(thoughts.style.fontStyle == .italic)
        #expect(thoughts.plainText == "(if only\u{A0}she knew)")
        // Plain white Arial at the bottom: only its size, Fontsize over PlayResY, is said.
        #expect(cues[0].hasDefaultLayout && cues[0].style == StyleProperties(fontSize: .viewportHeight(Fraction(54, 1080))))
        #expect(sign.style.fontSize == .viewportHeight(Fraction(40, 1080)))
    }

    @Test func sortsOutOfOrderEventsAndKeepsTheirIndexes() {
        let file = readScript(script(events: [
            "Dialogue: 0,0:00:05.00,0:00:06.00,Default,,0,0,0,,second",
            "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,first",
        ])).value
        #expect(file.document.tracks[0].cues.map(\.plainText) == ["first", "second"])
        #expect(file.script.events.map(\.cueIndex) == [1, 0])
    }

    @Test func readsSSAv4WithLegacyAlignmentAndDecimalColours() {
        let result = readFixture("ass/ssa_v4.ssa")
        let file = result.value
        #expect(file.script.version == .ssa)
        #expect(file.script.info.scriptType == "v4.00")
        let styles = file.script.styles
        #expect(styles[0].fontName == "Tahoma" && styles[0].bold)
        #expect(styles[0].primaryColor == .white)
        // 65535 is &H0000FFFF: yellow. SSA alignment 6 is top centre: numpad 8.
        #expect(styles[1].primaryColor == Color(red: 255, green: 255, blue: 0))
        #expect(styles[1].alignment == 8 && styles[1].italic)
        let cues = file.document.tracks[0].cues
        #expect(cues.count == 3)
        #expect(cues[1].layout.line == .fraction(.zero))
        // {\a5} is SSA's top left: numpad 7.
        #expect(cues[2].layout.position == .zero && cues[2].layout.line == .fraction(.zero))
        #expect(!codes(result.diagnostics).contains { $0.hasPrefix("ass.") && $0 != "ass.version-field" })
    }

    @Test func playResDefaultsAreLibass() {
        #expect(ASSScriptInfo.playRes(x: nil, y: nil) == (384, 288))
        #expect(ASSScriptInfo.playRes(x: 1280, y: nil) == (1280, 1024))
        #expect(ASSScriptInfo.playRes(x: 640, y: nil) == (640, 480))
        #expect(ASSScriptInfo.playRes(x: nil, y: 1024) == (1280, 1024))
        #expect(ASSScriptInfo.playRes(x: nil, y: 720) == (960, 720))
        #expect(ASSScriptInfo.playRes(x: 1920, y: 1080) == (1920, 1080))
        let file = readFixture("ass/reordered_columns.ass").value
        #expect(file.script.info.playResX == 640 && file.script.info.playResY == 480)
    }

    @Test func formatLinesInAnyOrderAndStylesAfterEvents() {
        let result = readFixture("ass/reordered_columns.ass")
        let file = result.value
        #expect(file.script.events.map(\.text) == ["Text first", "Styled later"])
        #expect(file.script.events.map(\.style) == ["Default", "Late"])
        let late = file.script.styles.first { $0.name == "Late" }!
        #expect(late.fontSize == Fraction(30) && late.primaryColor == Color(red: 0, green: 255, blue: 0) && late.alignment == 8)
        let cues = file.document.tracks[0].cues
        #expect(cues[1].style.color == Color(red: 0, green: 255, blue: 0))
        #expect(cues[1].layout.line == .fraction(.zero))
        #expect(!codes(result.diagnostics).contains("ass.unknown-style"))
    }

    @Test func utf16WithBOMIsDecoded() {
        let result = readFixture("ass/utf16le_bom.ass")
        #expect(result.value.document.encoding == "UTF-16LE")
        let cues = result.value.document.tracks[0].cues
        #expect(cues.map(\.plainText) == ["Ça va, Zoë? Привет, 世界", "Second line"])
        #expect(!result.hasErrors)
    }

    @Test func japaneseVerticalFontsAndLanguage() {
        let file = readFixture("ass/japanese_vertical.ass").value
        let track = file.document.tracks[0]
        #expect(track.language?.description == "ja")
        #expect(track.cues[0].content == [.text("今日は"), .span(InlineSpan(.italic, children: [.text("いい")])), .text("天気ですね。")])
        #expect(track.cues[0].style.fontFamilies == ["Noto Sans CJK JP"])
        // An @font is libass's vertical text: the cue says so, and its family loses the @.
        #expect(track.cues[1].layout.writingDirection == .verticalRightToLeft)
        #expect(track.cues[1].style.fontFamilies == ["Noto Sans CJK JP"])
        #expect(track.cues[2].layout.writingDirection == .verticalRightToLeft)
        #expect(file.script.styles[1].encoding == 128)
    }

    @Test func decodesUUencodedAttachments() {
        let file = readFixture("ass/attachments.ass").value
        let attachments = file.script.attachments
        #expect(attachments.map(\.name) == ["payload_0.ttf", "logo.png"])
        #expect(attachments.map(\.kind) == [.font, .graphic])
        #expect(attachments[0].data == Array(0...255) + Array("Legible test payload, not a real font.".utf8))
        #expect(attachments[1].data == [0x89] + Array("PNG fake".utf8))
        #expect(file.document.tracks[0].cues.map(\.plainText) == ["With attachments"])
    }

    @Test func sniffsScriptsAndNothingElse() {
        func looks(_ s: String) -> Bool { Array(s.utf8).withUnsafeBufferPointer { SubStationAlphaReader.looksLike($0) } }
        #expect(looks("[Script Info]\nScriptType: v4.00+\n"))
        #expect(looks("\n  [script info]  \n"))
        #expect(looks("[V4+ Styles]\n"))
        #expect(!looks("1\n00:00:01,000 --> 00:00:02,000\n[Script Info]\n"))
        #expect(!looks("WEBVTT\n"))
    }
}

/// A large script is read in pieces on all cores: the result is the one-core result.
@Suite struct SubStationAlphaPiecesTests {
    @Test func piecesReadAsOneCoreDoes() {
        var events: [String] = []
        for k in 0..<40_000 {
            let tags = ["", "{\\i1}", "{\\an8}", "{\\pos(100,200)}", "{\\k20}a{\\k30}", "{\\move(1,2,3,4)}", "{\\zz}"][k % 7]
            let style = k % 997 == 0 ? "Missing\(k % 3)" : "Default"
            events.append("Dialogue: \(k % 3),0:\(String(k / 6000 % 60).leftPadded):\(String(k / 100 % 60).leftPadded).\(String(k % 100).leftPadded),9:00:00.00,\(style),,0,0,0,,\(tags)line \(k)\\Nnext")
        }
        let text = SourceText(script(events: events))
        let parallel = SubStationAlphaReader().readFile(text)
        let serial = ReadConcurrency.$maximumCores.withValue(1) { SubStationAlphaReader().readFile(text) }
        #expect(parallel.value.document == serial.value.document)
        #expect(parallel.value.script == serial.value.script)
        #expect(parallel.diagnostics == serial.diagnostics)
        #expect(parallel.value.document.tracks[0].cues.count == 40_000)
        #expect(parallel.value.script.features.uses[.animation]?.count == (0..<40_000).filter { $0 % 7 == 5 }.count)
        #expect(codes(parallel.diagnostics).filter { $0 == "ass.unknown-style" }.count == 3)
    }
}

extension String {
    /// Two digits, zero-padded.
    var leftPadded: String { count < 2 ? "0" + self : self }
}
