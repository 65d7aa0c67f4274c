import Testing
import TimedText
import TextScanning
import TestSupport
@testable import TTML

/// One cue per paragraph where that shows what the ISDs show (issue 36: an SRT whose cues overlap
/// came back from TTML with more cues than it had), the ISDs' cuts elsewhere, and one note saying
/// what was cut.
@Suite struct TTMLParagraphCueTests {
    static let open = #"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">"#
    static let layout = """
        <head><layout><region xml:id="a" tts:origin="10% 10%" tts:extent="80% 30%"/>
        <region xml:id="b" tts:origin="10% 60%" tts:extent="80% 30%"/></layout></head>
        """

    static func read(_ text: String, keepsParagraphs: Bool = true) -> ParseResult<TTMLFile> {
        var options = TTMLReader.Options()
        options.keepsParagraphs = keepsParagraphs
        return TTMLReader(options: options).readFile(SourceDecoder.decode(Array(text.utf8)).value)
    }

    static func document(_ body: String) -> String { open + layout + "<body><div>" + body + "</div></body></tt>" }

    /// Each cue as "start-end region id: text".
    static func summary(_ result: ParseResult<TTMLFile>) -> [String] {
        (result.value.document.tracks.first?.cues ?? []).map {
            "\($0.start.secondsText)-\($0.end?.secondsText ?? "open") \($0.layout.regionID ?? "-") \($0.id ?? "-"): "
                + $0.plainText.replacingOccurrences(of: "\n", with: "|")
        }
    }

    static func recutNotes(_ result: ParseResult<TTMLFile>) -> [Diagnostic] {
        result.diagnostics.filter { $0.code == .ttmlParagraphsRecut }
    }

    @Test func overlappingParagraphsAreOneCueEach() {
        let result = TTMLReader().readFile(SourceDecoder.decode(Fixtures.bytes("ttml/overlapping_paragraphs.ttml")).value)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(Self.summary(result) == [
            "1.0-4.0 bottom c1: First line",
            "1.0-3.0 top t1: Top one",
            "2.0-5.0 bottom c2: Second overlaps",
            "2.0-4.0 top t2: Top two",
            "6.0-7.0 bottom c3: Third alone",
            "8.0-11.0 bottom c4: Fourth|on two lines",
            "9.0-12.0 bottom c5: Fifth in italics",
            "10.0-13.0 bottom -: Sixth, without an id",
            "14.0-16.0 bottom c7: Seventh",
            "14.0-17.0 bottom c8: Eighth begins with it",
        ])
        // Each cue's source is its paragraph.
        #expect(result.value.document.tracks[0].cues.map { $0.source?.line } == [17, 29, 18, 30, 19, 21, 22, 23, 24, 25])
    }

    /// At every time, the cues active in a region, in the order the renderer stacks them (start,
    /// then place in the track), hold what the ISD's cue of that region holds: the same
    /// paragraphs, in document order, a line break between each. `exactly` false compares their
    /// text only (a div's background is one block around a cue's paragraphs: one per cue, or one
    /// around all, which the renderer draws alike).
    static func expectSameContentAsTheISDs(_ text: String, exactly: Bool = true, _ comment: Comment? = nil) {
        let paragraphs = read(text)
        let isds = read(text, keepsParagraphs: false)
        guard let ttml = paragraphs.value.ttml else {
            Issue.record("not read")
            return
        }
        let separate = paragraphs.value.document.tracks[0].cues
        let merged = isds.value.document.tracks[0].cues
        func active(_ cues: [Cue], at t: MediaTime) -> [String: [Cue]] {
            let shown = cues.enumerated()
                .filter { $0.element.start <= t && ($0.element.end.map { t < $0 } ?? true) && $0.element.start < ($0.element.end ?? .init(seconds: 1 << 40)) }
                .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            return Dictionary(grouping: shown.map(\.element)) { $0.layout.regionID ?? "-" }
        }
        for t in TTMLISDBuilder(document: ttml).significantTimes() {
            let got = active(separate, at: t), want = active(merged, at: t)
            #expect(Set(got.keys) == Set(want.keys), "at \(t.secondsText) \(comment?.rawValue ?? "")")
            for (region, cues) in want {
                #expect(cues.count == 1, "one ISD cue per region at \(t.secondsText)")
                let joined = (got[region] ?? []).map(\.content).filter { !$0.isEmpty }.joined(separator: [.lineBreak])
                if exactly {
                    #expect(Array(joined) == cues[0].content, "region \(region) at \(t.secondsText) \(comment?.rawValue ?? "")")
                } else {
                    #expect(InlineNode.plainText(of: Array(joined)) == cues[0].plainText, "region \(region) at \(t.secondsText)")
                }
                #expect(got[region]?.first?.style == cues[0].style)
            }
        }
        // An id names one cue.
        let ids = separate.compactMap(\.id)
        #expect(Set(ids).count == ids.count, "\(ids)")
    }

