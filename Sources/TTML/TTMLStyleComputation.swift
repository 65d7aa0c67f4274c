public import TimedText
public import XML

extension DiagnosticCode {
    /// A specified style value that does not parse; it is ignored (the property inherits or
    /// takes its initial value), as TTML2 §10.4 has processors do.
    public static let ttmlIgnoredStyleValue: Self = "ttml.ignored-style-value"
    /// A length that cannot be placed on the frame (pixels with no root extent).
    public static let ttmlUnresolvedLength: Self = "ttml.unresolved-length"
    /// A region's `set` changes its geometry (origin, extent, padding, writing mode…): the model's
    /// region has one box, so only its style changes over time (`Region.styleChanges`).
    public static let ttmlRegionGeometryAnimated: Self = "ttml.region-geometry-animated"
}

/// What relative lengths resolve against (TTML2 §10.4.1): the root container's size in pixels
/// when the document gives one (`tts:extent` on `tt`), and the cell grid (`ttp:cellResolution`,
/// 32×15 by default).
public struct TTMLStyleContext: Sendable, Hashable {
    /// The root container's width in pixels; nil when the document gives no pixel extent (pixel
    /// lengths then stay in `px`, and cannot be placed on the frame).
    public var rootWidth: Fraction?
    /// The root container's height in pixels; nil with `rootWidth`.
    public var rootHeight: Fraction?
    /// Columns of the cell grid (`c` lengths).
    public var cellColumns: Int
    /// Rows of the cell grid: a `1c` font is `1/cellRows` of the root height.
    public var cellRows: Int

    /// A context of your own: no pixel extent and TTML's 32×15 cells by default.
    public init(rootWidth: Fraction? = nil, rootHeight: Fraction? = nil, cellColumns: Int = 32, cellRows: Int = 15) {
        self.rootWidth = rootWidth
        self.rootHeight = rootHeight
        self.cellColumns = cellColumns
        self.cellRows = cellRows
    }

    /// Reads `tts:extent` (two pixel lengths) and `ttp:cellResolution` from the root element.
    package init(root: XMLElementNode) {
        self.init()
        if let extent = root.attribute(XMLName(XMLNamespace.tts, "extent"))?.value,
           case .success(let parts) = TTMLValueText.components(bytesOf(extent)), parts.count == 2,
           case .success(let w) = TTMLLength.parse(parts[0], rule: .nonNegative), w.unit == .pixels, w.value > .zero,
           case .success(let h) = TTMLLength.parse(parts[1], rule: .nonNegative), h.unit == .pixels, h.value > .zero {
            rootWidth = w.value
            rootHeight = h.value
        }
        if let cells = root.attribute(XMLName(XMLNamespace.ttp, "cellResolution"))?.value,
           let (columns, rows) = TTMLParameters.positivePair(cells) {
            cellColumns = columns
            cellRows = rows
        }
    }
}

/// The element a style is computed for: a region's percentages (origin, extent, position) are of
/// the root container, a content element's of its region.
public enum TTMLStyledElementKind: String, Sendable, Hashable {
    /// A `region`, or one of the content elements of that name.
    case region, body, div, p, span, br
}

/// Every style property's computed value for one element (TTML2 §10.4). Lengths are absolute:
/// `rw`/`rh` (percent of the root container's width/height), or `px` when the document gives no
/// root extent to convert them with.
public struct TTMLComputedStyle: Sendable, Hashable {
    /// Every property's value, by attribute name: each property of `TTMLStyleProperty` has one.
    public private(set) var values: [XMLName: TTMLStyleValue]

    init(values: [XMLName: TTMLStyleValue]) { self.values = values }

    /// The computed value of a property, by attribute name.
    public subscript(_ name: XMLName) -> TTMLStyleValue? { values[name] }

    /// The computed value of a `tts:` property.
    public subscript(tts local: String) -> TTMLStyleValue? { values[XMLName(XMLNamespace.tts, local)] }

    /// The computed font size (horizontal, vertical).
    public var fontSize: TTMLFontSize {
        if case .fontSize(let size)? = self[tts: "fontSize"] { return size }
        return TTMLFontSize(TTMLLength(Fraction(100, 15), .rootHeight))
    }
}

