public import TimedText
internal import XML
import TextScanning

extension DiagnosticCode {
    /// The root element is not `tt` in the TTML namespace (or a legacy DFXP one): nothing is read.
    public static let ttmlNotTTML: Self = "ttml.not-ttml"
    /// A document in a pre-recommendation DFXP namespace, read as TTML.
    public static let ttmlLegacyNamespace: Self = "ttml.legacy-namespace"
    /// A `region` attribute naming no region: the element's content is shown in no region.
    public static let ttmlUnknownRegion: Self = "ttml.unknown-region"
    /// A region without `xml:id` (nothing can refer to it); ignored.
    public static let ttmlRegionWithoutID: Self = "ttml.region-without-id"
    /// Two regions with the same id; the later one is ignored.
    public static let ttmlDuplicateRegion: Self = "ttml.duplicate-region"
    /// Text where TTML allows none (directly in `body` or `div`); ignored.
    public static let ttmlMisplacedText: Self = "ttml.misplaced-text"
    /// An element where TTML does not allow it, or one the reader does not present (`image`,
    /// `audio`, `animate`, unknown TTML elements); skipped with its content.
    public static let ttmlSkippedElement: Self = "ttml.skipped-element"
    /// A document without `body`: it shows nothing.
    public static let ttmlNoBody: Self = "ttml.no-body"
}

/// Turns the XML tree of a TTML document into a `TTMLDocument`: parameters, styles, regions,
/// agents, and the body with every element's interval computed (TTML2 §12.4) and clipped to its
/// parent's.
struct TTMLDocumentBuilder {
    var log: DiagnosticLog
    var parameters = TTMLTimingParameters()
    var styles = TTMLSpecifiedStyleResolver()
    var regions: [TTMLRegion] = []
    var regionIndex: [String: Int] = [:]
    var recentRegions = RecentlyFound<String, Int>()
    var agentNames: [String: String] = [:]
    var nodes: [TTMLContentNode] = []
    /// The head's embedded images, and how image extents are resolved.
    var images = TTMLImageContent(context: TTMLStyleContext())
    /// Nodes of a `seq` container that follow a child with an indefinite end: they never begin.
    var neverActive: [Int] = []

    /// A guess at the number of content nodes, to reserve room for them.
    var estimatedNodeCount = 0
    /// Whether the head defines regions: without any, content goes to the default region, and a
    /// region attribute naming none is a mistake to pass over rather than a reason to hide text.
    var definesLayoutRegions = false
    /// Whether regions were read leniently (outside `<layout>`, `id` for `xml:id`): such a document
    /// is not TTML as written, and its content that names no region is shown in the default region
    /// too, as players show it.
    var readsRegionsLeniently = false

    init(log: DiagnosticLog, sourceSize: Int = 0) {
        self.log = log
        estimatedNodeCount = min(sourceSize / 25, 1 << 22)
    }

    static func tt(_ local: String) -> XMLName { XMLName(XMLNamespace.tt, local) }
    static let ttRegion = tt("region")
    static let ttSet = tt("set")
    static let regionAttribute = XMLName("", "region")
    static let agentAttribute = XMLName(XMLNamespace.ttm, "agent")
    static let roleAttribute = XMLName(XMLNamespace.ttm, "role")
    static let xmlID = XMLName(XMLNamespace.xml, "id")
    static let xmlLang = XMLName(XMLNamespace.xml, "lang")
    static let xmlSpace = XMLName(XMLNamespace.xml, "space")
    static let xmlNamespaceLength = XMLNamespace.xml.utf8.count
    static let ttmNamespaceLength = XMLNamespace.ttm.utf8.count

    /// Whether the document's clock times are read with their last field as hundredths
    /// (`TTMLFrameReading`): found out by a first build that met a frame beyond the rate.
    var framesAsHundredths: TTMLFrameReading.Evidence?
    /// A time was met whose frames are at or above the frame rate.
    var metFrameBeyondRate = false

    /// Builds the document. A document whose clock times have frames no frame rate allows is
    /// built a second time when its own times say the field is hundredths: only such documents
    /// pay for the look at every time, and only they are built twice.
    mutating func build(_ rootElement: XMLElementNode) -> TTMLDocument? {
        let unbuilt = self
        let built = buildOnce(rootElement)
        guard metFrameBeyondRate, framesAsHundredths == nil, built != nil else { return built }
        let evidence = TTMLFrameReading.evidence(rootElement, parameters)
        guard evidence.readsAsHundredths else { return built }
        self = unbuilt
        framesAsHundredths = evidence
        let rebuilt = buildOnce(rootElement)
        // Said once the document is built, as a finding about all of it.
        TTMLFrameReading.report(evidence, parameters, log: &log)
        return rebuilt
    }

