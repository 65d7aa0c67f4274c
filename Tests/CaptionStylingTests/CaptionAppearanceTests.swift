import Testing
import TimedText
@testable import CaptionStyling

@Suite struct CaptionAppearanceTests {
    @Test func keyValueSetsOneAttributeWithItsPrecedence() throws {
        var a = CaptionAppearance.default
        try a.apply(specification: "text-color=yellow!")
        #expect(a.textColor == AppearanceSetting(Color(red: 255, green: 255, blue: 0), .viewerAlways))
        try a.apply(specification: "background-opacity=60%")
        #expect(a.backgroundOpacity == AppearanceSetting(Fraction(3, 5), .contentFirst))
        try a.apply(specification: "text-size=200%")
        #expect(a.textSize.value == Fraction(2))
        try a.apply(specification: "text-size=0.5!")
        #expect(a.textSize == AppearanceSetting(Fraction(1, 2), .viewerAlways))
        try a.apply(specification: "font=monospaced-serif")
        #expect(a.font.value == .monospacedSerif)
        try a.apply(specification: "edge=drop-shadow!")
        #expect(a.edge == AppearanceSetting(.dropShadow, .viewerAlways))
        try a.apply(specification: "edge-color=#336699")
        #expect(a.edgeColor.value == Color(red: 0x33, green: 0x66, blue: 0x99))
        try a.apply(specification: "window-color=navy")
        try a.apply(specification: "window-opacity=0.25")
        #expect(a.windowColor.value == Color(red: 0, green: 0, blue: 128))
        #expect(a.windowOpacity.value == Fraction(1, 4))
        // Untouched attributes keep the default's values.
        #expect(a.textOpacity == CaptionAppearance.default.textOpacity)
    }

    @Test func laterSpecificationsOverrideEarlierOnes() throws {
        var a = CaptionAppearance.default
        for spec in ["text-color=red", "large", "text-color=lime!"] { try a.apply(specification: spec) }
        // The preset replaced red; the later key replaced the preset's colour but kept its size.
        #expect(a.textColor == AppearanceSetting(Color(red: 0, green: 255, blue: 0), .viewerAlways))
        #expect(a.textSize.value == Fraction(3, 2))
    }

    @Test(arguments: ["text-size=10%", "text-size=401%", "text-opacity=2", "text-color=notacolour",
                      "font=comic", "edge=glow", "colour=red", "nonsense", "text-color=#ff000080"])
    func badSpecificationsAreRefusedWithAMessage(_ spec: String) {
        var a = CaptionAppearance.default
        #expect(throws: LegibleError.self) { try a.apply(specification: spec) }
        #expect(a == .default, "a refused setting changes nothing")
    }

    @Test func presetsDifferFromTheDefaultWhereTheySay() {
        #expect(CaptionAppearancePreset.default.appearance == .default)
        #expect(CaptionAppearancePreset.large.appearance.textSize.value == Fraction(3, 2))
        let yellow = CaptionAppearancePreset.yellowOnBlack.appearance
        #expect(yellow.textColor.value == Color(red: 255, green: 255, blue: 0) && yellow.textColor.precedence == .viewerAlways)
        #expect(yellow.backgroundOpacity.value == .one)
        #expect(CaptionAppearancePreset.classic608.appearance.font.value.isMonospaced)
        let cinema = CaptionAppearancePreset.cinema.appearance
        #expect(cinema.backgroundOpacity.value == .zero && cinema.edge.value == .dropShadow)
        #expect(CaptionAppearancePreset.highContrast.appearance.backgroundOpacity.value == .one)
        // Every preset is distinct.
        #expect(Set(CaptionAppearancePreset.allCases.map(\.appearance)).count == CaptionAppearancePreset.allCases.count)
    }

    @Test func appearanceFilesApplyAPresetThenTheirKeysInOrder() throws {
        let json = """
            { "preset": "large",
              "text-color": "yellow!",
              "background-opacity": 0.6,
              "edge": { "value": "uniform", "precedence": "viewer-always" },
              "edge-color": { "value": "#102030" } }
            """
        var a = CaptionAppearance.default
        try a.apply(json: Array(json.utf8))
        #expect(a.textSize.value == Fraction(3, 2))
        #expect(a.textColor == AppearanceSetting(Color(red: 255, green: 255, blue: 0), .viewerAlways))
        #expect(a.backgroundOpacity == AppearanceSetting(Fraction(3, 5), .contentFirst))
        #expect(a.edge == AppearanceSetting(.uniform, .viewerAlways))
        #expect(a.edgeColor == AppearanceSetting(Color(red: 0x10, green: 0x20, blue: 0x30), .contentFirst))
    }

    @Test(arguments: ["[1]", "{\"text-colour\": \"red\"}", "{\"preset\": \"huge\"}", "{\"font\": true}",
                      "{\"edge\": {\"value\": \"none\", \"precedence\": \"sometimes\"}}", "{", "{\"a\": 1} x",
                      String(repeating: "[", count: 100)])
    func badAppearanceFilesAreRefused(_ json: String) {
        var a = CaptionAppearance.default
        #expect(throws: LegibleError.self) { try a.apply(json: Array(json.utf8)) }
    }
}

@Suite struct PrecedenceTests {
    let red = Color(red: 255, green: 0, blue: 0)

