public import TimedText

extension DiagnosticCode {
    /// A cue id that is not an XML NCName (or repeats another id) was written under a generated `xml:id`.
    public static let ttmlGeneratedID: Self = "ttml.generated-id"
    /// A character XML 1.0 cannot carry (a C0 control, U+FFFE, U+FFFF) was replaced by U+FFFD.
    public static let ttmlInvalidXMLCharacter: Self = "ttml.invalid-xml-character"
    /// A style property the output profile cannot say was left out.
    public static let ttmlUnsupportedStyle: Self = "ttml.unsupported-style"
    /// A length was rounded because its exact value has no finite decimal form.
    public static let ttmlRoundedValue: Self = "ttml.rounded-value"
    /// Times could not all be written exactly (no tick rate up to 2⁴⁰ represents them, or clock
    /// times were asked for) and were rounded.
    public static let ttmlRoundedTime: Self = "ttml.rounded-time"
    /// A negative time, or an end before the start, was clamped.
    public static let ttmlClampedTime: Self = "ttml.clamped-time"
    /// A cue without text or duration: written, but a TTML presentation shows nothing for it.
    public static let ttmlEmptyCue: Self = "ttml.empty-cue"
    /// More regions would be presented at once than IMSC allows (4); the cue was moved or left over the limit.
    public static let ttmlRegionLimit: Self = "ttml.region-limit"
    /// Two regions presented at the same time overlap, which IMSC forbids.
    public static let ttmlRegionOverlap: Self = "ttml.region-overlap"
    /// A region was moved or shrunk to lie within the root container.
    public static let ttmlRegionClamped: Self = "ttml.region-clamped"
    // A cue naming a region the track does not define: `ttmlUnknownRegion`, shared with the reader.
    /// Markup the output cannot carry (classes, ruby in DFXP) was written as plain content.
    public static let ttmlUnsupportedMarkup: Self = "ttml.unsupported-markup"
    // Tracks after the first, which a TTML document cannot hold: `trackNotWritten`, shared by the writers.
}

/// Writes a track as a TTML document.
///
/// By default the output conforms to the **IMSC 1.1 Text Profile** (W3C, 2018), a profile of
/// TTML2: UTF-8, namespaces declared once on `tt`, `ttp:contentProfiles`, `xml:lang` (empty when
/// the language is unknown), `ttp:timeBase="media"`, every region with `tts:origin`/`tts:extent` in
/// percent, and times that round-trip exactly (`TTMLWriterTimeForm`). With `Options.dfxp` it
/// writes TTML1 (DFXP) that older consumers accept instead: no TTML2 vocabulary, `ttp:profile`
/// naming the DFXP presentation profile (see `docs/ttml.md` for what "DFXP" means in practice).
///
/// Nothing is dropped silently: the result's diagnostics list every property, character, id or
/// region that had to be changed to fit, located at the cue it came from.
public struct TTMLWriter: Sendable {
    /// What to write.
    public struct Options: Sendable {
        /// Which TTML the output conforms to.
        public enum Dialect: Sendable, Hashable {
            /// IMSC 1.1 Text Profile (TTML2 vocabulary where the model needs it).
            case imsc11Text
            /// TTML1 with `ttp:profile` set to the DFXP presentation profile.
            case dfxp
        }

        /// How times are spelled; both are exact whenever the times allow it.
        public enum TimeExpressions: Sendable, Hashable {
            /// Clock times (`00:01:02.345`) when every time is a finite decimal, else ticks at the
            /// least common multiple of the timescales.
            case automatic
            /// Always ticks: 10 MHz when exact, else the least common multiple of the timescales.
            case ticks
            /// Always clock times, for consumers that read no ticks (Flash-era DFXP players): a
            /// time without a finite decimal form is rounded to the millisecond, and that is said.
            case clock
        }

        /// Which TTML the output conforms to (IMSC 1.1 Text by default).
        public var dialect: Dialect
        /// How times are spelled (`automatic` by default).
        public var timeExpressions: TimeExpressions
        /// `ttp:cellResolution` (columns, rows); 32×15 is CEA-608's grid and TTML's default.
        public var cellResolution: (columns: Int, rows: Int)
        /// The root container in pixels (`tts:extent` on `tt`). Pixel lengths in the model can only
        /// be written when it is known; without it they are left out with a diagnostic.
        public var pixelExtent: (width: Int64, height: Int64)?

        /// By default: IMSC 1.1 Text, clock times where exact (else ticks), a 32×15 cell grid and
        /// no pixel extent.
        public init(dialect: Dialect = .imsc11Text, timeExpressions: TimeExpressions = .automatic,
                    cellResolution: (columns: Int, rows: Int) = (32, 15), pixelExtent: (width: Int64, height: Int64)? = nil) {
            self.dialect = dialect
            self.timeExpressions = timeExpressions
            self.cellResolution = cellResolution
            self.pixelExtent = pixelExtent
        }

        /// IMSC 1.1 Text, automatic times, 32×15 cells, no pixel extent.
        public static let `default` = Options()
        /// TTML1 for DFXP consumers, with clock times only (see `docs/ttml.md`).
        public static let dfxp = Options(dialect: .dfxp, timeExpressions: .clock)
    }

    /// The IMSC 1.1 Text Profile designator (IMSC 1.1 §8.1).
    public static let imsc11TextProfile = "http://www.w3.org/ns/ttml/profile/imsc1.1/text"
    /// The DFXP presentation profile designator (TTML1 §5.2).
    public static let dfxpPresentationProfile = "http://www.w3.org/ns/ttml/profile/dfxp-presentation"

    /// How this writer writes.
    public var options: Options

    /// A writer with `options`.
    public init(options: Options = .default) { self.options = options }

    /// Writes the document's first track; a TTML document holds one (any others are reported).
    public func write(_ document: Document) -> ParseResult<[UInt8]> {
        var result = write(document.tracks.first ?? Track())
        result.diagnostics.insert(contentsOf: document.tracksNotWritten(by: "TTML"), at: 0)
        return result
    }

    /// The TTML document for one track, and what had to be changed to fit the profile.
    public func write(_ track: Track) -> ParseResult<[UInt8]> {
        var run = TTMLWriterRun(options: options, track: track)
        let bytes = run.write()
        return ParseResult(value: bytes, diagnostics: run.log.finished())
    }
}
