import TimedText
import TextScanning

/// Writes one `Dialogue:` line from a cue.
struct ASSEventWriter {
    let playResX: Int
    let playResY: Int
    let regions: [Region]

    /// What had to change, counted once per kind.
    struct Report {
        var roundedTimes = 0
        var firstRounded: SourceLocation?
        var approximatedLayouts = 0
        var firstApproximated: SourceLocation?
        var braces = 0
        var firstBrace: SourceLocation?
        var escapes = 0
        var firstEscape: SourceLocation?

        func diagnostics(_ survey: ContentSurvey) -> [Diagnostic] {
            var out: [Diagnostic] = []
            if roundedTimes > 0 {
                out.append(Diagnostic(.info, .timeRoundedToCentiseconds, "ASS times are centiseconds: \(roundedTimes) time\(roundedTimes == 1 ? "" : "s") rounded (the first here)", at: firstRounded))
            }
            if approximatedLayouts > 0 {
                out.append(Diagnostic(.warning, .layoutApproximated, "ASS places an event by a point and an anchor: line numbers, box sizes and vertical text are written as the nearest \\an and \\pos (\(approximatedLayouts) cue\(approximatedLayouts == 1 ? "" : "s"), the first here)", at: firstApproximated))
            }
            if braces > 0 {
                out.append(Diagnostic(.warning, .bracesSubstituted, "ASS reads braces as override blocks: '{' and '}' in text are written as full-width braces (\(braces) cue\(braces == 1 ? "" : "s"), the first here)", at: firstBrace))
            }
            if escapes > 0 {
                out.append(Diagnostic(.warning, .escapesBroken, "ASS reads \\N, \\n and \\h in text as line breaks and hard spaces: a word joiner (U+2060) is written after such a backslash so that it shows as typed (\(escapes) cue\(escapes == 1 ? "" : "s"), the first here)", at: firstEscape))
            }
            out += [
                survey.report(.ruby, .rubyAsText, "ASS has no ruby: ruby is written as base(annotation)"),
                survey.report(.classes, .markupDropped, "ASS has no classes: <c> classes are dropped, their text kept"),
                survey.report(.languages, .markupDropped, "ASS has no language spans: <lang> is dropped, its text kept"),
                survey.report(.regions, .layoutApproximated, "ASS has no regions: cues in regions are placed at the region's anchor point"),
                survey.reportSpanStyles(notIn: ["color", "font-family", "font-size", "font-style", "font-weight", "text-decoration", "opacity", "future-color"], format: "ASS"),
            ].compactMap { $0 }
            return out
        }
    }

