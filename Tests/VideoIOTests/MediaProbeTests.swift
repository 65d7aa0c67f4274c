import Foundation
import Testing
import TestSupport
import TimedText
@testable import VideoIO
import ClosedCaptionData

/// ffprobe's packet dump of the `subcc` stream, read without running anything.
@Suite struct PacketDumpTests {
    /// Lines as Debian's ffprobe 5.1 printed them for a test video (one with a `|` and a `\` in the
    /// ASCII column, which compact output escapes).
    @Test func readsPacketLinesAndTheTimeBase() {
        let line = #"packet|pts=129003|pts_time=1.433367|size=6|data=\n00000000: fc94 d0fd 8080                           ......\n"#
        #expect(FFprobePacketDump.parse(line: Array(line.utf8)) == .packet(pts: 129003, data: [0xFC, 0x94, 0xD0, 0xFD, 0x80, 0x80]))
        let odd = #"packet|pts=0|pts_time=0.000000|size=9|data=\n00000000: fc94 20fc 9420 fd80 80                   .. .. ...\n"#
        #expect(FFprobePacketDump.parse(line: Array(odd.utf8)) == .packet(pts: 0, data: [0xFC, 0x94, 0x20, 0xFC, 0x94, 0x20, 0xFD, 0x80, 0x80]))
        // 18 bytes: two dump lines; 0x7C '|' and 0x5C '\' in the text column are escaped.
        let two = #"packet|pts=3|size=18|data=\n00000000: fc7c 5cfc 9420 fd80 80fc 9420 fc94 20fd  .\|\\.. ..... .. .\n00000010: 8080                                     ..\n"#
        #expect(FFprobePacketDump.parse(line: Array(two.utf8))
            == .packet(pts: 3, data: [0xFC, 0x7C, 0x5C, 0xFC, 0x94, 0x20, 0xFD, 0x80, 0x80, 0xFC, 0x94, 0x20, 0xFC, 0x94, 0x20, 0xFD, 0x80, 0x80]))
        #expect(FFprobePacketDump.parse(line: Array("stream|time_base=1/90000".utf8)) == .timeBase(Fraction(1, 90000)))
    }

    @Test func rejectsDamagedDumps() {
        func parse(_ text: String) -> FFprobePacketDump.Line? { FFprobePacketDump.parse(line: Array(text.utf8)) }
        // The size disagrees with the dump.
        #expect(parse(#"packet|pts=1|size=7|data=\n00000000: fc94 d0fd 8080                           ......\n"#) == nil)
        // Not hex; a wrong offset; a text column of the wrong length; no pts.
        #expect(parse(#"packet|pts=1|data=\n00000000: fc9x d0fd 8080                           ......\n"#) == nil)
        #expect(parse(#"packet|pts=1|data=\n00000010: fc94 d0fd 8080                           ......\n"#) == nil)
        #expect(parse(#"packet|pts=1|data=\n00000000: fc94 d0fd 8080                           ....\n"#) == nil)
        #expect(parse(#"packet|data=\n00000000: fc94 d0fd 8080                           ......\n"#) == nil)
        #expect(parse("stream|time_base=0/1") == nil)
        #expect(parse("garbage") == nil)
    }

    /// ffmpeg rescales times to the filter's time base and can leave them a tick off the frame:
    /// they are put back on the frame grid, from the container's start.
    @Test func timesAreFrameExactFromTheStart() {
        let ntsc = Fraction(30000, 1001)
        #expect(FFprobePacketDump.time(pts: 80081, timeBase: Fraction(1, 1_200_000), start: .zero, frameRate: ntsc)
            == MediaTime(value: 2002, timescale: 30000))
        // A transport stream starting at 1.4 s: its third picture is 2 frames in.
        #expect(FFprobePacketDump.time(pts: 132006, timeBase: Fraction(1, 90000), start: MediaTime(value: 14, timescale: 10),
                                       frameRate: ntsc) == MediaTime(value: 2002, timescale: 30000))
        #expect(FFprobePacketDump.time(pts: 500, timeBase: Fraction(1, 1000), start: .zero, frameRate: nil) == MediaTime(milliseconds: 500))
        // Off the grid by more than a millisecond (variable frame rate): kept as it is.
        #expect(FFprobePacketDump.time(pts: 1020, timeBase: Fraction(1, 90000), start: .zero, frameRate: Fraction(25))
            == MediaTime(value: 1020, timescale: 90000))
        // A damaged dump's pts at the far end of 64 bits (found by the fuzzer): no trap, the time
        // is kept as it is (clamped), not put on the grid.
        let far = FFprobePacketDump.time(pts: 1_590_331_111_111_111, timeBase: Fraction(1, 1), start: .zero, frameRate: ntsc)
        #expect(far > MediaTime(seconds: 1_000_000_000_000))
        #expect(MediaTime(value: Int64.max, timescale: 1).rounded(toTimescale: 1) == Int64.max)
        #expect(MediaTime(value: Int64.max - 1, timescale: 3).rounded(toTimescale: 3) == Int64.max - 1)
        #expect(MediaTime(value: Int64.max / 2, timescale: 7).rounded(toTimescale: 14) == Int64.max / 2 * 2)
        // Packets out of order in the dump come out in presentation order.
        let dump = """
            packet|pts=3003|size=3|data=\\n00000000: fc94 2f                                  ../\\n
            packet|pts=0|size=3|data=\\n00000000: fc94 20                                  .. \\n
            stream|time_base=1/90000
            """
        var data = FFprobePacketDump.captionData(Array(dump.utf8), start: .zero, frameRate: ntsc)
        #expect(data.packets == [.init(time: .zero, triplets: [0xFC, 0x94, 0x20]),
                                 .init(time: MediaTime(value: 1001, timescale: 30000), triplets: [0xFC, 0x94, 0x2F])])
        #expect(data.unreadablePackets == 0)
        // A packet with side data is printed on two lines, the second continuing the first.
        let split = "packet|pts=0|size=3|side_data|\n|data=\\n00000000: fc94 20                                  .. \\n\nstream|time_base=1/90000"
        data = FFprobePacketDump.captionData(Array(split.utf8), start: .zero, frameRate: ntsc)
        #expect(data.packets == [.init(time: .zero, triplets: [0xFC, 0x94, 0x20])] && data.unreadablePackets == 0)
    }

    @Test func movieSourceEscapesBothLevels() {
        #expect(FFmpeg.movieSource("/tmp/we:ird, [n]a=me's.mp4") == #"/tmp/we\\:ird\, \[n\]a\\=me\\\'s.mp4"#)
    }
}

