public import TimedText
import TextScanning

/// Writes clean SubRip: UTF-8 without a byte-order mark, cues numbered from 1 in the track's order (start order, as readers give it),
/// `HH:MM:SS,mmm` timings (times rounded to the millisecond), `<i> <b> <u> <font>` markup, `{\anN}`
/// for positioned cues and `X1: X2: Y1: Y2:` for cue boxes. Markup SRT cannot express (classes,
/// voices, languages) keeps its text; ruby is written as `base(annotation)`. Every SRT cue ends:
/// a cue without an end is given one by `Options.openEnds`, and each is reported, as is any
/// track after the first.
public struct SubRipWriter: Sendable {
    /// How to write the file.
    public struct Options: Sendable {
        /// End lines with CRLF, as many Windows tools expect.
        public var crlf: Bool
        /// The frame that `X1: X2: Y1: Y2:` coordinates are written for (as the reader's option).
        public var coordinateFrame: (width: Int64, height: Int64)
        /// How cues without an end are ended.
        public var openEnds: OpenEndPolicy
        /// By default: LF line ends, coordinates for a 720×480 frame, and open ends closed by
        /// `OpenEndPolicy.default`.
        public init(crlf: Bool = false, coordinateFrame: (width: Int64, height: Int64) = (720, 480), openEnds: OpenEndPolicy = .default) {
            self.crlf = crlf
            self.coordinateFrame = coordinateFrame
            self.openEnds = openEnds
        }
        /// LF line ends, a 720×480 coordinate frame, the default open-end policy.
        public static let `default` = Options()
    }

    /// How this writer writes.
    public var options: Options

    /// A writer with `options`.
    public init(options: Options = .default) { self.options = options }

    /// Writes the first track of the document (SRT holds one track; the others are reported).
    public func write(_ document: Document) -> ParseResult<[UInt8]> {
        var diagnostics: [Diagnostic] = []
        let bytes = collectBytes { sink in diagnostics = write(document, to: sink) }
        return ParseResult(value: bytes, diagnostics: diagnostics)
    }

