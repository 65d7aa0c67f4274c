import Legible
import Testing

/// TTML2's bidi, emphasis, shear and super/subscript styles survive a TTML round trip, and a
/// WebVTT or SRT writer, which has no form for them, says it drops them.
@Suite struct TTMLJapaneseStyleWritingTests {
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="ja">
          <head><layout><region xml:id="r" tts:origin="10% 70%" tts:extent="80% 20%"/></layout></head>
          <body><div>
            <p region="r" begin="1s" end="3s"><span tts:textEmphasis="open sesame #ff0000 after">本当</span><span tts:shear="16.67%">斜め</span></p>
            <p region="r" begin="4s" end="6s"><span tts:direction="rtl" tts:unicodeBidi="bidiOverride">abc</span>x<span tts:fontVariant="super">2</span></p>
          </div></body>
        </tt>
        """

    static func spanStyles(_ file: CaptionFile) -> [StyleProperties] {
        var out: [StyleProperties] = []
        func walk(_ nodes: [InlineNode]) {
            for case .span(let span) in nodes { if span.hasStyle { out.append(span.style) }; walk(span.children) }
        }
        for cue in file.document.tracks[0].cues { walk(cue.content) }
        return out
    }

    @Test func theyAreWrittenAsTTMLAndReadBack() throws {
        let file = try CaptionFile(bytes: Array(Self.document.utf8), fileName: "ja.ttml")
        let written = try #require(file.written(as: .ttml))
        let text = String(decoding: written.value, as: UTF8.self)
        #expect(text.contains(#"tts:textEmphasis="open sesame #ff0000 after""#), "\(text)")
        #expect(text.contains(#"tts:shear="16.67%""#))
        #expect(text.contains(#"tts:direction="rtl""#) && text.contains(#"tts:unicodeBidi="bidiOverride""#))
        #expect(text.contains(#"tts:fontVariant="super""#))
        #expect(!written.diagnostics.contains { $0.code.rawValue == "ttml.unsupported-style" })
        let again = try CaptionFile(bytes: written.value, fileName: "again.ttml")
        // The writer may nest spans differently (a paragraph's own style on a span of its own):
        // the values set, in order, are what must come back.
        let before = Self.spanStyles(file), after = Self.spanStyles(again)
        #expect(before.compactMap(\.textEmphasis) == after.compactMap(\.textEmphasis))
        #expect(before.compactMap(\.shear) == after.compactMap(\.shear))
        #expect(before.compactMap(\.direction) == after.compactMap(\.direction))
        #expect(before.compactMap(\.unicodeBidi) == after.compactMap(\.unicodeBidi))
        #expect(before.compactMap(\.fontVariantPosition) == after.compactMap(\.fontVariantPosition))
        #expect(!before.compactMap(\.textEmphasis).isEmpty && !before.compactMap(\.fontVariantPosition).isEmpty)
    }

    @Test func webVTTAndSRTSayTheyDropThem() throws {
        let file = try CaptionFile(bytes: Array(Self.document.utf8), fileName: "ja.ttml")
        let vtt = try #require(file.written(as: .webVTT)).diagnostics.map(\.message).joined(separator: "\n")
        for name in ["text-emphasis", "shear", "direction", "unicode-bidi", "font-variant-position"] {
            #expect(vtt.contains(name), "WebVTT: \(name) in \(vtt)")
        }
        let srt = try #require(file.written(as: .subRip)).diagnostics.map(\.message).joined(separator: "\n")
        #expect(srt.contains("text-emphasis") && srt.contains("shear"), "\(srt)")
    }
}
