import TimedText

extension DiagnosticCode {
    /// A rule with no `{}` block, or a declaration block that could not be read.
    public static let webVTTCSSBadRule: Self = "webvtt.css-bad-rule"
    /// An invalid selector: the whole rule is dropped, as CSS drops it.
    public static let webVTTCSSBadSelector: Self = "webvtt.css-bad-selector"
    /// A valid selector that cannot be applied to cues ahead of time (`:past`, `.foo`, `:hover`); skipped.
    public static let webVTTCSSUnsupportedSelector: Self = "webvtt.css-unsupported-selector"
    /// `@import`, `@media` and every other at-rule: skipped.
    public static let webVTTCSSUnsupportedAtRule: Self = "webvtt.css-unsupported-at-rule"
    /// A declaration that is not valid CSS, or whose value is invalid for its property: skipped.
    public static let webVTTCSSBadDeclaration: Self = "webvtt.css-bad-declaration"
    /// A property that does not apply to cues, or that the model does not keep: skipped.
    public static let webVTTCSSUnsupportedProperty: Self = "webvtt.css-unsupported-property"
    /// A valid value the model cannot hold (`rem`, `var()`, `inherit`): the declaration is skipped.
    public static let webVTTCSSUnsupportedValue: Self = "webvtt.css-unsupported-value"
    /// A value kept approximately, or a part of it ignored (`font-weight: 500`, a background image).
    public static let webVTTCSSApproximatedValue: Self = "webvtt.css-approximated-value"
    /// A block, comment, string or URL still open at the end of the STYLE block (CSS closes it there).
    public static let webVTTCSSUnterminated: Self = "webvtt.css-unterminated"
}

/// CSS Syntax Level 3 §5 over a STYLE block's tokens: "parse a stylesheet" (§5.3.3) with "consume a
/// list of rules" (§5.4.1), at-rules (§5.4.2), qualified rules (§5.4.3) and "consume a list of
/// declarations" (§5.4.5). Brackets are matched with an explicit stack, so deep nesting costs no
/// stack; every token is looked at a bounded number of times.
struct WebVTTStyleSheetParser {
    private let bytes: [UInt8]
    private let startingLine: Int
    private var tokens: [WebVTTCSSToken] = []
    /// Byte offsets where lines begin, built on the first diagnostic.
    private var lineStarts: [Int]?

    init(_ bytes: [UInt8], startingLine: Int) {
        self.bytes = bytes
        self.startingLine = startingLine
    }

    mutating func parseStyleSheet(diagnostics: inout DiagnosticLog) -> [WebVTTStyleRule] {
        let (tokens, unterminated) = WebVTTCSSTokenizer.tokenize(bytes)
        self.tokens = tokens
        for offset in unterminated {
            report(.warning, .webVTTCSSUnterminated, "a comment, string or URL is not closed before the end of the STYLE block",
                   at: offset, &diagnostics)
        }
        var rules: [WebVTTStyleRule] = []
        var i = 0
        while i < tokens.count {
            switch tokens[i].kind {
            case .whitespace, .cdo, .cdc:
                i += 1
            case .atKeyword:
                report(.warning, .webVTTCSSUnsupportedAtRule, "'@\(tokens[i].text)' is not supported in a STYLE block; skipped",
                       at: tokens[i].offset, &diagnostics)
                i = endOfAtRule(from: i, limit: tokens.count)
            default:
                i = qualifiedRule(from: i, into: &rules, &diagnostics)
            }
        }
        return rules
    }

    // MARK: - Rules

    /// §5.4.2: an at-rule ends at a top-level `;` or after its `{}` block. Returns the index after it.
    private func endOfAtRule(from start: Int, limit: Int) -> Int {
        var i = start + 1
        while i < limit {
            switch tokens[i].kind {
            case .semicolon: return i + 1
            case .openCurly: return min(matchingClose(i, limit: limit), limit - 1) + 1
            case .function, .openParen, .openSquare: i = matchingClose(i, limit: limit) + 1
            default: i += 1
            }
        }
        return limit
    }

