import TimedText

/// Named starting points for a viewer's appearance (`--appearance large`). Each is the default
/// with a few attributes changed; the doc comment says which and whose value wins.
public enum CaptionAppearancePreset: String, Sendable, Hashable, CaseIterable {
    /// White text on an 80% black background (WebVTT's own default), no window, no edge; the
    /// content's styles win everywhere.
    case `default`
    /// The default at 150% text size — the size applies whatever the content asks.
    case large
    /// White on opaque black, always: colours and opacities the content gives are ignored.
    case highContrast = "high-contrast"
    /// Yellow text on opaque black, always.
    case yellowOnBlack = "yellow-on-black"
    /// A television decoder's look: monospaced sans-serif on opaque black boxes, always; the
    /// content's text colours (608's seven colours) are kept.
    case classic608 = "classic-608"
    /// Cinema subtitles: proportional sans-serif, no background box, a black drop shadow, always.
    case cinema

    /// The full appearance this preset stands for.
    public var appearance: CaptionAppearance {
        var a = CaptionAppearance.default
        switch self {
        case .default:
            break
        case .large:
            a.textSize = AppearanceSetting(Fraction(3, 2), .viewerAlways)
        case .highContrast:
            a.textColor = AppearanceSetting(.white, .viewerAlways)
            a.textOpacity = AppearanceSetting(.one, .viewerAlways)
            a.backgroundColor = AppearanceSetting(.black, .viewerAlways)
            a.backgroundOpacity = AppearanceSetting(.one, .viewerAlways)
            a.edge = AppearanceSetting(CharacterEdge.none, .viewerAlways)
        case .yellowOnBlack:
            a.textColor = AppearanceSetting(Color(red: 255, green: 255, blue: 0), .viewerAlways)
            a.textOpacity = AppearanceSetting(.one, .viewerAlways)
            a.backgroundColor = AppearanceSetting(.black, .viewerAlways)
            a.backgroundOpacity = AppearanceSetting(.one, .viewerAlways)
        case .classic608:
            a.font = AppearanceSetting(.monospacedSansSerif, .viewerAlways)
            a.backgroundColor = AppearanceSetting(.black, .viewerAlways)
            a.backgroundOpacity = AppearanceSetting(.one, .viewerAlways)
            a.edge = AppearanceSetting(CharacterEdge.none, .viewerAlways)
        case .cinema:
            a.font = AppearanceSetting(.proportionalSansSerif, .viewerAlways)
            a.backgroundOpacity = AppearanceSetting(.zero, .viewerAlways)
            a.windowOpacity = AppearanceSetting(.zero, .viewerAlways)
            a.edge = AppearanceSetting(.dropShadow, .viewerAlways)
            a.edgeColor = AppearanceSetting(.black, .viewerAlways)
        }
        return a
    }
}

extension CaptionAppearance {
    /// The appearance of a preset.
    public init(preset: CaptionAppearancePreset) { self = preset.appearance }
}
