import TimedText

/// Reads a rule's prelude (its selector list) into `WebVTTCueSelector`s: Selectors Level 4 §3-§16
/// for the subset W3C WebVTT gives meaning to inside `::cue(…)` ("CSS extensions": type, class, ID,
/// attribute and `:lang()` selectors, combinators) and `::cue-region(#id)`.
///
/// As CSS says (Selectors Level 4 §3.1), one invalid selector makes the whole list invalid and the
/// rule is dropped. A valid selector this engine cannot apply statically (`:past`, `:hover`, `.foo`
/// outside `::cue`) is reported and left out; the rest of the list still applies.
enum WebVTTCueSelectorParser {
    enum Problem: Error {
        case invalid(String, offset: Int)
        case unsupported(String, offset: Int)
    }

    struct Result {
        var selectors: [WebVTTCueSelector] = []
        var unsupported: [Problem] = []
        /// Set when the list is invalid (the rule is dropped).
        var invalid: Problem?
    }

    /// The WebVTT Internal Node Object names (W3C WebVTT, "The ::cue pseudo-element", the table of names).
    static let elementNames: Set<String> = ["c", "i", "b", "u", "v", "lang", "ruby", "rt"]
    /// The attributes a WebVTT node has: `voice` on `v`, `lang` on `lang` and the cue root.
    static let attributeNames: Set<String> = ["voice", "lang"]

    static func parse(_ prelude: ArraySlice<WebVTTCSSToken>) -> Result {
        var result = Result()
        for part in splitAtTopLevelCommas(prelude) {
            do {
                result.selectors += try complexSelector(trimmed(part))
            } catch let problem {
                if case .invalid = problem {
                    result.invalid = problem
                    result.selectors = []
                    return result
                }
                result.unsupported.append(problem)
            }
        }
        return result
    }

    // MARK: - Token helpers

    private static func trimmed(_ tokens: ArraySlice<WebVTTCSSToken>) -> ArraySlice<WebVTTCSSToken> {
        var slice = tokens
        while let first = slice.first, first.kind == .whitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.kind == .whitespace { slice = slice.dropLast() }
        return slice
    }

    private static func splitAtTopLevelCommas(_ tokens: ArraySlice<WebVTTCSSToken>) -> [ArraySlice<WebVTTCSSToken>] {
        var parts: [ArraySlice<WebVTTCSSToken>] = []
        var start = tokens.startIndex
        var i = tokens.startIndex
        while i < tokens.endIndex {
            switch tokens[i].kind {
            case .function, .openParen, .openSquare, .openCurly:
                i = WebVTTCSSComponent.matchingClose(in: tokens, openingAt: i) + 1
                continue
            case .comma:
                parts.append(tokens[start..<i])
                start = i + 1
            default: break
            }
            i += 1
        }
        parts.append(tokens[start..<min(i, tokens.endIndex)])
        return parts
    }

    // MARK: - The pseudo-element

    /// `[video | *]? ::cue | ::cue(<selector-list>) | ::cue-region | ::cue-region(#id)`; an
    /// argument that is a list gives one selector per item.
    private static func complexSelector(_ tokens: ArraySlice<WebVTTCSSToken>) throws(Problem) -> [WebVTTCueSelector] {
        guard let first = tokens.first else {
            throw .invalid("empty selector", offset: tokens.startIndex < tokens.endIndex ? tokens[tokens.startIndex].offset : 0)
        }
        var i = tokens.startIndex
        var hasVideo = false
        if first.isIdent("video") || first.isDelim("*") {
            hasVideo = first.kind == .ident
            i += 1
        }
        guard i + 1 < tokens.endIndex, tokens[i].kind == .colon, tokens[i + 1].kind == .colon,
              i + 2 < tokens.endIndex else {
            throw .unsupported("selector does not select cues: a STYLE block applies through ::cue and ::cue-region only",
                               offset: first.offset)
        }
        let nameToken = tokens[i + 2]
        let name = nameToken.text.lowercasedASCII
        guard name == "cue" || name == "cue-region", nameToken.kind == .ident || nameToken.kind == .function else {
            throw .unsupported("'::\(nameToken.text)' does not select cues", offset: nameToken.offset)
        }
        let pseudoElement: WebVTTCueSelector.PseudoElement = name == "cue" ? .cue : .cueRegion
        var arguments: [[WebVTTCompoundSelector]] = [[]]
        var after = i + 3
        if nameToken.kind == .function {
            let close = WebVTTCSSComponent.matchingClose(in: tokens, openingAt: i + 2)
            guard close < tokens.endIndex else { throw .invalid("'::\(name)(' is not closed", offset: nameToken.offset) }
            let inside = trimmed(tokens[(i + 3)..<close])
            guard !inside.isEmpty else { throw .invalid("'::\(name)()' is empty", offset: nameToken.offset) }
            arguments = try selectorList(inside)
            if pseudoElement == .cueRegion {
                for argument in arguments {
                    guard argument.count == 1, argument[0].ids.count == 1, argument[0].classes.isEmpty,
                          argument[0].attributes.isEmpty, argument[0].languageRanges.isEmpty, argument[0].typeName == nil else {
                        throw .unsupported("::cue-region() matches a region by its ID only (#id)", offset: nameToken.offset)
                    }
                }
            }
            after = close + 1
        }
        if after < tokens.endIndex {
            let extra = tokens[after]
            if extra.kind == .colon {
                throw .unsupported("pseudo-classes after ::\(name) (such as :hover) are not supported", offset: extra.offset)
            }
            throw .invalid("nothing may follow ::\(name)", offset: extra.offset)
        }
        return arguments.map { WebVTTCueSelector(pseudoElement, argument: $0, hasVideoTypeSelector: hasVideo) }
    }

