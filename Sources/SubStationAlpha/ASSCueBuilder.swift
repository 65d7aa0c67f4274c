import TimedText
import TextScanning

/// Turns the script's `Dialogue:` events into cues once every style is known (a script may
/// define styles after its events; libass looks them up when it draws).
enum ASSCueBuilder {
    /// Events per piece of cue building: below twice this, one core does it all.
    static let minimumPieceSize = 16_384

    static func cues(for script: inout SubStationAlphaScript, text: UnsafeBufferPointer<UInt8>, log: inout DiagnosticLog) -> [Cue] {
        let info = script.info
        let playResX = info.playResX
        let playResY = info.playResY
        let wrapStyle = info.wrapStyle
        let styles = script.styles
        // The last style of each name, and of each name in lower case: found once, not per event.
        var exact: [String: Int] = [:]
        var folded: [String: Int] = [:]
        for (k, style) in styles.enumerated() {
            exact[style.name] = k
            folded[style.name.lowercased()] = k
        }
        let exactNames = exact
        let foldedNames = folded
        @Sendable func lookUp(_ name: String) -> Int? {
            let trimmed = name.hasPrefix("*") ? String(name.dropFirst()) : name
            return exactNames[trimmed] ?? foldedNames[trimmed.lowercased()]
        }
        let fallback = script.fallbackStyleIndex()

        // First, in file order: each event's style (reporting unknown ones once), its cue's index,
        // and the event-level features; the styles and placements cues share are made here.
        // The events leave the script while they are read (and return with their cue indexes), so
        // that nothing writes to an array another reference shares: that would copy it whole.
        var events = script.events
        script.events = []
        var styleOf = [Int32](repeating: -1, count: events.count)
        var dialogues: [Int] = []
        dialogues.reserveCapacity(events.count)
        var styleIndexByName: [String: Int?] = [:]
        var survey = script.features
        // What each style says that the model has no place for: its outline, shadow or opaque
        // box, and its scaling, spacing or rotation (each counted where an event uses it).
        let outlined = styles.map { $0.outline > .zero || $0.shadow > .zero || $0.borderStyle == 3 }
        let transformed = styles.map { $0.scaleX != Fraction(100) || $0.scaleY != Fraction(100) || $0.spacing != .zero || $0.angle != .zero }
        // The same, as the kinds the text reader need not count again for the style's events.
        let notedByStyle: [Set<ASSFeatureSurvey.Feature>] = styles.indices.map { k in
            Set([outlined[k] ? .outline : nil, transformed[k] ? .transform : nil].compactMap { $0 })
        }
        for e in events.indices {
            let location = SourceLocation(line: events[e].line, column: 1)
            guard events[e].kind == .dialogue else {
                survey.note(.comment, at: location)
                continue
            }
            let name = events[e].style
            let styleIndex: Int?
            if let known = styleIndexByName[name] {
                styleIndex = known
            } else {
                var found = lookUp(name)
                if found == nil {
                    log.report(.warning, .assUnknownStyle, "style '\(name)' is not defined: the event is drawn with \(fallback.map { "'\(styles[$0].name)'" } ?? "libass's default style")", at: location)
                    found = fallback
                }
                styleIndexByName[name] = found
                styleIndex = found
            }
            styleOf[e] = Int32(styleIndex ?? -1)
            if let styleIndex {
                if outlined[styleIndex] { survey.note(.outline, at: location) }
                if transformed[styleIndex] { survey.note(.transform, at: location) }
            } else {
                survey.note(.outline, at: location)  // libass's default style: a 2-pixel outline and shadow
            }
            if events[e].layer != 0 { survey.note(.layer, at: location) }
            if !events[e].effect.isEmpty { survey.note(.effect, at: location) }
            dialogues.append(e)
        }
        let cueStyles = styles.map { SharedStyle(cueStyle(of: $0, playResY: playResY)) }
        // Karaoke shows the secondary colour until each syllable is sung.
        let karaokeCueStyles = styles.map { style in
            var properties = cueStyle(of: style, playResY: playResY)
            properties.futureColor = style.secondaryColor
            return SharedStyle(properties)
        }
        let numpadLayouts = (0...9).map { n in
            SharedLayout(n == 0 ? .default : layout(numpad: n, position: nil, vertical: false, playResX: playResX, playResY: playResY))
        }
        let built = buildCues(events, order: dialogues, styleOf: styleOf, styles: styles, cueStyles: cueStyles,
                              karaokeCueStyles: karaokeCueStyles, notedByStyle: notedByStyle, numpadLayouts: numpadLayouts, text: text, lookUp: lookUp,
                              playResX: playResX, playResY: playResY, wrapStyle: wrapStyle)
        for (k, e) in dialogues.enumerated() { events[e].cueIndex = k }
        script.events = events
        var cues: [Cue] = []
        if built.count == 1 {
            cues = built[0].cues
        } else {
            cues.reserveCapacity(dialogues.count)
            for piece in built { cues.append(contentsOf: piece.cues) }
        }
        for piece in built {
            log.merge(piece.log)
            survey.merge(piece.survey)
        }
        script.features = survey
        // Start order, ties in file order; the events keep pointing at their cues.
        if cues.indices.dropFirst().contains(where: { cues[$0 - 1].start > cues[$0].start }) {
            let order = cues.indices.sorted { (cues[$0].start, $0) < (cues[$1].start, $1) }
            var newIndex = [Int](repeating: 0, count: cues.count)
            for (position, old) in order.enumerated() { newIndex[old] = position }
            cues = order.map { cues[$0] }
            for e in script.events.indices {
                if let old = script.events[e].cueIndex { script.events[e].cueIndex = newIndex[old] }
            }
        }
        return cues
    }

    /// The cues of the events `order` names, in pieces on all cores: each event's text is read on
    /// its own. Each piece comes with its diagnostics and features, in order.
    private static func buildCues(_ events: [ASSEvent], order: [Int], styleOf styleCodes: [Int32], styles: [ASSStyle],
                                  cueStyles: [SharedStyle], karaokeCueStyles: [SharedStyle],
                                  notedByStyle: [Set<ASSFeatureSurvey.Feature>], numpadLayouts: [SharedLayout],
                                  text: UnsafeBufferPointer<UInt8>, lookUp: @escaping @Sendable (String) -> Int?,
                                  playResX: Int, playResY: Int, wrapStyle: Int)
        -> [(cues: [Cue], log: DiagnosticLog, survey: ASSFeatureSurvey)] {
        nonisolated(unsafe) let bytes = text
        let pieces = parallelPieces(size: order.count, minimumPieceSize: minimumPieceSize)
        return parallelMap(count: pieces) { piece -> (cues: [Cue], log: DiagnosticLog, survey: ASSFeatureSurvey) in
            let range = (order.count * piece / pieces)..<(order.count * (piece + 1) / pieces)
            var reader = ASSEventTextReader(playResY: playResY, wrapStyle: wrapStyle, styleNamed: { lookUp($0).map { styles[$0] } })
            var log = DiagnosticLog()
            var survey = ASSFeatureSurvey()
            var cues: [Cue] = []
            cues.reserveCapacity(range.count)
            let defaultStyle = ASSStyle(name: "Default")
            for k in range {
                let e = order[k]
                let code = Int(styleCodes[e])
                let style = code >= 0 ? styles[code] : defaultStyle
                let line = events[e].line
                let start = events[e].start
                // The text's place in the script, and its column on its line.
                let textRange = events[e].textBytes.indices
                let column = textRange.lowerBound - events[e].lineRange.lowerBound + 1
                // Counted with the style's (for no style, libass's default outline) in the pass above.
                let styleNoted: Set<ASSFeatureSurvey.Feature> = code >= 0 ? notedByStyle[code] : [.outline]
                var content = reader.read(bytes, textRange, style: style, start: start, line: line,
                                          column: column, log: &log, survey: &survey, alreadyNoted: styleNoted)
                let name = events[e].name
                if !name.isEmpty, !content.content.isEmpty {
                    content.content = [.span(InlineSpan(.voice(name), children: content.content))]
                }
                var cue = Cue(start: start, end: events[e].end, content: content.content, source: SourceLocation(line: line, column: 1))
                let numpad = content.alignment ?? style.alignment
                if content.position != nil || content.vertical {
                    cue.layout = layout(numpad: numpad, position: content.position, vertical: content.vertical,
                                        playResX: playResX, playResY: playResY)
                } else if numpad != 2 {
                    cue.sharedLayout = numpadLayouts[max(0, min(9, numpad))]
                }
                // Layers stack events; the layout carries the layer for writers that can say it.
                if events[e].layer != 0 {
                    var layout = cue.layout
                    layout.zIndex = events[e].layer
                    cue.layout = layout
                }
                if code >= 0 {
                    cue.sharedStyle = content.karaoke ? karaokeCueStyles[code] : cueStyles[code]
                } else if content.karaoke {
                    cue.style = StyleProperties(futureColor: defaultStyle.secondaryColor)
                }
                cues.append(cue)
            }
            return (cues, log, survey)
        }
    }

    /// The style a cue takes from its ASS style, as far as it differs from plain white Arial: its
    /// colour, family, weight, slant and lines, and its size as a proportion of the canvas height
    /// (`Fontsize` is in PlayResY pixels, as libass scales it to the frame; libass fits a font's
    /// ascent and descent in it, so its em is a little smaller — about 0.86 of it for DejaVu Sans —
    /// which `\fs` spans share).
    static func cueStyle(of style: ASSStyle, playResY: Int) -> StyleProperties {
        var properties = StyleProperties()
        if playResY > 0, style.fontSize > .zero {
            properties.fontSize = .viewportHeight(Fraction(style.fontSize.numerator, style.fontSize.denominator * Int64(playResY)))
        }
        if style.primaryColor != .white { properties.color = style.primaryColor }
        let family = style.fontName.hasPrefix("@") ? String(style.fontName.dropFirst()) : style.fontName
        if family.lowercased() != "arial" && !family.isEmpty { properties.fontFamilies = [family] }
        if style.bold { properties.fontWeight = .bold }
        if style.italic { properties.fontStyle = .italic }
        var decoration: StyleProperties.TextDecoration = []
        if style.underline { decoration.insert(.underline) }
        if style.strikeOut { decoration.insert(.lineThrough) }
        if !decoration.isEmpty { properties.textDecoration = decoration }
        return properties
    }

    /// A numpad position, perhaps at a `\pos` point, as cue settings: without a point the nine
    /// positions of SRT's `{\an}` (so that the same tag means the same in both); with one, the
    /// point's proportions of the canvas, anchored by the numpad position.
    static func layout(numpad: Int, position: (x: Fraction, y: Fraction)?, vertical: Bool, playResX: Int, playResY: Int) -> CueLayout {
        var layout = CueLayout()
        if let position, playResX > 0, playResY > 0 {
            layout.position = Fraction(position.x.numerator, position.x.denominator * Int64(playResX))
            layout.line = .fraction(Fraction(position.y.numerator, position.y.denominator * Int64(playResY)))
            switch numpad {
            case 7, 8, 9: layout.lineAlignment = .start
            case 4, 5, 6: layout.lineAlignment = .center
            default: layout.lineAlignment = .end
            }
            // The text alignment says which point of the box the position is (WebVTT's `auto`).
            switch numpad {
            case 1, 4, 7: layout.textAlignment = .left
            case 3, 6, 9: layout.textAlignment = .right
            default: break
            }
        } else {
            layout = CueLayout(numpad: numpad)
        }
        if vertical { layout.writingDirection = .verticalRightToLeft }
        return layout
    }
}
