import Legible

/// CEA-708: decoding an hour of a service, and drawing a 708 window against a 608 caption.
///
/// - `cea708.decode-hour`: one hour at 29.97 fps (107,892 pictures), each picture's `cc_data`
///   as a broadcast carries it (20 triplets: the two 608 slots as padding, the DTVCC packet of
///   that frame if any, DTVCC padding), service 1 showing a pop-on window every two seconds
///   ("Caption NN of the minute", as `Benchmarks/a53_hour.py` sends on 608), written by
///   `CEA708Writer`. Timed: the decoder over every picture, then the cues. ffmpeg's demuxing of
///   such an hour is what the issue compares with (docs/cea708.md, Measured).
/// - `cea708.render-1080p` and `cea608.render-1080p`: a frame with a new two-row caption each
///   time (the overlay laid out and rasterised every frame), drawn from a 708 service's window
///   (region, fill, pens) and from a 608 caption (the grid), onto a 1080p RGBA frame.
enum CEA708Benchmarks {
    static let pictures = 107_892

    static func all(cues _: Int) -> [Benchmark] {
        let hour = hourOfCaptionData()
        let frames = 120
        var changing: [Cue] = []
        for k in 0..<frames {
            // A second apart, so that 608's pop-on loads in time and each is one caption.
            let start = MediaTime(value: Int64(30 + k * 30) * 1001, timescale: 30000)
            changing.append(Cue(start: start, end: start + MediaTime(value: 28 * 1001, timescale: 30000),
                                content: [.text("Caption \(k) on its first row"), .lineBreak, .text("and a second row of it")]))
        }
        let document = Document(format: "bench", tracks: [Track(cues: changing)])
        // 708: written as windows and decoded back into cues in regions.
        var decoder = CEA708Decoder()
        for picture in CEA708Writer().framePictures(document).value {
            decoder.feed(picture.triplets, at: MediaTime(value: picture.frame * 1001, timescale: 30000))
        }
        decoder.finish()
        var builder = CEA708CueBuilder()
        let windowCues = (decoder.captions(service: 1) ?? []).map { builder.cue(for: $0) }
        let windowTrack = Track(cues: windowCues, regions: builder.regions)
        // 608: the same captions written as SCC and read back.
        let scc = SCCWriter().write(document).value
        let gridTrack = SCCReader().readFile(SourceText(bytes: scc)).value.document.tracks[0]
        let fonts = FontSet(cjk: false)
        let windowRenderer = try! CaptionRenderer(track: windowTrack, family: .cea708Windows, width: 1920, height: 1080, fonts: fonts)
        let gridRenderer = try! CaptionRenderer(track: gridTrack, family: .cea608Grid, width: 1920, height: 1080, fonts: fonts)
        func times(_ track: Track) -> [MediaTime] { track.cues.map { $0.start + MediaTime(value: 1, timescale: 1000) } }
        let windowTimes = times(windowTrack), gridTimes = times(gridTrack)
        var rgba = VideoFrame(width: 1920, height: 1080, pixelFormat: .rgba)
        return [
            Benchmark(name: "cea708.decode-hour", bytes: nil, calls: pictures) {
                var decoder = CEA708Decoder()
                for (k, triplets) in hour.enumerated() {
                    decoder.feed(triplets, at: MediaTime(value: Int64(k) * 1001, timescale: 30000))
                }
                decoder.finish()
                var builder = CEA708CueBuilder()
                blackHole((decoder.captions(service: 1) ?? []).map { builder.cue(for: $0) })
            },
            Benchmark(name: "cea708.render-1080p", bytes: nil, calls: windowTimes.count) {
                for t in windowTimes { windowRenderer.render(at: t, onto: &rgba) }
                windowRenderer.appearance = windowRenderer.appearance
            },
            Benchmark(name: "cea608.render-1080p", bytes: nil, calls: gridTimes.count) {
                for t in gridTimes { gridRenderer.render(at: t, onto: &rgba) }
                gridRenderer.appearance = gridRenderer.appearance
            },
        ]
    }

    /// Each picture's triplets for an hour of service 1.
    static func hourOfCaptionData() -> [[CCDataTriplet]] {
        var cues: [Cue] = []
        for k in 0..<(pictures / 60) {
            let start = MediaTime(value: Int64(k * 60) * 1001, timescale: 30000)
            cues.append(Cue(start: start, end: start + MediaTime(value: 50 * 1001, timescale: 30000),
                            content: [.text("Caption \(String(k % 30).count == 1 ? "0" : "")\(k % 30) of the minute")]))
        }
        let written = CEA708Writer().framePictures(Document(format: "bench", tracks: [Track(cues: cues)])).value
        var byFrame: [Int64: [CCDataTriplet]] = [:]
        for picture in written { byFrame[picture.frame] = picture.triplets }
        let field1 = CCDataTriplet(isValid: true, kind: .field1, byte1: 0x80, byte2: 0x80)
        let field2 = CCDataTriplet(isValid: true, kind: .field2, byte1: 0x80, byte2: 0x80)
        let padding = CCDataTriplet(isValid: false, kind: .dtvccData, byte1: 0, byte2: 0)
        return (0..<pictures).map { k in
            var triplets = [field1, field2] + (byFrame[Int64(k)] ?? [])
            while triplets.count < 20 { triplets.append(padding) }
            return triplets
        }
    }
}
