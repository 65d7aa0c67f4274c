public import TimedText

/// What a script uses that the common model has no place for, counted per kind with the first
/// place: the report of a conversion out of ASS (one diagnostic per kind, never silence).
public struct ASSFeatureSurvey: Sendable, Hashable {
    /// A kind of ASS content that other formats cannot carry.
    public enum Feature: String, Sendable, Hashable, CaseIterable {
        /// `\move`, `\fad`, `\fade`, `\t`.
        case animation
        /// `\p` drawings.
        case drawing
        /// `\clip`, `\iclip`.
        case clip
        /// Rotation, scaling, spacing, shearing, `\org`.
        case transform
        /// `\bord`, `\shad`, `\be`, `\blur` and their x/y forms.
        case outline
        /// Secondary, outline and shadow colours and alphas set in the text.
        case color
        /// `\K`, `\kf`, `\ko`: karaoke sweeps.
        case karaokeEffect
        /// Events on a layer other than 0.
        case layer
        /// The `Effect` field.
        case effect
        /// `[Fonts]` and `[Graphics]` files.
        case attachment
        /// `Comment:` events.
        case comment

        var code: DiagnosticCode {
            switch self {
            case .animation: .assDroppedAnimation
            case .drawing: .assDroppedDrawing
            case .clip: .assDroppedClip
            case .transform: .assDroppedTransform
            case .outline: .assDroppedOutline
            case .color: .assDroppedColor
            case .karaokeEffect: .assDroppedKaraokeEffect
            case .layer: .assDroppedLayer
            case .effect: .assDroppedEffect
            case .attachment: .assDroppedAttachment
            case .comment: .assDroppedComment
            }
        }

        var what: String {
            switch self {
            case .animation: "animation (\\move, \\fad, \\fade, \\t) is dropped: the text is shown still, where it starts"
            case .drawing: "drawings (\\p) are dropped"
            case .clip: "clipping (\\clip, \\iclip) is dropped: the whole text shows"
            case .transform: "rotation, scaling, spacing and shearing (the styles' ScaleX, ScaleY, Spacing and Angle; \\fr, \\fsc, \\fsp, \\fax, \\fay, \\org) are dropped"
            case .outline: "outlines, shadows, opaque boxes and blur (the styles' Outline, Shadow and BorderStyle 3; \\bord, \\shad, \\be, \\blur) are dropped: the target's own edge style applies"
            case .color: "outline and shadow colours and alphas (\\3c, \\4c, \\2a-\\4a) are dropped"
            case .karaokeEffect: "karaoke sweeps (\\K, \\kf, \\ko) become syllable times (or are dropped where the format has none)"
            case .layer: "layers are dropped: overlapping events are laid out as separate cues"
            case .effect: "the Effect field (Banner, Scroll) is dropped"
            case .attachment: "embedded fonts and pictures ([Fonts], [Graphics]) are dropped"
            case .comment: "Comment: events are not written"
            }
        }
    }

    /// How many events (or attachments) use a feature, and where the first is.
    public struct Use: Sendable, Hashable {
        /// How many use it.
        public var count: Int
        /// The first place, in file order.
        public var first: SourceLocation?
    }

    /// Each feature used, with its count.
    public private(set) var uses: [Feature: Use] = [:]

    /// No feature used.
    public init() {}

    /// Counts one more use of `feature`.
    public mutating func note(_ feature: Feature, at location: SourceLocation?) {
        if var use = uses[feature] {
            use.count += 1
            uses[feature] = use
        } else {
            uses[feature] = Use(count: 1, first: location)
        }
    }

    /// Adds the uses `later` counted in a later part of the script (its first places come after ours).
    public mutating func merge(_ later: ASSFeatureSurvey) {
        for (feature, use) in later.uses {
            if var mine = uses[feature] {
                mine.count += use.count
                uses[feature] = mine
            } else {
                uses[feature] = use
            }
        }
    }

    /// One warning per kind of ASS content that converting into `formatName` loses, in the order of
    /// `Feature.allCases`, each with its count and the first place; the features in `carried` are
    /// ones the target can say (layers, for TTML's `tts:zIndex`).
    public func lossReport(convertingTo formatName: String, carried: Set<Feature> = []) -> [Diagnostic] {
        Feature.allCases.compactMap { feature in
            guard let use = uses[feature], !carried.contains(feature) else { return nil }
            let unit = feature == .attachment ? "file" : "event"
            return Diagnostic(.warning, feature.code,
                              "\(formatName): \(feature.what) (\(use.count) \(unit)\(use.count == 1 ? "" : "s"), the first here)",
                              at: use.first)
        }
    }
}
