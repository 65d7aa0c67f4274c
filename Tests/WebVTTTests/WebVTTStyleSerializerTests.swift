import Testing
import TimedText
@testable import WebVTT

@Suite struct WebVTTStyleSerializerTests {
    /// Writing the declarations and reading them back gives the same style.
    func roundTrips(_ style: StyleProperties, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let text = WebVTTStyleSerializer.declarations(style)
        let (sheet, diagnostics) = readStyleSheet("::cue { \(text) }")
        #expect(diagnostics.isEmpty, "\(text): \(diagnostics)", sourceLocation: sourceLocation)
        #expect((sheet.rules.first?.style ?? .none) == style, "\(text)", sourceLocation: sourceLocation)
    }

    @Test func declarationsText() {
        let style = StyleProperties(color: Color(red: 255, green: 255, blue: 0), fontStyle: .italic)
        #expect(WebVTTStyleSerializer.declarations(style) == "color: #ffff00; font-style: italic")
        #expect(WebVTTStyleSerializer.rule(selector: "::cue(.yellow)", style: StyleProperties(color: Color(red: 255, green: 255, blue: 0)))
                == "::cue(.yellow) { color: #ffff00; }")
        #expect(WebVTTStyleSerializer.rule(selector: "::cue", style: .none) == "::cue { }")
        #expect(WebVTTStyleSerializer.declarations(.none) == "")
    }

    @Test func everyPropertyRoundTrips() {
        let full = StyleProperties(
            color: Color(red: 1, green: 2, blue: 3, alpha: 4), backgroundColor: Color(red: 0, green: 0, blue: 0, alpha: 204),
            fontFamilies: ["Noto Sans CJK", "Times \"New\" Roman", "monospace", "1st", "inherit"],
            fontSize: .viewportHeight(Fraction(1, 20)), fontStyle: .oblique, fontWeight: .bold,
            textDecoration: [.underline, .overline, .lineThrough], opacity: Fraction(3, 8), visibility: .hidden,
            textShadow: [StyleProperties.TextShadow(offsetX: .pixels(Fraction(-1)), offsetY: .em(Fraction(1, 10)),
                                                    blurRadius: .pixels(Fraction(3, 2)), color: Color(red: 9, green: 8, blue: 7)),
                         StyleProperties.TextShadow(offsetX: .pixels(.zero), offsetY: .viewportWidth(Fraction(1, 100)))],
            textDecorationColor: Color(red: 10, green: 20, blue: 30), textDecorationStyle: .wavy,
            outline: StyleProperties.Outline(placement: .box, style: .double, color: Color(red: 255, green: 0, blue: 0),
                                             width: .em(Fraction(18, 100))),
            lineHeight: .multiple(Fraction(5, 4)), whiteSpaceCollapse: .preserve, textWrap: .noWrap,
            textCombine: .digits(3), rubyPosition: .alternateUnder)
        roundTrips(full)
        // Every property alone, and each enum case.
        roundTrips(StyleProperties(color: .white))
        roundTrips(StyleProperties(backgroundColor: .transparent))
        roundTrips(StyleProperties(fontFamilies: ["a b", "ünïcode"]))
        for size: StyleProperties.Length in [.pixels(Fraction(18)), .pixels(Fraction(128, 9)), .em(Fraction(5, 6)), .em(Fraction(3, 2)),
                                             .fraction(Fraction(1, 8)), .viewportWidth(Fraction(3, 100)), .pixels(Fraction(1, 1024))] {
            roundTrips(StyleProperties(fontSize: size))
        }
        for fontStyle: StyleProperties.FontStyle in [.normal, .italic, .oblique] { roundTrips(StyleProperties(fontStyle: fontStyle)) }
        for weight: StyleProperties.FontWeight in [.normal, .bold] { roundTrips(StyleProperties(fontWeight: weight)) }
        roundTrips(StyleProperties(textDecoration: []))
        roundTrips(StyleProperties(textDecoration: .underline))
        roundTrips(StyleProperties(opacity: .zero))
        roundTrips(StyleProperties(opacity: .one))
        roundTrips(StyleProperties(visibility: .visible))
        roundTrips(StyleProperties(textShadow: []))
        for style: StyleProperties.TextDecorationStyle in [.solid, .double, .dotted, .dashed, .wavy] {
            roundTrips(StyleProperties(textDecorationStyle: style))
        }
        for style: StyleProperties.Outline.Style in [.none, .auto, .solid, .dotted, .dashed, .double, .groove, .ridge, .inset, .outset] {
            roundTrips(StyleProperties(outline: StyleProperties.Outline(placement: .box, style: style, width: .pixels(Fraction(2)))))
        }
        for height: StyleProperties.LineHeight in [.normal, .multiple(Fraction(3, 2)), .length(.pixels(Fraction(20))), .length(.fraction(Fraction(6, 5)))] {
            roundTrips(StyleProperties(lineHeight: height))
        }
        // White space goes as the `white-space` keyword ::cue allows; a half left out is the cue's
        // own (pre-line), and a pair no keyword says is reported instead.
        for collapse: StyleProperties.WhiteSpaceCollapse in [.collapse, .preserve, .preserveBreaks, .breakSpaces] {
            roundTrips(StyleProperties(whiteSpaceCollapse: collapse, textWrap: .wrap))
            let alone = StyleProperties(whiteSpaceCollapse: collapse)
            #expect(WebVTTStyleSerializer.unsaid(alone).isEmpty)
            #expect(readStyleSheet("::cue { \(WebVTTStyleSerializer.declarations(alone)) }").sheet.rules.first?.style
                    == StyleProperties(whiteSpaceCollapse: collapse, textWrap: .wrap))
        }
        roundTrips(StyleProperties(whiteSpaceCollapse: .collapse, textWrap: .noWrap))
        roundTrips(StyleProperties(whiteSpaceCollapse: .preserve, textWrap: .noWrap))
        for unsayable in [StyleProperties(whiteSpaceCollapse: .preserveBreaks, textWrap: .noWrap),
                          StyleProperties(whiteSpaceCollapse: .breakSpaces, textWrap: .noWrap), StyleProperties(textWrap: .noWrap)] {
            #expect(WebVTTStyleSerializer.declarations(unsayable) == "")
            #expect(WebVTTStyleSerializer.unsaid(unsayable) == ["white-space"])
        }
        for combine: StyleProperties.TextCombine in [.none, .all, .digits(2), .digits(4)] { roundTrips(StyleProperties(textCombine: combine)) }
        for position: StyleProperties.RubyPosition in [.over, .under, .interCharacter, .alternateOver, .alternateUnder] {
            roundTrips(StyleProperties(rubyPosition: position))
        }
    }

    @Test func whatCSSCannotSayIsLeftOut() {
        let style = StyleProperties(fontSize: .cells(Fraction(1)),
                                    outline: StyleProperties.Outline(placement: .glyphs, color: .black, width: .pixels(Fraction(2))))
        #expect(WebVTTStyleSerializer.declarations(style) == "")
        #expect(WebVTTStyleSerializer.declarations(StyleProperties(opacity: Fraction(1, 3))) == "opacity: 0.333333")
    }

    @Test func identifiersAreEscapedForSelectors() {
        #expect(WebVTTStyleSerializer.identifier("123") == "\\31 23")
        #expect(WebVTTStyleSerializer.identifier("crédit de transcription") == "crédit\\ de\\ transcription")
        #expect(WebVTTStyleSerializer.identifier("-") == "\\-")
        #expect(WebVTTStyleSerializer.identifier("-1a") == "-\\31 a")
        for id in ["123", "crédit de transcription", "a.b#c", "-", "--x", "tab\there", "q\"uote"] {
            let rule = WebVTTStyleSerializer.rule(selector: "::cue(#\(WebVTTStyleSerializer.identifier(id)))",
                                                  style: StyleProperties(color: .white))
            let (sheet, diagnostics) = readStyleSheet(rule)
            #expect(diagnostics.isEmpty, "\(rule)")
            #expect(sheet.rules.first?.selectors.first?.argument.first?.ids == [id], "\(rule)")
        }
    }
}
