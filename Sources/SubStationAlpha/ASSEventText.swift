import TimedText

/// What one event's text says in the model: the inline content (override tags read into spans,
/// karaoke into timestamps, drawings left out) and where the event is placed.
struct ASSEventContent {
    var content: [InlineNode]
    /// The first `\an`/`\a` in the text, as a numpad position.
    var alignment: Int?
    /// The first `\pos`, or `\move`'s starting point, in canvas pixels.
    var position: (x: Fraction, y: Fraction)?
    /// A font starting with `@` (libass's vertical text).
    var vertical: Bool
    /// The text has karaoke (`\k`, `\K`, `\kf`, `\ko`): its cue shows the style's secondary
    /// colour until each syllable's time (`StyleProperties.futureColor`).
    var karaoke = false
}

/// The text attributes override tags change, as far as the model can say them.
struct ASSTextAttributes: Equatable {
    var bold: Bool
    var italic: Bool
    var underline: Bool
    var strikeOut: Bool
    var color: Color
    /// Karaoke's colour before a syllable is sung (`\2c`).
    var secondaryColor: Color
    var fontName: String
    var fontSize: Fraction

    init(_ style: ASSStyle) {
        bold = style.bold
        italic = style.italic
        underline = style.underline
        strikeOut = style.strikeOut
        color = style.primaryColor
        secondaryColor = style.secondaryColor
        fontName = style.fontName
        fontSize = style.fontSize
    }
}

/// Reads an event's `Text` field: override blocks `{\…}`, the escapes `\N \n \h`, comments in
/// braces, unclosed and stray braces — in one pass over the bytes.
struct ASSEventTextReader {
    let playResY: Int
    let wrapStyle: Int
    /// Looks a style up for `\r<name>`.
    let styleNamed: @Sendable (String) -> ASSStyle?

    private var nodes: [InlineNode] = []
    private var run: [InlineNode] = []
    private var pendingText: [UInt8] = []

    init(playResY: Int, wrapStyle: Int, styleNamed: @escaping @Sendable (String) -> ASSStyle?) {
        self.playResY = playResY
        self.wrapStyle = wrapStyle
        self.styleNamed = styleNamed
    }