/// Turns specified style values into computed ones, and computed ones into the model's
/// `StyleProperties` and `Region`.
public struct TTMLStyleComputation: Sendable {
    /// What relative lengths resolve against.
    public var context: TTMLStyleContext

    /// A computation for a document whose root gives `context` (`TTMLStyleContext(root:)`).
    public init(context: TTMLStyleContext) { self.context = context }

    /// The style of the root of the inheritance chain: every property's initial value, computed.
    public func initialStyle() -> TTMLComputedStyle {
        compute(specified: [:], kind: .region, parent: nil).value
    }

    /// TTML2 §10.4: each property takes the specified value if there is one, else the parent's
    /// computed value if it inherits (and there is a parent), else its initial value; relative
    /// units are then resolved. `specified` holds the raw attributes collected for the element
    /// (referential, chained, inline and `set` styling already merged); values that do not parse
    /// are reported and ignored.
    public func compute(specified: [XMLName: XMLAttribute], kind: TTMLStyledElementKind,
                        parent: TTMLComputedStyle?, regionExtent: (width: TTMLLength, height: TTMLLength)? = nil)
        -> ParseResult<TTMLComputedStyle> {
        var log = DiagnosticLog()
        var chosen: [XMLName: TTMLStyleValue] = [:]
        var explicit: Set<XMLName> = []
        for property in TTMLStyleProperty.all {
            if let attribute = specified[property.name] {
                switch property.parse(attribute.value) {
                case .success(let value):
                    chosen[property.name] = value
                    explicit.insert(property.name)
                    continue
                case .failure(let problem):
                    log.report(.warning, .ttmlIgnoredStyleValue,
                               "'\(attribute.qualifiedName)=\"\(Self.quoted(attribute.value))\"' ignored: \(problem.message)", at: attribute.location)
                }
            }
            if property.inherited, let inherited = parent?[property.name] {
                chosen[property.name] = inherited
            } else {
                chosen[property.name] = property.initialValue
            }
        }
        let directionName = XMLName(XMLNamespace.tts, "direction")
        if kind == .region, !explicit.contains(directionName), case .keyword(let mode)? = chosen[XMLName(XMLNamespace.tts, "writingMode")],
           mode == "rltb" || mode == "rl" {
            // A right-to-left writing mode makes the inline direction right to left (TTML2
            // §10.2.50, CSS `direction: rtl`); the region's content inherits it unless it says otherwise.
            chosen[directionName] = .keyword("rtl")
        }
        let parentFont = parent?.fontSize ?? TTMLFontSize(cellHeight)
        var resolver = Resolver(context: context)
        // The font size first: `em` and most percentages of the other properties refer to it.
        let fontName = XMLName(XMLNamespace.tts, "fontSize")
        var font = parentFont
        if explicit.contains(fontName) || parent == nil, case .fontSize(let size)? = chosen[fontName] {
            font = TTMLFontSize(horizontal: resolver.absolute(size.horizontal, axis: size.horizontal == size.vertical ? .vertical : .horizontal,
                                                              percentOf: parentFont.horizontal, em: parentFont.horizontal),
                                vertical: resolver.absolute(size.vertical, axis: .vertical, percentOf: parentFont.vertical, em: parentFont.vertical))
        }
        chosen[fontName] = .fontSize(font)
        let em = font.vertical
        let paddingName = XMLName(XMLNamespace.tts, "padding")
        for name in explicit where name != fontName && name != paddingName {
            guard let value = chosen[name] else { continue }
            chosen[name] = resolver.resolve(value, property: name.local, kind: kind, em: em, regionExtent: regionExtent)
        }
        if explicit.contains(paddingName), let value = chosen[paddingName] {
            // A region's padding percentages are of its own extent, now computed.
            var box = regionExtent
            if kind == .region, case .extent(.size(.length(let w), .length(let h)))? = chosen[XMLName(XMLNamespace.tts, "extent")] {
                box = (w, h)
            }
            chosen[paddingName] = resolver.resolve(value, property: "padding", kind: kind == .region && box != nil ? .div : kind,
                                                   em: em, regionExtent: box)
        }
        if parent == nil {
            // Initial values with relative units (`lineHeight` is `normal`; `padding` 0px…) resolve too.
            for (name, value) in chosen where name != fontName && !explicit.contains(name) {
                chosen[name] = resolver.resolve(value, property: name.local, kind: kind, em: em, regionExtent: regionExtent)
            }
        }
        return ParseResult(value: TTMLComputedStyle(values: chosen), diagnostics: log.finished())
    }

