import Testing
import TimedText
import CaptionStyling
@testable import Rendering

/// The root container's letterbox geometry and the IMSC renderer options (forced-only display,
/// one eye of a stereoscopic picture, PQ pixels), checked by where and in what colour a region's
/// background lands on a 1000 × 500 frame.
@Suite(.serialized) struct ViewingOptionsTests {
    static let width = 1000, height = 500
    static let fonts = FontSet(cjk: false)
    static let white = Color(red: 255, green: 255, blue: 255)

    @Test func theRootContainerIsPillarboxedOrLetterboxedAndCentred() {
        #expect(RootContainer.box(aspectRatio: Fraction(4, 3), frameWidth: 640, frameHeight: 360) == PixelRect(x: 80, y: 0, width: 480, height: 360))
        #expect(RootContainer.box(aspectRatio: Fraction(16, 9), frameWidth: 640, frameHeight: 480) == PixelRect(x: 0, y: 60, width: 640, height: 360))
        #expect(RootContainer.box(aspectRatio: Fraction(16, 9), frameWidth: 1920, frameHeight: 1080) == PixelRect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(RootContainer.box(aspectRatio: nil, frameWidth: 640, frameHeight: 360) == PixelRect(x: 0, y: 0, width: 640, height: 360))
        #expect(RootContainer.box(aspectRatio: .zero, frameWidth: 640, frameHeight: 360) == PixelRect(x: 0, y: 0, width: 640, height: 360))
    }

    /// A region of a quarter of the root on each axis at (10%, 10%), white, always shown.
    static func region(_ id: String, forced: Bool = false, disparity: Fraction = .zero, gain: Fraction = .one) -> Region {
        var region = Region(id: id, origin: Point(x: Fraction(1, 10), y: Fraction(1, 10)), extent: Point(x: Fraction(1, 4), y: Fraction(1, 4)),
                            style: StyleProperties(backgroundColor: white), showBackground: .always, overflow: .hidden)
        region.isForced = forced
        region.disparity = disparity
        region.luminanceGain = gain
        return region
    }

    static func frame(_ regions: [Region], cues: [Cue] = [], aspectRatio: Fraction? = nil, options: LayoutOptions = .default) throws -> Bitmap {
        var track = Track(cues: cues, regions: regions)
        track.displayAspectRatio = aspectRatio
        let renderer = try CaptionRenderer(track: track, family: .ttmlRegions, width: width, height: height, fonts: fonts, options: options)
        var frame = Bitmap(width: width, height: height)
        renderer.overlay(at: MediaTime(seconds: 1))?.draw(onto: &frame)
        return frame
    }

    @Test func regionsArePlacedInTheLetterboxedRootContainer() throws {
        // 1:1 on 1000 × 500: the root is 500 × 500 at x 250; the region 125 × 125 at (300, 50).
        let box = try #require(Self.frame([Self.region("r")], aspectRatio: Fraction(1)).inkBounds())
        #expect(box.x == 300 && box.y == 50 && box.width == 125 && box.height == 125, "\(box)")
        let flat = try #require(Self.frame([Self.region("r")]).inkBounds())
        #expect(flat.x == 100 && flat.y == 50 && flat.width == 250 && flat.height == 125, "\(flat)")
    }

    @Test func forcedOnlyDisplayDrawsForcedRegionsAlone() throws {
        var other = Self.region("b", forced: true)
        other.origin = Point(x: Fraction(6, 10), y: Fraction(6, 10))
        let cue = Cue(start: .zero, end: MediaTime(seconds: 5), content: [.text("x")], layout: CueLayout(regionID: "a"))
        let all = try Self.frame([Self.region("a"), other], cues: [cue])
        #expect(all.pixel(x: 110, y: 60).a == 255 && all.pixel(x: 610, y: 310).a == 255)
        let forced = try Self.frame([Self.region("a"), other], cues: [cue], options: LayoutOptions(displaysForcedOnly: true))
        #expect(forced.pixel(x: 110, y: 60).a == 0, "the region that is not forced is not drawn, content nor background")
        #expect(forced.pixel(x: 610, y: 310) == (255, 255, 255, 255), "the forced one is")
    }

    @Test func eachEyeSeesTheRegionMovedByHalfItsDisparity() throws {
        // 2% of 1000 px: 20 px apart, each view 10 px off the flat place (x 100).
        let region = Self.region("r", disparity: Fraction(1, 50))
        #expect(try #require(Self.frame([region]).inkBounds()).x == 100, "flat: disparity ignored")
        #expect(try #require(Self.frame([region], options: LayoutOptions(stereoView: .left)).inkBounds()).x == 90)
        #expect(try #require(Self.frame([region], options: LayoutOptions(stereoView: .right)).inkBounds()).x == 110)
    }

    @Test func pqPixelsScaleAWhiteByTheRegionsLuminanceGain() throws {
        #expect(PQEncoding.encode(255, gain: 4) == 160, "320 cd/m² in PQ: 0xA0, the IMSC 1.1 luminanceGain test's value")
        #expect(PQEncoding.encode(0, gain: 4) == 0)
        #expect(PQEncoding.encode(255, gain: 1) == 124, "sRGB reference white, 80 cd/m²")
        let frame = try Self.frame([Self.region("r", gain: Fraction(4))], options: LayoutOptions(pixelEncoding: .pq))
        #expect(frame.pixel(x: 150, y: 100) == (160, 160, 160, 255))
        let sdr = try Self.frame([Self.region("r", gain: Fraction(4))])
        #expect(sdr.pixel(x: 150, y: 100) == (255, 255, 255, 255), "sRGB output ignores the gain")
    }

    @Test func picturesAreScaledBilinearly() {
        let two = Bitmap(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
        let wide = two.scaled(toWidth: 8, height: 2)
        #expect(wide.width == 8 && wide.height == 2)
        #expect(wide.pixel(x: 0, y: 0) == (255, 0, 0, 255) && wide.pixel(x: 7, y: 1) == (0, 0, 255, 255))
        let middle = wide.pixel(x: 4, y: 0)
        #expect(middle.r > 60 && middle.b > 60 && middle.a == 255, "blended between the two: \(middle)")
        // A transparent neighbour does not darken an opaque pixel's colour.
        let half = Bitmap(width: 2, height: 1, pixels: [255, 255, 255, 255, 0, 0, 0, 0]).scaled(toWidth: 4, height: 1)
        #expect(half.pixel(x: 1, y: 0).r == 255 && half.pixel(x: 1, y: 0).a < 255)
    }
}
