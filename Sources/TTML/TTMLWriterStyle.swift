import TimedText

/// The element a style set is written on: TTML applies some properties to some elements only.
enum TTMLStyleTarget { case region, paragraph, span }

extension TTMLWriterRun {
    /// The `tts:` attributes for `style` on an element of `target`.
    ///
    /// `fontCells` is the element's inherited font size in cells when it is known (TTML's initial
    /// font size is `1c`), and on return the element's own: IMSC 1.1 §7.12.8 forbids `c` lengths,
    /// so a size in cells is written as a percentage of the inherited size when that is known
    /// (as the model usually has it: a TTML source's `c` sizes below an unsized region), else in
    /// `rh` (one cell is 1/rows of the root height).
    mutating func styleAttributes(_ style: StyleProperties, target: TTMLStyleTarget, fontCells: inout Fraction?,
                                  at location: SourceLocation?) -> TTMLStyleAttributes {
        var out = TTMLStyleAttributes()
        guard !style.isEmpty else { return out }
        let dfxp = options.dialect == .dfxp
        let inheritedCells = fontCells

        if let color = style.color { out.set("tts:color", color.hexText) }
        if let color = style.backgroundColor { out.set("tts:backgroundColor", color.hexText) }
        if let families = style.fontFamilies {
            out.set("tts:fontFamily", families.isEmpty ? "default" : families.map(familyText).joined(separator: ","))
        }
        if let size = style.fontSize {
            var ownCells: Fraction?
            switch size {
            case .cells(let c):
                ownCells = c
                if dfxp {
                    out.set("tts:fontSize", number(c, at: location) + "c")
                } else if let inherited = inheritedCells, let ratio = FractionMath.divide(c, inherited) {
                    out.set("tts:fontSize", number(ratio.percent, at: location) + "%")
                } else {
                    out.set("tts:fontSize", cellsAsRootHeight(c, at: location))
                }
            case .fraction(let f), .em(let f):
                ownCells = inheritedCells.map { FractionMath.multiply($0, f) }
                if let text = lengthText(size, at: location, property: "fontSize") { out.set("tts:fontSize", text) }
            default:
                if let text = lengthText(size, at: location, property: "fontSize") { out.set("tts:fontSize", text) }
            }
            fontCells = ownCells
        }
        if let fontStyle = style.fontStyle { out.set("tts:fontStyle", fontStyle.rawValue) }
        if let weight = style.fontWeight { out.set("tts:fontWeight", weight.rawValue) }
        if let decoration = style.textDecoration {
            var parts: [String] = []
            if decoration.contains(.underline) { parts.append("underline") }
            if decoration.contains(.lineThrough) { parts.append("lineThrough") }
            if decoration.contains(.overline) { parts.append("overline") }
            out.set("tts:textDecoration", parts.isEmpty ? "none" : parts.joined(separator: " "))
        }
        if style.textDecorationColor != nil {
            unsupported("text-decoration-color", "TTML has no decoration colour", at: location)
        }
        if let decorationStyle = style.textDecorationStyle, decorationStyle != .solid {
            unsupported("text-decoration-style \(decorationStyle.rawValue)", "TTML draws solid decoration lines only", at: location)
        }
        if let opacity = style.opacity {
            // TTML1 §8.2.16: tts:opacity applies to regions only; TTML2 added content elements.
            if dfxp && target != .region {
                unsupported("opacity", "TTML1 applies tts:opacity to regions only", at: location)
            } else {
                out.set("tts:opacity", number(FractionMath.clamp(opacity, .zero, .one), at: location))
            }
        }
        if let visibility = style.visibility { out.set("tts:visibility", visibility.rawValue) }
        if let shadows = style.textShadow { writeShadows(shadows, into: &out, fontCells: fontCells, at: location) }
        if let outline = style.outline { writeOutline(outline, into: &out, fontCells: fontCells, at: location) }
        if let lineHeight = style.lineHeight {
            switch lineHeight {
            case .normal: out.set("tts:lineHeight", "normal")
            case .multiple(let m): out.set("tts:lineHeight", number(m.percent, at: location) + "%")
            case .length(let length):
                if let text = relativeLengthText(length, fontCells: fontCells, at: location, property: "lineHeight") {
                    out.set("tts:lineHeight", text)
                }
            }
        }
        if let wrap = style.textWrap { out.set("tts:wrapOption", wrap == .wrap ? "wrap" : "noWrap") }
        if let combine = style.textCombine {
            if dfxp {
                unsupported("text-combine", "TTML1 has no tts:textCombine", at: location)
            } else {
                switch combine {
                case .none: out.set("tts:textCombine", "none")
                case .all: out.set("tts:textCombine", "all")
                case .digits(let n):
                    unsupported("text-combine digits \(n)", "IMSC 1.1 combines all of a span or none", at: location)
                }
            }
        }
        if let position = style.rubyPosition {
            if dfxp {
                unsupported("ruby-position", "TTML1 has no ruby", at: location)
            } else {
                switch position {
                case .over: out.set("tts:rubyPosition", "before")
                case .under: out.set("tts:rubyPosition", "after")
                case .alternateOver: out.set("tts:rubyPosition", "outside")
                case .interCharacter, .alternateUnder:
                    unsupported("ruby-position \(position.rawValue)", "TTML2 has before, after and outside only", at: location)
                }
            }
        }
        // Initial values (what every TTML source's computed style carries) are not written again.
        if let align = style.rubyAlign, align != .center {
            if dfxp { unsupported("ruby-align", "TTML1 has no ruby", at: location) } else { out.set("tts:rubyAlign", align.rawValue) }
        }
        if let reserve = style.rubyReserve, reserve.side != .none {
            if dfxp {
                unsupported("ruby-reserve", "TTML1 has no ruby", at: location)
            } else if let length = reserve.length {
                if let text = lengthText(length, at: location, property: "rubyReserve") { out.set("tts:rubyReserve", "\(reserve.side.rawValue) \(text)") }
            } else {
                out.set("tts:rubyReserve", reserve.side.rawValue)
            }
        }
        // TTML2's bidi, emphasis, shear and super/subscript (IMSC 1.1, fontVariant IMSC 1.3);
        // initial values (ltr, normal, none, 0%) are not written again.
        if let direction = style.direction, direction != .ltr {
            if dfxp { unsupported("direction", "DFXP output keeps to TTML1's styles", at: location) } else { out.set("tts:direction", direction.rawValue) }
        }
        if let bidi = style.unicodeBidi, bidi != .normal {
            if dfxp { unsupported("unicode-bidi", "DFXP output keeps to TTML1's styles", at: location) } else { out.set("tts:unicodeBidi", bidi.rawValue) }
        }
        if let emphasis = style.textEmphasis, emphasis.style != .none {
            if dfxp { unsupported("text-emphasis", "TTML1 has no tts:textEmphasis", at: location) } else { out.set("tts:textEmphasis", Self.emphasisText(emphasis)) }
        }
        if let shear = style.shear, shear != .zero {
            // The model's proportion of a right angle is TTML's percentage of 90°.
            if dfxp { unsupported("shear", "TTML1 has no tts:shear", at: location) } else { out.set("tts:shear", number(shear.percent, at: location) + "%") }
        }
        if let variant = style.fontVariantPosition, variant != .normal {
            if dfxp {
                unsupported("font-variant-position", "TTML1 has no tts:fontVariant", at: location)
            } else {
                out.set("tts:fontVariant", variant == .superscripted ? "super" : "sub")
            }
        }
        // The EBU-TT-D and IMSC extensions live in namespaces this writer does not declare.
        if let align = style.multiRowAlign, align != .auto {
            unsupported("multi-row-align", "ebutts:multiRowAlign is not written", at: location)
        }
        if let padding = style.linePadding, !Self.isZero(padding) {
            unsupported("line-padding", "ebutts:linePadding is not written", at: location)
        }
        if style.fillLineGap == true { unsupported("fill-line-gap", "itts:fillLineGap is not written", at: location) }
        return out
    }