    /// A value as a message quotes it: at most 40 characters (a 64 KiB value is not repeated).
    static func quoted(_ value: String) -> String {
        value.count <= 40 ? value : String(value.prefix(40)) + "…"
    }

    private var cellHeight: TTMLLength {
        TTMLLength(Fraction(100, Int64(context.cellRows)), .rootHeight)
    }
}

/// Resolves relative lengths to `rw`/`rh` (or `px` without a root extent).
struct Resolver {
    enum Axis { case horizontal, vertical }
    let context: TTMLStyleContext

    func scaled(_ length: TTMLLength, by factor: Fraction) -> TTMLLength {
        TTMLLength(length.value.times(factor), length.unit)
    }

    /// `percentOf` is what 100% means here; `em` the font size `1em` is.
    func absolute(_ length: TTMLLength, axis: Axis, percentOf: TTMLLength?, em: TTMLLength) -> TTMLLength {
        let hundredth = Fraction(1, 100)
        switch length.unit {
        case .rootWidth, .rootHeight:
            return length
        case .pixels:
            let extent = axis == .horizontal ? context.rootWidth : context.rootHeight
            guard let extent, let ratio = length.value.times(Fraction(100)).dividedBy(extent) else { return length }
            return TTMLLength(ratio, axis == .horizontal ? .rootWidth : .rootHeight)
        case .cells:
            let count = Int64(axis == .horizontal ? context.cellColumns : context.cellRows)
            return TTMLLength(length.value.times(Fraction(100, count)), axis == .horizontal ? .rootWidth : .rootHeight)
        case .em:
            return scaled(em, by: length.value)
        case .percent:
            guard let base = percentOf else { return TTMLLength(length.value, axis == .horizontal ? .rootWidth : .rootHeight) }
            return scaled(base, by: length.value.times(hundredth))
        }
    }

    mutating func resolve(_ value: TTMLStyleValue, property: String, kind: TTMLStyledElementKind, em: TTMLLength,
                          regionExtent: (width: TTMLLength, height: TTMLLength)?) -> TTMLStyleValue {
        // Percentages: of the root container for a region's geometry, of the region for content
        // padding, of the font size for text effects and line height.
        let rootW = TTMLLength(Fraction(100), .rootWidth)
        let rootH = TTMLLength(Fraction(100), .rootHeight)
        let boxW = kind == .region ? rootW : regionExtent?.width
        let boxH = kind == .region ? rootH : regionExtent?.height
        func h(_ l: TTMLLength) -> TTMLLength { absolute(l, axis: .horizontal, percentOf: boxW, em: em) }
        func v(_ l: TTMLLength) -> TTMLLength { absolute(l, axis: .vertical, percentOf: boxH, em: em) }
        func text(_ l: TTMLLength) -> TTMLLength { absolute(l, axis: .vertical, percentOf: em, em: em) }
        switch value {
        case .origin(.point(let x, let y)):
            return .origin(.point(x: h(x), y: v(y)))
        case .extent(.size(let width, let height)):
            func measure(_ m: TTMLMeasure, _ f: (TTMLLength) -> TTMLLength) -> TTMLMeasure {
                if case .length(let l) = m { return .length(f(l)) }
                return m
            }
            return .extent(.size(width: measure(width, h), height: measure(height, v)))
        case .padding(let p):
            return .padding(TTMLPadding(before: v(p.before), end: h(p.end), after: v(p.after), start: h(p.start)))
        case .normalOrLength(.length(let l)):
            return .normalOrLength(.length(property == "letterSpacing" ? absolute(l, axis: .horizontal, percentOf: em, em: em) : text(l)))
        case .textOutline(let outline?):
            return .textOutline(TTMLTextOutline(color: outline.color, thickness: text(outline.thickness), blur: outline.blur.map(text)))
        case .textShadow(let shadows):
            return .textShadow(shadows.map {
                TTMLTextShadow(offsetX: absolute($0.offsetX, axis: .horizontal, percentOf: em, em: em), offsetY: text($0.offsetY),
                               blur: $0.blur.map(text), color: $0.color)
            })
        case .length(let l) where property == "disparity":
            return .length(h(l))
        case .length(let l) where property == "linePadding":
            // Cells of the root container's height, as imscJS resolves EBU-TT-D's `c` here.
            return .length(v(l))
        case .position(let p):
            // A percentage offset is of the room left beside the box (CSS background-position),
            // not of the root container: it stays a percentage, which `region` resolves.
            func offset(_ l: TTMLLength, _ f: (TTMLLength) -> TTMLLength) -> TTMLLength { l.unit == .percent ? l : f(l) }
            return .position(TTMLPosition(horizontalEdge: p.horizontalEdge, horizontalOffset: offset(p.horizontalOffset, h),
                                          verticalEdge: p.verticalEdge, verticalOffset: offset(p.verticalOffset, v)))
        case .measure(.length(let l)):
            return .measure(.length(property == "ipd" ? h(l) : v(l)))
        default:
            return value
        }
    }
}

