import Testing
import XML
import TimedText
import TextScanning
import TestSupport
@testable import TTML

/// Each file of Fixtures/ttml-bad gives the right diagnostics, quickly, and keeps what can be kept.
@Suite struct TTMLBadInputTests {
    /// Reads a fixture, failing when it takes longer than `limit` (debug build, shared machine).
    private func read(_ name: String, limit: Duration = .seconds(1)) -> ParseResult<TTMLFile> {
        let bytes = Fixtures.bytes("ttml-bad/" + name)
        let clock = ContinuousClock()
        var result: ParseResult<TTMLFile>?
        let elapsed = clock.measure { result = TTMLReader().readFile(SourceDecoder.decode(bytes).value) }
        #expect(elapsed < limit, "\(name) took \(elapsed)")
        return result!
    }

    private func codes(_ result: ParseResult<TTMLFile>) -> [DiagnosticCode] { result.diagnostics.map(\.code) }

    @Test func entityDeclarationsAreRefusedAtOnce() {
        for name in ["billion_laughs.ttml", "quadratic_entity.ttml"] {
            let result = read(name, limit: .milliseconds(100))
            #expect(codes(result) == [.xmlDoctypeRefused], "\(name)")
            #expect(result.diagnostics.first?.location == SourceLocation(line: 2, column: 1))
            #expect(result.value.document.tracks.isEmpty && result.value.ttml == nil)
        }
    }

    @Test func deepNestingIsCut() {
        let result = read("deep_nesting.ttml")
        #expect(codes(result) == [.xmlTooDeep])
        // tt, body, div, p and the spans up to the limit are kept; the text below them is not.
        #expect(result.value.document.tracks.first?.cues.isEmpty == true)
    }

    @Test func hugeAttributeIsReadWhole() {
        let result = read("huge_attribute.ttml")
        // The 64 KiB colour is kept as written, and reported (quoted short) as not a colour.
        #expect(codes(result) == [.ttmlIgnoredStyleValue])
        #expect(result.diagnostics.allSatisfy { $0.message.count < 300 })
        let p = result.value.ttml?.nodes.first { if case .p = $0.kind { true } else { false } }
        #expect(p?.specifiedStyles[XMLName(XMLNamespace.tts, "color")]?.value.utf8.count == 65536)
        #expect(result.value.document.tracks.first?.cues.map(\.plainText) == ["big"])
    }

    @Test func badTimesAreIgnoredWithTheirReasons() {
        let result = read("bad_times.ttml")
        // The paragraphs overlap, the later ones in the document beginning first: one cue each
        // would stack them in another order than the document's, so they are cut, and said so.
        #expect(codes(result) == [.ttmlBadTime, .ttmlBadTime, .ttmlBadTime, .ttmlBadTime, .ttmlEndBeforeBegin, .ttmlFrameFieldReading,
                                  .ttmlParagraphsRecut])
        #expect(result.diagnostics.map { $0.location?.line } == [4, 5, 6, 6, 8, 7, 4])
        #expect(result.diagnostics[0].message.contains("metric"))
        // A bare number is read as the seconds it means ("no metric" from 1 s to 2 s, said in its
        // warning); the others keep their valid attributes: "bad minutes" from 1 s on; the last
        // never shows. `00:00:00:45`, the document's only time with frames, cannot be frames at
        // the default 30 per second, and can be hundredths: it is read so (0.45 s).
        #expect(result.diagnostics[0].message.hasSuffix("read as \"1s\""))
        let texts = result.value.document.tracks[0].cues.map { "\($0.start.secondsText) \($0.plainText)" }
        #expect(texts.prefix(3) == ["0.0 unknown metric, negative", "0.45 unknown metric, negative\nframe beyond the rate",
                                    "1.0 no metric\nbad minutes\nunknown metric, negative\nframe beyond the rate"])
    }

    @Test func unclosedTagsAreClosedAtTheEnd() {
        let result = read("unclosed_tags.ttml")
        // tt, body, div, p, span and the second p are open at the end; that p is inside the
        // span of the first (XML nesting), where TTML allows no p: it is skipped, and said so.
        #expect(codes(result) == Array(repeating: .xmlUnclosedElement, count: 6) + [.ttmlSkippedElement])
        #expect(result.value.document.tracks[0].cues.first?.plainText.hasPrefix("one two") == true)
    }

    @Test func mismatchedTagsRecover() {
        let result = read("mismatched_tags.ttml")
        #expect(codes(result) == [.xmlMismatchedEndTag, .xmlMismatchedEndTag])
        let texts = result.value.document.tracks[0].cues.map(\.plainText)
        #expect(texts == ["one two", "three"])
    }

    @Test func unboundPrefixesDropWhatTheyName() {
        let result = read("unbound_prefix.ttml")
        #expect(codes(result) == [.xmlUnboundPrefix, .xmlUnboundPrefix, .xmlUnboundPrefix])
        #expect(result.value.document.tracks[0].cues.map(\.plainText) == ["text"])
    }

    @Test func notXMLAndNotTTML() {
        let notXML = read("not_xml.ttml")
        #expect(codes(notXML) == [.xmlContentOutsideRoot, .xmlNoRoot])
        #expect(notXML.hasErrors && notXML.value.document.tracks.isEmpty)
        let html = read("wrong_root.ttml")
        #expect(codes(html) == [.ttmlNotTTML])
    }

    /// Numbers that overflowed 64 bits stopped the process; now they are reported and ignored.
    @Test func hugeNumbersAreOutOfRange() {
        let result = read("huge_numbers.ttml")
        #expect(codes(result) == [.ttmlBadParameter, .ttmlBadParameter, .ttmlBadTime, .ttmlBadTime, .ttmlBadTime])
        #expect(result.diagnostics[2].message.contains("out of range"))
        // Read with no time, it is shown from 0 on, a cue of its own beside the others'.
        let cues = result.value.document.tracks.first?.cues ?? []
        #expect(cues.map(\.plainText) == ["hours beyond any time", "frames too", "kept"])
        #expect(cues.first?.end == nil)
    }

    @Test func everyBadFixtureIsCovered() {
        #expect(Fixtures.list("ttml-bad").count == 11)
    }
}
