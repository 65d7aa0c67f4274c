public import TimedText
import TextScanning

/// Writes clean SubRip: UTF-8 without a byte-order mark, cues numbered from 1 in start order,
/// `HH:MM:SS,mmm` timings (times rounded to the millisecond), `<i> <b> <u> <font>` markup, `{\anN}`
/// for positioned cues and `X1: X2: Y1: Y2:` for cue boxes. Markup SRT cannot express (classes,
/// voices, languages) keeps its text; ruby is written as `base(annotation)`.
public struct SubRipWriter: Sendable {
    public struct Options: Sendable {
        /// End lines with CRLF, as many Windows tools expect.
        public var crlf: Bool
        /// The frame that `X1: X2: Y1: Y2:` coordinates are written for (as the reader's option).
        public var coordinateFrame: (width: Int64, height: Int64)
        public init(crlf: Bool = false, coordinateFrame: (width: Int64, height: Int64) = (720, 480)) {
            self.crlf = crlf
            self.coordinateFrame = coordinateFrame
        }
        public static let `default` = Options()
    }

    public var options: Options

    public init(options: Options = .default) { self.options = options }

    /// Writes the first track of the document (SRT holds one track).
    public func write(_ document: Document) -> [UInt8] {
        write(document.tracks.first?.cues ?? [])
    }

    public func write(_ cues: [Cue]) -> [UInt8] {
        // Large tracks are written in pieces on all cores; each piece knows its first number.
        let pieces = parallelPieces(size: cues.count, minimumPieceSize: 20_000)
        let writer = self
        let parts = parallelMap(count: pieces) { k in
            writer.writeCues(cues[(cues.count * k / pieces)..<(cues.count * (k + 1) / pieces)])
        }
        if parts.count == 1 { return parts[0] }
        var out: [UInt8] = []
        out.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { out.append(contentsOf: part) }
        return out
    }

    private func writeCues(_ cues: ArraySlice<Cue>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(estimatedSize(of: cues))
        let newline: [UInt8] = options.crlf ? [0x0D, 0x0A] : [0x0A]
        var text: [UInt8] = []
        for index in cues.indices {
            let cue = cues[index]
            if index > 0 { out.append(contentsOf: newline) }
            out.appendDecimal(index + 1)
            out.append(contentsOf: newline)
            out.appendClock(cue.start, separator: UInt8(ascii: ","))
            out.append(contentsOf: " --> ".utf8)
            // An open end (a live caption) has no SRT form: the cue ends where it starts.
            out.appendClock(cue.end ?? cue.start, separator: UInt8(ascii: ","))
            let layout = cue.layout
            if let box = layout.box { appendCoordinates(box, to: &out) }
            out.append(contentsOf: newline)
            text.removeAll(keepingCapacity: true)
            if !cue.hasDefaultLayout, let numpad = SubRipAlignment.numpad(of: layout), numpad != 2 {
                text.append(contentsOf: "{\\an\(numpad)}".utf8)
            }
            appendNodes(cue.content, to: &text)
            out.appendLinesSkippingEmpty(text, newline: newline)
        }
        return out
    }

    private func appendNodes(_ nodes: [InlineNode], to out: inout [UInt8]) {
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

    private func appendSpan(_ span: Span, to out: inout [UInt8]) {
        var closers: [String] = []
        func open(_ tag: String, _ name: String) {
            out.append(contentsOf: tag.utf8)
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
        if let families = style.fontFamilies { fontAttributes += " face=\"\(families.joined(separator: ","))\"" }
        if case .pixels(let size)? = style.fontSize { fontAttributes += " size=\"\(size.decimalText())\"" }
        if !fontAttributes.isEmpty { open("<font\(fontAttributes)>", "font") }
        appendNodes(span.children, to: &out)
        for name in closers.reversed() { out.append(contentsOf: "</\(name)>".utf8) }
    }

    /// Escapes only what would otherwise read as markup: `<` before a tag name, `&` before a
    /// character reference, `{\\` (an override block).
    private func appendEscaped(_ s: String, to out: inout [UInt8]) {
        out.appendUTF8(s) { b, bytes, k in
            let next: UInt8 = k + 1 < bytes.count ? bytes[k + 1] : 0
            switch b {
            case UInt8(ascii: "<") where (next | 0x20) >= 0x61 && (next | 0x20) <= 0x7A || next == UInt8(ascii: "/"):
                return "&lt;"
            case UInt8(ascii: "&") where looksLikeReference(bytes, k):
                return "&amp;"
            case UInt8(ascii: "{") where next == UInt8(ascii: "\\"):
                return "&#123;"
            default:
                return nil
            }
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


    private func appendCoordinates(_ box: Box, to out: inout [UInt8]) {
        let (w, h) = options.coordinateFrame
        func pixels(_ f: Fraction, _ size: Int64) -> Int64 { (f.numerator * size * 2 + f.denominator) / (2 * f.denominator) }
        let x1 = pixels(box.x, w)
        let y1 = pixels(box.y, h)
        let x2 = x1 + pixels(box.width, w)
        let y2 = y1 + pixels(box.height, h)
        out.append(contentsOf: "  X1:\(x1) X2:\(x2) Y1:\(y1) Y2:\(y2)".utf8)
    }
}

