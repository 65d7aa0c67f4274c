import Foundation
import Testing
import Legible
import LegibleCLI
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// One `--track` grammar: every id `legible tracks --format json` prints opens, as `--track`, the
/// track it names in dump, timeline, render and burn — for a Matroska file, a two-channel SCC
/// file and an ASS script — and the short spellings the library accepts name the same track.
@Suite(.serialized) struct TrackGrammarTests {
    /// The option ids `tracks --format json` prints for `input`.
    func ids(_ input: String) throws -> [String] {
        let run = Run(["tracks", input, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let options = try #require(json["options"] as? [[String: Any]])
        return options.compactMap { $0["id"] as? String }
    }

    /// The one track `dump --json --track id` reads: its id and the text of its cues.
    func dumped(_ input: String, track id: String) throws -> (id: String?, texts: [String]) {
        let run = Run(["dump", input, "--json", "--track", id])
        #expect(run.status == 0, "dump --track \(id): \(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let tracks = try #require(json["tracks"] as? [[String: Any]])
        #expect(tracks.count == 1, "dump --track \(id) reads one track")
        let track = try #require(tracks.first)
        return (track["id"] as? String, (track["cues"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String })
    }

    /// Every command takes every id: dump reads the one track, timeline lists its times, render
    /// draws it (ink where `inkAt` says, nothing at `blankAt`), burn burns it into a Y4M clip.
    func everyCommandTakes(_ input: String, _ id: String, texts: [String], inkAt: Double, blankAt: Double, video: String) throws {
        let read = try dumped(input, track: id)
        #expect(read.texts == texts, "dump --track \(id)")
        let timeline = Run(["timeline", input, "--track", id])
        #expect(timeline.status == 0 && timeline.stdout.hasPrefix("0.0\t(nothing)\n"), "timeline --track \(id): \(timeline.stderr)")
        let png = temporaryPath("grammar.png")
        defer { unlink(png) }
        for (time, ink) in [(inkAt, true), (blankAt, false)] {
            let render = Run(["render", input, "--track", id, "--at", "\(time)", "--size", "320x240", "--background", "black", "-o", png])
            #expect(render.status == 0, "render --track \(id): \(render.stderr)")
            let image = try PNGFile.read(png)
            #expect((brightPixels(image) > 0) == ink, "render --track \(id) at \(time) s: \(ink ? "ink" : "nothing") expected")
        }
        let burned = temporaryPath("grammar-out.y4m")
        defer { unlink(burned) }
        let burn = Run(["burn", video, "-s", input, "--track", id, "-o", burned, "--progress", "none"])
        #expect(burn.status == 0, "burn --track \(id): \(burn.stderr)")
    }

    func brightPixels(_ image: Bitmap) -> Int {
        var n = 0
        for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y).r > 128 { n += 1 } }
        return n
    }

    /// 3 s of black 320×240 Y4M, for burn.
    func blackClip() throws -> String {
        let path = temporaryPath("grammar-in.y4m")
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let writer = try Y4MWriter(descriptor: fd, header: Y4MHeader(width: 320, height: 240, frameRate: (25, 1), chroma: .yuv420))
        let black = [[UInt8](repeating: 16, count: 320 * 240), [UInt8](repeating: 128, count: 160 * 120), [UInt8](repeating: 128, count: 160 * 120)]
        for _ in 0..<75 { try writer.write(planes: black) }
        close(fd)
        return path
    }

    @Test func aTwoChannelSCCFile() throws {
        let scc = Fixtures.root + "/scc/two_channels.scc"
        let video = try blackClip()
        defer { unlink(video) }
        let all = try ids(scc)
        #expect(all == ["\(scc)#CC1", "\(scc)#CC2"])
        try everyCommandTakes(scc, all[0], texts: ["HI"], inkAt: 2, blankAt: 5.5, video: video)
        try everyCommandTakes(scc, all[1], texts: ["KO"], inkAt: 5.5, blankAt: 2, video: video)
        // The short spellings name the same tracks.
        for short in ["CC2", "cc2", "#CC2", "1", "#1"] {
            #expect(try dumped(scc, track: short).id == "CC2", "--track \(short)")
        }
        let missing = Run(["dump", scc, "--track", "CC3"])
        #expect(missing.status == 2 && missing.stderr.hasPrefix("legible dump: \(scc) has no caption track 'CC3': its tracks: \(all.joined(separator: ", "))"))
    }

    @Test func anASSScript() throws {
        let ass = Fixtures.root + "/ass/named_fonts.ass"
        let video = try blackClip()
        defer { unlink(video) }
        let all = try ids(ass)
        #expect(all == [ass], "one track: the file itself")
        let read = try dumped(ass, track: all[0])
        #expect(!read.texts.isEmpty)
        try everyCommandTakes(ass, all[0], texts: read.texts, inkAt: 2, blankAt: 0, video: video)
        #expect(try dumped(ass, track: "0").texts == read.texts)
    }

    @Test func aMatroskaFile() throws {
        do {
            let directory = try MediaFixtures.directory("grammar-mkv")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let mkv = try MediaCommandTests.makeMKV(directory)
            let video = try blackClip()
            defer { unlink(video) }
            let all = try ids(mkv)
            #expect(all == ["\(mkv)#s:0", "\(mkv)#s:1", "\(mkv)#s:2"])
            let texts = [["HELLO WORLD"], ["HELLO WORLD"], ["Bonjour"]]
            for (id, expected) in zip(all, texts) {
                try everyCommandTakes(mkv, id, texts: expected, inkAt: 1, blankAt: 0.2, video: video)
                #expect(try dumped(mkv, track: id).id == String(id.split(separator: "#").last!))
            }
            // The same file spelt another way, and the stream id alone.
            let spelt = directory + "/../" + (directory.split(separator: "/").last.map(String.init) ?? "") + "/./show.mkv"
            #expect(try dumped(mkv, track: "\(spelt)#s:2").id == "s:2")
            #expect(try dumped(mkv, track: "S:2").id == "s:2")
            #expect(Run(["dump", mkv, "--track", "/elsewhere/show.mkv#s:2"]).status == 2, "another file's track")
        }
    }
}
