import Foundation
import Testing
import TestSupport
import Legible
@testable import LegibleCLI

/// Media files as every command's input, and `legible probe`, with the real ffmpeg.
@Suite(.serialized) struct MediaCommandTests {
    static let english = "1\n00:00:00,500 --> 00:00:01,500\nHELLO WORLD\n"
    static let french = "WEBVTT\n\n00:00:00.500 --> 00:00:01.500\nBonjour\n"

    /// A 320×240 black clip, 2 s at 25 fps, with an English SRT (default), a Japanese ASS
    /// ("Signs", forced) and a French WebVTT (hearing impaired) track, and a font attached.
    static func makeMKV(_ directory: String) throws -> String {
        let srt = directory + "/en.srt", ass = directory + "/ja.ass", vtt = directory + "/fr.vtt", mkv = directory + "/show.mkv"
        try MediaFixtures.write(english, to: srt)
        try MediaFixtures.write(french, to: vtt)
        try MediaFixtures.run(["-nostdin", "-v", "error", "-y", "-i", srt, ass])
        try MediaFixtures.run(["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=black:s=320x240:r=25:d=2", "-i", srt, "-i", ass,
                               "-i", vtt, "-attach", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "-metadata:s:t:0", "mimetype=font/ttf",
                               "-map", "0", "-map", "1", "-map", "2", "-map", "3", "-c:v", "libx264", "-preset", "ultrafast", "-c:s", "copy",
                               "-metadata:s:s:0", "language=eng", "-metadata:s:s:1", "language=jpn", "-metadata:s:s:1", "title=Signs",
                               "-metadata:s:s:2", "language=fre", "-disposition:s:0", "default", "-disposition:s:1", "forced",
                               "-disposition:s:2", "hearing_impaired", mkv])
        return mkv
    }

    /// 2 s of H.264 in MPEG-TS whose A/53 data holds a pop-on "HI" on CC3 (frames 15 to 30) and 708 service 2 data.
    static func makeBroadcast(_ directory: String) throws -> String {
        let path = directory + "/broadcast.ts"
        let field2: [Int: (UInt8, UInt8)] = [10: (0x94, 0x20), 11: (0x94, 0x20), 12: (0x94, 0x70), 13: (0x94, 0x70),
                                             14: (0xC8, 0x49), 15: (0x94, 0x2F), 16: (0x94, 0x2F), 30: (0x94, 0x2C), 31: (0x94, 0x2C)]
        try MediaFixtures.a53Video(path, frames: 60) { n in
            let two = field2[n] ?? (0x80, 0x80)
            var triplets: [(UInt8, UInt8, UInt8)] = [(0xFC, 0x80, 0x80), (0xFD, two.0, two.1)]
            if n == 5 { triplets += [(0xFF, 0x02, 0x42), (0xFE, 0x41, 0x42)] }
            return triplets
        }
        return path
    }

    var readsASS: Bool { CaptionFormat.substationAlpha.canRead }

