import Foundation
import TimedText

extension DiagnosticCode {
    /// A custom profile file that could not be used; the message says why.
    public static let invalidProfile: Self = "profile.invalid"
}

extension ValidationProfile {
    /// Reads a custom profile from JSON (docs/validate.md, "Custom profiles"): a built-in profile
    /// it extends (`"extends": "netflix"`, default `general`), then any of its numbers and rule
    /// settings replaced. `null` removes a limit.
    ///
    /// ```json
    /// { "name": "studio", "extends": "netflix", "maxCharsPerLine": 40, "minDuration": 1,
    ///   "languages": { "fr": { "maxCharsPerSecond": 15 } },
    ///   "rules": { "timing.shot-gap": "off", "readability.wpm": "error" } }
    /// ```
    public static func load(json bytes: [UInt8]) throws(LegibleError) -> ValidationProfile {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw LegibleError(.invalidProfile, "the profile is not valid JSON: \(error.localizedDescription)")
        }
        guard let root = object as? [String: Any] else { throw LegibleError(.invalidProfile, "the profile must be a JSON object") }
        let baseName = (root["extends"] as? String) ?? "general"
        guard var profile = ValidationProfile.named(baseName) else {
            throw LegibleError(.invalidProfile, "unknown profile '\(baseName)' in \"extends\" (known: \(builtIn.map(\.name).joined(separator: ", ")))")
        }
        let known: Set<String> = ["name", "extends", "summary", "source", "maxCharsPerLine", "maxCharsPerVerticalLine", "fullWidthCounting",
                                  "maxCharsPerSecond", "maxWordsPerMinute", "maxLines", "minDuration", "maxDuration",
                                  "minGapFrames", "chainingThresholdFrames", "minContrastRatio", "fps", "cea608",
                                  "languages", "rules"]
        for key in root.keys.sorted() where !known.contains(key) {
            throw LegibleError(.invalidProfile, "unknown profile key \"\(key)\"")
        }
        profile.name = (root["name"] as? String) ?? "\(baseName)+custom"
        if let summary = root["summary"] as? String { profile.summary = summary }
        if let source = root["source"] as? String { profile.source = source }
        try applyLimits(root, to: &profile.limits)
        if root.keys.contains("maxLines") { profile.maxLines = try integer(root["maxLines"], "maxLines") }
        if root.keys.contains("minDuration") { profile.minDuration = try seconds(root["minDuration"], "minDuration") }
        if root.keys.contains("maxDuration") { profile.maxDuration = try seconds(root["maxDuration"], "maxDuration") }
        if root.keys.contains("minGapFrames") { profile.minGapFrames = try integer(root["minGapFrames"], "minGapFrames") }
        if root.keys.contains("chainingThresholdFrames") {
            profile.chainingThresholdFrames = try integer(root["chainingThresholdFrames"], "chainingThresholdFrames")
        }
        if root.keys.contains("minContrastRatio") { profile.minContrastRatio = try fraction(root["minContrastRatio"], "minContrastRatio") }
        if let fps = root["fps"] {
            guard let text = (fps as? String) ?? (fps as? NSNumber)?.stringValue, let rate = FrameRate(parsing: text) else {
                throw LegibleError(.invalidProfile, "\"fps\" must be a frame rate such as \"25\" or \"29.97df\"")
            }
            profile.defaultFrameRate = rate
        }
        if let cea608 = root["cea608"] {
            guard let flag = cea608 as? Bool else { throw LegibleError(.invalidProfile, "\"cea608\" must be true or false") }
            profile.checksCEA608 = flag
        }
        if let japanese = root["japaneseLayout"] {
            guard let flag = japanese as? Bool else { throw LegibleError(.invalidProfile, "\"japaneseLayout\" must be true or false") }
            profile.checksJapaneseLayout = flag
        }
        if let languages = root["languages"] {
            guard let table = languages as? [String: Any] else { throw LegibleError(.invalidProfile, "\"languages\" must be an object") }
            for (language, value) in table {
                guard let entry = value as? [String: Any] else {
                    throw LegibleError(.invalidProfile, "\"languages\".\"\(language)\" must be an object")
                }
                var limits = profile.languageLimits[language.lowercased()] ?? Limits()
                try applyLimits(entry, to: &limits)
                profile.languageLimits[language.lowercased()] = limits
            }
        }
        if let rules = root["rules"] {
            guard let table = rules as? [String: Any] else { throw LegibleError(.invalidProfile, "\"rules\" must be an object") }
            for (rule, value) in table {
                let id = RuleID(rawValue: rule)
                guard id.isSpec || rule == "spec" || RuleCatalog.rules.contains(where: { $0.id == id }) else {
                    throw LegibleError(.invalidProfile, "unknown rule \"\(rule)\" in \"rules\"")
                }
                switch value as? String {
                case "off": profile.rules[id] = .off
                case let name?:
                    guard let severity = Severity(rawValue: name) else {
                        throw LegibleError(.invalidProfile, "rule \"\(rule)\": expected \"off\", \"info\", \"warning\" or \"error\"")
                    }
                    profile.rules[id] = .severity(severity)
                case nil:
                    throw LegibleError(.invalidProfile, "rule \"\(rule)\": expected \"off\", \"info\", \"warning\" or \"error\"")
                }
            }
        }
        return profile
    }

    private static func applyLimits(_ object: [String: Any], to limits: inout Limits) throws(LegibleError) {
        if object.keys.contains("maxCharsPerLine") { limits.maxCharsPerLine = try integer(object["maxCharsPerLine"], "maxCharsPerLine") }
        if object.keys.contains("maxCharsPerVerticalLine") {
            limits.maxCharsPerVerticalLine = try integer(object["maxCharsPerVerticalLine"], "maxCharsPerVerticalLine")
        }
        if let flag = object["fullWidthCounting"] {
            guard let value = flag as? Bool else { throw LegibleError(.invalidProfile, "\"fullWidthCounting\" must be true or false") }
            limits.fullWidthCounting = value
        }
        if object.keys.contains("maxCharsPerSecond") { limits.maxCharsPerSecond = try fraction(object["maxCharsPerSecond"], "maxCharsPerSecond") }
        if object.keys.contains("maxWordsPerMinute") { limits.maxWordsPerMinute = try integer(object["maxWordsPerMinute"], "maxWordsPerMinute") }
    }

    private static func fraction(_ value: Any?, _ key: String) throws(LegibleError) -> Fraction? {
        if value == nil || value is NSNull { return nil }
        // The number's shortest decimal text read exactly: 0.8333 stays 8333/10000.
        guard let number = value as? NSNumber, !(value is Bool), let f = Fraction(decimal: "\(number)".utf8), f >= .zero else {
            throw LegibleError(.invalidProfile, "\"\(key)\" must be a non-negative number or null")
        }
        return f
    }

    private static func integer(_ value: Any?, _ key: String) throws(LegibleError) -> Int? {
        guard let f = try fraction(value, key) else { return nil }
        guard f.denominator == 1 else { throw LegibleError(.invalidProfile, "\"\(key)\" must be a whole number") }
        return Int(f.numerator)
    }

    private static func seconds(_ value: Any?, _ key: String) throws(LegibleError) -> MediaTime? {
        guard let f = try fraction(value, key) else { return nil }
        return MediaTime(value: f.numerator, timescale: f.denominator)
    }
}
