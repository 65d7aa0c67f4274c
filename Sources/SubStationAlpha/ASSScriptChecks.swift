public import TimedText

extension DiagnosticCode {
    /// A `Dialogue:` line names a style the script does not define (libass draws it with `Default`).
    public static let assMissingStyle: Self = "ass.missing-style"
    /// A `\pos` or `\move` point lies outside the script's `PlayResX × PlayResY` canvas.
    public static let assOffCanvas: Self = "ass.off-canvas"
    /// A font family a style or `\fn` names that neither the script's `[Fonts]` nor the font
    /// directories given provide.
    public static let assMissingFont: Self = "ass.missing-font"
}

/// One thing an ASS script check found: the diagnostic (its code is the rule, `ass.missing-style`)
/// and the event it is about, when there is one.
public struct ASSScriptFinding: Sendable {
    /// What is wrong, where (a warning: a validation profile decides how serious it is).
    public var diagnostic: Diagnostic
    /// The event it is about, or nil for the script as a whole (a font named by a style).
    public var event: ASSEvent?
}

extension SubStationAlphaScript {
    /// The checks of a script as it is written, beyond what the common model can see: style
    /// names (`ass.missing-style`), the PlayRes canvas (`ass.off-canvas`), font names
    /// (`ass.missing-font`). `providedFontFamilies` are the families the script's `[Fonts]` and
    /// a player's font directories hold; they are matched without regard to case, as font lookup
    /// matches them. In file order.
    public func checks(providedFontFamilies: [String]) -> [ASSScriptFinding] {
        var findings: [ASSScriptFinding] = []
        func report(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, event: ASSEvent? = nil) {
            findings.append(ASSScriptFinding(diagnostic: Diagnostic(.warning, code, message, at: location), event: event))
        }
        let script = self
        let defined = Set(script.styles.map(\.name))
        let width = Fraction(Int64(script.info.playResX)), height = Fraction(Int64(script.info.playResY))
        // Each family once, at the first place that names it, with how many places do.
        var named: [String: (name: String, location: SourceLocation, count: Int)] = [:]
        var order: [String] = []
        func name(_ family: String, at location: SourceLocation) {
            let family = family.hasPrefix("@") ? String(family.dropFirst()) : family
            guard !family.isEmpty else { return }
            let key = family.lowercased()
            if let seen = named[key] {
                named[key]!.count = seen.count + 1
            } else {
                named[key] = (family, location, 1)
                order.append(key)
            }
        }
        var usedStyles = Set<String>()
        for event in script.events where event.kind == .dialogue {
            let place = SourceLocation(line: event.line, column: 1)
            // libass ignores a leading '*' of the event's style name.
            let styleName = event.style.hasPrefix("*") ? String(event.style.dropFirst()) : event.style
            if defined.contains(styleName) {
                usedStyles.insert(styleName)
            } else {
                report(.assMissingStyle, "the event's style '\(event.style)' is not defined in the script: libass draws it with \(defined.contains("Default") ? "Default" : "the first style")", at: place, event: event)
            }
            let facts = event.tagFacts()
            if let outside = facts.points.first(where: { $0.x < .zero || $0.y < .zero || $0.x > width || $0.y > height }) {
                report(.assOffCanvas, "\(outside.tag) places the text at (\(outside.x.decimalText(maximumFractionDigits: 2)), \(outside.y.decimalText(maximumFractionDigits: 2))), outside the \(script.info.playResX) × \(script.info.playResY) PlayRes canvas", at: outside.location, event: event)
            }
            for font in facts.fontNames { name(font.name, at: font.location) }
        }
        // Style fonts: those of the styles dialogue uses (a leftover style's font is never drawn).
        for style in script.styles where usedStyles.contains(style.name) {
            name(style.fontName, at: SourceLocation(line: style.line, column: 1))
        }
        let provided = Set(providedFontFamilies.map { $0.lowercased() })
        for key in order where !provided.contains(key) {
            let family = named[key]!
            let places = family.count == 1 ? "" : " (named \(family.count) times, the first here)"
            report(.assMissingFont, "the font '\(family.name)' is in neither the script's [Fonts] nor the font directories given: players draw a substitute\(places)", at: family.location)
        }
        // In file order, as every rule's findings are.
        return findings.enumerated().sorted { a, b in
            let l = a.element.diagnostic.location.map { ($0.line, $0.column) } ?? (0, 0), r = b.element.diagnostic.location.map { ($0.line, $0.column) } ?? (0, 0)
            return l != r ? l < r : a.offset < b.offset
        }.map(\.element)
    }
}
