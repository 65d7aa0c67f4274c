public import TimedText
internal import CaptionFormats

/// Cuts a track into an HLS subtitle rendition (RFC 8216): WebVTT segments of a fixed duration,
/// each opening with an `X-TIMESTAMP-MAP` that puts its cue times on the video's MPEG-2 clock,
/// and the media playlist listing them. A server can do this in memory; `legible segment`
/// writes the result to a folder.
///
/// - Every cue is in every segment it is shown in, with its full times (RFC 8216 §3.5: a cue that
///   spans segments is repeated, each copy with the same identifier; one without an identifier
///   gets `c<N>`, its place in the track, so that readers can tell the copies are one cue).
/// - Segments where nothing is shown are still written (a header and the map), so that the
///   playlist covers the whole programme without gaps.
/// - Cue times are the media timeline's; the map says `LOCAL:00:00:00.000` is MPEG-2 time
///   `mpegtsOffset` (90 kHz ticks: 0 for video whose time stamps start at 0, 900000 for the
///   10 s many encoders start at).
/// - What WebVTT cannot carry of the cues is reported, as `convert` reports it, once for the
///   whole track.
public struct HLSSubtitleSegmenter: Sendable {
    /// How the rendition is cut.
    public struct Options: Sendable, Hashable {
        /// Each segment's duration (the last may be shorter); 6 s by default, as Apple advises.
        public var segmentDuration: MediaTime
        /// The MPEG-2 time (90 kHz) of media time 0, written in every segment's map.
        public var mpegtsOffset: Int64
        /// Segment file names: `prefix` + a five-digit number + `.vtt`.
        public var segmentPrefix: String

        /// Options from their parts; the defaults are 6-second segments, offset 0, `segment-`.
        public init(segmentDuration: MediaTime = MediaTime(seconds: 6), mpegtsOffset: Int64 = 0, segmentPrefix: String = "segment-") {
            self.segmentDuration = segmentDuration
            self.mpegtsOffset = mpegtsOffset
            self.segmentPrefix = segmentPrefix
        }
    }

    /// One segment: its file name, times and bytes.
    public struct Segment: Sendable, Hashable {
        /// The file name the playlist gives it (relative to the playlist).
        public var name: String
        /// Where it starts on the media timeline.
        public var start: MediaTime
        /// Its duration (`EXTINF`).
        public var duration: MediaTime
        /// How many cues it holds (repeated ones included).
        public var cueCount: Int
        /// The WebVTT file.
        public var bytes: [UInt8]
    }

    /// A rendition: the segments and the media playlist's text.
    public struct Rendition: Sendable {
        /// The segments, in order.
        public var segments: [Segment]
        /// The media playlist (`EXT-X-TARGETDURATION`, `EXT-X-PLAYLIST-TYPE:VOD`, `EXT-X-ENDLIST`).
        public var playlist: String
    }

    /// How the rendition is cut.
    public let options: Options

    /// A segmenter with `options`.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The rendition of `track`, and what WebVTT could not carry of it. Throws only when the
    /// registry has no WebVTT writer (a program that took it out) or the duration is not positive.
    public func segment(_ track: Track) throws(LegibleError) -> ParseResult<Rendition> {
        guard options.segmentDuration > .zero else {
            throw LegibleError(.invalidArgument, "the segment duration must be more than 0 s")
        }
        guard let webVTT = CaptionFormat.named("webvtt"), webVTT.canWrite else {
            throw LegibleError(.unsupportedFormat, "no WebVTT writer is registered")
        }
        let d = options.segmentDuration
        // The programme's length: the last end (or start, for a cue without one).
        let total = track.cues.reduce(MediaTime.zero) { max($0, $1.end ?? $1.start) }
        let count = max(1, Int(ceilDivide(total, d)))
        var buckets = Array(repeating: [Cue](), count: count)
        for (k, cue) in track.cues.enumerated() {
            let first = max(0, Int(floorDivide(cue.start, d)))
            // A cue ending exactly on a boundary is not shown in the next segment.
            let last = cue.end.map { min(count - 1, Int(ceilDivide($0, d)) - 1) } ?? count - 1
            guard first < count else { continue }
            var copy = cue
            if last > first && copy.id == nil { copy.id = "c\(k + 1)" }
            for s in first...max(first, last) { buckets[s].append(copy) }
        }
        var segments: [Segment] = []
        // What WebVTT cannot carry, said once for the whole track (as `convert` would say it),
        // not once a segment.
        let diagnostics = webVTT.write(Document(format: "webvtt", tracks: [track]))?.diagnostics ?? []
        let map = "X-TIMESTAMP-MAP=MPEGTS:\(options.mpegtsOffset),LOCAL:00:00:00.000"
        for (k, cues) in buckets.enumerated() {
            var piece = track
            piece.cues = cues
            let document = Document(format: "webvtt", tracks: [piece])
            var bytes: [UInt8] = []
            _ = try? webVTT.write(document) { bytes.append(contentsOf: $0) }
            bytes = Self.inserting(map, afterFirstLineOf: bytes)
            let start = MediaTime(value: d.value * Int64(k), timescale: d.timescale)
            let duration = k == count - 1 ? max(total - start, MediaTime(value: 1, timescale: 1000)) : d
            segments.append(Segment(name: options.segmentPrefix + Self.fiveDigits(k) + ".vtt", start: start, duration: duration,
                                    cueCount: cues.count, bytes: bytes))
        }
        return ParseResult(value: Rendition(segments: segments, playlist: playlist(segments)), diagnostics: diagnostics)
    }

    /// The media playlist of `segments`.
    func playlist(_ segments: [Segment]) -> String {
        let target = segments.map { ceilDivide($0.duration, MediaTime(seconds: 1)) }.max() ?? 1
        var out = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:\(target)\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n"
        for segment in segments {
            out += "#EXTINF:\(Self.seconds(segment.duration)),\n\(segment.name)\n"
        }
        return out + "#EXT-X-ENDLIST\n"
    }

    /// `EXTINF`'s decimal seconds, to the millisecond.
    static func seconds(_ t: MediaTime) -> String {
        let ms = t.rounded(toTimescale: 1000)
        let frac = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }

    static func fiveDigits(_ n: Int) -> String {
        let s = String(n)
        return s.count >= 5 ? s : String(repeating: "0", count: 5 - s.count) + s
    }

    /// `bytes` with `line` put after their first line (the `WEBVTT` signature).
    static func inserting(_ line: String, afterFirstLineOf bytes: [UInt8]) -> [UInt8] {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return bytes + [0x0A] + Array(line.utf8) + [0x0A] }
        return Array(bytes[...newline]) + Array(line.utf8) + [0x0A] + Array(bytes[(newline + 1)...])
    }
}

/// ⌊a / b⌋ and ⌈a / b⌉ for times (b positive), exactly.
private func floorDivide(_ a: MediaTime, _ b: MediaTime) -> Int64 {
    let n = Int128(a.value) * Int128(b.timescale), m = Int128(b.value) * Int128(a.timescale)
    let q = n / m
    return Int64(n % m != 0 && n < 0 ? q - 1 : q)
}

private func ceilDivide(_ a: MediaTime, _ b: MediaTime) -> Int64 {
    let n = Int128(a.value) * Int128(b.timescale), m = Int128(b.value) * Int128(a.timescale)
    let q = n / m
    return Int64(n % m != 0 && n > 0 ? q + 1 : q)
}
