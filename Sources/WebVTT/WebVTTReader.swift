import Foundation
public import TimedText
public import TextScanning

extension DiagnosticCode {
    /// Error: the text does not start with `WEBVTT` followed by a space, a tab or a line end; nothing
    /// is read.
    public static let webVTTBadSignature: Self = "webvtt.bad-signature"
    /// Warning: the text was not UTF-8 (WebVTT must be) and was decoded from another encoding.
    public static let webVTTNotUTF8: Self = "webvtt.not-utf8"
    /// Info: cues were not in start-time order and were sorted.
    public static let webVTTOutOfOrder: Self = "webvtt.out-of-order"
    /// Warning: two `REGION` blocks with one id; cues use the last definition.
    public static let webVTTDuplicateRegion: Self = "webvtt.duplicate-region"
    /// Warning: a `REGION` block without an `id`, which no cue can refer to.
    public static let webVTTRegionWithoutID: Self = "webvtt.region-without-id"
    /// Error: the text is larger than `WebVTTReader.maximumTextSize` (4 GiB); nothing is read.
    public static let webVTTTooLarge: Self = "webvtt.too-large"
    /// Cue blocks were found, but every one was skipped: the file holds no readable cue.
    public static let webVTTNoCues: Self = "webvtt.no-cues"
    /// A `Language:` header that is not a language tag.
    public static let webVTTBadLanguage: Self = "webvtt.bad-language"
}

/// Everything a WebVTT file holds: the document (one track), and the parts only WebVTT has.
public struct WebVTTFile: CaptionFileContents {
    /// The model: one subtitle track with the cues in start-time order, regions and cascaded styles;
    /// no track when the text is rejected (no `WEBVTT` signature, or too large).
    public var document: Document
    /// Each cue as the `VTTCue` API shows it, in the document's cue order; empty unless
    /// `WebVTTReader.Options.keepsCueValues` is set.
    public var cueValues: [WebVTTCueValues]
    /// Every `REGION` block as the `VTTRegion` API shows it, in file order (duplicates included:
    /// `WebVTTCueValues.regionIndex` points here).
    public var regionValues: [WebVTTRegionValues]
    /// The text of each `STYLE` block, in file order, with the line its CSS starts on.
    public var styleBlocks: [WebVTTStyleBlock]
    /// Each `STYLE` block's rules (already cascaded onto the cues and regions of `document`).
    public var styleSheets: [WebVTTStyleSheet]
    /// `Name: value` lines of the header (after the `WEBVTT` line), such as `Language: en`.
    public var headerFields: [WebVTTHeaderField]
    /// The HLS segment's `X-TIMESTAMP-MAP`, when the header has one.
    public var timestampMap: HLSTimestampMap?
}

/// The raw text of one `STYLE` block, as written.
public struct WebVTTStyleBlock: Sendable, Hashable {
    /// The CSS: the block's lines after `STYLE`, joined by line feeds.
    public var css: String
    /// The 1-based file line the CSS starts on.
    public var firstLine: Int
}

/// One `Name: value` line of the header, as written (the spec ignores them; older drafts and
/// tools use `Language:`, `Kind:`).
public struct WebVTTHeaderField: Sendable, Hashable {
    /// The text before the first colon, case kept.
    public var name: String
    /// The text after the colon, leading spaces and tabs removed.
    public var value: String
}

/// Reads WebVTT as W3C WebVTT §6 specifies (the file parsing algorithm of §6.1, settings of §6.2
/// and §6.3, cue text of §6.4), reporting what the spec silently skips as diagnostics. A file
/// without the `WEBVTT` signature is rejected: an error diagnostic and no track.
public struct WebVTTReader: SourceTextReader, Sendable {
    /// What to keep beyond the model.
    public struct Options: Sendable {
        /// Keep each cue's raw text and API values (`WebVTTFile.cueValues`); off by default, since
        /// it doubles the text held in memory.
        public var keepsCueValues: Bool
        /// Text after the first cue larger than this is read in pieces on all cores (tests and
        /// benchmarks change it: the result is the same either way).
        package var minimumParallelPieceSize = 1 << 20

        /// - Parameter keepsCueValues: also keep each cue's `VTTCue` view (`WebVTTFile.cueValues`).
        public init(keepsCueValues: Bool = false) {
            self.keepsCueValues = keepsCueValues
        }

