internal import TimedText

/// Chooses the legible option a viewer wants, and says why for every option.
///
/// The rules, by display mode (MediaAccessibility's `MACaptionAppearanceDisplayType`):
/// - `off`: nothing.
/// - `forcedOnly`: a forced option in the audio's language ("do not display captions unless they
///   are forced for translation"); forced subtitles follow the audio.
/// - `automatic`: when the audio's language differs from the viewer's first language, subtitles in
///   the viewer's languages ("if the language of the audio track differs from the system locale,
///   captions matching the system locale should be displayed"); languages the viewer listed at or
///   below the audio's own are skipped (subtitling audio one understands helps no one). When the
///   audio matches the first language, as `forcedOnly`.
/// - `alwaysOn`: "the most robust available captioning track": the best language first, then SDH
///   or captions over plain subtitles. Without any language match, the source's default, else an
///   option of unknown language.
///
/// Everywhere: at most one option; options that cannot play (`unavailableReason`) or may not be
/// chosen automatically (HLS `AUTOSELECT=NO`, RFC 8216 §4.3.4.1) are never chosen; among options
/// of one preferred language, the language match (`LanguageMatch`) decides, then the viewer's
/// SDH and easy-reader wishes, then `DEFAULT=YES`, then the order given.
public struct TrackSelector: Sendable {
    /// A selector; it holds no state, so one can serve every selection.
    public init() {}

    /// Chooses at most one of `options` for `viewer` by the rules above, with a decision for every
    /// option in the order given. Never fails: no options, or none that fits, gives `chosen == nil`.
    public func select(_ options: [TrackOption], for viewer: ViewerPreferences) -> SelectionResult {
        var run = Run(options: options, viewer: viewer)
        run.decide()
        return run.result()
    }
}

/// One selection in progress: the reasons given so far, by option index.
private struct Run {
    let options: [TrackOption]
    let viewer: ViewerPreferences
    var reasons: [String?]
    var chosen: Int?
    var chosenReason = ""
    var summary = ""

    init(options: [TrackOption], viewer: ViewerPreferences) {
        self.options = options
        self.viewer = viewer
        reasons = Array(repeating: nil, count: options.count)
    }

    mutating func reject(_ i: Int, _ why: String) {
        if reasons[i] == nil, i != chosen { reasons[i] = why }
    }

    func result() -> SelectionResult {
        let trace = options.indices.map { i in
            i == chosen
                ? SelectionDecision(optionID: options[i].id, verdict: .chosen, reason: chosenReason)
                : SelectionDecision(optionID: options[i].id, verdict: .rejected, reason: reasons[i] ?? summary)
        }
        return SelectionResult(chosen: chosen.map { options[$0] }, trace: trace, summary: summary)
    }

