public import TimedText

/// Choices of the layout that no caption format fixes.
public struct LayoutOptions: Sendable, Hashable {
    /// Title-safe margins, as proportions of the frame: the title area WebVTT and SRT cue boxes are
    /// kept in (W3C WebVTT §7.2 calls it the "title area"; a line-numbered cue moves a line at a
    /// time until it is inside, other blocks are moved inside, never resized). None by default, as
    /// in browsers, where it is the whole video; `broadcastTitleSafe` is the 5% of television.
    /// CEA-608 uses its own safe caption area and TTML its authored regions, so neither is moved.
    public var titleSafe: Insets
    /// The normal text size (1 em) of WebVTT and SRT as a proportion of the frame height: 5%,
    /// the `5vh` of WebVTT's default `::cue` style.
    public var subtitleTextHeight: Fraction
    /// CEA-608's safe caption area as a proportion of the frame, centred: 80% × 80% (CEA-608-E
    /// §3 and Annex F, as ttconv and most decoders place it); the 32 × 15 grid divides it evenly.
    public var cea608SafeArea: Point
    /// Show forced content only (IMSC's `displayForcedOnlyMode`): TTML regions that are not
    /// `itts:forcedDisplay` are not drawn, background and all. Cues of other formats carry no
    /// forced flag; for them choose a forced track (`TrackKind.forced`) instead. Off by default.
    public var displaysForcedOnly: Bool
    /// The eye a stereoscopic picture is drawn for: each TTML region moves by half its
    /// `tts:disparity`, left for the left eye and right for the right. Nil (the default) draws the
    /// flat picture, where disparity is ignored.
    public var stereoView: StereoView?
    /// How colours become pixel values: sRGB (the default), or PQ for an HDR display, where each
    /// TTML region's colours are scaled by its `tts:luminanceGain` (`PixelEncoding`).
    public var pixelEncoding: PixelEncoding
    /// The folder relative image references in the content are files of (the caption file's own
    /// folder; `legible render` and `burn` give it). Nil: relative to the working directory.
    public var imageDirectory: String?

    /// The eye of a stereoscopic (3D) picture.
    public enum StereoView: String, Sendable, Hashable, CaseIterable {
        /// The left eye's view.
        case left
        /// The right eye's view.
        case right
    }

    /// The transfer function pixel values are encoded with.
    public enum PixelEncoding: String, Sendable, Hashable, CaseIterable {
        /// sRGB values as content states them (SDR video).
        case sRGB = "srgb"
        /// SMPTE ST 2084 PQ, full range: a colour's linear light (sRGB decoded, reference white
        /// 80 cd/m²) times its region's `tts:luminanceGain`, encoded with the PQ inverse EOTF —
        /// what IMSC 1.1 §8.5 (luminanceGain) asks of a processor that outputs PQ pixels.
        case pq
    }

    /// Options; by default no title-safe margin (cue boxes may reach the frame's edges, as in a
    /// browser), text 5% of the frame height, CEA-608's 80% × 80% safe area, every region shown, a
    /// flat sRGB picture.
    public init(titleSafe: Insets = .zero,
                subtitleTextHeight: Fraction = Fraction(1, 20), cea608SafeArea: Point = Point(x: Fraction(4, 5), y: Fraction(4, 5)),
                displaysForcedOnly: Bool = false, stereoView: StereoView? = nil, pixelEncoding: PixelEncoding = .sRGB) {
        self.titleSafe = titleSafe
        self.subtitleTextHeight = subtitleTextHeight
        self.cea608SafeArea = cea608SafeArea
        self.displaysForcedOnly = displaysForcedOnly
        self.stereoView = stereoView
        self.pixelEncoding = pixelEncoding
        imageDirectory = nil
    }

    /// The defaults of `init`: what players usually do.
    public static let `default` = LayoutOptions()

    /// Title-safe margins of 5% on every side: the graphics-safe area of EBU R 95 and SMPTE ST
    /// 2046-1 (the middle 90% of the width and of the height), where text stays visible on a
    /// display that overscans or crops the picture. `legible burn` draws with it unless told
    /// otherwise, since burned-in text cannot be moved by the display.
    public static let broadcastTitleSafe = Insets(top: Fraction(1, 20), right: Fraction(1, 20), bottom: Fraction(1, 20), left: Fraction(1, 20))
}
