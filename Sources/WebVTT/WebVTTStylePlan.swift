import TimedText

/// How the WebVTT writer says the model's styles: one `STYLE` block of `::cue(…)` rules (W3C
/// WebVTT §4.6), keyed on what the cue text already carries, so that reading the file back
/// cascades the same styles onto the same nodes.
///
/// A node's selector is its element and classes (`c.yellow.big`), then, if other nodes with that
/// selector have other styles, the element, classes and voice or language (`v.loud[voice="Bill"]`).
/// A node that neither describes alone — a TTML span or SRT `<font>` with no classes, or a
/// conflict — gets a generated class (`legible-s1`) that the writer adds to it. The most common
/// cue-level style is one `::cue` rule when every cue's style builds on it; a cue with more goes
/// on `::cue(#id)`, or without an identifier on a generated class around its text. Generated classes change the classes a re-read shows; the styles stay.
struct WebVTTStylePlan: Sendable {
    /// The `STYLE` block's CSS; empty when the track has no style.
    private(set) var css = ""
    /// Generated classes by style.
    private var generated: [StyleProperties: String] = [:]
    /// Nodes whose own selector cannot carry their style: they get `generated[style]`.
    private var needsGenerated: Set<NodeKey> = []
    /// Cues without an identifier whose style needs a generated class around their text.
    private var cueClasses: [StyleProperties: String] = [:]
    /// `generated` by stored copy, for spans with no selector (SRT `<font>`, TTML spans without
    /// classes): files share a few stored styles among thousands of spans, and looking one up by
    /// identity spares hashing the whole property set for each.
    private var generatedByStorage: [ObjectIdentifier: String] = [:]