    /// §5.4.3: the prelude up to a top-level `{`, then the block. Returns the index after the rule.
    private mutating func qualifiedRule(from start: Int, into rules: inout [WebVTTStyleRule], _ diagnostics: inout DiagnosticLog) -> Int {
        var i = start
        while i < tokens.count, tokens[i].kind != .openCurly {
            switch tokens[i].kind {
            case .function, .openParen, .openSquare: i = matchingClose(i, limit: tokens.count) + 1
            default: i += 1
            }
        }
        guard i < tokens.count else {
            report(.warning, .webVTTCSSBadRule, "a selector with no '{ … }' block; ignored", at: tokens[start].offset, &diagnostics)
            return tokens.count
        }
        let blockStart = i
        var blockEnd = matchingClose(blockStart, limit: tokens.count)
        if blockEnd >= tokens.count {
            report(.warning, .webVTTCSSUnterminated, "the '{' block is not closed; it ends with the STYLE block",
                   at: tokens[blockStart].offset, &diagnostics)
            blockEnd = tokens.count
        }
        if isFutureTextSelector(tokens[start..<blockStart]) {
            futureTextRule(start, blockStart, blockEnd, into: &rules, &diagnostics)
            return blockEnd + 1
        }
        let selectors = WebVTTCueSelectorParser.parse(tokens[start..<blockStart])
        if let invalid = selectors.invalid {
            reportSelector(invalid, &diagnostics)
            return blockEnd + 1
        }
        for problem in selectors.unsupported { reportSelector(problem, &diagnostics) }
        // A rule that can select nothing is not read further: its declarations could not apply.
        guard !selectors.selectors.isEmpty else { return blockEnd + 1 }
        let declarations = declarationList(blockStart + 1, blockEnd, &diagnostics)
        if !declarations.isEmpty {
            rules.append(WebVTTStyleRule(selectors: selectors.selectors, declarations: declarations,
                                         location: location(of: tokens[start].offset)))
        }
        return blockEnd + 1
    }

    /// `::cue(:future)` alone (W3C WebVTT §4.6, "The :past and :future pseudo-classes"): which
    /// text it styles changes with the playback position, so it cannot be cascaded ahead of time
    /// like the others; its `color` is the model's `futureColor` of every cue, the colour of text
    /// the cue's timestamps have not reached (karaoke, as the WebVTT writer says an ASS secondary
    /// colour). Other selectors with `:past` or `:future` are reported by the selector parser.
    private func isFutureTextSelector(_ prelude: ArraySlice<WebVTTCSSToken>) -> Bool {
        let significant = prelude.filter { $0.kind != .whitespace }
        guard significant.count == 6 else { return false }
        let t = Array(significant)
        return t[0].kind == .colon && t[1].kind == .colon && t[2].kind == .function && t[2].text.lowercasedASCII == "cue"
            && t[3].kind == .colon && t[4].isIdent("future") && t[5].kind == .closeParen
    }

    /// The rule of a `::cue(:future)` prelude: its `color` kept as the future colour of every cue,
    /// its other declarations reported and left out.
    private mutating func futureTextRule(_ start: Int, _ blockStart: Int, _ blockEnd: Int, into rules: inout [WebVTTStyleRule],
                                         _ diagnostics: inout DiagnosticLog) {
        var declarations: [WebVTTStyleDeclaration] = []
        for declaration in declarationList(blockStart + 1, blockEnd, &diagnostics) {
            if case .color(let color) = declaration.value {
                declarations.append(WebVTTStyleDeclaration(.futureColor(color), isImportant: declaration.isImportant))
            } else {
                report(.warning, .webVTTCSSUnsupportedSelector,
                       "::cue(:future) styles text by the playback position: only its color is kept (the colour of text not yet reached); other properties are skipped",
                       at: tokens[start].offset, &diagnostics)
            }
        }
        if !declarations.isEmpty {
            rules.append(WebVTTStyleRule(selectors: [WebVTTCueSelector(.cue)], declarations: declarations, location: location(of: tokens[start].offset)))
        }
    }

    private mutating func reportSelector(_ problem: WebVTTCueSelectorParser.Problem, _ diagnostics: inout DiagnosticLog) {
        switch problem {
        case .invalid(let message, let offset):
            report(.warning, .webVTTCSSBadSelector, "invalid selector: \(message); the rule is ignored", at: offset, &diagnostics)
        case .unsupported(let message, let offset):
            report(.warning, .webVTTCSSUnsupportedSelector, "\(message); this selector is skipped", at: offset, &diagnostics)
        }
    }

    // MARK: - Declarations

