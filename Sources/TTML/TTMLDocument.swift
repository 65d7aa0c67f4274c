public import TimedText
public import XML

/// A TTML document as the reader resolves it before building the timed-text model: timing
/// parameters, regions, and the body's content tree with every element's active interval, region
/// and *specified* styles (TTML2 §10.4.4: referential, nested and inline styling merged, raw
/// values). Computing styles (inheritance, initial values, units) is a separate step that works
/// from `specifiedStyles`.
///
/// The content tree is flat: `nodes[0]` is `body` when there is one, and each node names its
/// children by index (parents come before their children), so that the ISD builder can index
/// containers of thousands of paragraphs without copying them.
public struct TTMLDocument: Sendable {
    /// The timing parameters of `tt` that the times were read with (frame and tick rates).
    public var parameters: TTMLTimingParameters
    /// `xml:lang` of `tt` ("" when the document says the language is unknown, nil when absent).
    public var language: String?
    /// Regions in document order: those of `head/layout`, then inline regions, then the default
    /// region when the document defines none.
    public var regions: [TTMLRegion]
    /// The content tree; empty when there is no `body`.
    public var nodes: [TTMLContentNode]

    /// A document from its parts; `nodes` must be ordered as described above.
    public init(parameters: TTMLTimingParameters = TTMLTimingParameters(), language: String? = nil,
                regions: [TTMLRegion] = [], nodes: [TTMLContentNode] = []) {
        self.parameters = parameters
        self.language = language
        self.regions = regions
        self.nodes = nodes
    }

    /// The id of the default region that holds content when a document defines no region.
    public static let defaultRegionID = "default"

    /// `nodes[0]`, nil when there is no `body`.
    public var body: TTMLContentNode? { nodes.first }
}

/// An active interval on the document's timeline: `end` nil means indefinite.
public struct TTMLInterval: Sendable, Hashable {
    /// The first instant of the interval.
    public var begin: MediaTime
    /// The first instant after it (exclusive); nil when indefinite.
    public var end: MediaTime?

    /// The interval `[begin, end)`.
    public init(begin: MediaTime, end: MediaTime?) {
        self.begin = begin
        self.end = end
    }

    /// Whether `t` is in `[begin, end)`.
    @inline(__always) public func contains(_ t: MediaTime) -> Bool {
        begin <= t && (end.map { t < $0 } ?? true)
    }

    /// True when the interval is empty (`end <= begin`): the element is never active.
    @inline(__always) public var isEmpty: Bool { end.map { $0 <= begin } ?? false }
}

/// A `set` element (TTML2 §10.1.7): style values that replace the specified ones of its parent
/// while it is active.
public struct TTMLSet: Sendable, Hashable {
    /// When the values apply, on the document timeline, clipped to the interval of the element
    /// the `set` is in.
    public var interval: TTMLInterval
    /// The style attributes of the `set` element, by name, as written.
    public var styles: [XMLName: XMLAttribute]
    /// Where the `set` element is.
    public var location: SourceLocation

    /// A `set` from its parts.
    public init(interval: TTMLInterval, styles: [XMLName: XMLAttribute], location: SourceLocation) {
        self.interval = interval
        self.styles = styles
        self.location = location
    }
}

/// A `region` element of `head/layout`, an inline region, or the default region.
public struct TTMLRegion: Sendable, Hashable {
    /// Where the region was defined.
    public enum Origin: Sendable, Hashable {
        /// A `region` element of `head/layout` (or, read leniently, directly in `head`).
        case layout
        /// A `region` child of a content element (TTML2 §11.1.2.1); its id is generated when it
        /// has none.
        case inline
        /// The region content goes to when the document defines none (TTML2 §11.3.1.3).
        case defaultRegion
    }

