public import TimedText
internal import XML

extension DiagnosticCode {
    /// A `style` attribute naming no `style` element; the reference is ignored.
    public static let ttmlUnknownStyle: Self = "ttml.unknown-style"
    /// Style elements that refer to each other in a cycle; the reference closing the cycle is ignored.
    public static let ttmlStyleCycle: Self = "ttml.style-cycle"
}

/// Collects the *specified* style set of elements (TTML2 §10.4.4.2), as raw attribute values:
/// referential styles in the order the `style` attribute names them (each a chain: a style
/// element's own references first, then its attributes), then nested `style` children, then the
/// element's own style attributes, each later source overriding earlier ones. Interpreting the
/// values is the style resolver's job, not this one's.
struct TTMLSpecifiedStyleResolver {
    private var definitions: [String: XMLElementNode] = [:]
    private var resolved: [String: [XMLName: XMLAttribute]] = [:]
    /// The last few `style` values naming one resolved style, and those styles.
    private var recentReferences = RecentlyFound<String, [XMLName: XMLAttribute]>()

    /// The namespaces whose attributes are style properties: TTML's, IMSC's and EBU-TT's.
    static let styleNamespaces: Set<String> = [XMLNamespace.tts, XMLNamespace.itts, XMLNamespace.ebutts]

    /// Compared one by one rather than looked up in `styleNamespaces`: this is asked of every
    /// attribute of every element, and hashing a namespace URI costs more than three comparisons.
    /// Told apart by length first: comparing Strings of different contents is a call.
    static func isStyleAttribute(_ name: XMLName) -> Bool {
        let namespace = name.namespace
        let length = namespace.utf8.count
        return (length == ttsLength && namespace == XMLNamespace.tts) || (length == ittsLength && namespace == XMLNamespace.itts)
            || (length == ebuttsLength && namespace == XMLNamespace.ebutts)
    }
    private static let ttsLength = XMLNamespace.tts.utf8.count
    private static let ittsLength = XMLNamespace.itts.utf8.count
    private static let ebuttsLength = XMLNamespace.ebutts.utf8.count
    static let ttStyle = XMLName(XMLNamespace.tt, "style")
    static let styleAttribute = XMLName("", "style")

    /// Registers the `style` elements of `head/styling` by `xml:id`.
    mutating func define(_ style: XMLElementNode) {
        guard let id = style.attribute(XMLName(XMLNamespace.xml, "id"))?.value else { return }
        definitions[id] = style
    }

    /// The specified style set of `element` (a content element, a region or a style element).
    /// `nestedStyles` false says the caller knows the element has no `style` children.
    mutating func specifiedStyles(of element: XMLElementNode, nestedStyles: Bool = true, log: inout DiagnosticLog) -> [XMLName: XMLAttribute] {
        var visiting: [String] = []
        return specifiedStyles(of: element, nestedStyles: nestedStyles, visiting: &visiting, log: &log)
    }

    private mutating func specifiedStyles(of element: XMLElementNode, nestedStyles: Bool = true, visiting: inout [String],
                                          log: inout DiagnosticLog) -> [XMLName: XMLAttribute] {
        var result: [XMLName: XMLAttribute] = [:]
        if let references = element.attribute(Self.styleAttribute) {
            // Thousands of elements name the same one style: the last few such references are
            // remembered (a resolved style never changes), sparing the split, Strings and hashing.
            if visiting.isEmpty, let styles = recentReferences.value(for: references.value) {
                result = styles
            } else {
                resolveReferences(references, into: &result, visiting: &visiting, log: &log)
                if visiting.isEmpty, !references.value.utf8.contains(0x20), let styles = resolved[references.value] {
                    recentReferences.remember(styles, for: references.value)
                }
            }
        }
        // Nested styling (TTML2 §10.4.4.2 step 2): `style` children of content elements and regions.
        if nestedStyles && element.name.local != "style" {
            for case .element(let child) in element.children where child.name == Self.ttStyle {
                result.merge(specifiedStyles(of: child, visiting: &visiting, log: &log)) { _, new in new }
            }
        }
        for k in element.attributes.indices where Self.isStyleAttribute(element.attributes[k].name) {
            result[element.attributes[k].name] = element.attributes[k]
        }
        return result
    }

