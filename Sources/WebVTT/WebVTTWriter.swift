public import TimedText
import TextScanning

/// Writes WebVTT (W3C WebVTT §4): the `WEBVTT` signature, cue identifiers, `hh:mm:ss.ttt` timings
/// (rounded to the millisecond), cue settings for non-default layouts, and cue text with `<i> <b> <u>
/// <c.class> <v> <lang> <ruby><rt>` and inline timestamps; `&`, `<`, `>` escaped.
///
/// Not yet written (issue #3): `REGION` and `STYLE` blocks; spans that carry only styles
/// (an SRT `<font color>`) keep their text but lose the style.
public struct WebVTTWriter: Sendable {
    public init() {}

    /// Writes the first track of the document.
    public func write(_ document: Document) -> [UInt8] {
        write(document.tracks.first?.cues ?? [])
    }

    public func write(_ cues: [Cue]) -> [UInt8] {
        collectBytes { sink in write(cues, to: sink) }
    }

    /// Hands the file to `sink` in consecutive pieces, written on all cores for large tracks
    /// (the CLI writes each piece to the file as it comes, with no whole-file copy).
    public func write(_ cues: [Cue], to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        let header: StaticString = "WEBVTT\n"
        try sink(UnsafeBufferPointer(start: header.utf8Start, count: header.utf8CodeUnitCount))
        let writer = self
        try writeInPieces(cues, { slice, out in writer.writeCues(slice, into: &out) }, to: sink)
    }

    private func writeCues(_ cues: ArraySlice<Cue>, into out: inout ByteWriter) {
        for cue in cues {
            out.append(0x0A)
            if let id = cue.id, isValidIdentifier(id) {
                out.append(id)
                out.append(0x0A)
            }
            out.appendClock(cue.start, separator: UInt8(ascii: "."))
            out.appendStatic(" --> ")
            // An open end (a live caption) has no WebVTT form: written as a zero-length cue.
            out.appendClock(cue.end ?? cue.start, separator: UInt8(ascii: "."))
            if !cue.hasDefaultLayout { appendSettings(cue.layout, to: &out) }
            out.append(0x0A)
            let textStart = out.byteCount
            appendNodes(cue.content, to: &out)
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
    private func appendSettings(_ layout: CueLayout, to out: inout ByteWriter) {
        if layout.isDefault { return }
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
        case .fraction(let f): settings.append("line:\(f.percent.decimalText(maximumFractionDigits: 3))%\(lineAlignment)")
        }
        if let position = layout.position {
            let alignment = layout.positionAlignment == .auto ? "" : ",\(layout.positionAlignment.rawValue)"
            settings.append("position:\(position.percent.decimalText(maximumFractionDigits: 3))%\(alignment)")
        }
        if layout.size != .one {
            settings.append("size:\(layout.size.percent.decimalText(maximumFractionDigits: 3))%")
        }
        if layout.textAlignment != .center { settings.append("align:\(layout.textAlignment.rawValue)") }
        if let region = layout.regionID { settings.append("region:\(region)") }
        for setting in settings {
            out.append(0x20)
            out.append(setting)
        }
    }

    private func appendNodes(_ nodes: [InlineNode], to out: inout ByteWriter) {
        for node in nodes {
            switch node {
            case .text(let s): appendEscaped(s, to: &out)
            case .lineBreak: out.append(0x0A)
            case .timestamp(let t):
                out.append(UInt8(ascii: "<"))
                out.appendClock(t, separator: UInt8(ascii: "."))
                out.append(UInt8(ascii: ">"))
            case .span(let span): appendSpan(span, to: &out)
            case .ruby(let ruby):
                out.append("<ruby\(classSuffix(ruby.classes))>")
                for segment in ruby.segments {
                    appendNodes(segment.base, to: &out)
                    if let annotation = segment.annotation {
                        out.append("<rt\(classSuffix(segment.annotationClasses))>")
                        appendNodes(annotation, to: &out)
                        out.append("</rt>")
                    }
                }
                out.append("</ruby>")
            }
        }
    }

    private func appendSpan(_ span: Span, to out: inout ByteWriter) {
        let classes = classSuffix(span.classes)
        let tag: String?
        var annotation = ""
        switch span.kind {
        case .italic: tag = "i"
        case .bold: tag = "b"
        case .underline: tag = "u"
        case .class: tag = "c"
        case .voice(let name): tag = "v"; annotation = " " + escapedAnnotation(name)
        case .language(let language): tag = "lang"; annotation = " " + escapedAnnotation(language)
        case .styled: tag = classes.isEmpty ? nil : "c"
        }
        // Styles that WebVTT tags can say directly.
        var extra: [String] = []
        if span.style.fontStyle == .italic && span.kind != .italic { extra.append("i") }
        if span.style.fontWeight == .bold && span.kind != .bold { extra.append("b") }
        if span.style.textDecoration?.contains(.underline) == true && span.kind != .underline { extra.append("u") }
        for name in extra { out.append("<\(name)>") }
        if let tag { out.append("<\(tag)\(classes)\(annotation)>") }
        appendNodes(span.children, to: &out)
        if let tag { out.append("</\(tag)>") }
        for name in extra.reversed() { out.append("</\(name)>") }
    }

    private func classSuffix(_ classes: [String]) -> String {
        classes.isEmpty ? "" : "." + classes.joined(separator: ".")
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