    @Test func probeListsWhatTheFileCarries() throws {
        do {
            let directory = try MediaFixtures.directory("cli-probe")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let mkv = try Self.makeMKV(directory)
            let run = Run(["probe", mkv])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == """
                \(mkv): matroska,webm, 2.0 s
                subtitle streams:
                  s:0: subrip, en, default — read as SubRip
                  s:1: ass, ja, "Signs", forced — \(readsASS ? "read as \(CaptionFormat.substationAlpha.name)" : "not read: SubStation Alpha (ASS/SSA): reading it is not supported yet")
                  s:2: webvtt, fr, hearing impaired — read as WebVTT
                video stream 0: h264, 25 fps
                  A/53 captions: none in the first 120 frames; not decoded (--a53 always decodes the whole video)
                attachments:
                  DejaVuSans.ttf (font/ttf, font)

                """)

            let broadcast = try Self.makeBroadcast(directory)
            let text = Run(["probe", broadcast])
            #expect(text.stdout.contains("""
                video stream 0: h264, 29.97 fps
                  A/53 captions: 60 pictures carry caption data
                  CEA-608: CC3 (1 caption)
                  CEA-708: no service shows text; service 2 carries data but shows nothing
                """), "\(text.stdout)")
            let json = Run(["probe", broadcast, "--json"])
            #expect(json.status == 0)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let video = try #require((object["videoStreams"] as? [[String: Any]])?.first)
            #expect(video["closedCaptionsFlag"] as? Bool == true)
            let a53 = try #require(video["a53"] as? [String: Any])
            #expect(a53["cea708Services"] as? [Int] == [2])
            #expect((a53["cea608"] as? [[String: Any]])?.map { $0["channel"] as? String } == ["CC3"])
            #expect(object["container"] as? String == "mpegts")

            let never = Run(["probe", broadcast, "--a53", "never"])
            #expect(never.stdout.contains("A/53 captions: seen in the first frames; not decoded"))
            #expect(Run(["probe", broadcast, "--a53", "sometimes"]).status == 2)
            let srt = directory + "/en.srt"
            #expect(Run(["probe", srt]).stderr == "legible probe: \(srt) is a caption file (SubRip), not a media file: 'legible info \(srt)' describes it\n")
        }
    }

    @Test func everyCommandReadsAnEmbeddedTrack() throws {
        do {
            let directory = try MediaFixtures.directory("cli-commands")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let mkv = try Self.makeMKV(directory)

            // No --track: the selection rules pick the default stream, and say so.
            let plain = Run(["dump", mkv])
            #expect(plain.status == 0)
            #expect(plain.stdout.contains("track s:0: subtitles, language en, 1 cue"))
            #expect(plain.stderr.hasPrefix("legible dump: \(mkv): reading track s:0 (en, default), chosen by the track-selection rules: "), "\(plain.stderr)")
            #expect(plain.stderr.contains("--track picks another (s:0, s:1, s:2)"))

            // --track by language; the JSON carries the stream's identity.
            let french = Run(["dump", mkv, "--track", "fr", "--json"])
            #expect(french.status == 0, "\(french.stderr)")
            #expect(french.stderr == "")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(french.stdout.utf8)) as? [String: Any])
            #expect(object["format"] as? String == "webvtt")
            let track = try #require((object["tracks"] as? [[String: Any]])?.first)
            #expect(track["id"] as? String == "s:2" && track["language"] as? String == "fr")
            let cues = try #require(track["cues"] as? [[String: Any]])
            #expect(cues.map { $0["text"] as? String } == ["Bonjour"] && cues.map { $0["start"] as? Double } == [0.5])

            let info = Run(["info", mkv, "--track", "s:2"])
            #expect(info.stdout.hasPrefix("\(mkv)#s:2: webvtt, UTF-8\ntrack s:2: subtitles, language fr, 1 cue, 00:00:00.500 to 00:00:01.500\n"), "\(info.stdout)")
            #expect(Run(["timeline", mkv, "--track", "s:0"]).stdout == "0.0\t(nothing)\n0.5\t1\n1.5\t(nothing)\n")
            let out = directory + "/fr.srt"
            #expect(Run(["convert", mkv, "--track", "s:2", "-o", out]).status == 0)
            #expect(readFile(out) == "1\n00:00:00,500 --> 00:00:01,500\nBonjour\n")

            // What is not there is a usage error that names what is (as for any source's --track).
            let missing = Run(["dump", mkv, "--track", "CC1"])
            #expect(missing.status == 2)
            #expect(missing.stderr.hasPrefix("legible dump: \(mkv) has no caption track 'CC1': it has s:0 (subrip, en), s:1 (ass, ja)\(readsASS ? "" : " unreadable"), s:2 (webvtt, fr)\nusage: legible dump"))
            if !readsASS {
                #expect(Run(["dump", mkv, "--track", "s:1"]).stderr == "legible dump: track s:1 of \(mkv) cannot be read: SubStation Alpha (ASS/SSA): reading it is not supported yet\n")
            }
            // validate names the track it checked.
            let validate = Run(["validate", mkv, "--track", "s:2", "--format", "json"])
            #expect(validate.status == 0, "\(validate.stdout)")
            #expect(validate.stdout.contains("\"path\": \"\(mkv)#s:2\""), "\(validate.stdout)")
            // validate never fixes a media file in place.
            let inPlace = Run(["validate", mkv, "--fix", "--in-place", "--format", "json"])
            #expect(inPlace.status == 2)
            #expect(inPlace.stdout.contains("--in-place would write captions over the media file"))

            // tracks: every embedded track is an option with its dispositions.
            let tracks = Run(["tracks", mkv, "--prefer", "fr", "--mode", "always-on"])
            #expect(tracks.status == 0, "\(tracks.stderr)")
            #expect(tracks.stdout.contains("  \(mkv)#s:0: English, en, subtitles, default\n"))
            #expect(tracks.stdout.contains("* \(mkv)#s:2: French (SDH), fr, subtitles, SDH\n"))
            #expect(tracks.stdout.contains("\(mkv)#s:1: Signs [Japanese (Forced)], ja, subtitles, forced\(readsASS ? "" : ", unavailable")\n"))
            #expect(tracks.stdout.contains("selected: \(mkv)#s:2\n"))
        }
    }

    @Test func a53CaptionsInEveryCommand() throws {
        do {
            let directory = try MediaFixtures.directory("cli-a53")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let broadcast = try Self.makeBroadcast(directory)
            let start = MediaTime(value: 15 * 1001, timescale: 30000), end = MediaTime(value: 30 * 1001, timescale: 30000)
            let timeline = Run(["timeline", broadcast, "--track", "CC3"])
            #expect(timeline.status == 0, "\(timeline.stderr)")
            #expect(timeline.stdout == "0.0\t(nothing)\n\(start.secondsText)\t#0\n\(end.secondsText)\t(nothing)\n")
            let dump = Run(["dump", broadcast])
            #expect(dump.stdout.contains("track CC3: captions, language unknown, 1 cue"), "the only channel with text: \(dump.stdout)")
            let service = Run(["dump", broadcast, "--track", "SERVICE2"])
            #expect(service.status == 2)
            // Its only block writes text before any window is defined: nothing is shown.
            #expect(service.stderr.hasPrefix("legible dump: CEA-708 service 2 carries data in \(broadcast), but none of it is shown (no window with text is displayed)\n"))
            #expect(Run(["dump", broadcast, "--track", "SERVICE1"]).stderr.contains("has no caption track 'SERVICE1'"))
            let scc = directory + "/cc3.scc"
            #expect(Run(["convert", broadcast, "--track", "CC3", "-o", scc]).status == 0)
            // Written as pop-on SCC, it reads back to the same text at the same time.
            let back = Run(["dump", scc])
            #expect(back.stdout.contains("#0  \(clock(start)) --> \(clock(end))"), "\(back.stdout)")
            #expect(back.stdout.contains("  HI\n"))
        }
    }

    /// `dump --disassemble` of a video's 608 channel lists its field's pairs picture by picture,
    /// with their times, in the notation of SCC listings (it printed nothing: a channel decoded
    /// from a video has no SCC text). Here the doubled EOCs, sent once a picture, with the
    /// padding slot between them that made the decoder act on both.
    @Test func disassemblesAVideosChannel() throws {
        do {
            let directory = try MediaFixtures.directory("cli-disassemble")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let film = directory + "/film.ts"
            try MediaFixtures.doubledEOCBroadcast(film)
            let cc1 = Run(["dump", film, "--track", "CC1", "--disassemble"])
            #expect(cc1.status == 0, "\(cc1.stderr)")
            #expect(cc1.stderr == "")
            // Picture n is at n × 1001/24000 s: RCL at 10 and 11, the PAC (row 15, indent 0) at
            // 12 and 13, the text, the EOC at 28 (1.168 s) and, after the padding slot, at 29.
            #expect(cc1.stdout == """
                00:00:00.417\t{RCL}{}
                00:00:00.459\t{RCL}{}
                00:00:00.501\t{1500}{}
                00:00:00.542\t{1500}{}
                00:00:00.584\tI'{}
                00:00:00.626\tM {}
                00:00:00.667\tON{}
                00:00:00.709\t T{}
                00:00:00.751\tHE{}
                00:00:00.792\t A{}
                00:00:00.834\tIR{}
                00:00:01.168\t{EOC}{}
                00:00:01.210\t{EOC}{}
                00:00:02.503\t{RCL}{}
                00:00:02.544\t{RCL}{}
                00:00:02.586\t{1500}{}
                00:00:02.628\t{1500}{}
                00:00:02.669\tOK{}
                00:00:03.462\t{EOC}{}
                00:00:03.504\t{EOC}{}
                00:00:04.171\t{EDM}{}
                00:00:04.213\t{EDM}{}

                """)
            // Field 2, with the channel of each code.
            let cc3 = Run(["dump", film, "--track", "CC3", "--disassemble", "--channels"])
            #expect(cc3.status == 0, "\(cc3.stderr)")
            let lines = cc3.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 23)
            #expect(lines.first == "00:00:00.417\t{CC3|RCL}{}")
            #expect(lines.filter { $0.contains("{CC3|EOC}") } == ["00:00:01.168\t{CC3|EOC}{}", "00:00:01.210\t{CC3|EOC}{}",
                                                                  "00:00:03.462\t{CC3|EOC}{}", "00:00:03.504\t{CC3|EOC}{}"])
            #expect(lines.contains("00:00:02.711\tI.{}"))
            // tracks, info and dump name a channel as what it is (they said "Unknown language (CC)
            // [Unknown language (CC) (CC)]" and "scc, unknown encoding").
            let tracks = Run(["tracks", film])
            let info = Run(["info", film, "--track", "CC1"])
            #expect(tracks.stdout.contains("  \(film)#CC1: CC1, language unknown, captions\n"), "\(tracks.stdout)")
            #expect(info.stdout.hasPrefix("\(film)#CC1: CEA-608 CC1, decoded from the video's caption data (A/53)\n"), "\(info.stdout)")
            #expect(Run(["dump", film, "--track", "CC1"]).stdout.hasPrefix("format: CEA-608 CC1\nencoding: decoded from the video's caption data (A/53)\n"))
            // A caption file's listing is as it was: its SCC lines.
            let scc = directory + "/cc1.scc"
            #expect(Run(["convert", film, "--track", "CC1", "-o", scc]).status == 0)
            #expect(Run(["dump", scc, "--disassemble"]).stdout.hasPrefix("00:00:"))
        }
    }

    /// A video whose A/53 data carries a CEA-708 service beside 608: the service is a track
    /// (`SERVICE1`) in every command, its window's text and times as the packets say.
    @Test func cea708ServicesAreTracks() throws {
        do {
            let directory = try MediaFixtures.directory("cli-708")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            for container in ["ts", "mp4"] {
            let video = directory + "/dtvcc.\(container)"
            // Picture 10: window 0 defined hidden with its text; 20: shown; 40: hidden. Bytes made
            // by hand from CEA-708-E's tables: DF0 (0x98) with 6 parameters, "HELLO 708", DSW, HDW.
            let packets: [Int: [UInt8]] = [
                10: [0x98, 0x00, 0x4A, 0x68, 0x71, 0x1F, 0x09] + Array("HELLO 708".utf8),
                20: [0x89, 0x01],
                40: [0x8A, 0x01],
            ]
            var sequence = 0
            try MediaFixtures.a53Video(video, frames: 60) { n in
                var triplets: [(UInt8, UInt8, UInt8)] = [(0xFC, 0x80, 0x80), (0xFD, 0x80, 0x80)]
                if let data = packets[n] {
                    // One service block (service 1) in one packet, padded to an even length.
                    var packet = [UInt8(0x20 | data.count)] + data
                    if packet.count % 2 == 0 { packet.append(0) }
                    packet.insert(UInt8(sequence << 6) | UInt8((packet.count + 1) / 2), at: 0)
                    sequence = (sequence + 1) % 4
                    for k in stride(from: 0, to: packet.count, by: 2) {
                        triplets.append((k == 0 ? 0xFF : 0xFE, packet[k], k + 1 < packet.count ? packet[k + 1] : 0))
                    }
                }
                return triplets
            }
            let probe = Run(["probe", video])
            #expect(probe.stdout.contains("  CEA-708: SERVICE1 (1 caption)\n"), "\(probe.stdout)")
            let tracks = Run(["tracks", video])
            #expect(tracks.stdout.contains("\(video)#SERVICE1"), "\(tracks.stdout)")
            let dump = Run(["dump", video, "--track", "SERVICE1", "--json"])
            #expect(dump.status == 0, "\(dump.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
            let cue = try #require(((object["tracks"] as? [[String: Any]])?.first?["cues"] as? [[String: Any]])?.first)
            #expect(cue["text"] as? String == "HELLO 708")
            let frame = 1001.0 / 30000
            #expect(abs((cue["start"] as? Double ?? 0) - 20 * frame) < 0.001)
            #expect(abs((cue["end"] as? Double ?? 0) - 40 * frame) < 0.001)
            let listing = Run(["dump", video, "--track", "SERVICE1", "--disassemble"])
            #expect(listing.stdout.contains("S1: {DF0:hidden,anchor=7@(74,104),rows=2,cols=32,priority=0,ws=1,ps=1}\"HELLO 708\""), "\(listing.stdout)")
            #expect(listing.stdout.contains("S1: {DSW:00000001}"))
            let info = Run(["info", video, "--track", "SERVICE1"])
            #expect(info.stdout.hasPrefix("\(video)#SERVICE1: CEA-708 SERVICE1, decoded from the video's caption data (A/53)\n"), "\(info.stdout)")
            // Drawn: the window's black fill and white text in the lower part of the frame.
            let png = directory + "/frame.png"
            let render = Run(["render", video, "--track", "SERVICE1", "--at", "1", "--size", "640x360", "-o", png])
            #expect(render.status == 0, "\(render.stderr)")
            #expect(FileManager.default.fileExists(atPath: png))
            }
        }
    }

    /// shaka-player's `captions-test.ts` (../shared/conformance/cea708): no upstream 708
    /// expectation exists; these are the windows its packets define (read from `--disassemble`:
    /// DF0 at (0,0), DF1 at row 30 with SPL indents, DF0 at row 65), each shown by a TGW and
    /// removed by the next TGW or DLW.
    @Test(.enabled(if: SharedConformance.isAvailable, "../shared/conformance is not beside this checkout: skipped"))
    func shakasSampleDecodesToItsThreeWindows() throws {
        let sample = SharedConformance.root! + "/cea708/captions-test.ts"
        let dump = Run(["dump", sample, "--track", "SERVICE1", "--json"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let cues = try #require((object["tracks"] as? [[String: Any]])?.first?["cues"] as? [[String: Any]])
        #expect(cues.map { ($0["text"] as? String ?? "").replacingOccurrences(of: "\u{A0}", with: " ") } == [
            "These are 708 captions\n(top left)",
            "     These are 708 captions\n              (middle)",
            "These are 708 captions\n(bottom left)",
        ])
        #expect(cues.map { (($0["start"] as? Double ?? 0) * 1000).rounded() } == [133, 5205, 12212])
        #expect(cues.map { (($0["end"] as? Double ?? 0) * 1000).rounded() } == [4872, 11879, 19219])
        // Its packets skip sequence numbers four times: said, decoded on.
        let said = dump.stdout + dump.stderr
        #expect(said.components(separatedBy: "cea708.sequence-gap").count - 1 == 4, "\(said)")
    }

    /// `burn` with no -s: the track the rules pick is drawn (and named); its pixels are there.
    @Test func burnsTheTrackTheRulesPick() throws {
        do {
            let directory = try MediaFixtures.directory("cli-burn")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let mkv = try Self.makeMKV(directory)
            let output = directory + "/out.mkv"
            let run = Run(["burn", mkv, "-o", output, "--ffmpeg-args", "-c:v ffv1", "--progress", "none"])
            #expect(run.status == 0, "\(run.stderr)")
            // One message says which track, why (the rules' own reason), and that it is not left
            // in as a soft track (players would show it twice), no other becoming the default.
            let lines = run.stderr.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "\(run.stderr)")
            let said = try #require(lines.first)
            #expect(said.hasPrefix("legible burn: burning \(mkv)'s track s:0 (en, default), chosen by the track-selection rules: "), "\(said)")
            #expect(said.contains("--track picks another (s:0, s:1, s:2). It is left out of \(output)'s subtitle streams, so that players do not show it twice: s:1, s:2 are copied, none made default in its place"), "\(said)")
            #expect(lines.last == "legible burn: burned \(mkv)#s:0 into 50 frames of \(output)", "\(run.stderr)")
            let streams = String(decoding: try MediaFixtures.probe(["-v", "error", "-select_streams", "s", "-show_entries",
                                                                    "stream=codec_name:stream_disposition=default", "-of", "csv=p=0", output]), as: UTF8.self)
            #expect(streams == "ass,0\nwebvtt,0\n", "\(streams)")
            let before = try luma(output, frame: 5), during = try luma(output, frame: 25)
            #expect(before.max() ?? 255 < 40)
            #expect(during[(160 * 320)...].max() ?? 0 > 180, "HELLO WORLD's white ink in the bottom third")
            #expect(during[..<(120 * 320)].max() ?? 255 < 40, "and nothing in the top half")
            // --track names another: the French one, which starts at the same time.
            let french = Run(["burn", mkv, "--track", "fr", "-o", output, "--ffmpeg-args", "-c:v ffv1", "--progress", "none"])
            #expect(french.status == 0 && french.stderr.contains("legible burn: burned \(mkv)#s:2 into 50 frames"), "\(french.stderr)")
            #expect(french.stderr.hasPrefix("legible burn: burning \(mkv)'s track s:2 (fr, SDH), as --track fr names it. It is left out of \(output)'s subtitle streams, so that players do not show it twice: s:0, s:1 are copied"), "\(french.stderr)")
            // Into another container no subtitle stream is copied: said so, not "left out".
            let mp4 = directory + "/out.mp4"
            let other = Run(["burn", mkv, "-o", mp4, "--progress", "none"])
            #expect(other.status == 0, "\(other.stderr)")
            #expect(other.stderr.contains("--track picks another (s:0, s:1, s:2). Subtitle streams are copied only into a file of the input's own container (.mkv): \(mp4) gets none\n"), "\(other.stderr)")
            let copied = String(decoding: try MediaFixtures.probe(["-v", "error", "-select_streams", "s", "-show_entries", "stream=index", "-of", "csv=p=0", mp4]), as: UTF8.self)
            #expect(copied.isEmpty, "\(copied)")
            // No caption file and no caption of its own: a usage error.
            let clip = directory + "/plain.y4m"
            #expect(Run(["burn", clip, "-o", output]).status == 2)
        }
    }

    /// A video with no captions at all says so in every command, in the library's words (not
    /// "no caption track '(any)'"); `burn` adds how to give some, and without -s it is a usage error.
    @Test func aVideoWithoutCaptionsSaysSo() throws {
        do {
            let directory = try MediaFixtures.directory("cli-no-captions")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let video = directory + "/plain.mkv"
            try MediaFixtures.run(["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=black:s=64x36:r=25:d=1", "-c:v", "libx264",
                                   "-preset", "ultrafast", video])
            let none = "\(video) has no captions: no subtitle stream, and no closed captions (CEA-608) in its video"
            let burn = Run(["burn", video, "-o", directory + "/out.mkv", "--progress", "none"])
            #expect(burn.status == 2)
            #expect(burn.stderr.hasPrefix("legible burn: \(none); give the captions as a file: -s CAPTIONS\nusage: legible burn "), "\(burn.stderr)")
            let render = Run(["render", video, "--at", "0.5", "-o", directory + "/x.png"])
            #expect(render.status == 1 && render.stderr == "legible render: \(none)\n", "\(render.stderr)")
            let dump = Run(["dump", video])
            #expect(dump.status == 1 && dump.stderr == "legible dump: \(none)\n", "\(dump.stderr)")
            let validate = Run(["validate", video])
            #expect(validate.stdout.contains("\(video): error: \(none) [media.no-such-track]"), "\(validate.stdout)")
            for run in [burn, render, dump, validate] { #expect(!(run.stdout + run.stderr).contains("(any)")) }
        }
    }

    /// A font the renderer does not have (fonts-urw-base35's URW Gothic Demi, a geometric face
    /// unlike the DejaVu Sans libass falls back to), so that only the MKV's attachment can give it.
    static let attachedFont = "/usr/share/fonts/opentype/urw-base35/URWGothic-Demi.otf"

    /// A 320×240 black clip, 2 s at 25 fps, with an English SRT (s:0) and an English ASS track
    /// (s:1, default) whose one event, from 0.5 to 1.5 s, is "Gothic" in white at \pos(40,60)
    /// (top-left anchored) in the family `family`; with `attaching`, that font attached
    /// (`-attach`, MIME type font/otf), as Matroska files carry their ASS tracks' fonts.
    static func makeASSMKV(_ directory: String, name: String, family: String, attaching font: String?) throws -> String {
        let srt = directory + "/en.srt", ass = directory + "/signs.ass", mkv = directory + "/\(name).mkv"
        try MediaFixtures.write(english, to: srt)
        try MediaFixtures.write("""
            [Script Info]
            ScriptType: v4.00+
            PlayResX: 320
            PlayResY: 240
            WrapStyle: 2
            ScaledBorderAndShadow: yes

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
            Style: Sign,\(family),56,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,7,10,10,10,1

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
            Dialogue: 0,0:00:00.50,0:00:01.50,Sign,,0,0,0,,{\\pos(40,60)}Gothic

            """, to: ass)
        var arguments = ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=black:s=320x240:r=25:d=2", "-i", srt, "-i", ass]
        if let font { arguments += ["-attach", font, "-metadata:s:t:0", "mimetype=font/otf"] }
        arguments += ["-map", "0", "-map", "1", "-map", "2", "-c:v", "libx264", "-preset", "ultrafast", "-threads", "1", "-c:s", "copy",
                      "-metadata:s:s:0", "language=eng", "-metadata:s:s:1", "language=eng", "-metadata:s:s:1", "title=Signs",
                      "-disposition:s:0", "0", "-disposition:s:1", "default", mkv]
        try MediaFixtures.run(arguments)
        return mkv
    }

    /// `burn` of an MKV whose chosen track is ASS: libass draws the script itself, in the font only
    /// the MKV's attachment has. The ink is where the script's \pos puts it, and it is not the
    /// picture the same script gives without the attachment (libass's fallback, DejaVu Sans).
    @Test func burnsAnEmbeddedASSTrackWithTheFileAttachedFont() throws {
        do {
            let directory = try MediaFixtures.directory("cli-burn-ass")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let family = try #require(try FontFile(path: Self.attachedFont).familyName)
            #expect(family == "URW Gothic")
            #expect(!FontSet().files.contains { $0.familyName == family }, "the renderer's own fonts must not have it")
            let withFont = try Self.makeASSMKV(directory, name: "show", family: family, attaching: Self.attachedFont)
            let withoutFont = try Self.makeASSMKV(directory, name: "bare", family: family, attaching: nil)

            // Through the library: the ASS stream comes with the attachment, and the script libass draws has it.
            let media = try MediaCaptions(contentsOf: withFont)
            let read = try media.open(try #require(media.stream(named: "s:1")))
            #expect(read.attachedFonts.map { FontFile(data: $0.data, name: $0.name).familyName } == [family])
            let script = try #require(read.file.nativeScript)
            #expect(NativeASSScript(script, attachedFonts: read.attachedFonts).fonts.map(\.familyName) == [family])
            #expect(read.file.diagnostics.allSatisfy { $0.code != .mediaFontsNotRead })
            // A reader that only wants the text does not have them taken out.
            #expect(try media.open(try #require(media.stream(named: "s:1")), attachedFonts: false).attachedFonts.isEmpty)
            let bare = try MediaCaptions(contentsOf: withoutFont)
            #expect(try bare.open(try #require(bare.stream(named: "s:1"))).attachedFonts.isEmpty)

            func burn(_ mkv: String, _ output: String) -> Run {
                // Only the file's own fonts and Legible's: the family may be a system font too.
                Run(["burn", mkv, "-o", output, "--ffmpeg-args", "-c:v ffv1", "--progress", "none", "--no-system-fonts"])
            }
            let output = directory + "/out.mkv", fallbackOutput = directory + "/fallback.mkv"
            let run = burn(withFont, output)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("burning \(withFont)'s track s:1 (en, \"Signs\", default), chosen by the track-selection rules"), "\(run.stderr)")
            #expect(run.stderr.contains("legible burn: burned \(withFont)#s:1 into 50 frames of \(output)"), "\(run.stderr)")
            let before = try luma(output, frame: 5), during = try luma(output, frame: 25)
            #expect(before.max() ?? 255 < 40, "nothing before 0.5 s")
            // The ink's bounding box: \pos(40,60) with \an7 is the text's top-left corner.
            var minX = 320, minY = 240, maxX = -1, maxY = -1
            for y in 0..<240 { for x in 0..<320 where during[y * 320 + x] > 180 {
                minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
            } }
            #expect((38...52).contains(minX), "the ink starts at x 40 (found \(minX))")
            #expect((58...80).contains(minY), "the ink starts at y 60 (found \(minY))")
            #expect(maxY < 130 && maxX > 150, "one line of 56-pixel text to the right of x 40 (found \(minX),\(minY)–\(maxX),\(maxY))")
            #expect(during[(140 * 320)...].max() ?? 255 < 40, "and nothing at the bottom: the SRT track is not drawn")

            let fallback = burn(withoutFont, fallbackOutput)
            #expect(fallback.status == 0, "\(fallback.stderr)")
            let other = try luma(fallbackOutput, frame: 25)
            #expect(other[(50 * 320)..<(130 * 320)].max() ?? 0 > 180, "without the attachment the text is still drawn, in the fallback font")
            let differing = zip(during, other).filter { abs(Int($0) - Int($1)) > 100 }.count
            #expect(differing > 500, "the attached font's glyphs are not the fallback's: \(differing) pixels differ")
        }
    }

    /// `00:00:00.500` as dump prints times.
    func clock(_ t: MediaTime) -> String {
        let c = t.clockComponents(fractionScale: 1000)
        func two(_ n: UInt64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(c.hours)):\(two(c.minutes)):\(two(c.seconds)).\(String(repeating: "0", count: 3 - String(c.fraction).count))\(c.fraction)"
    }

    /// The luma plane of one frame, decoded by ffmpeg.
    func luma(_ path: String, frame: Int) throws -> [UInt8] {
        let bytes = try MediaFixtures.run(["-nostdin", "-v", "error", "-i", path, "-vf", "select=eq(n\\,\(frame))", "-frames:v", "1",
                                           "-pix_fmt", "gray", "-f", "rawvideo", "-"])
        #expect(bytes.count == 320 * 240)
        return bytes
    }
}
