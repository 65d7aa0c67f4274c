import Testing
@testable import TextScanning

/// `ScalarFacts` and `UnicodeScript`: ICU's Unicode data, where Legible's three hand-written
/// copies of block ranges used to disagree with it and with each other.
@Suite struct UnicodeScriptTests {
    private func scalar(_ value: UInt32) -> Unicode.Scalar { Unicode.Scalar(value)! }

    /// Everything below reads ICU's data, not the fallback for a missing ICU.
    @Test func icuIsLoaded() {
        #expect(ScalarFacts.unavailableReason == nil)
    }

    /// Hangul syllables end at U+D7A3; U+D7A4–U+D7AF are unassigned (the old ranges made them
    /// Hangul and CJK); U+D7B0–U+D7FF are Hangul Jamo Extended-B, conjoining jamo that are not
    /// wide (UAX #11 N) but are Hangul for a font.
    @Test func hangulEndsWhereUnicodeEndsIt() {
        let last = scalar(0xD7A3)
        #expect(UnicodeScript.of(last) == .hangul)
        #expect(ScalarFacts.isEastAsianWide(last))
        #expect(ScalarFacts.isCJK(last))
        for value in UInt32(0xD7A4)...0xD7AF {
            #expect(UnicodeScript.of(scalar(value)) == .unknown)
            #expect(!ScalarFacts.isEastAsianWide(scalar(value)))
            #expect(!ScalarFacts.isCJK(scalar(value)))
        }
        let jamo = scalar(0xD7B0)
        #expect(UnicodeScript.of(jamo) == .hangul)
        #expect(!ScalarFacts.isEastAsianWide(jamo))
        #expect(ScalarFacts.isCJK(jamo))
    }

    /// CJK Symbols and Punctuation (U+3000–U+303F) is script Common yet wide and CJK text; U+303F
    /// IDEOGRAPHIC HALF FILL SPACE is narrow but used with Han alone (Script_Extensions).
    @Test func cjkPunctuationIsCommonButWide() {
        for value: UInt32 in [0x3000, 0x3001, 0x3002, 0x300C, 0x300D] {
            #expect(UnicodeScript.of(scalar(value)) == .common, "U+\(String(value, radix: 16))")
            #expect(ScalarFacts.isEastAsianWide(scalar(value)))
            #expect(ScalarFacts.isCJK(scalar(value)))
        }
        #expect(UnicodeScript.of("\u{3005}") == .han)  // 々
        #expect(UnicodeScript.of("\u{303B}") == .han)  // 〻, which the old ranges had as no script
        #expect(!ScalarFacts.isEastAsianWide("\u{303F}"))
        #expect(ScalarFacts.isCJK("\u{303F}"))
    }

    /// The Katakana block holds characters of other scripts: U+30A0 ゠ and U+30FC ー are Common
    /// (used with both kana), while U+30A1 ァ onwards are Katakana.
    @Test func theKatakanaBlockIsNotAllKatakana() {
        #expect(UnicodeScript.of("\u{30A0}") == .common)
        #expect(UnicodeScript.of("\u{30FC}") == .common)
        #expect(UnicodeScript.of("\u{30A1}") == .katakana)
        for character in ["\u{30A0}", "\u{30FC}", "\u{30A1}"] as [Unicode.Scalar] {
            #expect(ScalarFacts.isEastAsianWide(character))
            #expect(ScalarFacts.isCJK(character))
        }
    }

    @Test func kanaKanjiAndHangul() {
        #expect(UnicodeScript.of("か") == .hiragana)
        #expect(UnicodeScript.of("カ") == .katakana)
        #expect(UnicodeScript.of("ｶ") == .katakana)  // halfwidth: narrow, but katakana and CJK
        #expect(!ScalarFacts.isEastAsianWide("ｶ"))
        #expect(ScalarFacts.isCJK("ｶ"))
        #expect(UnicodeScript.of("漢") == .han)
        #expect(UnicodeScript.of("한") == .hangul)
        #expect(UnicodeScript.of("ㄅ") == .bopomofo)
        #expect(ScalarFacts.isCJK("ㄅ"))  // which the old font choice missed
        for character in ["か", "カ", "漢", "한", "ㄅ"] as [Unicode.Scalar] {
            #expect(ScalarFacts.isEastAsianWide(character))
            #expect(ScalarFacts.isCJK(character))
            #expect(!ScalarFacts.isRightToLeft(character))
        }
        #expect(!ScalarFacts.isCJK("a"))
        #expect(!ScalarFacts.isEastAsianWide("a"))
        #expect(UnicodeScript.of("a") == .latin)
    }

