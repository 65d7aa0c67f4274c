import Foundation
import TimedText

/// Appearance files: a viewer's settings as one JSON object (schema in docs/appearance.md).
///
/// ```json
/// { "preset": "large", "text-color": "yellow!", "background-opacity": "60%",
///   "edge": { "value": "uniform", "precedence": "viewer-always" } }
/// ```
/// `preset` (optional) is applied first, then every other key (each names a different attribute,
/// so their order does not matter). A value is the command line's text (`"yellow!"`), a number for
/// sizes and opacities (`1.5`, `0.6`: read as the command line reads its shortest decimal form), or
/// an object with `value` and `precedence` (`content-first` or `viewer-always`). The JSON is read
/// by Foundation, as validation profiles and ffprobe's output are.
extension CaptionAppearance {
    /// Applies an appearance file (the JSON object described above): its `preset` first, then each
    /// attribute key. Keys starting with `$` (`$schema`, comments) are ignored; an unknown key, a
    /// malformed value or invalid JSON throws `appearance.invalid`, and attributes applied before the
    /// error stay applied.
    public mutating func apply(json bytes: [UInt8]) throws(LegibleError) {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw LegibleError(.invalidAppearance, "appearance file: not valid JSON (\(error.localizedDescription))")
        }
        guard let members = root as? [String: Any] else { throw LegibleError(.invalidAppearance, "appearance file: the top level must be a JSON object") }
        if let preset = members["preset"] {
            guard let name = preset as? String, let found = CaptionAppearancePreset(rawValue: name) else {
                throw LegibleError(.invalidAppearance, "appearance file: 'preset' must be one of \(CaptionAppearancePreset.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self = found.appearance
        }
        for key in members.keys.sorted() where key != "preset" && !key.hasPrefix("$") {
            guard let attribute = AppearanceAttribute(rawValue: key) else {
                throw LegibleError(.invalidAppearance, "appearance file: unknown key '\(key)' (keys: preset, \(AppearanceAttribute.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            try set(attribute, to: try Self.settingText(members[key]!, key))
        }
    }

    /// A JSON value as the command line's text form.
    private static func settingText(_ value: Any, _ key: String) throws(LegibleError) -> String {
        if let text = scalarText(value) { return text }
        if let members = value as? [String: Any] {
            guard let text = members["value"].flatMap(scalarText) else {
                throw LegibleError(.invalidAppearance, "appearance file: '\(key)' needs a \"value\"")
            }
            switch members["precedence"] as? String {
            case nil where members["precedence"] == nil, "content-first"?: return text
            case "viewer-always"?: return text + "!"
            default: throw LegibleError(.invalidAppearance, "appearance file: '\(key)': precedence is \"content-first\" or \"viewer-always\"")
            }
        }
        throw LegibleError(.invalidAppearance, "appearance file: '\(key)' must be a string, a number or {\"value\", \"precedence\"}")
    }

    /// A string as it is; a number (not a boolean) in its shortest decimal form.
    private static func scalarText(_ value: Any) -> String? {
        if let text = value as? String { return text }
        // JSON's true and false come back as NSNumbers of type "c"; they are not settings.
        if let number = value as? NSNumber, String(cString: number.objCType) != "c" {
            return "\(number.doubleValue)".replacingOccurrences(of: ".0", with: "", options: [.anchored, .backwards])
        }
        return nil
    }
}