    @Test func theFixtureShowsWhatItsISDsShow() {
        Self.expectSameContentAsTheISDs(String(decoding: Fixtures.bytes("ttml/overlapping_paragraphs.ttml"), as: UTF8.self), exactly: false)
    }

    /// Random documents: paragraphs overlapping in two regions (named on the div, the paragraph,
    /// or not at all), in and out of document order, some with a span timed inside, some with a
    /// `set`, some showing only a line break, some ending never.
    @Test(arguments: 0..<40) func paragraphCuesShowWhatTheISDsShow(seed: UInt64) {
        var random = TestRandom(seed: seed)
        let regions = ["", " region=\"a\"", " region=\"b\""]
        var body = ""
        for d in 0..<(1 + random.below(3)) {
            body += "<div\(regions[random.below(3)])>"
            for k in 0..<(2 + random.below(6)) {
                let begin = random.below(12)
                let end = random.below(8) == 0 ? "" : " end=\"\(begin + 1 + random.below(6))s\""
                let id = random.below(4) == 0 ? "" : " xml:id=\"p\(d)_\(k)\""
                body += "<p\(id)\(random.below(3) == 0 ? regions[random.below(3)] : "") begin=\"\(begin)s\"\(end)>w\(random.below(100))"
                switch random.below(8) {
                case 0: body += " <span begin=\"\(random.below(3))s\" dur=\"1s\">timed</span>"
                case 1: body += "<set begin=\"1s\" dur=\"1s\" tts:color=\"red\"/>"
                case 2: body += "<br/>two <span tts:fontStyle=\"italic\">lines</span>"
                case 3 where random.below(3) == 0: body = String(body[..<body.lastIndex(of: ">")!]) + "><br/>"
                default: break
                }
                body += "</p>"
            }
            body += "</div>"
        }
        let text = Self.open + (random.below(4) == 0 ? "" : Self.layout) + "<body>" + body + "</body></tt>"
        Self.expectSameContentAsTheISDs(text, "seed \(seed): \(text)")
    }

