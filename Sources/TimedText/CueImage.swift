/// A picture a cue shows instead of (or beside) text: a subtitle drawn as an image, as the IMSC
/// image profiles carry it (SMPTE ST 2052-1 `smpte:backgroundImage` on a `div`, IMSC 1.1 / TTML2
/// `image` in a `div`). The renderer draws it in the cue's region; formats that cannot say
/// images (WebVTT, SRT, SCC) report it when written rather than drop it silently.
public struct CueImage: Sendable, Hashable {
    /// Where the picture's bytes are.
    public enum Source: Sendable, Hashable {
        /// Held in the document: SMPTE-TT `smpte:image` (base64) or TTML2 `data`, decoded.
        case embedded([UInt8])
        /// A URI reference as written (`subtitle-0001.png`), resolved against the document's own
        /// location by whoever draws it (`CueImage.resolvedPath(against:)`).
        case external(String)
    }

    /// The bytes or the reference.
    public var source: Source
    /// The media type the document states (`image/png`), nil when it states none.
    public var mediaType: String?
    /// The picture's width and height as proportions of the root container (TTML `tts:extent` of
    /// the `image` element); nil to fill the region's content box, as an IMSC 1.0 image region
    /// (whose extent is the image's) is filled.
    public var extent: Point?
    /// A text equivalent for assistive technology (IMSC `ittm:altText`): not drawn.
    public var altText: String?

    /// An image from its parts.
    public init(source: Source, mediaType: String? = nil, extent: Point? = nil, altText: String? = nil) {
        self.source = source
        self.mediaType = mediaType
        self.extent = extent
        self.altText = altText
    }

    /// The file an external reference names, relative to `directory` (the document's folder) when
    /// it is a relative path; nil for embedded bytes and for references that are not files
    /// (`http:`, `data:`, a fragment `#id` that named nothing).
    public func resolvedPath(against directory: String?) -> String? {
        guard case .external(let reference) = source, !reference.isEmpty, !reference.hasPrefix("#") else { return nil }
        var path = reference
        if path.hasPrefix("file://") { path.removeFirst(7) }
        else if path.contains("://") || path.hasPrefix("data:") { return nil }
        if path.hasPrefix("/") { return path }
        guard let directory, !directory.isEmpty else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}
