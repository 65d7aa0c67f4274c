import Testing
@testable import Rendering
import CaptionStyling
import TimedText
import TextScanning
import Timeline
#if canImport(Glibc)
import Glibc
#endif

/// What a player needs from rendering: its own timeline, its own fonts, its pixel convention.
@Suite struct PlayerRenderingTests {
    static let cues = [Cue(start: .zero, end: MediaTime(seconds: 2), content: [.text("Player")])]

    @Test func drawsOverThePlayersOwnTimeline() throws {
        let timeline = Timeline(cues: Self.cues)
        let renderer = try CaptionRenderer(timeline: timeline, family: .cueBoxes, width: 320, height: 180, fonts: FontSet(cjk: false))
        #expect(renderer.timeline.times == timeline.times)
        #expect(renderer.overlay(at: MediaTime(seconds: 1)) != nil)
        #expect(renderer.overlay(at: MediaTime(seconds: 3)) == nil)
    }

    /// BGRA premultiplied, as Core Animation and most GPU compositors take it: every colour channel
    /// at most its alpha, blue first; and the same captions straight RGBA differ only in that.
    @Test func bgraPremultipliedBuffer() throws {
        var appearance = CaptionAppearance.default
        try appearance.apply(specification: "text-color=yellow")
        try appearance.apply(specification: "background-opacity=50%")
        let renderer = try CaptionRenderer(track: Track(cues: Self.cues), family: .cueBoxes, width: 640, height: 360,
                                           appearance: appearance, fonts: FontSet(cjk: false))
        var premultiplied = PixelBuffer(width: 640, height: 360, order: .bgra, alpha: .premultiplied, bytesPerRow: 2600)
        renderer.render(at: MediaTime(seconds: 1), into: &premultiplied)
        var straight = PixelBuffer(width: 640, height: 360, order: .rgba, alpha: .straight)
        renderer.render(at: MediaTime(seconds: 1), into: &straight)
        var inked = 0, yellowish = 0
        for y in 0..<360 {
            for x in 0..<640 {
                let p = premultiplied.pixel(x: x, y: y)
                #expect(p.r <= p.a && p.g <= p.a && p.b <= p.a, "premultiplied: no channel above alpha at \(x),\(y)")
                let s = straight.pixel(x: x, y: y)
                #expect(s.a == p.a)
                if p.a > 0 { inked += 1 }
                // The half-opaque black box: straight keeps black, premultiplied black too; the
                // yellow text: straight red and green high, premultiplied them scaled by alpha.
                if s.a > 240 && s.r > 180 && s.g > 180 && s.b < 80 { yellowish += 1; #expect(p.r > 170 && p.b < 80) }
            }
        }
        #expect(inked > 100 && yellowish > 10, "inked \(inked), yellow \(yellowish)")
        premultiplied.clear()
        #expect(premultiplied.bytes.allSatisfy { $0 == 0 })
    }

    /// A player's own font file: its family name is read from it and it draws the default role.
    @Test func theAppSuppliesItsFonts() throws {
        let file = try FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        #expect(file.familyName == "DejaVu Serif")
        let fonts = try FontSet(files: [.proportionalSansSerif: FontFile(data: file.data, name: "bundled-serif")])
        #expect(fonts.families[.proportionalSansSerif] == "DejaVu Serif")
        #expect(fonts.families[.monospacedSansSerif] == nil, "unset roles fall back to the default one")
        let renderer = try CaptionRenderer(track: Track(cues: Self.cues), family: .cueBoxes, width: 320, height: 180, fonts: fonts)
        #expect(renderer.overlay(at: .zero) != nil)
        #expect(throws: LegibleError.self) { try FontSet(files: [.casual: file]) }

        // A player's font replaces the system's in a default set.
        var system = FontSet(cjk: false)
        try system.set(file, for: .proportionalSansSerif)
        #expect(system.families[.proportionalSansSerif] == "DejaVu Serif")

        var more = FontSet(cjk: false)
        let loaded = try more.add(contentsOfDirectory: "/usr/share/fonts/truetype/dejavu")
        #expect(loaded >= 3)
        #expect(throws: LegibleError.self) { try more.add(contentsOfDirectory: "/nonexistent-fonts") }
    }
}
