import Foundation
import Testing
import TestSupport
import Legible
@testable import LegibleCLI

/// `legible segment` as a user runs it: files written, the EXT-X-MEDIA line printed, usage errors.
@Suite struct SegmentCommandTests {
    @Test func writesARenditionAndPrintsItsDeclaration() throws {
        let folder = NSTemporaryDirectory() + "legible-segment-cli-\(getpid())/en"
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let run = Run(["segment", Fixtures.root + "/demo/demo.en.srt", "--hls", folder, "--lang", "en", "--segment-duration", "4",
                       "--mpegts-offset", "900000"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"subs\",LANGUAGE=\"en\",NAME=\"English\",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI=\"en/subtitles.m3u8\"\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == ["segment-00000.vtt", "segment-00001.vtt", "segment-00002.vtt", "subtitles.m3u8"])
        let first = try String(contentsOfFile: folder + "/segment-00000.vtt", encoding: .utf8)
        #expect(first.hasPrefix("WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000\n"))
        #expect(run.stderr.contains("3 segments of 4 cues written"))
    }

    @Test func usageErrorsSayWhatIsWrong() {
        let srt = Fixtures.root + "/demo/demo.en.srt"
        #expect(Run(["segment", srt]).stderr.contains("segment needs --hls OUTDIR"))
        #expect(Run(["segment", srt, "--hls", "/tmp/x", "--segment-duration", "0"]).status == 2)
        #expect(Run(["segment", srt, "--hls", "/tmp/x", "--mpegts-offset", "-1"]).stderr.contains("--mpegts-offset takes 90 kHz ticks"))
    }
}
