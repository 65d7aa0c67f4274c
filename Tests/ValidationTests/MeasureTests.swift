import CEA608
import Testing
import TimedText
@testable import Validation

@Suite struct MeasureTests {
    @Test func framesAreExactAtEveryBroadcastRate() throws {
        // Two frames, written to the millisecond as SRT and WebVTT write them, count as two.
        let cases: [(String, Int64)] = [("23.976", 83), ("24", 83), ("25", 80), ("29.97df", 67), ("30", 67), ("50", 40), ("59.94", 33)]
        for (name, milliseconds) in cases {
            let rate = try #require(FrameRate(parsing: name))
            #expect(rate.frames(in: MediaTime(milliseconds: milliseconds)) == 2, "\(name)")
            #expect(rate.frames(in: rate.duration(ofFrames: 12)) == 12)
        }
        #expect(FrameRate(parsing: "29.97df")!.isDropFrame)
        #expect(FrameRate(parsing: "25df") == nil)  // drop-frame exists only for NTSC rates
        #expect(FrameRate.fps29_97.duration(ofFrames: 1) == MediaTime(value: 1001, timescale: 30000))
    }

    @Test func charactersAreGraphemes() {
        // e + combining acute is one character; a family emoji is one.
        #expect(TextMeasure.readingLength("Cafe\u{301}") == 4)
        #expect(TextMeasure.readingLength("👨‍👩‍👧 hi") == 4)
        #expect(TextMeasure.readingLength("ab\ncd") == 4)
    }

    @Test func fullWidthCountingHalvesHalfWidthCharacters() {
        #expect(TextMeasure.halfWidthUnits("日本語") == 6)
        #expect(TextMeasure.halfWidthUnits("ABC日本") == 7)
        #expect(TextMeasure.halfWidthUnits("ＡＢ") == 4)
        // UAX #11: halfwidth katakana are narrow, Hangul syllables and emoji wide, Yi wide (the
        // old ranges missed emoji outside two blocks), a thermometer shown as text neutral (the
        // old ranges had it wide).
        #expect(TextMeasure.halfWidthUnits("ｶﾀｶﾅ") == 4)
        #expect(TextMeasure.halfWidthUnits("한글☔🚀ꀀ") == 10)
        #expect(TextMeasure.halfWidthUnits("\u{1F321}") == 1)
    }

    /// The Unicode Script property: kana by script, not by block; letters of other scripts in a
    /// familiar block (Coptic in Greek and Coptic) are not counted as that block's.
    @Test func lettersAreCountedByTheirScript() {
        #expect(WritingScript.of("ｶ") == .katakana)
        #expect(WritingScript.of("ー") == nil)  // Common: used with both kana
        #expect(WritingScript.of("〻") == .han)
        #expect(WritingScript.of("\u{3E2}") == nil)  // Ϣ, Coptic
        #expect(WritingScript.of("\u{A960}") == .hangul)  // Hangul Jamo Extended-A
        #expect(WritingScript.of("Ａ") == .latin)
        #expect(WritingScript.of("\u{20000}") == .han)
        #expect(WritingScript.of("1") == nil)
        #expect(WritingScript.of("、") == nil)
        #expect(ScriptCount.containsKana("ラーメン"))
        #expect(!ScriptCount.containsKana("漢字ー"))
    }