    /// The timing attributes of an element, noting a frame beyond the rate.
    mutating func timing(of element: XMLElementNode) -> TTMLTimingAttributes {
        let timing = TTMLTimingAttributes(element, parameters: parameters, log: &log)
        if timing.hasFrameBeyondRate { metFrameBeyondRate = true }
        return timing
    }

    private mutating func buildOnce(_ rootElement: XMLElementNode) -> TTMLDocument? {
        var root = rootElement
        if let legacy = Self.legacyNamespaces[root.name.namespace] {
            log.report(.info, .ttmlLegacyNamespace, "the document uses the DFXP namespace \(root.name.namespace) (\(legacy)); read as TTML",
                       at: root.location)
            root = Self.canonicaliseNamespaces(root)
        } else if root.name == XMLName("", "tt") {
            // A <tt> root without the TTML namespace: what its author meant is plain, and players read it.
            log.report(.warning, .ttmlLegacyNamespace, "the root <tt> has no namespace (TTML's is \(XMLNamespace.tt)); its elements are read as TTML",
                       at: root.location)
            root = Self.canonicaliseNamespaces(root, elementsWithoutNamespace: true)
        }
        guard root.name == Self.tt("tt") else {
            log.report(.error, .ttmlNotTTML,
                       "the root element is <\(root.qualifiedName)> in namespace '\(root.name.namespace)', not <tt> in \(XMLNamespace.tt)",
                       at: root.location)
            return nil
        }
        parameters = TTMLTimingParameters.read(from: root, log: &log)
        if framesAsHundredths != nil { parameters.lastFieldIsHundredths = true }
        images = TTMLImageContent(context: TTMLStyleContext(root: root))
        let language = root.attribute(Self.xmlLang)?.value
        let head = root.childElements.first { $0.name == Self.tt("head") }
        if let head { readHead(head) }
        let hasLayoutRegions = !regions.isEmpty
        definesLayoutRegions = hasLayoutRegions
        if let body = root.childElements.first(where: { $0.name == Self.tt("body") }) {
            // About one node per 25 bytes of body in subtitle files; growing by doubling would
            // copy the nodes several times over.
            nodes.reserveCapacity(estimatedNodeCount)
            _ = content(body, kind: .body, syncBegin: .zero, parentIsSequential: false,
                        language: language, preservesSpace: root.attribute(Self.xmlSpace)?.value == "preserve", inheritedRegion: nil)
            for index in neverActive { nodes[index].interval = TTMLInterval(begin: nodes[index].interval.begin, end: nodes[index].interval.begin) }
            clipIntervals()
        } else {
            log.report(.warning, .ttmlNoBody, "the document has no body; it shows nothing", at: root.location)
        }
        if !hasLayoutRegions || readsRegionsLeniently {
            regions.append(TTMLRegion(id: TTMLDocument.defaultRegionID, origin: .defaultRegion,
                                      interval: TTMLInterval(begin: .zero, end: nil)))
        }
        return TTMLDocument(parameters: parameters, language: language, regions: regions, nodes: nodes)
    }

    // MARK: - Head

    mutating func readHead(_ head: XMLElementNode) {
        for section in head.childElements {
            switch section.name {
            case Self.tt("styling"):
                for style in section.childElements where style.name == Self.tt("style") { styles.define(style) }
            case Self.tt("layout"):
                for region in section.childElements where region.name == Self.tt("region") { addRegion(region, origin: .layout) }
            case Self.tt("metadata"):
                collectAgents(section)
                images.collect(section, log: &log)
            case Self.tt("resources"):
                images.collect(section, log: &log)
            case Self.tt("region"):
                // Outside <layout>, where some producers put them and players still find them.
                log.report(.warning, .ttmlSkippedElement,
                           "<region> belongs in <layout>; read as if it were there, and content that names no region is shown in the default region",
                           at: section.location)
                readsRegionsLeniently = true
                addRegion(section, origin: .layout)
            default:
                break
            }
        }
    }

