import Testing
import XML
import TimedText
@testable import TTML

private func property(_ local: String, _ namespace: String = XMLNamespace.tts) -> TTMLStyleProperty {
    TTMLStyleProperty.named(XMLName(namespace, local))!
}

private func parse(_ local: String, _ text: String, _ namespace: String = XMLNamespace.tts) -> TTMLStyleValue? {
    try? property(local, namespace).parse(text).get()
}

private func error(_ local: String, _ text: String) -> String? {
    if case .failure(let e) = property(local).parse(text) { return e.message }
    return nil
}

private func px(_ v: Int64) -> TTMLLength { TTMLLength(Fraction(v), .pixels) }

@Suite struct TTMLStyleValueTests {
    @Test func everyInitialValueParsesWithItsOwnGrammar() {
        for p in TTMLStyleProperty.all {
            #expect((try? p.parse(p.initialText).get()) != nil, "\(p.name): initial '\(p.initialText)'")
        }
    }

    @Test func emptyAndPaddedValuesAreErrorsForEveryProperty() {
        for p in TTMLStyleProperty.all {
            for bad in ["", "   ", "\t\n", " \(p.initialText)", "\(p.initialText) "] {
                #expect((try? p.parse(bad).get()) == nil, "\(p.name) accepted '\(bad)'")
            }
        }
    }

    @Test func colors() {
        #expect(parse("color", "#ff000080") == .color(Color(red: 255, green: 0, blue: 0, alpha: 128)))
        #expect(parse("color", "#00FF00") == .color(Color(red: 0, green: 255, blue: 0)))
        #expect(parse("color", "rgb(1,2,3)") == .color(Color(red: 1, green: 2, blue: 3)))
        #expect(parse("color", "rgba( 0,0 , 0 ,255)") == .color(Color(red: 0, green: 0, blue: 0)))
        #expect(parse("color", "transparent") == .color(.transparent))
        #expect(parse("color", "magenta") == .color(Color(red: 255, green: 0, blue: 255)))
        for bad in ["#fff", "#1234567", "#12345g", "rgb(0,0)", "rgb(0,0,256)", "rgb(0,0,-1)", "rgba(0,0,0,0.5)",
                    "rgb (0,0,0)", "pink", "Red", "# 123456", "rgb(0,0,0,0)"] {
            #expect(parse("color", bad) == nil, "accepted \(bad)")
        }
        #expect(error("color", "rgb(0,0,300)")?.contains("0...255") == true)
    }

    @Test func lengthsAndUnits() {
        #expect(parse("fontSize", "0.px") == .fontSize(TTMLFontSize(TTMLLength(.zero, .pixels))))
        #expect(parse("fontSize", ".5c") == .fontSize(TTMLFontSize(TTMLLength(Fraction(1, 2), .cells))))
        #expect(parse("fontSize", "10px 20px") == .fontSize(TTMLFontSize(horizontal: px(10), vertical: px(20))))
        #expect(parse("fontSize", "-1px") == nil)
        #expect(parse("fontSize", "1px 2px 3px") == nil)
        #expect(parse("fontSize", "12") == nil)
        #expect(error("fontSize", "12")?.contains("no unit") == true)
        #expect(error("fontSize", "1smoot")?.contains("'smoot' is not a length unit") == true)
        #expect(parse("disparity", "-1rw") == .length(TTMLLength(Fraction(-1), .rootWidth)))
        #expect(parse("letterSpacing", "-1em") == .normalOrLength(.length(TTMLLength(Fraction(-1), .em))))
        #expect(parse("lineHeight", "-1em") == nil)
        #expect(parse("lineHeight", "normal") == .normalOrLength(.normal))
    }

