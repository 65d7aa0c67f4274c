import Testing
@testable import Rendering
import TimedText
import Timeline

/// Karaoke colours drawn at a moment: text the cue's timestamps have not reached is in the
/// future colour, and each timestamp changes the picture.
@Suite struct KaraokeColoringTests {
    static let blue = Color(red: 0, green: 128, blue: 255)
    static let cue: Cue = {
        var cue = Cue(start: .zero, end: MediaTime(seconds: 3),
                      content: [.text("ka"), .timestamp(MediaTime(seconds: 1)), .text("ze "),
                                .span(InlineSpan(.italic, children: [.text("no")])), .timestamp(MediaTime(seconds: 2)), .text("uta")])
        cue.style = StyleProperties(futureColor: blue)
        return cue
    }()

    /// The texts drawn in the future colour at `time`.
    func future(at time: MediaTime) -> [String] {
        var out: [String] = []
        func walk(_ nodes: [InlineNode]) {
            for node in nodes {
                if case .span(let span) = node {
                    if span.kind == .styled, span.style.color == Self.blue, case .text(let t)? = span.children.first { out.append(t) }
                    walk(span.children)
                }
            }
        }
        walk(KaraokeColoring.colored(Self.cue, at: time).content)
        return out
    }

    @Test func textNotYetReachedTakesTheFutureColour() {
        #expect(future(at: MediaTime(milliseconds: 500)) == ["ze ", "no", "uta"])
        #expect(future(at: MediaTime(milliseconds: 1500)) == ["uta"])
        #expect(future(at: MediaTime(seconds: 2)) == [])
        // Cues without karaoke colours are given as they are.
        let plain = Cue(start: .zero, end: MediaTime(seconds: 1), content: [.text("a"), .timestamp(MediaTime(milliseconds: 500)), .text("b")])
        #expect(KaraokeColoring.colored(plain, at: .zero) == plain)
    }

    @Test func eachSyllableChangesThePicture() throws {
        let renderer = try CaptionRenderer(track: Track(cues: [Self.cue]), family: .cueBoxes, width: 320, height: 180, fonts: FontSet(cjk: false))
        let keys = [0.5, 0.9, 1.2, 2.5].map { renderer.pictureKey(at: MediaTime(milliseconds: Int64($0 * 1000))) }
        #expect(keys[0] == keys[1] && keys[1] != keys[2] && keys[2] != keys[3])
        #expect(renderer.nextChange(after: MediaTime(milliseconds: 500)) == MediaTime(seconds: 1))
        // And the picture does change: blue ink before the last syllable, none after it.
        func blueInk(at seconds: Double) -> Int {
            guard let overlay = renderer.overlay(at: MediaTime(milliseconds: Int64(seconds * 1000))) else { return 0 }
            var buffer = PixelBuffer(width: 320, height: 180, order: .rgba, alpha: .straight)
            buffer.draw(overlay)
            var n = 0
            for y in 0..<180 { for x in 0..<320 { let p = buffer.pixel(x: x, y: y); if p.a > 200 && p.b > 200 && p.r < 60 { n += 1 } } }
            return n
        }
        #expect(blueInk(at: 0.5) > blueInk(at: 1.5))
        #expect(blueInk(at: 1.5) > 10)
        #expect(blueInk(at: 2.5) == 0)
    }
}