    /// `tts:textEmphasis` (TTML2 §10.2.44): style, then colour (omitted for `current`), then position.
    static func emphasisText(_ emphasis: StyleProperties.TextEmphasis) -> String {
        var parts: [String] = []
        switch emphasis.style {
        case .none: parts.append("none")
        case .auto: parts.append("auto")
        case .shape(let shape, let filled):
            if !filled { parts.append("open") }
            if let shape { parts.append(shape.rawValue) } else if filled { parts.append("filled") }
        case .string(let mark): parts.append("\"" + String(mark.filter { $0 != "\"" }) + "\"")
        }
        if let color = emphasis.color { parts.append(color.hexText) }
        parts.append(emphasis.position.rawValue)
        return parts.joined(separator: " ")
    }

    /// TTML generic family names (TTML2 §10.2.20) for CSS's, other names quoted when they are
    /// not a plain identifier.
    private func familyText(_ family: String) -> String {
        switch family {
        case "sans-serif": return "sansSerif"
        case "serif", "monospace", "sansSerif", "monospaceSansSerif", "monospaceSerif", "proportionalSansSerif",
             "proportionalSerif", "default":
            return family
        default:
            let plain = family.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" }
                && !(family.first?.isNumber ?? true)
            if plain { return family }
            if !family.contains("'") { return "'\(family)'" }
            // Both quote characters inside: a double-quoted string with backslash escapes.
            var escaped = ""
            for character in family {
                if character == "\\" || character == "\"" { escaped.append("\\") }
                escaped.append(character)
            }
            return "\"" + escaped + "\""
        }
    }