    mutating func decide() {
        let mode = viewer.displayMode
        if mode == .off {
            summary = "display mode is off: no legible track is shown"
            return
        }
        var eligible: [Int] = []
        for (i, option) in options.enumerated() {
            if let why = option.unavailableReason {
                reject(i, "cannot be shown: \(why)")
            } else if !option.isAutoselect {
                reject(i, "AUTOSELECT=NO: shown only when the viewer picks it from the menu (RFC 8216 §4.3.4.1)")
            } else {
                eligible.append(i)
            }
        }
        let languages = viewer.effectiveLanguages
        switch mode {
        case .off:
            return
        case .forcedOnly:
            summary = "forced-only mode shows forced subtitles only, in the audio's language (MediaAccessibility forcedOnly)"
            chooseForced(eligible, nonForcedReason: "not forced: forced-only mode shows forced subtitles only")
        case .automatic:
            guard let first = languages.first else {
                summary = "automatic mode with no preferred language: nothing to compare the audio with, so forced subtitles only"
                chooseForced(eligible, nonForcedReason: "not forced: with no preferred language, automatic mode shows forced subtitles only")
                return
            }
            guard let audio = viewer.audioLanguage, !audio.isUndetermined else {
                summary = "automatic mode, audio language unknown: whether the viewer understands the audio cannot be told, so forced subtitles only"
                chooseForced(eligible, nonForcedReason: "not forced: the audio language is unknown, so automatic mode shows forced subtitles only")
                return
            }
            if LanguageMatch.of(audio, for: first) != nil {
                summary = "automatic mode: the audio (\(audio)) is in the viewer's first language (\(first)), so only forced subtitles are shown (MediaAccessibility automatic)"
                chooseForced(eligible, nonForcedReason: "not forced: the viewer understands the audio (\(audio))")
                return
            }
            let readable = Array(languages.prefix { LanguageMatch.of(audio, for: $0) == nil })
            var note = ""
            if readable.count < languages.count {
                note = "; languages from \(languages[readable.count]) on are skipped: the viewer understands the audio in it"
            }
            summary = "automatic mode: the audio (\(audio)) is not in the viewer's first language (\(first)), so subtitles in the viewer's languages are shown (MediaAccessibility automatic)\(note)"
            chooseFull(eligible, languages: readable, allLanguages: languages, needsAccessible: viewer.prefersSDH)
            if chosen == nil { summary += "; none of the viewer's readable languages is offered" }
        case .alwaysOn:
            summary = "always-on mode shows the most accessible track (SDH or captions, then subtitles) in the best language (MediaAccessibility alwaysOn)"
            chooseFull(eligible, languages: languages, allLanguages: languages, needsAccessible: true)
            if chosen == nil { chooseAlwaysOnFallback(eligible) }
        }
    }

    // MARK: Forced subtitles

    /// Forced subtitles follow the audio: the forced option that best matches the audio language
    /// (or, when the audio language is unknown, the viewer's languages; or the default).
    mutating func chooseForced(_ eligible: [Int], nonForcedReason: String) {
        var forced: [Int] = []
        for i in eligible {
            if options[i].isForced { forced.append(i) } else { reject(i, nonForcedReason) }
        }
        let audio = viewer.audioLanguage.flatMap { $0.isUndetermined ? nil : $0 }
        let targets = audio.map { [$0] } ?? viewer.effectiveLanguages
        let what = audio == nil ? "preferred language" : "audio language"
        for (k, target) in targets.enumerated() {
            let matches = forced.compactMap { i in options[i].match(for: target).map { (i, $0.match, $0.viaAssociated) } }
            guard !matches.isEmpty else { continue }
            let ranked = matches.sorted { forcedKey($0).lexicographicallyPrecedes(forcedKey($1)) }
            let winner = ranked[0]
            chosen = winner.0
            chosenReason = "forced subtitles in \(describe(winner.0, winner.1, winner.2)), matching the \(what) \(target)"
                + (audio == nil && k > 0 ? " (preference #\(k + 1))" : "") + defaultNote(winner.0)
            for loser in ranked.dropFirst() {
                reject(loser.0, explain(loser: (loser.0, loser.1, loser.2), winner: (winner.0, winner.1, winner.2),
                                        components: forcedComponents))
            }
            break
        }
        if chosen == nil, targets.isEmpty, let i = forced.first(where: { options[$0].isDefault }) {
            chosen = i
            chosenReason = "the DEFAULT forced rendition: neither the audio language nor a preferred language is known (RFC 8216 §4.3.4.1)"
        }
        for i in forced where i != chosen {
            let language = options[i].language?.rawValue ?? "an unknown language"
            if targets.isEmpty {
                reject(i, "forced subtitles in \(language); neither the audio language nor a preferred language is known")
            } else if audio != nil {
                reject(i, "forced subtitles in \(language) do not match the audio language \(audio!): forced subtitles follow the audio")
            } else {
                reject(i, "forced subtitles in \(language) match none of the viewer's languages")
            }
        }
    }

    private func forcedKey(_ m: (Int, LanguageMatch, Bool)) -> [Int] {
        [m.2 ? 10 + m.1.rawValue : m.1.rawValue, options[m.0].isDefault ? 0 : 1, m.0]
    }

