import Testing
import SubStationAlpha
import TextScanning
import TestSupport

/// Every SubStation Alpha damage shape read at n and 8n: the reader must stay linear in each.
// Serialized: sixteen shapes side by side would load the machine that the other readers' growth
// suites measure on at the same time.
@Suite(.serialized) struct SubStationAlphaGrowthTests {
    static let header = "[Script Info]\nScriptType: v4.00+\nPlayResX: 1280\nPlayResY: 720\n\n[V4+ Styles]\nFormat: Name, Fontname, Fontsize, PrimaryColour, Alignment\nStyle: Default,Arial,40,&H00FFFFFF,2\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
    static let event = "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,"

    static let shapes: [GrowthShape] = [
        GrowthShape("events", 400, { n in
            var s = header
            for k in 0..<n { s += "Dialogue: 0,0:\(String(format2: k / 60 % 60)):\(String(format2: k % 60)).00,1:00:00.00,Default,,0,0,0,,{\\i1}Line{\\i0} \(k)\\Nsecond\n" }
            return Array(s.utf8)
        }),
        GrowthShape("events out of order", 400, { n in
            var s = header
            for k in 0..<n { s += "Dialogue: 0,0:\(String(format2: (n - k) / 60 % 60)):\(String(format2: (n - k) % 60)).00,1:00:00.00,Default,,0,0,0,,x\n" }
            return Array(s.utf8)
        }),
        GrowthShape("unclosed override blocks", 2_000, { LinearGrowth.repeated("{\\an8 ", $0, head: header + event, tail: "\n") }),
        GrowthShape("stray braces", 2_000, { LinearGrowth.repeated("a}", $0, head: header + event, tail: "\n") }),
        GrowthShape("override blocks", 2_000, { LinearGrowth.repeated("{\\pos(1,2)\\c&H0000FF&}a", $0, head: header + event, tail: "\n") }),
        GrowthShape("toggles", 2_000, { LinearGrowth.repeated("{\\i1}a{\\i0}b", $0, head: header + event, tail: "\n") }),
        GrowthShape("karaoke", 2_000, { LinearGrowth.repeated("{\\k10}ka", $0, head: header + event, tail: "\n") }),
        GrowthShape("nested animation", 2_000, { LinearGrowth.repeated("\\t(", $0, head: header + event + "{", tail: "}x\n") }),
        GrowthShape("comments in braces", 2_000, { LinearGrowth.repeated("{note}", $0, head: header + event, tail: "\n") }),
        GrowthShape("unknown styles", 400, { LinearGrowth.repeated("Dialogue: 0,0:00:01.00,0:00:02.00,Nobody,,0,0,0,,x\n", $0, head: header) }),
        GrowthShape("bad timestamps", 400, { LinearGrowth.repeated("Dialogue: 0,0:00:0x.00,0:00:02.00,Default,,0,0,0,,x\n", $0, head: header) }),
        GrowthShape("events before Format", 400, { LinearGrowth.repeated("Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,x\n", $0, head: "[Script Info]\n[Events]\n") }),
        GrowthShape("styles", 400, { n in
            var s = "[Script Info]\n[V4+ Styles]\nFormat: Name, Fontname, Fontsize\n"
            for k in 0..<n { s += "Style: S\(k),Arial,20\n" }
            s += "[Events]\nFormat: Start, End, Style, Text\n"
            for k in 0..<n { s += "Dialogue: 0:00:01.00,0:00:02.00,S\(k),x\n" }
            return Array(s.utf8)
        }),
        GrowthShape("attachment data", 2_000, { LinearGrowth.repeated("!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n", $0, head: "[Script Info]\n[Fonts]\nfontname: a.ttf\n") }),
        GrowthShape("stray lines", 2_000, { LinearGrowth.repeated("not a script line\n", $0, tail: header) }),
        GrowthShape("no line ends", 20_000, { LinearGrowth.repeated("abc ", $0, head: "[Script Info]\n") }),
    ]

    @Test(arguments: shapes)
    func readsInLinearTime(_ shape: GrowthShape) {
        let ratio = LinearGrowth.ratio(n: shape.n, make: shape.make) { _ = SubStationAlphaReader().read($0) }
        #expect(ratio < LinearGrowth.bound, "\(shape.name): 8 times the input took \(ratio) times as long")
    }
}