    private mutating func writeShadows(_ shadows: [StyleProperties.TextShadow], into out: inout TTMLStyleAttributes,
                                       fontCells: Fraction?, at location: SourceLocation?) {
        if options.dialect == .dfxp {
            unsupported("text-shadow", "TTML1 has no tts:textShadow", at: location)
            return
        }
        if shadows.isEmpty {
            out.set("tts:textShadow", "none")
            return
        }
        // IMSC 1.1 §8.4.11: at most 4 shadows.
        if shadows.count > 4 {
            unsupported("text-shadow beyond the fourth", "IMSC 1.1 allows 4 shadows", at: location)
        }
        var written: [String] = []
        for shadow in shadows.prefix(4) {
            var parts: [String] = []
            guard let x = relativeLengthText(shadow.offsetX, fontCells: fontCells, at: location, property: "textShadow"),
                  let y = relativeLengthText(shadow.offsetY, fontCells: fontCells, at: location, property: "textShadow")
            else { continue }
            parts += [x, y]
            if let blur = shadow.blurRadius, let b = relativeLengthText(blur, fontCells: fontCells, at: location, property: "textShadow") {
                parts.append(b)
            }
            if let color = shadow.color { parts.append(color.hexText) }
            written.append(parts.joined(separator: " "))
        }
        if !written.isEmpty { out.set("tts:textShadow", written.joined(separator: ",")) }
    }

