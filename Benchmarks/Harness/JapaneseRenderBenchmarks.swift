import Legible

/// A 1080p frame of a Japanese vertical caption with ruby against one of a horizontal Latin
/// caption, both TTML regions laid out by the IMSC rules and drawn by libass, the caption changing
/// every frame (each frame is laid out, rasterised and composited). Issue 22 asks the vertical
/// one to cost no more than twice the horizontal one: `render.ttml-ja-vertical-ruby` against
/// `render.ttml-latin-horizontal`, per frame (`per_call_ns`).
enum JapaneseRenderBenchmarks {
    static let frames = 48

    static func all() -> [Benchmark] {
        let vertical = renderer(writingMode: "tbrl", language: "ja") { k in
            "<span tts:ruby=\"container\"><span tts:ruby=\"base\">字幕</span><span tts:ruby=\"text\">じまく</span></span>第\(k)番、"
                + "<br/>縦書きの<span tts:ruby=\"container\"><span tts:ruby=\"base\">台詞</span><span tts:ruby=\"text\">せりふ</span></span>です。"
        }
        let horizontal = renderer(writingMode: "lrtb", language: "en") { k in
            "Subtitle number \(k), the first line<br/>and a second line of it"
        }
        let times = (0..<frames).map { MediaTime(value: Int64($0), timescale: 24) }
        func body(_ renderer: CaptionRenderer) -> () -> Void {
            var frame = VideoFrame(width: 1920, height: 1080, pixelFormat: .yuv420p)
            return {
                for t in times { renderer.render(at: t, onto: &frame) }
                // Start the next repetition with an empty cache.
                renderer.appearance = renderer.appearance
            }
        }
        return [
            Benchmark(name: "render.ttml-latin-horizontal", bytes: nil, calls: frames, body: body(horizontal)),
            Benchmark(name: "render.ttml-ja-vertical-ruby", bytes: nil, calls: frames, body: body(vertical)),
        ]
    }

    /// A TTML document of one region (right-hand side for vertical text, bottom for horizontal),
    /// one paragraph per frame at 24 fps, read as a player would (`CaptionFile`).
    static func renderer(writingMode: String, language: String, paragraph: (Int) -> String) -> CaptionRenderer {
        let vertical = writingMode != "lrtb"
        let region = vertical
            ? "<region xml:id=\"r\" tts:origin=\"80% 10%\" tts:extent=\"15% 80%\" tts:writingMode=\"\(writingMode)\"/>"
            : "<region xml:id=\"r\" tts:origin=\"10% 75%\" tts:extent=\"80% 20%\" tts:textAlign=\"center\" tts:displayAlign=\"after\"/>"
        var body = ""
        for k in 0..<frames {
            body += "<p region=\"r\" begin=\"\(k)f\" end=\"\(k + 1)f\">\(paragraph(k))</p>\n"
        }
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"
                xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:frameRate="24" xml:lang="\(language)">
            <head><layout>\(region)</layout></head>
            <body><div>\(body)</div></body></tt>
            """
        let file = try! CaptionFile(bytes: Array(document.utf8), fileName: "bench.ttml")
        let track = file.document.tracks[0]
        return try! CaptionRenderer(track: track, family: file.document.layoutFamily, width: 1920, height: 1080)
    }
}
