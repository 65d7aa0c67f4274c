import Testing
import TimedText
@testable import WebVTT

/// Reads `css` as one STYLE block starting at `line`.
func readStyleSheet(_ css: String, line: Int = 1) -> (sheet: WebVTTStyleSheet, diagnostics: [Diagnostic]) {
    var log = DiagnosticLog()
    let sheet = WebVTTStyleSheet(parsing: css, startingLine: line, diagnostics: &log)
    return (sheet, log.finished())
}

/// The style that `::cue { declarations }` declares.
func declaredStyle(_ declarations: String) -> StyleProperties {
    let (sheet, _) = readStyleSheet("::cue { \(declarations) }")
    return sheet.rules.first?.style ?? .none
}

func codes(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.code.rawValue) }

@Suite struct WebVTTStyleSheetSelectorTests {
    @Test func bareCueAndRegionPseudoElements() {
        let (sheet, diagnostics) = readStyleSheet("::cue { color: red }\n::CUE-REGION { color: blue }")
        #expect(diagnostics.isEmpty)
        #expect(sheet.rules.map(\.selectors) == [[WebVTTCueSelector(.cue)], [WebVTTCueSelector(.cueRegion)]])
        #expect(sheet.rules[0].selectors[0].specificity == WebVTTSpecificity(ids: 0, classes: 0, types: 1))
        #expect(sheet.rules[0].location == SourceLocation(line: 1, column: 1))
        #expect(sheet.rules[1].location == SourceLocation(line: 2, column: 1))
        #expect(!sheet.isEmpty)
    }

