import Foundation
public import TimedText
import TextScanning

extension DiagnosticCode {
    /// Warning: a caption wraps to more than 4 rows; the first 4 are kept.
    public static let sccTooManyRows: Self = "scc.too-many-rows"
    /// Warning: a character outside CEA-608's sets, written as the closest one (its base letter, a
    /// straight quote).
    public static let sccUnrepresentableCharacter: Self = "scc.unrepresentable-character"
    /// Warning: a caption is shown some frames after its start, because the frames before it could not
    /// hold its byte pairs; or erased some frames after its end, because it is shorter than they are.
    public static let sccLateCaption: Self = "scc.late-caption"
    /// Info: captions whose end is two frames or less before the next caption's start are left on
    /// screen until it replaces them, rather than blanking the screen for a frame or two.
    public static let sccGapClosed: Self = "scc.gap-closed"
    /// Info: a cue with no text to show; not written.
    public static let sccEmptyCaption: Self = "scc.empty-caption"
    /// Warning: a caption whose pop-on loading did not fit before its start was written paint-on.
    public static let sccFallbackPaintOn: Self = "scc.fallback-paint-on"
    /// Warning: a caption whose pop-on loading did not fit before its start was written roll-up.
    public static let sccFallbackRollUp: Self = "scc.fallback-roll-up"
    /// Info: a look 608 cannot draw exactly (a colour outside its seven, bold): the nearest written.
    public static let sccApproximatedStyle: Self = "scc.approximated-style"
    /// Info: cues shown at the same time written as one pop-on caption holding them all.
    public static let sccSimultaneousCaptions: Self = "scc.simultaneous-captions"
    /// Warning: a cue left out of a caption (or of all) because cues shown with it fill 608's 4 rows.
    public static let sccSimultaneousCaptionCut: Self = "scc.simultaneous-caption-cut"
}

/// Writes pop-on SCC (channel CC1) from any track, within CEA-608's limits:
///
/// - **Columns**: each line of a cue is wrapped at 32 characters at Unicode line-break
///   opportunities (`LineBreaking`); a caption of more than 4 rows keeps its first 4, with
///   `scc.too-many-rows`. Rows go where the cue is placed, on the nearest row (the 608 reader's
///   layouts exactly), and at its column when it is placed by its left edge; otherwise at the
///   bottom of the grid (rows 12–15), centred by the PAC indent and a tab offset.
/// - **Looks**: italics, underline and the seven text colours, as the PAC's style and mid-row codes
///   (each shown as a space: in place of the space where the look changes, else one column more);
///   other colours as the nearest and bold as upright, with `scc.approximated-style`.
/// - **Characters**: the basic set, then the special and extended sets (an extended character is
///   sent after its basic fallback, which it replaces, CEA-608-E); anything else becomes the
///   closest representable character (its base letter, straight quotes, `...`), with
///   `scc.unrepresentable-character`.
/// - **Bandwidth**: one byte pair per frame. Caption N is loaded into non-displayed memory (RCL,
///   ENM, PACs, text) while caption N−1 is on screen, and its EOC lands on its start frame; an EDM
///   blanks the screen at a caption's end when nothing follows at once. When the frames between
///   two captions cannot hold the loading, the writer does what `Options.fallback` says, never
///   silently: it paints the caption on (`scc.fallback-paint-on`) or rolls it up
///   (`scc.fallback-roll-up`), so that it starts on time and appears row by row, or it keeps
///   pop-on and shows the caption late (`scc.late-caption`, also reported when even a fallback
///   cannot start in time).
public struct SCCWriter: Sendable {
    /// How to write when 608's bandwidth runs short, and how to label frames.
    public struct Options: Sendable, Hashable {
        /// What to do with a caption whose pop-on loading does not fit before its start.
        public enum Fallback: String, Sendable, Hashable, CaseIterable {
            /// Paint-on (RDC): the screen is erased and the rows are painted from the start frame.
            case paintOn = "paint-on"
            /// Roll-up (RU2–RU4): the rows roll in from the bottom row, one carriage return each.
            case rollUp = "roll-up"
            /// Stay pop-on and show the caption as soon as it is loaded.
            case late
        }

        /// What to do when a caption's pop-on loading does not fit before its start; `paintOn` by default.
        public var fallback: Fallback
        /// Write drop-frame timecodes (`HH:MM:SS;FF`), which stay within a frame of the clock;
        /// the default non-drop labels run 3.6 s an hour slow against it (the times are the same).
        public var dropFrame: Bool

        /// By default: paint-on fallback, non-drop-frame timecodes.
        public init(fallback: Fallback = .paintOn, dropFrame: Bool = false) {
            self.fallback = fallback
            self.dropFrame = dropFrame
        }