    /// A span that joins a paragraph mid-way changes what it shows: the ISDs' cuts are kept, and
    /// one note says how many paragraphs became how many cues, at the first.
    @Test func aSpanTimedInsideAnOverlappingParagraphKeepsTheCuts() {
        let text = Self.document("""
            <p xml:id="x1" region="a" begin="1s" end="4s">one</p>
            <p xml:id="x2" region="a" begin="2s" end="5s">two <span begin="1s">more</span></p>
            <p xml:id="x3" region="b" begin="1s" end="3s">three</p>
            <p xml:id="x4" region="b" begin="2s" end="4s">four</p>
            """)
        let result = Self.read(text)
        #expect(Self.summary(result) == [
            "1.0-2.0 a -: one",
            "1.0-3.0 b x3: three",
            "2.0-3.0 a -: one|two",
            "2.0-4.0 b x4: four",
            "3.0-4.0 a -: one|two more",
            "4.0-5.0 a -: two more",
        ])
        let notes = Self.recutNotes(result)
        #expect(notes.count == 1)
        #expect(notes.first?.severity == .info)
        #expect(notes.first?.message.hasPrefix("2 paragraphs are shown as 4 cues") == true, "\(notes)")
        #expect(notes.first?.location == result.value.ttml?.nodes.first { $0.id == "x1" }?.location)
        // The cuts are exactly the ISDs' (the run was separable until 3 s, and made no cue till then).
        let isds = Self.read(text, keepsParagraphs: false)
        #expect(Self.summary(result).filter { $0.contains(" a ") } == Self.summary(isds).filter { $0.contains(" a ") })
    }

    /// Stacked by start, a paragraph that begins before one above it in the document would be
    /// drawn above it, where the ISD draws it below: cut.
    @Test func paragraphsBeginningOutOfDocumentOrderAreCut() {
        let result = Self.read(Self.document("""
            <p region="a" begin="2s" end="5s">first in the document</p>
            <p region="a" begin="1s" end="4s">first on screen</p>
            """))
        #expect(Self.summary(result) == [
            "1.0-2.0 a -: first on screen",
            "2.0-4.0 a -: first in the document|first on screen",
            "4.0-5.0 a -: first in the document",
        ])
        #expect(Self.recutNotes(result).first?.message.hasPrefix("2 paragraphs are shown as 3 cues") == true)
    }

    /// A paragraph shown in two pieces (its spans leave a gap) is two cues: neither takes its id.
    @Test func aParagraphShownInPiecesIsCut() {
        let result = Self.read(Self.document("""
            <p xml:id="gap" region="a" begin="0s" end="10s"><span begin="1s" end="2s">on</span><span begin="5s" end="6s">again</span></p>
            """))
        #expect(Self.summary(result) == ["1.0-2.0 a -: on", "5.0-6.0 a -: again"])
        #expect(Self.recutNotes(result).first?.message.hasPrefix("1 paragraph is shown as 2 cues") == true)
    }

    /// A `set` on the div the paragraphs are in changes what they inherit: cut.
    @Test func aSetOnTheirDivCutsThem() {
        let result = Self.read(Self.open + Self.layout + """
            <body><div region="a"><set begin="2s" dur="1s" tts:color="red"/>
            <p xml:id="s1" begin="1s" end="4s">one</p><p xml:id="s2" begin="2s" end="5s">two</p></div></body></tt>
            """)
        #expect(result.value.document.tracks[0].cues.count == 4)
        #expect(result.value.document.tracks[0].cues.allSatisfy { $0.id == nil })
        #expect(Self.recutNotes(result).count == 1)
    }

    /// A `set` inside a paragraph that overlaps no other changes only that paragraph: it alone
    /// is cut, and its neighbours keep their ids.
    @Test func onlyTheRunThatChangesIsCut() {
        let result = Self.read(Self.document("""
            <p xml:id="k1" region="a" begin="1s" end="3s">one</p>
            <p xml:id="k2" region="a" begin="2s" end="4s">two</p>
            <p xml:id="k3" region="a" begin="5s" end="8s">three<set begin="1s" dur="1s" tts:color="red"/></p>
            <p xml:id="k4" region="a" begin="9s" end="10s">four</p>
            """))
        #expect(Self.summary(result) == [
            "1.0-3.0 a k1: one", "2.0-4.0 a k2: two",
            "5.0-6.0 a -: three", "6.0-7.0 a -: three", "7.0-8.0 a -: three",
            "9.0-10.0 a k4: four",
        ])
        let notes = Self.recutNotes(result)
        #expect(notes.count == 1 && notes[0].message.hasPrefix("1 paragraph is shown as 3 cues"))
    }

    /// Paragraphs that never end stay on screen together: they were n cues holding 1, 2, … n
    /// paragraphs (the model grew with the square); now n cues of one paragraph each.
    @Test func paragraphsThatNeverEndAreOneCueEach() {
        var body = ""
        for k in 0..<50 { body += "<p xml:id=\"n\(k)\" region=\"a\" begin=\"\(k)s\">line \(k)</p>" }
        let result = Self.read(Self.document(body))
        let cues = result.value.document.tracks[0].cues
        #expect(cues.count == 50)
        #expect(cues.allSatisfy { $0.end == nil && !$0.plainText.contains("\n") })
        #expect(cues.map(\.id) == (0..<50).map { "n\($0)" })
        #expect(Self.recutNotes(result).isEmpty)
    }

    /// A paragraph that shows only a line break is no line in the ISD's cue, but an empty line as
    /// a cue of its own; left out, its region would show nothing (nor its background) while it
    /// alone is shown. Its run keeps the ISDs' cuts.
    @Test func aParagraphThatShowsNothingKeepsTheCuts() {
        let text = Self.document("""
            <p xml:id="e0" region="a" begin="1s" end="5s"><br/></p><p xml:id="e1" region="a" begin="2s" end="4s">words</p>
            """)
        let result = Self.read(text)
        #expect(Self.summary(result) == ["1.0-2.0 a -: ", "2.0-4.0 a -: words", "4.0-5.0 a -: "])
        #expect(Self.summary(result) == Self.summary(Self.read(text, keepsParagraphs: false)))
        #expect(Self.recutNotes(result).first?.message.hasPrefix("2 paragraphs are shown as 3 cues") == true)
    }

    /// Two paragraphs that begin and end together were one cue: now two, in document order.
    @Test func paragraphsShownTogetherForTheSameTimeAreTwoCues() {
        let result = Self.read(Self.document("""
            <p xml:id="q1" region="a" begin="1s" end="2s">one</p><p xml:id="q2" region="a" begin="1s" end="2s">two</p>
            """))
        #expect(Self.summary(result) == ["1.0-2.0 a q1: one", "1.0-2.0 a q2: two"])
    }
}
