import Testing
import TestSupport
import TextScanning
import TimedText
@testable import WebVTT

private func read(_ text: String, options: WebVTTReader.Options = .init(keepsCueValues: true)) -> ParseResult<WebVTTFile> {
    WebVTTReader(options: options).readFile(SourceDecoder.decode(Array(text.utf8)).value)
}

private func codes(_ result: ParseResult<WebVTTFile>) -> [String] {
    result.diagnostics.map { "\($0.location.map { "\($0)" } ?? "-") \($0.code.rawValue)" }
}

@Suite struct WebVTTReaderTests {
    @Test func readsCuesWithIdentifiersSettingsAndText() throws {
        let result = read("""
            WEBVTT

            intro
            00:00:01.500 --> 00:00:04.000 line:1.5 position:25%,line-left size:50% align:start vertical:rl
            <v Joe>Hello</v>
            world

            00:05.000 --> 00:06.000 line:50%,end
            Second
            """)
        #expect(result.diagnostics.isEmpty)
        let cues = try #require(result.value.document.tracks.first?.cues)
        #expect(cues.count == 2)
        #expect(cues[0].id == "intro")
        #expect(cues[0].start == MediaTime(milliseconds: 1500) && cues[0].end == MediaTime(seconds: 4))
        #expect(cues[0].plainText == "Hello\nworld")
        #expect(cues[0].source == SourceLocation(line: 3, column: 1))
        let layout = cues[0].layout
        #expect(layout.writingDirection == .verticalRightToLeft)
        #expect(layout.line == .number(2), "line numbers are rounded for layout (the API keeps 1.5)")
        #expect(result.value.cueValues[0].line == 1.5)
        #expect(layout.position == Fraction(1, 4) && layout.positionAlignment == .lineLeft)
        #expect(layout.size == Fraction(1, 2) && layout.textAlignment == .start)
        #expect(cues[1].layout.line == .fraction(Fraction(1, 2)) && cues[1].layout.lineAlignment == .end)
        #expect(result.value.cueValues[1].snapToLines == false)
        guard case .span(let voice) = cues[0].content.first else { Issue.record("no voice span"); return }
        #expect(voice.kind == .voice("Joe"))
    }

    @Test func rejectsAWrongSignature() {
        for text in ["WEBVTT-\n\n00:00.000 --> 00:01.000\nx", "webvtt\n", "", "\u{FEFF}\u{FEFF}WEBVTT\n", "WEBVT"] {
            let result = read(text)
            #expect(result.value.document.tracks.isEmpty, "\(text.debugDescription)")
            #expect(result.diagnostics.contains { $0.code == .webVTTBadSignature && $0.severity == .error })
        }
        #expect(read("WEBVTT").value.document.tracks.first?.cues.isEmpty == true)
        #expect(read("\u{FEFF}WEBVTT\tcomment\n").diagnostics.isEmpty)
    }

