import TimedText

/// Turns the script's `Dialogue:` events into cues once every style is known (a script may
/// define styles after its events; libass looks them up when it draws).
enum ASSCueBuilder {
    static func cues(for script: inout SubStationAlphaScript, pending: [ASSPendingText], text: UnsafeBufferPointer<UInt8>,
                     log: inout DiagnosticLog) -> [Cue] {
        let info = script.info
        let playResX = info.playResX
        let playResY = info.playResY
        let styles = script.styles
        // The last style of each name, and of each name in lower case: found once, not per event.
        var exact: [String: Int] = [:]
        var folded: [String: Int] = [:]
        for (k, style) in styles.enumerated() {
            exact[style.name] = k
            folded[style.name.lowercased()] = k
        }
        func lookUp(_ name: String) -> Int? {
            let trimmed = name.hasPrefix("*") ? String(name.dropFirst()) : name
            return exact[trimmed] ?? folded[trimmed.lowercased()]
        }
        var reader = ASSEventTextReader(playResY: playResY, wrapStyle: info.wrapStyle,
                                        styleNamed: { lookUp($0).map { styles[$0] } })
        let fallback = script.fallbackStyleIndex()
        let defaultStyle = ASSStyle(name: "Default")
        var cueStyles: [Int: SharedStyle] = [:]
        var numpadLayouts: [SharedLayout?] = Array(repeating: nil, count: 10)
        var styleIndexByName: [String: Int?] = [:]
        var cues: [Cue] = []
        cues.reserveCapacity(script.events.count)
        var survey = script.features
        for e in script.events.indices {
            let event = script.events[e]
            let location = SourceLocation(line: event.line, column: 1)
            guard event.kind == .dialogue else {
                survey.note(.comment, at: location)
                continue
            }
            let styleIndex: Int?
            if let known = styleIndexByName[event.style] {
                styleIndex = known
            } else {
                var found = lookUp(event.style)
                if found == nil {
                    log.report(.warning, .assUnknownStyle, "style '\(event.style)' is not defined: the event is drawn with \(fallback.map { "'\(styles[$0].name)'" } ?? "libass's default style")", at: location)
                    found = fallback
                }
                styleIndexByName[event.style] = found
                styleIndex = found
            }
            let style = styleIndex.map { styles[$0] } ?? defaultStyle
            let pendingText = pending[e]
            var content = reader.read(text, pendingText.range, style: style, start: event.start, line: event.line,
                                      column: pendingText.column, log: &log, survey: &survey)
            if event.layer != 0 { survey.note(.layer, at: location) }
            if !event.effect.isEmpty { survey.note(.effect, at: location) }
            if !event.name.isEmpty, !content.content.isEmpty {
                content.content = [.span(InlineSpan(.voice(event.name), children: content.content))]
            }
            var cue = Cue(start: event.start, end: event.end, content: content.content, source: location)
            let numpad = content.alignment ?? style.alignment
            if content.position != nil || content.vertical {
                cue.layout = layout(numpad: numpad, position: content.position, vertical: content.vertical,
                                    playResX: playResX, playResY: playResY)
            } else if numpad != 2 {
                if numpadLayouts[numpad] == nil {
                    numpadLayouts[numpad] = SharedLayout(layout(numpad: numpad, position: nil, vertical: false, playResX: playResX, playResY: playResY))
                }
                cue.sharedLayout = numpadLayouts[numpad]!
            }
            if let styleIndex {
                if cueStyles[styleIndex] == nil { cueStyles[styleIndex] = SharedStyle(cueStyle(of: style)) }
                cue.sharedStyle = cueStyles[styleIndex]!
            }
            script.events[e].cueIndex = cues.count
            cues.append(cue)
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

    /// The style a cue takes from its ASS style, as far as it differs from plain white Arial.
    static func cueStyle(of style: ASSStyle) -> StyleProperties {
        var properties = StyleProperties()
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
            switch numpad {
            case 7, 8, 9:
                layout.line = .fraction(.zero)
                layout.lineAlignment = .start
            case 4, 5, 6:
                layout.line = .fraction(Fraction(1, 2))
                layout.lineAlignment = .center
            default: break
            }
            switch numpad {
            case 1, 4, 7:
                layout.position = .zero
                layout.positionAlignment = .lineLeft
                layout.textAlignment = .left
            case 3, 6, 9:
                layout.position = .one
                layout.positionAlignment = .lineRight
                layout.textAlignment = .right
            default: break
            }
        }
        if vertical { layout.writingDirection = .verticalRightToLeft }
        return layout
    }
}
