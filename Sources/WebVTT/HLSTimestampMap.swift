public import TimedText

extension DiagnosticCode {
    /// Warning: an `X-TIMESTAMP-MAP` header line that is not `MPEGTS:<ticks>,LOCAL:<timestamp>`;
    /// ignored, so the segment's cue times map as if it had none.
    public static let webVTTBadTimestampMap: Self = "webvtt.bad-timestamp-map"
}

/// RFC 8216 §3.5: the `X-TIMESTAMP-MAP=MPEGTS:<90 kHz ticks>,LOCAL:<cue time>` header of an HLS
/// WebVTT segment, which ties cue times to the MPEG-2 presentation timestamps of the other
/// renditions. Without the header, "the client MUST assume that the WebVTT cue time of 0 maps to
/// an MPEG-2 timestamp of 0" (`HLSTimestampMap.absent`).
public struct HLSTimestampMap: Sendable, Hashable {
    /// MPEG-2 timestamps count a 90 kHz clock in 33 bits, so they wrap about every 26.5 hours.
    public static let ticksPerSecond: Int64 = 90_000
    /// The number of ticks after which the 33-bit MPEG-2 clock wraps to 0 (2^33, about 26.5 hours).
    public static let wrap: Int64 = 1 << 33

    /// The MPEG-2 timestamp (in ticks, 0..<2^33) that `local` corresponds to.
    public var mpegts: Int64
    /// The WebVTT cue time that `mpegts` corresponds to.
    public var local: MediaTime

    /// A map given by its values; `mpegts` is in 90 kHz ticks and should be below `wrap`.
    public init(mpegts: Int64, local: MediaTime) {
        self.mpegts = mpegts
        self.local = local
    }

    /// RFC 8216's assumption when a segment has no `X-TIMESTAMP-MAP`.
    public static let absent = HLSTimestampMap(mpegts: 0, local: .zero)

    /// Parses the header's value (the text after `X-TIMESTAMP-MAP=`): `MPEGTS` and `LOCAL` in
    /// either order, separated by a comma.
    public init?(value: some StringProtocol) {
        var mpegts: Int64?
        var local: MediaTime?
        for part in value.split(separator: ",") {
            let item = part.trimmingASCIIWhitespace
            if item.hasPrefix("MPEGTS:") {
                let digits = item.dropFirst("MPEGTS:".count)
                guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), digits.count <= 18,
                      let ticks = Int64(digits) else { return nil }
                mpegts = ticks
            } else if item.hasPrefix("LOCAL:") {
                guard let time = WebVTTTimestamp.parse(item.dropFirst("LOCAL:".count)) else { return nil }
                local = time
            } else {
                return nil
            }
        }
        guard let mpegts, let local else { return nil }
        // A value past 33 bits is taken modulo the wrap, as a transport stream would carry it.
        self.init(mpegts: mpegts % Self.wrap, local: local)
    }

    /// The media time (in seconds of the MPEG-2 clock) at which a cue time falls.
    ///
    /// The 33-bit clock wraps; among the times that are equal modulo the wrap, the one nearest to
    /// `reference` (a media time the player already knows, such as the segment's start on its
    /// timeline) is chosen, so a segment that straddles the wrap keeps its cues in order. By
    /// default the reference is the map's own MPEG-2 time: the segment is unwrapped around itself.
    public func mediaTime(for cueTime: MediaTime, reference: MediaTime? = nil) -> MediaTime {
        let anchor = MediaTime(value: mpegts, timescale: Self.ticksPerSecond)
        let unwrapped = anchor + (cueTime - local)
        let period = MediaTime(value: Self.wrap, timescale: Self.ticksPerSecond)
        let target = reference ?? anchor
        // Shift by the whole number of periods that brings it nearest to the reference.
        let periods = ((target - unwrapped).approximateSeconds / period.approximateSeconds).rounded()
        let k = Int64(Swift.max(-1_000_000, Swift.min(1_000_000, periods)))
        let result = unwrapped + MediaTime(value: k * Self.wrap, timescale: Self.ticksPerSecond)
        return result
    }

    /// Maps every cue of the track onto the media timeline (start and end alike, so a cue that
    /// crosses the wrap keeps its duration).
    public func mapping(_ cues: [Cue], reference: MediaTime? = nil) -> [Cue] {
        cues.map { cue in
            var mapped = cue
            mapped.start = mediaTime(for: cue.start, reference: reference)
            if let end = cue.end { mapped.end = mapped.start + (end - cue.start) }
            return mapped
        }
    }
}

private extension StringProtocol {
    var trimmingASCIIWhitespace: Substring {
        let s = Substring(self)
        let start = s.firstIndex { $0 != " " && $0 != "\t" } ?? s.endIndex
        let end = s.lastIndex { $0 != " " && $0 != "\t" }.map { s.index(after: $0) } ?? start
        return s[start..<Swift.max(start, end)]
    }
}
