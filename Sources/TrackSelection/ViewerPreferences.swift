public import TimedText

/// When legible text is shown, after MediaAccessibility's `MACaptionAppearanceDisplayType`, with
/// an `off` that shows nothing at all.
public enum DisplayMode: String, Sendable, Hashable, CaseIterable {
    /// Nothing is shown, not even forced subtitles (a player's "subtitles disabled"). Apple's
    /// system setting "Off" is `forcedOnly`: use that to keep forced narrative on screen.
    case off = "off"
    /// Only forced subtitles, in the audio's language (`kMACaptionAppearanceDisplayTypeForcedOnly`).
    case forcedOnly = "forced-only"
    /// Subtitles in the viewer's language when the audio is in another; forced subtitles
    /// otherwise (`kMACaptionAppearanceDisplayTypeAutomatic`).
    case automatic = "automatic"
    /// Always the most accessible track (SDH, captions, then subtitles) in the best language
    /// (`kMACaptionAppearanceDisplayTypeAlwaysOn`).
    case alwaysOn = "always-on"
}

/// What the viewer wants: the input of `TrackSelector`.
public struct ViewerPreferences: Sendable, Hashable {
    /// Languages the viewer reads, most preferred first (the system's preferred languages).
    public var preferredLanguages: [LanguageTag]
    /// The language of the audio being played, when known.
    public var audioLanguage: LanguageTag?
    /// When legible text is shown at all; `automatic` by default.
    public var displayMode: DisplayMode
    /// The viewer wants SDH or closed captions (`MACaptionAppearanceGetPreferredAccessibility…`,
    /// "Closed Captions + SDH").
    public var prefersSDH: Bool
    /// The viewer wants easy-to-read tracks (`public.easy-to-read`).
    public var prefersEasyReader: Bool
    /// The language of the player's interface, for display names; also the preferred language when
    /// `preferredLanguages` is empty.
    public var interfaceLanguage: LanguageTag?

    /// Preferences given field by field; the defaults are `default`'s.
    public init(preferredLanguages: [LanguageTag] = [], audioLanguage: LanguageTag? = nil,
                displayMode: DisplayMode = .automatic, prefersSDH: Bool = false, prefersEasyReader: Bool = false,
                interfaceLanguage: LanguageTag? = nil) {
        self.preferredLanguages = preferredLanguages
        self.audioLanguage = audioLanguage
        self.displayMode = displayMode
        self.prefersSDH = prefersSDH
        self.prefersEasyReader = prefersEasyReader
        self.interfaceLanguage = interfaceLanguage
    }

    /// No languages, audio language unknown, `automatic` mode, no SDH or easy-reader wish.
    public static let `default` = ViewerPreferences()

    /// The preferred languages, or the interface language alone when none are given; `und` never
    /// counts as a preference.
    public var effectiveLanguages: [LanguageTag] {
        let given = preferredLanguages.isEmpty ? interfaceLanguage.map { [$0] } ?? [] : preferredLanguages
        return given.filter { !$0.isUndetermined }
    }
}