        package init(keepsCueValues: Bool = false, minimumParallelPieceSize: Int) {
            self.keepsCueValues = keepsCueValues
            self.minimumParallelPieceSize = minimumParallelPieceSize
        }

        /// The model only, no cue values.
        public static let `default` = Options()
    }

    /// How this reader reads.
    public var options: Options

    /// A reader with `options`.
    public init(options: Options = .default) { self.options = options }

    /// Whether a text looks like WebVTT: it starts (after white space) with `WEBVTT`.
    public static func looksLike(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        ContentSniffing.starts(head, with: "WEBVTT")
    }

    /// Reads a WebVTT text into a document (see `readFile(_:)` for regions, style blocks, header
    /// fields and the HLS timestamp map as WebVTT has them). Never fails: what the parser skips is
    /// reported, sorted by line. The timestamp map is not applied to the cue times.
    public func read(_ source: SourceText) -> ParseResult<Document> {
        let file = readFile(source)
        return ParseResult(value: file.value.document, diagnostics: file.diagnostics)
    }

    /// The text of a file larger than this is refused (no real caption file comes close).
    public static let maximumTextSize = Int(UInt32.max)

    /// Reads a decoded text into a `WebVTTFile`.
    public func readFile(_ source: SourceText) -> ParseResult<WebVTTFile> {
        var file = WebVTTFile(document: Document(format: .webVTT, encoding: source.encoding, tracks: []), cueValues: [],
                              regionValues: [], styleBlocks: [], styleSheets: [], headerFields: [],
                              timestampMap: nil)
        var log = DiagnosticLog()
        guard source.byteCount < Self.maximumTextSize else {
            log.report(.error, .webVTTTooLarge, "the text is larger than 4 GiB; not read", at: nil)
            return ParseResult(value: file, diagnostics: log.finished())
        }
        if source.encoding != "UTF-8" {
            log.report(.warning, .webVTTNotUTF8, "WebVTT must be UTF-8; the text was decoded as \(source.encoding)", at: nil)
        }
        let kept = options.keepsCueValues ? SharedSourceText(source) : nil
        let accepted = source.withUnsafeBytes { read($0, keepingCueValuesOf: kept, into: &file, log: &log) }
        if accepted {
            var track = file.document.tracks[0]
            sortByStart(&track, &file.cueValues, log: &log)
            file.document.tracks[0] = track
        }
        var diagnostics = log.finished().enumerated().sorted {
            ($0.element.location ?? SourceLocation(line: 0, column: 0), $0.offset)
                < ($1.element.location ?? SourceLocation(line: 0, column: 0), $1.offset)
        }.map(\.element)
        // A file of cues that were all skipped is not an empty file: say so, as an error (the
        // spec skips them silently, and the user would get an empty conversion without a word).
        if accepted, file.document.tracks[0].cues.isEmpty {
            let badTimings = diagnostics.filter { $0.code == .webVTTBadTiming }.count
            let strays = diagnostics.filter { $0.code == .webVTTStrayBlock }.count
            if let first = diagnostics.first(where: { $0.code == .webVTTBadTiming || $0.code == .webVTTStrayBlock }) {
                var parts: [String] = []
                if badTimings > 0 { parts.append("\(badTimings) for a timing line the spec rejects") }
                if strays > 0 { parts.append("\(strays) without a timing line") }
                diagnostics.insert(Diagnostic(.error, .webVTTNoCues,
                    "no cue could be read: every block that could be one was skipped (\(parts.joined(separator: ", "))); the first, at line \(first.location?.line ?? 0): \(first.message). Timings that WebVTT rejects but SRT accepts (no hours, one or two fraction digits, a comma) are read when the file is read as SRT"),
                    at: 0)
            }
        }
        return ParseResult(value: file, diagnostics: diagnostics)
    }