    /// `ttm:agent` elements and their `ttm:name`, for `ttm:agent` references.
    mutating func collectAgents(_ element: XMLElementNode) {
        for child in element.childElements {
            if child.name == XMLName(XMLNamespace.ttm, "agent"), let id = child.attribute(Self.xmlID)?.value {
                let name = child.childElements.first { $0.name == XMLName(XMLNamespace.ttm, "name") }
                agentNames[id] = name.map(Self.textContent).map(trimmed) ?? id
            } else {
                collectAgents(child)
            }
        }
    }

    static func textContent(_ element: XMLElementNode) -> String {
        element.children.map {
            switch $0 {
            case .text(let t): t.text
            case .element(let e): textContent(e)
            }
        }.joined()
    }

    /// Adds a region; returns its index, or nil when it cannot be added.
    @discardableResult
    mutating func addRegion(_ element: XMLElementNode, origin: TTMLRegion.Origin) -> Int? {
        var id = element.attribute(Self.xmlID)?.value
        if id == nil, let plain = element.attribute(XMLName("", "id"))?.value {
            log.report(.warning, .ttmlRegionWithoutID,
                       "a region with id=\"\(plain)\" instead of xml:id; read as its xml:id, and content that names no region is shown in the default region",
                       at: element.location)
            readsRegionsLeniently = true
            id = plain
        }
        if id == nil && origin == .inline { id = "inline-region-\(regions.count + 1)" }
        guard let id else {
            log.report(.warning, .ttmlRegionWithoutID, "a region without xml:id cannot be used; ignored", at: element.location)
            return nil
        }
        guard regionIndex[id] == nil else {
            log.report(.warning, .ttmlDuplicateRegion, "a second region with the id '\(id)' is ignored", at: element.location)
            return nil
        }
        let timing = self.timing(of: element)
        let (begin, end) = TTMLTiming.explicitInterval(timing, syncBegin: .zero)
        let interval = TTMLInterval(begin: begin, end: end)
        let region = TTMLRegion(id: id, origin: origin, interval: interval,
                                specifiedStyles: styles.specifiedStyles(of: element, log: &log),
                                sets: sets(of: element, within: interval), location: element.location)
        regionIndex[id] = regions.count
        regions.append(region)
        return regions.count - 1
    }

    /// The `set` children of an element, their intervals measured from the element's begin.
    mutating func sets(of element: XMLElementNode, within interval: TTMLInterval) -> [TTMLSet] {
        var result: [TTMLSet] = []
        for case .element(let child) in element.children where child.name == Self.ttSet {
            let timing = self.timing(of: child)
            let (begin, end) = TTMLTiming.explicitInterval(timing, syncBegin: interval.begin)
            var styles: [XMLName: XMLAttribute] = [:]
            for attribute in child.attributes where TTMLSpecifiedStyleResolver.isStyleAttribute(attribute.name) {
                styles[attribute.name] = attribute
            }
            result.append(TTMLSet(interval: Self.clip(TTMLInterval(begin: begin, end: end), to: interval), styles: styles,
                                  location: child.location))
        }
        return result
    }

    // MARK: - Body

