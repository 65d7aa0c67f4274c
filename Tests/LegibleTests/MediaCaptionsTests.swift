import Foundation
import Testing
import TestSupport
import Legible

/// How a media file is told from a caption file: by its signature, else its extension.
@Suite struct MediaFileTests {
    @Test func signatures() {
        let ftyp: [UInt8] = [0, 0, 0, 0x20] + Array("ftypisom".utf8) + [UInt8](repeating: 0, count: 20)
        #expect(MediaFile.container(ofHead: ftyp) == .isoBaseMedia)
        #expect(MediaFile.container(ofHead: [0x1A, 0x45, 0xDF, 0xA3, 0x9F]) == .matroska)
        var ts = [UInt8](repeating: 0xFF, count: 600)
        for k in [0, 188, 376] { ts[k] = 0x47 }
        #expect(MediaFile.container(ofHead: ts) == .mpegTransportStream)
        var m2ts = [UInt8](repeating: 0, count: 600)
        for k in [4, 196, 388] { m2ts[k] = 0x47 }
        #expect(MediaFile.container(ofHead: m2ts) == .mpegTransportStream)
        #expect(MediaFile.container(ofHead: [0, 0, 1, 0xBA, 0x44]) == .mpegProgramStream)
        // One 0x47 ('G') is text, not a transport stream; caption files are never media.
        #expect(MediaFile.container(ofHead: Array("Good morning\n".utf8)) == nil)
        #expect(MediaFile.container(ofHead: Array("WEBVTT\n\n00:00.000 --> 00:01.000\nftyp\n".utf8)) == nil)
        #expect(!MediaFile.isMediaFile(Fixtures.root + "/scc/modes.scc"))
        #expect(!MediaFile.isMediaFile("-"))
        #expect(MediaFile.isMediaFile("/nonexistent/show.mkv"), "by its extension: ffprobe will say it is missing")
    }
}

/// `MediaCaptions` over media made by the real ffmpeg at test time.
@Suite(.serialized) struct MediaCaptionsTests {
    static let srt = "1\n00:00:00,500 --> 00:00:01,500\nHello <i>there</i>\n\n2\n00:00:02,000 --> 00:00:02,800\nSecond line\n"
    static let vtt = "WEBVTT\n\n00:00:00.500 --> 00:00:01.500 line:10%\nBonjour <b>toi</b>\n\n00:00:02.000 --> 00:00:02.500\nDeux\n"

    /// SRT (English, default), ASS (Japanese, "Signs", forced) and WebVTT (French, hearing impaired).
    static func makeMKV(_ directory: String) throws -> String {
        let srt = directory + "/a.srt", ass = directory + "/a.ass", vtt = directory + "/b.vtt", mkv = directory + "/show.mkv"
        try MediaFixtures.write(Self.srt, to: srt)
        try MediaFixtures.write(Self.vtt, to: vtt)
        try MediaFixtures.run(["-nostdin", "-v", "error", "-y", "-i", srt, ass])
        try MediaFixtures.run(["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=black:s=64x36:r=25:d=3", "-i", srt, "-i", ass,
                               "-i", vtt, "-map", "0", "-map", "1", "-map", "2", "-map", "3", "-c:v", "libx264", "-preset", "ultrafast",
                               "-c:s", "copy", "-metadata:s:s:0", "language=eng", "-metadata:s:s:1", "language=jpn",
                               "-metadata:s:s:1", "title=Signs", "-metadata:s:s:2", "language=fre", "-disposition:s:0", "default",
                               "-disposition:s:1", "forced", "-disposition:s:2", "hearing_impaired", mkv])
        return mkv
    }

    func times(_ cues: [Cue]) -> [String] { cues.map { "\($0.start.secondsText)-\($0.end?.secondsText ?? "open") \($0.plainText)" } }

