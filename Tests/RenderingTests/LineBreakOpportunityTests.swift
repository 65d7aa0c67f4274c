import Testing
import TimedText
import CaptionStyling
@testable import Rendering

/// Where rendering may end a line: the break opportunities of `LineBreaking` inside each text
/// item (phrases for Japanese), kinsoku across items too.
@Suite struct LineBreakOpportunityTests {
    let style = CaptionStyleResolver(appearance: .default).resolve(.none)

    func text(_ s: String) -> LineItem { .text(StyledText(text: s, style: style, emSize: 40)) }

    func texts(_ atoms: [LineItem]) -> [String] {
        atoms.map { if case .text(let t) = $0 { t.text } else { "<ruby>" } }
    }

    @Test func japaneseAtomsKnowPhrasesAndKinsokuAcrossItems() {
        // 「 is its own item (a styled span would make it so): no line may end after it.
        let (atoms, boundaries) = LineRasterizer.breakableAtoms([text("「"), text("ちょっと待って」と言った。")], language: "ja")
        #expect(texts(atoms) == ["「", "ちょっ", "と", "待っ", "て」", "と", "言っ", "た。"])
        #expect(boundaries == [.phrase, .forbidden, .withinPhrase, .phrase, .withinPhrase, .phrase, .phrase, .withinPhrase, .phrase])
    }

    @Test func latinAtomsAreAllPhraseBoundaries() {
        let (atoms, boundaries) = LineRasterizer.breakableAtoms([text("Hello big "), text("world")], language: "en")
        #expect(texts(atoms) == ["Hello ", "big ", "world"])
        #expect(boundaries == [.phrase, .phrase, .phrase, .phrase])
    }
}
