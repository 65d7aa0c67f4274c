public import TimedText

/// WebVTT's default colour classes (W3C WebVTT §7.4, "the default text colour" and "the default
/// text background colour"): `::cue(.white)` … `::cue(.black)` set the text colour and
/// `::cue(.bg_white)` … `::cue(.bg_black)` the background, as if a user-agent style sheet said
/// so. Browsers draw `<c.yellow>` yellow with no `STYLE` block; the reader gives such spans those
/// styles beneath any the file's own style sheets give, and the writer says a span's colour with
/// one of these classes rather than a `STYLE` rule when one fits (a file without a `STYLE` block is
/// one more reader can read: ffmpeg 5.1 reads none of a file that has one).
public enum WebVTTDefaultClasses {
    /// The eight colours, by class name.
    public static let colors: [String: Color] = [
        "white": Color(red: 255, green: 255, blue: 255), "lime": Color(red: 0, green: 255, blue: 0),
        "cyan": Color(red: 0, green: 255, blue: 255), "red": Color(red: 255, green: 0, blue: 0),
        "yellow": Color(red: 255, green: 255, blue: 0), "magenta": Color(red: 255, green: 0, blue: 255),
        "blue": Color(red: 0, green: 0, blue: 255), "black": Color(red: 0, green: 0, blue: 0),
    ]

    /// The style the default classes among `classes` give (the last of each kind wins, as the
    /// rules' order does for one element), or nil when none is one.
    public static func style(_ classes: [String]) -> StyleProperties? {
        guard !classes.isEmpty else { return nil }
        var style = StyleProperties.none
        var found = false
        for name in classes {
            if let color = colors[name] {
                style.color = color
                found = true
            } else if name.hasPrefix("bg_"), let color = colors[String(name.dropFirst(3))] {
                style.backgroundColor = color
                found = true
            }
        }
        return found ? style : nil
    }

    /// The classes that say `style` entirely, when it holds only a text colour and/or a background
    /// colour that are default-class colours (fully opaque); nil otherwise.
    public static func classes(saying style: StyleProperties) -> [String]? {
        var rest = style
        var names: [String] = []
        if let color = style.color {
            guard let name = name(of: color) else { return nil }
            names.append(name)
            rest.color = nil
        }
        if let background = style.backgroundColor {
            guard let name = name(of: background) else { return nil }
            names.append("bg_" + name)
            rest.backgroundColor = nil
        }
        return rest.isEmpty && !names.isEmpty ? names : nil
    }

    private static func name(of color: Color) -> String? {
        colors.first { $0.value == color }?.key
    }
}

extension WebVTTDefaultClasses {
    /// Cue text whose spans say what they can with default classes: a span whose style is what its
    /// default classes give needs no rule; a span whose style is only a default colour (an SRT
    /// `<font color="blue">`, a TTML span) becomes `<c.blue>` with no style. Nothing else changes.
    /// A styled span (a TTML span, an SRT `<font>`) that is italic, bold or underlined becomes
    /// `<i>`, `<b>`, `<u>` around the rest, when the rest is nothing or default colours.
    static func saying(_ nodes: [InlineNode]) -> [InlineNode] {
        guard nodes.contains(where: { if case .span = $0 { true } else { false } }) else { return nodes }
        return nodes.map { node in
            guard case .span(var span) = node else { return node }
            span.children = saying(span.children)
            guard span.hasStyle else { return .span(span) }
            var tags: [InlineSpan.Kind] = []
            if span.kind == .styled, span.classes.isEmpty {
                var rest = span.style
                if rest.fontStyle == .italic { tags.append(.italic); rest.fontStyle = nil }
                if rest.fontWeight == .bold { tags.append(.bold); rest.fontWeight = nil }
                if rest.textDecoration == [.underline] { tags.append(.underline); rest.textDecoration = nil }
                if !tags.isEmpty, rest.isEmpty || classes(saying: rest) != nil {
                    span.style = rest
                } else {
                    tags = []
                }
            }
            if let given = style(span.classes), given == span.style {
                span.style = .none
            } else if span.kind == .styled || span.kind == .class, let names = classes(saying: span.style) {
                span.kind = .class
                span.classes += names.filter { !span.classes.contains($0) }
                span.style = .none
            }
            // The tags around what is left (a plain styled span is just its children).
            var children: [InlineNode] = span.hasStyle || span.kind != .styled ? [.span(span)] : span.children
            for kind in tags.reversed() { children = [.span(InlineSpan(kind, children: children))] }
            return children.count == 1 ? children[0] : .span(InlineSpan(.styled, children: children))
        }
    }

    /// The shared copy of each single default class's style, so that thousands of `c.yellow`
    /// spans share one.
    static let sharedStyles: [String: SharedStyle] = {
        var table: [String: SharedStyle] = [:]
        for name in colors.keys {
            table[name] = SharedStyle(style([name])!)
            table["bg_" + name] = SharedStyle(style(["bg_" + name])!)
        }
        return table
    }()

    /// The style a span with `classes` gets from the default classes, under `cascaded` (what the
    /// file's own rules give it, which win), or `cascaded` alone when no class is a default one.
    static func under(_ cascaded: SharedStyle?, classes: [String]) -> SharedStyle? {
        guard !classes.isEmpty else { return cascaded }
        if classes.count == 1, let shared = sharedStyles[classes[0]] {
            guard let cascaded else { return shared }
            return SharedStyle(shared.style.overlaid(by: cascaded.style))
        }
        guard let defaults = style(classes) else { return cascaded }
        return SharedStyle(cascaded.map { defaults.overlaid(by: $0.style) } ?? defaults)
    }
}
