public import TimedText

extension DiagnosticCode {
    /// Cues that show pictures (IMSC image subtitles) written to a format that cannot carry
    /// images: their pictures, and any alternative text, are not in the output.
    public static let imageNotWritten: Self = "write.image-not-written"
}

/// What a writer loses of image cues. No writer of Legible's carries pictures (WebVTT, SRT, SCC
/// and ASS have no way to say one; the TTML writer writes IMSC Text): one diagnostic per track
/// that has any, at its first, so nothing is dropped without a word.
enum ImageLossReport {
    static func diagnostics(for document: Document, writingAs format: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for track in document.tracks {
            let shown = track.cues.filter { $0.image != nil }
            guard let first = shown.first else { continue }
            let withAltText = shown.filter { $0.image?.altText != nil }.count
            let count = shown.count == 1 ? "1 cue shows a picture" : "\(shown.count) cues show pictures"
            let alt = withAltText == 0 ? "" : " (\(withAltText) with alternative text, not written either)"
            out.append(Diagnostic(.warning, .imageNotWritten,
                                  "\(count)\(alt), which \(format) cannot carry: only their text, if any, is written",
                                  at: first.source))
        }
        return out
    }
}
