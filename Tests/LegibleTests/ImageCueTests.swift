import Testing
import Legible
import TestSupport

/// Image subtitles end to end: read from the fixtures, drawn where their regions are (in the
/// letterboxed root container), and reported by every writer, which cannot carry them.
@Suite(.serialized) struct ImageCueTests {
    static func renderer(_ fixture: String, width: Int = 1280, height: Int = 720) throws -> CaptionRenderer {
        let file = try CaptionFile(contentsOf: Fixtures.root + "/" + fixture)
        var options = LayoutOptions.default
        options.imageDirectory = Fixtures.root + "/ttml"
        return try CaptionRenderer(track: file.document.tracks[0], family: file.document.layoutFamily, width: width, height: height,
                                   fonts: FontSet(cjk: false), options: options)
    }

    static func frame(_ renderer: CaptionRenderer, at seconds: Int64) -> Bitmap {
        var frame = Bitmap(width: renderer.width, height: renderer.height)
        renderer.overlay(at: MediaTime(seconds: seconds))?.draw(onto: &frame)
        return frame
    }

    @Test func anEmbeddedImageFillsItsRegionInThePillarboxedRoot() throws {
        // 4:3 on 1280 × 720: the root is 960 × 720 at x 160; the region (100, 200) 200 × 100 of a
        // 400 × 300 root is x 400…880, y 480…720. The picture's left half is red, its right blue.
        let renderer = try Self.renderer("ttml/image_embedded.ttml")
        #expect(renderer.rootContainer == PixelRect(x: 160, y: 0, width: 960, height: 720))
        let frame = Self.frame(renderer, at: 2)
        let box = try #require(frame.inkBounds())
        #expect(box.x == 400 && box.y == 480 && box.width == 480 && box.height == 240, "\(box)")
        #expect(frame.pixel(x: 450, y: 600) == (255, 0, 0, 255))
        #expect(frame.pixel(x: 850, y: 600) == (0, 0, 255, 255))
        #expect(renderer.imageFailures.isEmpty)
        #expect(Self.frame(renderer, at: 4).inkBounds() == nil, "gone after its end")
    }

    @Test func anImageFileIsDrawnAtItsOwnExtentFromTheRegionsCorner() throws {
        // Region (320, 540) 640 × 120; the image 320 × 80 from its top-left corner.
        let renderer = try Self.renderer("ttml/image_element.ttml")
        let frame = Self.frame(renderer, at: 1)
        let box = try #require(frame.inkBounds())
        #expect(box.x == 320 && box.y == 540 && box.width == 320 && box.height == 80, "\(box)")
        #expect(frame.pixel(x: 330, y: 560) == (255, 0, 0, 255) && frame.pixel(x: 630, y: 560) == (0, 0, 255, 255))
    }

    @Test func aMissingImageFileIsReportedAndNotDrawn() throws {
        let file = try CaptionFile(contentsOf: Fixtures.root + "/ttml/image_element.ttml")
        var options = LayoutOptions.default
        options.imageDirectory = "/nonexistent-folder"
        let renderer = try CaptionRenderer(track: file.document.tracks[0], family: .ttmlRegions, width: 640, height: 360,
                                           fonts: FontSet(cjk: false), options: options)
        #expect(Self.frame(renderer, at: 1).inkBounds() == nil)
        #expect(renderer.imageFailures.count == 1)
        #expect(renderer.imageFailures.first?.contains("/nonexistent-folder/image_element.png") == true, "\(renderer.imageFailures)")
    }

    @Test func everyWriterSaysItCannotCarryThePictures() throws {
        let file = try CaptionFile(contentsOf: Fixtures.root + "/ttml/image_embedded.ttml")
        for format in [CaptionFormat.webVTT, .subRip, .scc, .ttml, .substationAlpha] {
            let written = try #require(format.write(file.document))
            let lost = written.diagnostics.filter { $0.code == .imageNotWritten }
            #expect(lost.count == 1, "\(format.name): \(written.diagnostics)")
            #expect(lost.first?.message.contains("alternative text") == true)
            #expect(lost.first?.location?.line != nil)
        }
    }
}