    @Test func contentFirstTakesTheContentsValueWhenItHasOne() {
        let r = CaptionStyleResolver(appearance: .default)
        let withColour = r.resolve(StyleProperties(color: red))
        #expect(withColour.textColor == red)
        let without = r.resolve(.none)
        #expect(without.textColor == .white)
        // WebVTT's default background alpha 0.8 is the default appearance's.
        #expect(without.backgroundColor == Color(red: 0, green: 0, blue: 0, alpha: 204))
    }

    @Test func viewerAlwaysOverridesTheContent() throws {
        var a = CaptionAppearance.default
        try a.apply(specification: "text-color=yellow!")
        try a.apply(specification: "background-opacity=100%")
        let s = CaptionStyleResolver(appearance: a).resolve(StyleProperties(color: red, backgroundColor: Color(red: 0, green: 0, blue: 255, alpha: 51)))
        #expect(s.textColor == Color(red: 255, green: 255, blue: 0))
        // Background colour and opacity are the content's: content-first both.
        #expect(s.backgroundColor == Color(red: 0, green: 0, blue: 255, alpha: 51))
    }

    @Test func colourAndOpacityResolveSeparately() throws {
        var a = CaptionAppearance.default
        try a.apply(specification: "background-opacity=50%!")
        let s = CaptionStyleResolver(appearance: a).resolve(StyleProperties(backgroundColor: Color(red: 0, green: 0, blue: 255, alpha: 255)))
        #expect(s.backgroundColor == Color(red: 0, green: 0, blue: 255, alpha: 128))
    }

    @Test func contentOpacityMultipliesTheContentColoursAlpha() {
        let s = CaptionStyleResolver(appearance: .default).resolve(StyleProperties(color: Color(red: 0, green: 255, blue: 0, alpha: 255), opacity: Fraction(1, 2)))
        #expect(s.textColor.alpha == 128)
    }

    @Test func edgesComeFromOutlinesAndShadowsUnlessTheViewerForcesOne() throws {
        let outlined = StyleProperties(color: .white, outline: .init(placement: .glyphs, color: red, width: .pixels(Fraction(2))))
        let r = CaptionStyleResolver(appearance: .default)
        #expect(r.resolve(outlined).edge == .uniform)
        #expect(r.resolve(outlined).edgeColor == red)
        let shadowed = StyleProperties(textShadow: [.init(offsetX: .pixels(.one), offsetY: .pixels(.one))])
        #expect(r.resolve(shadowed).edge == .dropShadow)
        #expect(r.resolve(.none).edge == CharacterEdge.none)
        let cinema = CaptionStyleResolver(appearance: CaptionAppearancePreset.cinema.appearance)
        #expect(cinema.resolve(outlined).edge == .dropShadow)
        #expect(cinema.resolve(outlined).edgeColor == .black)
    }

    @Test func fontsMapGenericFamiliesAndKeepNamedOnes() throws {
        let r = CaptionStyleResolver(appearance: .default)
        #expect(r.resolve(StyleProperties(fontFamilies: ["monospaceSansSerif"])).font == .monospacedSansSerif)
        #expect(r.resolve(StyleProperties(fontFamilies: ["Arial", "serif"])).font == .proportionalSerif)
        let named = r.resolve(StyleProperties(fontFamilies: ["Comic Sans MS"]))
        #expect(named.font == .default && named.contentFamily == "Comic Sans MS")
        var a = CaptionAppearance.default
        try a.apply(specification: "font=casual!")
        let forced = CaptionStyleResolver(appearance: a).resolve(StyleProperties(fontFamilies: ["monospace"]))
        #expect(forced.font == .casual && forced.contentFamily == nil)
    }

    @Test func textSizeScalesTheContentsSizeUnlessTheViewerForcesTheFormatsNormalSize() throws {
        var a = CaptionAppearance.default
        try a.apply(specification: "text-size=150%")
        let content = StyleProperties(fontSize: .viewportHeight(Fraction(1, 10)))
        let s = CaptionStyleResolver(appearance: a).resolve(content)
        #expect(s.textSizeScale == Fraction(3, 2) && s.contentFontSize == .viewportHeight(Fraction(1, 10)))
        try a.apply(specification: "text-size=150%!")
        let forced = CaptionStyleResolver(appearance: a).resolve(content)
        #expect(forced.textSizeScale == Fraction(3, 2) && forced.contentFontSize == nil)
    }

    @Test func spansAddTheirMeaningToTheInheritedStyle() {
        let base = StyleProperties(color: red)
        let italic = ContentStyle.inherited(base, span: InlineSpan(.italic, children: []))
        #expect(italic.fontStyle == .italic && italic.color == red)
        let styled = ContentStyle.inherited(italic, span: InlineSpan(.styled, style: StyleProperties(color: .white), children: []))
        #expect(styled.color == .white && styled.fontStyle == .italic)
        let s = CaptionStyleResolver(appearance: .default).resolve(ContentStyle.inherited(base, span: InlineSpan(.underline, children: [])))
        #expect(s.underline && !s.italic)
    }

    @Test func windowsAreTransparentByDefaultAndTakeTheContentsBackground() throws {
        let r = CaptionStyleResolver(appearance: .default)
        #expect(r.window(content: nil).alpha == 0)
        #expect(r.window(content: Color(red: 0, green: 0, blue: 255)) == Color(red: 0, green: 0, blue: 255))
        var a = CaptionAppearance.default
        try a.apply(specification: "window-opacity=0!")
        #expect(CaptionStyleResolver(appearance: a).window(content: Color(red: 0, green: 0, blue: 255)).alpha == 0)
    }
}