    init(_ track: Track) {
        // Most tracks have no style at all: say so without building anything.
        // (Cues are read in place, by index, here and below: binding a cue copies all of it.)
        let cues = track.cues
        guard cues.indices.contains(where: { cues[$0].hasStyle || InlineNode.containsStyle(cues[$0].content) }) else { return }
        // Selector → the one style its nodes have (nil: none), with the stored copy it came from.
        var styles: [NodeKey: (identity: ObjectIdentifier?, style: StyleProperties?)] = [:]
        var conflicting: Set<NodeKey> = []
        var anyStyle = false
        func visit(_ nodes: [InlineNode]) {
            for node in nodes {
                switch node {
                case .span(let span):
                    anyStyle = anyStyle || span.hasStyle
                    let shared = span.sharedStyle
                    for key in Self.selectors(span) { record(key, shared) }
                    visit(span.children)
                case .ruby(let ruby):
                    anyStyle = anyStyle || ruby.hasStyle
                    record(Self.selector("ruby", ruby.classes), SharedStyle(ruby.style))
                    for segment in ruby.segments {
                        visit(segment.base)
                        anyStyle = anyStyle || segment.hasAnnotationStyle
                        if let annotation = segment.annotation {
                            record(Self.selector("rt", segment.annotationClasses), SharedStyle(segment.annotationStyle))
                            visit(annotation)
                        }
                    }
                case .text, .lineBreak, .timestamp:
                    break
                }
            }
        }
        func record(_ key: NodeKey, _ shared: SharedStyle) {
            let identity = shared.identity
            if let known = styles[key] {
                // Same stored copy, same style; otherwise compare the values.
                if known.identity != identity && known.style != (identity == nil ? nil : shared.style) { conflicting.insert(key) }
            } else {
                styles[key] = (identity, identity == nil ? nil : shared.style)
            }
        }
        var cueRules: [(String, StyleProperties)] = []
        // The most common cue style is one `::cue` rule when every cue's style builds on it (CSS
        // cannot take a property away); the others name their cue.
        // Cues share stored styles (a bare `::cue` rule gives every cue the same one): group by
        // stored copy first, then compare the few distinct copies by value.
        var copies: [ObjectIdentifier: (style: StyleProperties, count: Int, first: Int)] = [:]
        var unstyledCues = 0
        for i in cues.indices {
            guard let identity = cues[i].sharedStyle.identity else {
                unstyledCues += 1
                continue
            }
            if copies[identity] == nil {
                copies[identity] = (cues[i].style, 1, i)
            } else {
                copies[identity]!.count += 1
            }
        }
        var distinct: [StyleProperties: (count: Int, first: Int)] = [:]
        for copy in copies.values {
            let known = distinct[copy.style]
            distinct[copy.style] = ((known?.count ?? 0) + copy.count, min(known?.first ?? copy.first, copy.first))
        }
        // Ties go to the style seen first, so the output does not depend on hashing.
        let mostCommon = distinct.max { ($0.value.count, -$0.value.first) < ($1.value.count, -$1.value.first) }?.key
        let sharedCueStyle = mostCommon.flatMap { base in
            unstyledCues == 0 && distinct.keys.allSatisfy { base.overlaid(by: $0) == $0 } ? base : nil
        }
        if let sharedCueStyle { cueRules.append(("", sharedCueStyle)) }
        let sharedCopies = Set(copies.filter { $0.value.style == sharedCueStyle }.keys)
        for i in cues.indices {
            visit(cues[i].content)
            guard let identity = cues[i].sharedStyle.identity else { continue }
            anyStyle = true
            if sharedCopies.contains(identity) { continue }
            if let id = cues[i].id {
                cueRules.append(("#" + WebVTTStyleSerializer.identifier(id), cues[i].style))
            } else if cueClasses[cues[i].style] == nil {
                cueClasses[cues[i].style] = "legible-c\(cueClasses.count + 1)"
            }
        }
        guard anyStyle else { return }

        // A rule also styles every node whose selector it covers (more classes, a voice or a
        // language): when that would give such a node a property it does not have, the rule is
        // not written, and its nodes get generated classes instead.
        let keys = Array(styles.keys)
        for general in keys where !conflicting.contains(general) {
            guard let generalStyle = styles[general]?.style else { continue }
            for specific in keys where specific != general && general.covers(specific) {
                let specificStyle = styles[specific]?.style ?? .none
                if conflicting.contains(specific) || generalStyle.overlaid(by: specificStyle) != specificStyle {
                    conflicting.insert(general)
                    break
                }
            }
        }

        var rules: [String] = []
        var written: Set<NodeKey> = []
        // Second pass: each styled node's first selector without a conflict, else a generated class.
        // A style with nothing ::cue can say (TTML's text-emphasis alone) gets no rule and no class.
        var sayable: [ObjectIdentifier: Bool] = [:]
        func place(_ keys: [NodeKey], _ shared: SharedStyle) {
            guard let identity = shared.identity else { return }
            let says = sayable[identity] ?? !WebVTTStyleSerializer.declarations(shared.style).isEmpty
            sayable[identity] = says
            guard says else { return }
            // A stored style already placed for a node without a selector: nothing new.
            if keys.isEmpty, generatedByStorage[identity] != nil { return }
            let style = shared.style
            if let key = keys.first(where: { !conflicting.contains($0) }) {
                if written.insert(key).inserted {
                    rules.append(WebVTTStyleSerializer.rule(selector: "::cue(\(key.selector))", style: style))
                }
            } else {
                needsGenerated.insert(Self.identity(keys))
                if generated[style] == nil {
                    let name = "legible-s\(generated.count + 1)"
                    generated[style] = name
                    rules.append(WebVTTStyleSerializer.rule(selector: "::cue(.\(name))", style: style))
                }
                if keys.isEmpty { generatedByStorage[identity] = generated[style] }
            }
        }
        func placeAll(_ nodes: [InlineNode]) {
            for node in nodes {
                switch node {
                case .span(let span):
                    if span.hasStyle { place(Self.selectors(span), span.sharedStyle) }
                    placeAll(span.children)
                case .ruby(let ruby):
                    if ruby.hasStyle { place([Self.selector("ruby", ruby.classes)], SharedStyle(ruby.style)) }
                    for segment in ruby.segments {
                        placeAll(segment.base)
                        if let annotation = segment.annotation {
                            if segment.hasAnnotationStyle {
                                place([Self.selector("rt", segment.annotationClasses)], SharedStyle(segment.annotationStyle))
                            }
                            placeAll(annotation)
                        }
                    }
                case .text, .lineBreak, .timestamp:
                    break
                }
            }
        }
        for i in cues.indices { placeAll(cues[i].content) }
        for (selector, style) in cueRules {
            rules.append(WebVTTStyleSerializer.rule(selector: selector.isEmpty ? "::cue" : "::cue(\(selector))", style: style))
        }
        for (style, name) in cueClasses.sorted(by: { $0.value < $1.value }) {
            rules.append(WebVTTStyleSerializer.rule(selector: "::cue(.\(name))", style: style))
        }
        css = rules.joined(separator: "\n")
    }

