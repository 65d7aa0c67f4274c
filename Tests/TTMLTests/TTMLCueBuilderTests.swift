import Testing
import TimedText
import TextScanning
import TestSupport
@testable import TTML

/// The cues are made in one pass over the significant times, looking again only at the regions
/// in which something begins or ends: they must be the runs of the plain ISD sequence (every
/// ISD's tree made and compared), cues that span many ISDs included.
@Suite struct TTMLCueBuilderTests {
    private func parsed(_ text: String) -> (TTMLDocument, TTMLStyleContext) {
        let file = TTMLReader().readFile(SourceDecoder.decode(Array(text.utf8)).value).value
        return (file.ttml!, TTMLStyleContext(root: file.xml!.root!))
    }

    private func parsed(fixture: String) -> (TTMLDocument, TTMLStyleContext) {
        let file = TTMLReader().readFile(SourceDecoder.decode(Fixtures.bytes(fixture)).value).value
        return (file.ttml!, TTMLStyleContext(root: file.xml!.root!))
    }

    /// The ISDs' cues; and, with `paragraphs`, the reader's cues too (the documents here are cut
    /// by spans and sets inside their paragraphs, so that runs stop being separable part-way and
    /// have their ISD cues made then).
    private func expectCuesFollowTheISDs(_ ttml: TTMLDocument, _ context: TTMLStyleContext, paragraphs: Bool = false) {
        for keepsParagraphs in paragraphs ? [false, true] : [false] {
            let (track, _, _) = TTMLReader.track(ttml, context: context, keepsParagraphs: keepsParagraphs)
            #expect(!track.cues.isEmpty)
            expectCuesFollowTheISDs(track, ttml)
        }
    }

    /// The cues are the runs of the ISD sequence, made the plain way (every ISD's tree): per
    /// region, a cue for each run of consecutive ISDs in which the region shows the same content
    /// with the same styles, from the run's first ISD to the next one's begin.
    private func expectCuesFollowTheISDs(_ track: Track, _ ttml: TTMLDocument) {
        var expected: [(region: String, start: MediaTime, end: MediaTime?)] = []
        var running: [Int: (start: MediaTime, content: TTMLISDRegion)] = [:]
        for isd in TTMLISDBuilder(document: ttml).sequence() {
            var shown: [Int: TTMLISDRegion] = [:]
            for region in isd.regions where region.body != nil { shown[region.region] = region }
            for (r, run) in running where shown[r].map({ $0.body != run.content.body || $0.styles != run.content.styles }) ?? true {
                expected.append((ttml.regions[r].id, run.start, isd.begin))
                running[r] = nil
            }
            for (r, content) in shown where running[r] == nil { running[r] = (isd.begin, content) }
        }
        for (r, run) in running { expected.append((ttml.regions[r].id, run.start, nil)) }
        let made = track.cues.map { "\($0.layout.regionID ?? "-") \($0.start) \($0.end.map { "\($0)" } ?? "open")" }.sorted()
        let plain = expected.map { "\($0.region) \($0.start) \($0.end.map { "\($0)" } ?? "open")" }.sorted()
        #expect(made == plain)
    }

    /// Cues that span many ISDs: long paragraphs under short ones in two regions, spans that come
    /// and go inside them, a `set` changing a colour, and one paragraph that never ends. Without
    /// the `set`, cues are made from selections without ISD trees: that too.
    @Test(arguments: [true, false]) func cuesAreTheRunsOfTheISDs(withSets: Bool) {
        var body = ""
        for k in 0..<60 {
            body += "<p region=\"bottom\" begin=\"\(k)s\" end=\"\(k + 1)s\">line \(k) <span begin=\"0.5s\">more</span></p>\n"
            if k % 7 == 0 {
                let set = withSets ? "<set begin=\"2s\" dur=\"1s\" tts:color=\"red\"/>" : "<span begin=\"2s\" dur=\"1s\">!</span>"
                body += "<p region=\"top\" begin=\"\(k)s\" end=\"\(k + 9)s\">long \(k)\(set)</p>\n"
            }
        }
        body += "<p region=\"top\" begin=\"61s\">never ends</p>\n"
        let (ttml, context) = parsed("""
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
              <head><layout>
                <region xml:id="top" tts:origin="10% 10%" tts:extent="80% 20%"/>
                <region xml:id="bottom" tts:origin="10% 70%" tts:extent="80% 20%"/>
              </layout></head>
              <body><div>
            \(body)
              </div></body>
            </tt>
            """)
        expectCuesFollowTheISDs(ttml, context, paragraphs: true)
    }

