/// What a track's cues use that not every format can say: found in one walk, so that a writer can
/// report what it drops or changes (once per kind, with how many cues and where the first is)
/// instead of dropping it without a word.
public struct ContentSurvey: Sendable {
    public enum Feature: String, Sendable, Hashable, CaseIterable {
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
    }

    /// How many cues use a feature, and where the first one is in the source.
    public struct Use: Sendable, Hashable {
        public var cues: Int
        public var first: SourceLocation?
    }

    public private(set) var uses: [Feature: Use] = [:]

    public init(_ cues: [Cue]) {
        for cue in cues {
            var found = Set<Feature>()
            Self.collect(cue.content, into: &found)
            for feature in found {
                uses[feature, default: Use(cues: 0, first: cue.source)].cues += 1
            }
        }
    }

    public subscript(feature: Feature) -> Use? { uses[feature] }

    private static func collect(_ nodes: [InlineNode], into found: inout Set<Feature>) {
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
                collect(span.children, into: &found)
            case .ruby(let ruby):
                found.insert(.ruby)
                for segment in ruby.segments {
                    collect(segment.base, into: &found)
                    collect(segment.annotation ?? [], into: &found)
                }
            }
        }
    }

    /// A writer's report of a feature its format has no form for: `what` says what became of it.
    public func report(_ feature: Feature, _ code: DiagnosticCode, _ what: String) -> Diagnostic? {
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
}
