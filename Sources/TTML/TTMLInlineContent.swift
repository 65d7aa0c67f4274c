import TimedText
internal import XML
import TextScanning

/// Turns a region's selected content (an ISD body) into the cue's inline nodes: each `p` a line
/// (or several), `br` a line break, spans as `InlineSpan`s, text with white space handled as TTML2
/// §7.2.3 (`xml:space`) prescribes through XSL-FO:
/// - `default`: line feeds and tabs are spaces, runs of spaces collapse to one (across span
///   boundaries), and spaces at the start and end of a line are removed;
/// - `preserve`: every character is kept, and a line feed is a line break.
struct TTMLInlineContent {
    let document: TTMLDocument
    /// The track's language: spans in another language are marked with theirs.
    let trackLanguage: String?
    /// Computes each element's style down from its region's.
    let styler: TTMLCueStyler

    private struct State {
        var atLineStart = true
        /// The last character given out is a collapsible space: white space that follows
        /// collapses into it (CSS keeps the first space of a run, in the element it is in).
        var endsWithSpace = false
        /// A line break came where the space before it could not be reached from the break's
        /// own element (a `br` first in its span): the paragraph is trimmed as a whole at its end.
        var trimsLater = false
    }

    /// What a region shows as a cue's content, the body's computed style (the cue's style) and the
    /// first paragraph's computed style (for its alignment).
    func content<Node: TTMLShownNode>(of body: Node, region: TTMLCueStyler.Computed)
        -> (nodes: [InlineNode], style: TTMLCueStyler.Computed, firstParagraph: TTMLCueStyler.Computed?) {
        let bodyStyle = fixedStyles(body)
            ? styler.compute(body.styles, kind: .body, parent: region, element: body.node)
            : styler.compute(body.styles, kind: .body, parent: region)
        var lines: [InlineNode] = []
        var first: TTMLCueStyler.Computed?
        for child in body.children { appendParagraphs(child, parent: bodyStyle, shown: bodyStyle, to: &lines, first: &first) }
        if let background = bodyStyle.properties.backgroundColor, background.alpha > 0, !lines.isEmpty {
            // The body, like a div, is a block (TTML2 §10.2.2): its background fills the content
            // width behind all its lines, not a box around each line's text.
            lines = [.span(InlineSpan(.styled, style: StyleProperties(backgroundColor: background), children: lines, isParagraph: true))]
        }
        return (lines, bodyStyle, first)
    }

    /// `shown` is the style of the nearest ancestor the model represents (the body, or a div that
    /// became a span): a div without a background is no node of its own, so what it sets (a
    /// colour, a shear…) is carried by its paragraphs, as their difference from `shown`.
    private func appendParagraphs<Node: TTMLShownNode>(_ isd: Node, parent: TTMLCueStyler.Computed, shown: TTMLCueStyler.Computed,
                                  to out: inout [InlineNode], first: inout TTMLCueStyler.Computed?) {
        // Fields read in place: copying a whole content node retains its maps and arrays.
        switch document.nodes[isd.node].kind {
        case .body, .div:
            let kind: TTMLStyledElementKind = document.nodes[isd.node].kind == .body ? .body : .div
            let style = fixedStyles(isd)
                ? styler.compute(isd.styles, kind: kind, parent: parent, element: isd.node)
                : styler.compute(isd.styles, kind: kind, parent: parent)
            if kind == .div, let background = style.properties.backgroundColor, background.alpha > 0 {
                // A div with a background is a block around its paragraphs (TTML2 §10.2.2).
                var inner: [InlineNode] = []
                for child in isd.children { appendParagraphs(child, parent: style, shown: style, to: &inner, first: &first) }
                guard !inner.isEmpty else { return }
                if !out.isEmpty { out.append(.lineBreak) }
                out.append(.span(InlineSpan(.styled, sharedStyle: styler.difference(style, from: shown), children: inner, isParagraph: true)))
                return
            }
            for child in isd.children { appendParagraphs(child, parent: style, shown: shown, to: &out, first: &first) }
        case .p:
            let style = styler.compute(isd.styles, kind: .p, parent: parent)
            var state = State()
            var content: [InlineNode] = []
            content.reserveCapacity(4)  // a paragraph's few runs: one allocation, not one per doubling
            for child in isd.children { appendInline(child, parent: style, to: &content, state: &state) }
            // A space that ends the paragraph goes, as one at any line's end does (XSL-FO
            // suppression at line ends; CSS removes it too).
            if state.trimsLater {
                var trimming = true
                Self.trimSpacesBeforeBreaks(&content, trimming: &trimming)
            } else if state.endsWithSpace {
                Self.trimFinalSpace(&content)
            }
            Self.dropFinalBreak(&content)
            guard !content.isEmpty else { return }
            if first == nil { first = style }
            if !out.isEmpty { out.append(.lineBreak) }
            wrap(isd.node, content, style: styler.difference(style, from: shown), into: &out)
        default:
            break
        }
    }