    @Test(arguments: ["ttml/regions_spans_sets.ttml", "ttml/seq_and_whitespace.ttml", "ttml/smpte_dropframe.ttml",
                      "ttml/legacy_dfxp.dfxp"])
    func fixturesGiveTheRunsOfTheirISDs(_ fixture: String) {
        let (ttml, context) = parsed(fixture: fixture)
        expectCuesFollowTheISDs(ttml, context, paragraphs: true)
    }

    /// A bad value in a style that many paragraphs under different parents use is about one place
    /// in the file: it is reported once.
    @Test func aBadStyleValueIsReportedOncePerPlace() {
        var body = ""
        for k in 0..<20 {
            body += "<div><p begin=\"\(k)s\" end=\"\(k + 1)s\" style=\"\(k % 2 == 0 ? "bad" : "worse")\">line \(k)</p></div>\n"
        }
        let (ttml, context) = parsed("""
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
              <head><styling>
                <style xml:id="bad" tts:color="rgba(0,0,0,0.5)"/>
                <style xml:id="worse" style="bad" tts:fontStyle="italic"/>
              </styling></head>
              <body>
            \(body)
              </body>
            </tt>
            """)
        let (_, styler, _) = TTMLReader.track(ttml, context: context)
        let reported = styler.log.diagnostics.filter { $0.code == .ttmlIgnoredStyleValue }
        #expect(reported.count == 1, "\(reported)")
        #expect(reported.first?.location?.line == 3)
    }
}

/// At each significant time only the regions in which something begins or ends are looked at:
/// the track must be the one made looking at every region every time, however regions are named
/// (on containers, paragraphs and spans, inherited, overridden, unknown) and timed.
@Suite struct TTMLRegionsPassedOverTests {
    @Test(arguments: 0..<12) func passingOverUnchangedRegionsChangesNothing(seed: UInt64) {
        var random = TestRandom(seed: seed)
        let regionNames = ["", " region=\"a\"", " region=\"b\"", " region=\"c\"", " region=\"nowhere\""]
        func region() -> String { random.next() % 3 == 0 ? regionNames[Int(random.next() % 5)] : "" }
        func time() -> Int { Int(random.next() % 40) }
        var body = ""
        for _ in 0..<(3 + Int(random.next() % 3)) {
            body += "<div\(region())>"
            for _ in 0..<(2 + Int(random.next() % 6)) {
                let begin = time()
                body += "<p\(region()) begin=\"\(begin)s\" end=\"\(begin + 1 + time() / 4)s\">w\(random.next() % 100)"
                if random.next() % 2 == 0 {
                    body += " <span\(region()) begin=\"\(Double(random.next() % 20) / 10)s\" dur=\"\(1 + random.next() % 3)s\">s</span>"
                }
                if random.next() % 3 == 0 { body += "<br/>x" }
                body += "</p>"
            }
            body += "</div>\n"
        }
        let layout = random.next() % 4 == 0 ? "" : """
            <layout><region xml:id="a" tts:origin="0% 0%" tts:extent="50% 50%"/><region xml:id="b" tts:origin="50% 50%" tts:extent="50% 50%"/>
            <region xml:id="c" begin="10s" end="30s"/></layout>
            """
        let text = """
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
            <head>\(layout)</head><body\(region())>\(body)</body></tt>
            """
        let file = TTMLReader().readFile(SourceDecoder.decode(Array(text.utf8)).value).value
        guard let ttml = file.ttml, let root = file.xml?.root else {
            Issue.record("not read: \(text)")
            return
        }
        let context = TTMLStyleContext(root: root)
        let (passing, _, _) = TTMLReader.track(ttml, context: context)
        let (looking, _, _) = TTMLReader.track(ttml, context: context, passOverUnchanged: false)
        let same = passing == looking
        #expect(same, "seed \(seed): \(passing.cues.count) cues against \(looking.cues.count)")
    }
}
