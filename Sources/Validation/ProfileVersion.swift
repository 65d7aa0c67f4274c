internal import TimedText
import TextScanning

extension ValidationProfile {
    /// Every setting that changes what the rules report, one `key=value` a line, keys in a fixed
    /// order and maps sorted: the same text in every process (Swift's own hashing is seeded per
    /// process, so `hashValue` would not do). The name, summary and source are left out: they
    /// change no finding.
    public var canonicalSettings: String {
        func text(_ value: (some CustomStringConvertible)?) -> String { value.map { "\($0)" } ?? "-" }
        func describe(_ l: Limits) -> String {
            // The vertical limit only when set: profiles without one keep their settings text.
            let vertical = l.maxCharsPerVerticalLine.map { " vchars=\($0)" } ?? ""
            return "chars=\(text(l.maxCharsPerLine))\(vertical) fullwidth=\(l.fullWidthCounting) cps=\(text(l.maxCharsPerSecond)) wpm=\(text(l.maxWordsPerMinute))"
        }
        var lines = [
            "limits=\(describe(limits))",
            "maxLines=\(text(maxLines))",
            "minDuration=\(text(minDuration))",
            "maxDuration=\(text(maxDuration))",
            "minGapFrames=\(text(minGapFrames))",
            "chainingThresholdFrames=\(text(chainingThresholdFrames))",
            "minContrastRatio=\(text(minContrastRatio))",
            "fps=\(text(defaultFrameRate))",
            "cea608=\(checksCEA608)",
            "japaneseLayout=\(checksJapaneseLayout)",
        ]
        for language in languageLimits.keys.sorted() { lines.append("language.\(language)=\(describe(languageLimits[language]!))") }
        for rule in rules.keys.sorted() {
            switch rules[rule]! {
            case .off: lines.append("rule.\(rule.rawValue)=off")
            case .severity(let s): lines.append("rule.\(rule.rawValue)=\(s.rawValue)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The version of what this profile checks with `options`: `r<rule-set version>-<12 hex
    /// digits>` of the SHA-256 of the rule-set version, the profile's `canonicalSettings` and the
    /// options (frame rate, playback rates). Two runs with the same version report the same
    /// findings on the same bytes; any change of rule behaviour (`RuleCatalog.version`), limit,
    /// rule setting or option gives another.
    public func version(options: ValidationOptions = .default) -> String {
        let rates = options.playbackRates.map(\.description).joined(separator: ",")
        let text = "ruleset=\(RuleCatalog.version)\n\(canonicalSettings)\noption.fps=\(options.frameRate.map { "\($0)" } ?? "-")\noption.playbackRates=\(rates)"
        return "r\(RuleCatalog.version)-" + String(SHA256.hash(Array(text.utf8)).hex.prefix(12))
    }
}
