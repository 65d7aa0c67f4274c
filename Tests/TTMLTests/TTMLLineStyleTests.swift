import Testing
import TimedText
import TextScanning
@testable import TTML

/// The paragraph and ruby styles that shape lines rather than glyphs reach the model: TTML2's
/// `tts:rubyAlign` and `tts:rubyReserve`, EBU-TT-D's `ebutts:multiRowAlign` and
/// `ebutts:linePadding`, IMSC 1.1's `itts:fillLineGap`.
@Suite struct TTMLLineStyleTests {
    static func document(paragraph attributes: String, body: String = "text", cellResolution: String = "32 15") -> Document {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"
            xmlns:ttp="http://www.w3.org/ns/ttml#parameter" xmlns:ebutts="urn:ebu:tt:style"
            xmlns:itts="http://www.w3.org/ns/ttml/profile/imsc1#styling" xml:lang="ja" ttp:cellResolution="\(cellResolution)">
          <body><div><p begin="1s" end="2s" \(attributes)>\(body)</p></div></body>
        </tt>
        """
        return TTMLReader().read(SourceText(text)).value
    }

    /// The value a paragraph's cue carries, on its paragraph span or on the cue itself.
    static func paragraphStyle(_ doc: Document) -> StyleProperties {
        guard let cue = doc.tracks.first?.cues.first else { return .none }
        var style = cue.style
        func scan(_ nodes: [InlineNode]) {
            for case .span(let span) in nodes {
                style = style.overlaid(by: span.style)
                scan(span.children)
            }
        }
        scan(cue.content)
        return style
    }

    @Test func multiRowAlignIsRead() {
        #expect(Self.paragraphStyle(Self.document(paragraph: #"ebutts:multiRowAlign="end""#)).multiRowAlign == .end)
        #expect(Self.paragraphStyle(Self.document(paragraph: "")).multiRowAlign == .auto, "the initial value")
    }

    /// `0.5c` is half a cell of the root container's height: 1/30 of it with 15 rows, 1/60 with 30.
    @Test func linePaddingIsReadInCellsOfTheRootHeight() {
        let fifteen = Self.paragraphStyle(Self.document(paragraph: #"ebutts:linePadding="0.5c""#)).linePadding
        #expect(fifteen == .viewportHeight(Fraction(1, 30)), "\(String(describing: fifteen))")
        let thirty = Self.paragraphStyle(Self.document(paragraph: #"ebutts:linePadding="0.5c""#, cellResolution: "50 30")).linePadding
        #expect(thirty == .viewportHeight(Fraction(1, 60)), "\(String(describing: thirty))")
    }

    @Test func fillLineGapIsRead() {
        #expect(Self.paragraphStyle(Self.document(paragraph: #"itts:fillLineGap="true""#)).fillLineGap == true)
        #expect(Self.paragraphStyle(Self.document(paragraph: "")).fillLineGap == false)
    }

    @Test func rubyReserveIsReadWithItsSideAndLength() {
        let auto = Self.paragraphStyle(Self.document(paragraph: #"tts:rubyReserve="both""#)).rubyReserve
        #expect(auto == StyleProperties.RubyReserve(side: .both, length: nil))
        let sized = Self.paragraphStyle(Self.document(paragraph: #"tts:rubyReserve="after 0.5em""#)).rubyReserve
        #expect(sized?.side == .after && sized?.length == .em(Fraction(1, 2)), "\(String(describing: sized))")
        #expect(Self.paragraphStyle(Self.document(paragraph: "")).rubyReserve?.side == StyleProperties.RubyReserve.Side.none)
    }

    /// `tts:rubyAlign` applies to the ruby container: the model's ruby carries it.
    @Test func rubyAlignIsCarriedByTheRuby() throws {
        let doc = Self.document(paragraph: "", body: #"<span tts:ruby="container" tts:rubyAlign="spaceAround"><span tts:ruby="base">利用許諾</span><span tts:ruby="text">ライセンス</span></span>"#)
        let cue = try #require(doc.tracks.first?.cues.first)
        func ruby(_ nodes: [InlineNode]) -> Ruby? {
            for node in nodes {
                if case .ruby(let r) = node { return r }
                if case .span(let s) = node, let r = ruby(s.children) { return r }
            }
            return nil
        }
        let found = try #require(ruby(cue.content))
        #expect(found.style.rubyAlign == .spaceAround)
    }
}
