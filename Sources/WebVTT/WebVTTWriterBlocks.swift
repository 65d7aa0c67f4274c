public import TimedText

/// What a WebVTT file needs its `STYLE` and `REGION` blocks for, and how it is written without
/// them. A block costs readers: ffmpeg 5.1 (Debian's) reads none of a file that has one, with no
/// error, so the writer writes only what the document needs, and leaves them out altogether when
/// asked (`WebVTTWriter.Options.writesBlocks`), saying what that loses.
enum WebVTTWriterBlocks {
    /// `style` without what a WebVTT cue is drawn with anyway (W3C WebVTT §7.4, the user agent's
    /// `::cue` defaults): white text, full opacity, upright normal-weight undecorated unshadowed
    /// text, normal line height, wrapping, no combining, and a black background (browsers draw an
    /// 80% opaque one; 608's opaque black becomes it), with the names of what was taken out; and
    /// TTML's initial background, family and size (transparent, `default`, one cell), which
    /// WebVTT draws its own way. A TTML document states all of these as its initial values, and a
    /// 608 caption has them by definition: kept, every WebVTT file from either would need a
    /// `STYLE` block.
    static func withoutCueDefaults(_ style: StyleProperties) -> (style: StyleProperties, dropped: [String]) {
        var s = style
        var dropped: [String] = []
        func drop(_ name: String, _ isDefault: Bool, _ clear: (inout StyleProperties) -> Void) {
            guard isDefault else { return }
            clear(&s)
            dropped.append(name)
        }
        drop("color: white", s.color == Color(red: 255, green: 255, blue: 255)) { $0.color = nil }
        // From 75% (IMSC's and EBU-TT-D's usual `#000000C0`, which no eye tells from 80%) to opaque.
        if let b = s.backgroundColor, b.red == 0, b.green == 0, b.blue == 0, b.alpha >= 191 {
            let said = b.alpha == 204 ? "background: 80% black"
                : b.alpha == 255 ? "background: black (drawn 80% opaque)"
                : "background: \(Int((Double(b.alpha) / 2.55).rounded()))% black (drawn 80% opaque)"
            drop(said, true) { $0.backgroundColor = nil }
        }
        // TTML's own initial values, which a TTML document states on every paragraph whether its
        // author said them or not: no background, the `default` family, one cell high. Kept, every
        // WebVTT file from TTML would need a STYLE block (which ffmpeg 5.1 reads as no cue at
        // all); left out, the cue is drawn as WebVTT draws any cue, and that is said.
        if let b = s.backgroundColor, b.alpha == 0 {
            drop("background: transparent (drawn 80% black)", true) { $0.backgroundColor = nil }
        }
        drop("font-family: default", s.fontFamilies == ["default"]) { $0.fontFamilies = nil }
        drop("font-family: sans-serif", isWebVTTsOwnFamily(s.fontFamilies)) { $0.fontFamilies = nil }
        drop("font-size: one TTML cell", s.fontSize == .viewportHeight(Fraction(1, 15)) || s.fontSize == .cells(.one)) { $0.fontSize = nil }
        // The rest: values that draw nothing different (TTML states them on every paragraph).
        let initial = s.withoutInitialValues
        if initial != s {
            s = initial
            dropped.append("CSS initial values")
        }
        drop("wrapping", s.textWrap == .wrap && s.whiteSpaceCollapse == nil) { $0.textWrap = nil }
        drop("ruby-position: alternate", s.rubyPosition == .alternateOver) { $0.rubyPosition = nil }  // CSS's initial value
        return (s, dropped)
    }

    /// Cue styles with WebVTT's defaults taken out, and one note saying which were (they change
    /// nothing a browser draws, except 608's opaque black drawn 80% opaque; a player that lets a
    /// viewer's preferences give way only to what the content states sees them as unstated).
    static func cueStyles(_ cues: inout [Cue]) -> [Diagnostic] {
        var count = 0
        var names: [String] = []
        var first: SourceLocation?
        // Stored copies are shared by many cues: each is looked at once.
        var done: [ObjectIdentifier: (stored: SharedStyle, dropped: [String])] = [:]
        for i in cues.indices where cues[i].hasStyle {
            let shared = cues[i].sharedStyle
            let result: (stored: SharedStyle, dropped: [String])
            if let identity = shared.identity, let known = done[identity] {
                result = known
            } else {
                let (after, dropped) = withoutCueDefaults(cues[i].style)
                result = (SharedStyle(after), dropped)
                if let identity = shared.identity { done[identity] = result }
            }
            if !result.dropped.isEmpty {
                count += 1
                if first == nil { first = cues[i].source }
                for name in result.dropped where !names.contains(name) { names.append(name) }
            }
            cues[i].sharedStyle = result.stored
        }
        guard count > 0 else { return [] }
        // The colours by name; the rest are initial values nobody would miss by name.
        var said = names.filter { $0.hasPrefix("color") || $0.hasPrefix("background") || $0.hasPrefix("font") }
        if said.count < names.count { said.append("CSS initial values") }
        return [Diagnostic(.info, .styleDropped,
                           "\(count) cue\(count == 1 ? "'s style states" : "s' styles state") what WebVTT draws by default (\(said.joined(separator: ", "))); left to the defaults, which need no STYLE block (the first here)",
                           at: first)]
    }

    /// Whether `families` is sans-serif alone (TTML's `sansSerif`, `proportionalSansSerif`): the
    /// family WebVTT draws every cue in (§7.4, `font: 5vh sans-serif`).
    static func isWebVTTsOwnFamily(_ families: [String]?) -> Bool {
        guard let families, families.count == 1 else { return false }
        return GenericFontFamilies.resolved(families[0]) == "sans-serif"
    }