    @Test func idSelectorsTakeCSSEscapes() {
        let (sheet, diagnostics) = readStyleSheet(#"::cue(#\31 23) { color: lime } ::cue(#crédit\ de\ transcription) { color: red }"#)
        #expect(diagnostics.isEmpty)
        #expect(sheet.rules[0].selectors == [WebVTTCueSelector(.cue, argument: [WebVTTCompoundSelector(ids: ["123"])])])
        #expect(sheet.rules[1].selectors[0].argument[0].ids == ["crédit de transcription"])
        #expect(sheet.rules[0].selectors[0].specificity == WebVTTSpecificity(ids: 1, classes: 0, types: 1))
    }

    @Test func typeClassAttributeAndLanguageSelectors() {
        let (sheet, diagnostics) = readStyleSheet("""
            ::cue(c.loud.red) { color: red }
            ::cue(v[voice="Esme"]) { color: cyan }
            ::cue(lang[lang|=en]) { color: blue }
            ::cue([voice]) { color: lime }
            ::cue(v[voice~=Mary i]) { color: gray }
            ::cue(*:lang(en, "fr-CA")) { color: white }
            """)
        #expect(diagnostics.isEmpty)
        let argument = sheet.rules.map { $0.selectors[0].argument[0] }
        #expect(argument[0] == WebVTTCompoundSelector(typeName: "c", classes: ["loud", "red"]))
        #expect(argument[1] == WebVTTCompoundSelector(typeName: "v", attributes: [WebVTTAttributeSelector(name: "voice", match: .equals("Esme"))]))
        #expect(argument[2].attributes == [WebVTTAttributeSelector(name: "lang", match: .dashMatch("en"))])
        #expect(argument[3] == WebVTTCompoundSelector(attributes: [WebVTTAttributeSelector(name: "voice", match: .exists)]))
        #expect(argument[4].attributes == [WebVTTAttributeSelector(name: "voice", match: .includesWord("Mary"), caseInsensitive: true)])
        #expect(argument[5] == WebVTTCompoundSelector(languageRanges: [["en", "fr-CA"]]))
        #expect(sheet.rules[0].selectors[0].specificity == WebVTTSpecificity(ids: 0, classes: 2, types: 2))
        #expect(sheet.rules[5].selectors[0].specificity == WebVTTSpecificity(ids: 0, classes: 1, types: 1))
    }

    @Test func combinatorsAndLists() {
        let (sheet, diagnostics) = readStyleSheet("::cue(v b), ::cue(ruby > rt), ::cue(i + b, i ~ u) { color: red }")
        #expect(diagnostics.isEmpty)
        let arguments = sheet.rules[0].selectors.map(\.argument)
        #expect(arguments == [
            [WebVTTCompoundSelector(typeName: "v"), WebVTTCompoundSelector(combinator: .descendant, typeName: "b")],
            [WebVTTCompoundSelector(typeName: "ruby"), WebVTTCompoundSelector(combinator: .child, typeName: "rt")],
            [WebVTTCompoundSelector(typeName: "i"), WebVTTCompoundSelector(combinator: .nextSibling, typeName: "b")],
            [WebVTTCompoundSelector(typeName: "i"), WebVTTCompoundSelector(combinator: .subsequentSibling, typeName: "u")],
        ])
        #expect(sheet.rules[0].selectors[0].specificity == WebVTTSpecificity(ids: 0, classes: 0, types: 3))
    }

    @Test func videoPrefixAndRegionIDs() {
        let (sheet, diagnostics) = readStyleSheet("video::cue(b) { color: red } ::cue-region(#editor) { color: blue }")
        #expect(diagnostics.isEmpty)
        #expect(sheet.rules[0].selectors[0].hasVideoTypeSelector)
        #expect(sheet.rules[0].selectors[0].specificity == WebVTTSpecificity(ids: 0, classes: 0, types: 3))
        #expect(sheet.rules[1].selectors == [WebVTTCueSelector(.cueRegion, argument: [WebVTTCompoundSelector(ids: ["editor"])])])
    }

    @Test func unsupportedSelectorsAreReportedAndSkippedAlone() {
        let (sheet, diagnostics) = readStyleSheet("""
            ::cue(:past), ::cue(b) { color: red }
            .foo { color: blue }
            ::cue:hover { color: green }
            ::cue(div) { color: white }
            ::cue-region(.x) { color: black }
            ::cue(:first-child) { color: gray }
            ::cue([title]) { color: gray }
            """)
        #expect(codes(diagnostics) == Array(repeating: "webvtt.css-unsupported-selector", count: 7))
        #expect(diagnostics[0].location == SourceLocation(line: 1, column: 7))
        #expect(diagnostics[0].message.contains(":past"))
        #expect(diagnostics[1].location == SourceLocation(line: 2, column: 1))
        #expect(sheet.rules.count == 1)
        #expect(sheet.rules[0].selectors == [WebVTTCueSelector(.cue, argument: [WebVTTCompoundSelector(typeName: "b")])])
    }

    @Test func invalidSelectorsDropTheWholeRule() {
        for css in ["::cue(::bar), ::cue(b) { color: red }", "::cue() { color: red }", "::cue(b >) { color: red }",
                    "::cue(#123) { color: red }", "::cue(b) i { color: red }", "::cue(b { color: red }",
                    "::cue(.) { color: red }", "::cue([voice=]) { color: red }"] {
            let (sheet, diagnostics) = readStyleSheet(css)
            #expect(sheet.rules.isEmpty, "\(css)")
            #expect(!diagnostics.isEmpty, "\(css)")
        }
        let (_, diagnostics) = readStyleSheet("::cue(::bar) { width: 18px; }")
        #expect(codes(diagnostics) == ["webvtt.css-bad-selector"])
        #expect(diagnostics[0].location == SourceLocation(line: 1, column: 7))
    }

    /// The web-platform-tests file `stylesheets.vtt`: every rule there is unusable, and says why.
    @Test func wptStylesheetsFileBlocks() {
        let first = readStyleSheet("""
            ::cue(#foo) {
                width: 20px;
            } /*
            NOTE hello
            00:00:00.000 -- > 00:00:01.000
            */
            .foo {
                width: 19px;
            }
            """, line: 4)
        #expect(first.sheet.isEmpty)
        #expect(codes(first.diagnostics) == ["webvtt.css-unsupported-property", "webvtt.css-unsupported-selector"])
        #expect(first.diagnostics[0].location == SourceLocation(line: 5, column: 5))
        #expect(first.diagnostics[1].location == SourceLocation(line: 10, column: 1))
    }
}