        /// Paint-on fallback, non-drop-frame timecodes.
        public static let `default` = Options()
    }

    /// How this writer writes.
    public var options: Options

    /// A writer with `options`.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The SCC text of the document's first track, and what had to be changed to fit 608.
    public func write(_ document: Document) -> ParseResult<[UInt8]> {
        // TTML box regions' cues where their region is, then on 608's nearest row and column.
        let cues = document.tracks.first.map { $0.placingBoxRegionCues().track.cues } ?? []
        var result = write(cues, language: document.tracks.first?.language?.rawValue)
        result.diagnostics.insert(contentsOf: document.tracksNotWritten(by: "SCC (CC1)"), at: 0)
        return result
    }

    /// Writes `cues` as pop-on SCC on CC1, in start order (ties in the order given). A cue without an
    /// end stays on screen until the next one starts. Cues shown at the same time are one pop-on
    /// caption holding them all, each on its own rows, rewritten as each starts or ends
    /// (`scc.simultaneous-captions`; one that does not fit in 4 rows is reported cut,
    /// `scc.simultaneous-caption-cut`). The diagnostics say what had to change.
    /// `language` (a BCP 47 tag) picks the line breaking rules long lines are wrapped by.
    public func write(_ cues: [Cue], language: String? = nil) -> ParseResult<[UInt8]> {
        let scheduled = schedule(cues, language: language)
        return ParseResult(value: Array(Self.text(scheduled.value, dropFrame: options.dropFrame).utf8), diagnostics: scheduled.diagnostics)
    }

    /// The byte pairs of the document's first track on CC1, frame by frame (frame n at n ×
    /// 1001/30000 s), as `write` would write them: for a container of line-21 data other than
    /// SCC (MCC's `cc_data`). The diagnostics are `write`'s.
    public func framePairs(_ document: Document) -> ParseResult<[(frame: Int64, byte1: UInt8, byte2: UInt8)]> {
        let cues = document.tracks.first.map { $0.placingBoxRegionCues().track.cues } ?? []
        let scheduled = schedule(cues, language: document.tracks.first?.language?.rawValue)
        let pairs = scheduled.value.keys.sorted().compactMap { frame -> (frame: Int64, byte1: UInt8, byte2: UInt8)? in
            guard let word = UInt16(scheduled.value[frame]!, radix: 16) else { return nil }
            return (frame, UInt8(word >> 8), UInt8(word & 0xFF))
        }
        return ParseResult(value: pairs, diagnostics: document.tracksNotWritten(by: "CEA-608 (CC1)") + scheduled.diagnostics)
    }

