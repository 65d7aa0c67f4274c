import Testing
@testable import Rendering
import TimedText
import TextScanning
#if canImport(Glibc)
import Glibc
#endif

/// libass and libpng exercised for real, with an explicitly loaded font (fonts-dejavu-core).
@Suite struct LibassAndPNGTests {
    static func script(_ text: String, alignment: Int = 2) -> String {
        """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 640
        PlayResY: 360
        YCbCr Matrix: None

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,DejaVu Sans,36,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,\(alignment),20,20,20,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:01.00,0:00:03.00,Default,,0,0,0,,\(text)
        """
    }

    func renderer() throws -> LibassRenderer {
        try LibassRenderer(width: 640, height: 360, fonts: [FontFile(path: FontFile.dejaVuSansPath)], defaultFamily: "DejaVu Sans")
    }

    @Test func libassIsTheRealLibrary() {
        #expect(LibassRenderer.libraryVersion.hasPrefix("0."))
    }

    @Test func rendersBottomCentredTextOnlyWhileTheEventIsActive() throws {
        let r = try renderer()
        try r.load(script: Self.script("Hello, world"))
        var before = Bitmap(width: 640, height: 360)
        #expect(r.render(at: 500, onto: &before) == 0)
        #expect(before.inkBounds() == nil)

        var frame = Bitmap(width: 640, height: 360)
        #expect(r.render(at: 2000, onto: &frame) > 0)
        let ink = try #require(frame.inkBounds(alphaAbove: 32))
        #expect(ink.y > 250, "bottom-aligned text sits in the lower part of the frame: \(ink)")
        #expect(ink.y + ink.height <= 360 - 10)
        let centre = ink.x + ink.width / 2
        #expect(abs(centre - 320) < 12, "centred horizontally: \(ink)")
        #expect(ink.width > 150 && ink.width < 500)
        // White fill with a black outline: both colours appear.
        var white = 0, black = 0
        for y in ink.y..<(ink.y + ink.height) {
            for x in ink.x..<(ink.x + ink.width) {
                let p = frame.pixel(x: x, y: y)
                if p.a > 250 && p.r > 240 && p.g > 240 && p.b > 240 { white += 1 }
                if p.a > 250 && p.r < 20 && p.g < 20 && p.b < 20 { black += 1 }
            }
        }
        #expect(white > 200 && black > 200)
    }

    @Test func topAlignmentMovesTheInk() throws {
        let r = try renderer()
        try r.load(script: Self.script("Top", alignment: 8))
        var frame = Bitmap(width: 640, height: 360)
        r.render(at: 1500, onto: &frame)
        let ink = try #require(frame.inkBounds(alphaAbove: 32))
        #expect(ink.y < 80)
    }

    @Test func renderingIsDeterministic() throws {
        func once() throws -> Bitmap {
            let r = try renderer()
            try r.load(script: Self.script("Déjà vu"))
            var frame = Bitmap(width: 640, height: 360)
            r.render(at: 1500, onto: &frame)
            return frame
        }
        #expect(try once() == once())
    }

    @Test func pngRoundTrip() throws {
        let r = try renderer()
        try r.load(script: Self.script("PNG"))
        var frame = Bitmap(width: 640, height: 360, fill: (20, 40, 60, 255))
        r.render(at: 1500, onto: &frame)
        // LEGIBLE_KEEP_PNG=path keeps the rendered frame for a person to look at.
        let kept = getenv("LEGIBLE_KEEP_PNG").map { String(cString: $0) }
        let path = kept ?? "/tmp/legible-test-\(getpid()).png"
        defer { if kept == nil { unlink(path) } }
        try PNGFile.write(frame, to: path)
        let back = try PNGFile.read(path)
        #expect(back == frame)
    }

    @Test func missingFontFileIsAClearError() {
        #expect(throws: LegibleError.self) { try FontFile(path: "/nonexistent/font.ttf") }
        do {
            _ = try FontFile(path: "/nonexistent/font.ttf")
        } catch {
            #expect(error.description.contains("fonts-dejavu-core"))
        }
    }

    @Test func unwritablePNGIsAnError() {
        #expect(throws: LegibleError.self) { try PNGFile.write(Bitmap(width: 2, height: 2), to: "/nonexistent-dir/x.png") }
    }
}
