import TimedText
import Testing
import TrackSelection

// Building blocks for the scenario table.

private func tag(_ text: String?) -> LanguageTag? { text.flatMap { LanguageTag($0) } }

/// A subtitle option.
private func sub(_ id: String, _ language: String?, forced: Bool = false, sdh: Bool = false, easy: Bool = false,
                 isDefault: Bool = false, autoselect: Bool = true, assoc: String? = nil) -> TrackOption {
    var characteristics: [MediaCharacteristic] = sdh ? MediaCharacteristic.sdh : []
    if easy { characteristics.append(MediaCharacteristic.easyToRead) }
    return TrackOption(id: id, language: tag(language), associatedLanguage: tag(assoc), kind: .subtitles, isForced: forced,
                       isDefault: isDefault, isAutoselect: autoselect, characteristics: characteristics)
}

/// A CEA-608 closed-caption channel.
private func cc(_ id: String, _ language: String?, channel: String = "CC1") -> TrackOption {
    TrackOption(id: id, language: tag(language), kind: .captions, instreamID: channel)
}

private func viewer(_ languages: String, audio: String? = nil, mode: DisplayMode = .automatic, sdh: Bool = false,
                    easy: Bool = false) -> ViewerPreferences {
    ViewerPreferences(preferredLanguages: languages.split(separator: ",").compactMap { LanguageTag(String($0)) },
                      audioLanguage: tag(audio), displayMode: mode, prefersSDH: sdh, prefersEasyReader: easy)
}

struct Scenario: Sendable, CustomTestStringConvertible {
    enum Source: Sendable {
        case options([TrackOption])
        /// An HLS master playlist, read with `HLSMasterPlaylist`.
        case playlist(String)
    }

    var name: String
    var source: Source
    var viewer: ViewerPreferences
    /// The id of the option that must be chosen, or nil when nothing is to be shown.
    var expected: String?
    var testDescription: String { name }

    init(_ name: String, _ options: [TrackOption], _ viewer: ViewerPreferences, expect expected: String?) {
        self.name = name
        source = .options(options)
        self.viewer = viewer
        self.expected = expected
    }

    init(_ name: String, playlist: String, _ viewer: ViewerPreferences, expect expected: String?) {
        self.name = name
        source = .playlist(playlist)
        self.viewer = viewer
        self.expected = expected
    }

    var options: [TrackOption] {
        switch source {
        case .options(let options): options
        case .playlist(let text): HLSMasterPlaylist.read(Array(text.utf8)).value.legibleOptions(source: "master.m3u8")
        }
    }
}

private func playlist(_ media: String, variant: String = #"SUBTITLES="subs""#) -> String {
    "#EXTM3U\n" + media + "\n#EXT-X-STREAM-INF:BANDWIDTH=1000000,\(variant)\nvideo.m3u8\n"
}

