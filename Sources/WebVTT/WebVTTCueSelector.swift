/// One selector of a STYLE block rule that can select something: `::cue`, `::cue(argument)`,
/// `::cue-region` or `::cue-region(#id)` (W3C WebVTT, "CSS extensions": the `::cue` and
/// `::cue-region` pseudo-elements). Selectors this engine cannot apply are not kept (the parser
/// reports them).
public struct WebVTTCueSelector: Sendable, Hashable {
    /// Which pseudo-element the selector is; the raw value is as written in CSS.
    public enum PseudoElement: String, Sendable, Hashable {
        case cue = "::cue"
        case cueRegion = "::cue-region"
    }

    /// `::cue` (cues and their text) or `::cue-region` (regions).
    public var pseudoElement: PseudoElement
    /// The selector in the parentheses, one compound selector a step, the subject last; empty for
    /// the bare pseudo-element. For `::cue-region` it is at most one compound holding an ID.
    public var argument: [WebVTTCompoundSelector]
    /// True when the pseudo-element followed `video` (as in `video::cue`), which adds to the specificity.
    public var hasVideoTypeSelector: Bool

    /// A selector built by hand; the style sheet parser makes these from CSS text.
    public init(_ pseudoElement: PseudoElement, argument: [WebVTTCompoundSelector] = [], hasVideoTypeSelector: Bool = false) {
        self.pseudoElement = pseudoElement
        self.argument = argument
        self.hasVideoTypeSelector = hasVideoTypeSelector
    }

    /// Selectors Level 4 §17: the pseudo-element counts as a type selector, plus the argument's parts
    /// (as for other pseudo-elements that take a selector, such as `::slotted()`).
    public var specificity: WebVTTSpecificity {
        var total = WebVTTSpecificity(ids: 0, classes: 0, types: hasVideoTypeSelector ? 2 : 1)
        for compound in argument { total = total + compound.specificity }
        return total
    }
}

/// Selectors Level 4 §17 specificity: IDs, then classes/attributes/pseudo-classes, then types.
public struct WebVTTSpecificity: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// ID selectors (`#id`).
    public var ids: Int
    /// Class, attribute and pseudo-class selectors (`.loud`, `[voice]`, `:lang(ja)`).
    public var classes: Int
    /// Type selectors and pseudo-elements (`b`, `::cue`, `video`).
    public var types: Int

    /// A specificity of `ids` IDs, `classes` classes and `types` types.
    public init(ids: Int, classes: Int, types: Int) {
        self.ids = ids
        self.classes = classes
        self.types = types
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.ids, lhs.classes, lhs.types) < (rhs.ids, rhs.classes, rhs.types)
    }

    static func + (lhs: Self, rhs: Self) -> Self {
        Self(ids: lhs.ids + rhs.ids, classes: lhs.classes + rhs.classes, types: lhs.types + rhs.types)
    }

    public var description: String { "(\(ids),\(classes),\(types))" }
}

/// A compound selector inside `::cue(…)`: conditions on one element of the cue's node tree, and how
/// it is reached from the compound before it.
public struct WebVTTCompoundSelector: Sendable, Hashable {
    /// Selectors Level 4 §16.
    public enum Combinator: String, Sendable, Hashable {
        case descendant = " "
        case child = ">"
        case nextSibling = "+"
        case subsequentSibling = "~"
    }

    /// How this compound's element relates to the previous compound's; nil for the first.
    public var combinator: Combinator?
    /// A WebVTT element name (`c i b u v lang ruby rt`), lower case; nil for `*` or none given.
    public var typeName: String?
    /// Every ID the compound requires (`#a#b` can never match, but is valid).
    public var ids: [String]
    /// Every class the element must have (`c.loud.red` requires both).
    public var classes: [String]
    /// Every attribute condition the element must meet (`[voice="Mary"]`).
    public var attributes: [WebVTTAttributeSelector]
    /// One list of language ranges per `:lang()`; each list matches when any of its ranges does.
    public var languageRanges: [[String]]

    /// A compound selector built by hand; the defaults match any element.
    public init(combinator: Combinator? = nil, typeName: String? = nil, ids: [String] = [], classes: [String] = [],
                attributes: [WebVTTAttributeSelector] = [], languageRanges: [[String]] = []) {
        self.combinator = combinator
        self.typeName = typeName
        self.ids = ids
        self.classes = classes
        self.attributes = attributes
        self.languageRanges = languageRanges
    }

    /// This compound's part of a selector's specificity (Selectors Level 4 §17).
    public var specificity: WebVTTSpecificity {
        WebVTTSpecificity(ids: ids.count, classes: classes.count + attributes.count + languageRanges.count,
                          types: typeName == nil ? 0 : 1)
    }
}

/// Selectors Level 4 §6, an attribute selector. WebVTT gives `v` a `voice` attribute and `lang`
/// (and the cue root, when the track has a language) a `lang` attribute; no other element has one.
public struct WebVTTAttributeSelector: Sendable, Hashable {
    /// How the attribute's value is compared.
    public enum Match: Sendable, Hashable {
        /// `[name]`
        case exists
        /// `[name=value]`
        case equals(String)
        /// `[name~=value]`: one of its space-separated words.
        case includesWord(String)
        /// `[name|=value]`: the value, or the value and a hyphen at the start.
        case dashMatch(String)
        /// `[name^=value]`
        case prefix(String)
        /// `[name$=value]`
        case suffix(String)
        /// `[name*=value]`
        case substring(String)
    }

    /// Lower case (attribute names are ASCII case-insensitive).
    public var name: String
    /// The comparison, with the value it compares against.
    public var match: Match
    /// The `i` flag, or nil for the attribute's default (`lang` values compare case-insensitively,
    /// as HTML's `lang` does; `voice` values case-sensitively).
    public var caseInsensitive: Bool?

    /// An attribute selector; `name` should already be lower case.
    public init(name: String, match: Match, caseInsensitive: Bool? = nil) {
        self.name = name
        self.match = match
        self.caseInsensitive = caseInsensitive
    }
}
