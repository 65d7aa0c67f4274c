import Testing
import TestSupport
import TimedText
import TextScanning
import SubRip
import WebVTT
@testable import TTML

private let ttNS = "http://www.w3.org/ns/ttml"

/// Writes and parses back; fails the test when the output is not well-formed.
private func written(_ track: Track, _ options: TTMLWriter.Options = .default) -> (root: ParsedXML.Node, text: String, diagnostics: [Diagnostic]) {
    let result = TTMLWriter(options: options).write(track)
    let text = String(decoding: result.value, as: UTF8.self)
    let parsed = ParsedXML(result.value)
    #expect(parsed.error == nil, "not well-formed: \(parsed.error ?? "")\n\(text)")
    return (parsed.root ?? ParsedXML.Node(namespace: "", name: "", attributes: [:]), text, result.diagnostics)
}

/// A style attribute of an element, given inline or through its referenced `<style>`.
private func resolvedStyle(_ node: ParsedXML.Node, _ name: String, in root: ParsedXML.Node) -> String? {
    if let value = node.attributes[name] { return value }
    guard let ref = node.attributes["style"] else { return nil }
    return root.descendants("style").first { $0.attributes["xml:id"] == ref }?.attributes[name]
}

private func paragraphs(_ root: ParsedXML.Node) -> [ParsedXML.Node] { root.descendants("p") }
private func cue(_ start: MediaTime, _ end: MediaTime?, _ content: [InlineNode], id: String? = nil) -> Cue {
    Cue(id: id, start: start, end: end, content: content)
}

@Suite struct TTMLWriterTests {
    // MARK: Document shape

    @Test func rootDeclaresProfileLanguageAndParameters() {
        let out = written(Track(language: LanguageTag(wellFormed: "fr-CA"), cues: [cue(.zero, MediaTime(seconds: 1), [.text("Bonjour")])]))
        let tt = out.root
        #expect(tt.namespace == ttNS && tt.name == "tt")
        #expect(tt.attributes["xml:lang"] == "fr-CA")
        #expect(tt.attributes["ttp:contentProfiles"] == "http://www.w3.org/ns/ttml/profile/imsc1.1/text")
        #expect(tt.attributes["ttp:timeBase"] == "media")
        #expect(tt.attributes["ttp:cellResolution"] == "32 15")
        #expect(tt.attributes["ttp:profile"] == nil)
        // Namespaces declared once, on tt.
        #expect(out.text.components(separatedBy: "xmlns:tts=").count == 2)
        #expect(tt.first("head") != nil && tt.first("body") != nil)
        #expect(out.diagnostics.isEmpty, "\(out.diagnostics)")
    }

    @Test func unknownLanguageIsTheEmptyString() {
        let out = written(Track(cues: [cue(.zero, MediaTime(seconds: 1), [.text("x")])]))
        #expect(out.root.attributes["xml:lang"] == "")
    }

    @Test func emptyTrackIsStillADocument() {
        let out = written(Track())
        #expect(out.root.name == "tt")
        #expect(paragraphs(out.root).isEmpty)
    }