    /// The frame each word is sent on (its hex, `9420`), and what had to change.
    private func schedule(_ cues: [Cue], language: String?) -> ParseResult<[Int64: String]> {
        var log = DiagnosticLog()
        var approximations = LookApproximations()
        var schedule = FrameSchedule()
        let ordered = cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        var rowsOfCue: [[Row]] = []
        rowsOfCue.reserveCapacity(ordered.count)
        for (index, cue) in ordered.enumerated() {
            let rows = captionRows(for: cue, language: language, log: &log, approximations: &approximations)
            if rows.isEmpty {
                log.report(.info, .sccEmptyCaption, "caption \(index + 1) has no text: 608 has nothing to show for it; not written",
                           at: cue.source)
            }
            rowsOfCue.append(rows)
        }
        let captions = Self.captions(ordered, rows: rowsOfCue, log: &log)
        var pendingErase: Int64?  // the previous caption's end, when the screen must be blanked then
        // Gaps of two frames or less closed (the caption before kept until the next replaces it).
        var closedGaps = 0
        var firstClosedGap: SourceLocation?
        var previousSource: SourceLocation?
        for (position, caption) in captions.enumerated() {
            let index = caption.label
            let rows = caption.rows
            let start = Self.frame(of: caption.start)
            // An end less than two frames before this start is left to the caption that replaces it.
            if let erase = pendingErase, erase < start - 2, erase >= schedule.nextFree {
                schedule.place([Self.erase], at: erase)
            } else if let erase = pendingErase, erase < start {
                closedGaps += 1
                if firstClosedGap == nil { firstClosedGap = previousSource }
            }
            previousSource = caption.source
            // Pop-on: the EOC (the first of its two pairs) lands on the start frame; the loading is
            // laid out backwards from it, after what is already sent.
            let popOn = [Self.resumeCaptionLoading, Self.eraseNonDisplayed] + rows.flatMap { $0.units() } + [Self.endOfCaption]
            var shown: Int64
            if schedule.placeBackwards(popOn, endingAt: start + 1) {
                shown = start
            } else if options.fallback == .late {
                shown = schedule.placeForwards(popOn) - 2
            } else {
                // Paint-on or roll-up: a prelude (the mode, then an erase of whatever is shown) ends
                // just before the start frame, and the rows follow from it: the first row's PAC is
                // what starts the caption.
                let (prelude, body) = fallbackUnits(rows)
                let code: DiagnosticCode = options.fallback == .paintOn ? .sccFallbackPaintOn : .sccFallbackRollUp
                log.report(.warning, code,
                           "caption \(index + 1): its \(popOn.reduce(0) { $0 + $1.count }) pop-on byte pairs do not fit in the frames before it; written \(options.fallback.rawValue) instead, so it appears row by row from its start",
                           at: caption.source)
                if schedule.placeBackwards(prelude, endingAt: start - 1) {
                    shown = start
                    schedule.placeForwards(body, from: start)
                } else {
                    shown = schedule.placeForwards(prelude)
                    schedule.placeForwards(body, from: shown)
                }
            }
            if shown > start {
                log.report(.warning, .sccLateCaption,
                           "caption \(index + 1) is shown \(shown - start) frames late: the frames from the end of what is already sent to its start cannot hold its byte pairs",
                           at: caption.source)
            }
            let end = caption.end.map(Self.frame(of:))
            let next = position + 1 < captions.count ? Self.frame(of: captions[position + 1].start) : nil
            // Blank the screen at the end unless the next caption replaces this one at once.
            if let end, next.map({ end < $0 }) ?? true {
                pendingErase = max(end, schedule.nextFree)
                // A caption shorter than its own byte pairs (or ending before it starts) stays
                // until they are sent: the erase cannot come before them.
                if let erase = pendingErase, erase > end {
                    log.report(.warning, .sccLateCaption,
                               "caption \(index + 1) is erased \(erase - end) frames after its end (\(erase - shown) frames after it appears): 608 cannot erase it before its own byte pairs are sent",
                               at: caption.source)
                }
            } else {
                pendingErase = nil
            }
        }
        if let erase = pendingErase {
            schedule.place([Self.erase], at: max(erase, schedule.nextFree))
        }
        if closedGaps > 0 {
            log.report(.info, .sccGapClosed,
                       "\(closedGaps) caption\(closedGaps == 1 ? " stays" : "s stay") on screen up to 2 frames past \(closedGaps == 1 ? "its" : "their") end, until the next replaces \(closedGaps == 1 ? "it" : "them"): an erase so close to the next caption would blank the screen for a frame or two (the first here)",
                       at: firstClosedGap)
        }
        return ParseResult(value: schedule.frames,
                           diagnostics: log.finished() + approximations.diagnostics + Self.changes(cues, ContentSurvey(cues)))
    }

    /// The cues whose looks 608 draws only approximately, counted to be said once per kind.
    private struct LookApproximations {
        var colors = 0, firstColor: SourceLocation?
        var bold = 0, firstBold: SourceLocation?

        mutating func note(_ styled: SCCStyledText, at location: SourceLocation?) {
            if styled.approximatesColor {
                colors += 1
                if firstColor == nil { firstColor = location }
            }
            if styled.hasBold {
                bold += 1
                if firstBold == nil { firstBold = location }
            }
        }

        var diagnostics: [Diagnostic] {
            var out: [Diagnostic] = []
            if colors > 0 {
                out.append(Diagnostic(.info, .sccApproximatedStyle,
                                      "608 has seven text colours: other colours are written as the nearest of them (\(colors) cue\(colors == 1 ? "" : "s"), the first here)",
                                      at: firstColor))
            }
            if bold > 0 {
                out.append(Diagnostic(.info, .sccApproximatedStyle,
                                      "608 has no bold: bold text is written upright (\(bold) cue\(bold == 1 ? "" : "s"), the first here)", at: firstBold))
            }
            return out
        }
    }

    /// One pop-on caption to send: what shows from `start` to `end`.
    private struct Caption {
        var start: MediaTime
        var end: MediaTime?
        var rows: [Row]
        /// The 0-based number of its first cue, for messages, and where that cue was read.
        var label: Int
        var source: SourceLocation?
    }