    /// §5.4.5, consume a list of declarations, between `start` and `end` (exclusive).
    private mutating func declarationList(_ start: Int, _ end: Int, _ diagnostics: inout DiagnosticLog) -> [WebVTTStyleDeclaration] {
        var declarations: [WebVTTStyleDeclaration] = []
        var i = start
        while i < end {
            let t = tokens[i]
            switch t.kind {
            case .whitespace, .semicolon:
                i += 1
            case .atKeyword:
                report(.warning, .webVTTCSSUnsupportedAtRule, "'@\(t.text)' inside a rule is not supported; skipped", at: t.offset, &diagnostics)
                i = endOfAtRule(from: i, limit: end)
            case .ident:
                let stop = nextTopLevelSemicolon(from: i, limit: end)
                declarations += declaration(i, stop, &diagnostics)
                i = stop + 1
            default:
                let stop = nextTopLevelSemicolon(from: i, limit: end)
                report(.warning, .webVTTCSSBadDeclaration, "expected a property name; skipped to the next ';'", at: t.offset, &diagnostics)
                i = stop + 1
            }
        }
        return declarations
    }

    private func nextTopLevelSemicolon(from start: Int, limit: Int) -> Int {
        var i = start
        while i < limit {
            switch tokens[i].kind {
            case .semicolon: return i
            case .function, .openParen, .openSquare, .openCurly: i = matchingClose(i, limit: limit) + 1
            default: i += 1
            }
        }
        return limit
    }

    /// §5.4.6, consume a declaration: `name : value [!important]`, then the property's grammar.
    private mutating func declaration(_ start: Int, _ end: Int, _ diagnostics: inout DiagnosticLog) -> [WebVTTStyleDeclaration] {
        let nameToken = tokens[start]
        let name = nameToken.text.hasPrefix("--") ? nameToken.text : nameToken.text.lowercasedASCII
        var i = start + 1
        while i < end, tokens[i].kind == .whitespace { i += 1 }
        guard i < end, tokens[i].kind == .colon else {
            report(.warning, .webVTTCSSBadDeclaration, "expected ':' after '\(nameToken.text)'; declaration skipped",
                   at: nameToken.offset, &diagnostics)
            return []
        }
        var valueEnd = end
        while valueEnd > i + 1, tokens[valueEnd - 1].kind == .whitespace { valueEnd -= 1 }
        // `!important`: the last two non-whitespace tokens.
        var isImportant = false
        if valueEnd > i + 1, tokens[valueEnd - 1].isIdent("important") {
            var bang = valueEnd - 2
            while bang > i, tokens[bang].kind == .whitespace { bang -= 1 }
            if bang > i, tokens[bang].isDelim("!") {
                isImportant = true
                valueEnd = bang
            }
        }
        if name.hasPrefix("--") {
            report(.warning, .webVTTCSSUnsupportedProperty, "custom property '\(name)' is not supported; skipped",
                   at: nameToken.offset, &diagnostics)
            return []
        }
        do throws(WebVTTCSSValueError) {
            let parsed = try WebVTTCSSPropertyParser.parse(name: name, value: tokens[(i + 1)..<valueEnd])
            for note in parsed.approximations {
                report(.info, .webVTTCSSApproximatedValue, "'\(name)': \(note)", at: nameToken.offset, &diagnostics)
            }
            return parsed.values.map { WebVTTStyleDeclaration($0, isImportant: isImportant) }
        } catch {
            switch error {
            case .invalid(let message):
                report(.warning, .webVTTCSSBadDeclaration, "bad value for '\(name)': \(message); declaration skipped",
                       at: nameToken.offset, &diagnostics)
            case .unsupportedValue(let message):
                report(.warning, .webVTTCSSUnsupportedValue, "'\(name)': \(message); declaration skipped",
                       at: nameToken.offset, &diagnostics)
            case .unsupportedProperty(let message):
                report(.warning, .webVTTCSSUnsupportedProperty, "\(message); declaration skipped", at: nameToken.offset, &diagnostics)
            }
        }
        return []
    }

    // MARK: - Helpers

    /// The index of the token closing the bracket at `open`, or `limit` when it is not closed.
    private func matchingClose(_ open: Int, limit: Int) -> Int {
        min(WebVTTCSSComponent.matchingClose(in: tokens[open..<limit], openingAt: open), limit)
    }

    private mutating func location(of offset: Int) -> SourceLocation {
        if lineStarts == nil {
            var starts = [0]
            for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
            lineStarts = starts
        }
        let starts = lineStarts!
        // The last line start at or before the offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(line: startingLine + low, column: offset - starts[low] + 1)
    }

    private mutating func report(_ severity: Severity, _ code: DiagnosticCode, _ message: String, at offset: Int,
                                 _ diagnostics: inout DiagnosticLog) {
        diagnostics.report(severity, code, message, at: location(of: offset))
    }
}
