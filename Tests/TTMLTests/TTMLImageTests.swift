import Testing
import TimedText
import TextScanning
import TestSupport
@testable import TTML

/// IMSC image content: `smpte:backgroundImage` (IMSC 1.0 image profile) and TTML2 `image`
/// (IMSC 1.1) read into `Cue.image`; the root container's aspect ratio; the region parameters
/// of the renderer's options (forcedDisplay, disparity, luminanceGain).
@Suite struct TTMLImageTests {
    static func read(_ fixture: String) -> ParseResult<TTMLFile> {
        TTMLReader().readFile(SourceDecoder.decode(Fixtures.bytes(fixture)).value)
    }

    static func read(text: String) -> ParseResult<TTMLFile> { TTMLReader().readFile(SourceText(text)) }

    @Test func anEmbeddedSMPTEImageBecomesTheCuesPicture() throws {
        let result = Self.read("ttml/image_embedded.ttml")
        #expect(result.diagnostics.filter { $0.severity != .info }.isEmpty, "\(result.diagnostics)")
        let track = try #require(result.value.document.tracks.first)
        #expect(track.cues.count == 1)
        let cue = try #require(track.cues.first)
        #expect(cue.start == MediaTime(seconds: 1) && cue.end == MediaTime(seconds: 3))
        #expect(cue.plainText == "")
        let image = try #require(cue.image)
        guard case .embedded(let bytes) = image.source else { Issue.record("not embedded: \(image.source)"); return }
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "the decoded base64 is the PNG")
        #expect(image.mediaType == "image/png")
        #expect(image.altText == "Red and blue")
        #expect(image.extent == nil, "an IMSC 1.0 image fills its region")
        #expect(track.displayAspectRatio == Fraction(4, 3))
        let region = try #require(track.regions.first { $0.id == "bottom" })
        #expect(region.origin == Point(x: Fraction(1, 4), y: Fraction(2, 3)))
        #expect(region.extent == Point(x: Fraction(1, 2), y: Fraction(1, 3)))
    }

    @Test func anImageElementKeepsItsReferenceAndExtent() throws {
        let result = Self.read("ttml/image_element.ttml")
        #expect(!result.diagnostics.contains { $0.code == .ttmlSkippedElement }, "\(result.diagnostics)")
        let cue = try #require(result.value.document.tracks.first?.cues.first)
        let image = try #require(cue.image)
        #expect(image.source == .external("image_element.png"))
        #expect(image.mediaType == "image/png")
        #expect(image.extent == Point(x: Fraction(1, 4), y: Fraction(1, 9)), "320 × 80 px of a 1280 × 720 root")
        #expect(image.resolvedPath(against: "/data/subs") == "/data/subs/image_element.png")
        #expect(image.resolvedPath(against: nil) == "image_element.png")
        #expect(result.value.document.tracks[0].displayAspectRatio == nil)
    }

    @Test func imageDataInsideTheImageElementIsRead() throws {
        // "iVBORw0KGgo=" is the PNG signature, base64.
        let result = Self.read(text: """
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:displayAspectRatio="16 9">
              <body><div begin="0s" end="1s"><image><source><data type="image/png">iVBO Rw0K
              Ggo=</data></source></image></div></body>
            </tt>
            """)
        let image = try #require(result.value.document.tracks.first?.cues.first?.image)
        #expect(image.source == .embedded([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(image.mediaType == "image/png")
        #expect(result.value.document.tracks[0].displayAspectRatio == Fraction(16, 9))
    }

    @Test func aReferenceToNoEmbeddedImageIsReportedAndShowsNothing() throws {
        let result = Self.read("ttml/image_only.ttml")
        let codes = result.diagnostics.map(\.code)
        #expect(codes.contains(.ttmlBadImage))
        #expect(codes.contains(.ttmlNothingShown))
        let bad = try #require(result.diagnostics.first { $0.code == .ttmlBadImage })
        #expect(bad.location?.line == 6, "at the backgroundImage attribute")
        #expect(result.value.document.tracks.first?.cues.isEmpty ?? true)
    }

    @Test func badBase64IsReportedNotDecoded() throws {
        #expect(Base64.decode("aGVsbG8=".utf8) == Array("hello".utf8))
        #expect(Base64.decode("aGVs\n bG8h".utf8) == Array("hello!".utf8))
        #expect(Base64.decode("aGV*bG8=".utf8) == nil)
        #expect(Base64.decode("aGVsbG8=aa".utf8) == nil, "data after the padding")
        let result = Self.read(text: """
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt">
              <head><metadata><smpte:image xml:id="i" imagetype="PNG">not*base64</smpte:image></metadata></head>
              <body><div begin="0s" end="1s" smpte:backgroundImage="#i"/></body>
            </tt>
            """)
        #expect(result.diagnostics.contains { $0.code == .ttmlBadImage && $0.location?.line == 2 })
    }

    @Test func regionsCarryForcedDisplayDisparityAndLuminanceGain() throws {
        let result = Self.read(text: """
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"
                xmlns:itts="http://www.w3.org/ns/ttml/profile/imsc1#styling">
              <head><layout>
                <region xml:id="plain" tts:extent="50% 20%"/>
                <region xml:id="special" tts:extent="50% 20%" itts:forcedDisplay="true" tts:disparity="2%" tts:luminanceGain="4"/>
              </layout></head>
              <body><div><p region="plain" begin="0s" end="1s">a</p><p region="special" begin="0s" end="1s">b</p></div></body>
            </tt>
            """)
        let regions = try #require(result.value.document.tracks.first?.regions)
        let plain = try #require(regions.first { $0.id == "plain" })
        let special = try #require(regions.first { $0.id == "special" })
        #expect(!plain.isForced && plain.disparity == .zero && plain.luminanceGain == .one)
        #expect(special.isForced)
        #expect(special.disparity == Fraction(1, 50), "2% of the root width")
        #expect(special.luminanceGain == Fraction(4))
    }
}