    @Test func aBadBlockIsSkippedAndTheRestParses() throws {
        let result = read("""
            WEBVTT

            00:01.000 --> 00:02.000
            one

            00:02.000 -> 00:03.000
            lost

            just some text

            NOTE a comment

            00:03.000 --> 00:04.000 bogus foo:bar line:x
            three
            00:04.000 --> 00:05.000
            four

            STYLE
            ::cue { color: red }

            REGION
            id:late
            """)
        let cues = try #require(result.value.document.tracks.first?.cues)
        #expect(cues.map(\.plainText) == ["one", "three", "four"])
        #expect(codes(result) == [
            "6:1 webvtt.stray-block",
            "9:1 webvtt.stray-block",
            "13:25 webvtt.bad-setting",
            "13:31 webvtt.unknown-setting",
            "13:39 webvtt.bad-setting",
            "15:1 webvtt.missing-blank-line",
            "18:1 webvtt.style-after-cue",
            "21:1 webvtt.region-after-cue",
        ])
    }

    @Test func aTimingLineThatFailsIsReportedWhereItFails() {
        let result = read("WEBVTT\n\nid\n00:01.000 --> 00:0x.000\ntext\n")
        #expect(result.value.document.tracks[0].cues.isEmpty)
        // The only cue skipped: the file holds none, which is said as an error.
        #expect(codes(result) == ["- webvtt.no-cues", "4:15 webvtt.bad-timing"])
    }

    @Test func regionsAndStyleSheetsBeforeTheFirstCue() throws {
        let result = read("""
            WEBVTT

            REGION
            id:a width:40% lines:2 regionanchor:0%,100% viewportanchor:10%,90% scroll:up

            REGION
            id:a width:50%

            REGION
            lines:4

            STYLE
            ::cue(.yellow) { color: yellow }

            00:00.000 --> 00:01.000 region:a
            in a

            00:00.000 --> 00:01.000 region:a line:0
            line takes it out

            00:00.000 --> 00:01.000 region:b
            unknown
            """)
        let track = try #require(result.value.document.tracks.first)
        #expect(track.regions.count == 1, "one per id; the one without an id cannot be used")
        #expect(track.regions[0].width == Fraction(1, 2), "the last definition wins")
        #expect(result.value.regionValues.count == 3)
        #expect(track.cues[0].layout.regionID == "a" && result.value.cueValues[0].regionIndex == 1)
        #expect(track.cues[1].layout.regionID == nil)
        #expect(track.cues[2].layout.regionID == nil)
        #expect(result.value.styleBlocks == [WebVTTStyleBlock(css: "::cue(.yellow) { color: yellow }", firstLine: 13)])
        #expect(Set(codes(result)) == ["- webvtt.duplicate-region", "- webvtt.region-without-id", "21:25 webvtt.unknown-region"])
    }

    @Test func regionSettings() throws {
        let result = read("WEBVTT\n\nREGION\nid:r width:33.5% lines:7\nregionanchor:10%,20% viewportanchor:30%,40% scroll:up\nwidth:x\n\n00:00.000 --> 00:01.000 region:r\nx\n")
        let region = try #require(result.value.document.tracks.first?.regions.first)
        #expect(region.id == "r" && region.width == Fraction(335, 1000) && region.lines == 7 && region.scrollUp)
        #expect(region.regionAnchor == Point(x: Fraction(1, 10), y: Fraction(1, 5)))
        #expect(region.viewportAnchor == Point(x: Fraction(3, 10), y: Fraction(2, 5)))
        #expect(codes(result) == ["6:1 webvtt.bad-region-setting"])
    }

    @Test func headerFieldsAndTheHLSTimestampMap() throws {
        let result = read("WEBVTT\nLanguage: pt-BR\nX-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000\n\n00:01.000 --> 00:02.000\nx\n")
        #expect(result.value.document.tracks.first?.language?.rawValue == "pt-BR")
        #expect(result.value.timestampMap == HLSTimestampMap(mpegts: 900_000, local: .zero))
        #expect(result.value.headerFields.contains(WebVTTHeaderField(name: "Language", value: "pt-BR")))
        let bad = read("WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:abc,LOCAL:00:00:00.000\n")
        #expect(bad.value.timestampMap == nil && codes(bad) == ["2:1 webvtt.bad-timestamp-map"])
    }

    @Test func unorderedCuesAreSortedWithTheirAPIValues() throws {
        let result = read("WEBVTT\n\n00:05.000 --> 00:06.000 align:end\nlater\n\n00:01.000 --> 00:02.000\nearlier\n")
        let cues = try #require(result.value.document.tracks.first?.cues)
        #expect(cues.map(\.plainText) == ["earlier", "later"])
        #expect(result.value.cueValues.map(\.text) == ["earlier", "later"])
        #expect(result.value.cueValues[1].textAlignment == .end)
        #expect(codes(result) == ["- webvtt.out-of-order"])
    }

    @Test func otherEncodingsAreReadWithAWarning() throws {
        var bytes = Array("WEBVTT\n\n00:01.000 --> 00:02.000\ncaf".utf8)
        bytes += [0xE9, 0x20] + Array("cr\u{E8}me br\u{FB}l\u{E9}e, d\u{E9}j\u{E0} vu".unicodeScalars.map { UInt8($0.value) })
        let result = WebVTTReader().read(bytes)
        #expect(result.value.tracks.first?.cues.first?.plainText.hasPrefix("café crème") == true)
        #expect(result.diagnostics.contains { $0.code == .webVTTNotUTF8 })
    }

    /// A large file read in parallel pieces gives exactly what one pass gives.
    @Test func parallelPiecesEqualOnePass() {
        var text = "WEBVTT\n\nREGION\nid:r\n\n"
        for i in 0..<6000 {
            let s = i / 60, ms = (i % 60) * 10
            if i % 7 == 0 { text += "id\(i)\n" }
            text += String(format: "%02d:%02d.%03d --> %02d:%02d.%03d", s / 60, s % 60, ms, s / 60, s % 60, ms + 5)
            text += i % 5 == 0 ? " region:r align:start\n" : (i % 11 == 0 ? " line:bad\n" : "\n")
            text += "<c.k\(i % 3)>cue</c> \(i) &amp; more\n"
            text += i % 13 == 0 ? "\n\n\nstray \(i)\n\n" : "\n"
        }
        let one = read(text, options: .init(keepsCueValues: true, minimumParallelPieceSize: .max))
        let pieces = read(text, options: .init(keepsCueValues: true, minimumParallelPieceSize: 1024))
        #expect(one.value.document == pieces.value.document)
        #expect(one.value.cueValues == pieces.value.cueValues)
        #expect(one.diagnostics == pieces.diagnostics)
        #expect(one.value.document.tracks[0].cues.count == 6000)
    }
}

