extension DiagnosticCode {
    /// A track a writer's format has no room for (SRT, WebVTT and SCC's CC1 hold one).
    public static let trackNotWritten: Self = "write.track-not-written"
}

extension Document {
    /// What a writer that writes only the first track says about the others.
    package func tracksNotWritten(by format: String) -> [Diagnostic] {
        tracks.indices.dropFirst().map { k in
            let track = tracks[k]
            let name = track.id.map { "track \($0)" } ?? "track #\(k)"
            let language = track.language.map { ", \($0)" } ?? ""
            return Diagnostic(.warning, .trackNotWritten,
                              "\(name) (\(track.cues.count) cue\(track.cues.count == 1 ? "" : "s")\(language)) is not written: \(format) holds one track; the first is written")
        }
    }
}

extension DiagnosticCode {
    /// A cue with no text written as an empty cue, which some readers leave out.
    public static let emptyCueWritten: Self = "write.empty-cue"
}

extension Array where Element == Cue {
    /// One note for the cues without text or picture that a text format writes with an empty
    /// payload: they show nothing, and ffmpeg's SRT and WebVTT readers leave them out, so the
    /// file's cue count differs there (a whitespace-only SRT cue, read as empty, is one).
    package func emptyCuesReport(format: String) -> [Diagnostic] {
        // Markup, even around nothing, is written (`<i></i>`) and read back by ffmpeg.
        let empty = indices.filter { k in
            self[k].image == nil && self[k].content.allSatisfy { node in
                switch node {
                case .text(let text): !text.unicodeScalars.contains { !$0.properties.isWhitespace }
                case .lineBreak: true
                case .timestamp, .span, .ruby: false
                }
            }
        }
        guard let first = empty.first else { return [] }
        let count = empty.count
        return [Diagnostic(.info, .emptyCueWritten,
                           "\(count) cue\(count == 1 ? " has" : "s have") no text; written as empty \(format) cue\(count == 1 ? "" : "s"), which ffmpeg's readers leave out (cue #\(first) at \(self[first].start.secondsText) s the first)",
                           at: self[first].source)]
    }
}