    @Test func matroskaTracksCarryTheirDispositions() throws {
        do {
            let directory = try MediaFixtures.directory("captions-mkv")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let media = try MediaCaptions(contentsOf: try Self.makeMKV(directory))
            #expect(media.streams.map(\.id) == ["s:0", "s:1", "s:2"])
            #expect(media.streams.map { $0.language?.rawValue } == ["en", "ja", "fr"])
            #expect(media.streams.map(\.kind) == [.subtitles, .forced, .subtitles])
            #expect(media.streams.map(\.isDefault) == [true, false, false])
            #expect(media.streams[2].characteristics == MediaCharacteristic.sdh)
            #expect(media.streams[1].title == "Signs")
            #expect(media.streams.map { $0.format?.id } == [.subRip, .substationAlpha, .webVTT])
            #expect(media.a53 == nil, "no caption data in the first frames and text streams present: the video is not decoded")

            let english = try media.open(media.streams[0])
            #expect(english.file.format == .subRip)
            #expect(times(english.document.tracks[0].cues) == ["0.5-1.5 Hello there", "2.0-2.8 Second line"])
            #expect(english.document.tracks[0].id == "s:0" && english.document.tracks[0].language?.rawValue == "en")
            let french = try media.open(media.streams[2])
            #expect(french.file.format == .webVTT)
            #expect(times(french.document.tracks[0].cues) == ["0.5-1.5 Bonjour toi", "2.0-2.5 Deux"])
            #expect(french.document.tracks[0].characteristics == MediaCharacteristic.sdh)

            // The ASS stream comes out as ASS; whether it is read is the registry's to say.
            if CaptionFormat.substationAlpha.canRead {
                #expect(media.streams[1].unavailableReason == nil)
                #expect(times(try media.open(media.streams[1]).document.tracks[0].cues).map { $0.prefix(7) } == ["0.5-1.5", "2.0-2.8"])
            } else {
                #expect(media.streams[1].unavailableReason == "SubStation Alpha (ASS/SSA): reading it is not supported yet")
                #expect(throws: LegibleError(.unsupportedFormat, "track s:1 of \(media.path) cannot be read: SubStation Alpha (ASS/SSA): reading it is not supported yet")) {
                    try media.open(media.streams[1])
                }
            }

            // Tracks by id, place or language; selection over the dispositions.
            #expect(media.stream(named: "S:2")?.id == "s:2")
            #expect(media.stream(named: "1")?.id == "s:1")
            #expect(media.stream(named: "fre")?.id == "s:2")
            #expect(media.stream(named: "fr-CA")?.id == "s:2")
            #expect(media.stream(named: "de") == nil && media.stream(named: "CC1") == nil)
            let selector = TrackSelector()
            #expect(selector.select(media.trackOptions(), for: ViewerPreferences(preferredLanguages: [LanguageTag("fr")!], displayMode: .alwaysOn)).chosen?.id == "s:2")
            #expect(selector.select(media.trackOptions(), for: ViewerPreferences(displayMode: .alwaysOn)).chosen?.id == "s:0", "the default stream")
            #expect(selector.select(media.trackOptions(), for: ViewerPreferences(preferredLanguages: [LanguageTag("en")!],
                                                                                    audioLanguage: LanguageTag("en"))).chosen == nil)
            #expect(media.noTrackError("CC1").message == "\(media.path) has no caption track 'CC1': it has s:0 (subrip, en), s:1 (ass, ja)\(CaptionFormat.substationAlpha.canRead ? "" : " unreadable"), s:2 (webvtt, fr)")
        }
    }

    /// ASS in Matroska whose header's events Format line is not the standard one. Matroska keeps
    /// each event as `ReadOrder, Layer, Style, Name, MarginL, MarginR, MarginV, Effect, Text`
    /// (mkvmerge puts a script's events in that order, its empty fields where the script has no
    /// column), and ffmpeg 5.1 writes each one back as `Layer, Start, End` and the block's fields:
    /// read by the header, `This is the first subtitle.` came out as `,,,,This is the first
    /// subtitle.`. The streams are made here as mkvmerge stores them (ffmpeg's own ASS demuxer
    /// keeps what follows `End` as written), with a stream ffmpeg muxed as its header says beside them.
    @Test func assWhoseHeaderFormatIsNotTheStandardOne() throws {
        guard CaptionFormat.substationAlpha.canRead else { return }
        do {
            let directory = try MediaFixtures.directory("captions-ass-format")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let styles = "[V4+ Styles]\nFormat: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding\nStyle: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,2,2,10,10,10,1\n\n"
            let matroskaOrder = "[Script Info]\nScriptType: v4.00+\n\n" + styles + "[Events]\nFormat: Layer, Start, End, Style, Name, Text\n"
                + "Dialogue: 0,0:00:00.50,0:00:01.50,Default,,,,,,This is the first subtitle.\n"
                + "Dialogue: 0,0:00:02.00,0:00:02.80,Default,Bob,,,,,Second, with commas.\n"
            let ssa = "[Script Info]\nScriptType: v4.00\n\n[V4 Styles]\nFormat: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, TertiaryColour, BackColour, Bold, Italic, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, AlphaLevel, Encoding\nStyle: Default,Arial,20,16777215,65535,0,0,0,0,1,2,2,2,10,10,10,0,0\n\n"
                + "[Events]\nFormat: Marked, Start, End, Style, Text\n"
                + "Dialogue: Marked=0,0:00:00.50,0:00:01.50,Default,,0000,0000,0000,,Old SSA line.\n"
            let asWritten = "[Script Info]\nScriptType: v4.00+\n\n" + styles + "[Events]\nFormat: Layer, Start, End, Style, Name, Text\n"
                + "Dialogue: 0,0:00:00.50,0:00:01.50,Default,,Muxed by ffmpeg, as written.\n"
            var inputs: [String] = []
            for (k, text) in [matroskaOrder, ssa, asWritten].enumerated() {
                let path = directory + "/\(k).\(k == 1 ? "ssa" : "ass")"
                try MediaFixtures.write(text, to: path)
                inputs += ["-i", path]
            }
            let mkv = directory + "/show.mkv"
            try MediaFixtures.run(["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=black:s=64x36:r=25:d=3"] + inputs
                                  + ["-map", "0", "-map", "1", "-map", "2", "-map", "3", "-c:v", "libx264", "-preset", "ultrafast", "-c:s", "copy", mkv])
            // What ffmpeg gives: the header as stored, each event in the block's order (CRLF its own).
            let extracted = String(decoding: try MediaFixtures.run(["-nostdin", "-v", "error", "-i", mkv, "-map", "0:s:0", "-c:s", "copy", "-f", "ass", "-"]),
                                   as: UTF8.self)
            #expect(extracted.contains("Format: Layer, Start, End, Style, Name, Text\n"))
            #expect(extracted.contains("Dialogue: 0,0:00:00.50,0:00:01.50,Default,,,,,,This is the first subtitle.\r\n"))

            let media = try MediaCaptions(contentsOf: mkv)
            let first = try media.open(media.streams[0])
            #expect(first.document.tracks[0].cues.map(\.plainText) == ["This is the first subtitle.", "Second, with commas."])
            #expect(times(first.document.tracks[0].cues).map { $0.prefix(7) } == ["0.5-1.5", "2.0-2.8"])
            let order = first.file.diagnostics.filter { $0.code.rawValue == "ass.container-event-order" }
            #expect(order.map(\.severity) == [.warning])
            #expect(order.first?.message.contains("names Layer, Start, End, Style, Name, Text") == true)
            // libass draws, and ASS is written, with the Format line the events follow.
            let drawn = String(decoding: try #require(first.file.nativeScript).text, as: UTF8.self)
            #expect(drawn.contains("Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:00.50"))
            let written = String(decoding: try #require(first.file.written(as: .substationAlpha)).value, as: UTF8.self)
            #expect(written.contains("Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:00.50"))

            let old = try media.open(media.streams[1])
            #expect(old.document.tracks[0].cues.map(\.plainText) == ["Old SSA line."])
            #expect(old.file.diagnostics.contains { $0.code.rawValue == "ass.container-event-order" && $0.severity == .warning })

            // Muxed by ffmpeg from a script that follows its own Format line: its lines do not
            // have the standard order's fields, and are read by the Format line.
            let kept = try media.open(media.streams[2])
            #expect(kept.document.tracks[0].cues.map(\.plainText) == ["Muxed by ffmpeg, as written."])
            #expect(kept.file.diagnostics.filter { $0.code.rawValue == "ass.container-event-order" }.map(\.severity) == [.info])

            // The same text read as a file is read by its Format line, as it says.
            let asFile = try CaptionFile(bytes: Array(extracted.utf8), fileName: "first.ass")
            #expect(asFile.document.tracks[0].cues.first?.plainText == ",,,,This is the first subtitle.")
        }
    }

    @Test func movTextInMP4() throws {
        do {
            let directory = try MediaFixtures.directory("captions-mp4")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let srt = directory + "/a.srt", mp4 = directory + "/show.mp4"
            try MediaFixtures.write("1\n00:00:00,500 --> 00:00:01,500\n<b>Bold</b> and <i>italic</i>\n", to: srt)
            try MediaFixtures.run(["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=black:s=64x36:r=25:d=2", "-i", srt,
                                   "-c:v", "libx264", "-preset", "ultrafast", "-c:s", "mov_text", "-metadata:s:s:0", "language=deu", mp4])
            #expect(MediaFile.isMediaFile(mp4))
            let media = try MediaCaptions(contentsOf: mp4)
            let track = try #require(media.streams.first)
            #expect(track.codec == "mov_text" && track.language?.rawValue == "de" && track.format == .subRip)
            let cue = try #require(try media.open(track).document.tracks.first?.cues.first)
            #expect(cue.plainText == "Bold and italic")
            #expect(cue.start == MediaTime(milliseconds: 500) && cue.end == MediaTime(milliseconds: 1500))
            // The styles survive as spans: bold on the first word, italic on the last.
            let written = String(decoding: CaptionFormat.subRip.write(Document(format: .subRip, tracks: [Track(cues: [cue])]))!.value, as: UTF8.self)
            #expect(written == "1\n00:00:00,500 --> 00:00:01,500\n<b>Bold</b> and <i>italic</i>\n")
        }
    }

    /// The SCC fixture's byte pairs (pop-on, roll-up, paint-on) carried as A/53 field-1 data, one
    /// pair a frame, a pop-on caption on field 2 (CC3), and 708 service 1 data: CC1 reads as the SCC
    /// file does (the same decoder, the same frames, an hour earlier), CC3 as written.
    @Test(arguments: [("mp4", false, false), ("ts", false, false), ("mp4", true, false), ("mp4", false, true)])
    func a53CaptionsDecodeAsTheSCCFileDoes(container: String, bFrames: Bool, hevc: Bool) throws {
        do {
            let directory = try MediaFixtures.directory("captions-a53-\(container)-\(bFrames)-\(hevc)")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let scc = String(decoding: Fixtures.bytes("scc/modes.scc"), as: UTF8.self)
            let field1 = MediaFixtures.sccPairs(scc)
            // CC3: {RCL}{RCL} {row 15} HI {EOC}{EOC} from frame 10, {EDM} at frame 30.
            let field2: [Int: (UInt8, UInt8)] = [10: (0x94, 0x20), 11: (0x94, 0x20), 12: (0x94, 0x70), 13: (0x94, 0x70),
                                                 14: (0xC8, 0x49), 15: (0x94, 0x2F), 16: (0x94, 0x2F), 30: (0x94, 0x2C), 31: (0x94, 0x2C)]
            let path = directory + "/broadcast.\(container)"
            try MediaFixtures.a53Video(path, frames: 801, bFrames: bFrames, hevc: hevc) { n in
                var triplets: [(UInt8, UInt8, UInt8)] = []
                let one = field1[n] ?? (0x80, 0x80), two = field2[n] ?? (0x80, 0x80)
                triplets.append((0xFC, one.0, one.1))
                triplets.append((0xFD, two.0, two.1))
                // A DTVCC packet for service 1 ("AB") at frame 50.
                if n == 50 { triplets += [(0xFF, 0x02, 0x22), (0xFE, 0x41, 0x42)] }
                return triplets
            }
            let media = try MediaCaptions(contentsOf: path)
            #expect(media.streams.map(\.id) == ["CC1", "CC3"])
            #expect(media.dtvccServices == [1])
            #expect(media.streams[0].kind == .captions && media.streams[0].characteristics == MediaCharacteristic.sdh)

            let expected = try CaptionFile(contentsOf: Fixtures.root + "/scc/modes.scc").document.tracks[0].cues
            // 01:00:00:00 in non-drop-frame timecode is frame 108000: 3603.6 s.
            let hour = MediaTime(value: 108000 * 1001, timescale: 30000)
            let cc1 = try media.open(media.streams[0])
            #expect(cc1.file.format == .scc && cc1.document.layoutFamily == .cea608Grid)
            let got = cc1.document.tracks[0].cues
            #expect(got.count == expected.count && got.count >= 6)
            #expect(got.map(\.plainText) == expected.map(\.plainText))
            #expect(got.map(\.start) == expected.map { $0.start - hour })
            #expect(got.map(\.end) == expected.map { $0.end.map { $0 - hour } })
            #expect(got.map(\.layout) == expected.map(\.layout))
            #expect(got[0].plainText.hasPrefix("It is him for she could"))

            let cc3 = try media.open(media.streams[1])
            #expect(times(cc3.document.tracks[0].cues) == ["\(MediaTime(value: 15 * 1001, timescale: 30000).secondsText)-\(MediaTime(value: 30 * 1001, timescale: 30000).secondsText) HI"])
            #expect(cc3.document.tracks[0].cues[0].start == MediaTime(value: 15 * 1001, timescale: 30000))

            // `--track`-style names.
            #expect(media.stream(named: "cc3")?.id == "CC3")
            #expect(media.trackOptions().map(\.instreamID) == ["CC1", "CC3"])
            let merged = try media.document()
            #expect(merged.value.tracks.map(\.id) == ["CC1", "CC3"])
        }
    }

    /// A 23.976 fps broadcast in MPEG-TS whose EOCs are sent once a picture in two consecutive
    /// pictures, the field's padding and the other field's pair between the copies (the case of a
    /// real one, where CC3's first caption showed for one frame and the next was garbled): each
    /// caption is shown once, until the next one's EOC, and the second one reads as sent.
    @Test func anEOCAndItsCopyInConsecutivePicturesShowTheCaptionOnce() throws {
        do {
            let directory = try MediaFixtures.directory("captions-a53-film")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/film.ts"
            try MediaFixtures.doubledEOCBroadcast(path)
            let media = try MediaCaptions(contentsOf: path)
            #expect(media.streams.map(\.id) == ["CC1", "CC3"])
            func picture(_ n: Int) -> String { MediaTime(value: Int64(n) * 1001, timescale: 24000).secondsText }
            let (shown, replaced, erased) = (MediaFixtures.eocPictures[0], MediaFixtures.eocPictures[1], MediaFixtures.edmPicture)
            #expect(picture(shown) == "1.167833" && picture(replaced) == "3.461792", "the broadcast's times")
            let cc1 = try media.open(media.streams[0]).document.tracks[0].cues
            #expect(times(cc1) == ["\(picture(shown))-\(picture(replaced)) I'M ON THE AIR", "\(picture(replaced))-\(picture(erased)) OK"])
            let cc3 = try media.open(media.streams[1]).document.tracks[0].cues
            #expect(times(cc3) == ["\(picture(shown))-\(picture(replaced)) -ESO ES TODO.", "\(picture(replaced))-\(picture(erased)) -SI."])
            #expect(cc3.first?.start == MediaTime(value: 28 * 1001, timescale: 24000))
        }
    }

    /// WebVTT as mkvmerge stores it (`S_TEXT/WEBVTT`, which ffmpeg 5.1 does not know): the header
    /// from the track's private data, the cues from its packets; the settings in BlockAdditions
    /// are out of ffmpeg's reach, and that is said.
    @Test func webVTTAsMkvmergeWritesIt() throws {
        do {
            let media = try MediaCaptions(contentsOf: Fixtures.root + "/media/mkvmerge-webvtt.mkv")
            let track = try #require(media.streams.first)
            #expect(media.streams.count == 1)
            #expect(track.codec == "unknown" && track.format == .webVTT && track.unavailableReason == nil)
            #expect(track.language?.rawValue == "fr" && track.isDefault)
            if case .stream(let stream) = track.source { #expect(stream.codecPrivate?.starts(with: Array("WEBVTT".utf8)) == true) }
            let read = try media.open(track)
            #expect(read.file.format == .webVTT)
            #expect(times(read.document.tracks[0].cues) == ["0.5-1.5 Bonjour toi", "2.0-2.75 Deux\nlignes"])
            #expect(read.file.diagnostics.map(\.code) == [.mediaCueSettingsLost])
            #expect(read.file.diagnostics.first?.message.hasPrefix("1 packet of this track carries side data (Matroska BlockAdditions: a cue's identifier or settings)") == true)
        }
    }

    @Test func aFileWithoutCaptions() throws {
        do {
            let directory = try MediaFixtures.directory("captions-none")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/plain.mkv"
            try MediaFixtures.run(["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=black:s=64x36:r=25:d=1", "-c:v", "libx264",
                                   "-preset", "ultrafast", path])
            let media = try MediaCaptions(contentsOf: path)
            #expect(media.streams.isEmpty)
            #expect(media.a53 != nil, "no text stream: the video was decoded for A/53 captions")
            // Said plainly: no captions at all, and where none were found (not "no track '(any)'").
            let none = "no subtitle stream, and no closed captions (CEA-608) in its video"
            #expect(media.whyNoCaptions == none)
            #expect(media.noCaptionsError() == LegibleError(.noSuchTrack, "\(path) has no captions: \(none)"))
            #expect(media.noTrackError("s:0").message == "\(path) has no caption track 's:0': it has no captions at all (\(none))")
            #expect(try CaptionSource(contentsOf: path).noCaptionsError().message == "\(path) has no captions: \(none)")
            // Not looked for in the video: that is said instead.
            let unscanned = try MediaCaptions(contentsOf: path, options: .init(a53Scan: .never))
            #expect(unscanned.whyNoCaptions == "no subtitle stream, and its video (h264) was not decoded for closed captions")
        }
    }
}
