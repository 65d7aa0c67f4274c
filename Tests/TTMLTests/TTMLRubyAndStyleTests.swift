import Testing
import TimedText
import TextScanning
@testable import TTML

private func document(_ body: String, head: String = "", region: String = "") -> Document {
    let text = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="ja">
      <head>\(head)</head>
      <body\(region.isEmpty ? "" : " region=\"\(region)\"")><div><p begin="1s" end="2s">\(body)</p></div></body>
    </tt>
    """
    return TTMLReader().read(SourceText(text)).value
}

@Suite struct TTMLRubyAndStyleTests {
    /// TTML2 ruby in its inline form (base, text, base, text) and in its container form; the
    /// delimiters (shown where ruby is not supported) are left out, as HTML's rp is.
    @Test func rubyBecomesTheModelsRuby() throws {
        let inline = document("""
        <span tts:ruby="container"><span tts:ruby="base">漢</span><span tts:ruby="delimiter">(</span><span tts:ruby="text">かん</span><span tts:ruby="delimiter">)</span></span>字
        """)
        let cue = try #require(inline.tracks.first?.cues.first)
        #expect(cue.plainText == "漢字", "annotations are not plain text")
        guard case .ruby(let ruby)? = cue.content.first else { Issue.record("no ruby: \(cue.content)"); return }
        #expect(ruby.segments.map { InlineNode.plainText(of: $0.base) } == ["漢"])
        #expect(ruby.segments.map { $0.annotation.map { InlineNode.plainText(of: $0) } } == ["かん"])

        let containers = document("""
        <span tts:ruby="container"><span tts:ruby="baseContainer"><span tts:ruby="base">東</span><span tts:ruby="base">京</span></span><span tts:ruby="textContainer"><span tts:ruby="text">とう</span><span tts:ruby="text">きょう</span></span></span>
        """)
        guard case .ruby(let pair)? = containers.tracks.first?.cues.first?.content.first else { Issue.record("no ruby"); return }
        #expect(pair.segments.map { InlineNode.plainText(of: $0.base) } == ["東", "京"])
        #expect(pair.segments.map { $0.annotation.map { InlineNode.plainText(of: $0) } } == ["とう", "きょう"])
    }

    /// An annotation is drawn at half its base's size unless a size is stated for it, on the text
    /// or on its text container, even one equal to the base's.
    @Test func aStatedAnnotationSizeIsKeptEvenWhenItEqualsTheBases() throws {
        func annotationSize(_ ruby: String) -> StyleProperties.Length? {
            guard case .ruby(let r)? = document(ruby).tracks.first?.cues.first?.content.first else { return nil }
            return r.segments.first?.annotationStyle.fontSize
        }
        #expect(annotationSize(#"<span tts:ruby="container"><span tts:ruby="base">漢</span><span tts:ruby="text">かん</span></span>"#) == nil)
        let equal = annotationSize(#"<span tts:ruby="container"><span tts:ruby="base">漢</span><span tts:ruby="text" tts:fontSize="100%">かん</span></span>"#)
        #expect(equal != nil)
        let onContainer = annotationSize(#"<span tts:ruby="container"><span tts:ruby="baseContainer"><span tts:ruby="base">漢</span></span><span tts:ruby="textContainer" tts:fontSize="100%"><span tts:ruby="text">かん</span></span></span>"#)
        #expect(onContainer != nil && onContainer == equal)
    }

    /// Computed styles reach the model: the cue carries the body's (initial values included), a
    /// span only what it changes, regions their geometry.
    @Test func stylesAndRegionsReachTheModel() throws {
        let doc = document(#"Plain <span tts:color="yellow" tts:fontStyle="italic">loud</span>"#,
                           head: #"<layout><region xml:id="r" tts:origin="10% 80%" tts:extent="80% 10%" tts:displayAlign="after"/></layout>"#,
                           region: "r")
        let track = try #require(doc.tracks.first)
        let cue = try #require(track.cues.first)
        #expect(cue.style.color == Color(red: 255, green: 255, blue: 255), "TTML's initial colour is white")
        guard case .span(let span)? = cue.content.last else { Issue.record("no span: \(cue.content)"); return }
        #expect(span.style.color == Color(red: 255, green: 255, blue: 0))
        #expect(span.style.fontStyle == .italic)
        #expect(span.style.fontFamilies == nil, "a span carries only what it changes")
        let region = try #require(track.regions.first { $0.id == "r" })
        #expect(region.origin == Point(x: Fraction(1, 10), y: Fraction(4, 5)))
        #expect(region.extent == Point(x: Fraction(4, 5), y: Fraction(1, 10)))
        #expect(region.displayAlignment == .after)
    }
}
