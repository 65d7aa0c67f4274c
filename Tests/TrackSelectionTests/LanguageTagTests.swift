import TimedText
import Testing
@testable import TrackSelection

@Suite struct LanguageTagTests {
    @Test(arguments: [
        ("en_us", "en-US"), ("ger", "de"), ("deu", "de"), ("fre", "fr"), ("chi", "zh"), ("iw", "he"), ("in", "id"),
        ("pob", "pt-BR"), ("ptb", "pt-BR"), ("und", "und"), ("zh-cmn-Hans", "zh-Hans"), ("eng", "en"),
        ("ger-CH", "de-CH"), ("i-klingon", "tlh"), ("EN-gb", "en-GB"), ("pt_BR", "pt-BR"),
    ])
    func canonicalisation(input: String, expected: String) {
        #expect(LanguageTag(input)?.rawValue == expected)
    }

    @Test(arguments: ["", "123", "en--US", "e", "en-", "toolonglanguage", "fr CA", "日本語"])
    func notWellFormed(input: String) {
        #expect(LanguageTag(input) == nil)
    }

    @Test func likelySubtags() {
        #expect(LanguageTag("zh-TW")!.maximized.rawValue == "zh-Hant-TW")
        #expect(LanguageTag("zh-Hant")!.maximized == LanguageTag("zh-TW")!.maximized)
        #expect(LanguageTag("en-Latn-US")!.minimized.rawValue == "en")
        #expect(LanguageTag("sr-Latn")!.maximized.rawValue == "sr-Latn-RS")
        #expect(LanguageTag("und")!.isUndetermined)
    }

    @Test func regionalParents() {
        #expect(LanguageTag("es-MX")!.regionalParents == ["MX", "419"])
        #expect(LanguageTag("en-AU")!.regionalParents == ["AU", "001"])
        #expect(LanguageTag("pt-AO")!.regionalParents == ["AO", "PT"])
        #expect(LanguageTag("en-US")!.regionalParents == ["US"])
    }

    @Test func lookupFallbacks() {
        // RFC 4647 §3.4's example: a trailing singleton goes with the subtag before it.
        #expect(LanguageTag("zh-Hant-CN-x-private1")!.lookupFallbacks == ["zh-Hant-CN-x-private1", "zh-Hant-CN", "zh-Hant", "zh"])
    }

    @Test func matchTiers() {
        func m(_ offered: String, _ wanted: String) -> LanguageMatch? { LanguageMatch.of(LanguageTag(offered)!, for: LanguageTag(wanted)!) }
        #expect(m("ger", "de") == .exact)
        #expect(m("zh-Hant", "zh-TW") == .equivalent)
        #expect(m("fr", "fr-CA") == .lookup)
        #expect(m("es-419", "es-MX") == .regionalParent)
        #expect(m("es-ES", "es-MX") == .otherRegion)
        #expect(m("zh-Hans", "zh-TW") == nil)
        #expect(m("zh", "zh-TW") == nil) // zh is Simplified once likely subtags are added
        #expect(m("und", "en") == nil)
        #expect(m("de", "en") == nil)
    }

    @Test func displayNames() {
        let en = DisplayNames(interfaceLanguage: LanguageTag("en"))
        #expect(en.name(for: TrackOption(id: "a", language: LanguageTag("en"), characteristics: MediaCharacteristic.sdh)) == "English (SDH)")
        let pt = DisplayNames(interfaceLanguage: LanguageTag("pt"))
        #expect(pt.name(for: TrackOption(id: "b", language: LanguageTag("pt-BR"))) == "Português (Brasil)")
        let ja = DisplayNames(interfaceLanguage: LanguageTag("ja"))
        #expect(ja.name(for: TrackOption(id: "c", language: LanguageTag("ja"), isForced: true)) == "日本語（強制）")
        #expect(en.name(for: TrackOption(id: "d", language: LanguageTag("fr-CA"))) == "French (Canada)")
        #expect(en.name(for: TrackOption(id: "e", language: .undetermined, kind: .captions)) == "Unknown language (CC)")
        // A 608 channel of unknown language is named by its channel, which says "captions" itself.
        #expect(en.name(for: TrackOption(id: "f", kind: .captions, instreamID: "CC3")) == "CC3")
        #expect(en.name(for: TrackOption(id: "g", language: LanguageTag("es"), kind: .captions, instreamID: "CC3")) == "Spanish (CC)")
    }

    @Test(arguments: [
        ("movie.en.srt", "en", false, false, false),
        ("movie.pt-BR.forced.vtt", "pt-BR", true, false, false),
        ("movie.en.sdh.srt", "en", false, true, false),
        ("/x/y/movie.ja.cc.scc", "ja", false, false, true),
        ("The.Movie.2019.ger.srt", "de", false, false, false),
        ("movie.hi.srt", "hi", false, false, false),
        ("movie.en.hi.srt", "en", false, true, false),
        ("movie.srt", nil, false, false, false),
        ("her.srt", nil, false, false, false),
        ("en.vtt", "en", false, false, false),
        ("movie.forced.fr.srt", "fr", true, false, false),
    ] as [(String, String?, Bool, Bool, Bool)])
    func fileNameHints(name: String, language: String?, forced: Bool, sdh: Bool, cc: Bool) {
        let hints = FileNameHints(fileName: name)
        #expect(hints.language?.rawValue == language)
        #expect(hints.isForced == forced)
        #expect(hints.isSDH == sdh)
        #expect(hints.isClosedCaptions == cc)
    }
}
