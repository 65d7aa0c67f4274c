import TimedText

// The grammar of each style property's value (TTML2 §10.2), one function per shape of value.
// Every function takes the value's bytes (already checked non-empty and unpadded) and returns the
// typed value or the first thing wrong with it.

typealias Bytes = ArraySlice<UInt8>

extension TTMLStyleProperty {
    /// Parses an attribute value with this property's grammar.
    public func parse(_ text: String) -> Result<TTMLStyleValue, TTMLValueError> {
        switch TTMLValueText.checkedBytes(text) {
        case .failure(let error): return .failure(error)
        case .success(let bytes): return parse(bytes[...])
        }
    }

    func parse(_ bytes: Bytes) -> Result<TTMLStyleValue, TTMLValueError> {
        let parser = TTMLStyleGrammar(bytes: bytes)
        switch grammar {
        case .keywords(let words): return parser.keyword(words)
        case .color: return Color.parseTTML(bytes).map(TTMLStyleValue.color)
        case .length(let rule): return parser.single { TTMLLength.parse($0, rule: rule).map(TTMLStyleValue.length) }
        case .fontSize: return parser.fontSize()
        case .fontFamily: return parser.fontFamily()
        case .measure: return parser.single { TTMLStyleGrammar.measure($0).map(TTMLStyleValue.measure) }
        case .extent: return parser.extent()
        case .origin: return parser.origin()
        case .position: return parser.position().map(TTMLStyleValue.position)
        case .padding: return parser.padding()
        case .lineHeight: return parser.normalOrLength(rule: .nonNegative)
        case .letterSpacing: return parser.normalOrLength(rule: .signed)
        case .alpha:
            guard let value = TTMLNumber.float(bytes, clampedTo: Fraction.zero...Fraction.one) else {
                return .failure(TTMLValueError("'\(parser.text)' is not a number"))
            }
            return .success(.number(value))
        case .nonNegativeNumber:
            guard let value = TTMLNumber.parse(bytes, allowSign: false, allowTrailingPoint: false) else {
                return .failure(TTMLValueError("'\(parser.text)' is not an unsigned number"))
            }
            return .success(.number(value))
        case .number(let range):
            guard let value = TTMLNumber.parse(bytes, allowSign: true, allowTrailingPoint: false) else {
                return .failure(TTMLValueError("'\(parser.text)' is not a number"))
            }
            if let range, !range.contains(value) {
                return .failure(TTMLValueError("'\(parser.text)' is out of \(range.lowerBound)...\(range.upperBound)"))
            }
            return .success(.number(value))
        case .percentage: return parser.percentage()
        case .textDecoration: return parser.textDecoration()
        case .textOutline: return parser.textOutline()
        case .textShadow: return parser.textShadow()
        case .textEmphasis: return parser.textEmphasis()
        case .border: return parser.border()
        case .rubyReserve: return parser.rubyReserve()
        case .fontVariant: return parser.fontVariant()
        case .zIndex:
            if parser.text == "auto" { return .success(.integer(nil)) }
            guard let value = TTMLNumber.integer(bytes, allowSign: true) else {
                return .failure(TTMLValueError("'\(parser.text)' is neither 'auto' nor an integer"))
            }
            return .success(.integer(value))
        case .backgroundImage:
            if parser.text == "none" { return .success(.uri(nil)) }
            if bytes.contains(where: isXMLSpace) {
                return .failure(TTMLValueError("'\(parser.text)' is not a URI (it contains whitespace)"))
            }
            return .success(.uri(parser.text))
        case .textCombine: return parser.textCombine()
        case .pitch: return parser.pitch()
        case .boolean:
            switch parser.text {
            case "true": return .success(.boolean(true))
            case "false": return .success(.boolean(false))
            default: return .failure(TTMLValueError("'\(parser.text)' is neither 'true' nor 'false'"))
            }
        }
    }
}

