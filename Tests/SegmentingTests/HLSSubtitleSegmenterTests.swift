import Testing
import Foundation
import Legible
import TestSupport

/// Tracks cut into HLS renditions and read back through the media playlist reader.
@Suite struct HLSSubtitleSegmenterTests {
    private func cue(_ start: Double, _ end: Double, _ text: String) -> Cue {
        Cue(start: MediaTime(milliseconds: Int64(start * 1000)), end: MediaTime(milliseconds: Int64(end * 1000)), content: [.text(text)])
    }

    @Test func aSpanningCueIsInEverySegmentItShowsIn() throws {
        let track = Track(cues: [cue(1, 2, "ONE"), cue(5, 13, "SPANS THREE"), cue(14, 15, "LAST")])
        let rendition = try HLSSubtitleSegmenter().segment(track).value
        #expect(rendition.segments.map(\.cueCount) == [2, 1, 2])
        let middle = String(decoding: rendition.segments[1].bytes, as: UTF8.self)
        #expect(middle.hasPrefix("WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n"), "\(middle)")
        #expect(middle.contains("c2\n00:00:05.000 --> 00:00:13.000\nSPANS THREE"), "\(middle)")
        #expect(rendition.playlist.contains("#EXT-X-TARGETDURATION:6\n"))
        #expect(rendition.playlist.hasSuffix("#EXTINF:3.000,\nsegment-00002.vtt\n#EXT-X-ENDLIST\n"), "\(rendition.playlist)")
    }

    @Test func aCueEndingOnABoundaryStaysOutOfTheNextSegment() throws {
        let rendition = try HLSSubtitleSegmenter().segment(Track(cues: [cue(1, 6, "A"), cue(7, 8, "B")])).value
        #expect(rendition.segments.map(\.cueCount) == [1, 1])
    }

    /// Every caption fixture segmented and read back by `legible`'s own HLS reader: the same cues,
    /// times exact (the reader keeps a repeated cue once).
    @Test(arguments: ["srt/an_positions.srt", "webvtt/features.vtt", "demo/demo.en.srt", "demo/demo.fr.vtt", "demo/demo.ja.sdh.ttml"])
    func readsBackTheSameCues(_ fixture: String) throws {
        guard Fixtures.list(String(fixture.split(separator: "/")[0])).contains(String(fixture.split(separator: "/")[1])) else {
            Issue.record("no fixture \(fixture)")
            return
        }
        let source = try CaptionFile(contentsOf: Fixtures.root + "/" + fixture)
        let track = source.document.tracks[0]
        let folder = NSTemporaryDirectory() + "legible-segment-\(getpid())-\(fixture.replacingOccurrences(of: "/", with: "-"))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let rendition = try HLSSubtitleSegmenter(options: .init(segmentDuration: MediaTime(seconds: 2))).segment(track).value
        for segment in rendition.segments { try Data(segment.bytes).write(to: URL(fileURLWithPath: folder + "/" + segment.name)) }
        try Data(rendition.playlist.utf8).write(to: URL(fileURLWithPath: folder + "/subtitles.m3u8"))
        let source2 = try CaptionSource(contentsOf: folder + "/subtitles.m3u8")
        let back = try source2.open(try #require(source2.options.first)).document.tracks[0]
        #expect(back.cues.map(\.start) == track.cues.map(\.start))
        #expect(back.cues.map(\.end) == track.cues.map(\.end))
        #expect(back.cues.map(\.plainText) == track.cues.map(\.plainText))
    }

    @Test func theDeclarationNamesTheLanguageInItsOwnWords() {
        let line = HLSSubtitleDeclaration(language: LanguageTag("fr-CA"), isSDH: true, uri: "fr/subtitles.m3u8").line
        #expect(line.hasPrefix("#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"subs\",LANGUAGE=\"fr-CA\",NAME=\"Français (Canada) (SDH)\""), "\(line)")
        #expect(line.contains("CHARACTERISTICS=\"public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound\""))
        #expect(line.hasSuffix("URI=\"fr/subtitles.m3u8\""))
    }
}