    /// Builds the node for `element` and its descendants; returns its index and its (unclipped) end.
    mutating func content(_ element: XMLElementNode, kind: TTMLContentNode.Kind, syncBegin: MediaTime, parentIsSequential: Bool,
                          language inherited: String?, preservesSpace inheritedSpace: Bool, inheritedRegion: Int?) -> (Int, MediaTime?) {
        let timing = self.timing(of: element)
        let (begin, explicitEnd, endBeforeBegin) = TTMLTiming.checkedInterval(timing, syncBegin: syncBegin)
        if endBeforeBegin {
            log.report(.warning, .ttmlEndBeforeBegin, "<\(element.qualifiedName)> ends before it begins; it is never shown",
                       at: element.location)
        }
        let index = nodes.count
        // The node's fields gathered first and the node made in the array once: a node copied
        // into the array retains each of its references once more.
        var id: String?
        var language = inherited
        var preservesSpace = inheritedSpace
        var role: String?
        var regionReference: Int?
        var agents: Int?
        // One pass over the attributes: elements have few, and looking each name up costs more.
        // By index: an attribute kept aside (or iterated by value) was copied, four Strings retained.
        let attributes = element.attributes
        for k in attributes.indices {
            // No namespace first: most attributes (timing, region, style) have none. Namespaces
            // are told apart by length before they are compared (a comparison is a call).
            let namespace = attributes[k].name.namespace
            let local = attributes[k].name.local
            switch namespace.utf8.count {
            case 0:
                if local == "region" { regionReference = k }
            case Self.xmlNamespaceLength where namespace == XMLNamespace.xml:
                switch local {
                case "id": id = attributes[k].value
                case "lang": language = attributes[k].value
                case "space": preservesSpace = trimmed(attributes[k].value) == "preserve"
                default: break
                }
            case Self.ttmNamespaceLength where namespace == XMLNamespace.ttm:
                if local == "agent" { agents = k }
                if local == "role" { role = trimmed(attributes[k].value) }
            default:
                break
            }
        }
        var region: Int?
        if let k = regionReference {
            let id = trimmed(attributes[k].value)
            if let r = regionNamed(id) {
                region = r
            } else if !definesLayoutRegions {
                log.report(.warning, .ttmlUnknownRegion, "region=\"\(id)\" names no region, and the document defines none; this content goes to the default region",
                           at: attributes[k].location)
            } else {
                region = -1
                log.report(.warning, .ttmlUnknownRegion, "region=\"\(id)\" names no region; this content is not shown",
                           at: attributes[k].location)
            }
        }
        // One pass over the children for what applies to the element as a whole: inline regions,
        // sets and nested styles (copying every child out of the tree once more for each of them
        // showed in profiles of documents with thousands of paragraphs).
        var inlineRegions: [XMLElementNode] = []
        var hasSets = false
        var hasNestedStyles = false
        for k in element.children.indices {
            guard case .element(let child) = element.children[k], child.name.namespace == XMLNamespace.tt else { continue }
            switch child.name.local {
            case "region": inlineRegions.append(child)
            case "set": hasSets = true
            case "style": hasNestedStyles = true
            default: break
            }
        }
        let specifiedStyles = styles.specifiedStyles(of: element, nestedStyles: hasNestedStyles, log: &log)
        var agent: String?
        if let agents {
            let first = attributes[agents].value.split(separator: " ").first.map(String.init)
            agent = first.map { agentNames[$0] ?? $0 }
        }
        appendNode(kind: kind, location: element.location, interval: TTMLInterval(begin: begin, end: explicitEnd),
                   language: language, preservesSpace: preservesSpace)
        if id != nil { nodes[index].id = id }
        if region != nil { nodes[index].region = region }
        if !specifiedStyles.isEmpty { nodes[index].specifiedStyles = specifiedStyles }
        if agent != nil { nodes[index].agent = agent }
        if role != nil { nodes[index].role = role }
        if kind == .div, let image = images.image(of: element, log: &log) { nodes[index].image = image }

        // Inline regions first: they apply to the element as a whole (TTML2 §11.1.2.1).
        for child in inlineRegions {
            if region == nil, let r = addRegion(child, origin: .inline) {
                region = r
                nodes[index].region = r
            } else {
                log.report(.warning, .ttmlSkippedElement, "a second inline region, or one beside a region attribute, is ignored",
                           at: child.location)
            }
        }

        let context = ChildContext(parent: element, kind: kind, isSequential: timing.isSequential, begin: begin,
                                   language: language, preservesSpace: preservesSpace, region: region ?? inheritedRegion)
        let built = buildChildren(element.children[...], context)
        let children = built.indices
        let childEnds = built.ends
        let elementChildren = built.elementCount
        nodes[index].children = children
        if hasSets { nodes[index].sets = sets(of: element, within: TTMLInterval(begin: begin, end: explicitEnd)) }
        var end = explicitEnd
        if !timing.hasExplicitEnd {
            let isLeaf = kind == .br || (kind == .span && elementChildren == 0 && !children.isEmpty)
            end = TTMLTiming.implicitEnd(isLeaf: isLeaf, parentIsSequential: parentIsSequential, isSequential: timing.isSequential,
                                         begin: begin, childEnds: childEnds)
        }
        nodes[index].interval.end = end
        return (index, end)
    }

    /// What the children of a content element inherit and are timed by.
    struct ChildContext {
        var parent: XMLElementNode
        var kind: TTMLContentNode.Kind
        var isSequential: Bool
        var begin: MediaTime
        var language: String?
        var preservesSpace: Bool
        /// The region the children are in unless they name another.
        var region: Int?
    }

    /// The children built: their node indices in document order, what their (unclipped) ends
    /// make of the parent's implicit end, and how many of them are elements.
    struct BuiltChildren {
        var indices: [Int] = []
        var ends = TTMLChildEnds()
        var elementCount = 0
    }

