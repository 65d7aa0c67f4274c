public import TimedText

/// Writes model styles as CSS for WebVTT STYLE blocks, in the form `WebVTTStyleSheet` reads back to
/// the same `StyleProperties` (longhands where a shorthand would reset other parts).
///
/// What CSS cannot say is left out: TTML cell lengths (`.cells`), a glyph outline (`Outline.placement
/// == .glyphs`) or an outline blur. Numbers are exact when their decimal expansion ends; others
/// (1/3 from TTML) are written to six decimal places.
public enum WebVTTStyleSerializer {
    /// `color: #ffff00; font-style: italic`: the declarations, in a fixed order, no trailing `;`.
    public static func declarations(_ style: StyleProperties) -> String {
        var out: [String] = []
        func add(_ name: String, _ value: String?) {
            if let value { out.append("\(name): \(value)") }
        }
        add("color", style.color.map(\.hexText))
        add("opacity", style.opacity.map { number($0) })
        add("visibility", style.visibility?.rawValue)
        if let lines = style.textDecoration { add("text-decoration-line", decorationLines(lines)) }
        add("text-decoration-style", style.textDecorationStyle?.rawValue)
        add("text-decoration-color", style.textDecorationColor.map(\.hexText))
        if let shadows = style.textShadow { add("text-shadow", textShadow(shadows)) }
        add("background-color", style.backgroundColor.map(\.hexText))
        if let outline = style.outline { add("outline", self.outline(outline)) }
        if let families = style.fontFamilies, !families.isEmpty {
            add("font-family", families.map(familyName).joined(separator: ", "))
        }
        if let size = style.fontSize { add("font-size", fontSize(size)) }
        add("font-style", style.fontStyle?.rawValue)
        add("font-weight", style.fontWeight?.rawValue)
        if let lineHeight = style.lineHeight { add("line-height", self.lineHeight(lineHeight)) }
        appendWhiteSpace(style, to: &out)
        if let combine = style.textCombine { add("text-combine-upright", textCombine(combine)) }
        if let position = style.rubyPosition { add("ruby-position", rubyPosition(position)) }
        return out.joined(separator: "; ")
    }

    /// The properties `declarations` leaves out because CSS has no form for their values (a
    /// length in TTML cells, an outline on the glyphs or a blurred one, TTML's ruby alignment and
    /// reserve, EBU-TT-D's multi-row alignment and line padding, IMSC's fill-line-gap, TTML2's
    /// direction, unicode-bidi, text-emphasis, shear and font-variant), by name.
    public static func unsaid(_ style: StyleProperties) -> [String] {
        var names: [String] = []
        if let size = style.fontSize, fontSize(size) == nil { names.append("font-size") }
        if let height = style.lineHeight, lineHeight(height) == nil { names.append("line-height") }
        if let shadows = style.textShadow, textShadow(shadows) == nil { names.append("text-shadow") }
        if let outline = style.outline, self.outline(outline) == nil { names.append("outline") }
        // TTML's ruby and line-box styles, which WebVTT's CSS subset has no property for (their
        // initial values say nothing).
        if let align = style.rubyAlign, align != .center { names.append("ruby-align") }
        if let reserve = style.rubyReserve, reserve.side != .none { names.append("ruby-reserve") }
        if let align = style.multiRowAlign, align != .auto { names.append("multi-row-align") }
        if let padding = style.linePadding, padding != .cells(.zero), padding != .viewportHeight(.zero) { names.append("line-padding") }
        if style.fillLineGap == true { names.append("fill-line-gap") }
        // TTML2's bidi, emphasis, shear and super/subscript: not among the properties WebVTT
        // allows in ::cue (a cue's direction comes from its text's own bidi).
        if let direction = style.direction, direction != .ltr { names.append("direction") }
        if let bidi = style.unicodeBidi, bidi != .normal { names.append("unicode-bidi") }
        if let emphasis = style.textEmphasis, emphasis.style != .none { names.append("text-emphasis") }
        if let shear = style.shear, shear != .zero { names.append("shear") }
        if let variant = style.fontVariantPosition, variant != .normal { names.append("font-variant-position") }
        if (style.whiteSpaceCollapse != nil || style.textWrap != nil), whiteSpace(style) == nil { names.append("white-space") }
        return names
    }

    /// `::cue(.yellow) { color: #ffff00; }`; `selector` is written as given (build IDs and classes
    /// in it with `identifier(_:)`).
    public static func rule(selector: String, style: StyleProperties) -> String {
        let body = declarations(style)
        return body.isEmpty ? "\(selector) { }" : "\(selector) { \(body); }"
    }