    /// Drops a paragraph's last line break when it ends with one (inside its last spans too): a
    /// break at the very end of a block opens no line, while each break before it leaves an
    /// empty line (CSS, by which IMSC renderers lay TTML out; roll-up captions push their text
    /// up with them). Returns whether there was one.
    @discardableResult
    static func dropFinalBreak(_ nodes: inout [InlineNode]) -> Bool {
        guard let last = nodes.last else { return false }
        switch last {
        case .lineBreak:
            nodes.removeLast()
            return true
        case .span(var span):
            guard dropFinalBreak(&span.children) else { return false }
            if span.children.isEmpty { nodes.removeLast() } else { nodes[nodes.count - 1] = .span(span) }
            return true
        default:
            return false
        }
    }

    /// True when the element's styles are its specified ones at every time (no `set` inside it
    /// changes them), so its computed style can be remembered by identity.
    private func fixedStyles<Node: TTMLShownNode>(_ isd: Node) -> Bool {
        document.nodes[isd.node].sets.isEmpty
    }

    /// Marks a `p` or `span` as a voice (`ttm:agent`), a language change, or a plain styled span,
    /// carrying what its style adds to its parent's.
    /// Appends to `out` (not returned in an array of its own: one allocation less per paragraph).
    private func wrap(_ node: Int, _ children: [InlineNode], style: SharedStyle, into out: inout [InlineNode]) {
        let paragraph = document.nodes[node].kind == .p
        if let agent = document.nodes[node].agent {
            out.append(.span(InlineSpan(.voice(agent), sharedStyle: style, children: children, isParagraph: paragraph)))
        } else if let language = document.nodes[node].language, language != trackLanguage, !language.isEmpty {
            out.append(.span(InlineSpan(.language(language), sharedStyle: style, children: children, isParagraph: paragraph)))
        } else if document.nodes[node].kind == .span || style.identity != nil {
            out.append(.span(InlineSpan(.styled, sharedStyle: style, children: children, isParagraph: paragraph)))
        } else if out.isEmpty {
            out = children  // a cue's one paragraph: its runs become the cue's, not copied over
        } else {
            out.append(contentsOf: children)
        }
    }

    private func appendInline<Node: TTMLShownNode>(_ isd: Node, parent: TTMLCueStyler.Computed, to out: inout [InlineNode], state: inout State) {
        // Fields read in place: copying a whole content node retains its maps and arrays.
        switch document.nodes[isd.node].kind {
        case .text(let text):
            appendText(text, preserve: document.nodes[isd.node].preservesSpace, to: &out, state: &state)
        case .br:
            if state.endsWithSpace && !Self.trimFinalSpace(&out) { state.trimsLater = true }
            state.endsWithSpace = false
            out.append(.lineBreak)
            state.atLineStart = true
        case .span where rubyRole(isd) == "container":
            if let ruby = ruby(isd, parent: parent, state: &state) {
                out.append(.ruby(ruby))
            }
        case .span:
            let style = styler.compute(isd.styles, kind: .span, parent: parent)
            var children: [InlineNode] = []
            for child in isd.children { appendInline(child, parent: style, to: &children, state: &state) }
            guard !children.isEmpty else { return }
            wrap(isd.node, children, style: styler.difference(style, from: parent), into: &out)
        default:
            break
        }
    }

    /// The `tts:ruby` role a span states (`container`, `base`, `text`, `baseContainer`,
    /// `textContainer`, `delimiter`), if any.
    private func rubyRole<Node: TTMLShownNode>(_ isd: Node) -> String? {
        let styles = isd.styles
        guard !styles.isEmpty else { return nil }
        return styles[Self.ruby].map { String($0.value.split(separator: " ").first ?? "") }
    }

