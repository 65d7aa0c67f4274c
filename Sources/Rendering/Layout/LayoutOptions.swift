public import TimedText

/// Choices of the layout that no caption format fixes.
public struct LayoutOptions: Sendable, Hashable {
    /// Title-safe margins, as proportions of the frame: WebVTT and SRT blocks that would cross them
    /// are moved inside (never resized). CEA-608 uses its own safe caption area and TTML its
    /// authored regions, so neither is moved.
    public var titleSafe: Insets
    /// The normal text size (1 em) of WebVTT and SRT as a proportion of the frame height: 5%,
    /// the `5vh` of WebVTT's default `::cue` style.
    public var subtitleTextHeight: Fraction
    /// CEA-608's safe caption area as a proportion of the frame, centred: 80% × 80% (CEA-608-E
    /// §3 and Annex F, as ttconv and most decoders place it); the 32 × 15 grid divides it evenly.
    public var cea608SafeArea: Point

    /// Options; by default 5% title-safe margins on every side, text 5% of the frame height, and
    /// CEA-608's 80% × 80% safe area.
    public init(titleSafe: Insets = Insets(top: Fraction(1, 20), right: Fraction(1, 20), bottom: Fraction(1, 20), left: Fraction(1, 20)),
                subtitleTextHeight: Fraction = Fraction(1, 20), cea608SafeArea: Point = Point(x: Fraction(4, 5), y: Fraction(4, 5))) {
        self.titleSafe = titleSafe
        self.subtitleTextHeight = subtitleTextHeight
        self.cea608SafeArea = cea608SafeArea
    }

    /// The defaults of `init`: what players usually do.
    public static let `default` = LayoutOptions()
}
