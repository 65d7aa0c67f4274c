import Foundation
public import TimedText

extension DiagnosticCode {
    /// Warning: a timing line the WebVTT parser rejects (a bad timestamp, no `-->`); the cue is
    /// skipped, as §6.1 says. SRT-style timings are read when the file is read as SRT.
    public static let webVTTBadTiming: Self = "webvtt.bad-timing"
    /// Warning: a timing line directly below the previous block's text; a new cue starts there.
    public static let webVTTMissingBlankLine: Self = "webvtt.missing-blank-line"
    /// Warning: a block with no timing line that is not a `NOTE`, `STYLE` or `REGION`; skipped.
    public static let webVTTStrayBlock: Self = "webvtt.stray-block"
    /// Warning: a `STYLE` block after the first cue, which §6.1 does not allow; skipped.
    public static let webVTTStyleAfterCue: Self = "webvtt.style-after-cue"
    /// Warning: a `REGION` block after the first cue, which §6.1 does not allow; skipped.
    public static let webVTTRegionAfterCue: Self = "webvtt.region-after-cue"
    /// Warning: a cue ends before it starts; kept as written (a timeline never shows it).
    public static let webVTTEndBeforeStart: Self = "webvtt.end-before-start"
}

/// W3C WebVTT §6.1, the block loop: "collect a WebVTT block" run until the end of the input (or
/// of a piece of it), with cue timings and settings (§6.3) and cue text (§6.4) parsed as each cue
/// block ends. Works on decoded text: UTF-8, LF line ends, no NUL (the decoder has replaced them).
struct WebVTTBlockParser {
    /// A block that is not a cue.
    enum Block {
        case none
        case styleSheet(Range<Int>, firstLine: Int)
        case region(WebVTTRegionValues, Region)
    }

    let p: UnsafeBufferPointer<UInt8>
    let limit: Int
    var position: Int
    /// The 1-based number of the line at `position`.
    var line: Int
    var seenCue: Bool
    private(set) var regionValues: [WebVTTRegionValues]
    /// Where the last region of each identifier is in `regionValues`: `region:` finds it in one look-up.
    private var regionIndexByID: [String: Int] = [:]

    private static func indexByID(_ regions: [WebVTTRegionValues]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (k, region) in regions.enumerated() { index[region.id] = k }
        return index
    }
    /// The source the kept cue values point into; nil when they are not kept.
    let keptSource: SharedSourceText?

    var cues: [Cue] = []
    var cueValues: [WebVTTCueValues] = []
    var styleBlocks: [WebVTTStyleBlock] = []
    var styleSheets: [WebVTTStyleSheet] = []
    /// The style sheets' rules, built at the first cue (all sheets come before it); nil when none.
    var cascade: WebVTTStyleCascade?
    private let styleMemo = WebVTTStyleCascade.Memo()
    private var styler: WebVTTCueTextParser.Styler?
    /// The track's language (a `Language:` header), for `:lang()` and `[lang]` on the cue.
    var trackLanguage: String?
    var regions: [Region] = []
    var log = DiagnosticLog()
    /// The settings texts parsed without a diagnostic, and what they gave: files repeat a few
    /// hundred settings lines, which are then neither parsed nor stored again.
    private var recentTexts: [Range<Int>] = []
    private var recentSettings: [WebVTTCueSettings] = []
    private var recentLayouts: [SharedLayout] = []
    /// Index into the arrays above by a hash of the settings text (checked byte for byte).
    private var recentByHash: [UInt64: Int] = [:]
    /// Enough for every distinct settings line of real files; a file with more parses the rest.
    private static let recentSettingsLimit = 4096

    init(_ p: UnsafeBufferPointer<UInt8>, range: Range<Int>, firstLine: Int, seenCue: Bool,
         regionValues: [WebVTTRegionValues], cascade: WebVTTStyleCascade? = nil, keepingCueValuesOf source: SharedSourceText?) {
        self.cascade = cascade
        self.p = p
        limit = range.upperBound
        position = range.lowerBound
        line = firstLine
        self.seenCue = seenCue
        self.regionValues = regionValues
        regionIndexByID = Self.indexByID(regionValues)
        keptSource = source
    }

    /// Step 14, the block loop, until `limit` (or, with `untilFirstCue`, until a cue has been read).
    mutating func run(untilFirstCue: Bool = false) {
        while position < limit {
            if untilFirstCue && seenCue { return }
            collectBlock(inHeader: false)
            skipLineFeeds()
        }
    }

    mutating func skipLineFeeds() {
        while position < limit, p[position] == 0x0A {
            position += 1
            line += 1
        }
    }