    /// The captions to send: one per cue, or, where cues overlap, one per screen holding every
    /// cue then shown, each on its own rows (a cue whose rows another's already hold moves to
    /// the nearest free ones), at most 4 rows (a cue that would make more is left out of that
    /// caption, and said). Consecutive screens of one cue that show the same rows are one caption.
    private static func captions(_ cues: [Cue], rows: [[Row]], log: inout DiagnosticLog) -> [Caption] {
        var captions: [Caption] = []
        var combined = 0, moved = 0
        var firstCombined: SourceLocation?
        var everShown = [Bool](repeating: false, count: cues.count)
        var lastCues: [Int] = []
        for screen in SCCScreens.screens(cues) {
            var placed: [Row] = []
            var taken = Set<Int>()
            for k in screen.cues where !rows[k].isEmpty {
                let block = rows[k]
                guard placed.count + block.count <= 4 else {
                    log.report(.warning, .sccSimultaneousCaptionCut,
                               "caption \(k + 1) is not shown from \(screen.start.secondsText) s\(screen.end.map { " to \($0.secondsText) s" } ?? ""): \(placed.count) rows of captions shown at the same time are already on screen, and 608 pop-on shows 4",
                               at: cues[k].source)
                    continue
                }
                let top = block[0].row
                let fits = { (t: Int) in (t..<t + block.count).allSatisfy { $0 >= 1 && $0 <= 15 && !taken.contains($0) } }
                var at = top
                if !fits(top) {
                    // The nearest free rows, above first (608 captions grow upward from the bottom).
                    at = (1...14).lazy.flatMap { d in [top - d, top + d] }.first(where: fits) ?? top
                    moved += 1
                }
                for (j, row) in block.enumerated() {
                    var row = row
                    row.row = at + j
                    taken.insert(row.row)
                    placed.append(row)
                }
                everShown[k] = true
            }
            placed.sort { $0.row < $1.row }
            if screen.cues.count > 1, placed.count > rows[screen.cues[0]].count {
                combined += 1
                if firstCombined == nil { firstCombined = cues[screen.cues[0]].source }
            }
            guard !placed.isEmpty else { continue }
            // The same cue still shown, the same rows (a cue with no text started or ended): one caption.
            if var last = captions.last, last.end == screen.start, last.rows == placed, lastCues.contains(where: screen.cues.contains) {
                last.end = screen.end
                captions[captions.count - 1] = last
                lastCues = screen.cues
                continue
            }
            captions.append(Caption(start: screen.start, end: screen.end, rows: placed, label: screen.cues[0],
                                    source: cues[screen.cues[0]].source))
            lastCues = screen.cues
        }
        for k in cues.indices where !everShown[k] && !rows[k].isEmpty {
            log.report(.warning, .sccSimultaneousCaptionCut,
                       "caption \(k + 1) is never shown: other captions shown at the same time fill 608's rows", at: cues[k].source)
        }
        if combined > 0 {
            log.report(.info, .sccSimultaneousCaptions,
                       "captions shown at the same time are written as one pop-on caption holding them all (\(combined) time\(combined == 1 ? "" : "s"), the first here)\(moved > 0 ? "; \(moved) moved to free rows where their rows were taken" : "")",
                       at: firstCombined)
        }
        return captions
    }