struct TTMLStyleGrammar {
    let bytes: Bytes
    let text: String

    init(bytes: Bytes) {
        self.bytes = bytes
        self.text = TTMLValueText.string(bytes)
    }

    private func fail<T>(_ message: String) -> Result<T, TTMLValueError> { .failure(TTMLValueError(message)) }

    /// The value's whitespace-separated components, or the tokenising error.
    private func components(count allowed: ClosedRange<Int>, what: String) -> Result<[Bytes], TTMLValueError> {
        switch TTMLValueText.components(bytes) {
        case .failure(let error): return .failure(error)
        case .success(let parts):
            guard allowed.contains(parts.count) else {
                let range = allowed.lowerBound == allowed.upperBound ? "\(allowed.lowerBound)" : "\(allowed.lowerBound) to \(allowed.upperBound)"
                return fail("\(what) takes \(range) component\(allowed.upperBound == 1 ? "" : "s"), '\(text)' has \(parts.count)")
            }
            return .success(parts)
        }
    }

    func single(_ parse: (Bytes) -> Result<TTMLStyleValue, TTMLValueError>) -> Result<TTMLStyleValue, TTMLValueError> {
        components(count: 1...1, what: "this property").flatMap { parse($0[0]) }
    }

    func keyword(_ words: [String]) -> Result<TTMLStyleValue, TTMLValueError> {
        if words.contains(text) { return .success(.keyword(text)) }
        return fail("'\(text)' is not one of \(words.joined(separator: ", "))")
    }

    // MARK: Lengths and sizes

    func fontSize() -> Result<TTMLStyleValue, TTMLValueError> {
        components(count: 1...2, what: "tts:fontSize").flatMap { parts in
            var lengths: [TTMLLength] = []
            for part in parts {
                switch TTMLLength.parse(part, rule: .nonNegative) {
                case .success(let length): lengths.append(length)
                case .failure(let error): return .failure(error)
                }
            }
            if lengths.count == 2, lengths[0].unit != lengths[1].unit, lengths.contains(where: { $0.unit == .percent || $0.unit == .em }) {
                // TTML2 §10.2.20: both lengths of an anamorphic size are absolute or both relative.
                return fail("the two lengths of '\(text)' must use the same kind of unit")
            }
            return .success(.fontSize(TTMLFontSize(horizontal: lengths[0], vertical: lengths.count == 2 ? lengths[1] : lengths[0])))
        }
    }

    static func measure(_ part: Bytes) -> Result<TTMLMeasure, TTMLValueError> {
        switch TTMLValueText.string(part) {
        case "auto": return .success(.auto)
        case "available": return .success(.available)
        case "fitContent": return .success(.fitContent)
        case "maxContent": return .success(.maxContent)
        case "minContent": return .success(.minContent)
        default:
            if let first = part.first, !isDigit(first), first != UInt8(ascii: "."), first != UInt8(ascii: "+"), first != UInt8(ascii: "-") {
                return .failure(TTMLValueError("'\(TTMLValueText.string(part))' is not a measure keyword"))
            }
            return TTMLLength.parse(part, rule: .nonNegative).map(TTMLMeasure.length)
        }
    }

    func extent() -> Result<TTMLStyleValue, TTMLValueError> {
        switch text {
        case "auto": return .success(.extent(.auto))
        case "contain": return .success(.extent(.contain))
        case "cover": return .success(.extent(.cover))
        default: break
        }
        return components(count: 2...2, what: "an extent").flatMap { parts in
            Self.measure(parts[0]).flatMap { width in
                Self.measure(parts[1]).map { height in .extent(.size(width: width, height: height)) }
            }
        }
    }

    func origin() -> Result<TTMLStyleValue, TTMLValueError> {
        if text == "auto" { return .success(.origin(.auto)) }
        return components(count: 2...2, what: "tts:origin").flatMap { parts in
            TTMLLength.parse(parts[0], rule: .signed).flatMap { x in
                TTMLLength.parse(parts[1], rule: .signed).map { y in .origin(.point(x: x, y: y)) }
            }
        }
    }

