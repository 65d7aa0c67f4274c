public import TimedText

/// All STYLE blocks of a file, cascaded onto its cues (CSS Cascading Level 4 §6: importance, then
/// specificity, then order of appearance; one author origin, no layers).
///
/// The model keeps, for each node, the values the rules declare *on that node* (the cascaded
/// values); inheritance from the cue to its spans, and initial values, are left to the renderer,
/// which combines them with the viewer's caption appearance. So `::cue { color: yellow }` sets
/// `cue.style.color` and no span's, and `::cue(b)` sets the style of each `b` span.
///
/// Where rules put their styles (W3C WebVTT, "The ::cue pseudo-element"):
/// - `::cue`, and `::cue(selector)` when the selector's subject is the cue root (`#id`, `[lang]`,
///   `:lang()`, `*`): `Cue.style`. For the root the background longhands style the cue background box.
/// - a `c i b u v lang` element, or a span WebVTT has no tag for (matched by `*` and classes only):
///   that `InlineSpan.style`.
/// - `ruby`: `Ruby.style`; `rt`: that segment's `RubySegment.annotationStyle`.
///
/// Styles are laid over what a node already had (CSS beats presentational styles), so applying the
/// cascade twice gives the same cue.
public final class WebVTTStyleCascade: Sendable {
    /// A selector with the rule it belongs to, in cascade order terms.
    struct Entry: Sendable {
        var compounds: [WebVTTCompoundSelector]
        var specificity: WebVTTSpecificity
        /// Index into `rules`: sheets in file order, rules in sheet order.
        var rule: Int
    }

    private let rules: [WebVTTStyleRule]
    private let trackLanguage: String?
    /// `::cue` with no argument: matches every cue root, so its style is resolved once.
    private let bareCueEntries: [Entry]
    private let bareCueStyle: StyleProperties
    /// `bareCueStyle`, stored once for every cue that has no style of its own.
    private let sharedBareCueStyle: SharedStyle
    /// `::cue(…)` entries by their subject compound's most selective part.
    private let entriesByID: [String: [Entry]]
    private let entriesByClass: [String: [Entry]]
    private let entriesByType: [String: [Entry]]
    private let universalEntries: [Entry]
    private let regionEntries: [Entry]
    /// Every element rule's selector is one compound without `:lang()`: whether a rule matches an
    /// element then depends on the element alone, so results can be remembered (`Memo`).
    private let isContextFree: Bool

    /// Rule matches remembered across the cues of one reader (one per thread: not shared).
    public final class Memo {
        var matches: [MatchKey: [Entry]] = [:]
        var styles: [MatchKey: SharedStyle?] = [:]
        /// An empty memo. Reuse one across the cues of a file on one thread; it is not thread-safe.
        public init() {}
    }

    /// Whether `elementStyle` can style elements while their cue text is built: every element
    /// rule then depends on the element alone (not on ancestors, siblings or inherited language).
    var stylesElementsAlone: Bool { isContextFree && hasElementRules }

    /// The cascaded style of an element with this name and these attributes, over no style of its
    /// own, or nil when no rule matches; shared by every element alike (one copy for 30,000 `c.yellow`).
    func elementStyle(typeName: String, classes: [String], voice: String?, langAttribute: String?, memo: Memo) -> SharedStyle? {
        let key = MatchKey(typeName: typeName, classes: classes, voice: voice, langAttribute: langAttribute)
        if let known = memo.styles[key] { return known }
        let element = WebVTTMatchElement(typeName: typeName, classes: classes, id: nil, voice: voice, langAttribute: langAttribute,
                                         language: nil, parent: -1, previousSibling: -1)
        var candidates = universalEntries
        if let entries = entriesByType[typeName] { candidates += entries }
        for name in classes {
            if let entries = entriesByClass[name] { candidates += entries }
        }
        let matched = candidates.filter { entry in
            entry.compounds.count == 1 && WebVTTSelectorMatcher.compound(entry.compounds[0], matches: element)
        }
        let style = matched.isEmpty ? nil : SharedStyle(Self.cascade(matched, rules: rules, onto: .none))
        memo.styles[key] = style
        return style
    }

    struct MatchKey: Hashable {
        var typeName: String?
        var classes: [String]
        var voice: String?
        var langAttribute: String?
    }

