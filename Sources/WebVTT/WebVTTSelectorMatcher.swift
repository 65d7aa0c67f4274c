/// One element of a cue's node tree as `::cue(…)` selectors see it (W3C WebVTT, "The ::cue
/// pseudo-element": the tree of WebVTT Node Objects rooted at the cue's list of nodes; text and
/// timestamps are leaves, which cannot be matched).
struct WebVTTMatchElement {
    /// `c i b u v lang ruby rt`; nil for the cue root and for spans WebVTT has no tag for.
    var typeName: String?
    var classes: [String]
    /// The cue identifier, on the root only.
    var id: String?
    /// The `voice` attribute, on `v` only.
    var voice: String?
    /// The `lang` attribute: a `lang` element's tag, or the root's when the track has a language.
    var langAttribute: String?
    /// The applicable language, inherited from the nearest `lang` (or the track), for `:lang()`.
    var language: String?
    /// Indexes into the element list; -1 for none.
    var parent: Int
    var previousSibling: Int
}

/// Selectors Level 4 matching of a compound-selector chain against an element, right to left.
///
/// The outcomes besides "matched" say how far a failure reaches, so that the loops over ancestors
/// and siblings stop as soon as no further candidate can succeed (a failure for every ancestor of
/// an element fails for every higher element too). That keeps matching polynomial however
/// descendant, child and sibling combinators are mixed.
struct WebVTTSelectorMatcher {
    enum Outcome { case matched, failsLocally, failsAllSiblings, failsCompletely }

    let elements: [WebVTTMatchElement]

    func matches(_ compounds: [WebVTTCompoundSelector], element: Int) -> Bool {
        !compounds.isEmpty && match(compounds, compounds.count - 1, element) == .matched
    }

    private func match(_ compounds: [WebVTTCompoundSelector], _ index: Int, _ element: Int) -> Outcome {
        guard Self.compound(compounds[index], matches: elements[element]) else { return .failsLocally }
        if index == 0 { return .matched }
        switch compounds[index].combinator ?? .descendant {
        case .descendant:
            var ancestor = elements[element].parent
            while ancestor >= 0 {
                let outcome = match(compounds, index - 1, ancestor)
                if outcome == .matched || outcome == .failsCompletely { return outcome }
                ancestor = elements[ancestor].parent
            }
            return .failsCompletely
        case .child:
            let parent = elements[element].parent
            guard parent >= 0 else { return .failsCompletely }
            let outcome = match(compounds, index - 1, parent)
            // Every sibling shares this parent, so none of them can do better.
            return outcome == .failsLocally ? .failsAllSiblings : outcome
        case .nextSibling:
            let sibling = elements[element].previousSibling
            guard sibling >= 0 else { return .failsAllSiblings }
            return match(compounds, index - 1, sibling)
        case .subsequentSibling:
            var sibling = elements[element].previousSibling
            while sibling >= 0 {
                let outcome = match(compounds, index - 1, sibling)
                if outcome != .failsLocally { return outcome }
                sibling = elements[sibling].previousSibling
            }
            return .failsAllSiblings
        }
    }

    static func compound(_ compound: WebVTTCompoundSelector, matches element: WebVTTMatchElement) -> Bool {
        if let typeName = compound.typeName, typeName != element.typeName { return false }
        for id in compound.ids where id != element.id { return false }
        for name in compound.classes where !element.classes.contains(name) { return false }
        for attribute in compound.attributes where !Self.attribute(attribute, matches: element) { return false }
        for ranges in compound.languageRanges {
            guard let language = element.language, ranges.contains(where: { Self.language(language, matches: $0) }) else {
                return false
            }
        }
        return true
    }

    /// Selectors Level 4 §6.1-§6.3.
    static func attribute(_ selector: WebVTTAttributeSelector, matches element: WebVTTMatchElement) -> Bool {
        let value: String?
        switch selector.name {
        case "voice": value = element.voice
        case "lang": value = element.langAttribute
        default: value = nil
        }
        guard let value else { return false }
        let foldsCase = selector.caseInsensitive ?? (selector.name == "lang")
        let actual = foldsCase ? value.lowercasedASCII : value
        func fold(_ s: String) -> String { foldsCase ? s.lowercasedASCII : s }
        switch selector.match {
        case .exists: return true
        case .equals(let v): return actual == fold(v)
        case .includesWord(let v):
            let word = fold(v)
            return !word.isEmpty && !word.contains(where: \.isWhitespace)
                && actual.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
                    .contains { $0 == word }
        case .dashMatch(let v):
            let prefix = fold(v)
            return actual == prefix || actual.hasPrefix(prefix + "-")
        case .prefix(let v): return !v.isEmpty && actual.hasPrefix(fold(v))
        case .suffix(let v): return !v.isEmpty && actual.hasSuffix(fold(v))
        case .substring(let v): return !v.isEmpty && actual.contains(fold(v))
        }
    }

    /// Selectors Level 4 §14.2: RFC 4647 §3.3.2 extended filtering, ASCII case-insensitively;
    /// `*` matches any subtag sequence where it stands.
    static func language(_ tag: String, matches range: String) -> Bool {
        let tagParts = tag.lowercasedASCII.split(separator: "-", omittingEmptySubsequences: false)
        let rangeParts = range.lowercasedASCII.split(separator: "-", omittingEmptySubsequences: false)
        guard let firstRange = rangeParts.first, let firstTag = tagParts.first, !firstTag.isEmpty else { return false }
        guard firstRange == "*" || firstRange == firstTag else { return false }
        var r = 1
        var t = 1
        while r < rangeParts.count {
            if rangeParts[r] == "*" {
                r += 1
                continue
            }
            guard t < tagParts.count else { return false }
            if tagParts[t] == rangeParts[r] {
                r += 1
                t += 1
                continue
            }
            // A singleton (`x`, `u`) starts an extension that the range cannot skip into.
            if tagParts[t].count == 1 { return false }
            t += 1
        }
        return true
    }
}
