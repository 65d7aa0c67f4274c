import Testing
import TimedText
import TextScanning
@testable import TTML

/// The styles of vertical and bidirectional text reach the model: `tts:direction`,
/// `tts:unicodeBidi`, `tts:textEmphasis` and `tts:shear`, and a right-to-left writing mode's
/// direction.
@Suite struct TTMLBidiAndEmphasisStyleTests {
    static func document(paragraph attributes: String, region: String = "", inner: String = #"<span tts:direction="ltr">inner</span>"#) -> Document {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="ja">
          <head><layout><region xml:id="r" \(region)/></layout></head>
          <body region="r"><div><p begin="1s" end="2s" \(attributes)>text\(inner)</p></div></body>
        </tt>
        """
        return TTMLReader().read(SourceText(text)).value
    }

    static func paragraphStyle(_ doc: Document) -> StyleProperties {
        TTMLLineStyleTests.paragraphStyle(doc)
    }

    /// The paragraph's own style: the cue's, overlaid by its top-level spans' (a cue of one
    /// paragraph carries the paragraph's style itself).
    static func ownStyle(_ doc: Document) -> StyleProperties {
        guard let cue = doc.tracks.first?.cues.first else { return .none }
        var style = cue.style
        for case .span(let span) in cue.content { style = style.overlaid(by: span.style) }
        return style
    }

    /// Damaged values are reported and leave the initial value (nothing drawn); a shear past
    /// ±100% is clamped (TTML2 §10.2.41).
    @Test func badValuesAreReportedAndIgnored() {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="ja">
          <body><div><p begin="1s" end="2s" tts:textEmphasis="sparkles everywhere" tts:direction="sideways">text</p></div></body>
        </tt>
        """
        let result = TTMLReader().read(SourceText(text))
        #expect(result.diagnostics.count >= 2, "\(result.diagnostics.map(\.message))")
        let style = Self.ownStyle(result.value)
        #expect(style.textEmphasis == nil || style.textEmphasis?.style == StyleProperties.TextEmphasis.Style.none)
        #expect(style.direction != .rtl)
        #expect(Self.ownStyle(Self.document(paragraph: #"tts:shear="250%""#)).shear == Fraction.one)
    }

    @Test func directionAndUnicodeBidiAreRead() {
        let style = Self.ownStyle(Self.document(paragraph: #"tts:direction="rtl" tts:unicodeBidi="bidiOverride""#))
        #expect(style.direction == .rtl)
        #expect(style.unicodeBidi == .bidiOverride)
        let plain = Self.ownStyle(Self.document(paragraph: ""))
        #expect(plain.direction == .ltr, "the initial value")
        #expect(plain.unicodeBidi == .normal)
    }

    @Test func aSpanKeepsItsOwnDirectionInsideAnother() {
        // The inner span states ltr inside an rtl paragraph: it carries the value.
        let style = Self.paragraphStyle(Self.document(paragraph: #"tts:direction="rtl""#))
        #expect(style.direction == .ltr)
    }

    @Test func aRightToLeftWritingModeMakesTheDirectionRightToLeft() {
        #expect(Self.ownStyle(Self.document(paragraph: "", region: #"tts:writingMode="rltb""#, inner: "")).direction == .rtl)
        #expect(Self.ownStyle(Self.document(paragraph: "", region: #"tts:writingMode="rl""#, inner: "")).direction == .rtl)
        #expect(Self.ownStyle(Self.document(paragraph: "", region: #"tts:writingMode="lrtb""#, inner: "")).direction == .ltr)
        // A stated direction wins over the writing mode's.
        #expect(Self.ownStyle(Self.document(paragraph: "", region: #"tts:writingMode="rltb" tts:direction="ltr""#, inner: "")).direction == .ltr)
    }

    @Test func textEmphasisIsRead() {
        let dot = Self.ownStyle(Self.document(paragraph: #"tts:textEmphasis="open dot after""#)).textEmphasis
        #expect(dot == StyleProperties.TextEmphasis(style: .shape(.dot, filled: false), position: .after))
        let colored = Self.ownStyle(Self.document(paragraph: #"tts:textEmphasis="sesame red""#)).textEmphasis
        #expect(colored == StyleProperties.TextEmphasis(style: .shape(.sesame, filled: true), color: Color(red: 255, green: 0, blue: 0),
                                                         position: .outside))
        let filled = Self.ownStyle(Self.document(paragraph: #"tts:textEmphasis="filled""#)).textEmphasis
        #expect(filled?.style == .shape(nil, filled: true), "the shape is the writing mode's")
        #expect(Self.ownStyle(Self.document(paragraph: #"tts:textEmphasis="auto""#)).textEmphasis?.style == .auto)
        #expect(Self.ownStyle(Self.document(paragraph: #"tts:textEmphasis="'*'""#)).textEmphasis?.style == .string("*"))
        #expect(Self.ownStyle(Self.document(paragraph: "")).textEmphasis?.style == StyleProperties.TextEmphasis.Style.none)
    }

    @Test func shearIsAProportionOfARightAngle() {
        #expect(Self.ownStyle(Self.document(paragraph: #"tts:shear="50%""#)).shear == Fraction(1, 2))
        #expect(Self.ownStyle(Self.document(paragraph: #"tts:shear="-25%""#)).shear == Fraction(-1, 4))
        #expect(Self.ownStyle(Self.document(paragraph: "")).shear == .zero)
    }

    @Test func whatADivSetsReachesItsParagraphs() {
        // A div without a background is no node of the model: its paragraphs carry its styles.
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
          <body><div tts:color="red" tts:shear="30%"><p begin="1s" end="2s">text</p></div></body>
        </tt>
        """
        let style = Self.paragraphStyle(TTMLReader().read(SourceText(text)).value)
        #expect(style.color == Color(red: 255, green: 0, blue: 0))
        #expect(style.shear == Fraction(3, 10))
    }

    @Test func fontVariantPositionIsRead() {
        #expect(Self.ownStyle(Self.document(paragraph: #"tts:fontVariant="super""#)).fontVariantPosition == .superscripted)
        #expect(Self.ownStyle(Self.document(paragraph: #"tts:fontVariant="sub""#)).fontVariantPosition == .subscripted)
        #expect(Self.ownStyle(Self.document(paragraph: "")).fontVariantPosition == .normal)
    }
}