    func padding() -> Result<TTMLStyleValue, TTMLValueError> {
        components(count: 1...4, what: "tts:padding").flatMap { parts in
            var lengths: [TTMLLength] = []
            for part in parts {
                switch TTMLLength.parse(part, rule: .nonNegative) {
                case .success(let length): lengths.append(length)
                case .failure(let error): return .failure(error)
                }
            }
            // TTML2 §10.2.33: one value for all edges; two for before/after and start/end; three
            // for before, start/end, after; four for before, end, after, start.
            let l = lengths
            let padding: TTMLPadding
            switch l.count {
            case 1: padding = TTMLPadding(before: l[0], end: l[0], after: l[0], start: l[0])
            case 2: padding = TTMLPadding(before: l[0], end: l[1], after: l[0], start: l[1])
            case 3: padding = TTMLPadding(before: l[0], end: l[1], after: l[2], start: l[1])
            default: padding = TTMLPadding(before: l[0], end: l[1], after: l[2], start: l[3])
            }
            return .success(.padding(padding))
        }
    }

    func normalOrLength(rule: TTMLLengthRule) -> Result<TTMLStyleValue, TTMLValueError> {
        if text == "normal" { return .success(.normalOrLength(.normal)) }
        return single { part in TTMLLength.parse(part, rule: rule).map { .normalOrLength(.length($0)) } }
    }

    func percentage() -> Result<TTMLStyleValue, TTMLValueError> {
        guard bytes.last == UInt8(ascii: "%") else { return fail("'\(text)' is not a percentage") }
        guard let value = TTMLNumber.parse(bytes.dropLast(), allowSign: true) else {
            return fail("'\(text)' is not a percentage")
        }
        return .success(.percentage(value))
    }

    func pitch() -> Result<TTMLStyleValue, TTMLValueError> {
        var numberEnd = bytes.endIndex
        while numberEnd > bytes.startIndex, !isDigit(bytes[numberEnd - 1]), bytes[numberEnd - 1] != UInt8(ascii: ".") {
            numberEnd -= 1
        }
        let unit = TTMLValueText.string(bytes[numberEnd...])
        guard ["", "%", "hz", "st"].contains(unit) else { return fail("'\(unit)' is not a pitch unit (%, hz, st)") }
        guard let value = TTMLNumber.parse(bytes[bytes.startIndex..<numberEnd], allowSign: true, allowTrailingPoint: false) else {
            return fail("'\(text)' is not a pitch")
        }
        return .success(.pitch(TTMLPitch(value: value, unit: unit)))
    }

    // MARK: Position