/// Media files made by the real ffmpeg at test time: the inventory, the streams' text, the A/53 data.
@Suite(.serialized) struct MediaProbeTests {
    static let srt = "1\n00:00:00,500 --> 00:00:01,500\nHello <i>there</i>\n\n2\n00:00:02,000 --> 00:00:02,800\n<b>Bold</b> words\n"
    static let vtt = "WEBVTT\n\n00:00:00.500 --> 00:00:01.500 line:10%\nBonjour <b>toi</b>\n\n00:00:02.000 --> 00:00:02.500\nDeux\n"

    /// An MKV with SRT (English, default), ASS (Japanese, "Signs", forced) and WebVTT (French,
    /// hearing impaired) tracks and a font attached.
    static func makeMKV(_ directory: String) throws -> String {
        let srt = directory + "/a.srt", ass = directory + "/a.ass", vtt = directory + "/b.vtt", mkv = directory + "/show.mkv"
        try MediaFixtures.write(Self.srt, to: srt)
        try MediaFixtures.write(Self.vtt, to: vtt)
        try MediaFixtures.run(["-nostdin", "-v", "error", "-y", "-i", srt, ass])
        try MediaFixtures.run(["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=black:s=64x36:r=25:d=3", "-i", srt, "-i", ass,
                               "-i", vtt, "-attach", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "-metadata:s:t:0", "mimetype=font/ttf",
                               "-map", "0", "-map", "1", "-map", "2", "-map", "3", "-c:v", "libx264", "-preset", "ultrafast", "-c:s", "copy",
                               "-metadata:s:s:0", "language=eng", "-metadata:s:s:1", "language=jpn", "-metadata:s:s:1", "title=Signs",
                               "-metadata:s:s:2", "language=fre", "-disposition:s:0", "default", "-disposition:s:1", "forced",
                               "-disposition:s:2", "hearing_impaired", mkv])
        return mkv
    }

    @Test func inventoryOfAMatroskaFile() throws {
        do {
            let directory = try MediaFixtures.directory("probe-mkv")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let mkv = try Self.makeMKV(directory)
            let inventory = try FFmpeg.locate().inventory(of: mkv)
            #expect(inventory.containerFormat == "matroska,webm")
            #expect(inventory.duration == MediaTime(seconds: 3))
            #expect(inventory.subtitleStreams == [
                .init(index: 1, subtitleIndex: 0, codec: "subrip", language: "eng", title: nil, dispositions: [.default]),
                .init(index: 2, subtitleIndex: 1, codec: "ass", language: "jpn", title: "Signs", dispositions: [.forced]),
                .init(index: 3, subtitleIndex: 2, codec: "webvtt", language: "fre", title: nil, dispositions: [.hearingImpaired]),
            ])
            #expect(inventory.attachments == [.init(index: 4, fileName: "DejaVuSans.ttf", mimeType: "font/ttf")])
            #expect(inventory.attachments[0].isFont)
            #expect(inventory.videoStreams == [.init(index: 0, codec: "h264", frameRate: Fraction(25), carriesClosedCaptions: false)])

