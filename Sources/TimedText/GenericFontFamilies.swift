/// TTML's generic font families (TTML2 §10.2.19: `default`, `monospace`, `sansSerif`, `serif`,
/// `monospaceSansSerif`, `monospaceSerif`, `proportionalSansSerif`, `proportionalSerif`) as the
/// CSS generic families IMSC renderers draw them with (imscJS draws `default` as monospaced
/// serif; CSS has no monospaced-serif generic, so `monospace`). Writers whose formats name a
/// face (WebVTT's CSS, SRT's `<font face>`, ASS's `\fn`) write these instead of a family name no
/// machine has; fontconfig, and so libass and ffmpeg, resolve the CSS generics too.
public enum GenericFontFamilies {
    private static let css: [String: String] = [
        "default": "monospace", "monospace": "monospace", "monospaceserif": "monospace", "monospacesansserif": "monospace",
        "sansserif": "sans-serif", "proportionalsansserif": "sans-serif", "serif": "serif", "proportionalserif": "serif",
    ]

    /// The CSS generic family for a TTML generic family name (any case), or nil for another name.
    public static func cssGeneric(forTTML name: String) -> String? { css[name.lowercased()] }

    /// `name` as CSS and font-matching libraries know it: a TTML generic as its CSS generic,
    /// any other name as it is.
    public static func resolved(_ name: String) -> String { cssGeneric(forTTML: name) ?? name }
}