    @Test func japaneseLineLengthUsesFullWidthUnderNetflix() {
        // 14 full-width characters: over Netflix's 13 for Japanese; 13 pass.
        let long = Cue(start: .zero, end: MediaTime(seconds: 6), content: [.text(String(repeating: "あ", count: 14))])
        let fits = Cue(start: MediaTime(seconds: 7), end: MediaTime(seconds: 13), content: [.text(String(repeating: "あ", count: 13))])
        let document = Document(format: .ttml, tracks: [Track(language: LanguageTag(wellFormed: "ja"), cues: [long, fits])])
        let found = Validator(profile: .netflix).validate(document).filter { $0.rule == .layoutMaxCharsPerLine }
        #expect(found.map(\.cue?.index) == [0])
        // Half-width Latin counts ½: 26 half-width letters are 13 full-width characters.
        let latin = Cue(start: .zero, end: MediaTime(seconds: 6), content: [.text(String(repeating: "a", count: 26))])
        #expect(Validator(profile: .netflix).validate(Document(format: .ttml, tracks: [Track(language: LanguageTag(wellFormed: "ja"), cues: [latin])]))
            .allSatisfy { $0.rule != .layoutMaxCharsPerLine })
    }

    @Test func wordsIgnorePunctuationAndKeepContractions() {
        #expect(TextMeasure.words("Don't go - it's a well-known trap!") == 6)
        #expect(TextMeasure.words("...") == 0)
    }

    @Test func wcagContrastRatios() {
        #expect(abs(Contrast.ratio(.white, .black) - 21) < 0.001)
        #expect(abs(Contrast.ratio(.white, .white) - 1) < 0.001)
        // #767676 on white is the well-known 4.54:1, just above AA.
        #expect(abs(Contrast.ratio(Color(red: 0x76, green: 0x76, blue: 0x76), .white) - 4.54) < 0.01)
        // A fully transparent background over white video: white text cannot be read.
        #expect(Contrast.worstRatio(text: .white, background: .transparent) < 1.01)
    }

    /// The repertoire is the decoder's tables read backwards, cheapest set first; the old copy's
    /// classes are kept (the standard set's substitutions, the special characters).
    @Test func repertoireIsTheDecodersTablesReadBackwards() {
        #expect(CEA608Characters.repertoire(of: "A") == .standard)
        #expect(CEA608Characters.repertoire(of: "\u{E1}") == .standard, "á replaces * in the standard set")
        #expect(CEA608Characters.repertoire(of: "*") == .extended, "* is only in the extended set")
        #expect(CEA608Characters.repertoire(of: "\u{266A}") == .special, "♪")
        #expect(CEA608Characters.repertoire(of: " ") == .standard, "the space, not the transparent space")
        #expect(CEA608Characters.repertoire(of: "\u{C4}") == .extended, "Ä")
        #expect(CEA608Characters.repertoire(of: "\u{4E00}") == nil)
        #expect(CEA608Characters.repertoire(of: "\u{7F}") == nil)
        for byte in UInt8(0x20)...0x7E {
            if let s = CEA608Characters.standard(byte) { #expect(CEA608Characters.repertoire(of: s) == .standard) }
        }
    }

    @Test func mojibakeDetection() {
        #expect(Mojibake.firstProblem(in: "Ã©tÃ©") != nil)
        #expect(Mojibake.firstProblem(in: "itâ€™s") != nil)
        #expect(Mojibake.firstProblem(in: "ÐŸÑ€Ð¸Ð²ÐµÑ‚") != nil)  // Привет through windows-1252
        #expect(Mojibake.firstProblem(in: "a\u{85}b") != nil)
        #expect(Mojibake.firstProblem(in: "\u{FFFD}") != nil)
        #expect(Mojibake.firstProblem(in: "São Paulo, «Ñ», Ølstue, déjà vu, ÀÉÎ") == nil)
    }

    @Test func scriptMismatchNeedsAMajority() {
        #expect(ScriptCount.mismatch(in: "Hello there", expected: [.cyrillic])?.script == .latin)
        #expect(ScriptCount.mismatch(in: "Привет, iPhone", expected: [.cyrillic]) == nil)
        #expect(ScriptCount.mismatch(in: "OK", expected: [.cyrillic]) == nil)  // too few letters to judge
        #expect(WritingScript.expected(forLanguage: "sr-Latn") == [.latin])
        #expect(WritingScript.expected(forLanguage: "ja-JP") == [.han, .hiragana, .katakana])
        #expect(WritingScript.expected(forLanguage: "x-klingon") == nil)
    }
}
