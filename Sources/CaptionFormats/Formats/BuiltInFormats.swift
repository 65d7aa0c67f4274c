extension CaptionFormat {
    /// Legible's own formats, in the order content is tried against them (the most telling
    /// signatures first; SRT, recognised by a timing line anywhere near the top, last). A new
    /// format is its module, its entry in this folder and its name here.
    public static let builtIn: [CaptionFormat] = [.webVTT, .scc, .mcc, .substationAlpha, .ttml, .subRip, .cea708]
}
