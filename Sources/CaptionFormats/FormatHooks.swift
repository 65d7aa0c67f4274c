package import TimedText
internal import TextScanning

// What Legible's own tools ask of a format beyond reading and writing: the views of `dump`, the
// checks of `validate`, the closed captions of a video. Package: a player's format need not
// provide them.

/// Writes each cue's format view into `dump --json` (docs/cue-json.md), cue by cue in order.
package protocol CueJSONView {
    /// Writes the view of cue `index` as one member (`"vtt": {…}`) of the cue's object.
    mutating func write(cue index: Int, to out: inout JSONStreamWriter)
}

/// A debugging view of a file that `legible dump --NAME` prints (`--cue-tree`, `--disassemble`).
package struct DebugView: Sendable {
    /// The option that asks for it, without dashes.
    package var name: String
    /// One line of help.
    package var help: String
    /// What it shows, to finish "--NAME …; FILE is FORMAT" when asked of another format
    /// (`shows WebVTT cue text`).
    package var shows: String
    /// Flags that refine it (`channels`), with their help.
    package var flags: [(name: String, help: String)]
    /// The view of a file (its document as the command holds it: one track picked, times mapped),
    /// with the flags given.
    package var render: @Sendable (CaptionFile, Document, _ flags: Set<String>) -> String

    package init(name: String, help: String, shows: String, flags: [(name: String, help: String)] = [],
                 render: @escaping @Sendable (CaptionFile, Document, Set<String>) -> String) {
        self.name = name
        self.help = help
        self.shows = shows
        self.flags = flags
        self.render = render
    }
}

/// What a format's checks are told: the fonts a player has beside a file's own.
package struct FormatCheckContext: Sendable {
    /// Font directories a player has (`validate --fonts-dir`).
    package var fontDirectories: [String]
    /// Fonts that came with the file from elsewhere (a media file's attachments).
    package var fonts: [NativeScript.Font]

    package init(fontDirectories: [String] = [], fonts: [NativeScript.Font] = []) {
        self.fontDirectories = fontDirectories
        self.fonts = fonts
    }
}

/// A rule a format's checks report under: its id (`ass.missing-style`), default severity and
/// summary, for `validate --list-rules` and SARIF.
package struct FormatRule: Sendable {
    package var id: String
    package var defaultSeverity: Severity
    package var summary: String

    package init(_ id: String, _ defaultSeverity: Severity, _ summary: String) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
    }
}

/// One thing a format's rule found: the diagnostic (its code is the rule id), and the cue it is
/// about when there is one.
package struct FormatFinding: Sendable {
    package var diagnostic: Diagnostic
    /// Track and cue index of the cue it is about.
    package var cue: (track: Int, index: Int)?
    package var start: MediaTime?
    package var end: MediaTime?

    package init(_ diagnostic: Diagnostic, cue: (track: Int, index: Int)? = nil, start: MediaTime? = nil, end: MediaTime? = nil) {
        self.diagnostic = diagnostic
        self.cue = cue
        self.start = start
        self.end = end
    }
}

/// What a format's checks found: more spec diagnostics (reported as `spec.<code>`, as the
/// reader's), findings of its own rules, and reader diagnostics a rule of its own reports better
/// (left out, so nothing is said twice).
package struct FormatCheckResult: Sendable {
    package var specDiagnostics: [Diagnostic] = []
    package var findings: [FormatFinding] = []
    package var supersededReaderCodes: Set<DiagnosticCode> = []

    package init(specDiagnostics: [Diagnostic] = [], findings: [FormatFinding] = [], supersededReaderCodes: Set<DiagnosticCode> = []) {
        self.specDiagnostics = specDiagnostics
        self.findings = findings
        self.supersededReaderCodes = supersededReaderCodes
    }
}

/// One closed-caption channel (`CC1`) or service (`SERVICE1`) decoded from a video, as a caption file.
package struct ClosedCaptionTrack: Sendable {
    /// The channel's id (`CC1`…`CC4`), which `--track` and the track list use.
    package var id: String
    /// Its captions, read as a file of the format that decoded them.
    package var file: CaptionFile
    /// The codec name it is listed with, as ffprobe names closed captions (`eia_608`), or
    /// `cea_708` for a 708 service, which ffprobe does not list.
    package var codec: String

    package init(id: String, file: CaptionFile, codec: String = "eia_608") {
        self.id = id
        self.file = file
        self.codec = codec
    }
}