    @Test func everyParagraphIsInARegionThatIsDefined() {
        let out = written(Track(cues: [cue(.zero, MediaTime(seconds: 1), [.text("a")]), cue(MediaTime(seconds: 1), MediaTime(seconds: 2), [.text("b")])]))
        let regions = Set(out.root.descendants("region").compactMap { $0.attributes["xml:id"] })
        for p in paragraphs(out.root) { #expect(regions.contains(p.attributes["region"] ?? "")) }
        let bottom = out.root.descendants("region")[0]
        #expect(bottom.attributes["tts:origin"] == "10% 10%" && bottom.attributes["tts:extent"] == "80% 80%")
        #expect(bottom.attributes["tts:displayAlign"] == "after")
    }

    // MARK: Times

    @Test func decimalTimesAreClockTimes() {
        let out = written(Track(cues: [
            cue(MediaTime(milliseconds: 3_723_041), MediaTime(microseconds: 3_724_000_001), [.text("a")]),
        ]))
        let p = paragraphs(out.root)[0]
        #expect(p.attributes["begin"] == "01:02:03.041")
        #expect(p.attributes["end"] == "01:02:04.000001")
        #expect(out.root.attributes["ttp:tickRate"] == nil)
    }

    @Test func awkwardRationalsAreExactTicks() {
        let third = MediaTime(value: 1, timescale: 3)
        let ntscFrame = MediaTime(value: 1001, timescale: 30000)
        let frames = MediaTime(value: 1001 * 1799, timescale: 30000)  // ~60 s of 29.97 fps frames
        let track = Track(cues: [
            cue(third, MediaTime(value: 2, timescale: 3), [.text("thirds")]),
            cue(ntscFrame, frames, [.text("frames")]),
            cue(MediaTime(milliseconds: 61_500), nil, [.text("open")]),
        ])
        let out = written(track)
        let rate = Int64(out.root.attributes["ttp:tickRate"] ?? "")
        #expect(rate == 30000)  // lcm(3, 30000, 2)
        let ps = paragraphs(out.root)
        let times = ps.map { p in (parseTTMLTime(p.attributes["begin"]!, tickRate: rate), p.attributes["end"].flatMap { parseTTMLTime($0, tickRate: rate) }) }
        #expect(times[0].0 == third && times[0].1 == MediaTime(value: 2, timescale: 3))
        #expect(times[1].0 == ntscFrame && times[1].1 == frames)
        #expect(times[2].0 == MediaTime(milliseconds: 61_500) && ps[2].attributes["end"] == nil)
        #expect(out.diagnostics.isEmpty)
    }

    @Test func tickOptionUses10MHzWhenExact() {
        let out = written(Track(cues: [cue(MediaTime(value: 1, timescale: 10_000_000), MediaTime(milliseconds: 2500), [.text("a")])]),
                          TTMLWriter.Options(timeExpressions: .ticks))
        #expect(out.root.attributes["ttp:tickRate"] == "10000000")
        let p = paragraphs(out.root)[0]
        #expect(p.attributes["begin"] == "1t" && p.attributes["end"] == "25000000t")
    }

    @Test func timesNoTickRateCanHoldAreRoundedAndSaid() {
        // Two large primes: their product is beyond 2^40.
        let track = Track(cues: [
            cue(MediaTime(value: 1, timescale: 1_000_000_007), MediaTime(value: 1, timescale: 998_244_353), [.text("a")]),
            cue(MediaTime(value: 123_456_789, timescale: 1_000_000_007), MediaTime(seconds: 1), [.text("b")]),
        ])
        let out = written(track)
        #expect(out.root.attributes["ttp:tickRate"] == "10000000")
        #expect(out.diagnostics.contains { $0.code == .ttmlRoundedTime })
        #expect(paragraphs(out.root)[0].attributes["begin"] == "0t")
        #expect(paragraphs(out.root)[1].attributes["begin"] == "1234568t")
    }

    @Test func negativeTimesAndBackwardsEndsAreClampedAndSaid() {
        let out = written(Track(cues: [cue(MediaTime(seconds: -1), MediaTime(seconds: 2), [.text("a")]),
                                       cue(MediaTime(seconds: 3), MediaTime(seconds: 2), [.text("b")])]))
        let ps = paragraphs(out.root)
        #expect(ps[0].attributes["begin"] == "00:00:00.000")
        #expect(ps[1].attributes["end"] == "00:00:03.000")
        #expect(out.diagnostics.filter { $0.code == .ttmlClampedTime }.count == 2)
    }

    @Test func inlineTimestampsBecomeTimedSpansRelativeToTheirParent() {
        let out = written(Track(cues: [cue(MediaTime(seconds: 10), MediaTime(seconds: 14), [
            .text("Never "), .timestamp(MediaTime(seconds: 11)), .text("drink "), .timestamp(MediaTime(value: 37, timescale: 3)), .text("it"),
        ])]))
        let rate = Int64(out.root.attributes["ttp:tickRate"] ?? "")
        #expect(rate == 3)
        let outer = paragraphs(out.root)[0].first("span")!
        #expect(parseTTMLTime(outer.attributes["begin"]!, tickRate: rate) == MediaTime(seconds: 1))
        let inner = outer.first("span")!
        #expect(parseTTMLTime(inner.attributes["begin"]!, tickRate: rate) == MediaTime(value: 4, timescale: 3))
        #expect(paragraphs(out.root)[0].text == "Never drink it")
    }

    // MARK: Text

    @Test func escapingAndCharactersXMLCannotCarry() {
        let out = written(Track(cues: [cue(.zero, MediaTime(seconds: 1), [.text("a & b < c > d \"q\" ]]> \u{1}\u{FFFE}")], id: "x")]))
        let p = paragraphs(out.root)[0]
        #expect(p.text == "a & b < c > d \"q\" ]]> \u{FFFD}\u{FFFD}")
        #expect(out.text.contains("a &amp; b &lt; c &gt; d \"q\" ]]&gt;"))
        #expect(out.diagnostics.contains { $0.code == .ttmlInvalidXMLCharacter })
    }

    /// A font family with a control character in it (an ASS style's Fontname, found by the
    /// conversion fuzzer) was printed into `tts:fontFamily` as it was: no reader could read the
    /// document. Every attribute value is cleaned as it is printed, and that is said.
    @Test func aControlCharacterInAnAttributeIsReplacedAndSaid() {
        let styled = InlineSpan(.styled, style: StyleProperties(fontFamilies: ["Ari\u{11}al"]), children: [.text("hi")])
        let out = written(Track(cues: [cue(.zero, MediaTime(seconds: 1), [.span(styled)])]))
        #expect(!out.text.contains("\u{11}"))
        #expect(out.text.contains("Ari\u{FFFD}al"))
        #expect(out.diagnostics.contains { $0.code == .ttmlInvalidXMLCharacter && $0.message.contains("attribute values") })
    }

    /// Text after an inline timestamp at or past the cue's end shows in WebVTT (as future text)
    /// but never in a TTML span timed from there: said, not lost silently.
    @Test func aTimestampPastTheEndIsSaid() {
        let out = written(Track(cues: [cue(.zero, MediaTime(seconds: 2), [.text("now "), .timestamp(MediaTime(seconds: 5)), .text("never")])]))
        #expect(out.diagnostics.contains { $0.code == .ttmlClampedTime && $0.message.contains("never shown") })
        let inside = written(Track(cues: [cue(.zero, MediaTime(seconds: 2), [.text("now "), .timestamp(MediaTime(seconds: 1)), .text("later")])]))
        #expect(inside.diagnostics.isEmpty)
    }

    @Test func attributeValuesAreEscaped() {
        let voice = InlineSpan(.voice("Tom \"T\" & <Jerry>\tx"), children: [.text("hi")])
        let out = written(Track(cues: [cue(.zero, MediaTime(seconds: 1), [.span(voice)])]))
        let agent = out.root.descendants("agent")[0]
        #expect(agent.first("name")?.text == "Tom \"T\" & <Jerry>\tx")
    }

    @Test func newlinesAndSpacesSurvive() {
        let out = written(Track(cues: [
            cue(.zero, MediaTime(seconds: 1), [.text("one\ntwo"), .lineBreak, .text("three")]),
            cue(MediaTime(seconds: 1), MediaTime(seconds: 2), [.text("  indented   gaps ")]),
        ]))
        let ps = paragraphs(out.root)
        #expect(ps[0].text == "one\ntwo\nthree")
        #expect(ps[0].attributes["xml:space"] == nil)
        #expect(ps[1].attributes["xml:space"] == "preserve")
        #expect(ps[1].text == "  indented   gaps ")
    }

    @Test func cueIDsAreKeptWhenTheyAreNCNamesAndOtherwiseGenerated() {
        let out = written(Track(cues: [
            cue(.zero, MediaTime(seconds: 1), [.text("a")], id: "intro"),
            cue(MediaTime(seconds: 1), MediaTime(seconds: 2), [.text("b")], id: "7"),
            cue(MediaTime(seconds: 2), MediaTime(seconds: 3), [.text("c")], id: "has space"),
            cue(MediaTime(seconds: 3), MediaTime(seconds: 4), [.text("d")], id: "intro"),
        ]))
        let ids = paragraphs(out.root).map { $0.attributes["xml:id"] }
        #expect(ids[0] == "intro" && ids[1] == "c7")
        #expect(ids[2] != nil && ids[2] != "has space" && ids[3] != nil && ids[3] != "intro")
        #expect(Set(ids.compactMap { $0 }).count == 4)
        #expect(out.diagnostics.filter { $0.code == .ttmlGeneratedID }.count == 3)
    }

    // MARK: Styles

    @Test func repeatedStyleSetsAreSharedAndSingleOnesInline() {
        let yellow = StyleProperties(color: Color(red: 255, green: 255, blue: 0), fontWeight: .bold)
        let red = StyleProperties(color: Color(red: 255, green: 0, blue: 0, alpha: 128))
        let cues = (0..<3).map { i in
            cue(MediaTime(seconds: Int64(i)), MediaTime(seconds: Int64(i) + 1), [.span(InlineSpan(.styled, style: yellow, children: [.text("y\(i)")]))])
        } + [cue(MediaTime(seconds: 5), MediaTime(seconds: 6), [.span(InlineSpan(.styled, style: red, children: [.text("r")]))])]
        let out = written(Track(cues: cues))
        let styles = out.root.descendants("style")
        let yellowStyle = styles.first { $0.attributes["tts:color"] == "#ffff00" }
        #expect(yellowStyle?.attributes["tts:fontWeight"] == "bold")
        let spans = out.root.descendants("span")
        #expect(spans.prefix(3).allSatisfy { $0.attributes["style"] == yellowStyle?.attributes["xml:id"] && $0.attributes["tts:color"] == nil })
        #expect(spans[3].attributes["tts:color"] == "#ff000080" && spans[3].attributes["style"] == nil)
        #expect(styles.allSatisfy { $0.attributes["tts:color"] != "#ff000080" })
    }

    @Test func stylePropertiesBecomeTTSAttributes() {
        let style = StyleProperties(
            backgroundColor: .black, fontFamilies: ["Noto Sans", "sans-serif"], fontSize: .fraction(Fraction(3, 2)),
            fontStyle: .oblique, textDecoration: [.underline, .lineThrough], opacity: Fraction(1, 2), visibility: .hidden,
            textShadow: [StyleProperties.TextShadow(offsetX: .em(Fraction(1, 10)), offsetY: .em(Fraction(1, 10)), color: .black)],
            outline: StyleProperties.Outline(placement: .glyphs, color: .black, width: .fraction(Fraction(5, 100))),
            lineHeight: .multiple(Fraction(5, 4)), textWrap: .noWrap, textCombine: .all, rubyPosition: .under)
        let out = written(Track(cues: [cue(.zero, MediaTime(seconds: 1), [.span(InlineSpan(.styled, style: style, children: [.text("s")]))])]))
        let a = out.root.descendants("span")[0].attributes
        #expect(a["tts:backgroundColor"] == "#000000")
        #expect(a["tts:fontFamily"] == "'Noto Sans',sansSerif")
        #expect(a["tts:fontSize"] == "150%")
        #expect(a["tts:fontStyle"] == "oblique")
        #expect(a["tts:textDecoration"] == "underline lineThrough")
        #expect(a["tts:opacity"] == "0.5")
        #expect(a["tts:visibility"] == "hidden")
        #expect(a["tts:textShadow"] == "0.1em 0.1em #000000")
        #expect(a["tts:textOutline"] == "#000000 5%")
        #expect(a["tts:lineHeight"] == "125%")
        #expect(a["tts:wrapOption"] == "noWrap")
        #expect(a["tts:textCombine"] == "all")
        #expect(a["tts:rubyPosition"] == "after")
        #expect(out.diagnostics.isEmpty, "\(out.diagnostics)")
    }

    @Test func cellSizesBecomePercentagesOfTheInheritedSize() {
        let outer = StyleProperties(fontSize: .cells(Fraction(2)))
        let inner = StyleProperties(fontSize: .cells(Fraction(1)))
        var c = cue(.zero, MediaTime(seconds: 1), [.span(InlineSpan(.styled, style: inner, children: [.text("x")]))])
        c.style = outer
        let out = written(Track(cues: [c]))
        #expect(paragraphs(out.root)[0].attributes["tts:fontSize"] == "200%")
        #expect(out.root.descendants("span")[0].attributes["tts:fontSize"] == "50%")
        #expect(!out.text.contains("c\""))  // IMSC 1.1 §7.12.8: no `c` lengths
        // DFXP keeps cells.
        let dfxp = written(Track(cues: [c]), .dfxp)
        #expect(paragraphs(dfxp.root)[0].attributes["tts:fontSize"] == "2c")
    }

    @Test func propertiesTheProfileCannotSayAreReported() {
        let style = StyleProperties(textShadow: Array(repeating: StyleProperties.TextShadow(offsetX: .em(.one), offsetY: .em(.one)), count: 5),
                                    textDecorationColor: .white,
                                    outline: StyleProperties.Outline(placement: .glyphs, width: .em(Fraction(1, 10)), blurRadius: .em(Fraction(1, 10))),
                                    textCombine: .digits(2), rubyPosition: .interCharacter)
        let out = written(Track(cues: [cue(.zero, MediaTime(seconds: 1), [.span(InlineSpan(.styled, style: style, children: [.text("x")]))])]))
        let reported = out.diagnostics.filter { $0.code == .ttmlUnsupportedStyle }.map(\.message)
        #expect(reported.count == 5, "\(reported)")
        let a = out.root.descendants("span")[0].attributes
        #expect(a["tts:textShadow"]?.split(separator: ",").count == 4)
        #expect(a["tts:textOutline"] == "0.1em")
        #expect(a["tts:textCombine"] == nil && a["tts:rubyPosition"] == nil)
    }

    @Test func pixelLengthsNeedTheRootExtent() {
        let style = StyleProperties(fontSize: .pixels(Fraction(24)))
        let track = Track(cues: [cue(.zero, MediaTime(seconds: 1), [.span(InlineSpan(.styled, style: style, children: [.text("x")]))])])
        let without = written(track)
        #expect(without.root.descendants("span").isEmpty)
        #expect(without.diagnostics.contains { $0.code == .ttmlUnsupportedStyle })
        let with = written(track, TTMLWriter.Options(pixelExtent: (1920, 1080)))
        #expect(with.root.attributes["tts:extent"] == "1920px 1080px")
        #expect(with.root.descendants("span")[0].attributes["tts:fontSize"] == "24px")
    }

    // MARK: Layout

    @Test func webVTTLayoutsBecomeSharedRegions() {
        let topLeft = CueLayout(line: .number(0), position: Fraction(1, 10), positionAlignment: .lineLeft,
                                size: Fraction(355, 1000), textAlignment: .start)
        var a = cue(.zero, MediaTime(seconds: 1), [.text("a")])
        a.layout = topLeft
        var b = cue(MediaTime(seconds: 2), MediaTime(seconds: 3), [.text("b")])
        b.layout = topLeft
        var c = cue(MediaTime(seconds: 4), MediaTime(seconds: 5), [.text("c")])
        c.layout = CueLayout(line: .fraction(Fraction(85, 100)), lineAlignment: .center)
        let out = written(Track(cues: [a, b, c]))
        let regions = out.root.descendants("region")
        #expect(regions.count == 2)
        let ps = paragraphs(out.root)
        #expect(ps[0].attributes["region"] == ps[1].attributes["region"])
        let first = regions.first { $0.attributes["xml:id"] == ps[0].attributes["region"] }!
        #expect(first.attributes["tts:origin"] == "10% 0%" && first.attributes["tts:extent"] == "35.5% 8.5%")
        #expect(first.attributes["tts:displayAlign"] == "before")
        #expect(resolvedStyle(ps[0], "tts:textAlign", in: out.root) == "start")
        let third = regions.first { $0.attributes["xml:id"] == ps[2].attributes["region"] }!
        #expect(third.attributes["tts:origin"] == "0% 80.75%" && third.attributes["tts:displayAlign"] == "center")
    }

    @Test func trackRegionsKeepTheirIDsAndGeometry() {
        let region = Region(id: "speaker", origin: Point(x: Fraction(1, 5), y: Fraction(3, 4)), extent: Point(x: Fraction(3, 5), y: Fraction(1, 5)),
                            displayAlignment: .after, style: StyleProperties(backgroundColor: .black))
        var a = cue(.zero, MediaTime(seconds: 1), [.text("a")])
        a.layout = CueLayout(regionID: "speaker")
        var b = cue(.zero, MediaTime(seconds: 1), [.text("b")])
        b.layout = CueLayout(regionID: "nowhere")
        let out = written(Track(cues: [a, b], regions: [region]))
        let r = out.root.descendants("region").first { $0.attributes["xml:id"] == "speaker" }!
        #expect(r.attributes["tts:origin"] == "20% 75%" && r.attributes["tts:extent"] == "60% 20%")
        #expect(r.attributes["tts:displayAlign"] == "after" && r.attributes["tts:backgroundColor"] == "#000000")
        #expect(paragraphs(out.root)[0].attributes["region"] == "speaker")
        #expect(out.diagnostics.contains { $0.code == .ttmlUnknownRegion })
    }

    @Test func atMostFourRegionsAreShownAtOnce() {
        // Five cues on screen together, each on its own line: the fifth joins the nearest region.
        let cues = (0..<5).map { i -> Cue in
            var c = cue(.zero, MediaTime(seconds: 2), [.text("line \(i)")])
            c.layout = CueLayout(line: .number(i * 3))
            return c
        }
        let out = written(Track(cues: cues))
        let used = Set(paragraphs(out.root).compactMap { $0.attributes["region"] })
        #expect(used.count == 4)
        #expect(out.diagnostics.contains { $0.code == .ttmlRegionLimit })
        #expect(!out.diagnostics.contains { $0.code == .ttmlRegionOverlap })
    }

    @Test func overlappingRegionsShownTogetherAreReported() {
        var a = cue(.zero, MediaTime(seconds: 2), [.text("a")])
        a.layout = CueLayout(line: .number(0))
        var b = cue(MediaTime(seconds: 1), MediaTime(seconds: 3), [.text("b"), .lineBreak, .text("c")])
        b.layout = CueLayout(line: .fraction(Fraction(2, 100)))
        let out = written(Track(cues: [a, b]))
        #expect(out.diagnostics.contains { $0.code == .ttmlRegionOverlap })
    }

    @Test func regionsOutsideTheFrameAreMovedIn() {
        let region = Region(id: "off", origin: Point(x: Fraction(9, 10), y: .zero), extent: Point(x: Fraction(1, 2), y: Fraction(1, 2)))
        var a = cue(.zero, MediaTime(seconds: 1), [.text("a")])
        a.layout = CueLayout(regionID: "off")
        let out = written(Track(cues: [a], regions: [region]))
        #expect(out.root.descendants("region")[0].attributes["tts:origin"] == "50% 0%")
        #expect(out.diagnostics.contains { $0.code == .ttmlRegionClamped })
    }

    // MARK: Ruby and voices

    @Test func rubyBecomesContainersWithBaseAndText() {
        let ruby = Ruby(segments: [
            RubySegment(base: [.text("漢")], annotation: [.text("かん")], annotationStyle: StyleProperties(fontSize: .fraction(Fraction(1, 2)))),
            RubySegment(base: [.text("字")], annotation: [.text("じ")]),
            RubySegment(base: [.text("の")], annotation: nil),
        ])
        let out = written(Track(language: LanguageTag(wellFormed: "ja"), cues: [cue(.zero, MediaTime(seconds: 1), [.ruby(ruby)])]))
        let p = paragraphs(out.root)[0]
        let containers = p.elements("span")
        #expect(containers.count == 2 && containers.allSatisfy { $0.attributes["tts:ruby"] == "container" })
        #expect(containers[0].elements.map { $0.attributes["tts:ruby"] } == ["base", "text"])
        #expect(containers[0].elements[0].text == "漢" && containers[0].elements[1].text == "かん")
        #expect(containers[0].elements[1].attributes["tts:fontSize"] == "50%")
        #expect(p.text == "漢かん字じの")
    }

    @Test func voicesBecomeAgentsDeclaredOnce() {
        let out = written(Track(cues: [
            cue(.zero, MediaTime(seconds: 1), [.span(InlineSpan(.voice("Fred"), children: [.text("Hi")]))]),
            cue(MediaTime(seconds: 1), MediaTime(seconds: 2), [.span(InlineSpan(.voice("Bill"), children: [.text("Yo")])),
                                                                .span(InlineSpan(.voice("Fred"), children: [.text("!")]))]),
            cue(MediaTime(seconds: 2), MediaTime(seconds: 3), [.span(InlineSpan(.language("en-US"), children: [.text("color")]))]),
        ]))
        let agents = out.root.descendants("agent")
        #expect(agents.map { $0.first("name")?.text } == ["Fred", "Bill"])
        #expect(agents.allSatisfy { $0.namespace == "http://www.w3.org/ns/ttml#metadata" && $0.attributes["type"] == "character" })
        let refs = out.root.descendants("span").compactMap { $0.attributes["ttm:agent"] }
        let fred = agents[0].attributes["xml:id"], bill = agents[1].attributes["xml:id"]
        #expect(refs == [fred, bill, fred].compactMap { $0 })
        #expect(out.root.descendants("span").last?.attributes["xml:lang"] == "en-US")
    }

    // MARK: DFXP

    @Test func dfxpUsesTTML1Only() {
        let ruby = Ruby(segments: [RubySegment(base: [.text("漢字")], annotation: [.text("かんじ")])])
        let shadowed = StyleProperties(opacity: Fraction(1, 2), textShadow: [StyleProperties.TextShadow(offsetX: .em(.one), offsetY: .em(.one))])
        let out = written(Track(cues: [cue(MediaTime(value: 1, timescale: 3), MediaTime(seconds: 1), [
            .ruby(ruby), .span(InlineSpan(.styled, style: shadowed, children: [.text("s")])),
        ])]), .dfxp)
        let tt = out.root
        #expect(tt.attributes["ttp:profile"] == "http://www.w3.org/ns/ttml/profile/dfxp-presentation")
        #expect(tt.attributes["ttp:contentProfiles"] == nil)
        // Clock times only (Flash-era players read no ticks): 1/3 s rounded, and said.
        #expect(tt.attributes["ttp:tickRate"] == nil)
        #expect(paragraphs(tt)[0].attributes["begin"] == "00:00:00.333")
        #expect(out.diagnostics.contains { $0.code == .ttmlRoundedTime })
        #expect(!out.text.contains("tts:ruby") && !out.text.contains("textShadow") && !out.text.contains("opacity"))
        #expect(paragraphs(tt)[0].text == "漢字(かんじ)s")
        #expect(out.diagnostics.contains { $0.code == .ttmlUnsupportedMarkup })
        #expect(out.diagnostics.filter { $0.code == .ttmlUnsupportedStyle }.count == 2)
    }

    @Test func dfxpCanKeepExactTicks() {
        var options = TTMLWriter.Options.dfxp
        options.timeExpressions = .automatic
        let out = written(Track(cues: [cue(MediaTime(value: 1, timescale: 3), MediaTime(seconds: 1), [.text("x")])]), options)
        #expect(out.root.attributes["ttp:tickRate"] == "3" && paragraphs(out.root)[0].attributes["begin"] == "1t")
        #expect(out.diagnostics.isEmpty)
    }

    // MARK: Fixtures

    @Test func convertedSubRipFixture() {
        let read = SubRipReader().read(Fixtures.bytes("srt/tags.srt")).value
        let track = read.tracks[0]
        let out = written(track)
        let ps = paragraphs(out.root)
        #expect(ps.count == track.cues.count)
        for (p, c) in zip(ps, track.cues) {
            #expect(p.text == c.plainText)
            #expect(parseTTMLTime(p.attributes["begin"]!, tickRate: nil) == c.start)
            #expect(parseTTMLTime(p.attributes["end"]!, tickRate: nil) == c.end)
        }
        #expect(out.text.contains("tts:fontStyle=\"italic\"") || out.text.contains("tts:fontWeight=\"bold\""))
    }

    @Test func convertedWebVTTFixture() {
        let read = WebVTTReader().read(Fixtures.bytes("webvtt/features.vtt")).value
        let track = read.tracks[0]
        let out = written(track)
        #expect(out.root.attributes["xml:lang"] == "en-GB")
        let ps = paragraphs(out.root)
        #expect(ps.count == track.cues.count)
        for (p, c) in zip(ps, track.cues) {
            // Ruby text is in the TTML text; the model's plain text leaves annotations out.
            if !p.descendants("span").contains(where: { $0.attributes["tts:ruby"] != nil }) { #expect(p.text == c.plainText) }
        }
        #expect(ps[0].attributes["xml:id"] == "intro" && ps[0].attributes["region"] == "fred")
        #expect(ps[1].attributes["region"] == "bill")
        let fred = out.root.descendants("region").first { $0.attributes["xml:id"] == "fred" }!
        #expect(fred.attributes["tts:origin"] == "10% 74.01%" && fred.attributes["tts:extent"] == "40% 15.99%")
        #expect(out.root.descendants("agent").compactMap { $0.first("name")?.text } == ["Fred", "Bill"])
        #expect(out.root.descendants("span").contains { $0.attributes["tts:color"] == "#ffff00" || $0.attributes["style"] != nil })
        #expect(ps[3].descendants("span").filter { $0.attributes["tts:ruby"] == "container" }.count == 2)
        let vertical = out.root.descendants("region").first { $0.attributes["xml:id"] == ps[3].attributes["region"] }!
        #expect(vertical.attributes["tts:writingMode"] == "tbrl")
        #expect(ps[4].descendants("span").filter { $0.attributes["begin"] != nil }.count == 3)
        // The regions overlap in the source itself; that is reported, not hidden.
        #expect(out.diagnostics.contains { $0.code == .ttmlRegionOverlap })
    }

    @Test func multipleTracksWriteTheFirstAndSaySo() {
        let doc = Document(format: "scc", tracks: [Track(id: "CC1", cues: [cue(.zero, MediaTime(seconds: 1), [.text("one")])]),
                                                  Track(id: "CC3", cues: [cue(.zero, MediaTime(seconds: 1), [.text("three")])])])
        let result = TTMLWriter().write(doc)
        #expect(result.diagnostics.first?.code == .trackNotWritten)
        #expect(String(decoding: result.value, as: UTF8.self).contains("one"))
    }
}