@Suite struct HLSTimestampMapTests {
    @Test func parsesEitherOrder() {
        #expect(HLSTimestampMap(value: "MPEGTS:900000,LOCAL:00:00:00.000") == HLSTimestampMap(mpegts: 900_000, local: .zero))
        #expect(HLSTimestampMap(value: "LOCAL:00:01.000,MPEGTS:0") == HLSTimestampMap(mpegts: 0, local: MediaTime(seconds: 1)))
        #expect(HLSTimestampMap(value: "MPEGTS:90000") == nil)
        #expect(HLSTimestampMap(value: "MPEGTS:-1,LOCAL:00:00.000") == nil)
        #expect(HLSTimestampMap(value: "MPEGTS:1,LOCAL:00:00.000,X:1") == nil)
    }

    @Test func mapsCueTimesOntoTheMediaTimeline() {
        let map = HLSTimestampMap(mpegts: 900_000, local: MediaTime(seconds: 2))
        #expect(map.mediaTime(for: MediaTime(seconds: 3)) == MediaTime(seconds: 11))
        #expect(HLSTimestampMap.absent.mediaTime(for: MediaTime(milliseconds: 1500)) == MediaTime(milliseconds: 1500))
    }

    /// A segment whose MPEG-2 time is just before the 33-bit wrap keeps its cues in order, and a
    /// reference on the player's unwrapped timeline puts them after the wrap.
    @Test func unwrapsThe33BitClock() {
        let nearWrap = HLSTimestampMap.wrap - 90_000  // one second before the wrap
        let map = HLSTimestampMap(mpegts: nearWrap, local: .zero)
        let wrapSeconds = MediaTime(value: HLSTimestampMap.wrap, timescale: 90_000)
        #expect(map.mediaTime(for: MediaTime(seconds: 3)) == wrapSeconds + MediaTime(seconds: 2))
        // The next segment's header has already wrapped (MPEGTS small); the player's timeline has not.
        let wrapped = HLSTimestampMap(mpegts: 90_000, local: .zero)
        let reference = wrapSeconds + MediaTime(seconds: 1)
        #expect(wrapped.mediaTime(for: MediaTime(seconds: 1), reference: reference) == wrapSeconds + MediaTime(seconds: 2))
        let cues = [Cue(start: MediaTime(seconds: 0), end: MediaTime(seconds: 2), content: [.text("x")])]
        let mapped = map.mapping(cues)
        #expect(mapped[0].end! - mapped[0].start == MediaTime(seconds: 2), "a cue across the wrap keeps its duration")
    }
}

/// Every file in Fixtures/webvtt-bad (inputs that once crashed, leaked or exhausted the reader)
/// reads — in one pass and in small pieces, alike — writes and reads again.
@Suite struct WebVTTBadInputCorpusTests {
    @Test(arguments: Fixtures.list("webvtt-bad").filter { $0.hasSuffix(".vtt") })
    func survives(_ name: String) {
        let bytes = Fixtures.bytes("webvtt-bad/\(name)")
        let whole = WebVTTReader().read(bytes)
        let pieces = WebVTTReader(options: .init(minimumParallelPieceSize: 4096)).read(bytes)
        #expect(whole.value == pieces.value)
        let again = WebVTTReader().read(WebVTTWriter().write(whole.value).value)
        #expect(again.value.tracks.first?.cues.count == whole.value.tracks.first?.cues.count)
    }

    @Test func deepNestingIsCappedNotRecursedInto() throws {
        let text = "WEBVTT\n\n00:00.000 --> 00:01.000\n" + String(repeating: "<b>", count: 5000) + "deep"
        let cue = try #require(WebVTTReader().read(Array(text.utf8)).value.tracks.first?.cues.first)
        var depth = 0
        var nodes = cue.content
        while case .span(let span)? = nodes.first {
            depth += 1
            nodes = span.children
        }
        #expect(depth == WebVTTCueTextParser.TreeBuilder.maximumDepth)
        #expect(cue.plainText == "deep")
    }
}