    /// `xml:id`; `inline-region-N` for an inline region without one, `TTMLDocument.defaultRegionID`
    /// for the default region. Cues name their region by it (`CueLayout.regionID`).
    public var id: String
    /// Where the region was defined.
    public var origin: Origin
    /// When the region is active (its own `begin`, `end`, `dur`; always for the default region).
    public var interval: TTMLInterval
    /// The region's specified styles: referential, nested and inline styling merged (raw values).
    public var specifiedStyles: [XMLName: XMLAttribute]
    /// The region's `set` children, in document order.
    public var sets: [TTMLSet]
    /// Where the `region` element is; nil for the default region.
    public var location: SourceLocation?

    /// A region from its parts.
    public init(id: String, origin: Origin, interval: TTMLInterval, specifiedStyles: [XMLName: XMLAttribute] = [:],
                sets: [TTMLSet] = [], location: SourceLocation? = nil) {
        self.id = id
        self.origin = origin
        self.interval = interval
        self.specifiedStyles = specifiedStyles
        self.sets = sets
        self.location = location
    }
}

/// One element (or anonymous span) of the body.
public struct TTMLContentNode: Sendable, Hashable {
    /// The element, or the text of an anonymous span.
    public enum Kind: Sendable, Hashable {
        /// `body`, `div`, `p`, `span` and `br` elements.
        case body, div, p, span, br
        /// An anonymous span: character data inside `p` or `span`.
        case text(String)
    }

    /// What the node is.
    public var kind: Kind
    /// `xml:id`.
    public var id: String?
    /// Where the element, or the text, starts.
    public var location: SourceLocation
    /// When the element is active, on the document timeline, clipped to its parent's interval.
    public var interval: TTMLInterval
    /// The region named by the element's `region` attribute (or its inline region), by index into
    /// `TTMLDocument.regions`; -1 when it names a region that does not exist; nil when it names none.
    public var region: Int?
    /// Specified styles: referential, nested and inline styling merged (TTML2 §10.4.4.2).
    public var specifiedStyles: [XMLName: XMLAttribute]
    /// The element's `set` children, in document order.
    public var sets: [TTMLSet]
    /// `xml:lang` in effect (inherited).
    public var language: String?
    /// `xml:space="preserve"` in effect (inherited).
    public var preservesSpace: Bool
    /// The first agent `ttm:agent` names: its `ttm:name` when the document gives one, else its id.
    public var agent: String?
    /// `ttm:role`, trimmed.
    public var role: String?
    /// Children by index into `TTMLDocument.nodes`, in document order.
    public var children: [Int]
    /// The picture a `div` shows (`smpte:backgroundImage`, or an `image` child), nil otherwise.
    public var image: CueImage? {
        get { imageStorage?.value }
        set { imageStorage = newValue.map(ImageBox.init) }
    }
    /// Whether the node shows a picture, found without copying it.
    var hasImage: Bool { imageStorage != nil }
    // Boxed: nodes are many and images rare.
    private var imageStorage: ImageBox?
    private final class ImageBox: Sendable, Hashable {
        let value: CueImage
        init(_ value: CueImage) { self.value = value }
        static func == (a: ImageBox, b: ImageBox) -> Bool { a === b || a.value == b.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    /// A node from its parts.
    public init(kind: Kind, id: String? = nil, location: SourceLocation, interval: TTMLInterval, region: Int? = nil,
                specifiedStyles: [XMLName: XMLAttribute] = [:], sets: [TTMLSet] = [], language: String? = nil,
                preservesSpace: Bool = false, agent: String? = nil, role: String? = nil, children: [Int] = []) {
        self.kind = kind
        self.id = id
        self.location = location
        self.interval = interval
        self.region = region
        self.specifiedStyles = specifiedStyles
        self.sets = sets
        self.language = language
        self.preservesSpace = preservesSpace
        self.agent = agent
        self.role = role
        self.children = children
    }

    /// Text that default white-space handling reduces to nothing on its own (it may still become
    /// one space between words).
    public var isCollapsibleWhitespace: Bool {
        guard case .text(let s) = kind, !preservesSpace else { return false }
        // Native strings are contiguous: looked at as bytes, not through the generic view.
        return s.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isWhitespace) } ?? s.utf8.allSatisfy(isWhitespace)
    }
}