    /// "Collect a WebVTT block". A cue is appended to `cues`, a style sheet or region to theirs.
    /// With `inHeader`, the lines are returned for the header to read (metadata, HLS timestamp map).
    @discardableResult
    mutating func collectBlock(inHeader: Bool) -> Range<Int> {
        var lineCount = 0
        var previousPosition = position
        var previousLine = line
        let blockLine = line
        var bufferStart = position
        var bufferEnd = position
        var seenArrow = false
        var cue: ParsedTiming?
        var failedTiming = false
        var styleSheet = false
        var region = false
        var firstLineRange = position..<position

        while true {
            let lineStart = position
            let lineEnd = endOfLine(from: position)
            let lineNumber = line
            position = lineEnd
            lineCount += 1
            let seenEOF = position >= limit
            if !seenEOF {
                position += 1
                line += 1
            }
            if lineCount == 1 { firstLineRange = lineStart..<lineEnd }

            if containsArrow(lineStart..<lineEnd) {
                if !inHeader && (lineCount == 1 || (lineCount == 2 && !seenArrow)) {
                    seenArrow = true
                    previousPosition = position
                    previousLine = line
                    let identifier = String(decoding: p[bufferStart..<bufferEnd], as: UTF8.self)
                    if let parsed = timingsAndSettings(lineStart..<lineEnd, identifier: identifier, lineNumber: lineNumber) {
                        cue = parsed
                        bufferStart = position
                        bufferEnd = position
                        seenCue = true
                    } else {
                        cue = nil
                        failedTiming = true
                    }
                } else {
                    if !inHeader {
                        log.report(.warning, .webVTTMissingBlankLine,
                                   "a timing line follows the block without a blank line; a new cue starts here",
                                   at: SourceLocation(line: lineNumber, column: 1))
                    }
                    position = previousPosition
                    line = previousLine
                    break
                }
            } else if lineStart == lineEnd {
                break
            } else {
                if !inHeader && lineCount == 2 && !seenCue {
                    if startsWithKeyword("STYLE", bufferStart..<bufferEnd) {
                        styleSheet = true
                        bufferStart = lineStart
                        bufferEnd = lineStart
                    } else if startsWithKeyword("REGION", bufferStart..<bufferEnd) {
                        region = true
                        bufferStart = lineStart
                        bufferEnd = lineStart
                    }
                }
                if bufferStart == bufferEnd { bufferStart = lineStart }
                bufferEnd = lineEnd
                previousPosition = position
                previousLine = line
            }
            if seenEOF { break }
        }

        let buffer = bufferStart..<bufferEnd
        if inHeader { return buffer }
        if let cue {
            appendCue(cue, text: buffer, blockLine: blockLine)
        } else if styleSheet {
            let css = String(decoding: p[buffer], as: UTF8.self)
            styleBlocks.append(WebVTTStyleBlock(css: css, firstLine: blockLine + 1))
            styleSheets.append(WebVTTStyleSheet(parsing: css, startingLine: blockLine + 1, diagnostics: &log))
        } else if region {
            let parsed = WebVTTRegionSettings.parse(p, buffer, firstLine: blockLine + 1, log: &log)
            regionIndexByID[parsed.values.id] = regionValues.count
            regionValues.append(parsed.values)
            regions.append(parsed.model)
        } else if !failedTiming {
            reportSkippedBlock(firstLineRange, lineCount: lineCount, at: blockLine)
        }
        return buffer
    }

    /// A timing line read: the identifier, the times, and where its settings are.
    struct ParsedTiming {
        var id: String
        var start: MediaTime
        var end: MediaTime
        /// Where the settings are remembered (`recentSettings`), if they are: cues with the same
        /// settings text share their layout, and the settings are not copied for each.
        var remembered: Int?
        /// The settings, when they are not remembered.
        var settings: WebVTTCueSettings?
    }

    private mutating func appendCue(_ cue: ParsedTiming, text: Range<Int>, blockLine: Int) {
        if cascade == nil, styleSheets.contains(where: { !$0.isEmpty }) {
            cascade = WebVTTStyleCascade(styleSheets, trackLanguage: trackLanguage)
        }
        // Rules that depend on an element alone style it as it is built (no second walk).
        if styler == nil, let cascade, cascade.stylesElementsAlone {
            let memo = styleMemo
            styler = { cascade.elementStyle(typeName: $0, classes: $1, voice: $2, langAttribute: $3, memo: memo) }
        }
        let content = WebVTTCueTextParser.parse(p, text, styler: styler)
        var model = Cue(id: cue.id.isEmpty ? nil : cue.id, start: cue.start, end: cue.end, content: content,
                        source: SourceLocation(line: blockLine, column: 1))
        if let k = cue.remembered {
            model.sharedLayout = recentLayouts[k]
        } else if let settings = cue.settings {
            model.layout = settings.layout
        }
        if let cascade { cascade.apply(to: &model, memo: styleMemo, elementsStyled: styler != nil) }
        cues.append(model)
        if let keptSource {
            let values = cue.remembered.map { recentSettings[$0].values } ?? cue.settings?.values ?? WebVTTCueValues()
            cueValues.append(values.with(id: cue.id, text: text, of: keptSource))
        }
    }

