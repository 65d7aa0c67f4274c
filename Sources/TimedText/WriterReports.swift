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
