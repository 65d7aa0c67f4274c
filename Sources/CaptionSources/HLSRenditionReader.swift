public import TimedText
internal import TextScanning
internal import CaptionFormats
internal import TrackSelection

extension DiagnosticCode {
    /// A segment of an HLS subtitle rendition could not be read (missing file, no caption text):
    /// its cues are missing from the track.
    public static let hlsSegmentUnreadable: Self = "hls.segment-unreadable"
}

/// Reads an HLS subtitle rendition: its media playlist's segments, each a caption file (WebVTT),
/// their cue times mapped onto the media timeline by each segment's own mapping
/// (`X-TIMESTAMP-MAP`, RFC 8216 §3.5), into one track. A cue that spans segments is in each of
/// them with the same times and text (RFC 8216 §3.5): it is kept once.
struct HLSRenditionReader {
    /// The media playlist's path (its segments' URIs are relative to it).
    let playlistPath: String
    /// The playlist as read, with what reading it reported.
    let playlist: ParseResult<HLSMediaPlaylist>
    /// How each segment is read.
    let reading: CaptionFile.Options

    func read() throws(LegibleError) -> CaptionFile {
        var diagnostics = playlist.diagnostics
        var format: CaptionFormat?
        var encoding: String?
        var cues: [Cue] = []
        var regions: [Region] = []
        var seen = Set<String>()
        for segment in playlist.value.segments {
            if let map = segment.map {
                throw LegibleError(.unsupportedFormat, "\(playlistPath) holds fragmented MP4 segments (EXT-X-MAP \(map.uri)): Legible reads text segments (WebVTT) of HLS renditions, not yet IMSC or WebVTT in fMP4")
            }
            let path = resolvedURI(segment.uri, relativeTo: playlistPath)
            let place = segment.location
            var bytes: [UInt8]
            do {
                bytes = try CaptionSource.read(path)
            } catch {
                diagnostics.append(Diagnostic(.error, .hlsSegmentUnreadable, "segment \(segment.uri) (\(segment.startTime.secondsText) s) cannot be read: \(error.message); its cues are missing", at: place))
                continue
            }
            if let range = segment.byteRange {
                guard range.offset >= 0, range.end <= bytes.count else {
                    diagnostics.append(Diagnostic(.error, .hlsSegmentUnreadable, "segment \(segment.uri): its byte range \(range.length)@\(range.offset) runs past its \(bytes.count) bytes; its cues are missing", at: place))
                    continue
                }
                bytes = Array(bytes[range.offset..<range.end])
            }
            let file: CaptionFile
            do {
                file = try CaptionFile(bytes: bytes, fileName: path, options: reading)
            } catch {
                diagnostics.append(Diagnostic(.error, .hlsSegmentUnreadable, "segment \(segment.uri) is not a caption file Legible reads (\(error.message)); its cues are missing", at: place))
                continue
            }
            format = format ?? file.format
            encoding = encoding ?? file.document.encoding
            // What reading the segment said, named by the segment (its lines are the segment's).
            for var d in file.diagnostics {
                d.message = "segment \(segment.uri)\(d.location.map { " line \($0.line)" } ?? ""): \(d.message)"
                d.location = place
                diagnostics.append(d)
            }
            var document = file.document
            if let mapped = file.format.segmentTimes?(file.contents, document, segment.startTime) { document = mapped.document }
            guard let track = document.tracks.first else { continue }
            for region in track.regions where !regions.contains(where: { $0.id == region.id }) { regions.append(region) }
            for cue in track.cues {
                let key = "\(cue.id ?? "")\u{1}\(cue.start)\u{1}\(cue.end.map { "\($0)" } ?? "-")\u{1}\(cue.plainText)"
                if seen.insert(key).inserted { cues.append(cue) }
            }
        }
        guard let format else {
            throw LegibleError(.unreadableInput, "no segment of \(playlistPath) could be read as captions: \(diagnostics.map(\.message).joined(separator: "; "))")
        }
        // Segments in playlist order hold cues in time order; a stable sort keeps ties as listed.
        let ordered = cues.enumerated().sorted { a, b in a.element.start != b.element.start ? a.element.start < b.element.start : a.offset < b.offset }.map(\.element)
        let document = Document(format: format.id, encoding: encoding, tracks: [Track(cues: ordered, regions: regions)],
                                layoutFamily: format.layoutFamily)
        return CaptionFile(name: playlistPath, format: format, text: SourceText(bytes: []), contents: document, diagnostics: diagnostics)
    }
}