// Every expected choice is justified by the rule it follows: RFC 4647 (language ranges), RFC 8216
// (HLS renditions), CLDR's locale matching (likely subtags, parent locales), or MediaAccessibility's
// display types (forcedOnly: "do not display captions unless they are forced for translation";
// automatic: "if the language of the audio track differs from the system locale, then captions
// matching the system locale should be displayed (if available)"; alwaysOn: "the most robust
// available captioning track should always be displayed").
let scenarios: [Scenario] = [
    // MARK: Forced only
    // MediaAccessibility forcedOnly: only forced subtitles, and forced subtitles follow the audio.
    Scenario("forced-only: the forced track in the audio language",
             [sub("en", "en"), sub("en-forced", "en", forced: true), sub("fr-forced", "fr", forced: true)],
             viewer("fr", audio: "en", mode: .forcedOnly), expect: "en-forced"),
    // MediaAccessibility forcedOnly: forced subtitles in French do not translate English audio.
    Scenario("forced-only: no forced track in the audio language shows nothing",
             [sub("en", "en"), sub("fr-forced", "fr", forced: true)],
             viewer("fr", audio: "en", mode: .forcedOnly), expect: nil),
    // MediaAccessibility forcedOnly: full subtitles are never shown, even in the viewer's language.
    Scenario("forced-only: full subtitles in the viewer's language are not shown",
             [sub("fr", "fr")], viewer("fr", audio: "en", mode: .forcedOnly), expect: nil),
    // Forced follow the audio; CLDR: en-GB and en-US are the same language in another region.
    Scenario("forced-only: forced en-GB for en-US audio",
             [sub("en-GB-forced", "en-GB", forced: true), sub("de-forced", "de", forced: true)],
             viewer("de", audio: "en-US", mode: .forcedOnly), expect: "en-GB-forced"),
    // RFC 8216 §4.3.4.1 FORCED: choose "the one that best matches the current playback environment";
    // with the audio language unknown, the viewer's own languages are that environment.
    Scenario("forced-only: audio unknown, forced in the viewer's language",
             [sub("de-forced", "de", forced: true), sub("fr-forced", "fr", forced: true)],
             viewer("fr", audio: nil, mode: .forcedOnly), expect: "fr-forced"),
    // RFC 8216 §4.3.4.1 DEFAULT: among equal forced tracks, the default one.
    Scenario("forced-only: DEFAULT breaks a tie between forced tracks",
             [sub("en-forced-a", "en", forced: true), sub("en-forced-b", "en", forced: true, isDefault: true)],
             viewer("en", audio: "en", mode: .forcedOnly), expect: "en-forced-b"),
    // Forced follow the audio (MediaAccessibility), the audio given in a legacy code (ISO 639-2/B).
    Scenario("forced-only: audio 'ger' finds forced 'de'",
             [sub("de-forced", "de", forced: true)], viewer("en", audio: "ger", mode: .forcedOnly), expect: "de-forced"),

    // MARK: Automatic
    // MediaAccessibility automatic: audio and the viewer's language match, so no captions but forced.
    Scenario("automatic: audio in the viewer's language, forced narrative shown",
             [sub("en", "en"), sub("en-forced", "en", forced: true)], viewer("en", audio: "en"), expect: "en-forced"),
    // MediaAccessibility automatic: "if the language of the audio and the system locale match, no captions".
    Scenario("automatic: audio in the viewer's language, nothing forced, nothing shown",
             [sub("en", "en"), sub("fr", "fr")], viewer("en", audio: "en"), expect: nil),
    // MediaAccessibility automatic: audio differs from the system locale, subtitles in the locale.
    Scenario("automatic: foreign audio, subtitles in the viewer's language",
             [sub("en", "en"), sub("fr", "fr")], viewer("fr", audio: "en"), expect: "fr"),
    // Automatic, with the preferred-language list as the ordered priority list of RFC 4647 §2.3.
    Scenario("automatic: first language missing, second language used",
             [sub("en", "en"), sub("de", "de")], viewer("fr,de", audio: "en"), expect: "de"),
    // Automatic: the viewer lists the audio's language, so subtitles in it would be redundant.
    Scenario("automatic: the viewer understands the audio lower in the list",
             [sub("en", "en")], viewer("fr,en", audio: "en"), expect: nil),
    // The issue's rule over RFC 4647 lookup: the same language in another region beats a lower-ranked language.
    Scenario("automatic: fr-CA viewer gets fr-FR before en",
             [sub("en", "en"), sub("fr-FR", "fr-FR")], viewer("fr-CA,en", audio: "ja"), expect: "fr-FR"),
    // Forced subtitles carry only the untranslated parts: they cannot subtitle foreign audio.
    Scenario("automatic: forced track is no substitute for full subtitles",
             [sub("fr-forced", "fr", forced: true)], viewer("fr", audio: "en"), expect: nil),
    // MediaAccessibility automatic compares audio and locale; with the audio unknown it cannot.
    Scenario("automatic: audio unknown shows forced only",
             [sub("fr", "fr")], viewer("fr", audio: nil), expect: nil),
    // Without an SDH preference, plain subtitles suit a hearing viewer better (no sound descriptions).
    Scenario("automatic: hearing viewer gets plain subtitles over SDH",
             [sub("fr-sdh", "fr", sdh: true), sub("fr", "fr")], viewer("fr", audio: "en"), expect: "fr"),
    // MediaAccessibility's preferred characteristics: transcribes-spoken-dialog + describes-music-and-sound.
    Scenario("automatic: SDH preference picks SDH",
             [sub("fr", "fr"), sub("fr-sdh", "fr", sdh: true)], viewer("fr", audio: "en", sdh: true), expect: "fr-sdh"),
    // The viewer's easy-reader preference selects public.easy-to-read.
    Scenario("automatic: easy-reader preference picks easy-to-read",
             [sub("es", "es"), sub("es-easy", "es", easy: true)], viewer("es", audio: "en", easy: true), expect: "es-easy"),
    // Without the preference, the regular track (easy-to-read is a deliberate choice).
    Scenario("automatic: regular track over easy-to-read by default",
             [sub("es-easy", "es", easy: true), sub("es", "es")], viewer("es", audio: "en"), expect: "es"),
    // CLDR likely subtags: 'en' is en-Latn-US, so en-US audio is the viewer's language.
    Scenario("automatic: en viewer and en-US audio count as the same language",
             [sub("en-US", "en-US")], viewer("en", audio: "en-US"), expect: nil),

    // MARK: Always on
    // MediaAccessibility alwaysOn: "the most robust available captioning track", even when audio is understood.
    Scenario("always-on: SDH over plain subtitles",
             [sub("en", "en"), sub("en-sdh", "en", sdh: true)], viewer("en", audio: "en", mode: .alwaysOn), expect: "en-sdh"),
    // MediaAccessibility alwaysOn chooses "from CC, SDH, or subtitles": 608 captions beat plain subtitles.
    Scenario("always-on: closed captions over plain subtitles",
             [sub("en", "en"), cc("cc1", "en")], viewer("en", audio: "en", mode: .alwaysOn), expect: "cc1"),
    // Among accessible tracks, SDH subtitles render Unicode, styling and position; 608 cannot.
    Scenario("always-on: SDH subtitles over 608 captions",
             [cc("cc1", "en"), sub("en-sdh", "en", sdh: true)], viewer("en", audio: "en", mode: .alwaysOn), expect: "en-sdh"),
    // The issue: "always-on picks the most accessible track in the best language" — language first.
    Scenario("always-on: best language first, then accessibility",
             [sub("en-sdh", "en", sdh: true), sub("fr", "fr")], viewer("fr,en", audio: "en", mode: .alwaysOn), expect: "fr"),
    // RFC 8216 §4.3.4.1 DEFAULT: played "in the absence of information from the user indicating a
    // different choice" — no option is in a language the viewer chose.
    Scenario("always-on: no language match falls back to DEFAULT",
             [sub("de", "de"), sub("it", "it", isDefault: true)], viewer("ja", audio: "en", mode: .alwaysOn), expect: "it"),
    // Always-on wants captions shown; a track of unknown language may be the viewer's, unlike a known other one.
    Scenario("always-on: no match and no default, unknown language track",
             [sub("de", "de"), cc("cc1", nil)], viewer("en", audio: "en", mode: .alwaysOn), expect: "cc1"),
    // Forced subtitles are not a full transcription: always-on never settles for them.
    Scenario("always-on: full subtitles over forced",
             [sub("en-forced", "en", forced: true), sub("en", "en")], viewer("en", audio: "en", mode: .alwaysOn), expect: "en"),

    // MARK: Off
    // Off (no MediaAccessibility equivalent; a player's "disabled") shows nothing, forced included.
    Scenario("off: nothing, not even forced in the audio language",
             [sub("en-forced", "en", forced: true), sub("en-sdh", "en", sdh: true)], viewer("en", audio: "en", mode: .off), expect: nil),

    // MARK: Region and script fallback
    // CLDR parent locales: es-MX's parent is es-419, so Latin American Spanish before Castilian.
    Scenario("region: es-MX prefers es-419 to es-ES",
             [sub("es-ES", "es-ES"), sub("es-419", "es-419")], viewer("es-MX", audio: "en"), expect: "es-419"),
    // CLDR: bare 'es' is es-Latn-ES by likely subtags; es-419 is es-MX's parent, closer than the
    // RFC 4647 lookup fallback 'es' (which is Castilian in practice).
    Scenario("region: es-MX prefers es-419 to bare es",
             [sub("es", "es"), sub("es-419", "es-419")], viewer("es-MX", audio: "en"), expect: "es-419"),
    // CLDR parent locales: en-AU and en-GB share en-001; en-US does not.
    Scenario("region: en-AU prefers en-GB to en-US",
             [sub("en-US", "en-US"), sub("en-GB", "en-GB")], viewer("en-AU", audio: "ja"), expect: "en-GB"),
    // CLDR parent locales: pt-AO's parent is pt-PT.
    Scenario("region: pt-AO prefers pt-PT to pt-BR",
             [sub("pt-BR", "pt-BR"), sub("pt-PT", "pt-PT")], viewer("pt-AO", audio: "en"), expect: "pt-PT"),
    // Likely subtags: zh-TW maximizes to zh-Hant-TW, so zh-Hant is the same language; zh-Hans is another script.
    Scenario("script: zh-TW gets zh-Hant, not zh-Hans",
             [sub("zh-Hans", "zh-Hans"), sub("zh-Hant", "zh-Hant")], viewer("zh-TW", audio: "en"), expect: "zh-Hant"),
    // Likely subtags: plain 'zh' is zh-Hans-CN; RFC 4647 lookup would truncate zh-TW to zh and
    // take it, which is the wrong script for a Traditional reader; the next language serves instead.
    Scenario("script: zh-TW viewer does not get Simplified 'zh'",
             [sub("zh", "zh"), sub("en", "en")], viewer("zh-TW,en", audio: "ja"), expect: "en"),
    // Same language in another script is no match (a Latin reader of Serbian gets the Latin track).
    Scenario("script: sr-Latn over sr-Cyrl",
             [sub("sr-Cyrl", "sr-Cyrl"), sub("sr-Latn", "sr-Latn")], viewer("sr-Latn", audio: "en"), expect: "sr-Latn"),
    // RFC 4647 §3.4 lookup: fr-CA falls back to fr, which beats a sibling region fr-FR.
    Scenario("lookup: fr-CA viewer takes plain fr over fr-FR",
             [sub("fr-FR", "fr-FR"), sub("fr", "fr")], viewer("fr-CA", audio: "en"), expect: "fr"),
    // RFC 4647 §3.4 lookup: the exact tag comes before its truncation.
    Scenario("lookup: exact en-GB over en",
             [sub("en", "en"), sub("en-GB", "en-GB")], viewer("en-GB", audio: "ja"), expect: "en-GB"),
    // Likely subtags: 'en' is en-Latn-US, equivalent to en-US, closer than en-GB.
    Scenario("likely subtags: en viewer gets en-US over en-GB",
             [sub("en-GB", "en-GB"), sub("en-US", "en-US")], viewer("en", audio: "ja"), expect: "en-US"),

    // MARK: Legacy codes and und
    // ISO 639-2/B 'ger' is German: canonicalised to 'de' before matching.
    Scenario("legacy: option 'ger' serves a de viewer",
             [sub("en", "en"), sub("ger", "ger")], viewer("de", audio: "en"), expect: "ger"),
    // RFC 5646 deprecated 'iw' is 'he' (ICU's uloc_toLanguageTag).
    Scenario("legacy: option 'iw' serves a he viewer",
             [sub("iw", "iw")], viewer("he", audio: "en"), expect: "iw"),
    // 'pob' (subtitle sites' Brazilian Portuguese) is pt-BR: an exact match for a pt-BR viewer.
    Scenario("legacy: 'pob' is pt-BR, before pt-PT",
             [sub("pt-PT", "pt-PT"), sub("pob", "pob")], viewer("pt-BR", audio: "en"), expect: "pob"),
    // Legacy codes in the viewer's own list are canonicalised too (ISO 639-2/T 'deu').
    Scenario("legacy: viewer 'deu' matches option de-DE",
             [sub("de-DE", "de-DE")], viewer("deu", audio: "en"), expect: "de-DE"),
    // RFC 4647 §3.3: 'und' is not a wildcard; an undetermined track matches no language.
    Scenario("und: an undetermined track is not chosen for a French viewer",
             [sub("und", "und")], viewer("fr", audio: "en"), expect: nil),
    // CLDR treats Norwegian 'no' and Bokmål 'nb' as one language.
    Scenario("macrolanguage: nb viewer takes a 'no' track",
             [sub("no", "no"), sub("sv", "sv")], viewer("nb", audio: "en"), expect: "no"),

    // MARK: Defaults and AUTOSELECT
    // RFC 8216 §4.3.4.1: DEFAULT=YES wins among otherwise equal choices.
    Scenario("defaults: DEFAULT breaks a tie",
             [sub("en-a", "en"), sub("en-b", "en", isDefault: true)], viewer("en", audio: "ja"), expect: "en-b"),
    // RFC 8216 §4.3.4.1.1 allows one DEFAULT per group; with two, the first listed is taken.
    Scenario("defaults: two DEFAULT=YES, the first listed wins",
             playlist: playlist("""
             #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Deutsch",LANGUAGE="de",DEFAULT=YES,AUTOSELECT=YES,URI="de.m3u8"
             #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Italiano",LANGUAGE="it",DEFAULT=YES,AUTOSELECT=YES,URI="it.m3u8"
             """), viewer("ja", audio: "en", mode: .alwaysOn), expect: "subs/de"),
    // RFC 8216 §4.3.4.1 AUTOSELECT: absent means NO, and only AUTOSELECT=YES may be chosen without the viewer.
    Scenario("autoselect: AUTOSELECT absent is never chosen automatically",
             playlist: playlist("""
             #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Français",LANGUAGE="fr",URI="fr.m3u8"
             """), viewer("fr", audio: "en"), expect: nil),
    // RFC 8216 §4.3.4.1: DEFAULT=YES implies AUTOSELECT=YES even when the playlist omits it.
    Scenario("autoselect: DEFAULT=YES without AUTOSELECT is still selectable",
             playlist: playlist("""
             #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Français",LANGUAGE="fr",DEFAULT=YES,URI="fr.m3u8"
             """), viewer("fr", audio: "en"), expect: "subs/fr"),

    // MARK: HLS closed captions, ASSOC-LANGUAGE, groups
    // RFC 8216 §4.3.4.2: CLOSED-CAPTIONS=NONE means no variant carries 608 captions: the CC rendition cannot play.
    Scenario("CLOSED-CAPTIONS=NONE: the CC rendition is never chosen",
             playlist: playlist("""
             #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English CC",LANGUAGE="en",INSTREAM-ID="CC1",AUTOSELECT=YES
             #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",AUTOSELECT=YES,URI="en.m3u8"
             """, variant: #"SUBTITLES="subs",CLOSED-CAPTIONS=NONE"#), viewer("en", audio: "en", mode: .alwaysOn), expect: "subs/en"),
    // RFC 8216 §4.3.4.2 CLOSED-CAPTIONS="cc" carries the group; always-on prefers captions to plain subtitles.
    Scenario("CLOSED-CAPTIONS group: CC1 chosen in always-on",
             playlist: playlist("""
             #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English CC",LANGUAGE="en",INSTREAM-ID="CC1",AUTOSELECT=YES
             #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",AUTOSELECT=YES,URI="en.m3u8"
             """, variant: #"SUBTITLES="subs",CLOSED-CAPTIONS="cc""#), viewer("en", audio: "en", mode: .alwaysOn), expect: "cc/CC1"),
    // CEA-608 channels: CC3 carries the second language; the Spanish viewer gets it.
    Scenario("CC channels: Spanish viewer gets CC3",
             [cc("cc1", "en", channel: "CC1"), cc("cc3", "es", channel: "CC3")], viewer("es", audio: "en", mode: .alwaysOn), expect: "cc3"),
    // RFC 8216 §4.3.4.1 ASSOC-LANGUAGE "identifies a language associated with the rendition", e.g.
    // a fallback dialect: Min Nan subtitles associated with Traditional Chinese serve a zh-TW viewer.
    Scenario("ASSOC-LANGUAGE: a rendition found through its associated language",
             playlist: playlist("""
             #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="台語",LANGUAGE="nan",ASSOC-LANGUAGE="zh-Hant",AUTOSELECT=YES,URI="nan.m3u8"
             #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",AUTOSELECT=YES,URI="en.m3u8"
             """), viewer("zh-TW,en", audio: "ja"), expect: "subs/nan"),
    // The primary LANGUAGE is what the rendition is written in: it beats an associated-language match.
    Scenario("ASSOC-LANGUAGE: the primary language matches first",
             [sub("fr-assoc-en", "fr", assoc: "en"), sub("en", "en")], viewer("en", audio: "ja"), expect: "en"),
    // RFC 8216 §4.3.4.2: renditions of a group no variant names cannot be played with any variant.
    Scenario("groups: a subtitle group no variant references is unavailable",
             playlist: playlist("""
             #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="other",NAME="Français",LANGUAGE="fr",AUTOSELECT=YES,URI="fr.m3u8"
             """), viewer("fr", audio: "en"), expect: nil),
]

@Suite struct SelectionScenarioTests {
    @Test(arguments: scenarios)
    func scenario(_ s: Scenario) {
        let options = s.options
        #expect(!options.isEmpty)
        let result = TrackSelector().select(options, for: s.viewer)
        #expect(result.chosen?.id == s.expected, "trace:\n\(result.trace.map(\.description).joined(separator: "\n"))\n\(result.summary)")
        // The trace explains every option, exactly one of them as chosen when something is chosen.
        #expect(result.trace.map(\.optionID) == options.map(\.id))
        #expect(result.trace.filter { $0.verdict == .chosen }.map(\.optionID) == (s.expected.map { [$0] } ?? []))
        #expect(result.trace.allSatisfy { !$0.reason.isEmpty })
    }

    @Test func thereAreAtLeastFortyScenarios() {
        #expect(scenarios.count >= 40)
        #expect(Set(scenarios.map(\.name)).count == scenarios.count)
    }
}
