/// One timed caption or subtitle: when it shows, what it says, and where.
public struct Cue: Sendable, Hashable {
    /// The cue identifier from the source (an SRT index, a WebVTT cue id, a TTML `xml:id`), or nil.
    public var id: String?
    /// When the cue appears, on the track's timeline (as the source states it: a WebVTT segment's
    /// `X-TIMESTAMP-MAP` is not applied). A cue shows from `start` (included) to `end` (excluded).
    public var start: MediaTime
    /// Nil for a cue still open at the end of the input (a live 608 caption that was never erased).
    public var end: MediaTime?
    /// The cue text as a tree of inline nodes; lines are separated by `.lineBreak`.
    public var content: [InlineNode]
    /// Where the cue begins in the source, when it was read from text.
    public var source: SourceLocation? {
        get { packedSource == 0 ? nil : SourceLocation(line: Int(packedSource >> 32), column: Int(packedSource & 0xFFFF_FFFF)) }
        set { packedSource = Self.pack(newValue) }
    }

    // Line and column in one word (0 when unknown): the location is kept for every cue, and a
    // track of 100,000 cues is 1.6 MB smaller for it.
    private var packedSource: UInt64

    private static func pack(_ location: SourceLocation?) -> UInt64 {
        guard let location, location.line > 0 else { return 0 }
        return UInt64(UInt32(clamping: location.line)) << 32 | UInt64(UInt32(clamping: location.column))
    }

    // Most cues have the default layout and no cue-level style: keep those out of line (nil when
    // default) so that a cue stays small to copy and a track of 100,000 cues stays compact.
    @usableFromInline var layoutStorage: Indirect<CueLayout>?
    @usableFromInline var styleStorage: Indirect<StyleProperties>?
    // Images are rare (IMSC image profiles): one pointer, nil for text cues.
    @usableFromInline var imageStorage: Indirect<CueImage>?

    /// The picture the cue shows (IMSC image subtitles), nil for a text cue.
    public var image: CueImage? {
        get { imageStorage?.value }
        set { imageStorage = newValue.map(Indirect.init) }
    }

    /// Where the cue goes: `CueLayout.default` (WebVTT's bottom, centred line) unless the source
    /// placed it. Setting the default stores nothing.
    public var layout: CueLayout {
        get { layoutStorage?.value ?? .default }
        set { layoutStorage = newValue.isDefault ? nil : Indirect(newValue) }
    }

    /// The layout as a value that can be given to many cues while stored once: a reader whose
    /// cues repeat the same settings keeps one copy of them.
    public var sharedLayout: SharedLayout {
        get { SharedLayout(storage: layoutStorage) }
        set { layoutStorage = newValue.storage }
    }

    /// True when `layout` is the default (cheaper than comparing it).
    @inlinable public var hasDefaultLayout: Bool { layoutStorage == nil }

    /// Styles the content asks for on the cue as a whole (inline spans carry their own).
    public var style: StyleProperties {
        get { styleStorage?.value ?? .none }
        set { styleStorage = newValue.isEmpty ? nil : Indirect(newValue) }
    }

    /// The cue style as a value that can be given to many cues while stored once.
    public var sharedStyle: SharedStyle {
        get { SharedStyle(storage: styleStorage) }
        set { styleStorage = newValue.storage }
    }

    /// True when `style` is not empty (without copying it).
    @inlinable public var hasStyle: Bool { styleStorage != nil }

    /// A cue with the default layout and no cue-level style.
    public init(id: String? = nil, start: MediaTime, end: MediaTime?, content: [InlineNode], source: SourceLocation? = nil) {
        self.id = id
        self.start = start
        self.end = end
        self.content = content
        self.packedSource = Self.pack(source)
    }

    /// A cue with a layout and a cue-level style; a default `layout` or empty `style` stores nothing.
    public init(id: String? = nil, start: MediaTime, end: MediaTime?, content: [InlineNode],
                layout: CueLayout, style: StyleProperties = .none, source: SourceLocation? = nil) {
        self.id = id
        self.start = start
        self.end = end
        self.content = content
        self.packedSource = Self.pack(source)
        self.layoutStorage = layout.isDefault ? nil : Indirect(layout)
        self.styleStorage = style.isEmpty ? nil : Indirect(style)
    }

    /// The text with markup removed, as `legible dump` prints it: ruby annotations left out,
    /// line breaks as `\n`.
    public var plainText: String { InlineNode.plainText(of: content) }
}

/// A cue layout stored once and shared by the cues given it (`Cue.sharedLayout`).
public struct SharedLayout: Sendable, Hashable {
    let storage: Indirect<CueLayout>?

    /// Stores `layout` once, for every cue it is given to (nothing for the default layout).
    public init(_ layout: CueLayout) { storage = layout.isDefault ? nil : Indirect(layout) }
    init(storage: Indirect<CueLayout>?) { self.storage = storage }

    /// The layout stored.
    public var layout: CueLayout { storage?.value ?? .default }

    /// Which stored copy this is (nil for the default layout): equal identities are equal layouts.
    public var identity: ObjectIdentifier? { storage.map(ObjectIdentifier.init) }
}

/// An immutable value held by reference (copy-on-write by replacement), compared by value.
@usableFromInline final class Indirect<Value: Hashable & Sendable>: Hashable, Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
    @usableFromInline static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs === rhs || lhs.value == rhs.value }
    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