    /// The class to add to a span written with this style, if its own selector cannot carry it.
    func generatedClass(for span: InlineSpan) -> String? {
        guard span.hasStyle, !needsGenerated.isEmpty else { return nil }
        if span.kind == .styled, span.classes.isEmpty, let identity = span.sharedStyle.identity,
           let name = generatedByStorage[identity] {
            return name
        }
        guard needsGenerated.contains(Self.identity(Self.selectors(span))) else { return nil }
        return generated[span.style]
    }

    func generatedClass(forRuby ruby: Ruby) -> String? {
        guard ruby.hasStyle, needsGenerated.contains(Self.selector("ruby", ruby.classes)) else { return nil }
        return generated[ruby.style]
    }

    func generatedClass(forAnnotationOf segment: RubySegment) -> String? {
        guard segment.hasAnnotationStyle, needsGenerated.contains(Self.selector("rt", segment.annotationClasses)) else {
            return nil
        }
        return generated[segment.annotationStyle]
    }

    /// The class around the text of a cue without an identifier that has a cue-level style.
    func generatedClass(forCue cue: Cue) -> String? {
        guard cue.id == nil, cue.hasStyle, !cueClasses.isEmpty else { return nil }
        return cueClasses[cue.style]
    }

    /// A node's selector: its element, classes, and for `v` and `lang` optionally the attribute.
    struct NodeKey: Hashable {
        enum Attribute: Hashable {
            case voice(String)
            case lang(String)
        }

        var element: String
        var classes: [String]
        var attribute: Attribute?

        /// Whether the rule on this selector applies to nodes with `other`'s selector too.
        func covers(_ other: NodeKey) -> Bool {
            element == other.element && (attribute == nil || attribute == other.attribute)
                && classes.allSatisfy(other.classes.contains)
        }

        var selector: String {
            var text = element + classes.map { "." + WebVTTStyleSerializer.identifier($0) }.joined()
            switch attribute {
            case .voice(let name)?: text += "[voice=\(WebVTTStyleSerializer.string(name))]"
            case .lang(let tag)?: text += "[lang=\(WebVTTStyleSerializer.string(tag))]"
            case nil: break
            }
            return text
        }
    }

    /// A span's selectors, most general first: element and classes, then with its voice or
    /// language. A span without a WebVTT element (`.styled`, written as `<c>`) has its classes as
    /// `c.…`, or no selector at all.
    static func selectors(_ span: InlineSpan) -> [NodeKey] {
        let element: String
        var attribute: NodeKey.Attribute?
        switch span.kind {
        case .italic: element = "i"
        case .bold: element = "b"
        case .underline: element = "u"
        case .class: element = "c"
        case .voice(let name):
            element = "v"
            attribute = .voice(name)
        case .language(let tag):
            element = "lang"
            attribute = .lang(tag)
        case .styled:
            return span.classes.isEmpty ? [] : [selector("c", span.classes)]
        }
        let base = selector(element, span.classes)
        guard let attribute else { return [base] }
        return [base, NodeKey(element: element, classes: span.classes, attribute: attribute)]
    }

    /// What identifies a node's selector group (its most specific selector).
    static func identity(_ selectors: [NodeKey]) -> NodeKey { selectors.last ?? NodeKey(element: "", classes: []) }

    static func selector(_ element: String, _ classes: [String]) -> NodeKey { NodeKey(element: element, classes: classes) }
}
