import Testing
import TestSupport
@testable import LegibleCLI
#if canImport(Glibc)
import Glibc
#endif

/// A file past `LargeInputHeap.threshold` is read after the heap is grown and populated ahead (and,
/// for TTML, past 256 KiB, with its XML scanned in two halves): what `info` says of it must be what
/// the file holds. The heap is prepared once per process, so this is the test that exercises it.
@Suite struct LargeInputTests {
    @Test func aLargeTTMLFileReadsCompletely() throws {
        var body = ""
        for k in 0..<4_000 {
            let ms = k * 2_000
            func clock(_ t: Int) -> String {
                func padded(_ n: Int, _ width: Int) -> String {
                    let digits = String(n)
                    return String(repeating: "0", count: max(0, width - digits.count)) + digits
                }
                return "\(padded(t / 3_600_000, 2)):\(padded(t / 60_000 % 60, 2)):\(padded(t / 1_000 % 60, 2)).\(padded(t % 1_000, 3))"
            }
            body += "<p begin=\"\(clock(ms))\" end=\"\(clock(ms + 1_500))\" region=\"\(k % 3 == 0 ? "top" : "bottom")\">line \(k) &amp; more<br/><span tts:color=\"yellow\">words</span></p>\n"
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
            <head><layout><region xml:id="top" tts:origin="10% 10%" tts:extent="80% 20%"/>
            <region xml:id="bottom" tts:origin="10% 70%" tts:extent="80% 20%"/></layout></head>
            <body><div>
            \(body)</div></body></tt>
            """
        #expect(text.utf8.count > LargeInputHeap.threshold)
        let path = temporaryPath("large.ttml")
        writeFile(path, text)
        defer { unlink(path) }
        let run = Run(["info", path])
        #expect(run.status == 0)
        #expect(run.stdout.contains("track #0: subtitles, language en, 4000 cues, 00:00:00.000 to 02:13:19.500\n"), "\(run.stdout)")
        #expect(run.stdout.contains("4000 positioned, 4000 styled, 2 regions"), "\(run.stdout)")
    }
}