    /// The styles a `style` attribute names, in order, merged into `result`.
    private mutating func resolveReferences(_ references: XMLAttribute, into result: inout [XMLName: XMLAttribute],
                                            visiting: inout [String], log: inout DiagnosticLog) {
        for id in references.value.split(whereSeparator: { $0 == " " }) {
            let id = String(id)
            if visiting.contains(id) {
                reportCycle(id, path: visiting, at: references, log: &log)
                continue
            }
            if let cached = resolved[id] {
                // The common case, one reference: share the stored set rather than copy it.
                if result.isEmpty { result = cached } else { result.merge(cached) { _, new in new } }
                continue
            }
            guard let definition = definitions[id] else {
                reportUnknown(id, at: references, log: &log)
                continue
            }
            result.merge(resolve(id, definition, after: visiting, log: &log)) { _, new in new }
        }
    }

    /// A style element being resolved: the references it names and how far through them it is.
    private struct Frame {
        var id: String
        var element: XMLElementNode
        var references: XMLAttribute?
        var ids: [Substring]
        var next = 0
        var styles: [XMLName: XMLAttribute] = [:]

        init(_ id: String, _ element: XMLElementNode) {
            self.id = id
            self.element = element
            references = element.attribute(TTMLSpecifiedStyleResolver.styleAttribute)
            ids = references?.value.split(whereSeparator: { $0 == " " }) ?? []
        }
    }

    /// The specified style set of the style element `id`, stored in `resolved`, with every style it
    /// refers to, depth first. The chain is followed with a stack of its own: a chain of thousands
    /// of styles each naming the one before must neither exhaust the call stack nor look along
    /// the chain for a cycle at every step. `path` is the chain that led here.
    private mutating func resolve(_ id: String, _ definition: XMLElementNode, after path: [String], log: inout DiagnosticLog)
        -> [XMLName: XMLAttribute] {
        var frames = [Frame(id, definition)]
        var onPath = Set(path)
        onPath.insert(id)
        while !frames.isEmpty {
            let f = frames.count - 1
            if frames[f].next < frames[f].ids.count {
                let reference = String(frames[f].ids[frames[f].next])
                frames[f].next += 1
                let attribute = frames[f].references!
                if onPath.contains(reference) {
                    reportCycle(reference, path: path + frames.map(\.id), at: attribute, log: &log)
                } else if let cached = resolved[reference] {
                    frames[f].styles.merge(cached) { _, new in new }
                } else if let next = definitions[reference] {
                    frames.append(Frame(reference, next))
                    onPath.insert(reference)
                } else {
                    reportUnknown(reference, at: attribute, log: &log)
                }
                continue
            }
            var done = frames.removeLast()
            onPath.remove(done.id)
            let element = done.element
            for k in element.attributes.indices where Self.isStyleAttribute(element.attributes[k].name) {
                done.styles[element.attributes[k].name] = element.attributes[k]
            }
            resolved[done.id] = done.styles
            guard let parent = frames.indices.last else { return done.styles }
            if frames[parent].styles.isEmpty {
                frames[parent].styles = done.styles
            } else {
                frames[parent].styles.merge(done.styles) { _, new in new }
            }
        }
        return [:]
    }

    private func reportCycle(_ id: String, path: [String], at references: XMLAttribute, log: inout DiagnosticLog) {
        log.report(.warning, .ttmlStyleCycle,
                   "style '\(id)' refers back to itself through \(path.joined(separator: " → ")); the reference is ignored",
                   at: references.location)
    }

    private func reportUnknown(_ id: String, at references: XMLAttribute, log: inout DiagnosticLog) {
        log.report(.warning, .ttmlUnknownStyle, "style=\"\(references.value)\": no style has the id '\(id)'; ignored",
                   at: references.location)
    }
}
