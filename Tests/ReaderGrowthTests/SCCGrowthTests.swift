import Testing
import CEA608
import TextScanning
import TestSupport

/// SCC and CEA-608 shapes read at n and 8n: the decoder and the cue builder must stay linear.
@Suite struct SCCGrowthTests {
    static func timecode(_ frame: Int) -> String {
        let f = frame % 30, s = frame / 30 % 60, m = frame / 1800 % 60, h = frame / 108_000
        return "\(String(format2: h)):\(String(format2: m)):\(String(format2: s)):\(String(format2: f))"
    }

    static func lines(_ n: Int, step: Int = 90, _ codes: String) -> [UInt8] {
        var s = "Scenarist_SCC V1.0\n\n"
        for k in 0..<n { s += "\(timecode(k * step))\t\(codes)\n\n" }
        return Array(s.utf8)
    }

    static let shapes: [GrowthShape] = [
        GrowthShape("pop-on captions", 320, { lines($0, "94ae 94ae 9420 9420 94d0 94d0 c8e5 ecec ef80 942f 942f") }),
        GrowthShape("roll-up captions", 280, { lines($0, "9425 9425 94ad 94ad 9470 9470 c8e5 ecec ef80") }),
        GrowthShape("paint-on captions", 420, { lines($0, "9429 9429 9470 9470 c8e5 ecec ef80") }),
        GrowthShape("captions never erased", 420, { lines($0, "9420 9420 94d0 94d0 c8e5 ecec ef80 942f 942f") }),
        GrowthShape("one line of many pairs", 2_000, { n in
            Array(("Scenarist_SCC V1.0\n\n00:00:01:00\t9429 9429" + String(repeating: " c8e5 ecec ef80 94ad", count: n) + "\n").utf8)
        }),
        GrowthShape("one line of many control codes", 2_000, { n in
            Array(("Scenarist_SCC V1.0\n\n00:00:01:00\t" + String(repeating: "94d0 9470 ", count: n) + "\n").utf8)
        }),
        GrowthShape("bad words", 790, { lines($0, step: 3, "zzzz 12 94ae") }),
        GrowthShape("many timecodes out of order", 450, { n in
            var s = "Scenarist_SCC V1.0\n\n"
            for k in 0..<n { s += "\(timecode((n - k) * 10))\t9420 94d0 c8e5 942f\n\n" }
            return Array(s.utf8)
        }),
        GrowthShape("channel 2 and 3", 250, { lines($0, "1c20 1c20 1cd0 c8e5 1c2f 1520 15d0 c8e5 152f") }),
    ]

    @Test(arguments: shapes)
    func readsInLinearTime(_ shape: GrowthShape) {
        let ratio = LinearGrowth.ratio(n: shape.n, make: shape.make) { _ = SCCReader().read($0) }
        #expect(ratio < LinearGrowth.bound, "\(shape.name): 8 times the input took \(ratio) times as long")
    }
}
