/// The rules a document's cues are laid out by on screen: each caption format places text its own
/// way, and the renderer asks the document, not its format name. A reader sets its family; a
/// document made by hand takes `.cueBoxes`, the general case.
public enum LayoutFamily: String, Sendable, Hashable, CaseIterable {
    /// W3C WebVTT §7: cue boxes from line, position, size and alignment, and WebVTT regions.
    /// SRT's `{\an}` positions and coordinates are read into these settings.
    case cueBoxes = "cue-boxes"
    /// CEA-608: a 32 × 15 character grid in the safe area, rows and indents from the caption.
    case cea608Grid = "cea608-grid"
    /// CEA-708: windows on the safe-title area's anchor grid, each a region of rows and columns of
    /// character cells with its own fill, holding text in the pens it was written with.
    case cea708Windows = "cea708-windows"
    /// TTML: content flowed into regions (origin, extent, padding, display alignment).
    case ttmlRegions = "ttml-regions"
    /// SubStation Alpha: the script itself is drawn by libass (styles, `\pos`, `\move`, karaoke,
    /// drawings, every frame as libass draws it). A renderer given only the cues lays them out as
    /// cue boxes, which their settings also express.
    case assScript = "ass-script"
}

/// What a format's reader gives: the common model, and whatever only that format has (the VTTCue
/// view of WebVTT cues, each 608 caption's grid, the resolved TTML document). A `CaptionFile`
/// holds one of these; cast it to the format's own type (`WebVTTFile`, `SCCFile`, `TTMLFile`) for
/// the details. A format with nothing beyond the model (SRT) gives the `Document` itself.
public protocol CaptionFileContents: Sendable {
    /// The common model of what was read: tracks of cues, as every format reads into.
    var document: Document { get }
}

extension Document: CaptionFileContents {
    /// The document itself: a format with nothing beyond the model (SRT) gives its `Document`.
    public var document: Document { self }
}
