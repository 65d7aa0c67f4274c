import Testing
import TestSupport
import TextScanning

@Suite struct LineBreakingTests {
    @Test func wrapsWordsWithinTheWidth() throws {
        let lines = try LineBreaking.wrap("The quick brown fox jumps over the lazy dog near the riverbank", width: 32)
        #expect(lines == ["The quick brown fox jumps over", "the lazy dog near the riverbank"])
        #expect(lines.allSatisfy { $0.count <= 32 })
    }

    /// A word with no break opportunity is cut line by line, in time linear in its length (a
    /// 200,000-letter line would take minutes if each cut measured the rest of it).
    @Test func cuttingALongWordTakesLinearTime() throws {
        let lines = try LineBreaking.wrap(String(repeating: "x", count: 100), width: 32)
        #expect(lines.map(\.count) == [32, 32, 32, 4])
        let ratio = LinearGrowth.ratio(n: 5_000, make: { String(repeating: "あいう", count: $0) }) { text in
            _ = try? LineBreaking.wrap(text, width: 13, language: "zh")
        }
        #expect(ratio < LinearGrowth.bound, "8× the text took \(ratio)× as long")
        let word = LinearGrowth.ratio(n: 5_000, make: { String(repeating: "abc", count: $0) }) { text in
            _ = try? LineBreaking.wrap(text, width: 32)
        }
        #expect(word < LinearGrowth.bound, "8× the word took \(word)× as long")
    }

    @Test func lineFeedsAlwaysEndALine() throws {
        #expect(try LineBreaking.wrap("one\ntwo three", width: 32) == ["one", "two three"])
    }

    @Test func aWordWiderThanTheLineIsCut() throws {
        #expect(try LineBreaking.wrap("abcdefghij klm", width: 4) == ["abcd", "efgh", "ij", "klm"])
    }

    /// Japanese has no spaces: lines break between phrases (ICU's phrase mode), never before 。
    /// or small kana (kinsoku shori).
    @Test func japaneseBreaksBetweenPhrasesAndNotBeforeClosingPunctuation() throws {
        let text = "今日はとてもいい天気ですね。散歩に行きましょう。"
        let lines = try LineBreaking.wrap(text, width: 13, language: "ja")
        // ICU 72's phrases here: 今日は|とても|いい|天気ですね。|散歩に|行きま|しょう。
        #expect(lines == ["今日はとてもいい", "天気ですね。散歩に行きま", "しょう。"])
        let opportunities = try LineBreaking.opportunities(in: "ね。散", language: "ja")
        #expect(!opportunities.contains { $0.index == "ね。散".firstIndex(of: "。") }, "no break before 。")
    }

    /// The pieces of `text` between its opportunities, and between the ones that are not inside a
    /// phrase.
    func pieces(_ text: String, language: String?) throws -> (all: [String], phrases: [String]) {
        var all: [String] = [], phrases: [String] = []
        var from = text.startIndex, phraseFrom = text.startIndex
        for o in try LineBreaking.opportunities(in: text, language: language) {
            all.append(String(text[from..<o.index]))
            from = o.index
            if !o.isWithinPhrase {
                phrases.append(String(text[phraseFrom..<o.index]))
                phraseFrom = o.index
            }
        }
        return (all, phrases)
    }