    /// What this writer does not carry, once per kind: styles beyond 608's looks (fonts, sizes,
    /// backgrounds other than its black), regions and cue boxes, inline timestamps, voices,
    /// classes, language spans and ruby annotations; and the cues placed off 608's grid, moved to
    /// the nearest row.
    static func changes(_ cues: [Cue], _ survey: ContentSurvey) -> [Diagnostic] {
        let carried: Set<String> = ["color", "font-style", "text-decoration", "font-weight"]
        var cueStyleNames = Set<String>()
        var cueStyleCues = 0, firstCueStyle: SourceLocation?
        var offGrid = 0, firstOffGrid: SourceLocation?
        for cue in cues {
            if cue.hasStyle {
                var style = cue.style.withoutInitialValues
                if style.backgroundColor == .black { style.backgroundColor = nil }  // 608's own background
                let names = Set(style.propertyNames).subtracting(carried)
                if !names.isEmpty {
                    cueStyleNames.formUnion(names)
                    cueStyleCues += 1
                    if firstCueStyle == nil { firstCueStyle = cue.source }
                }
            }
            if !cue.hasDefaultLayout {
                let rows = max(1, min(4, cue.plainText.split(separator: "\n").count))
                let place = placement(of: cue, rows: rows)
                var layout = cue.layout
                layout.regionID = nil
                layout.box = nil
                if !layout.isDefault, layout != CEA608CueBuilder.layout(topRow: place.topRow, column: place.column ?? -1) {
                    offGrid += 1
                    if firstOffGrid == nil { firstOffGrid = cue.source }
                }
            }
        }
        var out = [
            survey.report(.ruby, .markupDropped, "the SCC writer writes no ruby: annotations are left out, the base text kept"),
            survey.report(.voices, .markupDropped, "the SCC writer writes no speaker names: <v> is dropped, its text kept"),
            survey.report(.classes, .markupDropped, "CEA-608 has no classes: <c> classes are dropped, their text kept"),
            survey.report(.languages, .markupDropped, "CEA-608 has no language spans: they are dropped, their text kept"),
            survey.report(.timestamps, .timestampsDropped, "the SCC writer writes pop-on captions: karaoke and paint-on timing (and karaoke colours) is dropped, all text shows from the cue's start"),
            survey.report(.regions, .layoutApproximated, "CEA-608 has no regions: cues in regions are placed by their own settings"),
            survey.report(.boxes, .layoutApproximated, "CEA-608 has no cue boxes: their coordinates are dropped"),
            survey.reportSpanStyles(notIn: carried, format: "SCC (CEA-608)"),
        ].compactMap { $0 }
        if offGrid > 0 {
            out.append(Diagnostic(.warning, .layoutApproximated,
                                  "608 places captions on a grid of 15 rows and 32 columns: positions are written as the nearest row (and column, for cues placed by their left edge; others are centred) (\(offGrid) cue\(offGrid == 1 ? "" : "s"), the first here)",
                                  at: firstOffGrid))
        }
        if cueStyleCues > 0 {
            out.append(Diagnostic(.warning, .styleDropped,
                                  "608 draws its own font on black: \(cueStyleNames.sorted().joined(separator: ", ")) of whole cues dropped (\(cueStyleCues) cue\(cueStyleCues == 1 ? "" : "s"), the first here)",
                                  at: firstCueStyle))
        }
        return out
    }

    /// One byte-pair word per frame, filled in caption order. A unit (a doubled control code, an
    /// extended character after its fallback) goes on consecutive frames: a code in between would
    /// make the repeat act a second time.
    private struct FrameSchedule {
        var frames: [Int64: String] = [:]  // frame number → the word sent on it
        /// The first frame after everything written so far.
        var nextFree: Int64 = 0

        func isFree(_ at: Int64, _ count: Int) -> Bool { (0..<Int64(count)).allSatisfy { frames[at + $0] == nil } }

        mutating func place(_ units: [[String]], at frame: Int64) {
            var at = frame
            for unit in units {
                for word in unit {
                    frames[at] = word
                    at += 1
                }
            }
            nextFree = max(nextFree, at)
        }

        /// Lays the units out so that the last word lands on `last` or as close before it as the
        /// free frames allow, never before `nextFree`; false (and nothing placed) when they don't fit.
        mutating func placeBackwards(_ units: [[String]], endingAt last: Int64) -> Bool {
            var layout: [(Int64, [String])] = []
            var last = last
            for unit in units.reversed() {
                var at = last - Int64(unit.count) + 1
                while at >= nextFree, !isFree(at, unit.count) { at -= 1 }
                guard at >= nextFree else { return false }
                layout.append((at, unit))
                last = at - 1
            }
            let end = (layout.first.map { $0.0 + Int64($0.1.count) }) ?? nextFree
            for (at, unit) in layout { place([unit], at: at) }
            nextFree = max(nextFree, end)
            return true
        }

        /// Lays the units out from `from` (or `nextFree`, whichever is later) on the first free
        /// frames; returns the frame after the last word.
        @discardableResult
        mutating func placeForwards(_ units: [[String]], from: Int64 = 0) -> Int64 {
            var frame = max(from, nextFree)
            for unit in units {
                while !isFree(frame, unit.count) { frame += 1 }
                place([unit], at: frame)
                frame += Int64(unit.count)
            }
            return frame
        }
    }

    /// One caption row as the writer sends it: where it goes and its text.
    private struct Row: Equatable {
        var row: Int
        /// The column of its first cell, 0–31: a PAC indent (a multiple of 4) plus a tab offset.
        var column: Int
        /// The PAC's own look: a style PAC (colour or italics, column 0) when the row starts with
        /// one it can say; nil for an indent PAC (white, upright; `underline` its bit).
        var stylePAC: CEA608Style?
        var underlinedIndent = false
        var text: [[String]]

        /// The PAC for `row` (or the row's own), the tab offset, the text.
        func units(onRow target: Int? = nil) -> [[String]] {
            let row = target ?? self.row
            if let stylePAC { return [SCCWriter.preamble(row: row, look: stylePAC)] + text }
            var units = [SCCWriter.preamble(row: row, indent: column / 4 * 4, underline: underlinedIndent)]
            let tab = UInt8(column % 4)
            if tab > 0 { units.append([SCCWriter.word(0x17, 0x20 + tab), SCCWriter.word(0x17, 0x20 + tab)]) }  // TO1–TO3
            return units + text
        }
    }