            // Each text stream's own bytes, as it is in the file.
            let ffmpeg = try FFmpeg.locate()
            let srt = String(decoding: try ffmpeg.extractText(inventory.subtitleStreams[0], from: mkv, how: .copy(muxer: "srt")), as: UTF8.self)
            #expect(srt == Self.srt + "\n")
            let vtt = String(decoding: try ffmpeg.extractText(inventory.subtitleStreams[2], from: mkv, how: .copy(muxer: "webvtt")), as: UTF8.self)
            #expect(vtt == "WEBVTT\n\n00:00.500 --> 00:01.500 line:10%\nBonjour <b>toi</b>\n\n00:02.000 --> 00:02.500\nDeux\n")
            let ass = String(decoding: try ffmpeg.extractText(inventory.subtitleStreams[1], from: mkv, how: .copy(muxer: "ass")), as: UTF8.self)
            #expect(ass.hasPrefix("[Script Info]"))
            #expect(ass.contains("Dialogue: 0,0:00:00.50,0:00:01.50,Default,,0,0,0,,Hello {\\i1}there{\\i0}"))

            // The font comes out byte for byte.
            let fonts = try ffmpeg.extractFonts(inventory, to: directory)
            #expect(fonts == [directory + "/DejaVuSans.ttf"])
            #expect(FileManager.default.contentsEqual(atPath: fonts[0], andPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        }
    }

    /// tx3g in MP4: ffmpeg's decoder and SubRip encoder keep bold and italic as SRT markup.
    @Test func movTextComesOutAsSubRipWithItsStyles() throws {
        do {
            let directory = try MediaFixtures.directory("probe-mp4")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let srt = directory + "/a.srt", mp4 = directory + "/show.mp4"
            try MediaFixtures.write(Self.srt, to: srt)
            try MediaFixtures.run(["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=black:s=64x36:r=25:d=3", "-i", srt,
                                   "-c:v", "libx264", "-preset", "ultrafast", "-c:s", "mov_text", "-metadata:s:s:0", "language=spa", mp4])
            let ffmpeg = try FFmpeg.locate()
            let inventory = try ffmpeg.inventory(of: mp4)
            #expect(inventory.subtitleStreams.map(\.codec) == ["mov_text"])
            #expect(inventory.subtitleStreams[0].language == "spa")
            let text = String(decoding: try ffmpeg.extractText(inventory.subtitleStreams[0], from: mp4, how: .convert(encoder: "srt", muxer: "srt")),
                              as: UTF8.self)
            #expect(text == Self.srt + "\n")
        }
    }

    /// A/53 caption data written into H.264 SEI, read back through ffmpeg's movie source: every
    /// picture's triplets at its frame, in presentation order, also when B-frames reorder them.
    @Test(arguments: [("mp4", false, false), ("ts", false, false), ("mp4", true, false), ("mp4", false, true), ("ts", false, true)])
    func a53DataComesBackFrameExact(container: String, bFrames: Bool, hevc: Bool) throws {
        do {
            let directory = try MediaFixtures.directory("probe-a53-\(container)-\(bFrames)-\(hevc)")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/cc.\(container)"
            // Picture n carries its own number in a field-1 pair, and field-2 padding.
            try MediaFixtures.a53Video(path, frames: 41, bFrames: bFrames, hevc: hevc) { n in [(0xFC, 0x80 | UInt8(n), 0x80), (0xF9, 0x80, 0x80)] }
            let ffmpeg = try FFmpeg.locate()
            let inventory = try ffmpeg.inventory(of: path)
            #expect(inventory.videoStreams.first?.codec == (hevc ? "hevc" : "h264"))
            #expect(inventory.videoStreams.first?.carriesClosedCaptions == true)
            nonisolated(unsafe) var reached: [MediaTime] = []
            let data = try ffmpeg.scanA53(path, inventory: inventory) { reached.append($0) }
            #expect(data.packets.count == 41)
            #expect(data.unreadablePackets == 0)
            for (n, packet) in data.packets.enumerated() {
                #expect(packet.time == MediaTime(value: Int64(n) * 1001, timescale: 30000), "picture \(n)")
                #expect(packet.triplets == [0xFC, 0x80 | UInt8(n), 0x80, 0xF9, 0x80, 0x80], "picture \(n)")
            }
            #expect(CCData.dtvccServices(inPictures: data.packets.map(\.triplets)) == [])
            #expect(!reached.isEmpty)
        }
    }

    @Test func failuresSayWhy() throws {
        do {
            #expect(throws: LegibleError(.missingComponent, "ffmpeg is not installed or not on PATH: install the Debian package ffmpeg (apt-get install ffmpeg), or run scripts/setup.sh")) {
                try FFmpeg.locate(environment: ["PATH": "/nonexistent"])
            }
            let directory = try MediaFixtures.directory("probe-bad")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let bad = directory + "/broken.mkv"
            try MediaFixtures.write("not a video at all\n", to: bad)
            do throws(LegibleError) {
                _ = try FFmpeg.locate().inventory(of: bad)
                Issue.record("a broken file was probed")
            } catch {
                #expect(error.code == .unreadableInput)
                #expect(error.message.hasPrefix("ffprobe failed on \(bad) (exit status 1): "))
                #expect(error.message.contains("Invalid data found when processing input"), "ffprobe's own words: \(error.message)")
            }
        }
    }
}
