import TimedText

extension TTMLWriterRun {
    /// The `p` for one cue: timing, region, the cue's style and text alignment, and its inline
    /// content as `span`/`br`.
    mutating func paragraph(for cue: Cue, id: String?, start: MediaTime, end: MediaTime?, region: Int,
                            regionFontCells: [Fraction?]) -> TTMLOutElement {
        let location = cue.source
        var p = TTMLOutElement("p")
        if let id { p.attributes.append(("xml:id", id)) }
        p.attributes.append(("begin", time.text(start)))
        if let end { p.attributes.append(("end", time.text(end))) }
        p.attributes.append(("region", regionID(region)))

        var fontCells = regionFontCells.indices.contains(region) ? regionFontCells[region] : .one
        let style = cue.style
        p.style = styleAttributes(style, target: .paragraph, fontCells: &fontCells, at: location)
        // TTML's initial textAlign is `start`, WebVTT's (and the model's default) `center`: always say it.
        p.style.set("tts:textAlign", cue.layout.textAlignment.rawValue)

        if style.whiteSpaceCollapse == .preserve || style.whiteSpaceCollapse == .breakSpaces || needsPreservedSpace(cue.content) {
            // TTML §7.2.3 / XSL-FO: by default runs of spaces collapse and spaces at line ends go.
            p.attributes.append(("xml:space", "preserve"))
        }
        // TTML's initial colour is white (IMSC, imscJS).
        karaoke = style.futureColor.map { ($0, style.color ?? .white) }
        paragraphEnd = end
        p.children = content(cue.content, base: start, fontCells: fontCells, at: location)
        karaoke = nil
        paragraphEnd = nil
        return p
    }

    private func regionID(_ index: Int) -> String { plannedRegionIDs[index] }

    /// Inline nodes as TTML content. An inline timestamp (karaoke, paint-on) starts a span timed
    /// from it, relative to its parent's begin as TTML's `par` timing is; everything after it
    /// at that level goes inside. Where the text has karaoke colours (`futureColor`), that span
    /// shows from the start in the colour of what is still to come, and a `<set>` at the
    /// timestamp gives it its own colour (TTML §12.1.2): the line is seen whole, as ASS shows it.
    mutating func content(_ nodes: [InlineNode], base: MediaTime, fontCells: Fraction?, at location: SourceLocation?) -> [TTMLOutNode] {
        var out: [TTMLOutNode] = []
        for (offset, node) in nodes.enumerated() {
            switch node {
            case .text(let text):
                appendText(text, to: &out, at: location)
            case .lineBreak:
                out.append(.element(TTMLOutElement("br")))
            case .timestamp(var t):
                if t < base {
                    log.report(.warning, .ttmlClampedTime,
                               "inline timestamp \(t.secondsText) s is before its cue or span begins; written as its begin", at: location)
                    t = base
                }
                // WebVTT shows text after a timestamp from the cue's start (as future text); a
                // TTML span timed from after the paragraph's end never shows at all.
                if karaoke == nil, let end = paragraphEnd, t >= end, !InlineNode.plainText(of: Array(nodes[(offset + 1)...])).isEmpty {
                    log.report(.warning, .ttmlClampedTime,
                               "inline timestamp \(t.secondsText) s is at or after its cue's end (\(end.secondsText) s): the text after it is never shown in TTML",
                               at: location)
                }
                var span = TTMLOutElement("span")
                if let karaoke {
                    span.style.set("tts:color", karaoke.future.hexText)
                    // On the set itself, not in a shared style: `<set>` takes no style reference.
                    let change = TTMLOutElement("set", attributes: [("begin", time.text(t - base)), ("tts:color", karaoke.past.hexText)])
                    span.children = [.element(change)] + content(Array(nodes[(offset + 1)...]), base: base, fontCells: fontCells, at: location)
                } else {
                    span.attributes.append(("begin", time.text(t - base)))
                    span.children = content(Array(nodes[(offset + 1)...]), base: t, fontCells: fontCells, at: location)
                }
                out.append(.element(span))
                return out
            case .span(let span):
                out += spanContent(span, base: base, fontCells: fontCells, at: location)
            case .ruby(let ruby):
                out += rubyContent(ruby, base: base, fontCells: fontCells, at: location)
            }
        }
        return out
    }

