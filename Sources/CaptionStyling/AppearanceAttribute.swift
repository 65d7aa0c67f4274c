import TimedText

/// Why an appearance setting was refused.
extension DiagnosticCode {
    /// An appearance setting (`text-color=…`, an appearance file) that cannot be used; the message says why.
    public static let invalidAppearance: Self = "appearance.invalid"
}

/// The attributes a viewer can set, by the names the command line (`text-color=yellow!`) and
/// appearance files use.
public enum AppearanceAttribute: String, Sendable, Hashable, CaseIterable {
    case font
    case textSize = "text-size"
    case textColor = "text-color"
    case textOpacity = "text-opacity"
    case backgroundColor = "background-color"
    case backgroundOpacity = "background-opacity"
    case windowColor = "window-color"
    case windowOpacity = "window-opacity"
    case edge
    case edgeColor = "edge-color"
}

extension CaptionAppearance {
    /// Sets one attribute from its text form. A trailing `!` makes the viewer's value win
    /// always; without it the content's value wins when there is one.
    ///
    /// Values: `font` one of `CaptionFontStyle`'s names; `text-size` a percentage (`150%`) or a
    /// factor (`1.5`) between 25% and 400%; colours as CSS (`yellow`, `#ff0`, `rgb(…)`), opaque;
    /// opacities a percentage (`50%`) or a number from 0 to 1; `edge` one of `CharacterEdge`'s names.
    public mutating func set(_ attribute: AppearanceAttribute, to text: String) throws(LegibleError) {
        var value = text.trimmingSpaces()
        var precedence = AppearancePrecedence.contentFirst
        if value.hasSuffix("!") {
            precedence = .viewerAlways
            value = value.dropLast().trimmingSpaces()
        }
        let name = attribute.rawValue
        switch attribute {
        case .font:
            guard let style = CaptionFontStyle(rawValue: value.lowercased()) else {
                throw LegibleError(.invalidAppearance, "\(name): '\(value)' is not a font style (\(CaptionFontStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            font = AppearanceSetting(style, precedence)
        case .textSize:
            guard let size = Self.proportion(value), Self.textSizeRange.contains(size) else {
                throw LegibleError(.invalidAppearance, "\(name): '\(value)' is not a size from 25% to 400%")
            }
            textSize = AppearanceSetting(size, precedence)
        case .textColor: textColor = AppearanceSetting(try Self.color(value, name), precedence)
        case .backgroundColor: backgroundColor = AppearanceSetting(try Self.color(value, name), precedence)
        case .windowColor: windowColor = AppearanceSetting(try Self.color(value, name), precedence)
        case .edgeColor: edgeColor = AppearanceSetting(try Self.color(value, name), precedence)
        case .textOpacity: textOpacity = AppearanceSetting(try Self.opacity(value, name), precedence)
        case .backgroundOpacity: backgroundOpacity = AppearanceSetting(try Self.opacity(value, name), precedence)
        case .windowOpacity: windowOpacity = AppearanceSetting(try Self.opacity(value, name), precedence)
        case .edge:
            guard let edgeStyle = CharacterEdge(rawValue: value.lowercased()) else {
                throw LegibleError(.invalidAppearance, "\(name): '\(value)' is not an edge style (\(CharacterEdge.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            edge = AppearanceSetting(edgeStyle, precedence)
        }
    }

    /// Applies one command-line specification: a preset name (which replaces every attribute),
    /// or `key=value[!]`. Appearance files are applied with `apply(json:)`.
    public mutating func apply(specification: String) throws(LegibleError) {
        if let preset = CaptionAppearancePreset(rawValue: specification.lowercased()) {
            self = preset.appearance
            return
        }
        guard let equals = specification.firstIndex(of: "=") else {
            throw LegibleError(.invalidAppearance, "'\(specification)' is neither a preset (\(CaptionAppearancePreset.allCases.map(\.rawValue).joined(separator: ", "))), a .json file nor key=value")
        }
        let key = specification[..<equals].trimmingSpaces().lowercased()
        guard let attribute = AppearanceAttribute(rawValue: key) else {
            throw LegibleError(.invalidAppearance, "unknown appearance key '\(key)' (keys: \(AppearanceAttribute.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        try set(attribute, to: String(specification[specification.index(after: equals)...]))
    }

    /// `150%` or `1.5` as a fraction.
    static func proportion(_ text: String) -> Fraction? {
        if text.hasSuffix("%") {
            guard let percent = Fraction(decimal: text.dropLast().utf8) else { return nil }
            return Fraction(percent: percent)
        }
        return Fraction(decimal: text.utf8)
    }

    static func opacity(_ text: String, _ name: String) throws(LegibleError) -> Fraction {
        guard let value = proportion(text), value >= .zero, value <= .one else {
            throw LegibleError(.invalidAppearance, "\(name): '\(text)' is not an opacity from 0% to 100% (or 0 to 1)")
        }
        return value
    }

    static func color(_ text: String, _ name: String) throws(LegibleError) -> Color {
        guard var color = Color(css: text) else { throw LegibleError(.invalidAppearance, "\(name): '\(text)' is not a CSS colour") }
        // Opacity is its own attribute: a colour with alpha would apply it twice.
        guard color.alpha == 255 else {
            throw LegibleError(.invalidAppearance, "\(name): give the opacity separately (\(name.replacingColorWithOpacity)), not in the colour '\(text)'")
        }
        color.alpha = 255
        return color
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}

extension String {
    var replacingColorWithOpacity: String {
        hasSuffix("-color") ? String(dropLast(6)) + "-opacity" : self
    }
}
