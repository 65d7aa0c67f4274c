import Foundation
import Testing
import Legible
import TestSupport

/// Sources as a player opens them: a caption file's tracks, an HLS master playlist's renditions
/// (segments read and mapped onto the media timeline) and a media playlist alone, named by the
/// one `--track` grammar, opened into tracks that carry what the renderer needs.
@Suite struct CaptionSourceTests {
    static let stream = Fixtures.root + "/hls/stream"

    @Test func aCaptionFilesTracksAreItsOptions() throws {
        let path = Fixtures.root + "/scc/two_channels.scc"
        let source = try CaptionSource(contentsOf: path)
        #expect(source.options.map(\.id) == ["\(path)#CC1", "\(path)#CC2"])
        #expect(source.options.map(\.kind) == [.captions, .captions])
        for name in ["\(path)#CC2", "CC2", "cc2", "#CC2", "1", "#1"] {
            #expect(source.option(named: name)?.id == "\(path)#CC2", "\(name)")
        }
        #expect(source.option(named: "CC3") == nil && source.option(named: "/elsewhere/two_channels.scc#CC2") == nil)
        #expect(source.noTrackError("CC3").message == "\(path) has no caption track 'CC3': its tracks: \(path)#CC1, \(path)#CC2")
        let track = try source.open(try #require(source.option(named: "CC2")))
        #expect(track.track.id == "CC2" && track.track.cues.map(\.plainText) == ["KO"])
        #expect(track.layoutFamily == .cea608Grid && track.format == .scc && track.nativeScript == nil)
        #expect(track.document.tracks.count == 1)
        #expect(track.imageDirectory == Fixtures.root + "/scc")
    }

    @Test func anASSScriptCarriesItsScriptToTheRenderer() throws {
        let source = try CaptionSource(contentsOf: Fixtures.root + "/ass/attachments.ass")
        #expect(source.options.count == 1 && source.options[0].id == source.name)
        let track = try source.open(source.options[0])
        #expect(track.layoutFamily == .assScript)
        let script = try #require(track.nativeScript)
        #expect(!script.text.isEmpty && !script.fonts.isEmpty, "the script and its [Fonts]")
        let renderer = try CaptionRenderer(track: track, width: 640, height: 360)
        #expect(renderer.drawsEveryFrame, "libass draws the script itself")
    }

    @Test func aMasterPlaylistsRenditionsAreReadSegmentBySegment() throws {
        let source = try CaptionSource(contentsOf: Self.stream + "/master.m3u8")
        #expect(source.diagnostics.isEmpty)
        #expect(source.options.map(\.id) == ["subs/en", "subs/fr", "cc/CC1"])
        // The selection rules: an English viewer who always wants text gets the English rendition.
        let choice = source.select(for: ViewerPreferences(preferredLanguages: [LanguageTag("en-GB")!], displayMode: .alwaysOn))
        #expect(choice.chosen?.id == "subs/en")
        let english = try source.open(try #require(choice.chosen))
        // Each segment's X-TIMESTAMP-MAP (MPEGTS 900000 = 10 s at cue time 0) moves its cues; the
        // cue repeated in both segments (RFC 8216 §3.5) is kept once.
        #expect(english.track.cues.map { "\($0.id ?? "-") \($0.start.secondsText)-\($0.end!.secondsText) \($0.plainText)" }
                == ["1 11.0-13.0 Hello", "2 15.0-17.5 across the boundary", "3 18.0-20.0 Goodbye"])
        #expect(english.track.language?.rawValue == "en" && english.track.label == "English" && english.track.id == "subs/en")
        #expect(english.track.cues[1].layout.line == .fraction(Fraction(percent: Fraction(10))), "settings survive")
        #expect(english.diagnostics.isEmpty)
        // By language, and the closed captions, which live in the video.
        #expect(try source.open(try #require(source.option(named: "fr"))).track.cues.map(\.plainText) == ["Bonjour"])
        #expect(throws: LegibleError.self) { try source.open(try #require(source.option(named: "cc/CC1"))) }
    }

    @Test func aMediaPlaylistAloneIsOneOption() throws {
        let path = Self.stream + "/subs/en.m3u8"
        let source = try CaptionSource(contentsOf: path)
        #expect(source.options.map(\.id) == [path])
        #expect(source.options[0].language?.rawValue == "en", "from its name")
        let track = try source.open(source.options[0])
        #expect(track.track.cues.count == 3)
    }

    @Test func aSegmentThatCannotBeReadIsReportedAndTheRestRead() throws {
        let directory = NSTemporaryDirectory() + "legible-hls-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Self.stream + "/subs/en-1.vtt", toPath: directory + "/b.vtt")
        let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.vtt\n#EXTINF:6,\nb.vtt\n#EXTINF:6,\nhttps://example.com/c.vtt\n#EXT-X-ENDLIST\n"
        try Data(playlist.utf8).write(to: URL(fileURLWithPath: directory + "/subs.m3u8"))
        let source = try CaptionSource(contentsOf: directory + "/subs.m3u8")
        let track = try source.open(source.options[0])
        #expect(track.track.cues.map(\.plainText) == ["across the boundary", "Goodbye"])
        let missing = track.diagnostics.filter { $0.code == .hlsSegmentUnreadable }
        #expect(missing.count == 2)
        #expect(missing.first?.location == SourceLocation(line: 3, column: 1) && missing.first?.message.hasPrefix("segment a.vtt (0.0 s) cannot be read") == true)
        #expect(missing.last?.message.contains("a URL: Legible reads local files") == true)
    }

    /// A player's format, registered once, is read by every entry point.
    @Test func aRegisteredFormatIsReadByEveryEntryPoint() throws {
        var format = CaptionFormat(id: "lines", name: "One caption a line")
        format.fileExtensions = ["lines"]
        format.recognises = { head in head.starts(with: Array("LINES\n".utf8)) }
        format.reader = { text, _ in
            let lines = text.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }.split(separator: "\n").dropFirst()
            let cues = lines.enumerated().map { n, line in
                Cue(start: MediaTime(seconds: Int64(n)), end: MediaTime(seconds: Int64(n + 1)), content: [.text(String(line))])
            }
            return ParseResult(value: Document(format: "lines", tracks: [Track(cues: cues)]))
        }
        CaptionFormat.register(format)
        let source = try CaptionSource(bytes: Array("LINES\none\ntwo\n".utf8), name: "a.txt")
        let track = try source.open(source.options[0])
        #expect(track.format.id == "lines" && track.track.cues.map(\.plainText) == ["one", "two"])
        #expect(CaptionFormat.named("lines") == format && CaptionFormat.forFileName("x.lines") == format)
    }
}