    /// Text with its newlines as `br`, and characters XML cannot carry replaced.
    private mutating func appendText(_ text: String, to out: inout [TTMLOutNode], at location: SourceLocation?) {
        let clean = sanitizedText(text, at: location)
        var first = true
        for line in clean.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first { out.append(.element(TTMLOutElement("br"))) }
            first = false
            if !line.isEmpty { out.append(.text(String(line))) }
        }
    }

    private mutating func spanContent(_ span: InlineSpan, base: MediaTime, fontCells inherited: Fraction?, at location: SourceLocation?) -> [TTMLOutNode] {
        var style = span.style
        switch span.kind {
        case .italic where style.fontStyle == nil: style.fontStyle = .italic
        case .bold where style.fontWeight == nil: style.fontWeight = .bold
        case .underline where style.textDecoration == nil: style.textDecoration = .underline
        default: break
        }
        var element = TTMLOutElement("span")
        switch span.kind {
        case .voice(let name): element.attributes.append(("ttm:agent", agentID(for: sanitizedText(name, at: location))))
        case .language(let tag): element.attributes.append(("xml:lang", sanitizedText(tag, at: location)))
        default: break
        }
        if !span.classes.isEmpty { reportClasses(span.classes, at: location) }
        var fontCells = inherited
        element.style = styleAttributes(style, target: .span, fontCells: &fontCells, at: location)
        let outer = karaoke
        if let future = style.futureColor {
            karaoke = (future, style.color ?? outer?.past ?? .white)
        } else if let color = style.color, outer != nil {
            karaoke?.past = color
        }
        let children = content(span.children, base: base, fontCells: fontCells, at: location)
        karaoke = outer
        // A span that says nothing (a WebVTT <c> whose classes the style cascade already applied)
        // adds only noise: its content goes in its place.
        if element.attributes.isEmpty && element.style.isEmpty { return children }
        element.children = children
        return [.element(element)]
    }

    /// TTML2 §10.2.38 `tts:ruby`: one container per annotated base, holding a base span and a
    /// text span; base text without an annotation is written as is. DFXP (TTML1) has no ruby, so
    /// there an annotation follows its base in parentheses, as the SRT writer does.
    private mutating func rubyContent(_ ruby: Ruby, base: MediaTime, fontCells inherited: Fraction?, at location: SourceLocation?) -> [TTMLOutNode] {
        var fontCells = inherited
        let rubyStyle = styleAttributes(ruby.style, target: .span, fontCells: &fontCells, at: location)
        if !ruby.classes.isEmpty { reportClasses(ruby.classes, at: location) }
        var out: [TTMLOutNode] = []
        let dfxp = options.dialect == .dfxp
        if dfxp {
            log.report(.warning, .ttmlUnsupportedMarkup, "TTML1 has no ruby: annotations written in parentheses after their base",
                       at: location)
        }
        for segment in ruby.segments {
            let baseNodes = content(segment.base, base: base, fontCells: fontCells, at: location)
            guard let annotation = segment.annotation else {
                out += baseNodes
                continue
            }
            if !segment.annotationClasses.isEmpty { reportClasses(segment.annotationClasses, at: location) }
            var textCells = fontCells
            let annotationStyle = styleAttributes(segment.annotationStyle, target: .span, fontCells: &textCells, at: location)
            let annotationNodes = content(annotation, base: base, fontCells: textCells, at: location)
            if dfxp {
                out += baseNodes
                var paren = TTMLOutElement("span", style: annotationStyle)
                paren.children = [.text("(")] + annotationNodes + [.text(")")]
                if annotationStyle.isEmpty { out += paren.children } else { out.append(.element(paren)) }
                continue
            }
            let baseSpan = TTMLOutElement("span", attributes: [("tts:ruby", "base")], children: baseNodes)
            let textSpan = TTMLOutElement("span", attributes: [("tts:ruby", "text")], style: annotationStyle, children: annotationNodes)
            out.append(.element(TTMLOutElement("span", attributes: [("tts:ruby", "container")],
                                               children: [.element(baseSpan), .element(textSpan)])))
        }
        if rubyStyle.isEmpty { return out }
        return [.element(TTMLOutElement("span", style: rubyStyle, children: out))]
    }

    /// The `ttm:agent` id for a voice, declared in the head the first time it is used.
    private mutating func agentID(for name: String) -> String {
        if let id = agentIDs[name] { return id }
        let id = ids.generate("agent")
        agentIDs[name] = id
        agentOrder.append(name)
        return id
    }

    private mutating func reportClasses(_ classes: [String], at location: SourceLocation?) {
        // Once per document: classes are WebVTT selectors whose effect the reader already
        // resolved into styles; TTML has nothing to hang them on.
        guard !reportedClasses else { return }
        reportedClasses = true
        log.report(.info, .ttmlUnsupportedMarkup,
                   "TTML has no classes: class names such as '\(classes.joined(separator: "."))' were not written (their styles were)",
                   at: location)
    }

    /// True when XML's default whitespace handling in TTML would change the text: a run of
    /// spaces, a tab, or a space at the start or end of a line. One pass over the UTF-8 bytes
    /// (this runs for every cue).
    func needsPreservedSpace(_ nodes: [InlineNode]) -> Bool {
        var scan = WhitespaceScan()
        scan.walk(nodes)
        scan.endLine()
        return scan.found
    }
}

private struct WhitespaceScan {
    var found = false
    var atLineStart = true
    var afterSpace = false

    mutating func endLine() {
        if afterSpace { found = true }
        atLineStart = true
        afterSpace = false
    }

    mutating func walk(_ nodes: [InlineNode]) {
        for node in nodes where !found {
            switch node {
            case .text(let text):
                for byte in text.utf8 {
                    switch byte {
                    case 0x09: found = true
                    case 0x20:
                        if atLineStart || afterSpace { found = true }
                        afterSpace = true
                        atLineStart = false
                    case 0x0A: endLine()
                    default:
                        afterSpace = false
                        atLineStart = false
                    }
                }
            case .lineBreak: endLine()
            case .span(let span): walk(span.children)
            case .ruby(let ruby):
                for segment in ruby.segments {
                    walk(segment.base)
                    if let annotation = segment.annotation {
                        // The annotation is its own run of text, beside its base.
                        endLine()
                        walk(annotation)
                        endLine()
                    }
                }
            case .timestamp: break
            }
        }
    }
}
