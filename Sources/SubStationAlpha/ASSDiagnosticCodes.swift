public import TimedText

/// The diagnostics the SubStation Alpha reader and writer emit: stable codes, declared once.
extension DiagnosticCode {
    /// Warning: the script does not start with `[Script Info]` (libass reads it all the same).
    public static let assMissingScriptInfo: Self = "ass.missing-script-info"
    /// Warning: a line before the first section header; ignored.
    public static let assStrayLine: Self = "ass.stray-line"
    /// Warning: a section header seen a second time; its lines join the first one's.
    public static let assDuplicateSection: Self = "ass.duplicate-section"
    /// Info: a section Legible does not know (`[Aegisub Project Garbage]`); kept as written.
    public static let assUnknownSection: Self = "ass.unknown-section"
    /// Warning: a styles or events section without a `Format:` line; the version's default columns are used.
    public static let assMissingFormat: Self = "ass.missing-format"
    /// Warning: a `Format:` line after lines it should describe; those lines were read with the default columns.
    public static let assLateFormat: Self = "ass.late-format"
    /// Warning: a script that came out of a media container (`SubStationAlphaReader.Options.eventsFromContainer`)
    /// whose events' `Format:` line is not the standard one, while its event lines are in the
    /// standard order ffmpeg writes them in (Matroska's): read in that order. Info when the event
    /// lines do not fit that order, and are read by the Format line.
    public static let assContainerEventOrder: Self = "ass.container-event-order"
    /// Warning: a `Format:` line naming a column Legible does not know (ignored), lacking `Text`/`Name`, or naming a
    /// column twice (the later is read).
    public static let assBadFormat: Self = "ass.bad-format"
    /// Info: a field of the other version (SSA v4 `Marked`, `TertiaryColour`, `AlphaLevel` in an ASS
    /// script; ASS `Layer` in an SSA script), read as its counterpart.
    public static let assVersionField: Self = "ass.version-field"
    /// Warning: `[V4 Styles]` in a `v4.00+` script or `[V4+ Styles]` in a `v4.00` one.
    public static let assVersionMismatch: Self = "ass.version-mismatch"
    /// Error: a style or event line with fewer fields than its `Format:` line; skipped.
    public static let assMissingFields: Self = "ass.missing-fields"
    /// Error: a start or end time that cannot be read (`H:MM:SS.CC`); the event is skipped.
    public static let assBadTimestamp: Self = "ass.bad-timestamp"
    /// Warning: a negative time; read as 0, as libass clips what it would show.
    public static let assNegativeTime: Self = "ass.negative-time"
    /// Info: a time whose fraction is not two digits (centiseconds); read as a decimal fraction.
    public static let assFractionDigits: Self = "ass.fraction-digits"
    /// Warning: minutes or seconds of 60 or more (`0:00:75.00`), counted on as libass does (1:15).
    public static let assTimeOutOfRange: Self = "ass.time-out-of-range"
    /// Warning: an event's time with `:` before its centiseconds (`0:00:04:56`), read as 4.56 s as
    /// ffmpeg and Media3 read it (libass reads no time there: it is given a `.`); one per event.
    public static let assTimeSeparator: Self = "ass.time-separator"
    /// Warning: an event that ends before it starts; kept (a timeline never shows it).
    public static let assEndBeforeStart: Self = "ass.end-before-start"
    /// Warning: an event naming a style the script does not define; drawn with `Default` (or the first style).
    public static let assUnknownStyle: Self = "ass.unknown-style"
    /// Info: a style name defined twice; the later definition wins, as in libass.
    public static let assDuplicateStyle: Self = "ass.duplicate-style"
    /// Warning: a numeric field that is not a number (a margin, a colour, a size); its default is used.
    public static let assBadValue: Self = "ass.bad-value"
    /// Warning: `{` without a closing `}` in an event's text; shown as text, as libass does.
    public static let assUnclosedOverride: Self = "ass.unclosed-override"
    /// Warning: `}` with no `{` before it; shown as text.
    public static let assStrayBrace: Self = "ass.stray-brace"
    /// Info: text in braces without a backslash, a comment (Aegisub notes, karaoke templates); not shown.
    public static let assTextComment: Self = "ass.comment-in-text"
    /// Info: an override tag libass does not know; ignored, as libass ignores it.
    public static let assUnknownTag: Self = "ass.unknown-tag"
    /// Warning: an event line kind Legible does not show (`Picture:`, `Sound:`, `Movie:`, `Command:`).
    public static let assUnsupportedEvent: Self = "ass.unsupported-event"
    /// Warning: `[Fonts]`/`[Graphics]` data that is not valid UUencoding, or data before any file name.
    public static let assBadAttachment: Self = "ass.bad-attachment"
    /// Error: the script holds no `[Events]` section or no readable event.
    public static let assNoEvents: Self = "ass.no-events"

    // Converting out of ASS: what the target format has no form for, one diagnostic per kind.

    /// `\move`, `\fad`, `\fade`, `\t`: animation over the event's time, shown still.
    public static let assDroppedAnimation: Self = "ass.dropped-animation"
    /// `\p` drawings (vector shapes); not drawn.
    public static let assDroppedDrawing: Self = "ass.dropped-drawing"
    /// `\clip`, `\iclip`: clipping to a rectangle or shape; the whole text shows.
    public static let assDroppedClip: Self = "ass.dropped-clip"
    /// `\frx \fry \frz \fscx \fscy \fsp \fax \fay \org`: rotation, scaling, spacing, shearing.
    public static let assDroppedTransform: Self = "ass.dropped-transform"
    /// `\bord \shad \be \blur` and their x/y forms: outline, shadow and blur geometry.
    public static let assDroppedOutline: Self = "ass.dropped-outline"
    /// `\3c`, `\4c`, `\2a`–`\4a`: outline and shadow colours, alphas (a karaoke event's `\2c` is its
    /// cue's or span's `futureColor`).
    public static let assDroppedColor: Self = "ass.dropped-color"
    /// `\K`, `\kf`, `\ko`: karaoke sweeps and outline karaoke, kept as syllable times only.
    public static let assDroppedKaraokeEffect: Self = "ass.dropped-karaoke-effect"
    /// Layers: overlapping events stacked by `Layer`, laid out as separate cues.
    public static let assDroppedLayer: Self = "ass.dropped-layer"
    /// The event `Effect` field (`Banner;`, `Scroll up;`): scrolling effects.
    public static let assDroppedEffect: Self = "ass.dropped-effect"
    /// Style geometry the model has no place for: per-style outline, shadow, border style, margins.
    public static let assDroppedStyle: Self = "ass.dropped-style"
    /// `[Fonts]` and `[Graphics]` attachments: the target format cannot embed them.
    public static let assDroppedAttachment: Self = "ass.dropped-attachment"
    /// `Comment:` events: not written.
    public static let assDroppedComment: Self = "ass.dropped-comment"
}
