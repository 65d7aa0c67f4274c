public import TimedText

/// The CSS of one WebVTT STYLE block (W3C WebVTT, "Style blocks" and "WebVTT file parsing"; the CSS read as
/// CSS Syntax Level 3 says), kept as the rules that can select cues or regions.
///
/// Reading never fails: a bad rule, selector or declaration is skipped the way CSS skips it and
/// reported in the diagnostic log with a line and column.
public struct WebVTTStyleSheet: Sendable, Hashable {
    /// The usable rules, in source order (which breaks cascade ties).
    public var rules: [WebVTTStyleRule]

    /// A sheet of `rules`, already parsed.
    public init(rules: [WebVTTStyleRule] = []) {
        self.rules = rules
    }

    /// Reads a STYLE block's text (the lines after `STYLE`, joined with line feeds).
    /// - Parameter startingLine: the 1-based file line of the block's first CSS line, so that
    ///   diagnostics point into the file.
    public init(parsing text: String, startingLine: Int, diagnostics: inout DiagnosticLog) {
        var parser = WebVTTStyleSheetParser(Array(text.utf8), startingLine: startingLine)
        rules = parser.parseStyleSheet(diagnostics: &diagnostics)
    }

    /// True when no rule can style anything.
    public var isEmpty: Bool { rules.isEmpty }
}

/// One rule: the selectors it applies through and the longhands it declares, in source order.
/// Only rules with at least one usable selector and one usable declaration are kept.
public struct WebVTTStyleRule: Sendable, Hashable {
    /// The selectors the rule applies through (a selector list `::cue(b), ::cue(i)` gives two).
    public var selectors: [WebVTTCueSelector]
    /// The longhands it declares, shorthands expanded, in source order.
    public var declarations: [WebVTTStyleDeclaration]
    /// Where the rule's selector begins in the file.
    public var location: SourceLocation?

    /// A rule built by hand.
    public init(selectors: [WebVTTCueSelector], declarations: [WebVTTStyleDeclaration], location: SourceLocation? = nil) {
        self.selectors = selectors
        self.declarations = declarations
        self.location = location
    }

    /// What the rule declares, as one style: later declarations over earlier, `!important` ones over all.
    public var style: StyleProperties { declarations.declaredStyle }
}