// MARK: To the model

extension TTMLStyleComputation {
    /// The model's length for a computed one: `rw`/`rh` as proportions of the frame, pixels as pixels.
    public static func modelLength(_ length: TTMLLength) -> StyleProperties.Length {
        switch length.unit {
        case .rootWidth: .viewportWidth(length.value.times(Fraction(1, 100)))
        case .rootHeight: .viewportHeight(length.value.times(Fraction(1, 100)))
        case .pixels: .pixels(length.value)
        case .em: .em(length.value)
        case .cells: .cells(length.value)
        case .percent: .fraction(length.value.times(Fraction(1, 100)))
        }
    }

    /// The text style the model carries for a computed style: what content says, inherited
    /// values included (a TTML document leaves nothing to the viewer's defaults).
    public func styleProperties(_ style: TTMLComputedStyle) -> StyleProperties {
        var result = StyleProperties()
        if case .color(let c)? = style[tts: "color"] { result.color = c }
        if case .color(let c)? = style[tts: "backgroundColor"] { result.backgroundColor = c }
        if case .fontFamilies(let families)? = style[tts: "fontFamily"] {
            result.fontFamilies = families.map { if case .generic(let n) = $0 { n } else if case .named(let n) = $0 { n } else { "" } }
        }
        result.fontSize = Self.modelLength(style.fontSize.vertical)
        if case .keyword(let k)? = style[tts: "fontStyle"] { result.fontStyle = StyleProperties.FontStyle(rawValue: k) }
        if case .keyword(let k)? = style[tts: "fontWeight"] { result.fontWeight = StyleProperties.FontWeight(rawValue: k) }
        if case .textDecoration(let d)? = style[tts: "textDecoration"] {
            var lines = StyleProperties.TextDecoration()
            if d.underline == true { lines.insert(.underline) }
            if d.lineThrough == true { lines.insert(.lineThrough) }
            if d.overline == true { lines.insert(.overline) }
            result.textDecoration = lines
        }
        if case .number(let n)? = style[tts: "opacity"] { result.opacity = n }
        if case .keyword(let k)? = style[tts: "visibility"] { result.visibility = StyleProperties.Visibility(rawValue: k) }
        if case .textShadow(let shadows)? = style[tts: "textShadow"] {
            result.textShadow = shadows.map {
                StyleProperties.TextShadow(offsetX: Self.modelLength($0.offsetX), offsetY: Self.modelLength($0.offsetY),
                                           blurRadius: $0.blur.map(Self.modelLength), color: $0.color)
            }
        }
        if case .textOutline(let outline)? = style[tts: "textOutline"], let outline {
            result.outline = StyleProperties.Outline(placement: .glyphs, color: outline.color, width: Self.modelLength(outline.thickness),
                                                     blurRadius: outline.blur.map(Self.modelLength))
        }
        if case .normalOrLength(let lh)? = style[tts: "lineHeight"] {
            switch lh {
            case .normal: result.lineHeight = .normal
            case .length(let l): result.lineHeight = .length(Self.modelLength(l))
            }
        }
        if case .keyword(let k)? = style[tts: "wrapOption"] { result.textWrap = k == "noWrap" ? .noWrap : .wrap }
        if case .textCombine(let c)? = style[tts: "textCombine"] { result.textCombine = c }
        if case .keyword(let k)? = style[tts: "rubyPosition"] {
            result.rubyPosition = k == "before" ? .over : k == "after" ? .under : .alternateOver
        }
        if case .keyword(let k)? = style[tts: "rubyAlign"] { result.rubyAlign = StyleProperties.RubyAlign(rawValue: k) }
        if case .rubyReserve(let reserve)? = style[tts: "rubyReserve"] {
            let side = reserve.position.flatMap(StyleProperties.RubyReserve.Side.init(rawValue:)) ?? .none
            result.rubyReserve = StyleProperties.RubyReserve(side: side, length: reserve.length.map(Self.modelLength))
        }
        if case .keyword(let k)? = style[Self.multiRowAlign] { result.multiRowAlign = StyleProperties.MultiRowAlign(rawValue: k) }
        if case .length(let l)? = style[Self.linePadding] { result.linePadding = Self.modelLength(l) }
        if case .boolean(let b)? = style[Self.fillLineGap] { result.fillLineGap = b }
        if case .keyword(let k)? = style[tts: "direction"] { result.direction = StyleProperties.Direction(rawValue: k) }
        if case .keyword(let k)? = style[tts: "unicodeBidi"] { result.unicodeBidi = StyleProperties.UnicodeBidi(rawValue: k) }
        if case .textEmphasis(let e)? = style[tts: "textEmphasis"] { result.textEmphasis = Self.modelEmphasis(e) }
        if case .fontVariant(let v)? = style[tts: "fontVariant"] {
            result.fontVariantPosition = v.position == "super" ? .superscripted : v.position == "sub" ? .subscripted : .normal
        }
        if case .percentage(let p)? = style[tts: "shear"] {
            // TTML2 §10.2.41: a percentage of 90°, clamped to ±100%.
            let proportion = p.times(Fraction(1, 100))
            result.shear = proportion > .one ? .one : proportion < Fraction(-1, 1) ? Fraction(-1, 1) : proportion
        }
        return result
    }