    /// A block that is neither a cue, a style sheet nor a region: a `NOTE` is a comment; anything
    /// else is reported, since its text is lost.
    private mutating func reportSkippedBlock(_ first: Range<Int>, lineCount: Int, at blockLine: Int) {
        let location = SourceLocation(line: blockLine, column: 1)
        if startsWithKeyword("NOTE", first, orWhitespaceThenText: true) { return }
        if seenCue && lineCount >= 2 && startsWithKeyword("STYLE", first) {
            log.report(.warning, .webVTTStyleAfterCue, "a STYLE block after the first cue is not allowed; skipped", at: location)
        } else if seenCue && lineCount >= 2 && startsWithKeyword("REGION", first) {
            log.report(.warning, .webVTTRegionAfterCue, "a REGION block after the first cue is not allowed; skipped", at: location)
        } else {
            let text = String(decoding: p[first.prefix(60)], as: UTF8.self)
            log.report(.warning, .webVTTStrayBlock, "a block without a timing line ('\(text)'); skipped", at: location)
        }
    }

    /// §6.3, "collect WebVTT cue timings and settings" from a timing line; nil (reported) on failure.
    private mutating func timingsAndSettings(_ range: Range<Int>, identifier: String, lineNumber: Int) -> ParsedTiming? {
        var i = range.lowerBound
        func fail(_ what: String) -> Bool {
            log.report(.warning, .webVTTBadTiming, "\(what); the cue is skipped",
                       at: SourceLocation(line: lineNumber, column: i - range.lowerBound + 1))
            return false
        }
        func skipWhitespace() { while i < range.upperBound, WebVTTNumbers.isWhitespace(p[i]) { i += 1 } }
        skipWhitespace()
        guard let start = WebVTTTimestamp.collect(p, &i, range.upperBound) else {
            _ = fail("invalid start timestamp (expected [hh:]mm:ss.ttt)")
            return nil
        }
        skipWhitespace()
        for b in "-->".utf8 {
            guard i < range.upperBound, p[i] == b else {
                _ = fail("expected '-->' after the start time")
                return nil
            }
            i += 1
        }
        skipWhitespace()
        guard let end = WebVTTTimestamp.collect(p, &i, range.upperBound) else {
            _ = fail("invalid end timestamp (expected [hh:]mm:ss.ttt)")
            return nil
        }
        if end < start {
            log.report(.warning, .webVTTEndBeforeStart, "the cue ends before it starts; kept as written",
                       at: SourceLocation(line: lineNumber, column: 1))
        }
        let text = i..<range.upperBound
        let hash = fnv1a(text)
        if let k = recentByHash[hash], sameBytes(recentTexts[k], text) {
            return ParsedTiming(id: identifier, start: start, end: end, remembered: k)
        }
        var settings = WebVTTCueSettings(regions: regionIndexByID)
        let reportsBefore = log.reportCount
        if !text.isEmpty {
            settings.parse(p, text, lineNumber: lineNumber, lineStart: range.lowerBound, log: &log)
        }
        // Settings that reported something are parsed again next time, so each line is reported.
        var remembered: Int?
        if log.reportCount == reportsBefore, recentTexts.count < Self.recentSettingsLimit, recentByHash[hash] == nil {
            recentTexts.append(text)
            recentSettings.append(settings)
            recentLayouts.append(SharedLayout(settings.layout))
            remembered = recentTexts.count - 1
            recentByHash[hash] = remembered
        }
        return ParsedTiming(id: identifier, start: start, end: end, remembered: remembered,
                            settings: remembered == nil ? settings : nil)
    }

    /// FNV-1a over the bytes: a cheap, good enough hash for short settings texts.
    private func fnv1a(_ range: Range<Int>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in range {
            hash = (hash ^ UInt64(p[i])) &* 0x100_0000_01b3
        }
        return hash
    }

    private func sameBytes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count, let base = p.baseAddress else { return false }
        return a.isEmpty || memcmp(base + a.lowerBound, base + b.lowerBound, a.count) == 0
    }

    /// The end of the line starting at `i` (its LF, or `limit`).
    @inline(__always) private func endOfLine(from i: Int) -> Int {
        guard i < limit, let base = p.baseAddress,
              let found = memchr(base + i, 0x0A, limit - i) else { return limit }
        return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
    }

    /// Whether the line contains `-->`.
    @inline(__always) private func containsArrow(_ range: Range<Int>) -> Bool {
        var i = range.lowerBound + 2
        while i < range.upperBound {
            let b = p[i]
            if b == UInt8(ascii: ">") {
                if p[i - 1] == UInt8(ascii: "-") && p[i - 2] == UInt8(ascii: "-") { return true }
                i += 1
            } else if b == UInt8(ascii: "-") {
                i += 1
            } else {
                i += 3
            }
        }
        return false
    }

    /// `keyword` followed only by ASCII whitespace (or, for `NOTE`, by whitespace and any text).
    private func startsWithKeyword(_ keyword: StaticString, _ range: Range<Int>, orWhitespaceThenText: Bool = false) -> Bool {
        let k = UnsafeBufferPointer(start: keyword.utf8Start, count: keyword.utf8CodeUnitCount)
        guard range.count >= k.count, p[range.lowerBound..<(range.lowerBound + k.count)].elementsEqual(k) else { return false }
        let rest = p[(range.lowerBound + k.count)..<range.upperBound]
        if orWhitespaceThenText { return rest.first.map { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A } ?? true }
        return rest.allSatisfy(WebVTTNumbers.isWhitespace)
    }
}