    /// The rows of one caption, wrapped to 32 columns, at most 4: at the cue's place on the grid
    /// (the nearest row, and column for a cue placed by its left edge), else bottom-aligned and
    /// centred; italics, underline and colours as the PAC's style and mid-row codes.
    private func captionRows(for cue: Cue, language: String?, log: inout DiagnosticLog,
                             approximations: inout LookApproximations) -> [Row] {
        let styled = SCCStyledText(cue)
        var lines: [[SCCStyledText.Cell]] = []
        for line in styled.lines {
            let text = String(line.map(\.character))
            let wrapped = (try? LineBreaking.wrap(text, width: 32, language: language)) ?? [String(text.prefix(32))]
            lines += SCCStyledText.cut(line, into: wrapped).filter { !$0.isEmpty }
        }
        if lines.count > 4 {
            log.report(.warning, .sccTooManyRows, "a caption of \(lines.count) rows: CEA-608 pop-on shows 4 here; the first 4 are kept",
                       at: cue.source)
            lines = Array(lines.prefix(4))
        }
        guard !lines.isEmpty else { return [] }
        approximations.note(styled, at: cue.source)
        let place = Self.placement(of: cue, rows: lines.count)
        return lines.enumerated().map { k, cells in
            var row = Row(row: place.topRow + k, column: 0, stylePAC: nil, text: [])
            let encoded = encode(cells, log: &log, at: cue.source)
            var column = place.column ?? max(0, (32 - encoded.columns) / 2)
            let first = cells[0].look
            let plain = first.color == .white && !first.italic
            if plain {
                row.underlinedIndent = first.underline
                row.text = encoded.units
            } else if column == 0, !first.italic || first.color == .white {
                // A style PAC says the first look at column 0 without a cell for it.
                row.stylePAC = first
                row.text = encoded.units
            } else {
                // Mid-row codes, each shown as a space, just before the text.
                let lead = Self.midRowCodes(from: CEA608Style(), to: first)
                column = max(0, column - lead.count)
                row.text = lead + encoded.units
            }
            row.column = min(31, column)
            return row
        }
    }

    /// Where a caption of `rows` rows goes: its top row, and its first column (nil: centred).
    /// The 608 reader's layout (the top of row r at (r + 1)/19 of the frame, the left edge at
    /// (4 + c)/40) comes back to the same row and column; other layouts go to the nearest.
    static func placement(of cue: Cue, rows: Int) -> (topRow: Int, column: Int?) {
        let bottom = 16 - rows
        guard !cue.hasDefaultLayout else { return (bottom, nil) }
        let layout = cue.layout
        var top = bottom
        switch layout.line {
        case .auto: break
        case .number(let n): top = n >= 0 ? n + 1 : 16 + n - rows + 1
        case .fraction(let f):
            let edge = Int((f.doubleValue * 19).rounded())
            switch layout.lineAlignment {
            case .start: top = edge - 1
            case .center: top = edge - 1 - rows / 2
            case .end: top = edge - 1 - rows
            }
        }
        top = min(max(1, top), bottom)
        var column: Int?
        if let position = layout.position, layout.computedPositionAlignment() == .lineLeft {
            column = min(31, max(0, Int((position.doubleValue * 40).rounded()) - 4))
        }
        return (top, column)
    }

    /// The mid-row codes (each doubled, each a cell shown as a space) that change the pen from
    /// `current` to `target`: a colour code (which also ends italics), then the italics code
    /// (which keeps the colour) when the target is italic.
    static func midRowCodes(from current: CEA608Style, to target: CEA608Style) -> [[String]] {
        func code(_ second: UInt8) -> [String] { [word(0x11, second), word(0x11, second)] }
        let u: UInt8 = target.underline ? 1 : 0
        if target.italic {
            // The italics code keeps the pen's colour; another colour is set first.
            let italics = code(0x2E + u)
            return current.color == target.color ? [italics] : [code(0x20 + target.color.rawValue * 2 + u), italics]
        }
        return [code(0x20 + target.color.rawValue * 2 + u)]
    }

