public import TimedText
import CaptionFormats

/// A rule Legible checks: its id, its severity unless a profile says otherwise, and what it means.
public struct RuleDescriptor: Sendable, Hashable {
    /// The rule's stable id.
    public var id: RuleID
    /// The severity its findings have unless a profile sets another.
    public var defaultSeverity: Severity
    /// One sentence, for `--list-rules`, SARIF `shortDescription` and the docs.
    public var summary: String
    /// True when `--fix` can repair what it reports.
    public var isFixable: Bool

    /// A rule `id` reporting at `severity` by default; `fixable` when `--fix` repairs it.
    public init(_ id: RuleID, _ severity: Severity, _ summary: String, fixable: Bool = false) {
        self.id = id
        self.defaultSeverity = severity
        self.summary = summary
        self.isFixable = fixable
    }
}

extension RuleID {
    /// A cue starts while an earlier one is still shown.
    public static let timingOverlap: RuleID = "timing.overlap"
    /// The file does not list its cues in start-time order.
    public static let timingOutOfOrder: RuleID = "timing.out-of-order"
    /// A cue ends at or before its start, so it never shows.
    public static let timingZeroOrNegative: RuleID = "timing.zero-or-negative"
    /// A cue is shown for less than the profile's `minDuration`.
    public static let timingMinDuration: RuleID = "timing.min-duration"
    /// A cue is shown for longer than the profile's `maxDuration`.
    public static let timingMaxDuration: RuleID = "timing.max-duration"
    /// The gap between two cues is shorter than `minGapFrames` frames.
    public static let timingMinGap: RuleID = "timing.min-gap"
    /// A gap shorter than `chainingThresholdFrames`: the cues should be chained.
    public static let timingShotGap: RuleID = "timing.shot-gap"
    /// Reading speed above the limit in characters (graphemes) per second, at any playback rate checked.
    public static let readabilityCPS: RuleID = "readability.cps"
    /// Reading speed above the limit in words per minute (not checked for unspaced scripts).
    public static let readabilityWPM: RuleID = "readability.wpm"
    /// More lines than the profile's `maxLines`.
    public static let layoutMaxLines: RuleID = "layout.max-lines"
    /// A line longer than the profile's characters per line.
    public static let layoutMaxCharsPerLine: RuleID = "layout.max-chars-per-line"
    /// A line break that puts `。`, `」` or a small kana at a line's start, or `「` at its end
    /// (kinsoku, JIS X 4051).
    public static let layoutKinsoku: RuleID = "layout.kinsoku"
    /// A vertical subtitle in the middle of the frame or not top-aligned in its column (Netflix
    /// Japanese guide; profiles with `japaneseLayout`).
    public static let layoutJapaneseVerticalPosition: RuleID = "layout.ja-vertical-position"
    /// A horizontal TTML subtitle of several lines centred line by line, not as a left-justified
    /// block (Netflix Japanese guide; profiles with `japaneseLayout`).
    public static let layoutJapaneseJustification: RuleID = "layout.ja-justification"
    /// Emphasis marks (bōten) on a side Netflix's Japanese guide does not give them (profiles with
    /// `japaneseLayout`).
    public static let layoutJapaneseBoutenPosition: RuleID = "layout.ja-bouten-position"
    /// A cue's position, box or region lies partly outside the video frame.
    public static let layoutOffScreen: RuleID = "layout.off-screen"
    /// A cue with no visible text.
    public static let textEmpty: RuleID = "text.empty"
    /// Text that looks wrongly decoded: double-encoded UTF-8, C1 controls or U+FFFD.
    public static let textMojibake: RuleID = "text.mojibake"
    /// Most letters are in a script the track's declared language is not written in.
    public static let textScriptMismatch: RuleID = "text.script-mismatch"
    /// Text whose WCAG contrast ratio against its background is below `minContrastRatio`.
    public static let styleContrast: RuleID = "style.contrast"
    /// A line longer than the 32 columns of a CEA-608 row.
    public static let cea608Columns: RuleID = "cea608.columns"
    /// A character no CEA-608 character set can carry.
    public static let cea608Charset: RuleID = "cea608.charset"
    /// A pop-on caption with too few frames before it to send its byte pairs (one pair a frame).
    public static let cea608LoadTime: RuleID = "cea608.load-time"
}

/// Every rule Legible knows, in the order the docs list them. `spec.*` rules are not listed one
/// by one: there is one per reader diagnostic code, with the diagnostic's own severity.
public enum RuleCatalog {
    /// The rule-set version: raise it in the same commit as any change to what a rule reports
    /// (a new rule, a changed limit test, message, location or severity) or to what a reader
    /// diagnoses, since `spec.*` findings are rules too. Batch records carry it inside the
    /// profile version, and `--cache` keys results by it, so a cached result is never served
    /// for rules that would now say something else. History: docs/validate.md, "Rule-set version".
    public static let version = 8

