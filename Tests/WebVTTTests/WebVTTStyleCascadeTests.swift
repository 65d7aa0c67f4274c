import Testing
import TimedText
@testable import WebVTT

@Suite struct WebVTTStyleCascadeTests {
    let red = Color(red: 255, green: 0, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 255)
    let lime = Color(red: 0, green: 255, blue: 0)
    let yellow = Color(red: 255, green: 255, blue: 0)

    func cascade(_ css: String...) -> WebVTTStyleCascade {
        WebVTTStyleCascade(css.map { readStyleSheet($0).sheet })
    }

    func styled(_ cue: Cue, _ cascade: WebVTTStyleCascade) -> Cue {
        var copy = cue
        cascade.apply(to: &copy)
        return copy
    }

    /// `<v.loud Joe>Hi <b>there</b></v>` `<i.x>a</i><b>b</b>`, then `<lang ja><ruby>漢<rt.small>かん</rt></ruby></lang>`,
    /// and a span from another format with class `x`.
    var cue: Cue {
        Cue(id: "intro", start: .zero, end: MediaTime(seconds: 2), content: [
            .span(InlineSpan(.voice("Joe"), classes: ["loud"], children: [
                .text("Hi "), .span(InlineSpan(.bold, children: [.text("there")])),
            ])),
            .span(InlineSpan(.italic, classes: ["x"], children: [.text("a")])),
            .span(InlineSpan(.bold, children: [.text("b")])),
            .lineBreak,
            .span(InlineSpan(.language("ja"), children: [
                .ruby(Ruby(segments: [RubySegment(base: [.text("漢")], annotation: [.text("かん")], annotationClasses: ["small"])])),
            ])),
            .span(InlineSpan(.styled, classes: ["x"], style: StyleProperties(color: yellow), children: [.text("c")])),
        ])
    }

    func span(_ nodes: [InlineNode], _ path: Int...) -> InlineSpan {
        var nodes = nodes
        var result: InlineSpan?
        for index in path {
            guard case .span(let s) = nodes[index] else { fatalError("not a span at \(path)") }
            result = s
            nodes = s.children
        }
        return result!
    }

