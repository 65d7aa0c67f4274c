package import CaptionStyling
internal import TimedText

/// What of a viewer's appearance libass imposes on a native ASS script (a player's "override ASS
/// style"): only the attributes the viewer marked `viewer-always` (`!`), each through its own
/// libass selective-override bit, so that an unmarked attribute leaves the script's styles alone.
///
/// libass applies the override to events that look like dialogue only: an event with `\pos`,
/// `\move`, `\clip`, `\org` or a drawing (a sign, a typeset title) keeps the script's look. Override
/// tags inside an event's text (`{\c&H0000FF&}`) still apply over the overridden style, as they do
/// in mpv. The user style's sizes are for a 288-line script, scaled by libass to the script's
/// `PlayResY`.
package struct NativeStyleOverride: Sendable, Hashable {
    /// The families of `ASS_Style` that the override replaces (`ASS_OverrideBits`).
    package struct Parts: OptionSet, Sendable, Hashable {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }
        /// `ASS_OVERRIDE_BIT_SELECTIVE_FONT_SCALE`: the font scale on dialogue only.
        package static let selectiveFontScale = Parts(rawValue: 1 << 1)
        /// `ASS_OVERRIDE_BIT_FONT_NAME`.
        package static let fontName = Parts(rawValue: 1 << 3)
        /// `ASS_OVERRIDE_BIT_COLORS`: primary, secondary, outline and back colours together.
        package static let colors = Parts(rawValue: 1 << 4)
        /// `ASS_OVERRIDE_BIT_BORDER`: border style, outline and shadow sizes together.
        package static let border = Parts(rawValue: 1 << 6)
    }

    /// The bits libass is given; empty: the script is drawn as written.
    package var parts: Parts = []
    /// `ass_set_font_scale`: the viewer's text size, when marked.
    package var fontScale = 1.0
    /// The family every dialogue event is drawn in (with `fontName`).
    package var fontName = FontSet.defaultFamily
    /// Text, karaoke-before-sweep, outline (or box) and shadow colours, with `colors`.
    package var primary = Color4(r: 255, g: 255, b: 255)
    package var secondary = Color4(r: 255, g: 255, b: 255)
    package var outline = Color4(r: 0, g: 0, b: 0)
    package var back = Color4(r: 0, g: 0, b: 0)
    /// ASS `BorderStyle` (1 outline and shadow, 3 an opaque box in the outline colour), and the
    /// outline and shadow sizes for a 288-line script, with `border`.
    package var borderStyle: Int32 = 1
    package var outlineSize = 0.0
    package var shadowSize = 0.0

    /// The override for `appearance`, naming families from `fonts`.
    package init(_ appearance: CaptionAppearance, fonts: FontSet) {
        if appearance.font.precedence == .viewerAlways {
            parts.insert(.fontName)
            fontName = fonts.family(for: appearance.font.value)
        }
        if appearance.textSize.precedence == .viewerAlways {
            parts.insert(.selectiveFontScale)
            fontScale = appearance.textSize.value.doubleValue
        }
        // A box behind the text: the viewer's marked background when it shows at all.
        let box = appearance.backgroundColor.precedence == .viewerAlways || appearance.backgroundOpacity.precedence == .viewerAlways
            ? appearance.backgroundOpacity.value > .zero : false
        let colorMarked = [appearance.textColor.precedence, appearance.textOpacity.precedence, appearance.edgeColor.precedence]
            .contains(.viewerAlways) || box
        if colorMarked {
            // libass replaces the four colours together: the ones the viewer did not mark take the
            // viewer's values too (the appearance always has one for each).
            parts.insert(.colors)
            let textAlpha = Self.byte(appearance.textOpacity.value)
            primary = Self.color(appearance.textColor.value, alpha: textAlpha)
            // The karaoke colour before the sweep: the text colour too (a viewer asking for
            // yellow text wants no other colour).
            secondary = primary
            outline = box ? Self.color(appearance.backgroundColor.value, alpha: Self.byte(appearance.backgroundOpacity.value))
                          : Self.color(appearance.edgeColor.value, alpha: textAlpha)
            back = Self.color(appearance.edgeColor.value, alpha: textAlpha)
        }
        if box {
            // BorderStyle 3: each line on a box of the outline colour, padded by the outline size.
            parts.insert(.border)
            borderStyle = 3
            outlineSize = 1
            shadowSize = 0
        } else if appearance.edge.precedence == .viewerAlways {
            parts.insert(.border)
            switch appearance.edge.value {
            case .none: (outlineSize, shadowSize) = (0, 0)
            case .uniform: (outlineSize, shadowSize) = (1, 0)
            case .dropShadow: (outlineSize, shadowSize) = (0, 1.5)
            // ASS has no embossed edge: a small shadow is the nearest look.
            case .raised, .depressed: (outlineSize, shadowSize) = (0, 1)
            }
        }
    }

    private static func byte(_ opacity: Fraction) -> UInt8 {
        UInt8(max(0, min(255, (opacity.doubleValue * 255).rounded())))
    }

    private static func color(_ color: Color, alpha: UInt8) -> Color4 {
        Color4(r: color.red, g: color.green, b: color.blue, a: alpha)
    }
}