    /// Builds the nodes of `children` (the children of `context.parent`).
    mutating func buildChildren(_ given: ArraySlice<XMLContent>, _ context: ChildContext) -> BuiltChildren {
        let children = hoistingBreakContent(given)
        let acceptsText = context.kind == .p || context.kind == .span
        var built = BuiltChildren()
        built.indices.reserveCapacity(children.count)
        var chainBroken = false
        var cursor = context.begin
        for k in children.indices {
            let childSync = context.isSequential ? cursor : context.begin
            var made: (Int, MediaTime?)?
            switch children[k] {
            case .text(let text):
                guard acceptsText else {
                    if !text.text.utf8.allSatisfy(isWhitespace) {
                        log.report(.warning, .ttmlMisplacedText,
                                   "text directly inside <\(context.parent.qualifiedName)> is not shown (put it in a <p>)", at: text.location)
                    }
                    continue
                }
                let leafEnd: MediaTime? = context.isSequential ? childSync : nil
                appendNode(kind: .text(text.text), location: text.location, interval: TTMLInterval(begin: childSync, end: leafEnd),
                           language: context.language, preservesSpace: context.preservesSpace)
                made = (nodes.count - 1, leafEnd)
            case .element(let e):
                guard let childKind = contentKind(of: e, in: context.kind) else { continue }
                built.elementCount += 1
                made = content(e, kind: childKind, syncBegin: childSync, parentIsSequential: context.isSequential,
                               language: context.language, preservesSpace: context.preservesSpace, inheritedRegion: context.region)
            }
            guard let (childIndex, childEnd) = made else { continue }
            built.indices.append(childIndex)
            built.ends.add(childEnd)
            if chainBroken { neverActive.append(childIndex) }
            if context.isSequential {
                if let childEnd { cursor = childEnd } else { chainBroken = true }
            }
        }
        return built
    }

    /// `<br>` written as in HTML, without its end tag, holds the text after it up to the end of its
    /// parent (`one<br>two<br/>three</p>`): that content is taken out of the `br` and placed after
    /// it, where its author meant it, rather than skipped. Children without such a `br` are
    /// handed back as they are.
    mutating func hoistingBreakContent(_ children: ArraySlice<XMLContent>) -> ArraySlice<XMLContent> {
        // A br may hold metadata and animation (set); text or content elements are what is misplaced.
        func holdsContent(_ child: XMLContent) -> Bool {
            guard case .element(let e) = child, e.name.local.utf8.count == 2, e.name == Self.tt("br"), !e.children.isEmpty else { return false }
            return e.children.contains { inner in
                switch inner {
                case .text(let t): !t.text.utf8.allSatisfy(isWhitespace)
                case .element(let c): c.name.namespace == XMLNamespace.tt && ["span", "br", "p"].contains(c.name.local)
                }
            }
        }
        guard children.contains(where: holdsContent) else { return children }
        var flat: [XMLContent] = []
        func add(_ child: XMLContent) {
            guard holdsContent(child), case .element(let e) = child else { flat.append(child); return }
            log.report(.warning, .ttmlSkippedElement, "<br> holds content (an HTML-style <br> without its end tag?); the content is read after the line break",
                       at: e.location)
            // The br keeps what a br may hold; the rest follows it.
            func belongsToBreak(_ inner: XMLContent) -> Bool {
                if case .element(let c) = inner { return !(c.name.namespace == XMLNamespace.tt && ["span", "br", "p"].contains(c.name.local)) }
                return false
            }
            flat.append(.element(XMLElementNode(name: e.name, qualifiedName: e.qualifiedName, attributes: e.attributes,
                                            children: e.children.filter(belongsToBreak), location: e.location)))
            for grandchild in e.children where !belongsToBreak(grandchild) { add(grandchild) }
        }
        for child in children { add(child) }
        return flat[...]
    }

    /// Appends a node made of these fields (the others empty). Made in place: a node made first
    /// and then appended was copied into the array and the original destroyed, retaining and
    /// releasing every String, map and array in it, for every node of a document.
    mutating func appendNode(kind: TTMLContentNode.Kind, location: SourceLocation, interval: TTMLInterval,
                             language: String?, preservesSpace: Bool) {
        nodes.append(Self.placeholderNode)
        let index = nodes.count - 1
        nodes[index].kind = kind
        nodes[index].location = location
        nodes[index].interval = interval
        if language != nil { nodes[index].language = language }
        if preservesSpace { nodes[index].preservesSpace = true }
    }

    /// A node that holds no String and only the shared empty map and arrays (`appendNode`).
    static let placeholderNode = TTMLContentNode(kind: .br, location: SourceLocation(line: 0, column: 0),
                                                 interval: TTMLInterval(begin: .zero, end: nil))

