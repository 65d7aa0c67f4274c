/// What a track's cues use that not every format can say: found in one walk, so that a writer can
/// report what it drops or changes (once per kind, with how many cues and where the first is)
/// instead of dropping it without a word.
package struct ContentSurvey: Sendable {
    /// A kind of cue content or placement that some formats have no form for.
    package enum Feature: String, Sendable, Hashable, CaseIterable {
        /// Ruby annotations (`<ruby>`, TTML `tts:ruby`).
        case ruby
        /// Speaker names (`<v Fred>`, TTML `ttm:agent`).
        case voices
        /// Classes (`<c.yellow>`).
        case classes
        /// Language spans (`<lang ja>`, `xml:lang` inside a cue).
        case languages
        /// Inline timestamps (karaoke, paint-on): content that appears after the cue's start.
        case timestamps
        /// A style on a whole cue (`Cue.style`) that says more than a plain subtitle shows anyway
        /// (`ContentSurvey.saysMoreThanPlainText`): TTML states every property of every cue.
        case cueStyles
        /// A position other than the default (line, position, size, alignment, vertical text).
        case positions
        /// A cue in a region.
        case regions
        /// A cue box in proportions of the frame (SRT coordinates).
        case boxes
    }

    /// How many cues use a feature, and where the first one is in the source.
    package struct Use: Sendable, Hashable {
        /// How many cues use it (a cue counts once however often it uses it).
        package var cues: Int
        /// Where the first cue (in track order) that uses it begins in the source; nil when that cue
        /// was not read from text.
        package var first: SourceLocation?
    }

    /// Each feature the cues use, with its count; a feature no cue uses has no entry.
    package private(set) var uses: [Feature: Use] = [:]
    /// The style properties inline spans set (by CSS name), with the cues that use them.
    package private(set) var spanStyles: [String: Use] = [:]

    /// Surveys `cues` in one walk of their content and layouts (a writer calls it once per track).
    package init(_ cues: [Cue]) {
        for cue in cues {
            var found = Set<Feature>()
            var properties = Set<String>()
            Self.collect(cue.content, into: &found, properties: &properties)
            if cue.hasStyle, Self.saysMoreThanPlainText(cue.style) { found.insert(.cueStyles) }
            if !cue.hasDefaultLayout {
                let layout = cue.layout
                if layout.regionID != nil { found.insert(.regions) }
                if layout.box != nil { found.insert(.boxes) }
                var plain = layout
                plain.regionID = nil
                plain.box = nil
                if !plain.isDefault { found.insert(.positions) }
            }
            for feature in found {
                uses[feature, default: Use(cues: 0, first: cue.source)].cues += 1
            }
            for name in properties {
                spanStyles[name, default: Use(cues: 0, first: cue.source)].cues += 1
            }
        }
    }

    /// Whether a whole-cue style asks for more than any subtitle player draws unasked: beyond the
    /// initial values (`StyleProperties.withoutInitialValues`), white text, no background, the
    /// default font family, wrapping, CSS's ruby position, and a size of one TTML cell (1/15 of
    /// the height: TTML's initial size, and 608's row), for which a player's own size stands in.
    /// A TTML document converted from SRT says these on every paragraph; dropping them loses
    /// nothing a viewer would see, so a writer without cue styles says nothing about them.
    static func saysMoreThanPlainText(_ style: StyleProperties) -> Bool {
        var s = style.withoutInitialValues
        if s.color == Color(red: 255, green: 255, blue: 255) { s.color = nil }
        if s.backgroundColor?.alpha == 0 { s.backgroundColor = nil }
        if s.fontFamilies == ["default"] { s.fontFamilies = nil }
        if s.fontSize == .viewportHeight(Fraction(1, 15)) || s.fontSize == .cells(.one) { s.fontSize = nil }
        if s.textWrap == .wrap, s.whiteSpaceCollapse == nil { s.textWrap = nil }
        if s.rubyPosition == .alternateOver { s.rubyPosition = nil }
        return !s.isEmpty
    }

    /// The use of `feature`, or nil when no cue uses it.
    package subscript(feature: Feature) -> Use? { uses[feature] }

    private static func collect(_ nodes: [InlineNode], into found: inout Set<Feature>, properties: inout Set<String>) {
        for node in nodes {
            switch node {
            case .text, .lineBreak: continue
            case .timestamp: found.insert(.timestamps)
            case .span(let span):
                switch span.kind {
                case .voice: found.insert(.voices)
                case .language: found.insert(.languages)
                case .class: found.insert(.classes)
                default: break
                }
                if !span.classes.isEmpty { found.insert(.classes) }
                if span.hasStyle { properties.formUnion(span.style.withoutInitialValues.propertyNames) }
                collect(span.children, into: &found, properties: &properties)
            case .ruby(let ruby):
                found.insert(.ruby)
                for segment in ruby.segments {
                    collect(segment.base, into: &found, properties: &properties)
                    collect(segment.annotation ?? [], into: &found, properties: &properties)
                }
            }
        }
    }

    /// A writer's report of the inline style properties its format has no form for.
    package func reportSpanStyles(notIn carried: Set<String>, format: String) -> Diagnostic? {
        let dropped = spanStyles.filter { !carried.contains($0.key) }
        guard !dropped.isEmpty else { return nil }
        let first = dropped.values.compactMap(\.first).min()
        let cues = dropped.values.map(\.cues).max() ?? 0
        return Diagnostic(.warning, .styleDropped,
                          "\(format) cannot say \(dropped.keys.sorted().joined(separator: ", ")) in inline styles: dropped (in up to \(cues) cue\(cues == 1 ? "" : "s"), the first here)",
                          at: first)
    }

    /// A writer's report of a feature its format has no form for: `what` says what became of it.
    package func report(_ feature: Feature, _ code: DiagnosticCode, _ what: String) -> Diagnostic? {
        guard let use = uses[feature] else { return nil }
        return Diagnostic(.warning, code, "\(what) (\(use.cues) cue\(use.cues == 1 ? "" : "s"), the first here)", at: use.first)
    }
}

extension DiagnosticCode {
    /// Ruby written as text: `base(annotation)`.
    public static let rubyAsText: Self = "write.ruby-as-text"
    /// Markup the format cannot carry removed, its text kept (voices, classes, language spans).
    public static let markupDropped: Self = "write.markup-dropped"
    /// Inline timestamps (karaoke) removed: all the cue's text shows from its start.
    public static let timestampsDropped: Self = "write.timestamps-dropped"
    /// Styles the format cannot say, dropped.
    public static let styleDropped: Self = "write.style-dropped"
    /// Positions or regions the format cannot say exactly, written as the nearest it has.
    public static let layoutApproximated: Self = "write.layout-approximated"
}