    /// Hands the document's first track to `sink` in pieces (as `write(_:to:)` for cues). The
    /// cues of TTML box regions are placed where their region is (`CueLayout.placed(in:)`) before
    /// SRT's nine positions approximate them.
    @discardableResult
    public func write(_ document: Document, to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows -> [Diagnostic] {
        let cues = document.tracks.first.map { $0.placingBoxRegionCues().track.cues } ?? []
        return document.tracksNotWritten(by: "SRT") + (try write(cues, to: sink))
    }

    /// Writes `cues` as one SRT file in memory, numbered 1, 2, … in the order given; the diagnostics
    /// say what SRT could not express and which cues were given an end.
    public func write(_ cues: [Cue]) -> ParseResult<[UInt8]> {
        var diagnostics: [Diagnostic] = []
        let bytes = collectBytes { sink in diagnostics = write(cues, to: sink) }
        return ParseResult(value: bytes, diagnostics: diagnostics)
    }

    /// Hands the file to `sink` in consecutive pieces, written on all cores for large tracks
    /// (the CLI writes each piece to the file as it comes, with no whole-file copy). Returns
    /// what had to change: the ends given to cues that had none.
    @discardableResult
    public func write(_ cues: [Cue], to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows -> [Diagnostic] {
        let (closed, diagnostics) = options.openEnds.closing(cues)
        let writer = self
        try writeInPieces(closed, { slice, out in writer.writeCues(slice, into: &out) }, to: sink)
        return Self.changes(ContentSurvey(cues)) + Self.approximatedPositions(cues) + diagnostics + cues.emptyCuesReport(format: "SRT")
    }

    /// Positions that are not one of SRT's nine `{\\an}` (a WebVTT line or position, a size, vertical
    /// text): written as the nearest, said once. A place within the title-safe margin of the
    /// nearest is that place to a player (`CueLayout.sitsAtNearestNumpad`), and not said.
    static func approximatedPositions(_ cues: [Cue]) -> [Diagnostic] {
        var count = 0
        var first: SourceLocation?
        for cue in cues where !cue.hasDefaultLayout {
            var layout = cue.layout
            layout.box = nil
            layout.regionID = nil
            guard !layout.isDefault else { continue }
            if SubRipAlignment.layout(numpad: layout.nearestNumpad) != layout, !layout.sitsAtNearestNumpad {
                count += 1
                if first == nil { first = cue.source }
            }
        }
        guard count > 0 else { return [] }
        return [Diagnostic(.warning, .layoutApproximated,
                           "SRT places cues by nine {\\an} positions only: exact line, position, size and vertical text are written as the nearest (\(count) cue\(count == 1 ? "" : "s"), the first here)",
                           at: first)]
    }

    /// What SRT has no form for, once per kind.
    static func changes(_ survey: ContentSurvey) -> [Diagnostic] {
        [
            survey.report(.ruby, .rubyAsText, "SRT has no ruby: ruby is written as base(annotation)"),
            survey.report(.voices, .markupDropped, "SRT has no voices: speaker names (<v>) are dropped, their text kept"),
            survey.report(.classes, .markupDropped, "SRT has no classes: <c> classes are dropped, their text kept"),
            survey.report(.languages, .markupDropped, "SRT has no language spans: <lang> is dropped, its text kept"),
            survey.report(.timestamps, .timestampsDropped, "SRT has no inline timestamps: karaoke timing (and its colours) is dropped, all text shows from the cue's start"),
            survey.report(.cueStyles, .styleDropped, "SRT has no style for a whole cue: cue styles are dropped (inline <i> <b> <u> <s> <font> are kept)"),
            survey.reportSpanStyles(notIn: ["color", "font-family", "font-size", "font-style", "font-weight", "text-decoration"], format: "SRT"),
            survey.report(.regions, .layoutApproximated, "SRT has no regions: cues in regions are placed by their own settings"),
        ].compactMap { $0 }
    }

    private func writeCues(_ cues: ArraySlice<Cue>, into out: inout ByteWriter) {
        let newline: [UInt8] = options.crlf ? [0x0D, 0x0A] : [0x0A]
        for index in cues.indices {
            let cue = cues[index]
            if index > 0 { out.append(newline) }
            out.appendDecimal(index + 1)
            out.append(newline)
            out.appendClock(cue.start, separator: UInt8(ascii: ","))
            out.appendStatic(" --> ")
            // Open ends were closed by `write`; one left (never, by then) ends where it starts.
            out.appendClock(cue.end ?? cue.start, separator: UInt8(ascii: ","))
            let layout = cue.layout
            if let box = layout.box { appendCoordinates(box, to: &out) }
            out.append(newline)
            let textStart = out.byteCount
            if !cue.hasDefaultLayout, case let numpad = layout.nearestNumpad, numpad != 2 {
                out.append("{\\an\(numpad)}")
            }
            appendNodes(cue.content, to: &out)
            out.removeEmptyLines(from: textStart)
            Self.escapeTimingLines(from: textStart, in: &out)
            if out.byteCount > textStart { out.append(0x0A) }
            if options.crlf { out.expandLineFeeds(from: textStart) }
        }
    }

    /// A text line the reader would take for a timing line gets written so that it stays text:
    /// the `>` of each `-->` in it as `&gt;` (one `-->` split across spans escapes no single
    /// string), and where two times stand around a damaged arrow (`00:00:05,000 -> 00:00:06,000`)
    /// its first digit as a reference. Nearly every cue has no such line: one scan finds that.
    static func escapeTimingLines(from start: Int, in out: inout ByteWriter) {
        let suspect: Int? = out.withBytes { p in
            var lineStart = start
            while lineStart < p.count {
                var lineEnd = lineStart
                while lineEnd < p.count, p[lineEnd] != 0x0A { lineEnd += 1 }
                if !SubRipTiming.parse(p, lineStart..<lineEnd).isNotTiming { return lineStart }
                lineStart = lineEnd + 1
            }
            return nil
        }
        guard let suspect else { return }
        // Rare: write the text again from the first such line on, each such line escaped.
        let tail = out.removeLast(from: suspect)
        var lineStart = 0
        while lineStart <= tail.count {
            var lineEnd = lineStart
            while lineEnd < tail.count, tail[lineEnd] != 0x0A { lineEnd += 1 }
            out.append(escapedTimingLine(Array(tail[lineStart..<lineEnd])))
            if lineEnd < tail.count { out.append(0x0A) }
            lineStart = lineEnd + 1
        }
    }

    /// `line` itself when it is not a timing line to the reader, else escaped as above.
    private static func escapedTimingLine(_ line: [UInt8]) -> [UInt8] {
        func isTiming(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { !SubRipTiming.parse($0, 0..<$0.count).isNotTiming } }
        guard isTiming(line) else { return line }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(line.count + 8)
        for (k, b) in line.enumerated() {
            if b == UInt8(ascii: ">"), k >= 2, line[k - 1] == UInt8(ascii: "-"), line[k - 2] == UInt8(ascii: "-") {
                escaped += Array("&gt;".utf8)
            } else {
                escaped.append(b)
            }
        }
        guard isTiming(escaped), let digit = escaped.firstIndex(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return escaped }
        return Array(escaped[..<digit]) + Array("&#\(escaped[digit]);".utf8) + Array(escaped[(digit + 1)...])
    }

    private func appendNodes(_ nodes: [InlineNode], to out: inout ByteWriter) {
        for node in nodes {
            switch node {
            case .text(let s): appendEscaped(s, to: &out)
            case .lineBreak: out.append(0x0A)
            case .timestamp: break
            case .span(let span): appendSpan(span, to: &out)
            case .ruby(let ruby):
                for segment in ruby.segments {
                    appendNodes(segment.base, to: &out)
                    if let annotation = segment.annotation {
                        out.append(UInt8(ascii: "("))
                        appendNodes(annotation, to: &out)
                        out.append(UInt8(ascii: ")"))
                    }
                }
            }
        }
    }

    private func appendSpan(_ span: InlineSpan, to out: inout ByteWriter) {
        var closers: [String] = []
        func open(_ tag: String, _ name: String) {
            out.append(tag)
            closers.append(name)
        }
        switch span.kind {
        case .italic: open("<i>", "i")
        case .bold: open("<b>", "b")
        case .underline: open("<u>", "u")
        case .class, .voice, .language, .styled: break
        }
        let style = span.style
        if style.fontStyle == .italic && span.kind != .italic { open("<i>", "i") }
        if style.fontWeight == .bold && span.kind != .bold { open("<b>", "b") }
        if let decoration = style.textDecoration {
            if decoration.contains(.underline) && span.kind != .underline { open("<u>", "u") }
            if decoration.contains(.lineThrough) { open("<s>", "s") }
        }
        var fontAttributes = ""
        if let color = style.color { fontAttributes += " color=\"\(color.hexText)\"" }
        if let families = style.fontFamilies {
            // A tag ends at its first `>` to SRT readers, quotes or not, and a quote ends the value:
            // no family name has them, and a damaged one is written without them.
            let names = families.map(GenericFontFamilies.resolved).joined(separator: ",")
            fontAttributes += " face=\"\(String(names.filter { $0 != "<" && $0 != ">" && $0 != "\"" && !$0.isNewline }))\""
        }
        if case .pixels(let size)? = style.fontSize { fontAttributes += " size=\"\(size.decimalText())\"" }
        if !fontAttributes.isEmpty { open("<font\(fontAttributes)>", "font") }
        appendNodes(span.children, to: &out)
        for name in closers.reversed() { out.append("</\(name)>") }
    }

    /// Escapes only what would otherwise read as markup: `<` before a tag name, `&` before a
    /// character reference, `{\\` (an override block), `{x:` (a MicroDVD control code), `\\N`,
    /// `\\n` and `\\h` (SSA escapes). Lines that would read as timing lines are escaped whole
    /// (`escapeTimingLines`).
    private func appendEscaped(_ string: String, to out: inout ByteWriter) {
        var s = string
        s.withUTF8 { bytes in
            var runStart = 0
            for k in 0..<bytes.count {
                let b = bytes[k]
                guard b == UInt8(ascii: "<") || b == UInt8(ascii: "&") || b == UInt8(ascii: "{") || b == UInt8(ascii: "\\") else { continue }
                let next: UInt8 = k + 1 < bytes.count ? bytes[k + 1] : 0
                let afterNext: UInt8 = k + 2 < bytes.count ? bytes[k + 2] : 0
                let replacement: StaticString
                if b == UInt8(ascii: "<") && ((next | 0x20) >= 0x61 && (next | 0x20) <= 0x7A || next == UInt8(ascii: "/")) {
                    replacement = "&lt;"
                } else if b == UInt8(ascii: "&") && looksLikeReference(bytes, k) {
                    replacement = "&amp;"
                } else if b == UInt8(ascii: "{") && (next == UInt8(ascii: "\\") || (next | 0x20) >= 0x61 && (next | 0x20) <= 0x7A && afterNext == UInt8(ascii: ":")) {
                    // An override block `{\…}`, or a MicroDVD control code `{y:i}`.
                    replacement = "&#123;"
                } else if b == UInt8(ascii: "\\") && (next == UInt8(ascii: "N") || next == UInt8(ascii: "n") || next == UInt8(ascii: "h")) {
                    // SSA's `\N`, `\n`, `\h`, which SRT readers (Legible's, ffmpeg's, VLC's) take as a
                    // line break or a no-break space.
                    replacement = "&#92;"
                } else {
                    continue
                }
                out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<k]))
                out.appendStatic(replacement)
                runStart = k + 1
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    /// `&` followed by letters, digits or `#`, then `;`.
    private func looksLikeReference(_ bytes: UnsafeBufferPointer<UInt8>, _ k: Int) -> Bool {
        var i = k + 1
        while i < bytes.count, i - k <= 33 {
            let c = bytes[i]
            if c == UInt8(ascii: ";") { return i > k + 1 }
            let alnum = (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A || (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "#")
            if !alnum { return false }
            i += 1
        }
        return false
    }


    private func appendCoordinates(_ box: Box, to out: inout ByteWriter) {
        let (w, h) = options.coordinateFrame
        func pixels(_ f: Fraction, _ size: Int64) -> Int64 { (f.numerator * size * 2 + f.denominator) / (2 * f.denominator) }
        let x1 = pixels(box.x, w)
        let y1 = pixels(box.y, h)
        let x2 = x1 + pixels(box.width, w)
        let y2 = y1 + pixels(box.height, h)
        out.append("  X1:\(x1) X2:\(x2) Y1:\(y1) Y2:\(y2)")
    }
}

