import Testing
import TimedText
import CaptionStyling
@testable import Rendering

@Suite struct CompositingTests {
    @Test(arguments: [(Color4(r: 255, g: 255, b: 255), VideoFrame.Matrix.bt709, (UInt8(235), UInt8(128), UInt8(128))),
                      (Color4(r: 0, g: 0, b: 0), .bt709, (16, 128, 128)),
                      (Color4(r: 255, g: 255, b: 0), .bt709, (219, 16, 138)),
                      (Color4(r: 255, g: 255, b: 0), .bt601, (210, 16, 146)),
                      (Color4(r: 255, g: 0, b: 0), .bt2020, (74, 97, 240))])
    func rgbConvertsWithTheVideosMatrix(_ c: Color4, _ m: VideoFrame.Matrix, _ expected: (UInt8, UInt8, UInt8)) {
        let yuv = ColorConversion.yuv(c, matrix: m, range: .limited)
        #expect(yuv == expected)
        // And back, within rounding.
        let rgb = ColorConversion.rgb(y: yuv.0, cb: yuv.1, cr: yuv.2, matrix: m, range: .limited)
        #expect(abs(Int(rgb.r) - Int(c.r)) <= 2 && abs(Int(rgb.g) - Int(c.g)) <= 2 && abs(Int(rgb.b) - Int(c.b)) <= 2)
    }

    @Test func fullRangeUsesTheWholeByte() {
        #expect(ColorConversion.yuv(Color4(r: 255, g: 255, b: 255), matrix: .bt709, range: .full) == (255, 128, 128))
    }

    @Test func typicalMatricesBySize() {
        #expect(VideoFrame.Matrix.typical(width: 720, height: 480) == .bt601)
        #expect(VideoFrame.Matrix.typical(width: 1920, height: 1080) == .bt709)
        #expect(VideoFrame.Matrix.typical(width: 3840, height: 2160) == .bt2020)
    }

    static func yellowSquare() -> Overlay {
        var b = Bitmap(width: 10, height: 6)
        b.fill(PixelRect(x: 0, y: 0, width: 10, height: 6), with: Color4(r: 255, g: 255, b: 0))
        return Overlay(x: 101, y: 51, bitmap: b)
    }

    @Test(arguments: [VideoFrame.PixelFormat.yuv420p, .yuv422p, .yuv444p])
    func yuvCompositingTouchesOnlyTheOverlaysSamples(_ format: VideoFrame.PixelFormat) {
        let black = VideoFrame(width: 320, height: 180, pixelFormat: format, matrix: .bt709, range: .limited)
        var frame = black
        Compositor.composite(Self.yellowSquare(), onto: &frame)
        let s = format.chromaShift
        // Luma: exactly the square.
        for y in 0..<180 {
            for x in 0..<320 {
                let inside = (101..<111).contains(x) && (51..<57).contains(y)
                #expect(frame.planes[0][y * frame.strides[0] + x] == (inside ? 219 : 16))
            }
        }
        // Chroma: a sample fully covered is the yellow's; one outside the square's samples is untouched.
        let cx = 104 >> s.x, cy = 54 >> s.y
        #expect(frame.planes[1][cy * frame.strides[1] + cx] == 16)
        #expect(frame.planes[2][cy * frame.strides[2] + cx] == 138)
        let changed = zip(frame.planes[1], black.planes[1]).filter { $0 != $1 }.count
        let expectedSamples = ((111 - 1) >> s.x - (101 >> s.x) + 1) * ((57 - 1) >> s.y - (51 >> s.y) + 1)
        #expect(changed == expectedSamples)
    }

    @Test func halfCoveredChromaSamplesAreBlendedByCoverage() {
        var frame = VideoFrame(width: 4, height: 2, pixelFormat: .yuv420p, matrix: .bt709, range: .limited)
        var b = Bitmap(width: 1, height: 2)
        b.fill(PixelRect(x: 0, y: 0, width: 1, height: 2), with: Color4(r: 255, g: 255, b: 0))
        Compositor.composite(Overlay(x: 1, y: 0, bitmap: b), onto: &frame)
        // Sample 0 covers x 0…1: half yellow. Cb goes halfway from 128 to 16.
        #expect(abs(Int(frame.planes[1][0]) - 72) <= 1)
        #expect(frame.planes[1][1] == 128)
    }