    private var forcedComponents: [Component] { [.language, .isDefault, .order] }

    // MARK: Full subtitles and captions

    mutating func chooseFull(_ eligible: [Int], languages: [LanguageTag], allLanguages: [LanguageTag], needsAccessible: Bool) {
        var candidates: [Int] = []
        for i in eligible {
            if options[i].isForced {
                reject(i, "forced subtitles carry only what the audio does not say; \(viewer.displayMode.rawValue) mode here wants full subtitles or captions")
            } else {
                candidates.append(i)
            }
        }
        let components: [Component] = needsAccessible
            ? [.accessibleNeeded, .easyNeeded, .language, .easyWeak, .captionsKind, .isDefault, .order]
            : [.easyNeeded, .language, .accessibleWeak, .easyWeak, .isDefault, .order]
        var chosenRank: Int?
        for (k, target) in languages.enumerated() {
            let matches = candidates.compactMap { i in options[i].match(for: target).map { (i, $0.match, $0.viaAssociated) } }
            guard !matches.isEmpty else { continue }
            let ranked = matches.sorted { key($0, components).lexicographicallyPrecedes(key($1, components)) }
            let winner = ranked[0]
            chosen = winner.0
            chosenRank = k
            var why = "\(describe(winner.0, winner.1, winner.2)) serves preference #\(k + 1) (\(target))"
            if k > 0 { why += "; no option serves \(languages.prefix(k).map(\.rawValue).joined(separator: ", "))" }
            if options[winner.0].isAccessible { why += needsAccessible ? "; SDH/captions, as wanted" : "; SDH/captions" }
            if options[winner.0].isEasyReader { why += "; easy-to-read" }
            chosenReason = why + defaultNote(winner.0)
            for loser in ranked.dropFirst() {
                reject(loser.0, explain(loser: loser, winner: winner, components: components))
            }
            break
        }
        for i in candidates where i != chosen && reasons[i] == nil {
            reject(i, unmatchedReason(i, languages: languages, allLanguages: allLanguages, chosenRank: chosenRank))
        }
    }

    /// Always-on with no language match: the source's default, else an option of unknown language
    /// (it may well be in the viewer's language), the most accessible first.
    mutating func chooseAlwaysOnFallback(_ eligible: [Int]) {
        let full = eligible.filter { !options[$0].isForced }
        if let i = full.first(where: { options[$0].isDefault }) {
            chosen = i
            chosenReason = "none of the viewer's languages is offered; always-on shows the source's DEFAULT rendition (RFC 8216 §4.3.4.1: played in the absence of a matching choice)"
            reasons[i] = nil
            summary += "; no option is in the viewer's languages"
            return
        }
        let unknown = full.filter { options[$0].language == nil || options[$0].language!.isUndetermined }
        if let i = unknown.min(by: { (options[$0].isAccessible ? 0 : 1, $0) < (options[$1].isAccessible ? 0 : 1, $1) }) {
            chosen = i
            chosenReason = "none of the viewer's languages is offered and there is no default; always-on shows this \(options[i].isAccessible ? "captioning " : "")track of unknown language rather than nothing"
            reasons[i] = nil
            summary += "; no option is in the viewer's languages"
            return
        }
        summary += "; no option is in the viewer's languages, and none is a default or of unknown language"
    }