    /// The index of the region with this id (the last few found are looked at first).
    mutating func regionNamed(_ id: String) -> Int? {
        if let index = recentRegions.value(for: id) { return index }
        guard let index = regionIndex[id] else { return nil }
        recentRegions.remember(index, for: id)
        return index
    }

    /// The kind of a child element that is content, or nil for everything else (reported when it
    /// is not simply metadata or styling).
    mutating func contentKind(of element: XMLElementNode, in parent: TTMLContentNode.Kind) -> TTMLContentNode.Kind? {
        guard element.name.namespace == XMLNamespace.tt else { return nil }  // foreign: metadata of other vocabularies
        let kind: TTMLContentNode.Kind
        switch element.name.local {
        case "div": kind = .div
        case "p": kind = .p
        case "span": kind = .span
        case "br": kind = .br
        case "set", "region", "style", "metadata": return nil  // handled by their parent
        case "image" where parent == .div: return nil  // the div's picture (TTMLImageContent)
        default:
            log.report(.warning, .ttmlSkippedElement, "<\(element.qualifiedName)> is not presented; skipped with its content",
                       at: element.location)
            return nil
        }
        let allowed: Bool
        switch parent {
        case .body: allowed = kind == .div || kind == .p
        case .div: allowed = kind == .div || kind == .p
        case .p, .span: allowed = kind == .span || kind == .br
        case .br, .text: allowed = false
        }
        if !allowed {
            log.report(.warning, .ttmlSkippedElement, "<\(element.qualifiedName)> is not allowed in this element; skipped with its content",
                       at: element.location)
            return nil
        }
        return kind
    }

    /// Clips every interval to its parent's (parents precede children in `nodes`).
    mutating func clipIntervals() {
        for index in nodes.indices {
            let parent = nodes[index].interval
            for child in nodes[index].children {
                nodes[child].interval = Self.clip(nodes[child].interval, to: parent)
                for s in nodes[child].sets.indices {
                    nodes[child].sets[s].interval = Self.clip(nodes[child].sets[s].interval, to: nodes[child].interval)
                }
            }
        }
        if let first = nodes.indices.first {
            for s in nodes[first].sets.indices {
                nodes[first].sets[s].interval = Self.clip(nodes[first].sets[s].interval, to: nodes[first].interval)
            }
        }
    }

    static func clip(_ interval: TTMLInterval, to parent: TTMLInterval) -> TTMLInterval {
        if parent.isEmpty { return TTMLInterval(begin: parent.begin, end: parent.begin) }
        let begin = max(interval.begin, parent.begin)
        var end = interval.end
        if let parentEnd = parent.end { end = end.map { min($0, parentEnd) } ?? parentEnd }
        if let e = end, e < begin { end = begin }
        return TTMLInterval(begin: begin, end: end)
    }

    // MARK: - Legacy namespaces

    static let legacyNamespaces: [String: String] = [
        XMLNamespace.dfxpLegacy: "DFXP 2006-10",
        XMLNamespace.dfxpLegacy2006_04: "DFXP 2006-04",
    ]

    static func canonical(_ uri: String) -> String {
        for legacy in legacyNamespaces.keys where uri.hasPrefix(legacy) {
            switch uri.dropFirst(legacy.count) {
            case "": return XMLNamespace.tt
            case "#styling", "#style": return XMLNamespace.tts
            case "#parameter": return XMLNamespace.ttp
            case "#metadata": return XMLNamespace.ttm
            default: return uri
            }
        }
        return uri
    }

    /// The tree with legacy namespaces replaced by TTML's (and, with `elementsWithoutNamespace`,
    /// elements in no namespace put in TTML's).
    static func canonicaliseNamespaces(_ element: XMLElementNode, elementsWithoutNamespace: Bool = false) -> XMLElementNode {
        var name = element.name
        name.namespace = elementsWithoutNamespace && name.namespace.isEmpty ? XMLNamespace.tt : canonical(name.namespace)
        let attributes = element.attributes.map { attribute in
            var attribute = attribute
            attribute.name.namespace = canonical(attribute.name.namespace)
            return attribute
        }
        let children = element.children.map { child in
            if case .element(let e) = child { XMLContent.element(canonicaliseNamespaces(e, elementsWithoutNamespace: elementsWithoutNamespace)) } else { child }
        }
        return XMLElementNode(name: name, qualifiedName: element.qualifiedName, attributes: attributes, children: children,
                          location: element.location)
    }
}
