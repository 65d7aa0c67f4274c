import Testing
import SubRip
import TextScanning
import TestSupport

/// Every SRT damage shape read at n and 8n: the reader must stay linear in each.
@Suite struct SubRipGrowthTests {
    static let shapes: [GrowthShape] = [
        GrowthShape("cues", 250, { n in
            var s = ""
            for k in 0..<n { s += "\(k + 1)\n00:00:\(k % 60 < 10 ? "0" : "")\(k % 60),000 --> 00:00:59,000\nLine <i>\(k)</i>\n\n" }
            return Array(s.utf8)
        }),
        // The reported case: one cue, then lines each after a blank line, each joining it.
        GrowthShape("text after blank lines", 1_000, { LinearGrowth.repeated("text after a blank line\n\n", $0, head: "1\n00:00:01,000 --> 00:00:02,000\nHello\n\n") }),
        GrowthShape("one cue of many lines", 2_000, { LinearGrowth.repeated("another line of the cue\n", $0, head: "1\n00:00:01,000 --> 00:00:02,000\n") }),
        GrowthShape("unknown tags on one line", 2_000, { LinearGrowth.repeated("a<x>", $0, head: "1\n00:00:01,000 --> 00:00:02,000\n", tail: "\n") }),
        GrowthShape("unmatched close tags", 2_000, { LinearGrowth.repeated("a</i>", $0, head: "1\n00:00:01,000 --> 00:00:02,000\n", tail: "\n") }),
        GrowthShape("unclosed override blocks", 2_000, { LinearGrowth.repeated("{\\an8 ", $0, head: "1\n00:00:01,000 --> 00:00:02,000\n", tail: "\n") }),
        GrowthShape("override blocks", 2_000, { LinearGrowth.repeated("{\\pos(1,2)}a", $0, head: "1\n00:00:01,000 --> 00:00:02,000\n", tail: "\n") }),
        GrowthShape("nested tags", 2_000, { LinearGrowth.repeated("<i><b>", $0, head: "1\n00:00:01,000 --> 00:00:02,000\n", tail: "x\n") }),
        GrowthShape("toggles", 810, { LinearGrowth.repeated("{\\i1}a{\\i0}", $0, head: "1\n00:00:01,000 --> 00:00:02,000\n", tail: "\n") }),
        GrowthShape("microdvd codes", 1_000, { LinearGrowth.repeated("{y:i}a\\N", $0, head: "1\n00:00:01,000 --> 00:00:02,000\n", tail: "\n") }),
        GrowthShape("references", 2_000, { LinearGrowth.repeated("&amp;&#x41;&bogus", $0, head: "1\n00:00:01,000 --> 00:00:02,000\n", tail: "\n") }),
        GrowthShape("unclosed tag starts", 2_000, { LinearGrowth.repeated("<i a", $0, head: "1\n00:00:01,000 --> 00:00:02,000\n", tail: "\n") }),
        GrowthShape("stray text before the first cue", 2_000, { LinearGrowth.repeated("not a cue\n", $0, tail: "1\n00:00:01,000 --> 00:00:02,000\nx\n") }),
        GrowthShape("missing blank lines", 540, { LinearGrowth.repeated("00:00:01,000 --> 00:00:02,000\nx\n", $0) }),
        GrowthShape("bad timestamps", 900, { LinearGrowth.repeated("1\n00:00:0x,000 --> 00:00:02,000\nx\n\ntrailing\n\n", $0) }),
        GrowthShape("short fractions", 340, { LinearGrowth.repeated("1\n00:00:01,5 --> 00:00:01,90\nx\n\n", $0) }),
        GrowthShape("damaged arrows", 470, { LinearGrowth.repeated("1\n00:00:01,000 - > 00:00:02,000\nx\n\n", $0) }),
        GrowthShape("arrows in text", 2_000, { LinearGrowth.repeated("1 -> 2 - > 3 --> ", $0, head: "1\n00:00:01,000 --> 00:00:02,000\n", tail: "\n") }),
        GrowthShape("out of order", 570, { n in
            var s = ""
            for k in 0..<n { s += "\(k)\n00:\(String(format2: (n - k) / 60 % 60)):\(String(format2: (n - k) % 60)),000 --> 01:00:00,000\nx\n\n" }
            return Array(s.utf8)
        }),
        GrowthShape("one long line", 20_000, { LinearGrowth.repeated("word ", $0, head: "1\n00:00:01,000 --> 00:00:02,000\n", tail: "\n") }),
        GrowthShape("no line ends", 20_000, { LinearGrowth.repeated("abc ", $0) }),
    ]

    @Test(arguments: shapes)
    func readsInLinearTime(_ shape: GrowthShape) {
        let ratio = LinearGrowth.ratio(n: shape.n, make: shape.make) { _ = SubRipReader().read($0) }
        #expect(ratio < LinearGrowth.bound, "\(shape.name): 8 times the input took \(ratio) times as long")
    }
}

extension String {
    /// Two digits, zero-padded.
    init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}
