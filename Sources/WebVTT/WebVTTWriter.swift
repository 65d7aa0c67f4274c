public import TimedText
import TextScanning

/// Writes WebVTT (W3C WebVTT §4): the `WEBVTT` signature, cue identifiers, `hh:mm:ss.ttt` timings
/// (rounded to the millisecond), cue settings for non-default layouts, and cue text with `<i> <b> <u>
/// <c.class> <v> <lang> <ruby><rt>` and inline timestamps; `&`, `<`, `>` escaped.
///
/// `REGION` blocks for the track's regions and one `STYLE` block for its styles (see
/// `WebVTTStylePlan`) precede the cues. Every WebVTT cue ends: a cue without an end is given one
/// by `Options.openEnds`, and each is reported, as is any track after the first.
public struct WebVTTWriter: Sendable {
    /// How to write what WebVTT requires and the model may lack.
    public struct Options: Sendable {
        /// How cues without an end are ended.
        public var openEnds: OpenEndPolicy
        /// Write `STYLE` and `REGION` blocks when the document needs them (true, the default), or
        /// never: a file without them is one more reader can read (ffmpeg 5.1 reads no cue of a
        /// file that has one), at the cost of the styles and region places only they say, which
        /// are then reported.
        public var writesBlocks: Bool
        /// - Parameters:
        ///   - openEnds: how to end cues that have no end (`OpenEndPolicy.default` by default).
        ///   - writesBlocks: false for a file without `STYLE` and `REGION` blocks.
        public init(openEnds: OpenEndPolicy = .default, writesBlocks: Bool = true) {
            self.openEnds = openEnds
            self.writesBlocks = writesBlocks
        }
        /// Open ends closed by `OpenEndPolicy.default`.
        public static let `default` = Options()
    }

    /// How this writer writes.
    public var options: Options

    /// A writer with `options`.
    public init(options: Options = .default) { self.options = options }

    /// Writes the first track of the document (a WebVTT file holds one; the others are reported).
    public func write(_ document: Document) -> ParseResult<[UInt8]> {
        var result = write(document.tracks.first ?? Track())
        result.diagnostics.insert(contentsOf: document.tracksNotWritten(by: "WebVTT"), at: 0)
        return result
    }

    /// Writes `track` (its regions, its styles as one `STYLE` block, its cues) as a WebVTT file in
    /// memory; the diagnostics say what WebVTT could not express and which cues were given an end.
    public func write(_ track: Track) -> ParseResult<[UInt8]> {
        var diagnostics: [Diagnostic] = []
        let bytes = collectBytes { sink in diagnostics = write(track, to: sink) }
        return ParseResult(value: bytes, diagnostics: diagnostics)
    }