    // MARK: - The argument (Selectors Level 4 §16, complex selectors)

    private static func selectorList(_ tokens: ArraySlice<WebVTTCSSToken>) throws(Problem) -> [[WebVTTCompoundSelector]] {
        var list: [[WebVTTCompoundSelector]] = []
        for part in splitAtTopLevelCommas(tokens) {
            let item = trimmed(part)
            guard let first = item.first else {
                throw .invalid("empty selector in a list", offset: part.first?.offset ?? tokens.first?.offset ?? 0)
            }
            let compounds = try complexArgument(item)
            // Bounded matching work: a cue's tree is shallow, and so must a selector be.
            guard compounds.count <= 32 else { throw .unsupported("selector has more than 32 compound selectors", offset: first.offset) }
            list.append(compounds)
        }
        return list
    }

    private static func complexArgument(_ tokens: ArraySlice<WebVTTCSSToken>) throws(Problem) -> [WebVTTCompoundSelector] {
        var compounds: [WebVTTCompoundSelector] = []
        var i = tokens.startIndex
        var combinator: WebVTTCompoundSelector.Combinator?
        while true {
            var compound = try compoundSelector(tokens, &i)
            compound.combinator = combinator
            compounds.append(compound)
            var sawWhitespace = false
            while i < tokens.endIndex, tokens[i].kind == .whitespace {
                sawWhitespace = true
                i += 1
            }
            guard i < tokens.endIndex else { return compounds }
            let t = tokens[i]
            if t.isDelim(">") || t.isDelim("+") || t.isDelim("~") {
                combinator = WebVTTCompoundSelector.Combinator(rawValue: t.text)
                i += 1
                while i < tokens.endIndex, tokens[i].kind == .whitespace { i += 1 }
                guard i < tokens.endIndex else { throw .invalid("a combinator needs a selector after it", offset: t.offset) }
            } else if sawWhitespace {
                combinator = .descendant
            } else {
                throw .invalid("unexpected '\(t.text.isEmpty ? "token" : t.text)' in selector", offset: t.offset)
            }
        }
    }

    /// Selectors Level 4 §5-§8 and §14.2 (`:lang()`).
    private static func compoundSelector(_ tokens: ArraySlice<WebVTTCSSToken>, _ i: inout Int) throws(Problem) -> WebVTTCompoundSelector {
        var compound = WebVTTCompoundSelector()
        let start = tokens[i]
        var isEmpty = true
        if start.kind == .ident || start.isDelim("*") {
            if i + 1 < tokens.endIndex, tokens[i + 1].isDelim("|") {
                throw .unsupported("namespace prefixes are not supported", offset: start.offset)
            }
            if start.kind == .ident {
                let name = start.text.lowercasedASCII
                guard elementNames.contains(name) else {
                    throw .unsupported("'\(start.text)' matches nothing: WebVTT elements are c, i, b, u, v, lang, ruby and rt",
                                       offset: start.offset)
                }
                compound.typeName = name
            }
            isEmpty = false
            i += 1
        }
        loop: while i < tokens.endIndex {
            let t = tokens[i]
            switch t.kind {
            case .hash(let isID):
                guard isID else {
                    throw .invalid("'#\(t.text)' is not a valid ID selector (escape a leading digit, as in #\\31 23 for 123)", offset: t.offset)
                }
                compound.ids.append(t.text)
                i += 1
            case .delim where t.text == ".":
                guard i + 1 < tokens.endIndex, tokens[i + 1].kind == .ident else {
                    throw .invalid("'.' needs a class name", offset: t.offset)
                }
                compound.classes.append(tokens[i + 1].text)
                i += 2
            case .openSquare:
                let close = WebVTTCSSComponent.matchingClose(in: tokens, openingAt: i)
                guard close < tokens.endIndex else { throw .invalid("'[' is not closed", offset: t.offset) }
                compound.attributes.append(try attributeSelector(trimmed(tokens[(i + 1)..<close]), at: t.offset))
                i = close + 1
            case .colon:
                guard i + 1 < tokens.endIndex else { throw .invalid("':' needs a pseudo-class", offset: t.offset) }
                let pseudo = tokens[i + 1]
                let name = pseudo.text.lowercasedASCII
                switch pseudo.kind {
                case .colon:
                    throw .invalid("a pseudo-element cannot appear inside ::cue()", offset: t.offset)
                case .ident where name == "past" || name == "future":
                    throw .unsupported(":\(name) depends on the playback position and cannot be applied to a cue ahead of time",
                                       offset: t.offset)
                case .ident:
                    throw .unsupported("the pseudo-class ':\(pseudo.text)' is not supported inside ::cue()", offset: t.offset)
                case .function where name == "lang":
                    let close = WebVTTCSSComponent.matchingClose(in: tokens, openingAt: i + 1)
                    guard close < tokens.endIndex else { throw .invalid("':lang(' is not closed", offset: t.offset) }
                    compound.languageRanges.append(try languageRanges(tokens[(i + 2)..<close], at: pseudo.offset))
                    i = close + 1
                case .function:
                    throw .unsupported("the pseudo-class ':\(pseudo.text)()' is not supported inside ::cue()", offset: t.offset)
                default:
                    throw .invalid("':' needs a pseudo-class name", offset: t.offset)
                }
            default:
                break loop
            }
            isEmpty = false
        }
        if isEmpty {
            throw .invalid("expected a selector", offset: i < tokens.endIndex ? tokens[i].offset : start.offset)
        }
        return compound
    }

