import Testing
import TimedText
import TextScanning
import TestSupport
@testable import TTML

/// The track of a long document is made in parts on several cores and joined: joining must give
/// exactly what one pass over the whole ISD sequence gives, cues that run across a cut included.
@Suite struct TTMLTrackPartTests {
    private func parsed(_ text: String) -> (TTMLDocument, TTMLStyleContext) {
        let file = TTMLReader().readFile(SourceDecoder.decode(Array(text.utf8)).value).value
        return (file.ttml!, TTMLStyleContext(root: file.xml!.root!))
    }

    private func parsed(fixture: String) -> (TTMLDocument, TTMLStyleContext) {
        let file = TTMLReader().readFile(SourceDecoder.decode(Fixtures.bytes(fixture)).value).value
        return (file.ttml!, TTMLStyleContext(root: file.xml!.root!))
    }

    private func expectSameInEveryNumberOfParts(_ ttml: TTMLDocument, _ context: TTMLStyleContext, upTo most: Int = 6) {
        let (whole, isds, styler) = TTMLReader.track(ttml, context: context, parts: 1)
        #expect(!whole.cues.isEmpty)
        for parts in 2...most {
            let (joined, joinedISDs, joinedStyler) = TTMLReader.track(ttml, context: context, parts: parts)
            // Compared as booleans: a failure would otherwise print two whole tracks.
            let sameTrack = joined == whole, sameISDs = joinedISDs == isds
            #expect(sameTrack, "\(parts) parts: \(joined.cues.count) cues, \(whole.cues.count) in one pass")
            #expect(sameISDs, "\(parts) parts")
            #expect(joinedStyler.log.diagnostics == styler.log.diagnostics, "\(parts) parts")
        }
    }

    /// Cues that run across any cut: long paragraphs under short ones in two regions, spans that
    /// come and go inside them, a `set` changing a colour, and one paragraph that never ends.
    @Test func joiningPartsGivesWhatOnePassGives() {
        var body = ""
        for k in 0..<60 {
            body += "<p region=\"bottom\" begin=\"\(k)s\" end=\"\(k + 1)s\">line \(k) <span begin=\"0.5s\">more</span></p>\n"
            if k % 7 == 0 {
                body += "<p region=\"top\" begin=\"\(k)s\" end=\"\(k + 9)s\">long \(k)<set begin=\"2s\" dur=\"1s\" tts:color=\"red\"/></p>\n"
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
        expectSameInEveryNumberOfParts(ttml, context, upTo: 9)
    }

    @Test(arguments: ["ttml/regions_spans_sets.ttml", "ttml/seq_and_whitespace.ttml", "ttml/smpte_dropframe.ttml",
                      "ttml/legacy_dfxp.dfxp"])
    func fixturesGiveTheSameTrackInParts(_ fixture: String) {
        let (ttml, context) = parsed(fixture: fixture)
        expectSameInEveryNumberOfParts(ttml, context)
    }

    /// A bad value in a style that many paragraphs under different parents use is about one place
    /// in the file: it is reported once, however the timeline is cut.
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
        for parts in [1, 2, 5] {
            let (_, _, styler) = TTMLReader.track(ttml, context: context, parts: parts)
            let reported = styler.log.diagnostics.filter { $0.code == .ttmlIgnoredStyleValue }
            #expect(reported.count == 1, "\(parts) parts: \(reported)")
            #expect(reported.first?.location?.line == 3)
        }
    }
}
