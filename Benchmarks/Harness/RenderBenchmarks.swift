import Legible

/// Render + composite per 1080p frame: a two-line subtitle drawn by libass and blended onto a
/// BT.709 yuv420p frame (and an RGBA one), when the captions change every frame (the overlay is
/// laid out, rasterised and converted each time) and when they do not (the cached overlay is
/// only composited). `per_call_ns` is per frame.
enum RenderBenchmarks {
    static let frames = 120

    static func all() -> [Benchmark] {
        // One cue per frame at 24 fps, so every frame starts a new interval.
        var changing: [Cue] = []
        for k in 0..<frames {
            changing.append(Cue(start: MediaTime(value: Int64(k), timescale: 24), end: MediaTime(value: Int64(k + 1), timescale: 24),
                                content: [.text("Subtitle number \(k), the first line"), .lineBreak,
                                          .span(InlineSpan(.italic, children: [.text("and a second line of it")]))]))
        }
        let still = [Cue(start: .zero, end: MediaTime(seconds: 3600), content: changing[0].content)]
        let fonts = FontSet(cjk: false)
        func renderer(_ cues: [Cue]) -> CaptionRenderer {
            try! CaptionRenderer(track: Track(cues: cues), family: .cueBoxes, width: 1920, height: 1080, fonts: fonts)
        }
        let times = (0..<frames).map { MediaTime(value: Int64($0), timescale: 24) }
        let changingRenderer = renderer(changing)
        let stillRenderer = renderer(still)
        var yuv = VideoFrame(width: 1920, height: 1080, pixelFormat: .yuv420p)
        var rgba = VideoFrame(width: 1920, height: 1080, pixelFormat: .rgba)
        return [
            Benchmark(name: "render.1080p-yuv420p-changing", bytes: nil, calls: frames) {
                for t in times { changingRenderer.render(at: t, onto: &yuv) }
                // Start the next repetition with an empty cache.
                changingRenderer.appearance = changingRenderer.appearance
            },
            Benchmark(name: "render.1080p-yuv420p-unchanged", bytes: nil, calls: frames) {
                for t in times { stillRenderer.render(at: t, onto: &yuv) }
            },
            Benchmark(name: "render.1080p-rgba-changing", bytes: nil, calls: frames) {
                for t in times { changingRenderer.render(at: t, onto: &rgba) }
                changingRenderer.appearance = changingRenderer.appearance
            },
            Benchmark(name: "render.1080p-rgba-unchanged", bytes: nil, calls: frames) {
                for t in times { stillRenderer.render(at: t, onto: &rgba) }
            },
        ]
    }
}
