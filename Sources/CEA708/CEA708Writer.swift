public import TimedText
public import ClosedCaptionData

extension DiagnosticCode {
    /// Warning: a caption is shown some frames after its start: the frames before it could not
    /// carry its window's bytes (708 sends about 34 a frame here).
    public static let cea708LateCaption: Self = "cea708.late-caption"
    /// Warning: more than eight captions at once; 708 has eight windows, the rest are not written.
    public static let cea708TooManyWindows: Self = "cea708.too-many-windows"
    /// Warning: characters 708 cannot send (beyond U+FFFF, which P16 cannot hold) written as `_`.
    public static let cea708CharactersReplaced: Self = "cea708.characters-replaced"
}

/// Writes a document's first track as one CEA-708 service, frame by frame at 30000/1001 fps: each
/// caption a window of its own (up to the eight a service has) that is defined hidden with its
/// text in the frames before its start, shown (DSW) at its start and deleted (DLW) at its end —
/// the pop-on way, so that it appears whole on its frame.
///
/// - Windows: as many rows as the caption's lines and as many columns as its longest (42 at
///   most; longer lines wrap, the window's word wrap on); transparent fill (the text's own
///   background is the pen's solid black); rows justified as the cue aligns them; placed by
///   relative anchors from the cue's layout (its region's corner, its line and position, or
///   the bottom centre).
/// - Pens: italics, underline and colour (to the nearest of 708's 64, opacity solid, translucent
///   or transparent) from the cue's spans; anything else is written in the default pen.
/// - Bandwidth: one packet a frame carrying at most 34 bytes of service blocks (17 of the 20
///   triplets a 29.97 fps frame has, two going to 608); a caption whose bytes do not fit in the
///   frames before its start is shown late, and said.
public struct CEA708Writer: Sendable {
    /// The service written, 1–63.
    public var service: Int

    /// A writer of service `service` (1 unless told).
    public init(service: Int = 1) {
        self.service = min(max(service, 1), 63)
    }

    /// The bytes of service blocks a frame's packet may carry.
    static let frameCapacity = 34

    /// The `cc_data` triplets of each frame that carries 708 data (frame n at n × 1001/30000 s),
    /// as DTVCC packets with running sequence numbers, and what had to change.
    public func framePictures(_ document: Document) -> ParseResult<[(frame: Int64, triplets: [CCDataTriplet])]> {
        let blocks = frameBlocks(document)
        var sequence = 0
        var pictures: [(frame: Int64, triplets: [CCDataTriplet])] = []
        for frame in blocks.value.keys.sorted() {
            let packet = CEA708Encoder.packets(blocks.value[frame]!, sequence: sequence)
            sequence = (sequence + packet.count) % 4
            pictures.append((frame, packet.flatMap { CEA708Encoder.triplets(packet: $0) }))
        }
        return ParseResult(value: pictures, diagnostics: blocks.diagnostics)
    }

    /// The service blocks sent on each frame.
    func frameBlocks(_ document: Document) -> ParseResult<[Int64: [[UInt8]]]> {
        var log = DiagnosticLog()
        var frames: [Int64: [[UInt8]]] = [:]
        var used: [Int64: Int] = [:]
        var windowFreeFrom = [Int64](repeating: 0, count: 8)  // the frame after each window's DLW
        var late = 0, tooMany = 0, replaced = 0
        var firstLate: SourceLocation?
        let track = document.tracks.first
        let cues = (track?.cues ?? []).enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)

        func fits(_ block: [UInt8], _ frame: Int64) -> Bool { used[frame, default: 0] + block.count <= Self.frameCapacity }
        func place(_ block: [UInt8], _ frame: Int64) {
            frames[frame, default: []].append(block)
            used[frame, default: 0] += block.count
        }
        /// The first frame at or after `frame` with room for `block`.
        func firstFree(_ block: [UInt8], from frame: Int64) -> Int64 {
            var f = frame
            while !fits(block, f) { f += 1 }
            return f
        }