    /// TTML2 §10.3.23 `<position>`, the one to four component forms of CSS `background-position`.
    func position() -> Result<TTMLPosition, TTMLValueError> {
        let parts: [Bytes]
        switch components(count: 1...4, what: "a position") {
        case .failure(let error): return .failure(error)
        case .success(let value): parts = value
        }
        var items: [Part] = []
        for part in parts {
            switch TTMLValueText.string(part) {
            case "left": items.append(.left)
            case "right": items.append(.right)
            case "top": items.append(.top)
            case "bottom": items.append(.bottom)
            case "center": items.append(.center)
            default:
                if Self.startsLikeColor(part) {
                    return fail("'\(TTMLValueText.string(part))' is neither a length nor one of left, center, right, top, bottom")
                }
                switch TTMLLength.parse(part, rule: .signed) {
                case .success(let length): items.append(.length(length))
                case .failure(let error): return .failure(error)
                }
            }
        }
        let half = TTMLLength(Fraction(50), .percent)
        let zero = TTMLLength(.zero, .percent)
        func horizontal(_ part: Part) -> (TTMLPosition.HorizontalEdge, TTMLLength)? {
            switch part {
            case .left: (.left, zero)
            case .right: (.right, zero)
            case .center: (.left, half)
            case .length(let l): (.left, l)
            default: nil
            }
        }
        func vertical(_ part: Part) -> (TTMLPosition.VerticalEdge, TTMLLength)? {
            switch part {
            case .top: (.top, zero)
            case .bottom: (.bottom, zero)
            case .center: (.top, half)
            case .length(let l): (.top, l)
            default: nil
            }
        }
        func make(_ h: (TTMLPosition.HorizontalEdge, TTMLLength), _ v: (TTMLPosition.VerticalEdge, TTMLLength)) -> TTMLPosition {
            TTMLPosition(horizontalEdge: h.0, horizontalOffset: h.1, verticalEdge: v.0, verticalOffset: v.1)
        }
        let bad: Result<TTMLPosition, TTMLValueError> = fail("'\(text)' is not a valid position")
        switch items.count {
        case 1:
            // One component: the other axis is centred.
            switch items[0] {
            case .top, .bottom: return .success(make((.left, half), vertical(items[0])!))
            default: return .success(make(horizontal(items[0])!, (.top, half)))
            }
        case 2:
            if let h = horizontal(items[0]), let v = vertical(items[1]) { return .success(make(h, v)) }
            // Two keywords may come vertical first (`top left`), lengths may not.
            if case .length = items[0] { return bad }
            if case .length = items[1] { return bad }
            if let v = vertical(items[0]), let h = horizontal(items[1]) { return .success(make(h, v)) }
            return bad
        default:
            // Three or four components: each edge keyword may be followed by its offset.
            var groups: [(Part, TTMLLength?)] = []
            var index = 0
            while index < items.count {
                if case .length = items[index] { return bad }
                var offset: TTMLLength?
                if index + 1 < items.count, case .length(let l) = items[index + 1] { offset = l }
                if offset != nil, case .center = items[index] { return bad }
                groups.append((items[index], offset))
                index += offset == nil ? 1 : 2
            }
            guard groups.count == 2 else { return bad }
            var h: (TTMLPosition.HorizontalEdge, TTMLLength)?
            var v: (TTMLPosition.VerticalEdge, TTMLLength)?
            var centers: [Int] = []
            for (i, group) in groups.enumerated() {
                switch group.0 {
                case .left, .right:
                    if h != nil { return bad }
                    h = (group.0.isLeftEdge ? .left : .right, group.1 ?? zero)
                case .top, .bottom:
                    if v != nil { return bad }
                    v = (group.0.isTopEdge ? .top : .bottom, group.1 ?? zero)
                case .center: centers.append(i)
                case .length: return bad
                }
            }
            for _ in centers {
                if h == nil { h = (.left, half) } else if v == nil { v = (.top, half) } else { return bad }
            }
            guard let h, let v else { return bad }
            return .success(make(h, v))
        }
    }

    // MARK: Fonts

