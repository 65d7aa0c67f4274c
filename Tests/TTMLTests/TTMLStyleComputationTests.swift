import Testing
import XML
import TimedText
@testable import TTML

private func attributes(_ pairs: [String: String]) -> [XMLName: XMLAttribute] {
    var result: [XMLName: XMLAttribute] = [:]
    for (local, value) in pairs {
        let name = XMLName(XMLNamespace.tts, local)
        result[name] = XMLAttribute(name: name, qualifiedName: "tts:" + local, value: value, location: SourceLocation(line: 1, column: 1))
    }
    return result
}

private func rh(_ n: Int64, _ d: Int64 = 1) -> TTMLLength { TTMLLength(Fraction(n, d), .rootHeight) }
private func rw(_ n: Int64, _ d: Int64 = 1) -> TTMLLength { TTMLLength(Fraction(n, d), .rootWidth) }

@Suite struct TTMLStyleComputationTests {
    let computation = TTMLStyleComputation(context: TTMLStyleContext(rootWidth: Fraction(1280), rootHeight: Fraction(720)))

    @Test func initialFontSizeIsOneCellOfTheDefaultGrid() {
        let initial = computation.initialStyle()
        // 1c of 15 rows is 100/15 % of the root height.
        #expect(initial.fontSize.vertical == rh(20, 3))
        #expect(initial[tts: "color"] == .color(.white))
        #expect(initial[tts: "textAlign"] == .keyword("start"))
    }

    @Test func inheritedPropertiesInheritOthersReset() {
        let region = computation.compute(specified: attributes(["color": "red", "backgroundColor": "blue"]), kind: .region, parent: nil).value
        let p = computation.compute(specified: [:], kind: .p, parent: region).value
        #expect(p[tts: "color"] == .color(Color(red: 255, green: 0, blue: 0)))
        // backgroundColor does not inherit: the child has the initial transparent.
        #expect(p[tts: "backgroundColor"] == .color(.transparent))
    }

    @Test func relativeFontSizesResolveAgainstTheParent() {
        let root = computation.initialStyle()
        let div = computation.compute(specified: attributes(["fontSize": "36px"]), kind: .div, parent: root).value
        #expect(div.fontSize.vertical == rh(5))  // 36 of 720 px
        let span = computation.compute(specified: attributes(["fontSize": "50%"]), kind: .span, parent: div).value
        #expect(span.fontSize.vertical == rh(5, 2))
        let em = computation.compute(specified: attributes(["fontSize": "2em"]), kind: .span, parent: div).value
        #expect(em.fontSize.vertical == rh(10))
        let cells = TTMLStyleComputation(context: TTMLStyleContext(cellColumns: 40, cellRows: 20))
        let c = cells.compute(specified: attributes(["fontSize": "2c"]), kind: .p, parent: cells.initialStyle()).value
        #expect(c.fontSize.vertical == rh(10))
    }

    @Test func lineHeightPercentIsOfTheOwnFontSize() {
        let root = computation.initialStyle()
        let p = computation.compute(specified: attributes(["fontSize": "72px", "lineHeight": "125%"]), kind: .p, parent: root).value
        #expect(p[tts: "lineHeight"] == .normalOrLength(.length(rh(25, 2))))
    }

    @Test func regionGeometryIsExactFractionsOfTheRoot() {
        let style = computation.compute(specified: attributes(["origin": "128px 10%", "extent": "50% 72px",
                                                               "displayAlign": "after", "padding": "10%",
                                                               "writingMode": "tbrl", "showBackground": "whenActive"]),
                                        kind: .region, parent: nil).value
        let region = computation.region(id: "r1", style: style)
        #expect(region.diagnostics.isEmpty)
        #expect(region.value.origin == Point(x: Fraction(1, 10), y: Fraction(1, 10)))
        #expect(region.value.extent == Point(x: Fraction(1, 2), y: Fraction(1, 10)))
        #expect(region.value.displayAlignment == .after)
        #expect(region.value.writingDirection == .verticalRightToLeft)
        #expect(region.value.showBackground == .whenActive)
        // Padding 10% of the region's own extent: 1/20 across, 1/100 down; tbrl puts "before" on the right.
        #expect(region.value.padding == Insets(top: Fraction(1, 20), right: Fraction(1, 100), bottom: Fraction(1, 20), left: Fraction(1, 100)))
    }

    @Test func pixelsWithoutARootExtentCannotBePlaced() {
        let bare = TTMLStyleComputation(context: TTMLStyleContext())
        let style = bare.compute(specified: attributes(["origin": "10px 10px", "extent": "50% 50%"]), kind: .region, parent: nil).value
        let region = bare.region(id: "r", style: style)
        #expect(region.value.origin == nil)
        #expect(region.value.extent == Point(x: Fraction(1, 2), y: Fraction(1, 2)))
        #expect(region.diagnostics.map(\.code) == [.ttmlUnresolvedLength])
    }

    @Test func invalidSpecifiedValuesAreReportedAndIgnored() {
        let root = computation.compute(specified: attributes(["color": "yellow"]), kind: .region, parent: nil).value
        let result = computation.compute(specified: attributes(["color": "mauve"]), kind: .span, parent: root)
        #expect(result.diagnostics.map(\.code) == [.ttmlIgnoredStyleValue])
        #expect(result.value[tts: "color"] == .color(Color(red: 255, green: 255, blue: 0)))
    }

    @Test func mapsToStyleProperties() {
        let root = computation.initialStyle()
        let span = computation.compute(specified: attributes([
            "fontStyle": "italic", "fontWeight": "bold", "textDecoration": "underline lineThrough",
            "textOutline": "black 10%", "textShadow": "1px 2px red", "opacity": "0.25", "wrapOption": "noWrap",
            "fontFamily": "proportionalSansSerif, Arial", "fontSize": "72px",
        ]), kind: .span, parent: root).value
        let model = computation.styleProperties(span)
        #expect(model.fontStyle == .italic)
        #expect(model.fontWeight == .bold)
        #expect(model.textDecoration == [.underline, .lineThrough])
        #expect(model.fontSize == .viewportHeight(Fraction(1, 10)))
        // Outline 10% of the 72px font: 7.2px = 1% of 720.
        #expect(model.outline == StyleProperties.Outline(placement: .glyphs, color: .black, width: .viewportHeight(Fraction(1, 100))))
        #expect(model.textShadow?.first?.offsetX == .viewportWidth(Fraction(1, 1280)))
        #expect(model.textShadow?.first?.offsetY == .viewportHeight(Fraction(2, 720)))
        #expect(model.opacity == Fraction(1, 4))
        #expect(model.textWrap == .noWrap)
        #expect(model.fontFamilies == ["proportionalSansSerif", "Arial"])
    }
}
