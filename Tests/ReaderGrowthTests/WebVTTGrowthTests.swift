import Testing
import WebVTT
import TextScanning
import TestSupport

/// WebVTT shapes read at n and 8n: the reader (blocks, settings, cue text, style sheets) must stay
/// linear in each.
@Suite struct WebVTTGrowthTests {
    static let cue = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n"
    static let shapes: [GrowthShape] = [
        GrowthShape("cues", 320, { LinearGrowth.repeated("00:00:01.000 --> 00:00:02.000 align:start line:10%\n<v Fred>Hi <c.a.b>there</c></v>\n\n", $0, head: "WEBVTT\n\n") }),
        GrowthShape("one cue of many lines", 2_000, { LinearGrowth.repeated("another line of the cue\n", $0, head: cue) }),
        GrowthShape("nested tags", 2_000, { LinearGrowth.repeated("<i><b><c.x>", $0, head: cue, tail: "x\n") }),
        GrowthShape("unmatched close tags", 2_000, { LinearGrowth.repeated("a</i>", $0, head: cue, tail: "\n") }),
        GrowthShape("many classes", 2_000, { LinearGrowth.repeated(".cls", $0, head: cue + "<c", tail: ">x</c>\n") }),
        GrowthShape("inline timestamps", 2_000, { LinearGrowth.repeated("a<00:00:01.500>", $0, head: cue, tail: "\n") }),
        GrowthShape("references", 2_000, { LinearGrowth.repeated("&amp;&#x41;&bogus;&lt", $0, head: cue, tail: "\n") }),
        GrowthShape("unterminated tag", 2_000, { LinearGrowth.repeated("a b c ", $0, head: cue + "<c", tail: "\n") }),
        GrowthShape("many settings", 340, { LinearGrowth.repeated(" align:start bogus:1 line:x", $0, head: "WEBVTT\n\n00:00:01.000 --> 00:00:02.000", tail: "\nx\n") }),
        GrowthShape("rejected cues", 1_200, { LinearGrowth.repeated("00:00:0x.000 --> 00:00:02.000\nx\n\n", $0, head: "WEBVTT\n\n") }),
        GrowthShape("note blocks", 1_000, { LinearGrowth.repeated("NOTE a comment\nmore\n\n", $0, head: "WEBVTT\n\n") }),
        GrowthShape("regions", 160, { n in
            var s = "WEBVTT\n\n"
            for k in 0..<n { s += "REGION\nid:r\(k) width:40% lines:3\n\n" }
            for k in 0..<n { s += "00:00:01.000 --> 00:00:02.000 region:r\(k)\nx\n\n" }
            return Array(s.utf8)
        }),
        GrowthShape("style rules", 63, { n in
            var s = "WEBVTT\n\nSTYLE\n"
            for k in 0..<n { s += "::cue(.c\(k)) { color: red; font-weight: bold }\n" }
            s += "\n"
            for k in 0..<n { s += "00:00:01.000 --> 00:00:02.000\n<c.c\(k)>x</c>\n\n" }
            return Array(s.utf8)
        }),
        GrowthShape("one style block of many declarations", 400, { LinearGrowth.repeated("color: red; ", $0, head: "WEBVTT\n\nSTYLE\n::cue { ", tail: "}\n\n00:00:01.000 --> 00:00:02.000\nx\n") }),
        GrowthShape("unclosed style comment", 860, { LinearGrowth.repeated("::cue { color: red } ", $0, head: "WEBVTT\n\nSTYLE\n/* ", tail: "\n") }),
        GrowthShape("header lines", 1_300, { LinearGrowth.repeated("Kind: captions\n", $0, head: "WEBVTT\n", tail: "\n00:00:01.000 --> 00:00:02.000\nx\n") }),
        GrowthShape("one long line", 20_000, { LinearGrowth.repeated("word ", $0, head: cue, tail: "\n") }),
    ]

    @Test(arguments: shapes)
    func readsInLinearTime(_ shape: GrowthShape) {
        let ratio = LinearGrowth.ratio(n: shape.n, make: shape.make) { _ = WebVTTReader().read($0) }
        #expect(ratio < LinearGrowth.bound, "\(shape.name): 8 times the input took \(ratio) times as long")
    }
}