    /// CSSOM §2.1 "serialize an identifier": a name escaped for use after `#` or `.`, so that
    /// `123` becomes `\31 23` and `a b` becomes `a\ b`.
    public static func identifier(_ name: String) -> String {
        var out = ""
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let v = scalar.value
            let isDigit = v >= 0x30 && v <= 0x39
            if v == 0 {
                out += "\u{FFFD}"
            } else if (v >= 0x01 && v <= 0x1F) || v == 0x7F
                || (index == 0 && isDigit)
                || (index == 1 && isDigit && scalars[0] == "-") {
                out += "\\" + String(v, radix: 16) + " "
            } else if index == 0 && scalars.count == 1 && scalar == "-" {
                out += "\\-"
            } else if v >= 0x80 || scalar == "-" || scalar == "_" || isDigit
                        || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\"
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// CSSOM §2.1 "serialize a string": in double quotes.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0 {
                out += "\u{FFFD}"
            } else if (v >= 0x01 && v <= 0x1F) || v == 0x7F {
                out += "\\" + String(v, radix: 16) + " "
            } else if scalar == "\"" || scalar == "\\" {
                out += "\\"
                out.unicodeScalars.append(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    // MARK: - Values

    /// The decimal form of a number: exact when it terminates, else rounded to six places.
    static func number(_ value: Fraction) -> String {
        var d = value.denominator
        var twos = 0
        var fives = 0
        while d % 2 == 0 { d /= 2; twos += 1 }
        while d % 5 == 0 { d /= 5; fives += 1 }
        let digits = max(twos, fives)
        return value.decimalText(maximumFractionDigits: d == 1 && digits <= 15 ? digits : 6)
    }

    /// Nil for a length CSS has no unit for (TTML cells).
    static func length(_ length: StyleProperties.Length) -> String? {
        switch length {
        case .pixels(let v): v == .zero ? "0" : number(v) + "px"
        case .em(let v): number(v) + "em"
        case .fraction(let v): number(v.percent) + "%"
        case .viewportWidth(let v): number(v.percent) + "vw"
        case .viewportHeight(let v): number(v.percent) + "vh"
        case .cells: nil
        }
    }

    private static func fontSize(_ size: StyleProperties.Length) -> String? {
        // The keyword sizes whose value has no exact decimal form.
        if size == .pixels(Fraction(128, 9)) { return "small" }
        if size == .em(Fraction(5, 6)) { return "smaller" }
        return length(size)
    }

    private static func decorationLines(_ lines: StyleProperties.TextDecoration) -> String {
        var words: [String] = []
        if lines.contains(.underline) { words.append("underline") }
        if lines.contains(.overline) { words.append("overline") }
        if lines.contains(.lineThrough) { words.append("line-through") }
        return words.isEmpty ? "none" : words.joined(separator: " ")
    }

    private static func textShadow(_ shadows: [StyleProperties.TextShadow]) -> String? {
        if shadows.isEmpty { return "none" }
        var parts: [String] = []
        for shadow in shadows {
            guard let x = length(shadow.offsetX), let y = length(shadow.offsetY) else { return nil }
            var words = [x, y]
            if let blur = shadow.blurRadius {
                guard let b = length(blur) else { return nil }
                words.append(b)
            }
            if let color = shadow.color { words.append(color.hexText) }
            parts.append(words.joined(separator: " "))
        }
        return parts.joined(separator: ", ")
    }

    /// The shorthand, whose omitted colour reads back as the text's colour (nil), as in the model.
    private static func outline(_ outline: StyleProperties.Outline) -> String? {
        guard outline.placement == .box, outline.blurRadius == nil, let width = length(outline.width) else { return nil }
        var words = [width, outline.style.rawValue]
        if let color = outline.color { words.append(color.hexText) }
        return words.joined(separator: " ")
    }

    private static func familyName(_ name: String) -> String {
        if let generic = GenericFontFamilies.cssGeneric(forTTML: name) { return generic }
        let cssWideKeywords: Set<String> = ["inherit", "initial", "unset", "revert", "revert-layer", "default"]
        let words = name.split(separator: " ", omittingEmptySubsequences: false)
        let plain = words.allSatisfy { word in
            guard let first = word.unicodeScalars.first, !cssWideKeywords.contains(word.lowercased()) else { return false }
            let startsWell = (first.value >= 0x41 && first.value <= 0x5A) || (first.value >= 0x61 && first.value <= 0x7A)
                || first == "_" || first.value >= 0x80
            return startsWell && word.unicodeScalars.allSatisfy { s in
                s.value >= 0x80 || s == "-" || s == "_" || (s.value >= 0x30 && s.value <= 0x39)
                    || (s.value >= 0x41 && s.value <= 0x5A) || (s.value >= 0x61 && s.value <= 0x7A)
            }
        }
        return plain ? name : string(name)
    }

    private static func lineHeight(_ lineHeight: StyleProperties.LineHeight) -> String? {
        switch lineHeight {
        case .normal: "normal"
        case .multiple(let v): number(v)
        case .length(let l): length(l)
        }
    }

    /// `white-space` as the keyword that says both halves; a half not given is a cue's own
    /// (`pre-line`: breaks kept, lines wrapped). `::cue` takes `white-space` only (W3C WebVTT
    /// §7.4), not its CSS Text 4 longhands; a pair no keyword says (breaks kept without wrapping)
    /// is nil and reported by `unsaid`.
    private static func whiteSpace(_ style: StyleProperties) -> String? {
        switch (style.whiteSpaceCollapse ?? .preserveBreaks, style.textWrap ?? .wrap) {
        case (.collapse, .wrap): "normal"
        case (.collapse, .noWrap): "nowrap"
        case (.preserve, .noWrap): "pre"
        case (.preserve, .wrap): "pre-wrap"
        case (.preserveBreaks, .wrap): "pre-line"
        case (.breakSpaces, .wrap): "break-spaces"
        case (.preserveBreaks, .noWrap), (.breakSpaces, .noWrap): nil
        }
    }

    private static func appendWhiteSpace(_ style: StyleProperties, to out: inout [String]) {
        guard style.whiteSpaceCollapse != nil || style.textWrap != nil, let keyword = whiteSpace(style) else { return }
        out.append("white-space: \(keyword)")
    }

    private static func textCombine(_ combine: StyleProperties.TextCombine) -> String {
        switch combine {
        case .none: "none"
        case .all: "all"
        case .digits(let n): "digits \(n)"
        }
    }

    private static func rubyPosition(_ position: StyleProperties.RubyPosition) -> String {
        switch position {
        case .over: "over"
        case .under: "under"
        case .interCharacter: "inter-character"
        case .alternateOver: "alternate over"
        case .alternateUnder: "alternate under"
        }
    }
}
