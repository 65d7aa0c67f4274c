// What a player does with Legible: open caption files, pick the track a viewer wants, follow
// playback at 1.5× with a seek, and draw the captions with the viewer's appearance into the
// BGRA premultiplied buffer a compositor takes.
import Legible
#if canImport(Glibc)
import Glibc
#endif

let folder = CommandLine.arguments.dropFirst().first ?? "Fixtures/demo"

do {
    // 1. Open the files through the one entry point: encoding and format found, diagnostics kept.
    let names = ["demo.ja.srt", "demo.ja.sdh.ttml"]
    let files = try names.map { try CaptionFile(contentsOf: "\(folder)/\($0)") }
    for file in files {
        print("\(file.name ?? "?"): \(file.format.name), \(file.text.encoding), \(file.document.tracks.map(\.cues.count)) cues")
    }

    // 2. Every track is an option; a ja-JP viewer who wants SDH gets the SDH one, and why.
    var options: [TrackOption] = []
    for (file, name) in zip(files, names) {
        for (k, track) in file.document.tracks.enumerated() {
            options.append(TrackOption(track: track, id: "\(name)#\(k)", source: name, hints: FileNameHints(fileName: name)))
        }
    }
    let viewer = ViewerPreferences(preferredLanguages: [LanguageTag("ja-JP")!], displayMode: .alwaysOn, prefersSDH: true)
    let selection = TrackSelector().select(options, for: viewer)
    guard let chosen = selection.chosen, let index = options.firstIndex(where: { $0.id == chosen.id }) else {
        print("nothing to show: \(selection.summary)")
        exit(1)
    }
    print("chosen: \(chosen.id) — \(selection.trace.first { $0.optionID == chosen.id }?.reason ?? "")")
    let file = files[index < files[0].document.tracks.count ? 0 : 1]
    let track = file.document.tracks[index < files[0].document.tracks.count ? index : index - files[0].document.tracks.count]

    // 3. Playback at 1.5×: a 60 Hz display clock, media time advancing 1.5 frames' worth a tick,
    //    then a seek back to 2 s. The cursor says what enters and leaves the screen.
    let timeline = Timeline(track: track)
    var cursor = PlaybackCursor(timeline: timeline)
    var shown = 0
    for tick in 0...240 {
        let media = MediaTime(value: Int64(tick) * 3, timescale: 120)  // tick / 60 s × 1.5
        let changes = cursor.advance(to: media)
        shown += changes.entered.count
        for cue in changes.entered { print("  \(media.secondsText) s: + \(timeline.cues[Int(cue)].plainText.replacingNewlines())") }
    }
    let afterSeek = cursor.advance(to: MediaTime(seconds: 2))
    print("seek to 2 s: \(afterSeek.entered.count) entered, \(afterSeek.exited.count) left; \(shown) cues shown in 6 s at 1.5×")

    // 4. Draw the captions at 4 s with the viewer's appearance into a BGRA premultiplied buffer,
    //    over the same timeline the cursor follows.
    var appearance = CaptionAppearance.default
    try appearance.apply(specification: "yellow-on-black")
    try appearance.apply(specification: "text-size=125%")
    let renderer = try CaptionRenderer(timeline: timeline, regions: track.regions, language: track.language,
                                       family: file.document.layoutFamily, width: 1280, height: 720, appearance: appearance)
    var buffer = PixelBuffer(width: 1280, height: 720, order: .bgra, alpha: .premultiplied)
    renderer.render(at: MediaTime(seconds: 4), into: &buffer)
    var inked = 0
    for y in 0..<buffer.height { for x in 0..<buffer.width where buffer.pixel(x: x, y: y).a > 0 { inked += 1 } }
    print("rendered at 4 s: \(inked) pixels of captions in the 1280×720 BGRA premultiplied buffer")
    if inked == 0 { exit(1) }
} catch let error as LegibleError {
    print("error: \(error) [\(error.code)]")
    exit(1)
}

extension String {
    func replacingNewlines() -> String { split(separator: "\n").joined(separator: " / ") }
}
