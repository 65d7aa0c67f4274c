public import TimedText

/// What the SubStation Alpha reader gives: the common model, and the script itself — every
/// section, style, event and attachment as written — so that nothing of ASS is lost to the model
/// and a script read and written again is the same script.
public struct SubStationAlphaFile: CaptionFileContents {
    /// One track of the `Dialogue:` events, in start order, with the positions and styles the
    /// model can say.
    public var document: Document
    /// The script as ASS sees it.
    public var script: SubStationAlphaScript

    /// A file from its model and its script.
    public init(document: Document, script: SubStationAlphaScript) {
        self.document = document
        self.script = script
    }
}

/// A SubStation Alpha script as written: `[Script Info]`, the styles, the events (comments too),
/// the attachments and the sections Legible does not know.
public struct SubStationAlphaScript: Sendable, Hashable {
    /// Which of the two dialects the script is.
    public enum Version: String, Sendable, Hashable {
        /// SubStation Alpha v4 (`ScriptType: v4.00`, `[V4 Styles]`).
        case ssa = "v4.00"
        /// Advanced SubStation Alpha (`ScriptType: v4.00+`, `[V4+ Styles]`), what Aegisub writes.
        case ass = "v4.00+"
    }

    /// The dialect: from `ScriptType`, else from the styles section's name, else ASS.
    public var version: Version
    /// `[Script Info]`.
    public var info: ASSScriptInfo
    /// The styles in file order (a name defined twice appears twice; the later one applies).
    public var styles: [ASSStyle]
    /// Every `Dialogue:` and `Comment:` line that could be read, in file order.
    public var events: [ASSEvent]
    /// `[Fonts]` and `[Graphics]` files, decoded.
    public var attachments: [ASSAttachment]
    /// Every section in file order, with the lines of those Legible does not know.
    public var sections: [ASSSection]
    /// The decoded text of the script (UTF-8, LF line ends): what the writer copies where the
    /// document still says what the script said.
    package var text: [UInt8]
    /// The cues as read, in track order: a writer compares the document's cues with them to find
    /// the events it may copy as written.
    package var cuesAsRead: [Cue]
    /// True for a script `readFile` made: its `text` is the script (even when empty) and
    /// `cuesAsRead` its cues, so the writer may copy the events whose cues did not change.
    package var wasRead = false
    /// Where ASS features beyond the model are used, for the report of a conversion out of ASS.
    public var features: ASSFeatureSurvey
    /// What the reader repaired that libass (or the script written back) would read otherwise, for `rendererText`.
    package var rendererRepairs: [ASSTextRepair] = []
    /// The events' columns as written back (a Format line's, or a repaired container stream's
    /// standard order), each from the index in `events` of the first event it describes: the
    /// writer writes a changed event in the columns its neighbours are read by. Empty for a
    /// script without an events Format line (the version's default columns).
    var eventFormats: [ASSFormatLine.EventsFrom] = []

    /// A script from its parts (a reader's work; `text` and `cuesAsRead` are empty for a script by hand).
    public init(version: Version = .ass, info: ASSScriptInfo = ASSScriptInfo(), styles: [ASSStyle] = [],
                events: [ASSEvent] = [], attachments: [ASSAttachment] = [], sections: [ASSSection] = [],
                features: ASSFeatureSurvey = ASSFeatureSurvey()) {
        self.version = version
        self.info = info
        self.styles = styles
        self.events = events
        self.attachments = attachments
        self.sections = sections
        self.text = []
        self.cuesAsRead = []
        self.features = features
    }

    /// The style an event named `name` is drawn with: the last one of that name, else one whose
    /// name matches without regard to case, else `Default`, else the first (libass's fallbacks).
    public func style(named name: String) -> ASSStyle? {
        styleIndex(named: name).map { styles[$0] }
    }

    func styleIndex(named name: String) -> Int? {
        var trimmed = name
        if trimmed.hasPrefix("*") { trimmed.removeFirst() }
        if let k = styles.lastIndex(where: { $0.name == trimmed }) { return k }
        let lower = trimmed.lowercased()
        return styles.lastIndex { $0.name.lowercased() == lower }
    }

    /// The style used when an event names none that exists.
    func fallbackStyleIndex() -> Int? {
        styles.lastIndex { $0.name == "Default" } ?? (styles.isEmpty ? nil : 0)
    }

    /// The script's decoded bytes (UTF-8, LF): what the writer writes for an untouched document.
    public var sourceText: [UInt8] { text }

    /// The script as libass is to draw it: `text` with the reader's repairs libass does not make
    /// itself (a `:` before an event time's centiseconds made a `.`; a container stream's events'
    /// Format line made the one its events follow), so that what is drawn is what was read;
    /// `text` itself when there are none.
    package var rendererText: [UInt8] { repaired(text.indices, written: false) }

    /// `text[range]` with the repairs inside it made: all of them, or (`written`) only those the
    /// script written back as ASS gets too.
    package func repaired(_ range: Range<Int>, written: Bool) -> [UInt8] {
        let repairs = rendererRepairs.filter { (!written || $0.isWritten) && range.contains($0.range.lowerBound) && $0.range.upperBound <= range.upperBound }
        guard !repairs.isEmpty else { return Array(text[range]) }
        var out: [UInt8] = []
        out.reserveCapacity(range.count + 128)
        var at = range.lowerBound
        for repair in repairs.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where repair.range.lowerBound >= at {
            out.append(contentsOf: text[at..<repair.range.lowerBound])
            out.append(contentsOf: repair.replacement)
            at = repair.range.upperBound
        }
        out.append(contentsOf: text[at..<range.upperBound])
        return out
    }
}

/// A change the reader made to what a script's text says, for those that read the text itself:
/// `range` of the text is to read `replacement`.
package struct ASSTextRepair: Sendable, Hashable {
    package var range: Range<Int>
    package var replacement: [UInt8]
    /// Made in the script written back as ASS too (a Format line), not only in the one libass draws.
    package var isWritten: Bool

    package init(range: Range<Int>, replacement: [UInt8], isWritten: Bool) {
        self.range = range
        self.replacement = replacement
        self.isWritten = isWritten
    }
}
