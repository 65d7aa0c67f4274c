public import TimedText
public import TextScanning
#if canImport(Glibc)
import Glibc
#endif

extension DiagnosticCode {
    /// Warning: a cue starts with its timing line, with no index line above it.
    public static let missingIndex: Self = "srt.missing-index"
    /// Warning: the line above a timing line is not a number; it is kept as the cue's id.
    public static let nonNumericIndex: Self = "srt.non-numeric-index"
    /// Warning: a cue starts right below the previous cue's text, without a blank line between.
    public static let missingBlankLine: Self = "srt.missing-blank-line"
    /// Warning: text after a blank line that starts no cue; appended to the cue before it (or dropped
    /// with a cue that was skipped).
    public static let textAfterBlankLine: Self = "srt.text-after-blank-line"
    /// Warning: text before the first cue; ignored.
    public static let strayText: Self = "srt.stray-text"
    /// Error: a timing line (one with `-->`) whose times cannot be read; the cue is skipped with its text.
    public static let badTimestamp: Self = "srt.bad-timestamp"
    /// Warning: text after the end time that is not `X1: X2: Y1: Y2:` coordinates; ignored.
    public static let timingTrailingText: Self = "srt.timing-trailing-text"
    /// Info: `X1: X2: Y1: Y2:` coordinates were read as a cue box, in pixels of
    /// `Options.coordinateFrame`.
    public static let coordinates: Self = "srt.coordinates"
    /// Warning: a cue ends before it starts; kept as written (a timeline never shows it).
    public static let endBeforeStart: Self = "srt.end-before-start"
    /// Info: a cue with a timing line and no text; kept, empty.
    public static let emptyCue: Self = "srt.empty-cue"
    /// Info: the cues were not in start-time order and were sorted.
    public static let outOfOrder: Self = "srt.out-of-order"
    /// No cue at all: a warning for an empty (or blank) file, an error for text that is not SRT.
    public static let emptyFile: Self = "srt.no-cues"
    /// Error: the text is larger than `SubRipReader.maximumTextSize` (4 GiB); nothing is read.
    public static let tooLarge: Self = "srt.too-large"
    /// Warning: the next cue number after a blank line, followed by text but no timing line; the
    /// block is skipped rather than joined to the cue before.
    public static let missingTiming: Self = "srt.missing-timing"
}

/// Reads SubRip (`.srt`) files as people really have them.
///
/// A cue is an optional index line, a timing line and text lines up to a blank (or whitespace-only)
/// line. Recovery, each with a diagnostic: a missing or non-numeric index (kept as the cue id); a
/// missing blank line (a timing line, or an index followed by one, starts the next cue); text after
/// a blank line (appended to the cue before it); a timing line that cannot be read (the cue is
/// skipped); an end before the start (kept); cues out of order (sorted).
public struct SubRipReader: SourceTextReader, Sendable {
    /// How to read what SRT leaves unsaid.
    public struct Options: Sendable {
        /// The frame that `X1: X2: Y1: Y2:` pixel coordinates refer to. SRT does not say; DVD rips,
        /// where these come from, use 720×480 (NTSC) or 720×576 (PAL).
        public var coordinateFrame: (width: Int64, height: Int64)
        /// Texts are read in pieces on all cores when each piece would hold at least this many
        /// bytes (tests and benchmarks change it; the result is the same either way).
        package var minimumParallelPieceSize = 1 << 20
        /// - Parameter coordinateFrame: the frame size, in pixels, of `X1: X2: Y1: Y2:` coordinates
        ///   (720×480 by default; 720×576 for PAL rips).
        public init(coordinateFrame: (width: Int64, height: Int64) = (720, 480)) {
            self.coordinateFrame = coordinateFrame
        }

        package init(coordinateFrame: (width: Int64, height: Int64) = (720, 480), minimumParallelPieceSize: Int) {
            self.coordinateFrame = coordinateFrame
            self.minimumParallelPieceSize = minimumParallelPieceSize
        }
        /// Coordinates in a 720×480 frame.
        public static let `default` = Options()
    }

    /// How this reader reads.
    public var options: Options

    /// A reader with `options`.
    public init(options: Options = .default) { self.options = options }

    /// SRT text larger than this is refused (line offsets are 32-bit; no real file comes close).
    public static let maximumTextSize = Int(UInt32.max)

