import Testing
import TimedText
import CaptionStyling
@testable import Rendering
#if canImport(Glibc)
import Glibc
#endif

/// A render compared with a stored PNG, with a tolerance (font rasterisation may differ by a
/// level or two between FreeType builds). `RECORD_GOLDENS=1` rewrites the PNG and fails, so
/// that nobody records by accident.
@Suite struct GoldenImageTests {
    static let directory: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path + "/Fixtures/render/golden"
    }()

    static func compare(_ image: Bitmap, name: String) throws {
        let path = "\(directory)/\(name).png"
        if getenv("RECORD_GOLDENS") != nil {
            try PNGFile.write(image, to: path)
            Issue.record("recorded \(path); unset RECORD_GOLDENS and run again")
            return
        }
        let expected = try PNGFile.read(path)
        #expect(expected.width == image.width && expected.height == image.height)
        var total = 0, off = 0
        for i in 0..<min(expected.pixels.count, image.pixels.count) {
            let d = abs(Int(expected.pixels[i]) - Int(image.pixels[i]))
            total += d
            if d > 48 { off += 1 }
        }
        let mean = Double(total) / Double(image.pixels.count)
        #expect(mean < 0.5, "mean difference \(mean) per channel")
        #expect(off < image.pixels.count / 1000, "\(off) channels differ by more than 48")
    }

    @Test func styledCuesWithEdgesAndBoxes() throws {
        let red = InlineSpan(.styled, style: StyleProperties(color: Color(red: 255, green: 0, blue: 0)), children: [.text("red")])
        let cues = [
            Cue(start: .zero, end: MediaTime(seconds: 5), content: [.text("Plain and "), .span(red), .lineBreak, .span(InlineSpan(.italic, children: [.text("italic")]))]),
            Cue(start: .zero, end: MediaTime(seconds: 5), content: [.text("Top, outlined")], layout: CueLayout(line: .number(0)),
                style: StyleProperties(outline: .init(placement: .glyphs, color: .black, width: .pixels(Fraction(2))))),
        ]
        var a = CaptionAppearance.default
        try a.apply(specification: "window-opacity=0")
        let renderer = try CaptionRenderer(track: Track(cues: cues), family: .cueBoxes, width: 480, height: 270, appearance: a, fonts: FontSet(cjk: false))
        var frame = Bitmap(width: 480, height: 270, fill: (40, 60, 90, 255))
        renderer.overlay(at: MediaTime(seconds: 1))?.draw(onto: &frame)
        try Self.compare(frame, name: "styled-cues-480x270")
    }
}
