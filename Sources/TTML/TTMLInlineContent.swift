import TimedText

/// Turns a region's selected content (an ISD body) into the cue's inline nodes: each `p` a line
/// (or several), `br` a line break, spans as `Span`s, text with white space handled as TTML2
/// §7.2.3 (`xml:space`) prescribes through XSL-FO:
/// - `default`: line feeds and tabs are spaces, runs of spaces collapse to one (across span
///   boundaries), and spaces at the start and end of a line are removed;
/// - `preserve`: every character is kept, and a line feed is a line break.
struct TTMLInlineContent {
    let document: TTMLDocument
    /// The track's language: spans in another language are marked with theirs.
    let trackLanguage: String?

    private struct State {
        var atLineStart = true
        var pendingSpace = false
    }

    func inlineNodes(of body: TTMLISDNode) -> [InlineNode] {
        var lines: [InlineNode] = []
        appendParagraphs(body, to: &lines)
        return lines
    }

    private func appendParagraphs(_ isd: TTMLISDNode, to out: inout [InlineNode]) {
        let node = document.nodes[isd.node]
        switch node.kind {
        case .body, .div:
            for child in isd.children { appendParagraphs(child, to: &out) }
        case .p:
            var state = State()
            var content: [InlineNode] = []
            for child in isd.children { appendInline(child, to: &content, state: &state) }
            while let last = content.last, case .lineBreak = last, content.count > 0 { content.removeLast() }
            guard !content.isEmpty else { return }
            if !out.isEmpty { out.append(.lineBreak) }
            out.append(contentsOf: wrap(node, content, parentLanguage: trackLanguage))
        default:
            break
        }
    }

    /// Marks a `p` or `span` as a voice (`ttm:agent`), a language change, or a plain styled span.
    private func wrap(_ node: TTMLContentNode, _ children: [InlineNode], parentLanguage: String?) -> [InlineNode] {
        if let agent = node.agent { return [.span(Span(.voice(agent), children: children))] }
        if let language = node.language, language != parentLanguage, !language.isEmpty {
            return [.span(Span(.language(language), children: children))]
        }
        if node.kind == .span { return [.span(Span(.styled, children: children))] }
        return children
    }

    private func appendInline(_ isd: TTMLISDNode, to out: inout [InlineNode], state: inout State) {
        let node = document.nodes[isd.node]
        switch node.kind {
        case .text(let text):
            appendText(text, preserve: node.preservesSpace, to: &out, state: &state)
        case .br:
            state.pendingSpace = false
            out.append(.lineBreak)
            state.atLineStart = true
        case .span:
            var children: [InlineNode] = []
            for child in isd.children { appendInline(child, to: &children, state: &state) }
            guard !children.isEmpty else { return }
            out.append(contentsOf: wrap(node, children, parentLanguage: trackLanguage))
        default:
            break
        }
    }

    private func appendText(_ text: String, preserve: Bool, to out: inout [InlineNode], state: inout State) {
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
                if state.pendingSpace { result.append(0x20); state.pendingSpace = false }
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
                if !state.atLineStart { state.pendingSpace = true }
                continue
            }
            if state.pendingSpace {
                result.append(0x20)
                state.pendingSpace = false
            }
            result.append(byte)
            state.atLineStart = false
        }
        flush()
    }
}