    private func unmatchedReason(_ i: Int, languages: [LanguageTag], allLanguages: [LanguageTag], chosenRank: Int?) -> String {
        let option = options[i]
        guard let language = option.language, !language.isUndetermined else {
            return "its language is unknown (und), and RFC 4647 matching never picks an undetermined language"
                + (chosenRank != nil ? "; \(options[chosen!].id) matches a preferred language" : "")
        }
        if let j = allLanguages.firstIndex(where: { option.match(for: $0) != nil }) {
            if j >= languages.count, let audio = viewer.audioLanguage {
                return "its language \(language) serves \(allLanguages[j]), which the viewer hears in the audio (\(audio)) at or above that rank: no subtitles needed in it"
            }
            if let rank = chosenRank, j > rank {
                return "its language \(language) serves preference #\(j + 1) (\(allLanguages[j])); \(options[chosen!].id) serves #\(rank + 1) (\(languages[rank]))"
            }
        }
        let list = allLanguages.isEmpty ? "none given" : allLanguages.map(\.rawValue).joined(separator: ", ")
        var why = "its language \(language) matches none of the viewer's languages (\(list))"
        if let script = language.maximized.script,
           allLanguages.contains(where: { $0.maximized.language == language.maximized.language && $0.maximized.script != script }) {
            why += "; the language is right but the script (\(script)) is not"
        }
        return why
    }

    // MARK: Ranking and explaining

    enum Component {
        case accessibleNeeded, easyNeeded, language, accessibleWeak, easyWeak, captionsKind, isDefault, order
    }

    typealias Match = (Int, LanguageMatch, Bool)

    private func value(_ c: Component, _ m: Match) -> Int {
        let o = options[m.0]
        switch c {
        case .accessibleNeeded: return o.isAccessible ? 0 : 1
        case .easyNeeded: return viewer.prefersEasyReader ? (o.isEasyReader ? 0 : 1) : 0
        case .language: return m.2 ? 10 + m.1.rawValue : m.1.rawValue
        case .accessibleWeak: return o.isAccessible ? 1 : 0
        case .easyWeak: return viewer.prefersEasyReader ? 0 : (o.isEasyReader ? 1 : 0)
        case .captionsKind: return o.kind == .captions ? 1 : 0
        case .isDefault: return o.isDefault ? 0 : 1
        case .order: return m.0
        }
    }

    private func key(_ m: Match, _ components: [Component]) -> [Int] { components.map { value($0, m) } }

    private func explain(loser: Match, winner: Match, components: [Component]) -> String {
        let w = options[winner.0]
        for c in components where value(c, loser) != value(c, winner) {
            switch c {
            case .accessibleNeeded:
                let why = viewer.displayMode == .alwaysOn ? "always-on wants the most accessible track" : "the viewer prefers SDH or captions"
                return "not SDH or captions, and \(why); \(w.id) is"
            case .easyNeeded:
                return "not easy-to-read, and the viewer prefers easy-reader tracks; \(w.id) is"
            case .language:
                return "\(describe(loser.0, loser.1, loser.2)) is a weaker match than \(w.id)'s \(describe(winner.0, winner.1, winner.2))"
            case .accessibleWeak:
                return "SDH or captions, which the viewer did not ask for: \(w.id), plain subtitles in the same language, is preferred"
            case .easyWeak:
                return "easy-to-read, which the viewer did not ask for; \(w.id) is the regular track"
            case .captionsKind:
                return "CEA-608 closed captions; \(w.id), SDH subtitles in the same language, renders better (Unicode, styling, position)"
            case .isDefault:
                return "ties with \(w.id), which is the DEFAULT rendition (RFC 8216 §4.3.4.1)"
            case .order:
                if options[loser.0].isDefault && w.isDefault {
                    return "both this and \(w.id) say DEFAULT=YES (RFC 8216 §4.3.4.1.1 allows one per group): the first listed wins"
                }
                return "ties with \(w.id), which is listed first"
            }
        }
        return "ties with \(w.id)"
    }

    private func describe(_ i: Int, _ match: LanguageMatch, _ viaAssociated: Bool) -> String {
        let o = options[i]
        if viaAssociated, let a = o.associatedLanguage {
            return "associated language \(a) (ASSOC-LANGUAGE; \(match))"
        }
        return "\(o.language?.rawValue ?? "und") (\(match))"
    }

    private func defaultNote(_ i: Int) -> String { options[i].isDefault ? "; DEFAULT=YES" : "" }
}