    /// §6.1 steps 1–15; false when the signature is wrong.
    private func read(_ p: UnsafeBufferPointer<UInt8>, keepingCueValuesOf keptSource: SharedSourceText?, into file: inout WebVTTFile,
                      log: inout DiagnosticLog) -> Bool {
        guard let afterSignature = signatureEnd(p) else {
            log.report(.error, .webVTTBadSignature,
                       "not a WebVTT file: it must start with 'WEBVTT' followed by a space, a tab or a line end",
                       at: SourceLocation(line: 1, column: 1))
            return false
        }
        var parser = WebVTTBlockParser(p, range: afterSignature..<p.count, firstLine: 2, seenCue: false,
                                       regionValues: [], keepingCueValuesOf: keptSource)
        // Steps 8–12: the header block (unless a blank line follows the signature line).
        if parser.position < p.count {
            if p[parser.position] != 0x0A {
                let header = parser.collectBlock(inHeader: true)
                readHeader(p, header, firstLine: 2, into: &file, log: &parser.log)
                parser.trackLanguage = file.headerFields.last { $0.name.lowercased() == "language" }?.value
            } else {
                parser.position += 1
                parser.line += 1
            }
        }
        parser.skipLineFeeds()
        // Until the first cue, blocks may define regions and style sheets, so they are read in order.
        parser.run(untilFirstCue: true)
        var cues = parser.cues
        var cueValues = parser.cueValues
        parser.cues = []
        parser.cueValues = []
        if parser.position < p.count {
            readRest(p, from: parser, into: &cues, &cueValues, log: &log)
        }
        log.merge(parser.log)
        file.regionValues = parser.regionValues
        file.styleBlocks = parser.styleBlocks
        file.styleSheets = parser.styleSheets
        file.cueValues = cueValues
        var regions = modelRegions(parser.regions, log: &log)
        if let cascade = parser.cascade ?? (parser.styleSheets.isEmpty ? nil : WebVTTStyleCascade(parser.styleSheets)) {
            for r in regions.indices { regions[r].style = cascade.regionStyle(forRegionID: regions[r].id) }
        }
        var language: LanguageTag?
        if let text = parser.trackLanguage {
            language = LanguageTag(wellFormed: text)
            if language == nil {
                log.report(.warning, .webVTTBadLanguage, "Language: \(text) is not a BCP 47 language tag; the track's language is unknown", at: nil)
            }
        }
        file.document.tracks = [Track(language: language, kind: .subtitles, cues: cues, regions: regions)]
        return true
    }

    /// Steps 4–7: the index just past the signature line's LF (or the end), or nil when the text
    /// does not start with `WEBVTT` followed by a space, a tab or a line feed.
    private func signatureEnd(_ p: UnsafeBufferPointer<UInt8>) -> Int? {
        guard p.count >= 6, p[0..<6].elementsEqual("WEBVTT".utf8) else { return nil }
        if p.count == 6 { return 6 }
        guard p[6] == 0x20 || p[6] == 0x09 || p[6] == 0x0A else { return nil }
        var i = 6
        while i < p.count, p[i] != 0x0A { i += 1 }
        return min(i + 1, p.count)
    }

    /// The blocks after the first cue: one at a time, or for a large text in pieces on all cores.
    /// The pieces start at blocks (after a blank line), where the algorithm's state is only
    /// "a cue has been seen" and the list of regions, both known by now.
    private func readRest(_ p: UnsafeBufferPointer<UInt8>, from first: WebVTTBlockParser,
                          into cues: inout [Cue], _ cueValues: inout [WebVTTCueValues], log: inout DiagnosticLog) {
        let start = first.position
        let pieceCount = parallelPieces(size: p.count - start, minimumPieceSize: options.minimumParallelPieceSize)
        let bounds = pieceBounds(start..<p.count, pieces: pieceCount) { blockStart(p, after: $0) }
        nonisolated(unsafe) let buffer = p
        let limits = bounds
        // Each piece's first line number: the line feeds before it.
        let lineFeeds = parallelMap(count: limits.count - 1) { k in countLineFeeds(buffer, limits[k]..<limits[k + 1]) }
        var firstLines = [first.line]
        for k in lineFeeds.indices.dropLast() { firstLines.append(firstLines[k] + lineFeeds[k]) }
        let lines = firstLines
        let regionValues = first.regionValues
        let cascade = first.cascade
        let keeps = first.keptSource
        let textSize = p.count - start
        var pieces = parallelMap(count: limits.count - 1) { k in
            var parser = WebVTTBlockParser(buffer, range: limits[k]..<limits[k + 1], firstLine: lines[k], seenCue: true,
                                           regionValues: regionValues, cascade: cascade, keepingCueValuesOf: keeps)
            // The first piece's array receives every cue: room for all (a generous estimate; capacity
            // never touched costs no memory).
            parser.cues.reserveCapacity((k == 0 ? textSize : limits[k + 1] - limits[k]) / 40 + 16)
            parser.run()
            return (parser.cues, parser.cueValues, parser.log)
        }
        // Take the arrays out of `pieces` (so they are uniquely held and move without a copy): the
        // cues read before the pieces go in front of the first piece's, the others after.
        var all: [Cue] = []
        swap(&all, &pieces[0].0)
        all.insert(contentsOf: cues, at: 0)
        for k in pieces.indices.dropFirst() {
            var piece: [Cue] = []
            swap(&piece, &pieces[k].0)
            all.appendMoving(&piece)
        }
        swap(&cues, &all)
        for piece in pieces {
            cueValues.append(contentsOf: piece.1)
            log.merge(piece.2)
        }
    }

