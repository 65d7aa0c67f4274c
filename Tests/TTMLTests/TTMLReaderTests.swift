import Testing
import XML
import TimedText
import TextScanning
import TestSupport
@testable import TTML

private func read(_ fixture: String) -> ParseResult<TTMLFile> {
    TTMLReader().readFile(SourceDecoder.decode(Fixtures.bytes(fixture)).value)
}

private func s(_ seconds: Int64) -> MediaTime { MediaTime(seconds: seconds) }

/// Each cue as (start, end, region, text).
private func summary(_ document: Document) -> [String] {
    document.tracks[0].cues.map {
        "\($0.start.secondsText)-\($0.end?.secondsText ?? "open") \($0.layout.regionID ?? "-"): \($0.plainText)"
    }
}

@Suite struct TTMLReaderTests {
    @Test func regionsSpansAndSets() throws {
        let result = read("ttml/regions_spans_sets.ttml")
        let file = result.value
        #expect(result.diagnostics.map(\.code) == [.ttmlUnknownRegion, .ttmlParagraphsRecut])
        // The span that joins at 2 s and the set cut both paragraphs in two: said once, at the first.
        let recut = try #require(result.diagnostics.last)
        #expect(recut.severity == .info && recut.location?.line == 21)
        #expect(recut.message.hasPrefix("2 paragraphs are shown as 4 cues"))
        let ttml = try #require(file.ttml)
        #expect(TTMLISDBuilder(document: ttml).significantTimes() == (0...11).map { s($0) })
        #expect(summary(file.document) == [
            "1.0-2.0 bottom: First",
            "2.0-4.0 bottom: First and second",
            "3.0-4.0 top: Top",
            "4.0-5.0 top: Top",
        ])
        let track = file.document.tracks[0]
        #expect(track.language?.rawValue == "en")
        // A cue's source is its first paragraph.
        #expect(track.cues.map { $0.source?.line } == [21, 21, 23, 23])
        #expect(track.regions.map(\.id) == ["top", "bottom"])
        // The agent is kept as a voice span.
        guard case .span(let voice) = track.cues[2].content.first else { Issue.record("expected a voice span"); return }
        #expect(voice.kind == .voice("Narrator"))
        // Chained referential styles, then the set: the ISD carries the specified values.
        let color = XMLName(XMLNamespace.tts, "color")
        let at3 = TTMLISDBuilder(document: ttml).isd(at: s(3))
        let topAt3 = try #require(at3.regions.first { ttml.regions[$0.region].id == "top" }?.body)
        #expect(topAt3.styles[color]?.value == "yellow")
        #expect(topAt3.styles[XMLName(XMLNamespace.tts, "fontSize")]?.value == "80%")
        let at4 = TTMLISDBuilder(document: ttml).isd(at: s(4))
        let topAt4 = try #require(at4.regions.first { ttml.regions[$0.region].id == "top" }?.body)
        let p = try #require(topAt4.children.first?.children.first)
        #expect(p.styles[color]?.value == "red")
        // Hidden and misdirected paragraphs show nothing.
        #expect(!TTMLISDBuilder(document: ttml).isd(at: s(6)).hasContent)
        #expect(!TTMLISDBuilder(document: ttml).isd(at: s(8)).hasContent)
        #expect(!TTMLISDBuilder(document: ttml).isd(at: s(10)).hasContent)
    }

    @Test func sequentialTimingAndWhiteSpace() throws {
        let result = read("ttml/seq_and_whitespace.ttml")
        #expect(result.diagnostics.isEmpty)
        #expect(summary(result.value.document) == [
            "0.0-2.0 default: Un espace entre les mots",
            "3.0-5.0 default: Ligne une\nligne deux",
            "5.0-6.0 default: gardé  tel\nquel",
            "6.0-7.0 default: English et",
        ])
        let track = result.value.document.tracks[0]
        #expect(track.language?.rawValue == "fr")
        #expect(track.regions.map(\.id) == ["default"])
        guard case .span(let english) = track.cues[3].content.first else { Issue.record("expected a language span"); return }
        #expect(english.kind == .language("en"))
    }

    /// White space at the ends of text runs (the space before a span, the indentation after a
    /// break) is collapsed into one space that stays where the run's first space is, as CSS
    /// collapses it: the space between a word and a span stays outside the span (whose
    /// background then starts at its text), and a space at a line's end goes. Runs that are
    /// collapsed but for their ends are taken without being rebuilt byte by byte.
    @Test func collapsedSpacesStayWhereTheirRunStarts() {
        let ttml = """
            <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div>
            <p begin="0s" end="1s">  one two <span>three</span> four  <span> five </span>six<br/> seven\t</p>
            <p begin="1s" end="2s"><span>a </span> <span> b</span>c <br/>d </p>
            <p begin="2s" end="3s">e <span><br/>f <span>g </span></span> </p>
            </div></body></tt>
            """
        let result = TTMLReader().readFile(SourceDecoder.decode(Array(ttml.utf8)).value)
        func shape(_ nodes: [InlineNode]) -> String {
            nodes.map { node in
                switch node {
                case .text(let text): text
                case .lineBreak: "|"
                case .span(let span): "[" + shape(span.children) + "]"
                default: "?"
                }
            }.joined()
        }
        #expect(result.value.document.tracks[0].cues.map { shape($0.content) } == ["one two [three] four [five ]six|seven", "[a ][b]c|d", "e[|f [g]]"])
    }

    /// The word-at-a-time test of collapsed text agrees with a byte-by-byte one on random runs
    /// of letters, spaces, controls and UTF-8 bytes, at every length and alignment.
    @Test func collapsedTextIsFoundAWordAtATime() {
        func byteByByte(_ bytes: [UInt8]) -> Bool {
            var previousWasSpace = false
            for byte in bytes {
                if byte == 0x09 || byte == 0x0A || byte == 0x0D { return false }
                if byte == 0x20 && previousWasSpace { return false }
                previousWasSpace = byte == 0x20
            }
            return true
        }
        let alphabet: [UInt8] = [0x61, 0x62, 0x20, 0x20, 0x20, 0x09, 0x0A, 0x0D, 0x01, 0x1F, 0x21, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
        var random = TestRandom(seed: 608)
        for _ in 0..<20_000 {
            let length = Int(random.next() % 40)
            // Mostly letters and single spaces, so that long collapsed runs are common.
            let rare = random.next() % 4 == 0
            let bytes = (0..<length).map { _ in
                rare ? alphabet[Int(random.next() % UInt64(alphabet.count))] : (random.next() % 5 == 0 ? 0x20 : 0x61)
            }
            let offset = Int(random.next() % 8)
            let padded = Array(repeating: UInt8(0x61), count: offset) + bytes
            let found = padded.withUnsafeBufferPointer { TTMLInlineContent.isCollapsed(UnsafeBufferPointer(rebasing: $0[offset...])) }
            #expect(found == byteByByte(bytes), "\(bytes)")
        }
    }

    @Test func smpteDropFrameTimeCodes() {
        let result = read("ttml/smpte_dropframe.ttml")
        #expect(result.diagnostics.isEmpty)
        let cues = result.value.document.tracks[0].cues
        let frame = MediaTime(value: 1001, timescale: 30000)
        func frames(_ n: Int64) -> MediaTime { MediaTime(value: n * 1001, timescale: 30000) }
        #expect(cues.map(\.start) == [frames(1799), frames(17982)])
        #expect(cues.map(\.end) == [frames(1800), frames(17997)])
        #expect(frame == frames(1))
    }

    @Test func legacyDFXPNamespaceIsReadAsTTML() {
        let result = read("ttml/legacy_dfxp.dfxp")
        #expect(result.diagnostics.map(\.code) == [.ttmlLegacyNamespace])
        #expect(summary(result.value.document) == ["0.5-1.5 default: Old namespace"])
        let p = result.value.ttml?.nodes.first { if case .p = $0.kind { true } else { false } }
        #expect(p?.specifiedStyles[XMLName(XMLNamespace.tts, "color")]?.value == "red")
    }

    @Test func notTTML() {
        let result = TTMLReader().read(SourceText("<html><body/></html>"))
        #expect(result.diagnostics.map(\.code) == [.ttmlNotTTML])
        #expect(result.value.tracks.isEmpty)
        #expect(result.value.format == .ttml)
    }

    @Test func parIndefiniteContentAndEmptyParagraphs() throws {
        let result = TTMLReader().readFile(SourceText("""
            <tt xmlns="http://www.w3.org/ns/ttml"><body><div>
            <p begin="2s">forever</p><p begin="1s" end="3s">  </p><p begin="1s" end="2s"><br/></p>
            </div></body></tt>
            """))
        // A p without an end lasts indefinitely (its text is an anonymous span in a par container).
        #expect(summary(result.value.document) == ["1.0-2.0 default: ", "2.0-open default: forever"])
        #expect(result.value.isds.map { $0.begin } == [s(0), s(1), s(2), s(3)])
    }

    @Test func styleCyclesAndUnknownStyles() {
        let result = TTMLReader().readFile(SourceText("""
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling">
            <head><styling><style xml:id="a" style="b" tts:color="red"/><style xml:id="b" style="a" tts:color="blue"/></styling></head>
            <body><div><p begin="0s" end="1s" style="a missing">x</p></div></body></tt>
            """))
        #expect(result.diagnostics.map(\.code) == [.ttmlStyleCycle, .ttmlUnknownStyle])
        let p = result.value.ttml?.nodes.first { if case .p = $0.kind { true } else { false } }
        #expect(p?.specifiedStyles[XMLName(XMLNamespace.tts, "color")]?.value == "red")
    }
}