    @Test func cascadeOntoAHandBuiltCue() {
        let rules = cascade("""
            ::cue { color: white; background: rgba(0,0,0,0.8) }
            ::cue(#intro) { font-size: 5vh }
            ::cue(v[voice="Joe"]) { color: #ff0 }
            ::cue(v b) { text-decoration: underline }
            ::cue(i + b) { color: blue }
            ::cue(ruby) { ruby-position: under }
            ::cue(:lang(ja) rt.small) { font-size: 50% }
            ::cue(.x) { opacity: 0.5 }
            ::cue(u) { color: red }
            """)
        let result = styled(cue, rules)
        #expect(result.style == StyleProperties(color: .white, backgroundColor: Color(red: 0, green: 0, blue: 0, alpha: 204),
                                                fontSize: .viewportHeight(Fraction(1, 20))))
        #expect(span(result.content, 0).style == StyleProperties(color: yellow))
        #expect(span(result.content, 0, 1).style == StyleProperties(textDecoration: .underline, textDecorationColor: nil,
                                                                     textDecorationStyle: .solid))
        #expect(span(result.content, 1).style == StyleProperties(opacity: Fraction(1, 2)))
        #expect(span(result.content, 2).style == StyleProperties(color: blue))
        #expect(span(result.content, 4).style == .none)
        guard case .ruby(let ruby) = span(result.content, 4).children[0] else { Issue.record("no ruby"); return }
        #expect(ruby.style == StyleProperties(rubyPosition: .under))
        #expect(ruby.segments[0].annotationStyle == StyleProperties(fontSize: .fraction(Fraction(1, 2))))
        // CSS is laid over what the span already had.
        #expect(span(result.content, 5).style == StyleProperties(color: yellow, opacity: Fraction(1, 2)))
        // The text is untouched, and applying again changes nothing.
        #expect(result.plainText == cue.plainText)
        #expect(styled(result, rules) == result)
    }

    @Test func specificityThenOrder() {
        let boldX = Cue(id: "c1", start: .zero, end: nil, content: [.span(InlineSpan(.bold, classes: ["x"], children: [.text("t")]))])
        func color(_ rules: WebVTTStyleCascade) -> Color? { span(styled(boldX, rules).content, 0).style.color }
        #expect(color(cascade("::cue(b) { color: red } ::cue(b) { color: blue }")) == blue)
        #expect(color(cascade("::cue(.x) { color: red } ::cue(b) { color: blue }")) == red)
        #expect(color(cascade("::cue(b.x) { color: red } ::cue(.x) { color: blue }")) == red)
        #expect(color(cascade("video::cue(b) { color: red } ::cue(b) { color: blue }")) == red)
        #expect(color(cascade("::cue(#c1 b) { color: red } ::cue(b.x) { color: blue }")) == red)
        #expect(color(cascade("::cue(b) { color: red !important } ::cue(#c1 b.x) { color: blue }")) == red)
        // Across STYLE blocks, a later block wins at equal specificity.
        #expect(color(cascade("::cue(b) { color: red }", "::cue(b) { color: lime }")) == lime)
        // A selector list applies at its most specific matching selector.
        #expect(color(cascade("::cue(.x, b) { color: red } ::cue(b) { color: blue }")) == red)
    }

    @Test func longhandsCascadeOneByOne() {
        let boldX = Cue(start: .zero, end: nil, content: [.span(InlineSpan(.bold, classes: ["x"], children: [.text("t")]))])
        let rules = cascade("::cue(b.x) { outline: 2px solid red; font: italic 20px serif } ::cue(b) { outline-color: blue; font-weight: bold }")
        let style = span(styled(boldX, rules).content, 0).style
        #expect(style.outline == StyleProperties.Outline(placement: .box, style: .solid, color: red, width: .pixels(Fraction(2))))
        // The `font` shorthand's reset of the weight is more specific than `font-weight: bold`.
        #expect(style.fontWeight == .normal && style.fontStyle == .italic && style.fontFamilies == ["serif"])
    }

    @Test func cueRootByIDAndLanguage() {
        let rules = WebVTTStyleCascade([readStyleSheet("""
            ::cue { color: red }
            ::cue(#\\31 23) { color: lime }
            ::cue([lang|=en]) { opacity: 0.5 }
            ::cue(:lang(fr)) { visibility: hidden }
            ::cue(lang:lang(ja)) { font-style: italic }
            """).sheet], trackLanguage: "en-GB")
        let numbered = styled(Cue(id: "123", start: .zero, end: nil, content: [.text("x")]), rules)
        #expect(numbered.style == StyleProperties(color: lime, opacity: Fraction(1, 2)))
        let other = styled(Cue(id: "other", start: .zero, end: nil, content: [.span(InlineSpan(.language("ja-JP"), children: [.text("x")]))]), rules)
        #expect(other.style == StyleProperties(color: red, opacity: Fraction(1, 2)))
        #expect(span(other.content, 0).style == StyleProperties(fontStyle: .italic))
        let french = styled(Cue(start: .zero, end: nil, content: [.span(InlineSpan(.language("fr"), children: [.span(InlineSpan(.bold, children: []))]))]), rules)
        #expect(span(french.content, 0).style == StyleProperties(visibility: .hidden))
        #expect(span(french.content, 0, 0).style == StyleProperties(visibility: .hidden))
    }

    @Test func siblingAndChildCombinators() {
        let content: [InlineNode] = [
            .span(InlineSpan(.italic, children: [])), .text(" "), .span(InlineSpan(.bold, children: [])),
            .span(InlineSpan(.underline, children: [])), .span(InlineSpan(.class, children: [.span(InlineSpan(.bold, children: []))])),
        ]
        let rules = cascade("""
            ::cue(i ~ u) { color: red }
            ::cue(i + b) { color: blue }
            ::cue(c > b) { color: lime }
            ::cue(i + u) { opacity: 0 }
            ::cue(i ~ c b) { font-style: italic }
            """)
        let result = styled(Cue(start: .zero, end: nil, content: content), rules)
        #expect(span(result.content, 2).style == StyleProperties(color: blue))
        #expect(span(result.content, 3).style == StyleProperties(color: red))
        #expect(span(result.content, 4).style == .none)
        #expect(span(result.content, 4, 0).style == StyleProperties(color: lime, fontStyle: .italic))
    }

    @Test func attributeMatching() {
        func element(voice: String) -> WebVTTMatchElement {
            WebVTTMatchElement(typeName: "v", classes: [], id: nil, voice: voice, langAttribute: nil, language: nil,
                               parent: -1, previousSibling: -1)
        }
        func matches(_ match: WebVTTAttributeSelector.Match, _ voice: String, caseInsensitive: Bool? = nil) -> Bool {
            WebVTTSelectorMatcher.attribute(WebVTTAttributeSelector(name: "voice", match: match, caseInsensitive: caseInsensitive),
                                            matches: element(voice: voice))
        }
        #expect(matches(.equals("Joe"), "Joe") && !matches(.equals("joe"), "Joe") && matches(.equals("joe"), "Joe", caseInsensitive: true))
        #expect(matches(.includesWord("Jane"), "Mary Jane") && !matches(.includesWord("Jan"), "Mary Jane"))
        #expect(matches(.dashMatch("en"), "en-US") && !matches(.dashMatch("en"), "eng"))
        #expect(matches(.prefix("Ma"), "Mary") && matches(.suffix("ry"), "Mary") && matches(.substring("ar"), "Mary"))
        #expect(!matches(.prefix(""), "Mary"))
        #expect(WebVTTSelectorMatcher.language("en-Latn-US", matches: "en-US"))
        #expect(WebVTTSelectorMatcher.language("de-CH-1996", matches: "*-CH"))
        #expect(!WebVTTSelectorMatcher.language("en-x-US", matches: "en-US"))
        #expect(!WebVTTSelectorMatcher.language("fr", matches: "en"))
    }

    @Test func regionStyles() {
        let rules = cascade("""
            ::cue-region { color: red; font-size: 10px }
            ::cue-region(#editor) { color: blue }
            ::cue { color: lime }
            """)
        #expect(rules.regionStyle(forRegionID: "editor") == StyleProperties(color: blue, fontSize: .pixels(Fraction(10))))
        #expect(rules.regionStyle(forRegionID: "other") == StyleProperties(color: red, fontSize: .pixels(Fraction(10))))
        #expect(cascade("::cue { color: red }").regionStyle(forRegionID: "editor") == .none)
    }

    @Test func emptyCascadeAndPlainCues() {
        let empty = WebVTTStyleCascade([readStyleSheet("/* nothing */").sheet, WebVTTStyleSheet()])
        #expect(empty.isEmpty)
        #expect(styled(cue, empty) == cue)
        let noMatch = cascade("::cue(u) { color: red } ::cue(#nobody) { color: blue }")
        #expect(!noMatch.isEmpty)
        #expect(styled(cue, noMatch) == cue)
        // The `::cue`-only path lays its style over a cue style already there.
        var plain = Cue(start: .zero, end: nil, content: [.text("x")])
        plain.style = StyleProperties(color: blue, fontSize: .em(Fraction(2)))
        #expect(styled(plain, cascade("::cue { color: red }")).style == StyleProperties(color: red, fontSize: .em(Fraction(2))))
    }

    /// A 100,000-cue track where no element rule can match: the cheap path, every cue styled by `::cue`.
    @Test func manyCuesWithOnlyBareRules() {
        let rules = cascade("::cue { color: red } ::cue(rt) { color: blue } ::cue(#c5) { color: lime }")
        var cues = (0..<100_000).map { Cue(id: "c\($0)", start: MediaTime(milliseconds: Int64($0)), end: nil, content: [.text("line \($0)")]) }
        for index in cues.indices { rules.apply(to: &cues[index]) }
        #expect(cues[0].style == StyleProperties(color: red))
        #expect(cues[5].style == StyleProperties(color: lime))
        #expect(cues[99_999].style == StyleProperties(color: red))
    }
}