    @Test func phraseModeKeepsJapaneseWordsWholeWhereCharacterModeSplitsThem() throws {
        #expect(LineBreaking.hasPhraseMode, "ICU \(LineBreaking.icuVersion) has no lw=phrase (needs 72)")
        let text = "今日はとても良い天気ですね。「ちょっと待って」と言った。"
        let (all, phrases) = try pieces(text, language: "ja-JP")
        #expect(phrases == ["今日は", "とても", "良い", "天気ですね。", "「ちょっと", "待って」", "と", "言った。"])
        // Character mode (strict): between any two characters kinsoku allows.
        #expect(all == ["今", "日", "は", "と", "て", "も", "良", "い", "天", "気", "で", "す", "ね。",
                        "「ちょっ", "と", "待っ", "て」", "と", "言っ", "た。"])
        // Other languages have no phrases: every opportunity is a phrase boundary.
        #expect(try LineBreaking.opportunities(in: text, language: "zh").allSatisfy { !$0.isWithinPhrase })
    }

    /// JIS X 4051 kinsoku: no line starts with a closing bracket, 、。, ー, a small kana, ！？ or an
    /// iteration mark, and none ends with an opening bracket — even where ICU's phrase mode or its
    /// plain `ja` tailoring would break there.
    @Test func noOpportunityBreaksKinsoku() throws {
        let text = "ファッションショー、カッコいい！？「あ」『い』（う）【え】ゝ々ヽぁぃぅぇぉゃゅょゎァィゥェォャュョ……です。"
        for language in ["ja", "ja-JP", "zh", nil] {
            let breaks = try LineBreaking.opportunities(in: text, language: language)
            for b in breaks.dropLast() {
                let before = text.unicodeScalars[text.unicodeScalars.index(before: b.index)]
                let after = text.unicodeScalars[b.index]
                #expect(!Kinsoku.mayNotStartLine(after), "a line would start with \(after) (\(language ?? "nil"))")
                #expect(!Kinsoku.mayNotEndLine(before), "a line would end with \(before) (\(language ?? "nil"))")
                #expect(!(before == "…" && after == "…"), "…… split (\(language ?? "nil"))")
            }
        }
        let (all, _) = try pieces("ファッションショー、カッコいい！？", language: "ja")
        #expect(all == ["ファッ", "ショ", "ン", "ショー、", "カッ", "コ", "い", "い！？"])
    }

    @Test func aPhraseLongerThanALineStartsALineAndBreaksInside() throws {
        #expect(try LineBreaking.wrap("あのファッションショー", width: 4, language: "ja") == ["あの", "ファッ", "ション", "ショー"])
    }

    @Test func chineseKeepsPunctuationOffLineStarts() throws {
        let text = "我们今天去北京，“好吗？”他说：（是的）。"
        let lines = try LineBreaking.wrap(text, width: 5, language: "zh-Hans")
        #expect(lines.joined() == text)
        #expect(lines.allSatisfy { $0.count <= 5 })
        for line in lines {
            #expect(!Kinsoku.mayNotStartLine(line.unicodeScalars.first!), "\(line)")
            #expect(!Kinsoku.mayNotEndLine(line.unicodeScalars.last!), "\(line)")
        }
        #expect(lines == ["我们今天去", "北京，“好", "吗？”他", "说：（是", "的）。"])
    }

    @Test func latinWordsInJapaneseAreNotSplit() throws {
        let text = "Netflixで『ONE PIECE』を見た。"
        let (all, phrases) = try pieces(text, language: "ja")
        #expect(phrases == ["Netflixで", "『ONE ", "PIECE』", "を", "見た。"])
        #expect(!all.contains("Net"))
        let lines = try LineBreaking.wrap(text, width: 12, language: "ja")
        #expect(lines == ["Netflixで『ONE", "PIECE』を見た。"])
    }

    /// Netflix's CJK guides count full-width characters 1 and half-width ½: a width in
    /// half-width units.
    @Test func wrapsByACustomLength() throws {
        func halfWidth(_ s: Substring) -> Int { s.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x3000 ? 2 : 1) } }
        // BBCの (5 half-width units) + 天気です (8) is wider than 8: a line each.
        #expect(try LineBreaking.wrap("BBCの天気です", width: 8, language: "ja", length: halfWidth) == ["BBCの", "天気です"])
        #expect(try LineBreaking.wrap("BBCの天気です", width: 13, language: "ja", length: halfWidth) == ["BBCの天気です"])
    }
}