    /// Selectors Level 4 §6: `[name]`, `[name op value]`, `[name op value i|s]`.
    private static func attributeSelector(_ tokens: ArraySlice<WebVTTCSSToken>, at offset: Int) throws(Problem) -> WebVTTAttributeSelector {
        let parts = Array(tokens.filter { $0.kind != .whitespace })
        guard let nameToken = parts.first, nameToken.kind == .ident else {
            if let first = parts.first, first.isDelim("|") || first.isDelim("*") {
                throw .unsupported("namespace prefixes are not supported", offset: first.offset)
            }
            throw .invalid("an attribute selector needs a name", offset: offset)
        }
        let name = nameToken.text.lowercasedASCII
        if parts.count > 1, parts[1].isDelim("|"), !(parts.count > 2 && parts[2].isDelim("=")) {
            throw .unsupported("namespace prefixes are not supported", offset: nameToken.offset)
        }
        guard attributeNames.contains(name) else {
            throw .unsupported("'[\(nameToken.text)]' matches nothing: WebVTT nodes have only 'voice' and 'lang' attributes",
                               offset: nameToken.offset)
        }
        if parts.count == 1 { return WebVTTAttributeSelector(name: name, match: .exists) }
        // The operator: `=`, or one of `~ | ^ $ *` right before `=` (whitespace between is invalid,
        // but filtering it out above is harmless: such input is rare and still reads as meant).
        var index = 1
        var op = "="
        if parts[index].kind == .delim, ["~", "|", "^", "$", "*"].contains(parts[index].text) {
            op = parts[index].text + "="
            index += 1
        }
        guard index < parts.count, parts[index].isDelim("=") else { throw .invalid("bad attribute selector operator", offset: offset) }
        index += 1
        guard index < parts.count, parts[index].kind == .ident || parts[index].kind == .string else {
            throw .invalid("an attribute selector needs a value", offset: offset)
        }
        let value = parts[index].text
        index += 1
        var caseInsensitive: Bool?
        if index < parts.count {
            guard parts[index].kind == .ident, ["i", "s"].contains(parts[index].text.lowercasedASCII), index + 1 == parts.count else {
                throw .invalid("unexpected token in attribute selector", offset: parts[index].offset)
            }
            caseInsensitive = parts[index].text.lowercasedASCII == "i"
        }
        let match: WebVTTAttributeSelector.Match
        switch op {
        case "~=": match = .includesWord(value)
        case "|=": match = .dashMatch(value)
        case "^=": match = .prefix(value)
        case "$=": match = .suffix(value)
        case "*=": match = .substring(value)
        default: match = .equals(value)
        }
        return WebVTTAttributeSelector(name: name, match: match, caseInsensitive: caseInsensitive)
    }

    /// Selectors Level 4 §14.2: a comma-separated list of language ranges, identifiers or strings.
    private static func languageRanges(_ tokens: ArraySlice<WebVTTCSSToken>, at offset: Int) throws(Problem) -> [String] {
        var ranges: [String] = []
        for part in splitAtTopLevelCommas(tokens) {
            let item = trimmed(part)
            guard item.count == 1, let t = item.first, t.kind == .ident || t.kind == .string else {
                throw .invalid(":lang() takes language ranges", offset: offset)
            }
            ranges.append(t.text)
        }
        return ranges
    }
}