    /// - Parameter trackLanguage: the track's language (HTML `srclang`), the cue root's applicable
    ///   language for `[lang]` and `:lang()`; nil when unknown.
    public init(_ sheets: [WebVTTStyleSheet], trackLanguage: String? = nil) {
        var rules: [WebVTTStyleRule] = []
        var bare: [Entry] = []
        var byID: [String: [Entry]] = [:]
        var byClass: [String: [Entry]] = [:]
        var byType: [String: [Entry]] = [:]
        var universal: [Entry] = []
        var regions: [Entry] = []
        for rule in sheets.flatMap(\.rules) where !rule.declarations.isEmpty {
            let index = rules.count
            rules.append(rule)
            for selector in rule.selectors {
                let entry = Entry(compounds: selector.argument, specificity: selector.specificity, rule: index)
                if selector.pseudoElement == .cueRegion {
                    regions.append(entry)
                } else if let subject = selector.argument.last {
                    if let id = subject.ids.first {
                        byID[id, default: []].append(entry)
                    } else if let name = subject.classes.first {
                        byClass[name, default: []].append(entry)
                    } else if let type = subject.typeName {
                        byType[type, default: []].append(entry)
                    } else {
                        universal.append(entry)
                    }
                } else {
                    bare.append(entry)
                }
            }
        }
        self.rules = rules
        self.trackLanguage = trackLanguage.flatMap { $0.isEmpty ? nil : $0 }
        bareCueEntries = bare
        entriesByID = byID
        entriesByClass = byClass
        entriesByType = byType
        universalEntries = universal
        regionEntries = regions
        bareCueStyle = Self.cascade(bare, rules: rules, onto: .none)
        sharedBareCueStyle = SharedStyle(bareCueStyle)
        isContextFree = (Array(byClass.values.joined()) + Array(byType.values.joined()) + universal).allSatisfy { entry in
            entry.compounds.count <= 1 && entry.compounds.allSatisfy { $0.languageRanges.isEmpty }
        }
    }

    /// True when no rule can style anything.
    public var isEmpty: Bool { rules.isEmpty }

    private var hasElementRules: Bool { !entriesByClass.isEmpty || !entriesByType.isEmpty || !universalEntries.isEmpty }

    /// Lays the matching rules' declarations over `cue.style` and over the style of every span,
    /// ruby and ruby annotation they match.
    ///
    /// With `elementsStyled`, the spans already carry their styles (`elementStyle` gave them while
    /// the cue text was built) and only the cue itself is styled here.
    public func apply(to cue: inout Cue, memo: Memo? = nil, elementsStyled: Bool = false) {
        if rules.isEmpty { return }
        let idEntries = cue.id.flatMap { entriesByID[$0] } ?? []
        let walkContent = hasElementRules && !(elementsStyled && stylesElementsAlone) && cue.content.contains { node in
            switch node {
            case .span, .ruby: true
            default: false
            }
        }
        if idEntries.isEmpty && universalEntries.isEmpty && !walkContent {
            // The common case: `::cue` rules only, resolved once for all cues.
            if !bareCueStyle.isEmpty {
                if cue.hasStyle {
                    cue.style = Self.cascade(bareCueEntries, rules: rules, onto: cue.style)
                } else {
                    cue.sharedStyle = sharedBareCueStyle
                }
            }
            return
        }
        var walker = Walker(cascade: self, memo: isContextFree ? memo : nil)
        let root = WebVTTMatchElement(typeName: nil, classes: [], id: cue.id, voice: nil, langAttribute: trackLanguage,
                                      language: trackLanguage, parent: -1, previousSibling: -1)
        walker.elements.append(root)
        let rootEntries = bareCueEntries + idEntries + universalEntries
        let matched = walker.matching(rootEntries, element: 0)
        if !matched.isEmpty { cue.style = Self.cascade(matched, rules: rules, onto: cue.style) }
        if walkContent {
            var previous = -1
            walker.walk(&cue.content, parent: 0, previousSibling: &previous)
        }
    }

    /// The style of `::cue-region` and `::cue-region(#id)` rules for the region with this identifier.
    public func regionStyle(forRegionID id: String) -> StyleProperties {
        let matched = regionEntries.filter { entry in entry.compounds.allSatisfy { $0.ids.allSatisfy { $0 == id } } }
        return Self.cascade(matched, rules: rules, onto: .none)
    }

    /// CSS Cascading Level 4 §6: normal declarations by specificity then order, then `!important`
    /// ones the same way, each over the last. A rule matched through several selectors of its list
    /// is applied at each; the most specific application comes last and wins, as CSS says.
    static func cascade(_ entries: [Entry], rules: [WebVTTStyleRule], onto base: StyleProperties) -> StyleProperties {
        if entries.isEmpty { return base }
        let ordered = entries.count == 1 ? entries : entries.sorted { a, b in
            a.specificity != b.specificity ? a.specificity < b.specificity : a.rule < b.rule
        }
        var style = base
        for important in [false, true] {
            for entry in ordered {
                for declaration in rules[entry.rule].declarations where declaration.isImportant == important {
                    declaration.apply(to: &style)
                }
            }
        }
        return style
    }

    // MARK: - Walking a cue's tree

    /// Builds the element list in document order (so ancestors and earlier siblings are known when
    /// an element is matched) while writing styles into the tree.
    private struct Walker {
        let cascade: WebVTTStyleCascade
        let memo: Memo?
        var elements: [WebVTTMatchElement] = []

        func matching(_ candidates: [Entry], element: Int) -> [Entry] {
            if candidates.isEmpty { return [] }
            let matcher = WebVTTSelectorMatcher(elements: elements)
            return candidates.filter { $0.compounds.isEmpty || matcher.matches($0.compounds, element: element) }
        }

