import Legible
import Testing

/// `tts:zIndex` (TTML2 §10.2.49) is a region's stacking order: the reader gives it to the cues
/// shown in the region (`CueLayout.zIndex`), the writer puts it back on their region.
@Suite struct TTMLZIndexTests {
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
          <head><layout>
            <region xml:id="over" tts:origin="10% 10%" tts:extent="80% 20%" tts:zIndex="3"/>
            <region xml:id="plain" tts:origin="10% 70%" tts:extent="80% 20%" tts:zIndex="auto"/>
            <region xml:id="under" tts:origin="10% 40%" tts:extent="80% 20%" tts:zIndex="-2"/>
          </layout></head>
          <body><div>
            <p region="over" begin="1s" end="2s">over</p>
            <p region="plain" begin="1s" end="2s">plain</p>
            <p region="under" begin="1s" end="2s">under</p>
          </div></body>
        </tt>
        """

    @Test func regionsStackingOrderReachesTheCuesAndIsWrittenBack() throws {
        let file = try CaptionFile(bytes: Array(Self.document.utf8), fileName: "z.ttml")
        let order = file.document.tracks[0].cues.map { ($0.plainText, $0.layout.zIndex) }
        #expect(order.map(\.0) == ["over", "plain", "under"])
        #expect(order.map(\.1) == [3, nil, -2])
        let written = String(decoding: try #require(file.written(as: .ttml)).value, as: UTF8.self)
        #expect(written.contains(#"xml:id="over""#) && written.contains(#"tts:zIndex="3""#))
        #expect(written.contains(#"tts:zIndex="-2""#))
        let again = try CaptionFile(bytes: Array(written.utf8), fileName: "z2.ttml")
        #expect(again.document.tracks[0].cues.map(\.layout.zIndex) == [3, nil, -2])
    }
}