    /// A ruby container (TTML2 §10.2.39) as the model's `Ruby`: its bases, each with the text
    /// annotation that follows it (or, in container form, the texts paired with the bases in
    /// order). Delimiters — the parentheses shown where ruby is not supported — are left out,
    /// as HTML's `rp` is. Nil when the container holds no base.
    static let ruby = XMLName(XMLNamespace.tts, "ruby")
    static let fontSize = XMLName(XMLNamespace.tts, "fontSize")

    private func ruby<Node: TTMLShownNode>(_ container: Node, parent: TTMLCueStyler.Computed, state: inout State) -> Ruby? {
        let style = styler.compute(container.styles, kind: .span, parent: parent)
        var bases: [[InlineNode]] = []
        var texts: [([InlineNode], StyleProperties)?] = []
        func content(_ node: Node, parent: TTMLCueStyler.Computed) -> ([InlineNode], TTMLCueStyler.Computed) {
            let computed = styler.compute(node.styles, kind: .span, parent: parent)
            var nodes: [InlineNode] = []
            for child in node.children { appendInline(child, parent: computed, to: &nodes, state: &state) }
            return (nodes, computed)
        }
        // `sized`: a text container above states a font size. An annotation is drawn at half its
        // base's size unless a size is stated for it, even one equal to the base's (TTML2 §10.2.19).
        func visit(_ node: Node, parent: TTMLCueStyler.Computed, sized: Bool = false) {
            switch rubyRole(node) {
            case "base":
                bases.append(content(node, parent: parent).0)
                texts.append(nil)
            case "text":
                let (nodes, computed) = content(node, parent: parent)
                // What the annotation draws differently from the container (a text container's
                // styles included), which the renderer lays over the container's.
                var annotationStyle = computed.properties.removingValues(sharedWith: style.properties)
                if sized || node.styles[Self.fontSize] != nil { annotationStyle.fontSize = computed.properties.fontSize }
                // The first base still without a text: the one just before in the inline form
                // (base, text, base, text), the next in order in the container form.
                if let free = texts.firstIndex(where: { $0 == nil }) {
                    texts[free] = (nodes, annotationStyle)
                }
            case "baseContainer", "textContainer":
                let computed = styler.compute(node.styles, kind: .span, parent: parent)
                let stated = sized || (rubyRole(node) == "textContainer" && node.styles[Self.fontSize] != nil)
                for child in node.children { visit(child, parent: computed, sized: stated) }
            default:
                break  // delimiters, and text outside the ruby roles
            }
        }
        for child in container.children { visit(child, parent: style) }
        guard !bases.isEmpty else { return nil }
        let segments = zip(bases, texts).map { base, text in
            RubySegment(base: base, annotation: text?.0, annotationStyle: text?.1 ?? .none)
        }
        return Ruby(segments: segments, style: style.properties.removingValues(sharedWith: parent.properties))
    }

    private func appendText(_ text: String, preserve: Bool, to out: inout [InlineNode], state: inout State) {
        // Most text is already what default handling makes of it (kept as it is, not rebuilt), or
        // nearly so: collapsed between white space at its ends. A space at an end is kept in this
        // text unless the text before already ends with one (or a line starts here): CSS keeps the
        // first space of a collapsed run where it is, so the space between a word and a span stays
        // outside the span (and its background). A space at a line's end is trimmed afterwards.
        if !preserve, let core = text.utf8.withContiguousStorageIfAvailable(Self.collapsedCore) ?? nil {
            let utf8 = text.utf8
            let leading = core.lowerBound > 0 && !state.atLineStart && !state.endsWithSpace
            let trailing = core.upperBound < utf8.count
            // Kept as it is when its ends are already what is kept of them: nothing, or one space.
            let startKept = leading ? core.lowerBound == 1 && utf8.first == 0x20 : core.lowerBound == 0
            let endKept = !trailing || (core.upperBound == utf8.count - 1 && utf8.last == 0x20)
            if startKept && endKept {
                out.append(.text(text))
            } else {
                let middle = Substring(utf8[utf8.index(utf8.startIndex, offsetBy: core.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: core.upperBound)])
                out.append(.text((leading ? " " : "") + middle + (trailing ? " " : "")))
            }
            state.endsWithSpace = trailing
            state.atLineStart = false
            return
        }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        func flush() {
            if !result.isEmpty {
                out.append(.text(String(decoding: result, as: UTF8.self)))
                result.removeAll(keepingCapacity: true)
            }
        }
        for byte in text.utf8 {
            if preserve {
                // Preserved spaces are not collapsible: white space after them is kept as well.
                state.endsWithSpace = false
                if byte == 0x0A {
                    flush()
                    out.append(.lineBreak)
                    state.atLineStart = true
                } else {
                    result.append(byte)
                    state.atLineStart = false
                }
                continue
            }
            if isWhitespace(byte) {
                if !state.atLineStart && !state.endsWithSpace {
                    result.append(0x20)
                    state.endsWithSpace = true
                }
                continue
            }
            result.append(byte)
            state.endsWithSpace = false
            state.atLineStart = false
        }
        flush()
    }