    /// Fullwidth Latin letters are Latin, and wide, and drawn by a CJK font.
    @Test func fullwidthLatinIsLatinAndWide() {
        let a = scalar(0xFF21)  // Ａ
        #expect(UnicodeScript.of(a) == .latin)
        #expect(ScalarFacts.isEastAsianWide(a))
        #expect(ScalarFacts.isCJK(a))
        // Halfwidth CJK punctuation and forms: narrow, CJK all the same.
        #expect(!ScalarFacts.isEastAsianWide("\u{FF61}"))
        #expect(ScalarFacts.isCJK("\u{FF61}"))
        #expect(ScalarFacts.isCJK("\u{FFE8}"))
        // U+20A9 WON SIGN is halfwidth too, but a currency sign of its own, not CJK text.
        #expect(!ScalarFacts.isCJK("\u{20A9}"))
    }

    /// Emoji are wide (UAX #11 gives Emoji_Presentation characters W) but not CJK text.
    @Test func emojiAreWideButNotCJK() {
        for character in ["\u{1F600}", "\u{2614}", "\u{1F44D}"] as [Unicode.Scalar] {
            #expect(ScalarFacts.isEastAsianWide(character))
            #expect(!ScalarFacts.isCJK(character))
            #expect(UnicodeScript.of(character) == .common)
        }
        // Shown as text by default: neutral width (the old ranges had all of U+1F300–U+1F64F wide).
        #expect(!ScalarFacts.isEastAsianWide("\u{1F321}"))
        #expect(!ScalarFacts.isEastAsianWide("\u{263A}"))
    }

    /// Yi is wide but has a script of its own, which CJK fonts do not cover.
    @Test func yiIsWideButNotCJK() {
        #expect(UnicodeScript.of("\u{A000}") == .yi)
        #expect(ScalarFacts.isEastAsianWide("\u{A000}"))
        #expect(!ScalarFacts.isCJK("\u{A000}"))
    }

    /// Above the BMP, where ICU is asked each time rather than the table.
    @Test func supplementaryIdeographs() {
        let first = scalar(0x20000)
        #expect(UnicodeScript.of(first) == .han)
        #expect(ScalarFacts.isEastAsianWide(first))
        #expect(ScalarFacts.isCJK(first))
        #expect(UnicodeScript.of(scalar(0x30000)) == .han)  // CJK Extension G
        // CJK Extension I (Unicode 15.1), unassigned in ICU 72's Unicode 15.0: no script, but
        // wide by UAX #11's default for the ideographic planes, and drawn as an ideograph.
        let later = scalar(0x2EBF0)
        #expect(UnicodeScript.of(later) == .unknown)
        #expect(ScalarFacts.isEastAsianWide(later))
        #expect(ScalarFacts.isCJK(later))
        // Unassigned outside those: neither.
        #expect(!ScalarFacts.isEastAsianWide(scalar(0xE0080)))
        #expect(!ScalarFacts.isCJK(scalar(0xE0080)))
        #expect(UnicodeScript.of(scalar(0x1B001)) == .hiragana)  // 𛀁, Kana Supplement
        #expect(ScalarFacts.isCJK(scalar(0x1B001)))
    }

    @Test func arabicAndHebrewAreRightToLeft() {
        for character in ["א", "ש", "ا", "ب", "\u{FB50}", "\u{200F}"] as [Unicode.Scalar] {
            #expect(ScalarFacts.isRightToLeft(character), "U+\(String(character.value, radix: 16))")
        }
        #expect(UnicodeScript.of("א") == .hebrew)
        #expect(UnicodeScript.of("ا") == .arabic)
        #expect(ScalarFacts.isInRightToLeftScript("ا"))
        // Arabic-Indic digits are weak (AN), not strong RTL, but belong to the Arabic script.
        #expect(!ScalarFacts.isRightToLeft("٣"))
        #expect(ScalarFacts.isInRightToLeftScript("٣"))
        // U+FEFF (a stray byte order mark) sat in the old RTL range; it is neither.
        #expect(!ScalarFacts.isRightToLeft("\u{FEFF}"))
        #expect(!ScalarFacts.isInRightToLeftScript("\u{FEFF}"))
        #expect(!ScalarFacts.isRightToLeft("a"))
        #expect(!ScalarFacts.isInRightToLeftScript("،"))  // the Arabic comma is shared (Common)
        // Above the BMP: Adlam.
        #expect(ScalarFacts.isRightToLeft(scalar(0x1E900)))
        #expect(ScalarFacts.isInRightToLeftScript(scalar(0x1E900)))
    }