    /// The paint-on or roll-up form of a caption: the prelude that selects the mode and erases the
    /// screen, and the rows. Roll-up writes every row on the base row (15) and scrolls the earlier
    /// ones up with a carriage return, in a window as deep as the caption (RU2 for one or two rows).
    private func fallbackUnits(_ rows: [Row]) -> (prelude: [[String]], body: [[String]]) {
        switch options.fallback {
        case .rollUp:
            let depth = max(2, rows.count)
            let rollUp = [Self.word(0x14, 0x23 + UInt8(depth)), Self.word(0x14, 0x23 + UInt8(depth))]
            var body: [[String]] = []
            for (k, row) in rows.enumerated() {
                if k > 0 { body.append(Self.carriageReturn) }
                body += row.units(onRow: 15)  // a roll-up PAC sets the window's base row
            }
            return ([rollUp, Self.eraseDisplayed], body)
        case .paintOn, .late:
            return ([Self.resumeDirectCaptioning, Self.eraseDisplayed], rows.flatMap { $0.units() })
        }
    }

    // Control codes, each sent twice on consecutive frames as encoders do (CEA-608-E Table 51).
    private static let resumeCaptionLoading = [word(0x14, 0x20), word(0x14, 0x20)]
    private static let resumeDirectCaptioning = [word(0x14, 0x29), word(0x14, 0x29)]
    private static let eraseDisplayed = [word(0x14, 0x2C), word(0x14, 0x2C)]
    private static let eraseNonDisplayed = [word(0x14, 0x2E), word(0x14, 0x2E)]
    private static let endOfCaption = [word(0x14, 0x2F), word(0x14, 0x2F)]
    private static let carriageReturn = [word(0x14, 0x2D), word(0x14, 0x2D)]
    private static let erase = eraseDisplayed

    /// A row's text as units of byte-pair words, and how many columns it takes: characters in
    /// pairs, and where the look changes, mid-row codes — in place of the space there (a mid-row
    /// code shows as a space), else before the character (a column more).
    private func encode(_ cells: [SCCStyledText.Cell], log: inout DiagnosticLog, at location: SourceLocation?) -> (units: [[String]], columns: Int) {
        var words: [[String]] = []
        var pending: [UInt8] = []
        var columns = 0
        var truncated = false
        func flush() {
            guard !pending.isEmpty else { return }
            words.append([Self.word(pending[0], pending.count > 1 ? pending[1] : 0x00)])
            pending.removeAll()
        }
        var look = cells.first?.look ?? CEA608Style()
        for (k, cell) in cells.enumerated() {
            if cell.look != look {
                let codes = Self.midRowCodes(from: look, to: cell.look)
                look = cell.look
                flush()
                words += codes
                columns += codes.count
                // The code's cell is the space, when the change comes at one.
                if cell.character == " " { continue }
            } else if cell.character == " ", k + 1 < cells.count, cells[k + 1].look != look {
                // A space just before a change: the change's code will stand in its place.
                continue
            }
            guard columns < 32 else { truncated = true; break }
            for scalar in String(cell.character).unicodeScalars {
                let code = Self.code(for: scalar) ?? {
                    let substitute = Self.substitute(for: scalar)
                    log.report(.warning, .sccUnrepresentableCharacter,
                               "'\(Character(scalar))' (U+\(String(scalar.value, radix: 16, uppercase: true))) has no CEA-608 character; written as '\(substitute)'",
                               at: location)
                    return Self.code(for: substitute) ?? .standard(UInt8(ascii: "?"))
                }()
                switch code {
                case .standard(let byte):
                    pending.append(byte)
                    if pending.count == 2 { flush() }
                case .special(let byte):
                    flush()
                    // A special character is a control-code pair, sent twice as control codes
                    // are (CEA-608-E D.2): the decoder shows the first and drops the copy. Sent
                    // once, the second of two alike (`®®`) was the first's copy, and dropped.
                    let word = Self.word(0x11, byte)
                    words.append([word, word])
                case .extended(let first, let byte, let fallback):
                    pending.append(fallback)
                    flush()
                    // Sent right after the pair holding its fallback, which it replaces.
                    words[words.count - 1].append(Self.word(first, byte))
                }
                columns += 1
            }
        }
        flush()
        if truncated || columns > 32 {
            log.report(.warning, .sccTooManyRows, "a row longer than 608's 32 columns (its style changes take columns): cut at the 32nd", at: location)
        }
        return (words, min(columns, 32))
    }

    enum Code {
        case standard(UInt8)
        case special(UInt8)
        /// An extended character (first byte 0x12 or 0x13 on channel 1), sent after a basic
        /// fallback that it replaces.
        case extended(UInt8, UInt8, fallback: UInt8)
    }