@Suite struct WebVTTStyleSheetPropertyTests {
    @Test func colours() {
        #expect(declaredStyle("color: #ff0").color == Color(red: 255, green: 255, blue: 0))
        #expect(declaredStyle("color: PapayaWhip").color == Color(red: 0xFF, green: 0xEF, blue: 0xD5))
        #expect(declaredStyle("color: rgba(0, 0, 0, 0.6)").color == Color(red: 0, green: 0, blue: 0, alpha: 153))
        #expect(declaredStyle("color: rgb(0 0 0 / 60%)").color == Color(red: 0, green: 0, blue: 0, alpha: 153))
        #expect(declaredStyle("color: rgb(100%, 50%, 0%)").color == Color(red: 255, green: 128, blue: 0))
        #expect(declaredStyle("color: hsl(120 100% 25%)").color == Color(red: 0, green: 128, blue: 0))
        #expect(declaredStyle("color: hsla(240deg, 100%, 50%, .5)").color == Color(red: 0, green: 0, blue: 255, alpha: 128))
        #expect(declaredStyle("background-color: transparent").backgroundColor == .transparent)
        #expect(declaredStyle("color: #ff000080").color == Color(red: 255, green: 0, blue: 0, alpha: 128))
    }

    @Test func opacityVisibilityAndDecoration() {
        #expect(declaredStyle("opacity: 0.25").opacity == Fraction(1, 4))
        #expect(declaredStyle("opacity: 50%").opacity == Fraction(1, 2))
        #expect(declaredStyle("opacity: 2").opacity == .one)
        #expect(declaredStyle("visibility: hidden").visibility == .hidden)
        #expect(declaredStyle("visibility: collapse").visibility == .hidden)
        #expect(declaredStyle("visibility: visible").visibility == .visible)
        let decoration = declaredStyle("text-decoration: underline overline wavy red")
        #expect(decoration.textDecoration == [.underline, .overline])
        #expect(decoration.textDecorationStyle == .wavy)
        #expect(decoration.textDecorationColor == Color(red: 255, green: 0, blue: 0))
        // The shorthand resets the parts it omits.
        let reset = declaredStyle("text-decoration-color: red; text-decoration: line-through")
        #expect(reset.textDecoration == .lineThrough && reset.textDecorationStyle == .solid && reset.textDecorationColor == nil)
        #expect(declaredStyle("text-decoration: none").textDecoration == [])
        let longhands = declaredStyle("text-decoration-line: underline line-through; text-decoration-style: dotted; text-decoration-color: #00f")
        #expect(longhands.textDecoration == [.underline, .lineThrough])
        #expect(longhands.textDecorationStyle == .dotted)
        #expect(longhands.textDecorationColor == Color(red: 0, green: 0, blue: 255))
    }

