import Testing
import TimedText
import TextScanning
@testable import TTML

/// A region's `set` children change its style over time (TTML2 §11.3.1.5: each ISD takes the
/// region's specified styles with its active sets applied): the model's `Region` carries those
/// changes, and `style(at:)` gives the style of any moment.
@Suite struct TTMLRegionAnimationTests {
    private func read(_ regions: String, body: String) -> (track: Track, diagnostics: [Diagnostic]) {
        let text = """
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
            <head><layout>\(regions)</layout></head><body>\(body)</body></tt>
            """
        let result = TTMLReader().readFile(SourceDecoder.decode(Array(text.utf8)).value)
        return (result.value.document.tracks[0], result.diagnostics)
    }

    @Test func aRegionsSetsGiveItsOpacityAtEachTime() throws {
        let (track, _) = read("""
            <region xml:id="r" tts:extent="100% 100%" tts:opacity="0" tts:backgroundColor="black">
              <set begin="1s" dur="1s" tts:opacity="0.05"/><set begin="2s" dur="1s" tts:opacity="0.5"/>
              <set begin="5s" end="6s" tts:backgroundColor="red"/>
            </region>
            """, body: #"<p region="r" begin="0s" dur="10s">x</p>"#)
        let region = try #require(track.regions.first { $0.id == "r" })
        #expect(region.style.opacity == .zero)
        #expect(region.style(at: MediaTime(seconds: 0)).opacity == .zero)
        #expect(region.style(at: MediaTime(milliseconds: 1500)).opacity == Fraction(1, 20))
        #expect(region.style(at: MediaTime(milliseconds: 2999)).opacity == Fraction(1, 2))
        #expect(region.style(at: MediaTime(seconds: 3)).opacity == .zero, "the set ends at 3 s")
        // The background set leaves the opacity as the region has it, and the colour returns after.
        #expect(region.style(at: MediaTime(seconds: 5)).backgroundColor == Color(red: 255, green: 0, blue: 0))
        #expect(region.style(at: MediaTime(seconds: 5)).opacity == .zero)
        #expect(region.style(at: MediaTime(seconds: 6)).backgroundColor == .black)
        #expect(region.styleChanges.map(\.begin) == [MediaTime(seconds: 1), MediaTime(seconds: 2), MediaTime(seconds: 5)])
        #expect(region.styleChanges.map(\.end) == [MediaTime(seconds: 2), MediaTime(seconds: 3), MediaTime(seconds: 6)])
    }

    @Test func setsThatChangeNothingMakeNoChange() throws {
        let (track, _) = read("""
            <region xml:id="r" tts:opacity="1"><set begin="1s" dur="1s" tts:opacity="1"/></region>
            """, body: #"<p region="r" begin="0s" dur="10s">x</p>"#)
        #expect(try #require(track.regions.first).styleChanges.isEmpty)
    }

    @Test func aRegionWithoutSetsHasNoChanges() throws {
        let (track, _) = read(#"<region xml:id="r" tts:opacity="0.5"/>"#, body: #"<p region="r" begin="0s" dur="1s">x</p>"#)
        let region = try #require(track.regions.first)
        #expect(region.styleChanges.isEmpty)
        #expect(region.style(at: MediaTime(seconds: 7)).opacity == Fraction(1, 2))
    }

    @Test func aSetOfTheRegionsGeometryIsReportedNotDrawn() throws {
        let (track, diagnostics) = read("""
            <region xml:id="r" tts:origin="0% 0%" tts:extent="50% 50%"><set begin="1s" dur="1s" tts:origin="50% 50%"/></region>
            """, body: #"<p region="r" begin="0s" dur="10s">x</p>"#)
        #expect(diagnostics.contains { $0.code == .ttmlRegionGeometryAnimated && $0.location?.line == 2 })
        #expect(try #require(track.regions.first).origin == Point(x: .zero, y: .zero))
    }
}