    /// UAX #9 P2: the first strong character decides, skipping isolates.
    @Test func firstStrongCharacter() {
        func first(_ text: String) -> Bool? { ScalarFacts.firstStrongIsRightToLeft(text[...]) }
        #expect(first("שלום") == true)
        #expect(first("Hello") == false)
        #expect(first("123 - שלום") == true)
        #expect(first("\u{FEFF}שלום") == true)
        #expect(first("٣ apples") == false)  // AN is weak
        #expect(first("\u{2067}abc\u{2069} שלום") == true)  // the isolate's text does not count
        #expect(first("\u{2067}abc") == nil)  // an unmatched isolate runs to the end
        #expect(first("\u{202B}abc") == false)  // an embedding is not an isolate: abc counts
        #expect(first("123 ♪") == nil)
        #expect(first("") == nil)
    }

    @Test func containsCJKAndRightToLeftScript() {
        #expect(ScalarFacts.containsCJK("Hello 世界"))
        #expect(!ScalarFacts.containsCJK("Hello 😀"))
        #expect(ScalarFacts.containsRightToLeftScript("2024 ٢٠٢٤"))
        #expect(!ScalarFacts.containsRightToLeftScript("Hello"))
    }

    /// The Alphabetic property, as the standard library has it (for these, whatever the
    /// difference in Unicode versions).
    @Test func alphabetic() {
        for character in ["a", "Ж", "漢", "か", "ー", "\u{0915}", "\u{093E}", "Ⅻ", "\u{20000}"] as [Unicode.Scalar] {
            #expect(ScalarFacts.isAlphabetic(character), "U+\(String(character.value, radix: 16))")
            #expect(character.properties.isAlphabetic)
        }
        for character in ["1", " ", "、", "\u{0301}", "😀", "\u{1F600}"] as [Unicode.Scalar] {
            #expect(!ScalarFacts.isAlphabetic(character), "U+\(String(character.value, radix: 16))")
        }
    }

    @Test func iso15924Codes() {
        #expect(UnicodeScript(iso15924: "Hani") == .han)
        #expect(UnicodeScript(iso15924: "hani") == .han)
        #expect(UnicodeScript(iso15924: "LATN") == .latin)
        #expect(UnicodeScript(iso15924: "Han") == nil)
        #expect(UnicodeScript(iso15924: "Hanii") == nil)
        #expect(UnicodeScript(iso15924: "Ha1i") == nil)
        #expect(UnicodeScript.han.iso15924 == "Hani")
        #expect(UnicodeScript.of("ᚠ").iso15924 == "Runr")  // a script Legible names no constant for
        #expect("\(UnicodeScript.of("Ж"))" == "Cyrl")
    }

    /// Without ICU (no properties) the table reads every BMP code point as unassigned: script
    /// Zzzz, not alphabetic, not wide, not CJK, no strong direction. (A process cannot be made to
    /// miss ICU here: libxml2, which the test binary links through FoundationXML, needs it too.)
    @Test func withoutICUEveryCodePointReadsAsUnassigned() {
        let block = ScalarFacts.Table.makeBlock(from: nil)
        defer { block.deallocate() }
        let table = ScalarFacts.Table(base: UnsafeRawPointer(block))
        for value: UInt32 in [0x41, 0x5D0, 0x627, 0x3042, 0x6F22, 0xAC00, 0xFF21] {
            let entry = table.bmp[Int(value)]
            #expect(table.script(number: Int(entry & ScalarFacts.Entry.scriptMask)) == .unknown)
            #expect(entry & ~ScalarFacts.Entry.scriptMask == 0, "no flags, no direction")
            #expect(ScalarFacts.direction(scalar(value), in: table) == .other)
        }
    }

    /// Every BMP answer of the table is the one ICU gives for the code point alone (the path
    /// scalars above the BMP take).
    @Test func theTableAgreesWithICU() {
        let table = ScalarFacts.table
        var disagreements: [String] = []
        for v in UInt32(0)..<0x10000 where !(0xD800...0xDFFF).contains(v) {
            let s = scalar(v)
            let script = table.script(number: Int(ICU.scriptNumber(v)))
            if ScalarFacts.script(of: s) != script || ScalarFacts.isEastAsianWide(s) != ICU.isEastAsianWide(v)
                || ScalarFacts.isAlphabetic(s) != ICU.isAlphabetic(v)
                || ScalarFacts.isCJK(s) != ScalarFacts.Rules.isCJK(v, in: table)
                || ScalarFacts.direction(s, in: table) != ScalarFacts.Direction(bidiClass: ICU.bidiClass(v))
                || ScalarFacts.isInRightToLeftScript(s) != ICU.scriptIsRightToLeft(ICU.scriptNumber(v)) {
                disagreements.append(String(v, radix: 16))
            }
        }
        #expect(disagreements.isEmpty, "U+\(disagreements.prefix(10).joined(separator: ", U+"))")
    }
}