        /// Candidate entries for an element: by its type, each class, and the universal ones.
        func candidates(for element: WebVTTMatchElement) -> [Entry] {
            if cascade.entriesByType.isEmpty && cascade.entriesByClass.isEmpty { return cascade.universalEntries }
            var result = cascade.universalEntries
            if let type = element.typeName, let entries = cascade.entriesByType[type] { result += entries }
            for name in element.classes {
                if let entries = cascade.entriesByClass[name] { result += entries }
            }
            return result
        }

        /// Appends the element and returns the cascaded style over `base`, or nil when no rule
        /// matches it (the common case, checked without touching the style).
        mutating func add(_ element: WebVTTMatchElement, over base: @autoclosure () -> StyleProperties)
            -> (index: Int, style: StyleProperties?) {
            elements.append(element)
            let index = elements.count - 1
            let matched: [Entry]
            if let memo {
                let key = MatchKey(typeName: element.typeName, classes: element.classes, voice: element.voice,
                                   langAttribute: element.langAttribute)
                if let known = memo.matches[key] {
                    matched = known
                } else {
                    matched = matching(candidates(for: element), element: index)
                    memo.matches[key] = matched
                }
            } else {
                let candidates = candidates(for: element)
                if candidates.isEmpty { return (index, nil) }
                matched = matching(candidates, element: index)
            }
            if matched.isEmpty { return (index, nil) }
            return (index, WebVTTStyleCascade.cascade(matched, rules: cascade.rules, onto: base()))
        }

        /// Returns true when a style in `nodes` changed.
        @discardableResult
        mutating func walk(_ nodes: inout [InlineNode], parent: Int, previousSibling: inout Int) -> Bool {
            var anyChanged = false
            for position in nodes.indices {
                switch nodes[position] {
                case .text, .lineBreak, .timestamp:
                    continue
                case .span(var span):
                    let element = element(for: span, parent: parent, previousSibling: previousSibling)
                    let (index, style) = add(element, over: span.style)
                    previousSibling = index
                    var changed = false
                    if let style, style != span.style {
                        span.style = style
                        changed = true
                    }
                    if span.children.contains(where: Self.isElement) {
                        var childPrevious = -1
                        if walk(&span.children, parent: index, previousSibling: &childPrevious) { changed = true }
                    }
                    if changed {
                        nodes[position] = .span(span)
                        anyChanged = true
                    }
                case .ruby(var ruby):
                    let element = WebVTTMatchElement(typeName: "ruby", classes: ruby.classes, id: nil, voice: nil, langAttribute: nil,
                                                     language: elements[parent].language, parent: parent,
                                                     previousSibling: previousSibling)
                    let (index, style) = add(element, over: ruby.style)
                    previousSibling = index
                    var changed = false
                    if let style, style != ruby.style {
                        ruby.style = style
                        changed = true
                    }
                    // The ruby's children, in order: each segment's base nodes, then its `rt`.
                    var childPrevious = -1
                    for s in ruby.segments.indices {
                        if walk(&ruby.segments[s].base, parent: index, previousSibling: &childPrevious) { changed = true }
                        guard ruby.segments[s].annotation != nil else { continue }
                        let rt = WebVTTMatchElement(typeName: "rt", classes: ruby.segments[s].annotationClasses, id: nil, voice: nil,
                                                    langAttribute: nil, language: elements[index].language, parent: index,
                                                    previousSibling: childPrevious)
                        let (rtIndex, rtStyle) = add(rt, over: ruby.segments[s].annotationStyle)
                        childPrevious = rtIndex
                        if let rtStyle, rtStyle != ruby.segments[s].annotationStyle {
                            ruby.segments[s].annotationStyle = rtStyle
                            changed = true
                        }
                        var annotationPrevious = -1
                        if walk(&ruby.segments[s].annotation!, parent: rtIndex, previousSibling: &annotationPrevious) { changed = true }
                    }
                    if changed {
                        nodes[position] = .ruby(ruby)
                        anyChanged = true
                    }
                }
            }
            return anyChanged
        }

        private static func isElement(_ node: InlineNode) -> Bool {
            switch node {
            case .span, .ruby: true
            default: false
            }
        }

        /// W3C WebVTT, "The ::cue pseudo-element": the element names, and the `voice` and `lang`
        /// attributes; a span from another format (`.styled`) has no name.
        private func element(for span: InlineSpan, parent: Int, previousSibling: Int) -> WebVTTMatchElement {
            var element = WebVTTMatchElement(typeName: nil, classes: span.classes, id: nil, voice: nil, langAttribute: nil,
                                             language: elements[parent].language, parent: parent, previousSibling: previousSibling)
            switch span.kind {
            case .italic: element.typeName = "i"
            case .bold: element.typeName = "b"
            case .underline: element.typeName = "u"
            case .class: element.typeName = "c"
            case .voice(let name):
                element.typeName = "v"
                element.voice = name
            case .language(let tag):
                element.typeName = "lang"
                element.langAttribute = tag
                element.language = tag
            case .styled: break
            }
            return element
        }
    }
}