/// `00:00:05:77` under `ttp:frameRate="24"`: hundredths, when the document's own times say so.
@Suite struct TTMLFrameFieldReadingTests {
    static func document(_ frameRate: String?, _ times: [(String, String)]) -> SourceText {
        var s = #"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter""#
        if let frameRate { s += #" ttp:frameRate="\#(frameRate)""# }
        s += "><body><div>\n"
        for (k, (begin, end)) in times.enumerated() { s += #"<p begin="\#(begin)" end="\#(end)">line \#(k)</p>"# + "\n" }
        return SourceText(s + "</div></body></tt>")
    }

    static func cues(_ result: ParseResult<TTMLFile>) -> [String] {
        result.value.document.tracks[0].cues.map { "\($0.start.secondsText)-\($0.end?.secondsText ?? "open") \($0.plainText)" }
    }

    @Test func lastFieldsBeyondTheRateAreReadAsHundredthsThroughout() throws {
        let result = TTMLReader().readFile(Self.document("24", [("00:00:05:77", "00:00:09:12"), ("00:00:09:50", "00:00:12:03")]))
        // 09:12 is a valid frame number at 24 fps (9.5 s), but the document's times are hundredths.
        #expect(Self.cues(result) == ["5.77-9.12 line 0", "9.5-12.03 line 1"])
        #expect(result.diagnostics.map(\.code) == [.ttmlFrameFieldReading])
        let warning = try #require(result.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.location == SourceLocation(line: 2, column: 4))
        #expect(warning.message.contains("2 of the 4 clock times"), "\(warning.message)")
        #expect(warning.message.contains("frame rate 24 (up to 77)"))
        #expect(result.value.ttml?.parameters.lastFieldIsHundredths == true)
    }

    @Test func framesWithinTheRateStayFrames() {
        let result = TTMLReader().readFile(Self.document("24", [("00:00:05:12", "00:00:09:23")]))
        let cue = result.value.document.tracks[0].cues.first
        #expect(cue?.start == MediaTime(value: 11, timescale: 2))
        #expect(cue?.end == MediaTime(value: 239, timescale: 24))
        #expect(result.diagnostics.isEmpty)
        #expect(result.value.ttml?.parameters.lastFieldIsHundredths == false)
    }

    /// A field of three digits, or one with sub-frames, cannot be hundredths: frames are kept, and
    /// each impossible one is reported and ignored as before.
    @Test func fieldsThatCannotBeHundredthsKeepTheFramesReading() {
        for odd in ["00:00:09:120", "00:00:09:10.1"] {
            let result = TTMLReader().readFile(Self.document("24", [("00:00:05:77", odd)]))
            #expect(!result.diagnostics.contains { $0.code == .ttmlFrameFieldReading }, "\(odd)")
            #expect(result.diagnostics.first?.code == .ttmlBadTime)
            #expect(result.value.ttml?.parameters.lastFieldIsHundredths == false)
        }
    }

    @Test func theDefaultFrameRateCounts() {
        // No ttp:frameRate: 30 frames a second; 45 is beyond it.
        let result = TTMLReader().readFile(Self.document(nil, [("00:00:01:45", "00:00:02:10")]))
        #expect(Self.cues(result) == ["1.45-2.1 line 0"])
        #expect(result.diagnostics.map(\.code) == [.ttmlFrameFieldReading])
    }

    @Test func theFixtureReadsWithHundredths() {
        let result = read("ttml/frames_as_hundredths.ttml")
        #expect(Self.cues(result) == ["5.77-9.12 The first line.", "9.5-12.03 The second line.", "12.4-15.15 The third, by its duration."])
        #expect(result.diagnostics.map(\.code) == [.ttmlFrameFieldReading])
    }

    @Test func theFieldIsFoundOnlyInClockTimesWithFourFields() {
        #expect(TTMLFrameReading.framesField("00:00:05:77")! == (77, 2, false))
        #expect(TTMLFrameReading.framesField(" 10:00:05:7.5 ")! == (7, 1, true))
        #expect(TTMLFrameReading.framesField("00:00:05.77") == nil)
        #expect(TTMLFrameReading.framesField("00:05:77") == nil)
        #expect(TTMLFrameReading.framesField("00::05:77") == nil)
        #expect(TTMLFrameReading.framesField("5s") == nil)
    }
}