    @Test func textShadows() {
        let style = declaredStyle("text-shadow: 1px 2px 3px black, red -1px 0.5em, 0 0")
        #expect(style.textShadow == [
            StyleProperties.TextShadow(offsetX: .pixels(Fraction(1)), offsetY: .pixels(Fraction(2)), blurRadius: .pixels(Fraction(3)), color: .black),
            StyleProperties.TextShadow(offsetX: .pixels(Fraction(-1)), offsetY: .em(Fraction(1, 2)), color: Color(red: 255, green: 0, blue: 0)),
            StyleProperties.TextShadow(offsetX: .pixels(Fraction(0)), offsetY: .pixels(Fraction(0))),
        ])
        #expect(declaredStyle("text-shadow: none").textShadow == [])
        let (sheet, diagnostics) = readStyleSheet("::cue { text-shadow: 1px; text-shadow: 1px 1px -2px; text-shadow: 1px red 1px }")
        #expect(sheet.isEmpty)
        #expect(codes(diagnostics) == Array(repeating: "webvtt.css-bad-declaration", count: 3))
    }

    @Test func backgroundKeepsOnlyItsColour() {
        #expect(declaredStyle("background: rgba(0,0,0,0.8)").backgroundColor == Color(red: 0, green: 0, blue: 0, alpha: 204))
        let (sheet, diagnostics) = readStyleSheet("::cue { background: url(x.png) no-repeat center / cover, linear-gradient(red, blue) navy }")
        #expect(sheet.rules[0].style.backgroundColor == Color(red: 0, green: 0, blue: 0x80))
        #expect(codes(diagnostics) == ["webvtt.css-approximated-value"])
        #expect(diagnostics[0].severity == .info)
        // Without a colour the shorthand sets the initial one.
        #expect(declaredStyle("background-color: red; background: none").backgroundColor == .transparent)
        let image = readStyleSheet("::cue { background-image: linear-gradient(to bottom, dimgray, lightgray); color: papayawhip }")
        #expect(codes(image.diagnostics) == ["webvtt.css-unsupported-property"])
        #expect(image.sheet.rules[0].style == StyleProperties(color: Color(red: 0xFF, green: 0xEF, blue: 0xD5)))
    }

    @Test func outlines() {
        #expect(declaredStyle("outline: 2px solid #f00").outline
                == StyleProperties.Outline(placement: .box, style: .solid, color: Color(red: 255, green: 0, blue: 0), width: .pixels(Fraction(2))))
        #expect(declaredStyle("outline: dashed thick").outline
                == StyleProperties.Outline(placement: .box, style: .dashed, color: nil, width: .pixels(Fraction(5))))
        // A longhand alone starts from the initial outline (`medium none`), as CSS computes it.
        #expect(declaredStyle("outline-color: blue").outline
                == StyleProperties.Outline(placement: .box, style: .none, color: Color(red: 0, green: 0, blue: 255), width: .pixels(Fraction(3))))
        #expect(declaredStyle("outline-width: thin; outline-style: dotted; outline-color: auto").outline
                == StyleProperties.Outline(placement: .box, style: .dotted, color: nil, width: .pixels(Fraction(1))))
        #expect(declaredStyle("outline: 0.18em solid rgba(0, 0, 0, 0.7)").outline?.width == .em(Fraction(18, 100)))
    }

    @Test func fontLonghands() {
        #expect(declaredStyle(#"font-family: "Noto Sans", Times New Roman, monospace"#).fontFamilies == ["Noto Sans", "Times New Roman", "monospace"])
        #expect(declaredStyle("font-size: 5vh").fontSize == .viewportHeight(Fraction(1, 20)))
        #expect(declaredStyle("font-size: 2.5vw").fontSize == .viewportWidth(Fraction(1, 40)))
        #expect(declaredStyle("font-size: 120%").fontSize == .fraction(Fraction(6, 5)))
        #expect(declaredStyle("font-size: 1.5em").fontSize == .em(Fraction(3, 2)))
        #expect(declaredStyle("font-size: 18px").fontSize == .pixels(Fraction(18)))
        #expect(declaredStyle("font-size: 12pt").fontSize == .pixels(Fraction(16)))
        #expect(declaredStyle("font-size: 1in").fontSize == .pixels(Fraction(96)))
        #expect(declaredStyle("font-size: 1e1px").fontSize == .pixels(Fraction(10)))
        #expect(declaredStyle("font-size: large").fontSize == .pixels(Fraction(96, 5)))
        #expect(declaredStyle("font-size: small").fontSize == .pixels(Fraction(128, 9)))
        #expect(declaredStyle("font-size: larger").fontSize == .em(Fraction(6, 5)))
        #expect(declaredStyle("font-style: italic").fontStyle == .italic)
        #expect(declaredStyle("font-style: oblique 10deg").fontStyle == .oblique)
        #expect(declaredStyle("font-weight: bold").fontWeight == .bold)
        #expect(declaredStyle("font-weight: 700").fontWeight == .bold)
        #expect(declaredStyle("font-weight: 400").fontWeight == .normal)
        #expect(declaredStyle("line-height: 1.5").lineHeight == .multiple(Fraction(3, 2)))
        #expect(declaredStyle("line-height: 150%").lineHeight == .length(.fraction(Fraction(3, 2))))
        #expect(declaredStyle("line-height: 20px").lineHeight == .length(.pixels(Fraction(20))))
        #expect(declaredStyle("line-height: normal").lineHeight == .normal)
    }

    @Test func fontShorthand() {
        #expect(declaredStyle("font: italic bold 12px/30px Georgia, serif") == StyleProperties(
            fontFamilies: ["Georgia", "serif"], fontSize: .pixels(Fraction(12)), fontStyle: .italic, fontWeight: .bold,
            lineHeight: .length(.pixels(Fraction(30)))))
        // Omitted parts reset to their initial values.
        #expect(declaredStyle("font-weight: bold; font: 5vh sans-serif") == StyleProperties(
            fontFamilies: ["sans-serif"], fontSize: .viewportHeight(Fraction(1, 20)), fontStyle: .normal, fontWeight: .normal,
            lineHeight: .normal))
        #expect(declaredStyle("font: normal 600 1.2em/1.1 \"A B\"").fontWeight == .bold)
        let (_, diagnostics) = readStyleSheet("::cue { font: caption; font: 12px; font: small-caps 12px serif }")
        #expect(codes(diagnostics) == ["webvtt.css-unsupported-value", "webvtt.css-bad-declaration", "webvtt.css-approximated-value"])
    }

    @Test func whiteSpaceCombineAndRuby() {
        let pre = declaredStyle("white-space: pre")
        #expect(pre.whiteSpaceCollapse == .preserve && pre.textWrap == .noWrap)
        let preLine = declaredStyle("white-space: pre-line")
        #expect(preLine.whiteSpaceCollapse == .preserveBreaks && preLine.textWrap == .wrap)
        let nowrap = declaredStyle("white-space: nowrap")
        #expect(nowrap.whiteSpaceCollapse == .collapse && nowrap.textWrap == .noWrap)
        let level4 = declaredStyle("white-space: break-spaces nowrap")
        #expect(level4.whiteSpaceCollapse == .breakSpaces && level4.textWrap == .noWrap)
        #expect(declaredStyle("text-combine-upright: all").textCombine == .all)
        #expect(declaredStyle("text-combine-upright: digits 3").textCombine == .digits(3))
        #expect(declaredStyle("text-combine-upright: digits").textCombine == .digits(2))
        #expect(declaredStyle("text-combine-upright: none").textCombine == StyleProperties.TextCombine.none)
        #expect(declaredStyle("ruby-position: under").rubyPosition == .under)
        #expect(declaredStyle("ruby-position: inter-character").rubyPosition == .interCharacter)
        #expect(declaredStyle("ruby-position: under alternate").rubyPosition == .alternateUnder)
        #expect(declaredStyle("ruby-position: alternate").rubyPosition == .alternateOver)
    }

    @Test func unknownAndUnsupportedPropertiesAndValues() {
        let (sheet, diagnostics) = readStyleSheet("""
            ::cue {
              colr: red;
              width: 20px;
              font-size: 2rem;
              color: inherit;
              color: var(--x);
              font-variant: small-caps;
              --brand: red;
              font-weight: 550;
              color: lime;
            }
            """, line: 7)
        #expect(codes(diagnostics) == [
            "webvtt.css-unsupported-property", "webvtt.css-unsupported-property", "webvtt.css-unsupported-value",
            "webvtt.css-unsupported-value", "webvtt.css-unsupported-value", "webvtt.css-unsupported-property",
            "webvtt.css-unsupported-property", "webvtt.css-approximated-value",
        ])
        #expect(diagnostics[0].location == SourceLocation(line: 8, column: 3))
        #expect(diagnostics[0].severity == .warning)
        #expect(sheet.rules[0].style == StyleProperties(color: Color(red: 0, green: 255, blue: 0), fontWeight: .normal))
    }

    @Test func importantWinsWithinARule() {
        let style = declaredStyle("color: red !important; color: blue; opacity: 0.5 ! IMPORTANT")
        #expect(style.color == Color(red: 255, green: 0, blue: 0))
        #expect(style.opacity == Fraction(1, 2))
        let (sheet, _) = readStyleSheet("::cue { color: red !important }")
        #expect(sheet.rules[0].declarations == [WebVTTStyleDeclaration(.color(Color(red: 255, green: 0, blue: 0)), isImportant: true)])
    }
}