    /// The start of the first block at or after `offset`: the first non-LF byte after two LFs.
    private func blockStart(_ p: UnsafeBufferPointer<UInt8>, after offset: Int) -> Int? {
        var i = max(1, offset)
        while i < p.count {
            if p[i] == 0x0A && p[i - 1] == 0x0A {
                var j = i + 1
                while j < p.count, p[j] == 0x0A { j += 1 }
                return j < p.count ? j : nil
            }
            i += 1
        }
        return nil
    }

    private func countLineFeeds(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        guard let base = p.baseAddress else { return 0 }
        var n = 0
        var i = range.lowerBound
        while i < range.upperBound, let found = memchr(base + i, 0x0A, range.upperBound - i) {
            n += 1
            i = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
        }
        return n
    }

    /// The header's lines: `Name: value` fields (older drafts' metadata, such as `Language:`) and
    /// HLS's `X-TIMESTAMP-MAP=…`. The spec ignores the header; nothing in it is an error.
    private func readHeader(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, firstLine: Int,
                            into file: inout WebVTTFile, log: inout DiagnosticLog) {
        guard !range.isEmpty else { return }
        let text = String(decoding: p[range], as: UTF8.self)
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("X-TIMESTAMP-MAP=") {
                if let map = HLSTimestampMap(value: line.dropFirst("X-TIMESTAMP-MAP=".count)) {
                    file.timestampMap = map
                } else {
                    log.report(.warning, .webVTTBadTimestampMap,
                               "X-TIMESTAMP-MAP must be MPEGTS:<ticks>,LOCAL:<hh:mm:ss.ttt>; ignored",
                               at: SourceLocation(line: firstLine + offset, column: 1))
                }
            } else if let colon = line.firstIndex(of: ":"), colon != line.startIndex {
                let name = line[..<colon]
                guard !name.contains(" "), !name.contains("\t") else { continue }
                let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
                file.headerFields.append(WebVTTHeaderField(name: String(name), value: String(value)))
            }
        }
    }

    /// The model's regions: one per identifier, the last definition winning as `region:` lookups
    /// do (§6.3); a region without an identifier can never be used.
    private func modelRegions(_ regions: [Region], log: inout DiagnosticLog) -> [Region] {
        var result: [Region] = []
        var indexByID: [String: Int] = [:]
        for region in regions {
            if region.id.isEmpty {
                log.report(.warning, .webVTTRegionWithoutID, "a REGION block without an id: no cue can use it", at: nil)
            } else if let index = indexByID[region.id] {
                log.report(.warning, .webVTTDuplicateRegion,
                           "the region '\(region.id)' is defined more than once; cues use the last definition", at: nil)
                result[index] = region
            } else {
                indexByID[region.id] = result.count
                result.append(region)
            }
        }
        return result
    }

    /// The model keeps cues in start-time order; HLS segments and hand-made files are not always.
    private func sortByStart(_ track: inout Track, _ values: inout [WebVTTCueValues], log: inout DiagnosticLog) {
        let cues = track.cues
        guard cues.indices.dropFirst().contains(where: { cues[$0 - 1].start > cues[$0].start }) else { return }
        log.report(.info, .webVTTOutOfOrder, "cues are not in start-time order; sorted", at: nil)
        let order = cues.indices.sorted { (cues[$0].start, $0) < (cues[$1].start, $1) }
        track.cues = order.map { cues[$0] }
        if !values.isEmpty {
            let old = values
            values = order.map { old[$0] }
        }
    }
}

extension CaptionFormatID {
    /// W3C WebVTT (`.vtt`).
    public static let webVTT: Self = "webvtt"
}