    /// Removes the collapsible space that ends `nodes` (at the end of its last text, inside its
    /// last spans too), and a text or span it leaves empty. False when `nodes` ends with no
    /// text to trim (it is empty, or ends with ruby): the space is elsewhere.
    @discardableResult
    static func trimFinalSpace(_ nodes: inout [InlineNode]) -> Bool {
        guard let last = nodes.last else { return false }
        switch last {
        case .text(var text):
            guard text.last == " " else { return false }
            text.removeLast()
            if text.isEmpty { nodes.removeLast() } else { nodes[nodes.count - 1] = .text(text) }
            return true
        case .span(var span):
            guard trimFinalSpace(&span.children) else { return false }
            if span.children.isEmpty { nodes.removeLast() } else { nodes[nodes.count - 1] = .span(span) }
            return true
        default:
            return false
        }
    }

    /// Removes the collapsible spaces before every line break and at the end, walking back
    /// through the paragraph (`trimming` is true while the next content, in document order, is
    /// a break or the end).
    static func trimSpacesBeforeBreaks(_ nodes: inout [InlineNode], trimming: inout Bool) {
        var i = nodes.count - 1
        while i >= 0 {
            switch nodes[i] {
            case .lineBreak:
                trimming = true
            case .text(var text):
                if trimming {
                    if text.last == " " { text.removeLast() }
                    if text.isEmpty { nodes.remove(at: i) } else { nodes[i] = .text(text); trimming = false }
                }
            case .span(var span):
                trimSpacesBeforeBreaks(&span.children, trimming: &trimming)
                if span.children.isEmpty { nodes.remove(at: i) } else { nodes[i] = .span(span) }
            case .ruby:
                trimming = false
            default:
                break
            }
            i -= 1
        }
    }

    /// The range of `text` between the white space at its ends when that middle is not empty
    /// and collapsed (`isCollapsed`), else nil.
    private static func collapsedCore(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var start = 0
        var end = text.count
        while start < end && isWhitespace(text[start]) { start += 1 }
        while end > start && isWhitespace(text[end - 1]) { end -= 1 }
        guard start < end, isCollapsed(UnsafeBufferPointer(rebasing: text[start..<end])) else { return nil }
        return start..<end
    }

    /// True when white-space collapsing leaves `text` unchanged however it is placed: its only
    /// white space is single spaces (its ends are looked at by the caller). Eight bytes at a
    /// time: a run of letters passes with a few operations on a word, not a branch per byte.
    static func isCollapsed(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = text.count
        var i = 0
        var previousWasSpace = false
        if let base = text.baseAddress {
            while i + 8 <= count {
                let word = ByteWord.load(base, at: i)
                // Bytes below 0x20 (tab, line feed, carriage return and other controls): the
                // careful loop below decides.
                if ByteWord.hasByte(word, below: 0x20) { break }
                let spaces = ByteWord.mask(word, equalTo: 0x20)
                // Two spaces in a row, within the word or across from the word before.
                if spaces & (spaces << 8) != 0 || (previousWasSpace && spaces & 0x80 != 0) { return false }
                previousWasSpace = spaces >> 63 != 0
                i += 8
            }
        }
        while i < count {
            let byte = text[i]
            if byte == 0x20 {
                if previousWasSpace { return false }
                previousWasSpace = true
            } else {
                if byte == 0x0A || byte == 0x09 || byte == 0x0D { return false }
                previousWasSpace = false
            }
            i += 1
        }
        return true
    }
}