    @Test func extentOriginPaddingMeasure() {
        #expect(parse("extent", "auto") == .extent(.auto))
        #expect(parse("extent", "cover") == .extent(.cover))
        #expect(parse("extent", "10% fitContent") == .extent(.size(width: .length(TTMLLength(Fraction(10), .percent)), height: .fitContent)))
        for bad in ["10%", "10% 20% 30%", "10%,20%", "10%:20%", "-1px 1px", "auto foo"] { #expect(parse("extent", bad) == nil, "\(bad)") }
        #expect(parse("origin", "-1px 2c") == .origin(.point(x: px(-1), y: TTMLLength(Fraction(2), .cells))))
        #expect(parse("padding", "1px 2px 3px") == .padding(TTMLPadding(before: px(1), end: px(2), after: px(3), start: px(2))))
        #expect(parse("padding", "1px 2px") == .padding(TTMLPadding(before: px(1), end: px(2), after: px(1), start: px(2))))
        #expect(parse("padding", "1px -2px") == nil)
        #expect(parse("padding", "1px 2px 3px 4px 5px") == nil)
        #expect(parse("bpd", "maxContent") == .measure(.maxContent))
        #expect(parse("ipd", "-1px") == nil)
    }

    @Test func positions() {
        let half = TTMLLength(Fraction(50), .percent)
        let zero = TTMLLength(.zero, .percent)
        #expect(parse("position", "center") == .position(TTMLPosition(horizontalEdge: .left, horizontalOffset: half, verticalEdge: .top, verticalOffset: half)))
        #expect(parse("position", "top left") == .position(TTMLPosition(horizontalEdge: .left, horizontalOffset: zero, verticalEdge: .top, verticalOffset: zero)))
        #expect(parse("position", "bottom 10px right 5px") == .position(TTMLPosition(horizontalEdge: .right, horizontalOffset: px(5), verticalEdge: .bottom, verticalOffset: px(10))))
        #expect(parse("position", "center bottom 1px") == .position(TTMLPosition(horizontalEdge: .left, horizontalOffset: half, verticalEdge: .bottom, verticalOffset: px(1))))
        #expect(parse("position", "25% top") != nil)
        for bad in ["left right", "top bottom", "25% left", "center 1px center", "left 1px right 1px", "foo", "1px 2px 3px"] {
            #expect(parse("position", bad) == nil, "accepted \(bad)")
        }
    }

    @Test func fontsAndVariants() {
        #expect(parse("fontFamily", "PT Mono, 'Noto Sans',monospaceSerif") ==
                .fontFamilies([.named("PT Mono"), .named("Noto Sans"), .generic("monospaceSerif")]))
        #expect(parse("fontFamily", "a,,b") == nil)
        #expect(parse("fontFamily", "'unterminated") == nil)
        #expect(parse("fontVariant", "super ruby full") == .fontVariant(TTMLFontVariant(position: "super", width: "full", ruby: true)))
        for bad in ["normal ruby", "super sub", "full half", "sup"] { #expect(parse("fontVariant", bad) == nil) }
        #expect(parse("fontStyle", "oblique") == .keyword("oblique"))
        #expect(parse("fontWeight", "bolder") == nil)
    }

    @Test func decorationOutlineShadowEmphasis() {
        #expect(parse("textDecoration", "underline noLineThrough") ==
                .textDecoration(TTMLTextDecoration(underline: true, lineThrough: false, overline: nil)))
        #expect(parse("textDecoration", "underline noUnderline") == nil)
        #expect(parse("textOutline", "red 1px 2px") == .textOutline(TTMLTextOutline(color: Color(red: 255, green: 0, blue: 0), thickness: px(1), blur: px(2))))
        #expect(parse("textOutline", "1px") == .textOutline(TTMLTextOutline(color: nil, thickness: px(1), blur: nil)))
        #expect(parse("textOutline", "1px red") == nil)
        #expect(parse("textShadow", "1px 1px, -2px 2px 3px red")
                == .textShadow([TTMLTextShadow(offsetX: px(1), offsetY: px(1), blur: nil, color: nil),
                                TTMLTextShadow(offsetX: px(-2), offsetY: px(2), blur: px(3), color: Color(red: 255, green: 0, blue: 0))]))
        for bad in ["red 1px 1px", "1px", "1px 1px -1px", "1px 1px 1px 1px", "1px 1px unknown", "1px 1px,"] {
            #expect(parse("textShadow", bad) == nil, "accepted \(bad)")
        }
        #expect(parse("textEmphasis", "filled dot red after") != nil)
        #expect(parse("textEmphasis", "'\u{25B2}' outside") == .textEmphasis(TTMLTextEmphasis(style: .string("\u{25B2}"), color: nil, position: "outside")))
        #expect(parse("textEmphasis", "dot circle") == nil)
        #expect(parse("textEmphasis", "unknown") == nil)
    }

    @Test func borderAndRubyReserve() {
        #expect(parse("border", "2px red solid radii(1px, 2px)") ==
                .border(TTMLBorder(thickness: .length(px(2)), style: .solid, color: Color(red: 255, green: 0, blue: 0), radii: [px(1), px(2)])))
        #expect(parse("border", "radii( 2px ) medium") != nil)
        for bad in ["transparent red", "none solid", "2px medium", "-2px", "radii()", "radii(1px,2px,3px)", "radii(1px:2px)", "radii(-1px)"] {
            #expect(parse("border", bad) == nil, "accepted \(bad)")
        }
        #expect(parse("rubyReserve", "outside 6.7rh") == .rubyReserve(TTMLRubyReserve(position: "outside", length: TTMLLength(Fraction(67, 10), .rootHeight))))
        #expect(parse("rubyReserve", "before -1px") == nil)
        #expect(parse("rubyReserve", "middle") == nil)
    }

    @Test func numbers() {
        #expect(parse("opacity", "0.5") == .number(Fraction(1, 2)))
        #expect(parse("opacity", "1.0000001") == .number(.one))
        #expect(parse("opacity", "-INF") == .number(.zero))
        #expect(parse("opacity", "5E-1") == .number(Fraction(1, 2)))
        #expect(parse("opacity", "half") == nil)
        #expect(parse("luminanceGain", "999999999.999999999") != nil)
        for bad in ["+1", "-1", "0.", "x"] { #expect(parse("luminanceGain", bad) == nil, "accepted \(bad)") }
        #expect(parse("shear", "0.%") == .percentage(.zero))
        #expect(parse("shear", "-16.5%") == .percentage(Fraction(-33, 2)))
        #expect(parse("shear", "16.5") == nil)
        #expect(parse("zIndex", "-3") == .integer(-3))
        #expect(parse("zIndex", "1.5") == nil)
        #expect(parse("pan", "-1", TTMLExtraNamespace.audio) == .number(Fraction(-1)))
        #expect(parse("pan", "2", TTMLExtraNamespace.audio) == nil)
        #expect(parse("pitch", "+1.1st", TTMLExtraNamespace.audio) == .pitch(TTMLPitch(value: Fraction(11, 10), unit: "st")))
        #expect(parse("pitch", "1px", TTMLExtraNamespace.audio) == nil)
    }

    @Test func keywordsAreCaseSensitive() {
        #expect(parse("textAlign", "center") == .keyword("center"))
        #expect(parse("textAlign", "Center") == nil)
        #expect(parse("writingMode", "tbrl") == .keyword("tbrl"))
        #expect(error("displayAlign", "middle") == "'middle' is not one of before, center, after, justify")
    }
}