    private mutating func writeOutline(_ outline: StyleProperties.Outline, into out: inout TTMLStyleAttributes,
                                       fontCells: Fraction?, at location: SourceLocation?) {
        if outline.placement == .box {
            unsupported("outline around the cue box", "TTML outlines glyphs only", at: location)
            return
        }
        if outline.style == .none {
            out.set("tts:textOutline", "none")
            return
        }
        if outline.style != .solid && outline.style != .auto {
            unsupported("outline style \(outline.style.rawValue)", "TTML draws a plain outline", at: location)
        }
        guard let width = relativeLengthText(outline.width, fontCells: fontCells, at: location, property: "textOutline") else { return }
        var parts: [String] = []
        if let color = outline.color { parts.append(color.hexText) }
        parts.append(width)
        if let blur = outline.blurRadius {
            // IMSC 1.1 permits #textOutline-unblurred only; TTML1 has the blur radius.
            if options.dialect == .dfxp, let b = relativeLengthText(blur, fontCells: fontCells, at: location, property: "textOutline") {
                parts.append(b)
            } else if options.dialect != .dfxp {
                unsupported("outline blur", "IMSC 1.1 allows unblurred outlines only", at: location)
            }
        }
        out.set("tts:textOutline", parts.joined(separator: " "))
    }

    /// A length measured against the element's own font size (line height, outline, shadow): a
    /// size in cells becomes a percentage of that font size when it is known in cells.
    private mutating func relativeLengthText(_ length: StyleProperties.Length, fontCells: Fraction?, at location: SourceLocation?,
                                             property: String) -> String? {
        if case .cells(let c) = length, options.dialect != .dfxp {
            if let own = fontCells, let ratio = FractionMath.divide(c, own) { return number(ratio.percent, at: location) + "%" }
            return cellsAsRootHeight(c, at: location)
        }
        return lengthText(length, at: location, property: property)
    }

    /// TTML length syntax (TTML2 §10.3.5) for a model length, or nil (with a diagnostic) when the
    /// output cannot express it.
    mutating func lengthText(_ length: StyleProperties.Length, at location: SourceLocation?, property: String) -> String? {
        let dfxp = options.dialect == .dfxp
        switch length {
        case .pixels(let p):
            guard options.pixelExtent != nil else {
                unsupported("\(property) in pixels", "pixel lengths need the root container's size (TTMLWriter.Options.pixelExtent)",
                            at: location)
                return nil
            }
            return number(p, at: location) + "px"
        case .fraction(let f): return number(f.percent, at: location) + "%"
        case .em(let f): return number(f, at: location) + "em"
        case .cells(let c): return dfxp ? number(c, at: location) + "c" : cellsAsRootHeight(c, at: location)
        case .viewportWidth(let f):
            if dfxp {
                unsupported("\(property) relative to the frame width", "TTML1 has no rw unit", at: location)
                return nil
            }
            return number(f.percent, at: location) + "rw"
        case .viewportHeight(let f):
            // TTML1 has no rh, but a cell is 1/rows of the root height.
            if dfxp { return number(FractionMath.multiply(f, Fraction(Int64(options.cellResolution.rows))), at: location) + "c" }
            return number(f.percent, at: location) + "rh"
        }
    }

    private mutating func cellsAsRootHeight(_ cells: Fraction, at location: SourceLocation?) -> String {
        number(FractionMath.multiply(cells, Fraction(100, Int64(max(1, options.cellResolution.rows)))), at: location) + "rh"
    }

    /// Decimal text of `value`: exact when it is a finite decimal of up to 9 digits after the
    /// point, else rounded to 6 (with a diagnostic, since the value then changes).
    mutating func number(_ value: Fraction, at location: SourceLocation?) -> String {
        if let digits = TTMLWriterTimeForm.powerOfTenDigits(value.denominator), digits <= 9 {
            return value.decimalText(maximumFractionDigits: digits)
        }
        log.report(.info, .ttmlRoundedValue, "\(value) has no finite decimal form; written rounded to 6 decimals", at: location)
        return value.decimalText(maximumFractionDigits: 6)
    }

    static func isZero(_ length: StyleProperties.Length) -> Bool {
        switch length {
        case .pixels(let f), .fraction(let f), .em(let f), .cells(let f), .viewportWidth(let f), .viewportHeight(let f): f == .zero
        }
    }

    mutating func unsupported(_ what: String, _ why: String, at location: SourceLocation?) {
        log.report(.warning, .ttmlUnsupportedStyle, "\(what) left out: \(why)", at: location)
    }
}