    func fontFamily() -> Result<TTMLStyleValue, TTMLValueError> {
        var families: [TTMLFontFamily] = []
        for item in TTMLValueText.commaSeparated(bytes) {
            guard !item.isEmpty else { return fail("'\(text)' has an empty family name") }
            if let quote = item.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                guard item.count >= 2, item.last == quote else { return fail("unterminated quoted family name in '\(text)'") }
                let name = item.dropFirst().dropLast()
                guard !name.contains(quote) else { return fail("bad quoting in '\(text)'") }
                families.append(.named(TTMLValueText.string(name)))
                continue
            }
            // An unquoted name is a sequence of identifiers (TTML2 §10.3.11); whitespace inside
            // collapses to one space.
            let words = item.split(whereSeparator: isXMLSpace)
            for word in words {
                guard let first = word.first, !isDigit(first), first != UInt8(ascii: "-") || word.count > 1,
                      !word.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") })
                else { return fail("'\(TTMLValueText.string(word))' in '\(text)' is not an identifier; quote the family name") }
            }
            let name = words.map { TTMLValueText.string($0) }.joined(separator: " ")
            families.append(TTMLFontFamily.genericNames.contains(name) ? .generic(name) : .named(name))
        }
        return .success(.fontFamilies(families))
    }

    func fontVariant() -> Result<TTMLStyleValue, TTMLValueError> {
        if text == "normal" { return .success(.fontVariant(.normal)) }
        return components(count: 1...3, what: "tts:fontVariant").flatMap { parts in
            var variant = TTMLFontVariant.normal
            for part in parts {
                let word = TTMLValueText.string(part)
                switch word {
                case "super", "sub":
                    if variant.position != nil { return fail("'\(text)' gives more than one of super, sub") }
                    variant.position = word
                case "full", "half":
                    if variant.width != nil { return fail("'\(text)' gives more than one of full, half") }
                    variant.width = word
                case "ruby":
                    if variant.ruby { return fail("'\(text)' gives ruby twice") }
                    variant.ruby = true
                case "normal": return fail("'normal' cannot be combined with other values in '\(text)'")
                default: return fail("'\(word)' is not a font variant")
                }
            }
            return .success(.fontVariant(variant))
        }
    }

    // MARK: Text decoration, outline, shadow, emphasis

    func textDecoration() -> Result<TTMLStyleValue, TTMLValueError> {
        if text == "none" { return .success(.textDecoration(.none)) }
        return components(count: 1...3, what: "tts:textDecoration").flatMap { parts in
            var decoration = TTMLTextDecoration()
            for part in parts {
                let word = TTMLValueText.string(part)
                func set(_ path: WritableKeyPath<TTMLTextDecoration, Bool?>, _ value: Bool) -> Bool {
                    if decoration[keyPath: path] != nil { return false }
                    decoration[keyPath: path] = value
                    return true
                }
                let ok: Bool
                switch word {
                case "underline": ok = set(\.underline, true)
                case "noUnderline": ok = set(\.underline, false)
                case "lineThrough": ok = set(\.lineThrough, true)
                case "noLineThrough": ok = set(\.lineThrough, false)
                case "overline": ok = set(\.overline, true)
                case "noOverline": ok = set(\.overline, false)
                default: return fail("'\(word)' is not a text decoration")
                }
                if !ok { return fail("'\(text)' sets the same line twice") }
            }
            return .success(.textDecoration(decoration))
        }
    }

    func textOutline() -> Result<TTMLStyleValue, TTMLValueError> {
        if text == "none" { return .success(.textOutline(nil)) }
        return components(count: 1...3, what: "tts:textOutline").flatMap { parts in
            var rest = parts[...]
            var color: Color?
            if let first = rest.first, Self.startsLikeColor(first) {
                switch Color.parseTTML(first) {
                case .success(let value): color = value
                case .failure(let error): return .failure(error)
                }
                rest = rest.dropFirst()
            }
            guard (1...2).contains(rest.count) else { return fail("'\(text)' needs a thickness and at most a blur radius after the colour") }
            var lengths: [TTMLLength] = []
            for part in rest {
                switch TTMLLength.parse(part, rule: .nonNegative) {
                case .success(let length): lengths.append(length)
                case .failure(let error): return .failure(error)
                }
            }
            return .success(.textOutline(TTMLTextOutline(color: color, thickness: lengths[0], blur: lengths.count > 1 ? lengths[1] : nil)))
        }
    }

    func textShadow() -> Result<TTMLStyleValue, TTMLValueError> {
        if text == "none" { return .success(.textShadow([])) }
        var shadows: [TTMLTextShadow] = []
        for item in TTMLValueText.commaSeparated(bytes) {
            guard !item.isEmpty else { return fail("'\(text)' has an empty shadow") }
            let parts: [Bytes]
            switch TTMLValueText.components(item) {
            case .failure(let error): return .failure(error)
            case .success(let value): parts = value
            }
            // `<length> <length> <length>? <color>?`: the colour, if any, comes last.
            var rest = parts[...]
            var color: Color?
            if let last = rest.last, Self.startsLikeColor(last) {
                switch Color.parseTTML(last) {
                case .success(let value): color = value
                case .failure(let error): return .failure(error)
                }
                rest = rest.dropLast()
            }
            guard (2...3).contains(rest.count) else {
                return fail("a shadow takes two or three lengths and an optional colour last: '\(TTMLValueText.string(item))'")
            }
            var lengths: [TTMLLength] = []
            for (i, part) in rest.enumerated() {
                switch TTMLLength.parse(part, rule: i == 2 ? .nonNegative : .signed) {
                case .success(let length): lengths.append(length)
                case .failure(let error): return .failure(error)
                }
            }
            shadows.append(TTMLTextShadow(offsetX: lengths[0], offsetY: lengths[1], blur: lengths.count > 2 ? lengths[2] : nil, color: color))
        }
        return .success(.textShadow(shadows))
    }

    func textEmphasis() -> Result<TTMLStyleValue, TTMLValueError> {
        if text == "none" { return .success(.textEmphasis(TTMLTextEmphasis(style: .none, color: nil, position: nil))) }
        return components(count: 1...4, what: "tts:textEmphasis").flatMap { parts in
            var style: TTMLTextEmphasis.Style?
            var filled: Bool?
            var shape: String?
            var colorSeen = false
            var color: Color?
            var position: String?
            for part in parts {
                let word = TTMLValueText.string(part)
                switch word {
                case "auto":
                    if style != nil || filled != nil || shape != nil { return fail("'\(text)' gives the emphasis style twice") }
                    style = .auto
                case "filled", "open":
                    if filled != nil || style != nil { return fail("'\(text)' gives the emphasis style twice") }
                    filled = word == "filled"
                case "circle", "dot", "sesame":
                    if shape != nil || style != nil { return fail("'\(text)' gives the emphasis shape twice") }
                    shape = word
                case "before", "after", "outside":
                    if position != nil { return fail("'\(text)' gives the emphasis position twice") }
                    position = word
                case "current":
                    if colorSeen { return fail("'\(text)' gives the emphasis colour twice") }
                    colorSeen = true
                default:
                    if let quote = part.first, quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") {
                        guard part.count >= 3, part.last == quote else { return fail("bad quoted emphasis string in '\(text)'") }
                        if style != nil || filled != nil || shape != nil { return fail("'\(text)' gives the emphasis style twice") }
                        style = .string(TTMLValueText.string(part.dropFirst().dropLast()))
                    } else if Self.startsLikeColor(part) {
                        if colorSeen { return fail("'\(text)' gives the emphasis colour twice") }
                        switch Color.parseTTML(part) {
                        case .success(let value): color = value
                        case .failure(let error): return .failure(error)
                        }
                        colorSeen = true
                    } else {
                        return fail("'\(word)' is not an emphasis style, colour or position")
                    }
                }
            }
            let resolved = style ?? ((filled != nil || shape != nil) ? .shape(filled: filled, shape: shape) : .auto)
            return .success(.textEmphasis(TTMLTextEmphasis(style: resolved, color: color, position: position)))
        }
    }

    func textCombine() -> Result<TTMLStyleValue, TTMLValueError> {
        switch text {
        case "none": return .success(.textCombine(.none))
        case "all": return .success(.textCombine(.all))
        default: return fail("'\(text)' is not one of none, all")
        }
    }

    // MARK: Border and ruby reserve

    func border() -> Result<TTMLStyleValue, TTMLValueError> {
        components(count: 1...4, what: "tts:border").flatMap { parts in
            var border = TTMLBorder()
            for part in parts {
                let word = TTMLValueText.string(part)
                switch word {
                case "thin", "medium", "thick":
                    if border.thickness != nil { return fail("'\(text)' gives the border thickness twice") }
                    border.thickness = word == "thin" ? .thin : word == "medium" ? .medium : .thick
                    continue
                case "none", "dotted", "dashed", "solid", "double":
                    if border.style != nil { return fail("'\(text)' gives the border style twice") }
                    border.style = TTMLBorder.Style(rawValue: word)
                    continue
                default: break
                }
                if word.hasPrefix("radii(") || word.hasPrefix("radii ") {
                    if border.radii != nil { return fail("'\(text)' gives the border radii twice") }
                    switch radii(part) {
                    case .success(let value): border.radii = value
                    case .failure(let error): return .failure(error)
                    }
                } else if let first = part.first, isDigit(first) || first == UInt8(ascii: ".") || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
                    if border.thickness != nil { return fail("'\(text)' gives the border thickness twice") }
                    switch TTMLLength.parse(part, rule: .nonNegative) {
                    case .success(let length): border.thickness = .length(length)
                    case .failure(let error): return .failure(error)
                    }
                } else {
                    if border.color != nil { return fail("'\(text)' gives the border colour twice") }
                    switch Color.parseTTML(part) {
                    case .success(let color): border.color = color
                    case .failure: return fail("'\(word)' is not a border thickness, style, colour or radii")
                    }
                }
            }
            return .success(.border(border))
        }
    }

    private func radii(_ part: Bytes) -> Result<[TTMLLength], TTMLValueError> {
        let word = TTMLValueText.string(part)
        guard part.starts(with: "radii(".utf8), part.last == UInt8(ascii: ")") else {
            return fail("'\(word)': expected 'radii(' length [, length] ')'")
        }
        let inner = part.dropFirst(6).dropLast()
        let items = inner.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard (1...2).contains(items.count) else { return fail("'\(word)' takes one or two radii") }
        var lengths: [TTMLLength] = []
        for item in items {
            let trimmed = TTMLValueText.trimmed(item)
            guard !trimmed.isEmpty else { return fail("'\(word)' has a missing radius") }
            if trimmed.contains(where: isXMLSpace) { return fail("radii in '\(word)' are separated by a comma") }
            switch TTMLLength.parse(trimmed, rule: .nonNegative) {
            case .success(let length): lengths.append(length)
            case .failure(let error): return .failure(error)
            }
        }
        return .success(lengths)
    }

    func rubyReserve() -> Result<TTMLStyleValue, TTMLValueError> {
        if text == "none" { return .success(.rubyReserve(TTMLRubyReserve(position: nil, length: nil))) }
        return components(count: 1...2, what: "tts:rubyReserve").flatMap { parts in
            let position = TTMLValueText.string(parts[0])
            guard ["before", "after", "both", "outside"].contains(position) else {
                return fail("'\(position)' is not one of before, after, both, outside")
            }
            guard parts.count == 2 else { return .success(.rubyReserve(TTMLRubyReserve(position: position, length: nil))) }
            if TTMLValueText.string(parts[1]) == "auto" { return .success(.rubyReserve(TTMLRubyReserve(position: position, length: nil))) }
            return TTMLLength.parse(parts[1], rule: .nonNegative).map { .rubyReserve(TTMLRubyReserve(position: position, length: $0)) }
        }
    }

    /// Whether a component is meant as a colour (rather than a length or keyword), to pick the
    /// message: `#…`, `rgb…(`, or a letter-initial word.
    static func startsLikeColor(_ part: Bytes) -> Bool {
        guard let first = part.first else { return false }
        if first == UInt8(ascii: "#") { return true }
        return (first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")) || (first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z"))
    }
}

/// A component of a `<position>` value.
private enum Part {
    case left, right, top, bottom, center
    case length(TTMLLength)

    var isLeftEdge: Bool { if case .left = self { true } else { false } }
    var isTopEdge: Bool { if case .top = self { true } else { false } }
}