@Suite struct WebVTTStyleSheetRecoveryTests {
    @Test func unterminatedBlockIsClosedAtTheEnd() {
        let (sheet, diagnostics) = readStyleSheet("::cue(b) { color: red; font-style: italic")
        #expect(sheet.rules.count == 1)
        #expect(sheet.rules[0].style == StyleProperties(color: Color(red: 255, green: 0, blue: 0), fontStyle: .italic))
        #expect(codes(diagnostics) == ["webvtt.css-unterminated"])
        #expect(diagnostics[0].location == SourceLocation(line: 1, column: 10))
    }

    @Test func missingBraceSwallowsTheNextRuleAsCSSDoes() {
        let (sheet, diagnostics) = readStyleSheet("::cue { color: red\n::cue(b) { color: blue }\n::cue(i) { color: lime }")
        // `color: red ::cue(b) {…} ::cue(i) {…}` is one bad declaration in a block that never closes.
        #expect(sheet.isEmpty)
        #expect(Set(codes(diagnostics)) == ["webvtt.css-bad-declaration", "webvtt.css-unterminated"])
    }

    @Test func selectorWithoutBlockAndStrayTokens() {
        let (sheet, diagnostics) = readStyleSheet("garbage ;; } {} ::cue { color: lime } ::cue(i)")
        #expect(sheet.rules.count == 1)
        #expect(sheet.rules[0].style.color == Color(red: 0, green: 255, blue: 0))
        #expect(codes(diagnostics) == ["webvtt.css-unsupported-selector", "webvtt.css-bad-rule"])
        #expect(diagnostics[1].location == SourceLocation(line: 1, column: 39))
    }