    @Test(arguments: [VideoFrame.PixelFormat.rgba, .bgra])
    func rgbFramesBlendInTheirChannelOrder(_ format: VideoFrame.PixelFormat) {
        var frame = VideoFrame(width: 200, height: 100, pixelFormat: format, color: Color4(r: 0, g: 0, b: 255))
        Compositor.composite(Self.yellowSquare(), onto: &frame)
        let rgba = frame.rgbaBitmap()
        #expect(rgba.pixel(x: 105, y: 53) == (255, 255, 0, 255))
        #expect(rgba.pixel(x: 100, y: 53) == (0, 0, 255, 255))
    }

    @Test func theOverlayIsMadeOncePerIntervalAndReusedForEveryFrame() throws {
        let cues = [Cue(start: MediaTime(seconds: 1), end: MediaTime(seconds: 3), content: [.text("One")]),
                    Cue(start: MediaTime(seconds: 3), end: MediaTime(seconds: 5), content: [.text("Two")])]
        let renderer = try CaptionRenderer(track: Track(cues: cues), family: .cueBoxes, width: 640, height: 360, fonts: FontSet(cjk: false))
        var frame = VideoFrame(width: 640, height: 360, pixelFormat: .yuv420p)
        for ms in stride(from: 1000, to: 3000, by: 40) { renderer.render(at: MediaTime(milliseconds: Int64(ms)), onto: &frame) }
        #expect(renderer.overlaysMade == 1)
        renderer.render(at: MediaTime(seconds: 3), onto: &frame)
        #expect(renderer.overlaysMade == 2)
        #expect(renderer.overlay(at: MediaTime(seconds: 6)) == nil)
    }

    /// A scene with a box, an outline and a colour of text that is not white, on a frame of odd
    /// size (so that chroma samples at the right and bottom edges are half outside it).
    static func edgeScene() throws -> (CaptionRenderer, VideoFrame) {
        let yellow = InlineSpan(.styled, style: StyleProperties(color: Color(red: 255, green: 255, blue: 0)), children: [.text("yellow")])
        let cues = [Cue(start: .zero, end: MediaTime(seconds: 5), content: [.text("A long first line with "), .span(yellow), .lineBreak, .text("and short")])]
        var appearance = CaptionAppearance.default
        try appearance.apply(specification: "edge=uniform")
        try appearance.apply(specification: "background-opacity=60%")
        let renderer = try CaptionRenderer(track: Track(cues: cues), family: .cueBoxes, width: 641, height: 361, appearance: appearance,
                                           fonts: FontSet(cjk: false))
        return (renderer, VideoFrame(width: 641, height: 361, pixelFormat: .yuv420p, matrix: .bt709, color: Color4(r: 30, g: 120, b: 200)))
    }

    @Test func drawingInYCbCrMatchesDrawingInRGBAAndConverting() throws {
        let (renderer, background) = try Self.edgeScene()
        var direct = background, converted = background
        renderer.render(at: MediaTime(seconds: 1), onto: &direct)
        Compositor.composite(try #require(renderer.overlay(at: MediaTime(seconds: 1))), onto: &converted)
        var changed = 0
        for plane in 0..<3 {
            for (a, b) in zip(direct.planes[plane], converted.planes[plane]) {
                #expect(abs(Int(a) - Int(b)) <= 3, "rounding only")
            }
            changed += zip(direct.planes[plane], background.planes[plane]).filter { $0 != $1 }.count
        }
        #expect(changed > 1000)
    }

    @Test func overlaysDrawnInReusedBuffersEqualOnesDrawnInFreshOnes() throws {
        let (renderer, background) = try Self.edgeScene()
        let pool = OverlayBufferPool()
        // A large overlay leaves its bytes in the pool's buffers.
        var large = renderer.scene(at: MediaTime(seconds: 1))
        large.windows.append((PixelRect(x: 0, y: 0, width: 641, height: 361), Color4(r: 255, g: 0, b: 0, a: 200)))
        pool.recycle(try #require(YUVOverlay(large, for: background, pool: pool)))
        let scene = renderer.scene(at: MediaTime(seconds: 1))
        var reused = background, fresh = background
        try #require(YUVOverlay(scene, for: background, pool: pool)).composite(onto: &reused)
        try #require(YUVOverlay(scene, for: background)).composite(onto: &fresh)
        #expect(reused.planes == fresh.planes)
    }
}
