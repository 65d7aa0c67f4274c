public import TimedText

/// One CSS longhand property with its parsed value, from a STYLE block declaration. A shorthand
/// (`font`, `outline`, `background`, `text-decoration`, `white-space`) is kept as the longhands it
/// sets, its omitted parts at their CSS initial values, so that rules cascade longhand by longhand
/// as CSS Cascading Level 4 §1.2 says.
public struct WebVTTStyleDeclaration: Sendable, Hashable {
    /// A longhand and its parsed value, one case per CSS property the engine applies.
    public enum Value: Sendable, Hashable {
        case color(Color)
        case opacity(Fraction)
        case visibility(StyleProperties.Visibility)
        case textDecorationLine(StyleProperties.TextDecoration)
        /// Nil: `currentcolor`.
        case textDecorationColor(Color?)
        case textDecorationStyle(StyleProperties.TextDecorationStyle)
        /// Empty: `none`.
        case textShadow([StyleProperties.TextShadow])
        /// The `background-color` longhand; the WebVTT cue background box for the cue itself.
        case backgroundColor(Color)
        /// Nil: `auto`/`currentcolor` (the text's colour).
        case outlineColor(Color?)
        case outlineStyle(StyleProperties.Outline.Style)
        case outlineWidth(StyleProperties.Length)
        case fontFamily([String])
        case fontSize(StyleProperties.Length)
        case fontStyle(StyleProperties.FontStyle)
        case fontWeight(StyleProperties.FontWeight)
        case lineHeight(StyleProperties.LineHeight)
        case whiteSpaceCollapse(StyleProperties.WhiteSpaceCollapse)
        case textWrap(StyleProperties.TextWrap)
        case textCombineUpright(StyleProperties.TextCombine)
        case rubyPosition(StyleProperties.RubyPosition)
        /// `color` in a `::cue(:future)` rule: the colour of the text a cue's inline timestamps
        /// have not reached (`StyleProperties.futureColor`, karaoke's not-yet-sung colour).
        case futureColor(Color)
    }

    /// The property and its value.
    public var value: Value
    /// `!important`: wins over normal declarations whatever the specificity (CSS Cascading Level 4
    /// §6.1; a STYLE block is one author-origin sheet, so that is all importance does here).
    public var isImportant: Bool

    /// A declaration of `value`, `!important` when `isImportant`.
    public init(_ value: Value, isImportant: Bool = false) {
        self.value = value
        self.isImportant = isImportant
    }

    /// The CSS `outline` initial values (CSS UI Level 4 §5): `medium none auto`, medium being 3px.
    static let initialOutline = StyleProperties.Outline(placement: .box, style: .none, color: nil, width: .pixels(Fraction(3)))

    /// Sets this longhand on `style`, over any value it had.
    public func apply(to style: inout StyleProperties) {
        switch value {
        case .color(let c): style.color = c
        case .opacity(let o): style.opacity = o
        case .visibility(let v): style.visibility = v
        case .textDecorationLine(let d): style.textDecoration = d
        case .textDecorationColor(let c): style.textDecorationColor = c
        case .textDecorationStyle(let s): style.textDecorationStyle = s
        case .textShadow(let shadows): style.textShadow = shadows
        case .backgroundColor(let c): style.backgroundColor = c
        case .outlineColor(let c): style.outline = outline(of: style) { $0.color = c }
        case .outlineStyle(let s): style.outline = outline(of: style) { $0.style = s }
        case .outlineWidth(let w): style.outline = outline(of: style) { $0.width = w }
        case .fontFamily(let f): style.fontFamilies = f
        case .fontSize(let s): style.fontSize = s
        case .fontStyle(let s): style.fontStyle = s
        case .fontWeight(let w): style.fontWeight = w
        case .lineHeight(let h): style.lineHeight = h
        case .whiteSpaceCollapse(let w): style.whiteSpaceCollapse = w
        case .textWrap(let w): style.textWrap = w
        case .textCombineUpright(let t): style.textCombine = t
        case .rubyPosition(let r): style.rubyPosition = r
        case .futureColor(let c): style.futureColor = c
        }
    }

    /// The outline longhands are parts of one model value: a part set alone starts from the CSS
    /// initial outline (a CSS box outline replaces a glyph outline, which CSS cannot express).
    private func outline(of style: StyleProperties, _ change: (inout StyleProperties.Outline) -> Void) -> StyleProperties.Outline {
        var outline = style.outline ?? Self.initialOutline
        if outline.placement != .box {
            outline = Self.initialOutline
        }
        change(&outline)
        return outline
    }
}

extension Array where Element == WebVTTStyleDeclaration {
    /// The declared values, in order, `!important` ones last (so they win).
    var declaredStyle: StyleProperties {
        var style = StyleProperties.none
        for declaration in self where !declaration.isImportant { declaration.apply(to: &style) }
        for declaration in self where declaration.isImportant { declaration.apply(to: &style) }
        return style
    }
}