    @Test func badDeclarationsSkipToTheNextSemicolon() {
        let (sheet, diagnostics) = readStyleSheet("""
            ::cue { color: ; color red; { nested { deep } ; still: nested } ; 12px: x; font-weight: bold; color: "red"; opacity: 0.5 }
            """)
        #expect(sheet.rules[0].style == StyleProperties(fontWeight: .bold, opacity: Fraction(1, 2)))
        #expect(codes(diagnostics) == Array(repeating: "webvtt.css-bad-declaration", count: 5))
    }

    @Test func atRulesAndCommentsAreSkipped() {
        let (sheet, diagnostics) = readStyleSheet("""
            @import url(more.css);
            @media (min-width: 100px) { ::cue { color: red } }
            /* a comment { with braces */
            ::cue { /* inside */ color: /* value */ blue; @page { x: y } }
            <!-- ::cue(b) { font-weight: bold } -->
            """)
        #expect(sheet.rules.count == 2)
        #expect(sheet.rules[0].style == StyleProperties(color: Color(red: 0, green: 0, blue: 255)))
        #expect(sheet.rules[1].style == StyleProperties(fontWeight: .bold))
        #expect(codes(diagnostics) == ["webvtt.css-unsupported-at-rule", "webvtt.css-unsupported-at-rule", "webvtt.css-unsupported-at-rule"])
        #expect(diagnostics.map(\.location) == [SourceLocation(line: 1, column: 1), SourceLocation(line: 2, column: 1),
                                                SourceLocation(line: 4, column: 47)])
    }

    @Test func unterminatedCommentAndString() {
        let (sheet, diagnostics) = readStyleSheet("::cue { font-family: \"Open\n; color: red } /* never closed")
        #expect(sheet.rules[0].style == StyleProperties(color: Color(red: 255, green: 0, blue: 0)))
        #expect(codes(diagnostics) == ["webvtt.css-unterminated", "webvtt.css-bad-declaration"])
    }

    @Test func hugeAndDeeplyNestedInputStaysLinear() {
        let deep = String(repeating: "(", count: 200_000) + "::cue { color: red }"
        #expect(readStyleSheet(deep).sheet.isEmpty)
        let braces = "::cue { color: red; " + String(repeating: "{", count: 200_000)
        #expect(readStyleSheet(braces).sheet.rules[0].style.color == Color(red: 255, green: 0, blue: 0))
        let functions = "::cue { color: " + String(repeating: "rgb(", count: 100_000) + "}"
        #expect(readStyleSheet(functions).sheet.isEmpty)
        let manyRules = String(repeating: "::cue(.a) { color: red }\n", count: 20_000)
        #expect(readStyleSheet(manyRules).sheet.rules.count == 20_000)
        let longSelector = "::cue(" + String(repeating: "b ", count: 10_000) + ") { color: red }"
        let (sheet, diagnostics) = readStyleSheet(longSelector)
        #expect(sheet.isEmpty && codes(diagnostics) == ["webvtt.css-unsupported-selector"])
        var garbage = ""
        for i in 0..<50_000 { garbage += ["}", "{", ";", "@x", "::cue(", "\"", "/*", "*/", ")", "[", "#", "\\"][i % 12] }
        _ = readStyleSheet(garbage)
    }

    @Test func numbersTooLargeToKeepAreReported() {
        let (sheet, diagnostics) = readStyleSheet("::cue { font-size: 1e30px; opacity: 0.1234567890123456789 }")
        #expect(sheet.isEmpty)
        #expect(codes(diagnostics) == ["webvtt.css-unsupported-value", "webvtt.css-unsupported-value"])
    }
}