    /// The non-`spec` rules with their default severities and summaries: the common model's,
    /// then those of each format's own checks (`ass.missing-style`, …), from the format registry.
    public static var rules: [RuleDescriptor] { modelRules + formatRules }

    /// The rules each registered format's checks report under.
    static var formatRules: [RuleDescriptor] {
        CaptionFormat.all.flatMap(\.rules).map { RuleDescriptor(RuleID(rawValue: $0.id), $0.defaultSeverity, $0.summary) }
    }

    /// The rules of the common model, which every format's documents are checked by.
    static let modelRules: [RuleDescriptor] = [
        RuleDescriptor(.timingOverlap, .warning, "A cue starts before the previous one has ended."),
        RuleDescriptor(.timingOutOfOrder, .warning, "Cues are not listed in start-time order in the file."),
        RuleDescriptor(.timingZeroOrNegative, .error, "A cue ends at or before its start, so it is never shown."),
        RuleDescriptor(.timingMinDuration, .warning, "A cue is shown for less than the profile's minimum duration.", fixable: true),
        RuleDescriptor(.timingMaxDuration, .warning, "A cue is shown for longer than the profile's maximum duration."),
        RuleDescriptor(.timingMinGap, .warning, "The gap between two cues is shorter than the profile's minimum (in frames).", fixable: true),
        RuleDescriptor(.timingShotGap, .info, "A gap shorter than the chaining threshold (in frames): the cues should be chained.", fixable: true),
        RuleDescriptor(.readabilityCPS, .warning, "Reading speed above the profile's characters per second (graphemes, at each playback rate checked)."),
        RuleDescriptor(.readabilityWPM, .warning, "Reading speed above the profile's words per minute."),
        RuleDescriptor(.layoutMaxLines, .warning, "More lines than the profile allows."),
        RuleDescriptor(.layoutMaxCharsPerLine, .warning, "A line longer than the profile allows (graphemes; full-width counting where the profile asks; vertical lines against the vertical limit).", fixable: true),
        RuleDescriptor(.layoutKinsoku, .warning, "A line break that starts a line with a character kinsoku keeps off a line's start (。、」ー, small kana) or ends one with an opening bracket (「（『), JIS X 4051."),
        RuleDescriptor(.layoutJapaneseVerticalPosition, .warning, "A vertical subtitle whose region is in the middle third of the frame, or that is not top-aligned in its column (Netflix Japanese guide; profiles with japaneseLayout only)."),
        RuleDescriptor(.layoutJapaneseJustification, .warning, "A horizontal TTML subtitle of several centred lines without ebutts:multiRowAlign=\"start\": the Netflix Japanese guide wants a centred block of left-justified lines (profiles with japaneseLayout only)."),
        RuleDescriptor(.layoutJapaneseBoutenPosition, .warning, "Emphasis marks (bouten) not above a single horizontal line (right of a single vertical one) or not below (left of) the second line of two, as the Netflix Japanese guide places them (profiles with japaneseLayout only)."),
        RuleDescriptor(.layoutOffScreen, .error, "The cue's position, box or region lies partly outside the video frame."),
        RuleDescriptor(.textEmpty, .warning, "A cue with no visible text.", fixable: true),
        RuleDescriptor(.textMojibake, .error, "Text that was decoded with the wrong encoding (double-encoded UTF-8), C1 controls, or U+FFFD."),
        RuleDescriptor(.textScriptMismatch, .warning, "Most letters of the cue are in a script the declared language is not written in."),
        RuleDescriptor(.styleContrast, .warning, "The WCAG contrast ratio of the text against its background is below the profile's minimum."),
        RuleDescriptor(.cea608Columns, .error, "A line longer than the 32 columns of a CEA-608 caption row.", fixable: true),
        RuleDescriptor(.cea608Charset, .error, "A character the CEA-608 character sets cannot carry."),
        RuleDescriptor(.cea608LoadTime, .warning, "A pop-on caption has too few frames before it to be sent (CEA-608 bandwidth)."),
    ]

    /// The descriptor of a rule; for `spec.*`, one made from the rule id.
    public static func descriptor(_ id: RuleID) -> RuleDescriptor {
        if let known = byID[id] { return known }
        if !id.isSpec, let format = formatRules.first(where: { $0.id == id }) { return format }
        return RuleDescriptor(id, .warning, "Reader diagnostic \(id.rawValue.dropFirst(5)): the file breaks its format's specification or profile.")
    }

    private static let byID: [RuleID: RuleDescriptor] = Dictionary(uniqueKeysWithValues: modelRules.map { ($0.id, $0) })
}