        for cue in cues {
            let (commands, characters) = Self.commands(for: cue, regions: track?.regions ?? [])
            replaced += characters
            guard !commands.text.isEmpty else { continue }
            let start = Self.frame(of: cue.start)
            guard let id = windowFreeFrom.indices.first(where: { windowFreeFrom[$0] <= start }) else {
                tooMany += 1
                continue
            }
            let setup = CEA708Encoder.serviceBlocks(service: service,
                                                    bytes: CEA708Encoder.bytes(of: [commands.define(id)] + commands.attributes + commands.text))
            let show = CEA708Encoder.serviceBlocks(service: service, bytes: CEA708Encoder.bytes(of: [.displayWindows(1 << UInt8(id))]))[0]
            // The setup goes in the latest free frames before the start (never before the window
            // was deleted); what does not fit pushes the start later.
            var slots: [Int64] = []
            var f = start - 1
            for block in setup.reversed() {
                while f >= windowFreeFrom[id] && !fits(block, f) { f -= 1 }
                if f < windowFreeFrom[id] { break }
                slots.insert(f, at: 0)
                f -= 1
            }
            var shown = start
            if slots.count == setup.count {
                for (block, frame) in zip(setup, slots) { place(block, frame) }
            } else {
                var next = max(windowFreeFrom[id], start - Int64(setup.count))
                for block in setup {
                    next = firstFree(block, from: next)
                    place(block, next)
                    next += 1
                }
                shown = max(start, next)
            }
            shown = firstFree(show, from: shown)
            place(show, shown)
            if shown > start {
                late += 1
                if firstLate == nil { firstLate = cue.source }
            }
            if let end = cue.end {
                let delete = CEA708Encoder.serviceBlocks(service: service, bytes: CEA708Encoder.bytes(of: [.deleteWindows(1 << UInt8(id))]))[0]
                let at = firstFree(delete, from: max(Self.frame(of: end), shown + 1))
                place(delete, at)
                windowFreeFrom[id] = at + 1
            } else {
                windowFreeFrom[id] = .max
            }
        }
        if late > 0 {
            log.report(.warning, .cea708LateCaption,
                       "\(late) caption\(late == 1 ? " is" : "s are") shown after \(late == 1 ? "its" : "their") start: the frames before could not carry \(late == 1 ? "its" : "their") window's bytes (the first here)",
                       at: firstLate)
        }
        if tooMany > 0 {
            log.report(.warning, .cea708TooManyWindows,
                       "\(tooMany) caption\(tooMany == 1 ? "" : "s") not written: eight were already on screen, and a 708 service has eight windows", at: nil)
        }
        if replaced > 0 {
            log.report(.warning, .cea708CharactersReplaced,
                       "\(replaced) character\(replaced == 1 ? "" : "s") beyond U+FFFF written as _: 708's P16 holds 16 bits", at: nil)
        }
        return ParseResult(value: frames, diagnostics: document.tracksNotWritten(by: "CEA-708 (one service)") + log.finished()
                           + Self.changes(cues))
    }

    /// What the writer leaves out, said once per kind.
    static func changes(_ cues: [Cue]) -> [Diagnostic] {
        let survey = ContentSurvey(cues)
        // Colours, italics and underline are pens; a whole cue's style is not carried.
        let carried: Set<String> = ["color", "background-color", "font-style", "text-decoration"]
        var out = [
            survey.report(.ruby, .markupDropped, "the 708 writer writes no ruby: annotations are left out, the base text kept"),
            survey.report(.voices, .markupDropped, "708 has no speaker names: <v> is dropped, its text kept"),
            survey.report(.classes, .markupDropped, "708 has no classes: <c> classes are dropped, their text kept"),
            survey.report(.languages, .markupDropped, "708 has no language spans: they are dropped, their text kept"),
            survey.report(.timestamps, .timestampsDropped, "the 708 writer writes pop-on windows: karaoke and paint-on timing is dropped, all text shows from the cue's start"),
            survey.report(.boxes, .layoutApproximated, "708 places windows by anchors: cue box coordinates are dropped"),
            survey.reportSpanStyles(notIn: carried, format: "CEA-708"),
            survey.report(.cueStyles, .styleDropped, "the 708 writer writes cues in the default pen: the style of whole cues is dropped"),
        ].compactMap { $0 }
        func bold(_ nodes: [InlineNode]) -> Bool {
            nodes.contains { node in
                guard case .span(let span) = node else { return false }
                return span.kind == .bold || span.style.fontWeight == .bold || bold(span.children)
            }
        }
        let bolds = cues.filter { bold($0.content) }
        if let first = bolds.first {
            out.append(Diagnostic(.warning, .styleDropped,
                                  "708 pens have no bold: bold text is written in the regular weight (\(bolds.count) cue\(bolds.count == 1 ? "" : "s"), the first here)",
                                  at: first.source))
        }
        return out
    }

    /// The frame (at 30000/1001 fps) a time falls on, rounded to the nearest.
    static func frame(of time: MediaTime) -> Int64 {
        (time.rounded(toTimescale: 30000) + 500) / 1001
    }

    /// A cue's window: its definition (given the id), attributes and text commands.
    struct WindowCommands {
        var define: (Int) -> CEA708Command
        var attributes: [CEA708Command]
        var text: [CEA708Command]
    }

    /// The commands that draw `cue`, and how many characters had to be replaced.
    static func commands(for cue: Cue, regions: [Region]) -> (WindowCommands, Int) {
        var text: [CEA708Command] = []
        var lines: [Int] = [0]
        var replaced = 0
        var pen = CEA708Pen()
        func setPen(_ wanted: CEA708Pen) {
            if wanted.attributes != pen.attributes { text.append(.setPenAttributes(wanted.attributes)) }
            if wanted.color != pen.color { text.append(.setPenColor(wanted.color)) }
            pen = wanted
        }
        func walk(_ nodes: [InlineNode], _ style: CEA708Pen) {
            for node in nodes {
                switch node {
                case .text(let s):
                    setPen(style)
                    for c in s {
                        if c == "\n" { text.append(.carriageReturn); lines.append(0); continue }
                        if c.unicodeScalars.count == 1, c.unicodeScalars.first!.value > 0xFFFF { replaced += 1; text.append(.character("_")) } else { text.append(.character(c)) }
                        lines[lines.count - 1] += 1
                    }
                case .lineBreak:
                    text.append(.carriageReturn)
                    lines.append(0)
                case .timestamp: break
                case .span(let span):
                    walk(span.children, Self.pen(style, span))
                case .ruby(let ruby):
                    for segment in ruby.segments { walk(segment.base, style) }
                }
            }
        }
        walk(cue.content, CEA708Pen())
        let longest = lines.max() ?? 0
        let columns = min(max(longest, 1), CEA708Window.maximumColumns)
        let rows = min(lines.reduce(0) { $0 + max(1, ($1 + CEA708Window.maximumColumns - 1) / CEA708Window.maximumColumns) }, CEA708Window.maximumRows)
        let justification: CEA708WindowAttributes.Justification = switch cue.layout.textAlignment {
        case .left, .start: .left
        case .right, .end: .right
        case .center: .center
        }
        let (point, vertical, horizontal) = anchor(for: cue, regions: regions)
        var attributes: [CEA708Command] = []
        if justification != .left || longest > CEA708Window.maximumColumns {
            attributes.append(.setWindowAttributes(CEA708WindowAttributes(justification: justification, wordWrap: longest > CEA708Window.maximumColumns,
                                                                         fill: .transparent)))
        }
        let define: (Int) -> CEA708Command = { id in
            .defineWindow(CEA708WindowDefinition(id: id, visible: false, priority: 0, relativePositioning: true,
                                                 anchorVertical: vertical, anchorHorizontal: horizontal, anchorPoint: point,
                                                 rowCount: max(rows, 1), columnCount: columns, windowStyle: 2, penStyle: 1))
        }
        return (WindowCommands(define: define, attributes: attributes, text: text), replaced)
    }

    /// A span's pen: italics, underline and colour on top of the pen around it.
    static func pen(_ outer: CEA708Pen, _ span: InlineSpan) -> CEA708Pen {
        var pen = outer
        switch span.kind {
        case .italic: pen.attributes.italics = true
        case .underline: pen.attributes.underline = true
        default: break
        }
        do {
            let style = span.style
            if style.fontStyle == .italic || style.fontStyle == .oblique { pen.attributes.italics = true }
            if style.textDecoration?.contains(.underline) == true { pen.attributes.underline = true }
            if let c = style.color { pen.color.foreground = nearest(c) }
            if let c = style.backgroundColor { pen.color.background = nearest(c) }
        }
        return pen
    }

    /// The nearest of 708's 64 colours, with the opacity nearest the alpha.
    static func nearest(_ c: Color) -> CEA708Color {
        func level(_ v: UInt8) -> Int { (Int(v) + 42) / 85 }
        let opacity: CEA708Color.Opacity = c.alpha >= 192 ? .solid : c.alpha >= 64 ? .translucent : .transparent
        return CEA708Color(red: level(c.red), green: level(c.green), blue: level(c.blue), opacity: opacity)
    }

    /// The window's anchor point and relative anchor (percentages of the safe-title area).
    static func anchor(for cue: Cue, regions: [Region]) -> (point: Int, vertical: Int, horizontal: Int) {
        func percent(_ f: Double) -> Int { min(99, max(0, Int(((f - 0.1) / 0.8 * 100).rounded()))) }
        let layout = cue.layout
        if let id = layout.regionID, let region = regions.first(where: { $0.id == id }), let origin = region.origin {
            return (0, percent(origin.y.doubleValue), percent(origin.x.doubleValue))
        }
        let column = switch layout.computedPositionAlignment() {
        case .lineLeft: 0
        case .lineRight: 2
        case .center, .auto: 1
        }
        let horizontal = percent(layout.computedPosition().doubleValue)
        switch layout.line {
        case .auto:
            return (6 + column, 99, horizontal)
        case .fraction(let f):
            let row = switch layout.lineAlignment {
            case .start: 0
            case .center: 1
            case .end: 2
            }
            return (row * 3 + column, percent(f.doubleValue), horizontal)
        case .number(let n):
            // Lines of the 15-row grid: from the top, or (negative) from the bottom.
            if n >= 0 { return (column, min(99, n * 100 / 15), horizontal) }
            return (6 + column, max(0, min(99, (15 + n + 1) * 100 / 15)), horizontal)
        }
    }
}
