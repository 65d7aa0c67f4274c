import TimedText

extension ValidationRun {
    /// `layout.ja-vertical-position`, `layout.ja-justification` and `layout.ja-bouten-position`: where Netflix's Japanese
    /// Timed Text Style Guide (§I) puts subtitles. "Vertical subtitles should be top-aligned and
    /// positioned to the left or right side of the screen"; "horizontal subtitles should be
    /// center-aligned and left-justified" — a block centred as a whole, its lines starting
    /// together (the Japanese IMSC 1.1 Creation Guide: `tts:textAlign="center"` with
    /// `ebutts:multiRowAlign="start"`). Only where the profile asks (`japaneseLayout`).
    mutating func checkJapaneseLayout(_ view: CueView, regions: [Region]) {
        let cue = view.cue
        checkBoutenPosition(view, vertical: Self.isVertical(cue, regions: regions), regions: regions)
        if Self.isVertical(cue, regions: regions) {
            if let id = cue.layout.regionID, let region = regions.first(where: { $0.id == id }),
               let origin = region.origin, let extent = region.extent {
                // The region's middle in the middle third of the frame is neither side.
                let middle = origin.x.doubleValue + extent.x.doubleValue / 2
                if middle > 1.0 / 3, middle < 2.0 / 3 {
                    report(.layoutJapaneseVerticalPosition, "a vertical subtitle in region '\(id)', whose middle is \(Int((middle * 100).rounded()))% across the frame: the guide puts vertical subtitles at its left or right side", cue: view,
                           fix: "move the region to the left or right edge of the frame")
                    return
                }
            }
            // In a column the inline direction runs down: start is the top.
            switch cue.layout.textAlignment {
            case .center, .end, .right:
                report(.layoutJapaneseVerticalPosition, "a vertical subtitle aligned to the \(cue.layout.textAlignment == .center ? "middle" : "bottom") of its column (textAlign \(cue.layout.textAlignment)): the guide wants vertical subtitles top-aligned", cue: view,
                       fix: "set tts:textAlign=\"start\" on the vertical region or paragraph")
            case .start, .left: break
            }
            return
        }
        // Left-justified lines only mean something for a TTML paragraph of several lines.
        guard layoutFamily == .ttmlRegions, view.lines.count > 1, cue.layout.textAlignment == .center else { return }
        var rowAlign = cue.style.multiRowAlign
        if rowAlign == nil || rowAlign == .auto, let id = cue.layout.regionID, let region = regions.first(where: { $0.id == id }) {
            rowAlign = region.style.multiRowAlign ?? rowAlign
        }
        // A paragraph's own style is carried on the span it becomes.
        func scan(_ nodes: [InlineNode]) {
            for case .span(let span) in nodes {
                if let value = span.style.multiRowAlign, value != .auto { rowAlign = value }
                scan(span.children)
            }
        }
        scan(cue.content)
        if rowAlign != .start {
            report(.layoutJapaneseJustification, "\(view.lines.count) centred lines, each centred on its own: the guide wants horizontal subtitles centred as a block with their lines left-justified", cue: view,
                   fix: "add ebutts:multiRowAlign=\"start\" to the paragraph (with tts:textAlign=\"center\")")
        }
    }
}

extension ValidationRun {
    /// `layout.ja-bouten-position`: the guide's sides for emphasis marks (bōten) — above the line
    /// of a single-line horizontal subtitle and right of a single vertical one; below (left of)
    /// the second line of a two-line subtitle. `tts:textEmphasis` `outside` (its initial
    /// position) does exactly that; an explicit `before` or `after` can put marks on the wrong
    /// side. One finding a cue, for its first mark on the wrong side.
    mutating func checkBoutenPosition(_ view: CueView, vertical: Bool, regions: [Region]) {
        let cue = view.cue
        let leftToRightColumns: Bool = {
            if cue.layout.writingDirection == .verticalLeftToRight { return true }
            guard let id = cue.layout.regionID, let region = regions.first(where: { $0.id == id }) else { return false }
            return region.writingDirection == .verticalLeftToRight
        }()
        let lineCount = view.lines.count
        guard lineCount <= 2 else { return }
        var line = 0
        var found: (line: Int, side: String, wanted: String)?
        // The physical side a mark goes on: before is over a horizontal line and on the block's
        // start side of a column (the right for tbrl, the left for tblr).
        func side(_ position: StyleProperties.TextEmphasis.Position, line: Int) -> String {
            let before = position == .before || (position == .outside && line == 0)
            if !vertical { return before ? "above" : "below" }
            return before != leftToRightColumns ? "right of" : "left of"
        }
        func wanted(line: Int) -> String { vertical ? (line == 0 ? "right of" : "left of") : (line == 0 ? "above" : "below") }
        func walk(_ nodes: [InlineNode], emphasis: StyleProperties.TextEmphasis?) {
            for node in nodes where found == nil {
                switch node {
                case .lineBreak: line += 1
                case .text(let text):
                    guard let emphasis, emphasis.style != .none else {
                        line += text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                        continue
                    }
                    for piece in text.split(separator: "\n", omittingEmptySubsequences: false) {
                        // The guide speaks of a single line and of a second line only.
                        let ruled = lineCount == 1 || line == 1
                        if ruled, !piece.allSatisfy(\.isWhitespace), side(emphasis.position, line: line) != wanted(line: line) {
                            found = (line, side(emphasis.position, line: line), wanted(line: line))
                            return
                        }
                        line += 1
                    }
                    line -= 1
                case .span(let span): walk(span.children, emphasis: span.style.textEmphasis ?? emphasis)
                case .ruby(let ruby): for segment in ruby.segments { walk(segment.base, emphasis: emphasis) }
                case .timestamp: break
                }
            }
        }
        walk(cue.content, emphasis: cue.style.textEmphasis)
        guard let found else { return }
        report(.layoutJapaneseBoutenPosition, "emphasis marks \(found.side) line \(found.line + 1): the guide puts them \(found.wanted) \(lineCount == 1 ? "a single line" : "the second line of two")", cue: view,
               fix: "leave tts:textEmphasis at its outside position (or give the side the guide asks for)")
    }
}
