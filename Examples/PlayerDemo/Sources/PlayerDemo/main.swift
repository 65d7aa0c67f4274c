// What a player does with Legible: open its caption sources (a Matroska file with an ASS track,
// a TTML file, a WebVTT file), let the selection rules pick the track a viewer wants, follow
// playback at 1.5× with a seek, and draw the captions with the viewer's appearance into the BGRA
// premultiplied buffer a compositor takes — then check that each caption is drawn where its
// format puts it. docs/library.md walks through it.
import Legible
#if canImport(Glibc)
import Glibc
#endif

let folder = CommandLine.arguments.dropFirst().first ?? "Fixtures/demo"
let width = 1280, height = 720
var failures: [String] = []

/// Where a buffer has ink: the bounding box of its pixels with any coverage, or nil.
func inkBox(_ buffer: PixelBuffer) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for y in 0..<buffer.height {
        for x in 0..<buffer.width where buffer.pixel(x: x, y: y).a > 0 {
            box = box.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) } ?? (x, y, x, y)
        }
    }
    return box
}

/// Draws `track` at `seconds` into a fresh buffer and checks its ink lies within `area` (pixels).
@MainActor
func drawAndCheck(_ track: CaptionTrack, at seconds: Int64, appearance: CaptionAppearance = .default,
                  timeline: Timeline? = nil, expect area: (x: ClosedRange<Int>, y: ClosedRange<Int>), _ what: String) throws {
    let renderer = try CaptionRenderer(track: track, timeline: timeline, width: width, height: height, appearance: appearance)
    var buffer = PixelBuffer(width: width, height: height, order: .bgra, alpha: .premultiplied)
    renderer.render(at: MediaTime(seconds: seconds), into: &buffer)
    guard let box = inkBox(buffer) else {
        failures.append("\(what): nothing drawn at \(seconds) s")
        return
    }
    let inside = area.x.contains(box.minX) && area.x.contains(box.maxX) && area.y.contains(box.minY) && area.y.contains(box.maxY)
    print("  drawn at \(seconds) s: ink from (\(box.minX), \(box.minY)) to (\(box.maxX), \(box.maxY)) — \(inside ? "where" : "NOT where") \(what)")
    if !inside { failures.append("\(what): ink from (\(box.minX), \(box.minY)) to (\(box.maxX), \(box.maxY)), outside x \(area.x) y \(area.y)") }
}

do {
    // 1. Open the sources: a media file (its subtitle streams, through ffmpeg), caption files
    //    (encoding and format found). Damage is reported in diagnostics, never thrown.
    let paths = ["demo.mkv", "demo.ja.sdh.ttml", "demo.fr.vtt"].map { "\(folder)/\($0)" }
    let sources = try paths.map { try CaptionSource(contentsOf: $0) }
    for source in sources {
        print("\(source.name): \(source.options.map(\.id).joined(separator: ", "))")
    }

    // 2. A ja-JP viewer who wants SDH: the rules rank every option of every source, with a reason for each.
    let options = sources.flatMap(\.options)
    let viewer = ViewerPreferences(preferredLanguages: [LanguageTag("ja-JP")!], displayMode: .alwaysOn, prefersSDH: true)
    let selection = TrackSelector().select(options, for: viewer)
    guard let chosen = selection.chosen, let source = sources.first(where: { $0.options.contains(chosen) }) else {
        print("nothing to show: \(selection.summary)")
        exit(1)
    }
    print("chosen: \(chosen.id) — \(selection.trace.first { $0.optionID == chosen.id }?.reason ?? "")")
    let japanese = try source.open(chosen)
    print("opened: \(japanese.format.name), \(japanese.track.cues.count) cues, language \(japanese.track.language?.rawValue ?? "?")")

    // 3. Playback at 1.5×: a 60 Hz display clock, media time advancing 1.5 frames' worth a tick,
    //    then a seek back to 2 s. The cursor says what enters and leaves the screen.
    let timeline = Timeline(track: japanese.track)
    var cursor = PlaybackCursor(timeline: timeline)
    var shown = 0
    for tick in 0...240 {
        let media = MediaTime(value: Int64(tick) * 3, timescale: 120)  // tick / 60 s × 1.5
        let changes = cursor.advance(to: media)
        shown += changes.entered.count
        for cue in changes.entered { print("  \(media.secondsText) s: + \(timeline.cues[Int(cue)].plainText.split(separator: "\n").joined(separator: " / "))") }
    }
    let afterSeek = cursor.advance(to: MediaTime(seconds: 2))
    print("seek to 2 s: \(afterSeek.entered.count) entered, \(afterSeek.exited.count) left; \(shown) cues shown in 6 s at 1.5×")

    // 4. Draw with the viewer's appearance, over the timeline the cursor follows. The TTML cue at
    //    4 s is in the region "top" (origin 10% 5%, extent 80% 20%): x 128–1152, y 36–180.
    var appearance = CaptionAppearance.default
    try appearance.apply(specification: "yellow-on-black")
    try drawAndCheck(japanese, at: 4, appearance: appearance, timeline: timeline, expect: (128...1152, 36...180),
                     "the TTML region 'top' puts it")

    // 5. The Matroska file's ASS track, by the id `legible tracks` prints: libass draws the script
    //    itself (a sign at \pos(40,40), top left, on a 640×360 canvas: (80, 80) here).
    let mkv = sources[0]
    let signs = try mkv.open(try mkv.option(named: "s:1") ?? { throw LegibleError(.noSuchTrack, "no s:1 in \(mkv.name)") }())
    print("opened: \(signs.option.id), \(signs.format.name), drawn by libass as the script itself: \(signs.nativeScript != nil)")
    try drawAndCheck(signs, at: 2, expect: (70...700, 70...160), "the ASS \\pos puts it")

    // 6. The French WebVTT cue at 4 s, placed by `line:0 align:start position:10%` as browsers lay
    //    it out: on the first line from the top, its left edge at 10% of the width.
    let french = try sources[2].open(sources[2].options[0])
    print("opened: \(french.option.id), \(french.track.cues.count) cues")
    try drawAndCheck(french, at: 4, expect: (100...800, 0...200), "its line:0 position:10% settings put it")

    // 7. Convert, and hear what the target format could not carry.
    let srt = japanese.file.written(as: .subRip)!
    print("as SRT: \(srt.value.count) bytes, \(srt.diagnostics.count) things SRT could not carry")
} catch let error as LegibleError {
    print("error: \(error) [\(error.code)]")
    exit(1)
}

if !failures.isEmpty {
    for failure in failures { print("FAILED: \(failure)") }
    exit(1)
}
print("every caption drawn where its format puts it")