    /// Reads `p[range]`, the text of an event on line `line` starting at byte `column`.
    mutating func read(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: ASSStyle, start: MediaTime,
                       line: Int, column: Int, log: inout DiagnosticLog, survey: inout ASSFeatureSurvey,
                       alreadyNoted: Set<ASSFeatureSurvey.Feature> = []) -> ASSEventContent {
        // Most events are plain text, perhaps with \N: read those without the tag machinery.
        var plain = true
        for k in range where p[k] == UInt8(ascii: "{") || p[k] == UInt8(ascii: "}") || p[k] == UInt8(ascii: "\\") {
            if p[k] == UInt8(ascii: "\\"), k + 1 < range.upperBound, p[k + 1] == UInt8(ascii: "N") { continue }
            plain = false
            break
        }
        if plain {
            var content: [InlineNode] = []
            var lineStart = range.lowerBound
            var k = range.lowerBound
            while k < range.upperBound {
                if p[k] == UInt8(ascii: "\\") && k + 1 < range.upperBound && p[k + 1] == UInt8(ascii: "N") {
                    if k > lineStart { content.append(.text(String(decoding: UnsafeBufferPointer(rebasing: p[lineStart..<k]), as: UTF8.self))) }
                    content.append(.lineBreak)
                    k += 2
                    lineStart = k
                } else {
                    k += 1
                }
            }
            if range.upperBound > lineStart {
                content.append(.text(String(decoding: UnsafeBufferPointer(rebasing: p[lineStart..<range.upperBound]), as: UTF8.self)))
            }
            return ASSEventContent(content: content, alignment: nil, position: nil, vertical: style.fontName.hasPrefix("@"))
        }
        nodes = []
        run = []
        pendingText.removeAll(keepingCapacity: true)
        let base = ASSTextAttributes(style)
        var state = base
        var runState = base
        var dirty = false
        var drawing = false
        var eventWrapStyle = wrapStyle
        var karaokeTotal: Int64 = 0
        var result = ASSEventContent(content: [], alignment: nil, position: nil, vertical: style.fontName.hasPrefix("@"))
        // The event's style may have counted a kind for it already (an outline, a scale).
        var noted = alreadyNoted
        var tagStart = range.lowerBound
        // Each kind counted once per event, at its first tag.
        func note(_ feature: ASSFeatureSurvey.Feature) {
            if noted.insert(feature).inserted {
                survey.note(feature, at: SourceLocation(line: line, column: column + tagStart - range.lowerBound))
            }
        }
        func place(_ i: Int) -> SourceLocation { SourceLocation(line: line, column: column + i - range.lowerBound) }

        // Karaoke anywhere in the text decides what `\2c` means before the first `\k` is read.
        for k in range.lowerBound..<max(range.lowerBound, range.upperBound - 1) where p[k] == UInt8(ascii: "\\") && (p[k + 1] | 0x20) == UInt8(ascii: "k") {
            result.karaoke = true
            break
        }
        var noClosingBrace = false
        var i = range.lowerBound
        while i < range.upperBound {
            let b = p[i]
            if b == UInt8(ascii: "{") && !noClosingBrace {
                var j = i + 1
                while j < range.upperBound, p[j] != UInt8(ascii: "}") { j += 1 }
                if j == range.upperBound {
                    noClosingBrace = true
                    log.report(.warning, .assUnclosedOverride, "'{' without a closing '}': shown as text, as libass does", at: place(i))
                    continue
                }
                var hasTag = false
                for k in (i + 1)..<j where p[k] == UInt8(ascii: "\\") { hasTag = true; break }
                if !hasTag {
                    if j > i + 1 { log.report(.info, .assTextComment, "a comment in braces: not shown", at: place(i)) }
                    i = j + 1
                    continue
                }
                // The tags of the block, each from its backslash to the next one outside parentheses.
                var k = i + 1
                while k < j {
                    guard p[k] == UInt8(ascii: "\\") else { k += 1; continue }
                    let e = ASSTag.end(ofTagAt: k, in: p, blockEnd: j)
                    let tag = ASSTag(p, (k + 1)..<e)
                    tagStart = k
                    switch tag.name {
                    case .outline: note(.outline)
                    case .transform: note(.transform)
                    case .animation: note(.animation)
                    case .move:
                        note(.animation)
                        if result.position == nil, let args = tag.arguments, args.count >= 4,
                           let x = ASSValues.decimal(p, args[0]), let y = ASSValues.decimal(p, args[1]) {
                            result.position = (x, y)
                        }
                    case .pos:
                        if result.position == nil, let args = tag.arguments, args.count >= 2,
                           let x = ASSValues.decimal(p, args[0]), let y = ASSValues.decimal(p, args[1]) {
                            result.position = (x, y)
                        }
                    case .clip: note(.clip)
                    case .secondaryColor: note(.color)
                    case .karaokeColor:
                        // Only karaoke shows the secondary colour (before each syllable's time).
                        if result.karaoke {
                            if let c = ASSValues.colorValue(p, tag.argument) {
                                state.secondaryColor = Color(red: UInt8(c & 0xFF), green: UInt8(c >> 8 & 0xFF), blue: UInt8(c >> 16 & 0xFF),
                                                             alpha: state.secondaryColor.alpha)
                            } else {
                                state.secondaryColor = base.secondaryColor
                            }
                            dirty = true
                        }
                    case .alignment:
                        if result.alignment == nil, let n = ASSValues.integer(p, tag.argument), (1...9).contains(n) { result.alignment = n }
                    case .legacyAlignment:
                        if result.alignment == nil, let n = ASSValues.integer(p, tag.argument), n > 0 { result.alignment = ASSValues.numpad(legacy: n) }
                    case .drawing:
                        let level = ASSValues.integer(p, tag.argument) ?? 0
                        drawing = level > 0
                        if drawing { note(.drawing) }
                    case .baselineOffset: note(.drawing)
                    case .wrapStyle:
                        if let n = ASSValues.integer(p, tag.argument), (0...3).contains(n) { eventWrapStyle = n }
                    case .karaoke, .karaokeSweep:
                        if tag.name == .karaokeSweep { note(.karaokeEffect) }
                        if karaokeTotal > 0 {
                            flushText()
                            run.append(.timestamp(start + MediaTime(value: karaokeTotal, timescale: 100)))
                        }
                        karaokeTotal += Int64(max(0, ASSValues.integer(p, tag.argument) ?? 0))
                    case .bold:
                        if let n = ASSValues.integer(p, tag.argument) { state.bold = n == 1 || n >= 600 } else { state.bold = base.bold }
                        dirty = true
                    case .italic:
                        state.italic = ASSValues.integer(p, tag.argument).map { $0 == 1 } ?? base.italic
                        dirty = true
                    case .underline:
                        state.underline = ASSValues.integer(p, tag.argument).map { $0 == 1 } ?? base.underline
                        dirty = true
                    case .strikeOut:
                        state.strikeOut = ASSValues.integer(p, tag.argument).map { $0 == 1 } ?? base.strikeOut
                        dirty = true
                    case .primaryColor:
                        if let c = ASSValues.colorValue(p, tag.argument) {
                            state.color = Color(red: UInt8(c & 0xFF), green: UInt8(c >> 8 & 0xFF), blue: UInt8(c >> 16 & 0xFF), alpha: state.color.alpha)
                        } else {
                            state.color = Color(red: base.color.red, green: base.color.green, blue: base.color.blue, alpha: state.color.alpha)
                        }
                        dirty = true
                    case .primaryAlpha, .allAlpha:
                        if tag.name == .allAlpha { note(.color) }
                        let alpha = ASSValues.colorValue(p, tag.argument).map { 255 - UInt8($0 & 0xFF) } ?? base.color.alpha
                        state.color.alpha = alpha
                        dirty = true
                    case .fontName:
                        let name = ASSValues.string(p, tag.argument)
                        state.fontName = name.isEmpty ? base.fontName : name
                        if state.fontName.hasPrefix("@") { result.vertical = true }
                        dirty = true
                    case .fontSize:
                        let arg = tag.argument
                        if arg.isEmpty {
                            state.fontSize = base.fontSize
                        } else if p[arg.lowerBound] != UInt8(ascii: "+") && p[arg.lowerBound] != UInt8(ascii: "-"),
                                  let size = ASSValues.decimal(p, arg), size > .zero {
                            state.fontSize = size
                        }
                        dirty = true
                    case .reset:
                        let name = ASSValues.string(p, tag.argument)
                        state = name.isEmpty ? base : (styleNamed(name).map(ASSTextAttributes.init) ?? base)
                        dirty = true
                    case .ignored:
                        break
                    case .unknown:
                        log.report(.info, .assUnknownTag, "unknown override tag '\\\(ASSValues.string(p, (k + 1)..<e))': ignored, as libass ignores it", at: place(k))
                    }
                    k = e
                }
                i = j + 1
                continue
            }
            if b == UInt8(ascii: "}") {
                log.report(.warning, .assStrayBrace, "'}' without a '{' before it: shown as text", at: place(i))
            }
            if drawing {
                i += 1
                continue
            }
            if dirty {
                if state != runState {
                    closeRun(runState, base: base)
                    runState = state
                }
                dirty = false
            }
            if b == UInt8(ascii: "\\"), i + 1 < range.upperBound {
                let next = p[i + 1]
                if next == UInt8(ascii: "N") || (next == UInt8(ascii: "n") && eventWrapStyle == 2) {
                    flushText()
                    run.append(.lineBreak)
                    i += 2
                    continue
                }
                if next == UInt8(ascii: "n") {
                    pendingText.append(0x20)
                    i += 2
                    continue
                }
                if next == UInt8(ascii: "h") {
                    pendingText.append(0xC2)
                    pendingText.append(0xA0)
                    i += 2
                    continue
                }
            }
            pendingText.append(b)
            i += 1
        }
        closeRun(runState, base: base)
        result.content = nodes
        nodes = []
        return result
    }

