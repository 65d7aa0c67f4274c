import Testing
import Legible
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// An ASS source is drawn by libass as the script itself: the same picture as ffmpeg's
/// `subtitles=` filter (libass too) on the same frame, and animation that moves between frames.
@Suite struct ASSNativeRenderingTests {
    static let width = 1280
    static let height = 720

    func render(_ fixture: String, at seconds: MediaTime) throws -> Bitmap {
        let file = try CaptionFile(contentsOf: Fixtures.root + "/ass/" + fixture)
        #expect(file.document.layoutFamily == .assScript)
        let renderer = try CaptionRenderer(track: file.document.tracks[0], family: file.document.layoutFamily,
                                           width: Self.width, height: Self.height, nativeScript: try file.assScript())
        #expect(renderer.drawsEveryFrame)
        var frame = Bitmap(width: Self.width, height: Self.height, fill: (0, 0, 0, 255))
        renderer.overlay(at: seconds)?.draw(onto: &frame)
        return frame
    }

    /// The leftmost column with ink (a channel above 64), or nil.
    func leftmostInk(_ bitmap: Bitmap, rows: Range<Int>) -> Int? {
        for x in 0..<bitmap.width {
            for y in rows where bitmap.pixel(x: x, y: y).r > 64 { return x }
        }
        return nil
    }

    @Test func moveAnimatesBetweenFrames() throws {
        let early = try render("move_and_drawing.ass", at: MediaTime(milliseconds: 500))
        let late = try render("move_and_drawing.ass", at: MediaTime(milliseconds: 3500))
        let rows = 330..<390
        let a = try #require(leftmostInk(early, rows: rows))
        let b = try #require(leftmostInk(late, rows: rows))
        // \move(100,360,1180,360) over 4 s: 0.5 s in it is near the left, 3.5 s in near the right.
        #expect(a < 400 && b > 800, "ink at x=\(a), then x=\(b)")
    }

    /// Burn-in draws libass's masks straight in the frame's Y′CbCr, not through an RGBA picture
    /// of their bounding box: the frame comes out as the RGBA picture composited would make it.
    @Test func yuvBurnInEqualsTheRGBAPicture() throws {
        let file = try CaptionFile(contentsOf: Fixtures.root + "/ass/move_and_drawing.ass")
        let renderer = try CaptionRenderer(track: file.document.tracks[0], family: file.document.layoutFamily,
                                           width: Self.width, height: Self.height, nativeScript: try file.assScript())
        let background = VideoFrame(width: Self.width, height: Self.height, pixelFormat: .yuv420p, matrix: .bt709,
                                    color: Color4(r: 30, g: 120, b: 200))
        for ms: Int64 in [500, 2500, 3500] {
            let time = MediaTime(milliseconds: ms)
            var direct = background, converted = background
            renderer.render(at: time, onto: &direct)
            let picture = try #require(renderer.overlay(at: time))
            try #require(YUVOverlay(picture, for: background)).composite(onto: &converted)
            var changed = 0, beyondRounding = 0
            for plane in direct.planes.indices {
                beyondRounding += zip(direct.planes[plane], converted.planes[plane]).filter { abs(Int($0) - Int($1)) > 3 }.count
                changed += zip(direct.planes[plane], background.planes[plane]).filter { $0 != $1 }.count
            }
            #expect(beyondRounding == 0, "samples differing by more than rounding at \(ms) ms")
            #expect(changed > 1000, "captions drawn at \(ms) ms")
        }
    }

    static let frames: [(String, Int)] = [
        ("move_and_drawing.ass", 2500), ("karaoke.ass", 11200), ("v4plus_aegisub.ass", 5500),
        ("japanese_vertical.ass", 2500), ("attachments.ass", 1500),
    ]

    @Test(arguments: frames.map { "\($0.0)@\($0.1)" })
    func sameFrameAsFFmpegSubtitlesFilter(_ case: String) throws {
        guard access("/usr/bin/ffmpeg", X_OK) == 0 else { return }
        let parts = `case`.split(separator: "@")
        let fixture = String(parts[0])
        let milliseconds = Int64(parts[1])!
        // Both sides draw with exactly the same fonts, whatever else the machine has: Legible with
        // its own set and the script's [Fonts] only, ffmpeg with a fontconfig that sees only those
        // files (FONTCONFIG_FILE) and the same folder as the filter's fontsdir.
        let ours = try render(fixture, at: MediaTime(milliseconds: milliseconds))
        let fonts = "/tmp/legible-ass-fonts-\(getpid())-\(fixture)"
        mkdir(fonts, 0o755)
        for file in FontSet().files where access(file.path, R_OK) == 0 {
            symlink(file.path, fonts + "/" + (file.path.split(separator: "/").last.map(String.init) ?? "font"))
        }
        let config = fonts + "/fonts.conf"
        writeText("<?xml version=\"1.0\"?><fontconfig><dir>\(fonts)</dir><cachedir>\(fonts)/cache</cachedir></fontconfig>\n", to: config)
        defer { _ = system("rm -rf '\(fonts)'") }
        let reference = "/tmp/legible-ass-ffmpeg-\(getpid())-\(fixture).png"
        let seconds = Double(milliseconds) / 1000
        let command = "FONTCONFIG_FILE='\(config)' ffmpeg -v error -y -f lavfi -i color=c=black:s=\(Self.width)x\(Self.height):r=10:d=\(Int(seconds) + 2) -vf format=rgb24,subtitles='\(Fixtures.root)/ass/\(fixture)':fontsdir='\(fonts)' -ss \(seconds) -frames:v 1 \(reference)"
        #expect(system(command) == 0)
        defer { unlink(reference) }
        let theirs = try PNGFile.read(reference)
        #expect(theirs.width == Self.width && theirs.height == Self.height)
        var ink = 0
        var differing = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let p = ours.pixel(x: x, y: y), q = theirs.pixel(x: x, y: y)
                if max(p.r, p.g, p.b) > 64 || max(q.r, q.g, q.b) > 64 { ink += 1 }
                let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                if d > 40 { differing += 1 }
            }
        }
        #expect(ink > 200, "\(fixture): nothing drawn")
        // Both are libass with the same fonts; ffmpeg blends each image into the frame itself, so
        // glyph edges differ a little (measured: 0 to 4% of the inked pixels by more than 40 of 255).
        #expect(differing * 20 <= ink, "\(fixture): \(differing) of \(ink) inked pixels differ")
    }
}