    /// Whether a text looks like SRT: one of its first 40 lines is a timing line (damaged arrows
    /// and all, as the reader reads them).
    public static func looksLike(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        var lines = 0
        while start < head.count && lines < 40 {
            var end = start
            while end < head.count, head[end] != 0x0A { end += 1 }
            if case .timing = SubRipTiming.parse(head, start..<end) { return true }
            start = end + 1
            lines += 1
        }
        return false
    }

    /// Reads an SRT text into a document with one subtitle track, its cues sorted by start time.
    /// Never fails: what cannot be read is skipped or repaired with a diagnostic (sorted by line), and
    /// text with no cue at all gives an empty track and an error.
    public func read(_ source: SourceText) -> ParseResult<Document> {
        guard source.byteCount < Self.maximumTextSize else {
            return ParseResult(value: Document(format: .subRip, encoding: source.encoding, tracks: []), diagnostics: [
                Diagnostic(.error, .tooLarge, "the text is larger than 4 GiB; not read")
            ])
        }
        var log = DiagnosticLog()
        var piece = source.withUnsafeBytes { readInParallel($0, log: &log) }
        // Before sorting: the evidence for a reading of short fractions is the file's own order.
        SubRipFractionReading.decide(&piece.cues, piece.shortFractions, log: &log)
        let cues = piece.cues
        var track = Track(kind: .subtitles, cues: piece.cues)
        piece.cues = []
        if cues.indices.dropFirst().contains(where: { cues[$0 - 1].start > cues[$0].start }) {
            log.report(.info, .outOfOrder, "cues are not in start-time order; sorted", at: nil)
            track.sortCuesByStart()
        }
        if cues.isEmpty {
            // An empty file is merely empty; text without a single cue is not SRT.
            let hasText = source.withUnsafeBytes { $0.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A } }
            log.report(hasText ? .error : .warning, .emptyFile, hasText ? "no SRT cue found in the text" : "the file is empty", at: nil)
        }
        // Reported as found, which is not always line order (a cue's timing notes follow its text scan).
        let diagnostics = log.finished().enumerated().sorted {
            ($0.element.location ?? SourceLocation(line: 0, column: 0), $0.offset)
                < ($1.element.location ?? SourceLocation(line: 0, column: 0), $1.offset)
        }.map(\.element)
        return ParseResult(value: Document(format: .subRip, encoding: source.encoding, tracks: [track]),
                           diagnostics: diagnostics)
    }

    /// Large files are read in pieces on all cores: each piece starts at a cue (a blank line, then
    /// an index and a timing line), so the pieces are independent and their cues concatenate.
    private func readInParallel(_ p: UnsafeBufferPointer<UInt8>, log: inout DiagnosticLog) -> Piece {
        let lines = LineTable(p)
        let pieces = parallelPieces(size: p.count, minimumPieceSize: options.minimumParallelPieceSize, perCore: 4)
        let bounds = pieceBounds(0..<lines.count, pieces: pieces) { cueBoundary(p, lines, near: $0) }
        if bounds.count == 2 { return read(p, lines, 0..<lines.count, capacity: lines.count / 4, log: &log) }
        nonisolated(unsafe) let buffer = p
        let reader = self
        let starts = bounds
        var results = parallelMap(count: starts.count - 1) { k in
            var pieceLog = DiagnosticLog()
            let capacity = k == 0 ? lines.count / 4 : (starts[k + 1] - starts[k]) / 4
            let piece = reader.read(buffer, lines, starts[k]..<starts[k + 1], capacity: capacity, log: &pieceLog)
            return (piece, pieceLog)
        }
        // The first piece reserved room for every cue: the others are moved into it. Each piece is
        // taken out of `results` first, so that its cues are held once and move without a copy.
        for (_, pieceLog) in results { log.merge(pieceLog) }
        var whole = Piece()
        swap(&whole, &results[0].0)
        for k in results.indices.dropFirst() {
            var part = Piece()
            swap(&part, &results[k].0)
            let offset = whole.cues.count
            whole.shortFractions += part.shortFractions.map { var c = $0; c.cue += offset; return c }
            whole.cues.appendMoving(&part.cues)
        }
        return whole
    }

    /// The first line at or after `line` (within 5,000 lines) that starts a cue after a blank line.
    private func cueBoundary(_ p: UnsafeBufferPointer<UInt8>, _ lines: LineTable, near line: Int) -> Int? {
        var k = max(1, line)
        while k < min(lines.count - 1, line + 5000) {
            if isBlank(p, lines[k - 1]) && !isBlank(p, lines[k]), case .timing = SubRipTiming.parse(p, lines[k + 1]) {
                return k
            }
            k += 1
        }
        return nil
    }

    /// What one piece of the text holds: its cues, and the cues whose times have one- or
    /// two-digit fractions (indices into `cues`), whose reading is decided for the whole file.
    struct Piece {
        var cues: [Cue] = []
        var shortFractions: [SubRipFractionReading.Candidate] = []
    }

    private func read(_ p: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ range: Range<Int>, capacity: Int,
                      log: inout DiagnosticLog) -> Piece {
        var piece = Piece()
        piece.cues.reserveCapacity(capacity)
        var textParser = SubRipCueTextParser()
        // The text lines of the last cue: its content is parsed once they are all known (text
        // after a blank line still joins it), so that every line is parsed once.
        var lastCueLines: [(number: Int, range: Range<Int>)] = []
        var lastCueIsOpen = false
        var lastCueTimingLine = 0
        // A cue skipped for its timing line takes the text after its blank lines with it.
        var lastBlockWasSkipped = false
        // The last cue's index, when it is a number: the next number after a blank line, followed
        // by text, is a cue whose timing line is missing, not text that joins the cue before.
        var lastIndex: Int?
        var textLines: [(number: Int, range: Range<Int>)] = []
        func finishLastCue(_ log: inout DiagnosticLog) {
            guard lastCueIsOpen else { return }
            lastCueIsOpen = false
            let k = piece.cues.count - 1
            if lastCueLines.isEmpty {
                log.report(.info, .emptyCue, "cue has no text", at: SourceLocation(line: lastCueTimingLine, column: 1))
                return
            }
            let (content, alignment) = textParser.parse(p, lines: lastCueLines, log: &log)
            piece.cues[k].content = content
            if alignment != nil { piece.cues[k].layout = layout(alignment: alignment, box: piece.cues[k].layout.box) }
        }
        var i = range.lowerBound
        while i < range.upperBound {
            if isBlank(p, lines[i]) { i += 1; continue }
            let blockStart = i
            let lineNumber = i + 1
            var id: String?
            var timingIndex = i
            var outcome = SubRipTiming.parse(p, lines[i])
            if case .notTiming = outcome {
                if i + 1 < range.upperBound, case let next = SubRipTiming.parse(p, lines[i + 1]), !next.isNotTiming {
                    let label = trimmed(p, lines[i])
                    id = String(decoding: UnsafeBufferPointer(rebasing: p[label]), as: UTF8.self)
                    if !isDigits(p, label) {
                        log.report(.warning, .nonNumericIndex, "cue index '\(id!)' is not a number; kept as the cue id",
                                   at: SourceLocation(line: lineNumber, column: label.lowerBound - lines[i].lowerBound + 1))
                    }
                    timingIndex = i + 1
                    outcome = next
                } else if let expected = lastIndex.map({ $0 + 1 }), number(p, trimmed(p, lines[i])) == expected,
                          i + 1 < range.upperBound, !isBlank(p, lines[i + 1]) {
                    log.report(.warning, .missingTiming, "cue \(expected) has no timing line; skipped with its text",
                               at: SourceLocation(line: lineNumber, column: 1))
                    i += 1
                    while i < range.upperBound, !isBlank(p, lines[i]) { i += 1 }
                    lastIndex = expected
                    lastBlockWasSkipped = true
                    continue
                } else if lastBlockWasSkipped {
                    log.report(.warning, .textAfterBlankLine, "text after a blank line, after a skipped cue; skipped with it",
                               at: SourceLocation(line: lineNumber, column: 1))
                    i += 1
                    continue
                } else if !piece.cues.isEmpty {
                    log.report(.warning, .textAfterBlankLine, "text after a blank line; appended to the cue before it",
                               at: SourceLocation(line: lineNumber, column: 1))
                    lastCueLines.append((lineNumber, lines[i]))
                    i += 1
                    continue
                } else {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: p[lines[i]]), as: UTF8.self)
                    log.report(.warning, .strayText, "text before the first cue ignored: '\(text.prefix(60))'",
                               at: SourceLocation(line: lineNumber, column: 1))
                    i += 1
                    continue
                }
            } else {
                log.report(.warning, .missingIndex, "cue without an index line",
                           at: SourceLocation(line: lineNumber, column: 1))
            }

            // Text lines: up to a blank line, or to the start of the next cue when the blank is missing.
            var j = timingIndex + 1
            textLines.removeAll(keepingCapacity: true)
            while j < range.upperBound, !isBlank(p, lines[j]) {
                if startsCue(p, lines, j, limit: range.upperBound, afterText: !textLines.isEmpty) {
                    log.report(.warning, .missingBlankLine, "missing blank line before this cue",
                               at: SourceLocation(line: j + 1, column: 1))
                    break
                }
                textLines.append((j + 1, lines[j]))
                j += 1
            }
            i = j
            finishLastCue(&log)

            let timingLocation = SourceLocation(line: timingIndex + 1, column: 1)
            switch outcome {
            case .notTiming:
                continue
            case .malformed(let message, let offset):
                log.report(.error, .badTimestamp, "\(message); cue skipped with its \(textLines.count) text line\(textLines.count == 1 ? "" : "s")",
                           at: SourceLocation(line: timingIndex + 1, column: offset - lines[timingIndex].lowerBound + 1))
                lastCueLines.removeAll(keepingCapacity: true)
                lastBlockWasSkipped = true
            case .timing(let timing):
                for note in timing.notes {
                    log.report(note.severity, note.code, note.message,
                               at: SourceLocation(line: timingIndex + 1, column: note.offset - lines[timingIndex].lowerBound + 1))
                }
                let box = timing.trailing.flatMap {
                    coordinates(p, $0, line: timingIndex + 1, lineStart: lines[timingIndex].lowerBound, log: &log)
                }
                if timing.startAsMilliseconds != nil || timing.endAsMilliseconds != nil {
                    // Whether the end is before the start depends on the reading the file is given.
                    piece.shortFractions.append(.init(cue: piece.cues.count, start: timing.startAsMilliseconds,
                                                      end: timing.endAsMilliseconds, timingLine: timingIndex + 1))
                } else if timing.end < timing.start {
                    log.report(.warning, .endBeforeStart, SubRipFractionReading.endBeforeStartMessage(timing.start, timing.end),
                               at: timingLocation)
                }
                // Built in place: most cues have the default layout and go straight into the
                // array; the content is parsed when the cue's last text line is known.
                let source = SourceLocation(line: lineNumber, column: 1)
                if box == nil {
                    piece.cues.append(Cue(id: id, start: timing.start, end: timing.end, content: [], source: source))
                } else {
                    piece.cues.append(Cue(id: id, start: timing.start, end: timing.end, content: [],
                                          layout: layout(alignment: nil, box: box), source: source))
                }
                swap(&lastCueLines, &textLines)
                lastCueIsOpen = true
                lastCueTimingLine = timingIndex + 1
                lastBlockWasSkipped = false
                lastIndex = timingIndex > blockStart ? number(p, trimmed(p, lines[blockStart])) : nil
            }
        }
        finishLastCue(&log)
        return piece
    }

    private func layout(alignment: Int?, box: Box?) -> CueLayout {
        var layout = alignment.map(SubRipAlignment.layout(numpad:)) ?? .default
        layout.box = box
        return layout
    }

    /// Whether line `j` begins a new cue: a timing line (even one that cannot be read), or an index
    /// line followed by one. Below a cue's text any line directly followed by a timing line is
    /// the next cue's index, whatever it holds (`2nd`, `#2`); the first line under a timing line
    /// is text unless it is a number.
    private func startsCue(_ p: UnsafeBufferPointer<UInt8>, _ lines: LineTable, _ j: Int, limit: Int, afterText: Bool) -> Bool {
        if !SubRipTiming.parse(p, lines[j]).isNotTiming { return true }
        guard j + 1 < limit, afterText || isDigits(p, trimmed(p, lines[j])) else { return false }
        return !SubRipTiming.parse(p, lines[j + 1]).isNotTiming
    }

    /// `X1:100 X2:600 Y1:400 Y2:450` as a box in proportions of `options.coordinateFrame`.
    private func coordinates(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int, lineStart: Int,
                             log: inout DiagnosticLog) -> Box? {
        let text = String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self)
        let location = SourceLocation(line: line, column: range.lowerBound - lineStart + 1)
        var values: [String: Int64] = [:]
        for field in text.split(separator: " ") {
            let parts = field.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let value = Int64(parts[1]) else { values = [:]; break }
            values[parts[0].uppercased()] = value
        }
        guard values.count == 4, let x1 = values["X1"], let x2 = values["X2"], let y1 = values["Y1"], let y2 = values["Y2"],
              x2 >= x1, y2 >= y1 else {
            log.report(.warning, .timingTrailingText, "text after the end time ignored: '\(text.prefix(60))'", at: location)
            return nil
        }
        let (w, h) = options.coordinateFrame
        log.report(.info, .coordinates, "cue coordinates read as pixels of a \(w)×\(h) frame", at: location)
        return Box(x: Fraction(x1, w), y: Fraction(y1, h), width: Fraction(x2 - x1, w), height: Fraction(y2 - y1, h))
    }

    // MARK: - Lines

    @inline(__always)
    private func isBlank(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        for i in range where p[i] != 0x20 && p[i] != 0x09 { return false }
        return true
    }

    private func trimmed(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound
        var hi = range.upperBound
        while lo < hi, p[lo] == 0x20 || p[lo] == 0x09 { lo += 1 }
        while hi > lo, p[hi - 1] == 0x20 || p[hi - 1] == 0x09 { hi -= 1 }
        return lo..<hi
    }

    /// The decimal number the bytes spell (up to nine digits), or nil.
    private func number(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard isDigits(p, range), range.count <= 9 else { return nil }
        return range.reduce(0) { $0 * 10 + Int(p[$1] - 0x30) }
    }

    private func isDigits(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        for i in range where p[i] < 0x30 || p[i] > 0x39 { return false }
        return true
    }
}