    /// Span styles that draw what the cue around them already draws, taken out: a transparent
    /// background (CSS paints the cue's background behind its spans anyway); in a cue drawn on
    /// WebVTT's default backing, a black one from 75% to opaque (IMSC's and EBU-TT-D's usual
    /// `tts:backgroundColor="#000000C0"` on a span, which no eye tells from the default); in a cue
    /// drawn in WebVTT's own family, sans-serif. One note says how many cues had the black.
    static func spanDefaults(_ cues: inout [Cue]) -> [Diagnostic] {
        struct Context: Hashable {
            var onDefaultBacking: Bool
            var inOwnFamily: Bool
        }
        struct Key: Hashable {
            var identity: ObjectIdentifier
            var context: Context
        }
        var count = 0
        var first: SourceLocation?
        var done: [Key: (style: SharedStyle, black: Bool)] = [:]
        func cleaned(_ shared: SharedStyle, _ context: Context) -> (style: SharedStyle, black: Bool) {
            let key = shared.identity.map { Key(identity: $0, context: context) }
            if let key, let known = done[key] { return known }
            var style = shared.style
            var black = false
            if let b = style.backgroundColor {
                if b.alpha == 0 {
                    style.backgroundColor = nil
                } else if context.onDefaultBacking, b.red == 0, b.green == 0, b.blue == 0, b.alpha >= 191 {
                    style.backgroundColor = nil
                    black = true
                }
            }
            if context.inOwnFamily, isWebVTTsOwnFamily(style.fontFamilies) { style.fontFamilies = nil }
            let result = (style == shared.style ? shared : SharedStyle(style), black)
            if let key { done[key] = result }
            return result
        }
        func map(_ nodes: [InlineNode], _ context: Context, black: inout Bool) -> [InlineNode] {
            nodes.map { node in
                guard case .span(var span) = node else { return node }
                var inner = context
                if span.hasStyle {
                    let result = cleaned(span.sharedStyle, context)
                    span.sharedStyle = result.style
                    black = black || result.black
                    let style = result.style.style
                    inner.onDefaultBacking = context.onDefaultBacking && style.backgroundColor == nil
                    inner.inOwnFamily = context.inOwnFamily && style.fontFamilies == nil
                }
                span.children = map(span.children, inner, black: &black)
                return .span(span)
            }
        }
        for i in cues.indices where InlineNode.containsStyle(cues[i].content) {
            var black = false
            let context = Context(onDefaultBacking: cues[i].style.backgroundColor == nil, inOwnFamily: cues[i].style.fontFamilies == nil)
            cues[i].content = map(cues[i].content, context, black: &black)
            if black {
                count += 1
                if first == nil { first = cues[i].source }
            }
        }
        guard count > 0 else { return [] }
        return [Diagnostic(.info, .styleDropped,
                           "\(count) cue\(count == 1 ? " has" : "s have") text on a 75%-to-opaque black background, which WebVTT's own backing (80% black) draws: left to it, which needs no STYLE block (the first here)",
                           at: first)]
    }

    /// `track` with no style and no region, for a file without blocks, and what that lost.
    static func stripped(_ track: Track) -> (track: Track, diagnostics: [Diagnostic]) {
        var track = track
        var styled = 0
        var first: SourceLocation?
        for i in track.cues.indices {
            let had = track.cues[i].hasStyle || InlineNode.containsStyle(track.cues[i].content)
            if had {
                styled += 1
                if first == nil { first = track.cues[i].source }
                track.cues[i].style = .none
                track.cues[i].content = unstyled(track.cues[i].content)
            }
        }
        var reports: [Diagnostic] = []
        if styled > 0 {
            reports.append(Diagnostic(.warning, .styleDropped,
                                      "no STYLE block (asked for): the styles of \(styled) cue\(styled == 1 ? "" : "s") that WebVTT's tags and default colour classes cannot say are not written (the first here)",
                                      at: first))
        }
        let regions = Set(track.cues.compactMap(\.layout.regionID))
        if !regions.isEmpty {
            var placed = 0
            var firstPlaced: SourceLocation?
            for i in track.cues.indices where track.cues[i].layout.regionID != nil {
                track.cues[i].layout.regionID = nil
                placed += 1
                if firstPlaced == nil { firstPlaced = track.cues[i].source }
            }
            reports.append(Diagnostic(.warning, .layoutApproximated,
                                      "no REGION block (asked for): \(placed) cue\(placed == 1 ? "" : "s") of \(regions.count) region\(regions.count == 1 ? "" : "s") keep their own settings, not the region's place (the first here)",
                                      at: firstPlaced))
        }
        track.regions = []
        return (track, reports)
    }

    private static func unstyled(_ nodes: [InlineNode]) -> [InlineNode] {
        nodes.map { node in
            switch node {
            case .span(var span):
                span.style = .none
                span.children = unstyled(span.children)
                return .span(span)
            case .ruby(var ruby):
                ruby.style = .none
                for k in ruby.segments.indices {
                    ruby.segments[k].base = unstyled(ruby.segments[k].base)
                    ruby.segments[k].annotationStyle = .none
                    ruby.segments[k].annotation = ruby.segments[k].annotation.map(unstyled)
                }
                return .ruby(ruby)
            case .text, .lineBreak, .timestamp:
                return node
            }
        }
    }
}