    /// Unicode → CEA-608 for channel 1: basic characters first, then special, then extended.
    private static let codes: [Unicode.Scalar: Code] = {
        var table: [Unicode.Scalar: Code] = [:]
        for byte in UInt8(0x20)...0x7F {
            if let scalar = CEA608Characters.standard(byte), table[scalar] == nil { table[scalar] = .standard(byte) }
        }
        for byte in UInt8(0x30)...0x3F {
            if let scalar = CEA608Characters.special(byte), table[scalar] == nil { table[scalar] = .special(byte) }
        }
        for (set, first): (Int, UInt8) in [(0, 0x12), (1, 0x13)] {
            for byte in UInt8(0x20)...0x3F {
                guard let scalar = CEA608Characters.extended(set: set, byte), table[scalar] == nil else { continue }
                let base = baseLetter(of: scalar).flatMap { letter -> UInt8? in
                    if case .standard(let b)? = table[letter] { return b }
                    return nil
                } ?? UInt8(ascii: " ")
                table[scalar] = .extended(first, byte, fallback: base)
            }
        }
        return table
    }()

    private static func code(for scalar: Unicode.Scalar) -> Code? { codes[scalar] }

    /// The letter an accented one is built on (`Å` → `A`), by canonical decomposition.
    private static func baseLetter(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first
    }

    /// The closest representable character for one 608 lacks.
    private static func substitute(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar {
        case "\u{2018}", "\u{2019}", "\u{201B}", "\u{2032}": return "'"
        case "\u{201C}", "\u{201D}", "\u{201E}", "\u{2033}": return "\""
        case "\u{2013}", "\u{2010}", "\u{2011}", "\u{2212}": return "-"
        case "\u{2026}": return "."
        case "\u{00A0}", "\u{2007}", "\u{202F}", "\t": return " "
        default:
            if let base = baseLetter(of: scalar), base != scalar, codes[base] != nil { return base }
            return "?"
        }
    }

    /// A PAC for `row` (1–15) and `indent` (0, 4, …, 28), white, sent twice (CEA-608-E Table 53).
    private static let preambleRows: [Int: (UInt8, UInt8)] = [
        1: (0x11, 0x40), 2: (0x11, 0x60), 3: (0x12, 0x40), 4: (0x12, 0x60), 5: (0x15, 0x40), 6: (0x15, 0x60),
        7: (0x16, 0x40), 8: (0x16, 0x60), 9: (0x17, 0x40), 10: (0x17, 0x60), 11: (0x10, 0x40), 12: (0x13, 0x40),
        13: (0x13, 0x60), 14: (0x14, 0x40), 15: (0x14, 0x60)]

    /// An indent PAC: white, upright, at column `indent` (a multiple of 4), underlined or not.
    fileprivate static func preamble(row: Int, indent: Int, underline: Bool = false) -> [String] {
        let (first, base) = preambleRows[row]!
        let second = base | 0x10 | UInt8(indent / 4) << 1 | (underline ? 1 : 0)
        return [word(first, second), word(first, second)]
    }

    /// A style PAC: column 0 in a colour, or white italics, underlined or not.
    fileprivate static func preamble(row: Int, look: CEA608Style) -> [String] {
        let (first, base) = preambleRows[row]!
        let second = base | (look.italic ? 0x0E : look.color.rawValue * 2) | (look.underline ? 1 : 0)
        return [word(first, second), word(first, second)]
    }

    /// Two bytes with odd parity, as four hex digits.
    static func word(_ byte1: UInt8, _ byte2: UInt8) -> String {
        let hex = Array("0123456789abcdef".utf8)
        let a = CEA608Parity.add(byte1), b = CEA608Parity.add(byte2)
        return String(decoding: [hex[Int(a >> 4)], hex[Int(a & 15)], hex[Int(b >> 4)], hex[Int(b & 15)]], as: UTF8.self)
    }

    /// The frame (at 30000/1001 fps) a time falls on, rounded to the nearest.
    static func frame(of time: MediaTime) -> Int64 {
        let ticks = time.rounded(toTimescale: 30000)
        return (ticks + 500) / 1001
    }

    /// The SCC text: one line per run of consecutive frames, with its non-drop timecode.
    private static func text(_ frames: [Int64: String], dropFrame: Bool) -> String {
        var out = "Scenarist_SCC V1.0\n"
        var runStart: Int64?
        var previous: Int64 = -2
        var words: [String] = []
        func flush() {
            guard let start = runStart else { return }
            out += "\n\(SCCTimecode(frameNumber: start, dropFrame: dropFrame))\t\(words.joined(separator: " "))\n"
            words.removeAll()
        }
        for frame in frames.keys.sorted() {
            if frame != previous + 1 {
                flush()
                runStart = frame
            }
            words.append(frames[frame]!)
            previous = frame
        }
        flush()
        return out
    }
}
