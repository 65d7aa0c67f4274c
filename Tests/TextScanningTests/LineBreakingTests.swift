import Testing
import TextScanning

@Suite struct LineBreakingTests {
    @Test func wrapsWordsWithinTheWidth() throws {
        let lines = try LineBreaking.wrap("The quick brown fox jumps over the lazy dog near the riverbank", width: 32)
        #expect(lines == ["The quick brown fox jumps over", "the lazy dog near the riverbank"])
        #expect(lines.allSatisfy { $0.count <= 32 })
    }

    @Test func lineFeedsAlwaysEndALine() throws {
        #expect(try LineBreaking.wrap("one\ntwo three", width: 32) == ["one", "two three"])
    }

    @Test func aWordWiderThanTheLineIsCut() throws {
        #expect(try LineBreaking.wrap("abcdefghij klm", width: 4) == ["abcd", "efgh", "ij", "klm"])
    }

    /// Japanese has no spaces: ICU breaks between characters, but never before 。 or small kana
    /// (kinsoku shori, UAX #14 classes CL and CJ with the ja tailoring).
    @Test func japaneseBreaksBetweenCharactersButNotBeforeClosingPunctuation() throws {
        let text = "今日はとてもいい天気ですね。散歩に行きましょう。"
        let lines = try LineBreaking.wrap(text, width: 13, language: "ja")
        #expect(lines.joined() == text)
        #expect(lines.allSatisfy { $0.count <= 13 })
        #expect(lines.dropFirst().allSatisfy { !$0.hasPrefix("。") })
        let opportunities = try LineBreaking.opportunities(in: "ね。散", language: "ja")
        #expect(!opportunities.contains { $0.index == "ね。散".firstIndex(of: "。") }, "no break before 。")
    }
}