    private mutating func flushText() {
        guard !pendingText.isEmpty else { return }
        run.append(.text(String(decoding: pendingText, as: UTF8.self)))
        pendingText.removeAll(keepingCapacity: true)
    }

    /// Ends the run of content with one set of attributes: its nodes wrapped in the spans that say
    /// how it differs from the event's style.
    private mutating func closeRun(_ attributes: ASSTextAttributes, base: ASSTextAttributes) {
        flushText()
        guard !run.isEmpty else { return }
        var children = run
        run = []
        if attributes == base {
            nodes.append(contentsOf: children)
            return
        }
        var style = StyleProperties()
        if attributes.color != base.color { style.color = attributes.color }
        if attributes.secondaryColor != base.secondaryColor { style.futureColor = attributes.secondaryColor }
        if attributes.fontName != base.fontName {
            style.fontFamilies = [attributes.fontName.hasPrefix("@") ? String(attributes.fontName.dropFirst()) : attributes.fontName]
        }
        if attributes.fontSize != base.fontSize, playResY > 0 {
            style.fontSize = .viewportHeight(Fraction(attributes.fontSize.numerator, attributes.fontSize.denominator * Int64(playResY)))
        }
        if attributes.strikeOut != base.strikeOut || (base.underline && !attributes.underline) {
            var decoration: StyleProperties.TextDecoration = []
            if attributes.underline { decoration.insert(.underline) }
            if attributes.strikeOut { decoration.insert(.lineThrough) }
            style.textDecoration = decoration
        }
        if base.bold && !attributes.bold { style.fontWeight = .normal }
        if base.italic && !attributes.italic { style.fontStyle = .normal }
        if !style.isEmpty { children = [.span(InlineSpan(.styled, style: style, children: children))] }
        if attributes.underline && !base.underline && style.textDecoration == nil {
            children = [.span(InlineSpan(.underline, children: children))]
        }
        if attributes.bold && !base.bold { children = [.span(InlineSpan(.bold, children: children))] }
        if attributes.italic && !base.italic { children = [.span(InlineSpan(.italic, children: children))] }
        nodes.append(contentsOf: children)
    }
}
