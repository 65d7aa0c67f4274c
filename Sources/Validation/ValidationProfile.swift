public import TimedText

/// The numbers and rule settings a file is checked against: a published style guide (Netflix,
/// DCMP, FCC/CEA-608, EBU-TT-D, IMSC, WCAG) or the general defaults, or a custom JSON profile.
public struct ValidationProfile: Sendable, Hashable {
    /// Limits that may differ by language (Netflix publishes them per language).
    public struct Limits: Sendable, Hashable {
        /// Characters per line (graphemes); in full-width characters when `fullWidthCounting`.
        public var maxCharsPerLine: Int?
        /// Characters per line of vertical text (a vertical cue or region), counted as
        /// `maxCharsPerLine` is; nil: vertical lines are held to `maxCharsPerLine`.
        public var maxCharsPerVerticalLine: Int?
        /// Count East Asian wide characters as 1 and others as ½ (Netflix's Japanese, Chinese and
        /// Korean guides), i.e. compare half-width units against twice the limit.
        public var fullWidthCounting: Bool
        /// Characters per second at 1× playback.
        public var maxCharsPerSecond: Fraction?
        /// Words per minute at 1× playback; not applied to text in scripts written without spaces.
        public var maxWordsPerMinute: Int?

        /// Limits given field by field; nil leaves a limit unchecked (or, in `languageLimits`, inherited).
        public init(maxCharsPerLine: Int? = nil, maxCharsPerVerticalLine: Int? = nil, fullWidthCounting: Bool = false,
                    maxCharsPerSecond: Fraction? = nil, maxWordsPerMinute: Int? = nil) {
            self.maxCharsPerLine = maxCharsPerLine
            self.maxCharsPerVerticalLine = maxCharsPerVerticalLine
            self.fullWidthCounting = fullWidthCounting
            self.maxCharsPerSecond = maxCharsPerSecond
            self.maxWordsPerMinute = maxWordsPerMinute
        }
    }

    /// Whether a rule runs, and how serious its findings are.
    public enum RuleSetting: Sendable, Hashable {
        case off
        case severity(Severity)
    }

    /// The name `--profile` takes (`netflix`, `fcc608`), lowercase.
    public var name: String
    /// What the profile is for and where its numbers come from (shown by `--list-profiles`).
    public var summary: String
    /// Where the numbers come from (the guide and section), for `--list-profiles` and the docs.
    public var source: String

    /// The limits for every language that `languageLimits` does not name.
    public var limits: Limits
    /// Limits for a language, by primary language subtag (`ja`, `en`); fields left nil fall back
    /// to `limits`.
    public var languageLimits: [String: Limits]
    /// The most lines a cue may have; nil: no limit.
    public var maxLines: Int?
    /// The shortest time a cue may be shown; nil: no minimum.
    public var minDuration: MediaTime?
    /// The longest time a cue may be shown; nil: no maximum.
    public var maxDuration: MediaTime?
    /// The smallest gap between consecutive cues, in frames (0 allows touching cues).
    public var minGapFrames: Int?
    /// Gaps shorter than this many frames (but above the minimum) should be closed: chaining.
    public var chainingThresholdFrames: Int?
    /// The lowest WCAG contrast ratio accepted (4.5 is WCAG AA for normal text).
    public var minContrastRatio: Fraction?
    /// The frame rate frame-based rules use when `--fps` is not given (nil: 29.97 drop-frame for
    /// SCC input, 23.976 otherwise).
    public var defaultFrameRate: FrameRate?
    /// Run the `cea608.*` rules on every input, not only on SCC.
    public var checksCEA608: Bool
    /// Run the `layout.ja-*` rules (where Netflix's Japanese guide puts subtitles).
    public var checksJapaneseLayout: Bool
    /// Rules whose setting differs from their default severity. A `spec` entry applies to every
    /// `spec.*` rule; a `spec.<code>` entry to one.
    public var rules: [RuleID: RuleSetting]

    /// A profile given field by field (custom JSON profiles are read with `load(json:)`);
    /// nil limits are unchecked, and the contrast minimum defaults to WCAG AA's 4.5.
    public init(name: String, summary: String, source: String, limits: Limits, languageLimits: [String: Limits] = [:],
                maxLines: Int?, minDuration: MediaTime?, maxDuration: MediaTime?, minGapFrames: Int?,
                chainingThresholdFrames: Int?, minContrastRatio: Fraction? = Fraction(9, 2),
                defaultFrameRate: FrameRate? = nil, checksCEA608: Bool = false, checksJapaneseLayout: Bool = false, rules: [RuleID: RuleSetting] = [:]) {
        self.name = name
        self.summary = summary
        self.source = source
        self.limits = limits
        self.languageLimits = languageLimits
        self.maxLines = maxLines
        self.minDuration = minDuration
        self.maxDuration = maxDuration
        self.minGapFrames = minGapFrames
        self.chainingThresholdFrames = chainingThresholdFrames
        self.minContrastRatio = minContrastRatio
        self.defaultFrameRate = defaultFrameRate
        self.checksCEA608 = checksCEA608
        self.checksJapaneseLayout = checksJapaneseLayout
        self.rules = rules
    }

    /// The severity a rule reports at under this profile, or nil when the profile turns it off.
    public func severity(of rule: RuleID, default defaultSeverity: Severity) -> Severity? {
        let setting = rules[rule] ?? (rule.isSpec ? rules["spec"] : nil)
        switch setting {
        case .off?: return nil
        case .severity(let s)?: return s
        case nil: return defaultSeverity
        }
    }

    /// The limits for a track in `language` (a BCP 47 tag, or nil).
    public func limits(forLanguage language: String?) -> Limits {
        guard let language, let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased(),
              let specific = languageLimits[primary] else { return limits }
        return Limits(maxCharsPerLine: specific.maxCharsPerLine ?? limits.maxCharsPerLine,
                      maxCharsPerVerticalLine: specific.maxCharsPerVerticalLine ?? limits.maxCharsPerVerticalLine,
                      fullWidthCounting: specific.maxCharsPerLine != nil ? specific.fullWidthCounting : limits.fullWidthCounting,
                      maxCharsPerSecond: specific.maxCharsPerSecond ?? limits.maxCharsPerSecond,
                      maxWordsPerMinute: specific.maxWordsPerMinute ?? limits.maxWordsPerMinute)
    }
}