    /// One `Dialogue:` line, its fields in the order of `columns`: the Format line the script's
    /// events are read by (a script may order them as it likes; a changed event written in the
    /// standard order under another would be read wrongly, or not at all).
    func appendDialogue(_ cue: Cue, layer: Int, style: String, margins: (Int, Int, Int), effect: String, keepingText: String?,
                        columns: [ASSFormatLine.EventColumn] = ASSFormatLine.assEvents,
                        to out: inout ByteWriter, report: inout Report, name keptName: String? = nil) {
        var content = cue.content
        var name = keptName ?? ""
        if keepingText == nil, content.count == 1, case .span(let span) = content[0], case .voice(let voice) = span.kind, span.classes.isEmpty, !span.hasStyle {
            name = voice
            content = span.children
        }
        out.append("Dialogue: ")
        for (k, column) in columns.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            switch column {
            case .layer: out.append("\(layer)")
            case .marked: out.append("Marked=0")
            case .start: appendTime(cue.start, cue: cue, to: &out, report: &report)
            case .end: appendTime(cue.end ?? cue.start, cue: cue, to: &out, report: &report)
            case .style: out.append(style)
            case .name: out.append(name.asEventField)
            case .marginLeft: out.append("\(margins.0)")
            case .marginRight: out.append("\(margins.1)")
            case .marginVertical: out.append("\(margins.2)")
            case .effect: out.append(effect.asEventField)
            case .text: appendText(cue, content: content, keepingText: keepingText, to: &out, report: &report)
            case .unknown: break  // a column Legible does not read: left empty
            }
        }
        out.append(0x0A)
    }

    /// The `Text` field: kept as the script wrote it, or written from the cue.
    /// What text had to change to stay text in ASS.
    struct TextChanges {
        var braces = false
        var escapes = false
    }

    private func appendText(_ cue: Cue, content: [InlineNode], keepingText: String?, to out: inout ByteWriter, report: inout Report) {
        if let keepingText {
            out.append(keepingText)
        } else {
            var text = TextState(start: cue.start, end: cue.end ?? cue.start)
            text.collectTimestamps(content)
            appendLayout(cue, to: &out, report: &report)
            appendCueStyle(cue.style, vertical: cue.layout.writingDirection != .horizontal, to: &out)
            text.appendLeadingKaraoke(to: &out)
            var changes = TextChanges()
            appendNodes(content, text: &text, to: &out, changes: &changes)
            if changes.braces {
                report.braces += 1
                if report.firstBrace == nil { report.firstBrace = cue.source }
            }
            if changes.escapes {
                report.escapes += 1
                if report.firstEscape == nil { report.firstEscape = cue.source }
            }
        }
    }

    private func appendTime(_ time: MediaTime, cue: Cue, to out: inout ByteWriter, report: inout Report) {
        let cs = max(0, time.rounded(toTimescale: 100))
        if MediaTime(value: cs, timescale: 100) != time && time >= .zero {
            report.roundedTimes += 1
            if report.firstRounded == nil { report.firstRounded = cue.source }
        }
        let hours = cs / 360_000
        let minutes = cs / 6000 % 60
        let seconds = cs / 100 % 60
        let fraction = cs % 100
        out.appendDecimal(Int(hours))
        out.append(UInt8(ascii: ":"))
        out.appendPadded(UInt64(minutes), width: 2)
        out.append(UInt8(ascii: ":"))
        out.appendPadded(UInt64(seconds), width: 2)
        out.append(UInt8(ascii: "."))
        out.appendPadded(UInt64(fraction), width: 2)
    }

    /// `\an` and `\pos` for a cue's placement: one of the nine `\an` positions when the layout is
    /// exactly one (as SRT writes them), else the anchor point in canvas pixels.
    private func appendLayout(_ cue: Cue, to out: inout ByteWriter, report: inout Report) {
        guard !cue.hasDefaultLayout else { return }
        var layout = cue.layout
        layout.box = nil
        if let id = layout.regionID, let region = regions.first(where: { $0.id == id }), let origin = region.origin, let extent = region.extent {
            let column = column(of: layout)
            let x = origin.x.adding(Fraction(extent.x.numerator * Int64(column - 1), extent.x.denominator * 2))
            let row: Int
            let y: Fraction
            switch region.displayAlignment {
            case .before: row = 3; y = origin.y
            case .center: row = 2; y = origin.y.adding(Fraction(extent.y.numerator, extent.y.denominator * 2))
            case .after: row = 1; y = origin.y.adding(extent.y)
            }
            appendPosition(numpad: (row - 1) * 3 + column, x: x, y: y, to: &out)
            return
        }
        layout.regionID = nil
        // Vertical text is said by the font (`\fn@…`); the placement is the same as horizontal.
        layout.writingDirection = .horizontal
        if layout.isDefault { return }
        if let n = layout.numpad, n != 2 {
            out.append("{\\an\(n)}")
            return
        }
        let column = column(of: layout)
        let x = layout.position ?? (column == 1 ? .zero : column == 3 ? .one : Fraction(1, 2))
        var row: Int
        var y: Fraction
        var approximated = layout.size != .one
        switch layout.line {
        case .auto:
            row = 1
            y = .one
        case .fraction(let f):
            y = f
            row = layout.lineAlignment == .start ? 3 : layout.lineAlignment == .center ? 2 : 1
        case .number(let n):
            approximated = true
            // A line is about 5.3% of the frame at the usual caption size.
            let step = Fraction(16, 300)
            if n >= 0 {
                row = 3
                y = Fraction(step.numerator * Int64(n), step.denominator)
            } else {
                row = 1
                y = Fraction.one.adding(Fraction(step.numerator * Int64(n + 1), step.denominator))
            }
        }
        if y < .zero { y = .zero }
        if y > .one { y = .one }
        if approximated {
            report.approximatedLayouts += 1
            if report.firstApproximated == nil { report.firstApproximated = cue.source }
        }
        appendPosition(numpad: (row - 1) * 3 + column, x: x, y: y, to: &out)
    }

    private func column(of layout: CueLayout) -> Int {
        switch layout.computedPositionAlignment() {
        case .lineLeft: 1
        case .lineRight: 3
        default: 2
        }
    }

    private func appendPosition(numpad: Int, x: Fraction, y: Fraction, to out: inout ByteWriter) {
        func pixels(_ f: Fraction, _ size: Int) -> String {
            Fraction(f.numerator * Int64(size), f.denominator).decimalText(maximumFractionDigits: 2)
        }
        out.append("{\\an\(numpad)\\pos(\(pixels(x, playResX)),\(pixels(y, playResY)))}")
    }

    /// The cue's own style as tags at the start of its text; vertical text as libass has it, an
    /// `@` font.
    private func appendCueStyle(_ style: StyleProperties, vertical: Bool, to out: inout ByteWriter) {
        var style = style
        var tags = ""
        if vertical {
            tags = "\\fn@" + (style.fontFamilies?.first.map(Self.tagFontName) ?? "Arial")
            style.fontFamilies = nil
        }
        tags += styleTags(style, closing: false)
        if !tags.isEmpty { out.append("{\(tags)}") }
    }

    /// A family as a `\\fn` tag's value: its CSS generic for a TTML generic, without the braces,
    /// backslashes and line breaks that would end the tag or the override block early (no real
    /// family name has them).
    static func tagFontName(_ family: String) -> String {
        String(GenericFontFamilies.resolved(family).filter { $0 != "{" && $0 != "}" && $0 != "\\" && !$0.isNewline })
    }

    /// Override tags that set (or, `closing`, reset to the style) the properties ASS can say.
    private func styleTags(_ style: StyleProperties, closing: Bool) -> String {
        var tags = ""
        if let color = style.color {
            tags += closing ? "\\c" : "\\c&H\(hex(color.blue))\(hex(color.green))\(hex(color.red))&"
            var alpha = Int(color.alpha)
            if let opacity = style.opacity { alpha = Int((opacity.numerator * Int64(alpha)) / max(1, opacity.denominator)) }
            if alpha != 255 { tags += closing ? "\\1a&H00&" : "\\1a&H\(hex(UInt8(255 - max(0, min(255, alpha)))))&" }
        }
        if let future = style.futureColor {
            // Karaoke's colour before each syllable (the style's SecondaryColour otherwise).
            tags += closing ? "\\2c" : "\\2c&H\(hex(future.blue))\(hex(future.green))\(hex(future.red))&"
        }
        if let families = style.fontFamilies, let first = families.first, !first.isEmpty {
            tags += closing ? "\\fn" : "\\fn\(Self.tagFontName(first))"
        }
        if let size = style.fontSize {
            switch size {
            case .pixels(let f): tags += closing ? "\\fs" : "\\fs\(f.decimalText(maximumFractionDigits: 2))"
            case .viewportHeight(let f): tags += closing ? "\\fs" : "\\fs\(Fraction(f.numerator * Int64(playResY), f.denominator).decimalText(maximumFractionDigits: 2))"
            default: break
            }
        }
        if let style = style.fontStyle { tags += style == .normal ? (closing ? "" : "\\i0") : (closing ? "\\i0" : "\\i1") }
        if let weight = style.fontWeight { tags += weight == .normal ? (closing ? "" : "\\b0") : (closing ? "\\b0" : "\\b1") }
        if let decoration = style.textDecoration {
            tags += decoration.contains(.underline) ? (closing ? "\\u0" : "\\u1") : (closing ? "" : "\\u0")
            tags += decoration.contains(.lineThrough) ? (closing ? "\\s0" : "\\s1") : (closing ? "" : "\\s0")
        }
        return tags
    }

    private func hex(_ v: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(v >> 4)], digits[Int(v & 15)]])
    }

    /// Karaoke: the cue's timestamps, turned into `\k` durations as the text is written.
    struct TextState {
        var start: MediaTime
        var end: MediaTime
        var timestamps: [MediaTime] = []
        var next = 0

        mutating func collectTimestamps(_ nodes: [InlineNode]) {
            for node in nodes {
                switch node {
                case .timestamp(let t): timestamps.append(t)
                case .span(let span): collectTimestamps(span.children)
                case .ruby(let ruby): for s in ruby.segments { collectTimestamps(s.base) }
                default: break
                }
            }
        }

        func centiseconds(_ from: MediaTime, _ to: MediaTime) -> Int64 { max(0, (to - from).rounded(toTimescale: 100)) }

        func appendLeadingKaraoke(to out: inout ByteWriter) {
            guard let first = timestamps.first else { return }
            out.append("{\\k\(centiseconds(start, first))}")
        }

        mutating func appendKaraoke(to out: inout ByteWriter) {
            guard next < timestamps.count else { return }
            let from = timestamps[next]
            let to = next + 1 < timestamps.count ? timestamps[next + 1] : end
            out.append("{\\k\(centiseconds(from, to))}")
            next += 1
        }
    }

    private func appendNodes(_ nodes: [InlineNode], text: inout TextState, to out: inout ByteWriter, changes: inout TextChanges) {
        for node in nodes {
            switch node {
            case .text(let s): appendText(s, to: &out, changes: &changes)
            case .lineBreak: out.append("\\N")
            case .timestamp: text.appendKaraoke(to: &out)
            case .span(let span):
                var open = ""
                var close = ""
                switch span.kind {
                case .italic: open += "\\i1"; close = "\\i0" + close
                case .bold: open += "\\b1"; close = "\\b0" + close
                case .underline: open += "\\u1"; close = "\\u0" + close
                default: break
                }
                if span.hasStyle {
                    open += styleTags(span.style, closing: false)
                    close = styleTags(span.style, closing: true) + close
                }
                if !open.isEmpty { out.append("{\(open)}") }
                appendNodes(span.children, text: &text, to: &out, changes: &changes)
                if !close.isEmpty { out.append("{\(close)}") }
            case .ruby(let ruby):
                for segment in ruby.segments {
                    appendNodes(segment.base, text: &text, to: &out, changes: &changes)
                    if let annotation = segment.annotation {
                        out.append("(")
                        appendNodes(annotation, text: &text, to: &out, changes: &changes)
                        out.append(")")
                    }
                }
            }
        }
    }

    private func appendText(_ s: String, to out: inout ByteWriter, changes: inout TextChanges) {
        var start = s.utf8.startIndex
        let utf8 = s.utf8
        var i = start
        while i < utf8.endIndex {
            let b = utf8[i]
            let replacement: String?
            switch b {
            case UInt8(ascii: "{"): replacement = "｛"; changes.braces = true
            case UInt8(ascii: "}"): replacement = "｝"; changes.braces = true
            case 0x0A: replacement = "\\N"
            case UInt8(ascii: "\\"):
                let next = utf8.index(after: i)
                if next < utf8.endIndex, [UInt8(ascii: "N"), UInt8(ascii: "n"), UInt8(ascii: "h")].contains(utf8[next]) {
                    replacement = "\\\u{2060}"; changes.escapes = true
                } else {
                    replacement = nil
                }
            default: replacement = nil
            }
            if let replacement {
                out.append(String(s[start..<i]))
                out.append(replacement)
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        out.append(String(s[start...]))
    }
}

extension String {
    /// The name or effect as one field of an event line: a comma would end the field (it becomes
    /// a semicolon) and a line break the event (it becomes a space).
    var asEventField: String {
        guard contains(where: { $0 == "," || $0.isNewline }) else { return self }
        return String(map { $0 == "," ? ";" : $0.isNewline ? " " : $0 })
    }
}

extension Fraction {
    /// The exact sum (the writer's few additions of positions).
    func adding(_ other: Fraction) -> Fraction {
        Fraction(numerator * other.denominator + other.numerator * denominator, denominator * other.denominator)
    }
}
