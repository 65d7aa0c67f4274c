import Testing
import TimedText
import CaptionStyling
@testable import Rendering

/// Which face draws a family that content names: a named family by its metric-compatible clone
/// (fonts-urw-base35), the first one there is (CSS fallback), else the generic family's role; TTML's
/// generic families as IMSC renderers draw them; monospaced faces without ligatures.
@Suite(.serialized) struct NamedFamilyTests {
    static let fonts = FontSet(cjk: false)

    func family(_ families: [String], appearance: CaptionAppearance = .default, substitutes: [String: [String]] = [:],
                text: Substring = "Hello") -> String {
        let resolver = GenericFamilyResolver(resolver: CaptionStyleResolver(appearance: appearance), substitutes: substitutes)
        return Self.fonts.family(for: resolver.resolve(StyleProperties(fontFamilies: families)), text: text)
    }

    /// Text of a right-to-left script goes to the default role's font, which has it, whatever
    /// family the content names: Arabic-Indic digits too (Arabic script, though not strong RTL);
    /// not a stray U+FEFF, which the old ranges took for Arabic.
    @Test func rightToLeftScriptsAreDrawnByTheDefaultFamily() {
        #expect(family(["Arial"], text: "שלום") == "DejaVu Sans")
        #expect(family(["Arial"], text: "٢٠٢٤") == "DejaVu Sans")
        #expect(family(["Arial"], text: "\u{FEFF}Hello") == "Nimbus Sans")
    }

    @Test func namedFamiliesAreDrawnWithTheirMetricCompatibleClones() {
        #expect(family(["Arial"]) == "Nimbus Sans")
        #expect(family(["Helvetica"]) == "Nimbus Sans")
        #expect(family(["Times New Roman"]) == "Nimbus Roman")
        #expect(family(["courier new"]) == "Nimbus Mono PS", "names match without regard to case")
        #expect(family(["InexistantFont", "Times New Roman"]) == "Nimbus Roman", "the first family there is")
        #expect(family(["InexistantFont", "serif"]) == "DejaVu Serif", "else the generic family's role")
        #expect(family(["InexistantFont"]) == "DejaVu Sans", "else the default role")
        #expect(family(["DejaVu Sans Mono"]) == "DejaVu Sans Mono", "a loaded family by its own name")
    }

    @Test func aViewersForcedFontWinsOverANamedFamily() throws {
        var appearance = CaptionAppearance.default
        try appearance.apply(specification: "font=casual!")
        #expect(family(["Arial"], appearance: appearance) == "Comic Neue")
    }

    @Test func ttmlGenericFamiliesAreDrawnAsIMSCRenderersDrawThem() {
        #expect(family(["proportionalSansSerif"], substitutes: GenericFamilies.imsc) == "Nimbus Sans")
        #expect(family(["sansSerif"], substitutes: GenericFamilies.imsc) == "Nimbus Sans")
        #expect(family(["proportionalSerif"], substitutes: GenericFamilies.imsc) == "Nimbus Roman")
        #expect(family(["default"], substitutes: GenericFamilies.imsc) == "Nimbus Mono PS")
        #expect(family(["monospaceSansSerif"], substitutes: GenericFamilies.imsc) == "DejaVu Sans Mono")
        // Without the substitutes (WebVTT), the roles' own faces.
        #expect(family(["sansSerif"]) == "DejaVu Sans")
    }

    /// The width of one line of `text` at 100 px in `families`, as the TTML layout draws it.
    func width(_ text: String, _ families: [String]) throws -> Int {
        let engine = try CaptionLayoutEngine(width: 1280, height: 720, fonts: Self.fonts)
        var cue = Cue(start: .zero, end: MediaTime(seconds: 1), content: [.text(text)])
        cue.style = StyleProperties(fontFamilies: families, fontSize: .pixels(Fraction(100)))
        let prepared = engine.prepare(cue, family: .ttmlRegions, resolver: CaptionStyleResolver(appearance: .default), emSize: 100)
        return engine.rasterizer.rasterize(prepared.lines[0], horizontalPadding: 0).width
    }

    @Test func arialTextIsAsWideAsInArial() throws {
        // Arial's H advances 1479 of 2048 units (0.722 em): ten are 722 px at 100 px, to the
        // last one's ink give or take its side bearings.
        let capitals = try width("HHHHHHHHHH", ["Arial"])
        #expect(capitals >= 712 && capitals <= 730, "\(capitals)")
        #expect(try width("HHHHHHHHHH", ["DejaVu Sans"]) > capitals + 15, "DejaVu Sans, the default face, is wider")
    }

    @Test func aMonospacedFaceKeepsFiTwoCellsWide() throws {
        // Nimbus Mono PS has an "fi" ligature, Courier New none: four characters are four cells
        // of 0.6 em (less the last i's side bearing), not three.
        let fifi = try width("fifi", ["Courier New"])
        #expect(fifi > 200 && fifi <= 240, "\(fifi)")
    }
}