extension SubRipTiming.Outcome {
    var isNotTiming: Bool {
        if case .notTiming = self { return true }
        return false
    }
}

/// The lines of a text as byte ranges, from one memchr pass. Stores 4 bytes a line (the start
/// offset): a 100,000-cue file has half a million lines.
struct LineTable: Sendable {
    private var starts: [UInt32] = []
    /// Where the last line ends: before a final LF, if any.
    private let end: Int

    init(_ p: UnsafeBufferPointer<UInt8>) {
        end = p.count > 0 && p[p.count - 1] == 0x0A ? p.count - 1 : p.count
        // Large texts are split at line ends and scanned on all cores.
        let pieces = parallelPieces(size: p.count, minimumPieceSize: 2 << 20)
        let bounds = pieceBounds(0..<p.count, pieces: pieces) { near in Self.nextLineFeed(p, from: near).map { $0 + 1 } }
        nonisolated(unsafe) let buffer = p
        let limits = bounds
        let parts = parallelMap(count: limits.count - 1) { k in Self.lineStarts(buffer, limits[k]..<limits[k + 1]) }
        if parts.count == 1 {
            starts = parts[0]
        } else {
            // Appended array by array (one copy each): `joined()` would go element by element.
            starts.reserveCapacity(parts.reduce(0) { $0 + $1.count })
            for part in parts { starts.append(contentsOf: part) }
        }
    }

    private static func nextLineFeed(_ p: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int? {
        guard let base = p.baseAddress, offset < p.count, let found = memchr(base + offset, 0x0A, p.count - offset) else {
            return nil
        }
        return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
    }

    /// The start offsets of the lines that begin in `range` (which starts at a line start).
    private static func lineStarts(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt32] {
        var starts: [UInt32] = []
        starts.reserveCapacity(range.count / 16 + 16)
        guard let base = p.baseAddress else { return starts }
        var start = range.lowerBound
        while start < range.upperBound {
            starts.append(UInt32(truncatingIfNeeded: start))
            guard let found = memchr(base + start, 0x0A, range.upperBound - start) else { break }
            start = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
        }
        return starts
    }

    var count: Int { starts.count }

    /// Line `i` (0-based) without its LF.
    subscript(i: Int) -> Range<Int> {
        let lower = Int(starts[i])
        let upper = i + 1 < starts.count ? Int(starts[i + 1]) - 1 : end
        // The last line runs to the end, minus a final LF if there is one.
        return lower..<max(lower, upper)
    }
}

extension CaptionFormatID {
    /// SubRip (`.srt`).
    public static let subRip: Self = "srt"
}