    /// Hands the file to `sink` in consecutive pieces, written on all cores for large tracks
    /// (the CLI writes each piece to the file as it comes, with no whole-file copy). Returns
    /// what had to change: the ends given to cues that had none.
    @discardableResult
    public func write(_ track: Track, to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows -> [Diagnostic] {
        var track = track
        var diagnostics: [Diagnostic]
        (track.cues, diagnostics) = options.openEnds.closing(track.cues)
        // What WebVTT draws anyway needs no STYLE rule: the cue defaults, the default colour classes.
        diagnostics += WebVTTWriterBlocks.cueStyles(&track.cues)
        diagnostics += WebVTTWriterBlocks.spanDefaults(&track.cues)
        for i in track.cues.indices { track.cues[i].content = WebVTTDefaultClasses.saying(track.cues[i].content) }
        // TTML's box regions become cue settings: WebVTT regions would put their text elsewhere.
        let placement = WebVTTRegionPlacement.placed(track)
        track = placement.track
        diagnostics = placement.diagnostics + diagnostics
        if !options.writesBlocks {
            let stripped = WebVTTWriterBlocks.stripped(track)
            track = stripped.track
            diagnostics = stripped.diagnostics + diagnostics
        }
        let karaoke = WebVTTKaraokeColors(taking: &track.cues)
        var header = ByteWriter(capacity: 4096)
        header.appendStatic("WEBVTT\n")
        var regionReports: [Diagnostic] = []
        for region in track.regions {
            guard !region.id.isEmpty else {
                regionReports.append(Diagnostic(.warning, .layoutApproximated,
                                                "a region without an identifier cannot be written in WebVTT (no cue can name it); left out"))
                continue
            }
            let written = Self.settingValue(region.id)
            if written != region.id {
                regionReports.append(Diagnostic(.warning, .layoutApproximated,
                                                "region '\(region.id)' written as '\(written)' (a WebVTT identifier has no white space or '--\u{3E}'), in its cues' settings too"))
            }
            header.append(0x0A)
            appendRegion(region, id: written, to: &header)
        }
        let plan = WebVTTStylePlan(track)
        let css = [plan.css, karaoke.css ?? ""].filter { !$0.isEmpty }.joined(separator: "\n")
        if !css.isEmpty {
            header.appendStatic("\nSTYLE\n")
            // `-->` ends a STYLE block (§6.1); in CSS, `>` inside a name or string can be escaped.
            header.append(css.replacingArrows)
            header.append(0x0A)
        }
        let head = header.finish()
        try head.withUnsafeBufferPointer { try sink($0) }
        let writer = self
        try writeInPieces(track.cues, { slice, out in writer.writeCues(slice, plan: plan, into: &out) }, to: sink)
        return regionReports + Self.changes(track.cues) + karaoke.diagnostics + diagnostics + track.cues.emptyCuesReport(format: "WebVTT")
    }

    /// What WebVTT has no form for, once per kind: SRT's cue boxes, and style values CSS cannot say.
    static func changes(_ cues: [Cue]) -> [Diagnostic] {
        var reports: [Diagnostic] = []
        var boxes = 0
        var firstBox: SourceLocation?
        var unsaid = Set<String>()
        var first: SourceLocation?
        var looked = Set<ObjectIdentifier>()  // stored styles shared by many spans: once each
        func look(_ shared: SharedStyle, _ cue: Int) {
            guard let identity = shared.identity, looked.insert(identity).inserted else { return }
            let names = WebVTTStyleSerializer.unsaid(shared.style)
            if !names.isEmpty, first == nil { first = cues[cue].source }
            unsaid.formUnion(names)
        }
        func walk(_ nodes: [InlineNode], _ cue: Int) {
            for node in nodes {
                if case .span(let span) = node {
                    if span.hasStyle { look(span.sharedStyle, cue) }
                    walk(span.children, cue)
                }
            }
        }
        // One pass, each cue read in place (binding a cue copies all of it).
        for i in cues.indices {
            if !cues[i].hasDefaultLayout, cues[i].layout.box != nil {
                if boxes == 0 { firstBox = cues[i].source }
                boxes += 1
            }
            if cues[i].hasStyle { look(cues[i].sharedStyle, i) }
            walk(cues[i].content, i)
        }
        if boxes > 0 {
            reports.append(Diagnostic(.warning, .layoutApproximated,
                                      "WebVTT has no cue boxes: SRT X1/X2/Y1/Y2 coordinates are dropped, the cues keep their line and position (\(boxes) cue\(boxes == 1 ? "" : "s"), the first here)",
                                      at: firstBox))
        }
        if !unsaid.isEmpty {
            reports.append(Diagnostic(.warning, .styleDropped,
                                      "WebVTT's CSS cannot say the values of \(unsaid.sorted().joined(separator: ", ")) here (TTML cell lengths, glyph outlines, TTML-only properties): left out of the STYLE block",
                                      at: first))
        }
        return reports
    }

    /// §4.5 a region definition block. A TTML region (origin and extent) becomes the WebVTT
    /// region with the same width whose top-left corner is at its origin; its height in lines
    /// assumes WebVTT's line height of 5.33% of the frame (§7.2).
    private func appendRegion(_ region: Region, id: String, to out: inout ByteWriter) {
        func percent(_ f: Fraction) -> String { "\(f.percent.decimalText(maximumFractionDigits: 9))%" }
        var settings = ["id:\(id)"]
        let width = region.width ?? region.extent?.x
        if let width, width != .one { settings.append("width:\(percent(width))") }
        var lines = region.lines
        if lines == nil, let height = region.extent?.y {
            lines = max(1, Int((height.doubleValue / 0.0533).rounded(.down)))
        }
        if let lines, lines != 3 { settings.append("lines:\(lines)") }
        let regionAnchor = region.regionAnchor ?? (region.origin != nil ? Point(x: .zero, y: .zero) : nil)
        if let anchor = regionAnchor, anchor != Point(x: .zero, y: .one) {
            settings.append("regionanchor:\(percent(anchor.x)),\(percent(anchor.y))")
        }
        if let anchor = region.viewportAnchor ?? region.origin, anchor != Point(x: .zero, y: .one) {
            settings.append("viewportanchor:\(percent(anchor.x)),\(percent(anchor.y))")
        }
        if region.scrollUp { settings.append("scroll:up") }
        out.appendStatic("REGION\n")
        out.append(settings.joined(separator: " "))
        out.append(0x0A)
    }

    /// A setting value is one whitespace-free token without `-->`: white space becomes `_`, and
    /// `-->` `--_` (a region's identifier and its cues' `region:` settings change alike).
    static func settingValue(_ value: String) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D }
        guard value.utf8.contains(where: isSpace) || value.contains("-->") else { return value }
        var bytes = value.utf8.map { isSpace($0) ? UInt8(ascii: "_") : $0 }
        var k = 2
        while k < bytes.count {
            if bytes[k] == UInt8(ascii: ">") && bytes[k - 1] == UInt8(ascii: "-") && bytes[k - 2] == UInt8(ascii: "-") {
                bytes[k] = UInt8(ascii: "_")
            }
            k += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func writeCues(_ cues: ArraySlice<Cue>, plan: WebVTTStylePlan, into out: inout ByteWriter) {
        var settingsTexts: [ObjectIdentifier: String] = [:]
        for cue in cues {
            out.append(0x0A)
            if let id = cue.id, isValidIdentifier(id) {
                out.append(id)
                out.append(0x0A)
            }
            out.appendClock(cue.start, separator: UInt8(ascii: "."))
            out.appendStatic(" --> ")
            // Open ends were closed by `write`; one left (never, by then) ends where it starts.
            out.appendClock(cue.end ?? cue.start, separator: UInt8(ascii: "."))
            if let identity = cue.sharedLayout.identity {
                // Cues read from one file share their layouts: each is written out once.
                if let text = settingsTexts[identity] {
                    out.append(text)
                } else {
                    let text = settingsText(cue.layout)
                    settingsTexts[identity] = text
                    out.append(text)
                }
            }
            out.append(0x0A)
            let textStart = out.byteCount
            if let cueClass = plan.generatedClass(forCue: cue) {
                out.append("<c.\(cueClass)>")
                appendNodes(cue.content, plan: plan, to: &out)
                out.append("</c>")
            } else {
                appendNodes(cue.content, plan: plan, to: &out)
            }
            out.removeEmptyLines(from: textStart)
            if out.byteCount > textStart { out.append(0x0A) }
        }
    }

    /// §4.1: an identifier must not contain `-->` or a line break (the writer omits it otherwise).
    private func isValidIdentifier(_ id: String) -> Bool {
        var dashes = 0
        for b in id.utf8 {
            if b == 0x0A || b == 0x0D || (b == UInt8(ascii: ">") && dashes >= 2) { return false }
            dashes = b == UInt8(ascii: "-") ? dashes + 1 : 0
        }
        return !id.isEmpty
    }


    /// §4.4 cue settings, written only when they differ from the defaults.
    /// The settings after the timing line, each preceded by a space; empty for the default layout.
    private func settingsText(_ layout: CueLayout) -> String {
        if layout.isDefault { return "" }
        var settings: [String] = []
        switch layout.writingDirection {
        case .horizontal: break
        case .verticalRightToLeft: settings.append("vertical:rl")
        case .verticalLeftToRight: settings.append("vertical:lr")
        }
        let lineAlignment = layout.lineAlignment == .start ? "" : ",\(layout.lineAlignment.rawValue)"
        switch layout.line {
        case .auto: break
        case .number(let n): settings.append("line:\(n)\(lineAlignment)")
        case .fraction(let f): settings.append("line:\(f.percent.decimalText(maximumFractionDigits: 9))%\(lineAlignment)")
        }
        if let position = layout.position {
            let alignment = layout.positionAlignment == .auto ? "" : ",\(layout.positionAlignment.rawValue)"
            settings.append("position:\(position.percent.decimalText(maximumFractionDigits: 9))%\(alignment)")
        }
        if layout.size != .one {
            settings.append("size:\(layout.size.percent.decimalText(maximumFractionDigits: 9))%")
        }
        if layout.textAlignment != .center { settings.append("align:\(layout.textAlignment.rawValue)") }
        if let region = layout.regionID, !region.isEmpty { settings.append("region:\(Self.settingValue(region))") }
        return settings.map { " " + $0 }.joined()
    }

    private func appendNodes(_ nodes: [InlineNode], plan: WebVTTStylePlan, to out: inout ByteWriter) {
        for node in nodes {
            switch node {
            case .text(let s): appendEscaped(s, to: &out)
            case .lineBreak: out.append(0x0A)
            case .timestamp(let t):
                out.append(UInt8(ascii: "<"))
                out.appendClock(t, separator: UInt8(ascii: "."))
                out.append(UInt8(ascii: ">"))
            case .span(let span): appendSpan(span, plan: plan, to: &out)
            case .ruby(let ruby):
                out.append(startTag("ruby\(classSuffix(ruby.classes, plan.generatedClass(forRuby: ruby)))"))
                for segment in ruby.segments {
                    appendNodes(segment.base, plan: plan, to: &out)
                    if let annotation = segment.annotation {
                        out.append(startTag("rt\(classSuffix(segment.annotationClasses, plan.generatedClass(forAnnotationOf: segment)))"))
                        appendNodes(annotation, plan: plan, to: &out)
                        out.append("</rt>")
                    }
                }
                out.append("</ruby>")
            }
        }
    }

    private func appendSpan(_ span: InlineSpan, plan: WebVTTStylePlan, to out: inout ByteWriter) {
        let classes = classSuffix(span.classes, plan.generatedClass(for: span))
        let tag: String?
        var annotation = ""
        switch span.kind {
        case .italic: tag = "i"
        case .bold: tag = "b"
        case .underline: tag = "u"
        case .class: tag = "c"
        case .voice(let name): tag = "v"; annotation = " " + escapedAnnotation(name)
        case .language(let language): tag = "lang"; annotation = " " + escapedAnnotation(language)
        case .styled: tag = classes.isEmpty ? nil : "c"  // `classes` includes a generated class
        }
        // A span with only styles (TTML, SRT `<font>`) also says what tags can say, for players
        // that ignore STYLE blocks; WebVTT's own spans carry their styles in the STYLE rules only.
        var extra: [String] = []
        if span.kind == .styled {
            if span.style.fontStyle == .italic { extra.append("i") }
            if span.style.fontWeight == .bold { extra.append("b") }
            if span.style.textDecoration?.contains(.underline) == true { extra.append("u") }
        }
        for name in extra { out.append("<\(name)>") }
        if let tag { out.append(startTag("\(tag)\(classes)\(annotation)")) }
        appendNodes(span.children, plan: plan, to: &out)
        if let tag { out.append("</\(tag)>") }
        for name in extra.reversed() { out.append("</\(name)>") }
    }

    /// `<…>` around a start tag's content; a space before the `>` when the content ends with `-`,
    /// so that a class or voice name ending in `--` cannot form `-->` (which would end the cue).
    /// The space is where an annotation would start, and an annotation's edges are trimmed.
    private func startTag(_ content: String) -> String {
        content.utf8.last == UInt8(ascii: "-") ? "<\(content) >" : "<\(content)>"
    }

    private func classSuffix(_ classes: [String], _ generated: String? = nil) -> String {
        let all = generated.map { classes + [$0] } ?? classes
        return all.isEmpty ? "" : "." + all.joined(separator: ".")
    }

    private func escapedAnnotation(_ text: String) -> String {
        var escaped = ByteWriter(capacity: text.utf8.count + 16)
        escaped.appendEscapingMarkup(text)
        return String(decoding: escaped.finish(), as: UTF8.self)
    }

    /// §4.2.2: `&`, `<` and `>` as character references (so `-->` cannot appear in cue text).
    private func appendEscaped(_ s: String, to out: inout ByteWriter) {
        out.appendEscapingMarkup(s)
    }
}

private extension String {
    /// `-->` with its `>` as the CSS escape `\3E `.
    var replacingArrows: String {
        guard utf8.count >= 3, contains("-->") else { return self }
        var out = ""
        var rest = Substring(self)
        while let range = rest.range(of: "-->") {
            out += rest[..<range.lowerBound] + "--\\3E "
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