    /// The model's emphasis for a computed `tts:textEmphasis`: a shape without `filled`/`open`
    /// is filled, and an unknown shape name is left to the writing mode (TTML2 §10.2.44).
    static func modelEmphasis(_ e: TTMLTextEmphasis) -> StyleProperties.TextEmphasis {
        let style: StyleProperties.TextEmphasis.Style = switch e.style {
        case .none: .none
        case .auto: .auto
        case .shape(let filled, let shape): .shape(shape.flatMap(StyleProperties.TextEmphasis.Shape.init(rawValue:)), filled: filled ?? true)
        case .string(let s): .string(s)
        }
        let position = e.position.flatMap(StyleProperties.TextEmphasis.Position.init(rawValue:)) ?? .outside
        return StyleProperties.TextEmphasis(style: style, color: e.color, position: position)
    }

    static let multiRowAlign = XMLName(XMLNamespace.ebutts, "multiRowAlign")
    static let linePadding = XMLName(XMLNamespace.ebutts, "linePadding")
    static let fillLineGap = XMLName(XMLNamespace.itts, "fillLineGap")

    /// A region's geometry in proportions of the frame, with its own style. Lengths in pixels
    /// with no root extent cannot be placed; they are reported and left out.
    public func region(id: String, style: TTMLComputedStyle) -> ParseResult<Region> {
        var log = DiagnosticLog()
        func fraction(_ l: TTMLLength, _ what: String) -> Fraction? {
            if l.value == .zero { return .zero }
            switch l.unit {
            case .rootWidth, .rootHeight: return l.value.times(Fraction(1, 100))
            default:
                log.report(.warning, .ttmlUnresolvedLength,
                           "region '\(id)': \(what) '\(l)' cannot be placed without tts:extent in pixels on <tt>", at: nil)
                return nil
            }
        }
        var region = Region(id: id)
        if case .origin(.point(let x, let y))? = style[tts: "origin"], let fx = fraction(x, "origin"), let fy = fraction(y, "origin") {
            region.origin = Point(x: fx, y: fy)
        } else if case .origin(.auto)? = style[tts: "origin"] {
            region.origin = Point(x: .zero, y: .zero)
        }
        switch style[tts: "extent"] {
        case .extent(.size(.length(let w), .length(let h)))?:
            if let fw = fraction(w, "extent"), let fh = fraction(h, "extent") { region.extent = Point(x: fw, y: fh) }
        case .extent(.auto)?, nil:
            // TTML2 §10.2.15: an auto region extent is the root container's.
            region.extent = Point(x: .one, y: .one)
        default:
            break
        }
        if case .origin(.auto)? = style[tts: "origin"], case .position(let p)? = style[tts: "position"], let extent = region.extent {
            // TTML2 §10.2.35: the position places the region's box in the root container, as CSS
            // background-position places an image: a percentage p puts the point p of the box on
            // the point p of the container; a length is the distance between the named edges.
            // (tts:origin, when given, takes precedence: TTML1 processors read only it.)
            func place(_ offset: TTMLLength, fromFarEdge: Bool, room: Fraction) -> Fraction? {
                let near: Fraction
                if offset.unit == .percent {
                    near = room.times(offset.value.times(Fraction(1, 100)))
                    return fromFarEdge ? room.minus(near) : near
                }
                guard let length = fraction(offset, "position") else { return nil }
                return fromFarEdge ? room.minus(length) : length
            }
            if let x = place(p.horizontalOffset, fromFarEdge: p.horizontalEdge == .right, room: Fraction.one.minus(extent.x)),
               let y = place(p.verticalOffset, fromFarEdge: p.verticalEdge == .bottom, room: Fraction.one.minus(extent.y)) {
                region.origin = Point(x: x, y: y)
            }
        }
        if case .keyword(let k)? = style[tts: "displayAlign"] {
            region.displayAlignment = k == "center" ? .center : k == "after" ? .after : .before
        }
        if case .keyword(let k)? = style[tts: "writingMode"] {
            region.writingDirection = ["tbrl", "tb"].contains(k) ? .verticalRightToLeft : k == "tblr" ? .verticalLeftToRight : .horizontal
        }
        if case .keyword(let k)? = style[tts: "overflow"] { region.overflow = k == "visible" ? .visible : .hidden }
        if case .keyword(let k)? = style[tts: "showBackground"] { region.showBackground = k == "whenActive" ? .whenActive : .always }
        if case .padding(let p)? = style[tts: "padding"] {
            // before/after/start/end are writing-mode relative; map them to physical edges.
            if let before = fraction(p.before, "padding"), let after = fraction(p.after, "padding"),
               let start = fraction(p.start, "padding"), let end = fraction(p.end, "padding") {
                switch region.writingDirection {
                case .horizontal:
                    let rtl = style[tts: "writingMode"] == .keyword("rltb") || style[tts: "writingMode"] == .keyword("rl")
                    region.padding = Insets(top: before, right: rtl ? start : end, bottom: after, left: rtl ? end : start)
                case .verticalRightToLeft:
                    region.padding = Insets(top: start, right: before, bottom: end, left: after)
                case .verticalLeftToRight:
                    region.padding = Insets(top: start, right: after, bottom: end, left: before)
                }
            }
        }
        if case .boolean(true)? = style[XMLName(XMLNamespace.itts, "forcedDisplay")] { region.isForced = true }
        // Computed as a proportion of the root width (rw), the only unit the frame can place.
        if case .length(let d)? = style[tts: "disparity"], d.unit == .rootWidth { region.disparity = d.value.times(Fraction(1, 100)) }
        if case .number(let gain)? = style[tts: "luminanceGain"] { region.luminanceGain = gain }
        var regionStyle = StyleProperties()
        if case .color(let c)? = style[tts: "backgroundColor"] { regionStyle.backgroundColor = c }
        if case .number(let n)? = style[tts: "opacity"] { regionStyle.opacity = n }
        if case .keyword(let k)? = style[tts: "visibility"] { regionStyle.visibility = StyleProperties.Visibility(rawValue: k) }
        region.style = regionStyle
        return ParseResult(value: region, diagnostics: log.finished())
    }
}
