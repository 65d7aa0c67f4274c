/// The eight font styles of FCC 47 CFR 79.103(c)(4), as Apple's `MACaptionAppearanceFontStyle`
/// names them. The raw values are the names used on the command line and in appearance files.
public enum CaptionFontStyle: String, Sendable, Hashable, CaseIterable {
    /// The renderer's default face (proportional sans-serif).
    case `default`
    case monospacedSerif = "monospaced-serif"
    case proportionalSerif = "proportional-serif"
    case monospacedSansSerif = "monospaced-sans-serif"
    case proportionalSansSerif = "proportional-sans-serif"
    case casual
    case cursive
    case smallCapitals = "small-capitals"

    /// The style a content font family names, when it is one of the generic families WebVTT
    /// (CSS) or TTML (`tts:fontFamily`) define; nil for a named family (`Arial`) or an unknown one.
    /// TTML2 §10.2.19 lists `monospaceSerif`, `proportionalSansSerif`, …; CSS gives `monospace`,
    /// `serif`, `sans-serif`, `cursive`, `fantasy`.
    public init?(contentFamily: String) {
        var key = ""
        for scalar in contentFamily.unicodeScalars where scalar != "-" && scalar != "_" && scalar != " " {
            key.unicodeScalars.append(scalar)
        }
        switch key.lowercased() {
        case "default": self = .default
        case "monospace", "monospaced", "monospacesansserif", "monospacedsansserif": self = .monospacedSansSerif
        case "monospaceserif", "monospacedserif": self = .monospacedSerif
        case "serif", "proportionalserif": self = .proportionalSerif
        case "sansserif", "proportionalsansserif", "systemui": self = .proportionalSansSerif
        case "casual", "fantasy": self = .casual
        case "cursive": self = .cursive
        case "smallcapitals", "smallcaps": self = .smallCapitals
        default: return nil
        }
    }

    /// True for the two monospaced styles (CEA-608's grid wants one of them).
    public var isMonospaced: Bool { self == .monospacedSerif || self == .monospacedSansSerif }
}
