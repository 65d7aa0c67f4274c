import TimedText

extension DiagnosticCode {
    /// Master playlist tags (`EXT-X-STREAM-INF`, `EXT-X-MEDIA`, …) where a media playlist was
    /// expected (RFC 8216 §4.3.4: a playlist with both kinds of tag MUST be rejected); the reverse
    /// of `hls.media-playlist`.
    static let hlsMasterPlaylist: Self = "hls.master-playlist"
    /// No `EXT-X-TARGETDURATION` (REQUIRED by RFC 8216 §4.3.3.1).
    static let hlsMissingTargetDuration: Self = "hls.missing-target-duration"
    /// An `EXTINF` with no URI line after it (another `EXTINF` or the end came first): no segment.
    static let hlsMissingSegmentURI: Self = "hls.missing-segment-uri"
    /// A URI line with no `EXTINF` before it (RFC 8216 §4.3.2.1: REQUIRED for each segment).
    static let hlsMissingEXTINF: Self = "hls.missing-extinf"
    /// An `EXTINF` duration that, rounded to the nearest integer, is more than the target
    /// duration (RFC 8216 §4.3.3.1).
    static let hlsSegmentOverTargetDuration: Self = "hls.segment-over-target-duration"
    /// An `EXTINF` duration with more digits than 64 bits hold exactly; rounded.
    static let hlsInexactDuration: Self = "hls.inexact-duration"
    /// A byte range without an offset where no earlier sub-range of the same resource precedes it
    /// (RFC 8216 §4.3.2.2).
    static let hlsMissingByteRangeOffset: Self = "hls.missing-byte-range-offset"
    /// A tag that may appear once (RFC 8216 §4.3.1.2, §4.3.3, §4.3.5) appears again; the first is kept.
    static let hlsDuplicateTag: Self = "hls.duplicate-tag"
    /// `EXT-X-MEDIA-SEQUENCE` or `EXT-X-DISCONTINUITY-SEQUENCE` after the first segment (or after an
    /// `EXT-X-DISCONTINUITY`), which RFC 8216 §4.3.3.2–3 forbid; still applied to every segment.
    static let hlsMisplacedTag: Self = "hls.misplaced-tag"
}

/// An HLS media playlist (RFC 8216 §4.3.2–4.3.3): the segments of one rendition, such as the
/// WebVTT files of a subtitle rendition, with their exact times. Read with `read(_:)`; a URI in it
/// is relative to the playlist and resolves with `resolvedURI(_:relativeTo:)`.
public struct HLSMediaPlaylist: Sendable, Hashable {
    /// `EXT-X-PLAYLIST-TYPE` (RFC 8216 §4.3.3.5).
    public enum PlaylistType: String, Sendable, Hashable {
        /// `EVENT`: segments may be added at the end, never removed.
        case event = "EVENT"
        /// `VOD`: the playlist never changes.
        case vod = "VOD"
    }

    /// A sub-range of a resource (RFC 8216 §4.3.2.2): `length` bytes from byte `offset`.
    public struct ByteRange: Sendable, Hashable {
        /// How many bytes.
        public var length: Int
        /// The first byte's offset from the start of the resource.
        public var offset: Int

        /// A range of `length` bytes from `offset`.
        public init(length: Int, offset: Int) {
            self.length = length
            self.offset = offset
        }

        /// The offset just past the range (`offset + length`), where an offset-less range of the
        /// same resource that follows it begins.
        public var end: Int { offset &+ length }
    }

    /// An `EXT-X-MAP` tag (RFC 8216 §4.3.2.5): where the Media Initialization Section of the
    /// segments after it is (the `moov` of fragmented MP4).
    public struct Map: Sendable, Hashable {
        /// `URI`, as written (relative to the playlist).
        public var uri: String
        /// `BYTERANGE`; nil for the whole resource.
        public var byteRange: ByteRange?
        /// The tag's position.
        public var location: SourceLocation

        /// A map built by hand.
        public init(uri: String, byteRange: ByteRange? = nil, location: SourceLocation) {
            self.uri = uri
            self.byteRange = byteRange
            self.location = location
        }
    }

    /// One media segment: a URI line with the tags before it (RFC 8216 §4.3.2).
    public struct Segment: Sendable, Hashable {
        /// The URI line, as written (relative to the playlist).
        public var uri: String
        /// `EXTINF`'s duration, exact (`6.006` is 3003/500 s); zero when the `EXTINF` is missing or
        /// unreadable.
        public var duration: MediaTime
        /// `EXTINF`'s title (the text after its comma); nil when empty.
        public var title: String?
        /// Where the segment starts on the playlist's timeline: the sum of the durations before it, exact.
        public var startTime: MediaTime
        /// The Media Sequence Number: `EXT-X-MEDIA-SEQUENCE` plus the segment's index (RFC 8216 §3).
        public var sequenceNumber: Int
        /// An `EXT-X-DISCONTINUITY` comes before the segment (RFC 8216 §4.3.2.3).
        public var discontinuity: Bool
        /// `EXT-X-BYTERANGE`, the offset filled in from the previous segment when the tag omits it
        /// (RFC 8216 §4.3.2.2); nil for the whole resource.
        public var byteRange: ByteRange?
        /// The `EXT-X-MAP` in effect (the last one before the segment); nil when none is.
        public var map: Map?
        /// `EXT-X-PROGRAM-DATE-TIME` right before the segment, as written (ISO 8601, RFC 8216 §4.3.2.6).
        public var programDateTime: String?
        /// The position of the segment's `EXTINF` (of its URI line when it has none).
        public var location: SourceLocation

        /// A segment built by hand; nothing is checked.
        public init(uri: String, duration: MediaTime, title: String? = nil, startTime: MediaTime, sequenceNumber: Int,
                    discontinuity: Bool = false, byteRange: ByteRange? = nil, map: Map? = nil, programDateTime: String? = nil,
                    location: SourceLocation) {
            self.uri = uri
            self.duration = duration
            self.title = title
            self.startTime = startTime
            self.sequenceNumber = sequenceNumber
            self.discontinuity = discontinuity
            self.byteRange = byteRange
            self.map = map
            self.programDateTime = programDateTime
            self.location = location
        }

        /// Where the segment ends: `startTime + duration`.
        public var endTime: MediaTime { startTime + duration }
    }

    /// `EXT-X-TARGETDURATION` in seconds (RFC 8216 §4.3.3.1); nil when missing or unreadable
    /// (reported as an error: the tag is REQUIRED).
    public var targetDuration: Int?
    /// `EXT-X-MEDIA-SEQUENCE`: the first segment's sequence number (RFC 8216 §4.3.3.2); 0 when absent.
    public var mediaSequence: Int = 0
    /// `EXT-X-DISCONTINUITY-SEQUENCE` (RFC 8216 §4.3.3.3); 0 when absent.
    public var discontinuitySequence: Int = 0
    /// `EXT-X-PLAYLIST-TYPE`; nil when absent (a live playlist, or one that does not say).
    public var playlistType: PlaylistType?
    /// `EXT-X-ENDLIST` is present: no segment will be added (RFC 8216 §4.3.3.4).
    public var endList = false
    /// `EXT-X-VERSION` (RFC 8216 §4.3.1.2); nil when absent (version 1).
    public var version: Int?
    /// `EXT-X-INDEPENDENT-SEGMENTS` (RFC 8216 §4.3.5.1).
    public var independentSegments = false
    /// The segments, in playlist order.
    public var segments: [Segment] = []

    /// A playlist built by hand (tests, a player that parsed the playlist itself); nothing is checked.
    public init(targetDuration: Int? = nil, segments: [Segment] = []) {
        self.targetDuration = targetDuration
        self.segments = segments
    }

    /// The sum of the segments' durations: the last segment's end.
    public var totalDuration: MediaTime { segments.last?.endTime ?? .zero }

    /// The index of the segment whose time span `[startTime, endTime)` holds `time`, found by
    /// binary search; nil before the first segment or at or after the last one's end.
    public func segmentIndex(at time: MediaTime) -> Int? {
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].endTime <= time { low = middle + 1 } else { high = middle }
        }
        guard low < segments.count, segments[low].startTime <= time else { return nil }
        return low
    }

    /// Reads a media playlist (RFC 8216 §4.3.2–4.3.3), reporting what breaks the RFC's rules as
    /// `hls.*` diagnostics with line:column. Never fails: a broken tag is skipped or read as far as
    /// it goes, and unknown tags are ignored (RFC 8216 §4.1; lines starting with `#` but not `#EXT`
    /// are comments). Lines end at LF, CRLF or a lone CR; a UTF-8 BOM is skipped. Linear in the input.
    public static func read(_ bytes: [UInt8]) -> ParseResult<HLSMediaPlaylist> {
        var reader = MediaPlaylistReader(bytes: bytes)
        reader.run()
        return ParseResult(value: reader.playlist, diagnostics: reader.log.finished())
    }
}

/// The tags a media playlist reader acts on; any other `#EXT` line is ignored.
private enum MediaPlaylistTag: Int {
    case extinf, targetDuration, mediaSequence, discontinuitySequence, playlistType, endList, version,
         independentSegments, discontinuity, byteRange, map, programDateTime, streamInf, otherMasterTag

    /// Tags that may appear once in a playlist (RFC 8216 §4.3.1.2, §4.3.3, §4.3.5).
    var isOncePerPlaylist: Bool {
        switch self {
        case .targetDuration, .mediaSequence, .discontinuitySequence, .playlistType, .endList, .version, .independentSegments: true
        default: false
        }
    }

    /// The tag whose name is exactly `name` (the line up to its `:`), or nil. Lengths are compared
    /// first, so a line costs a few integer comparisons and at most a couple of byte runs.
    static func named(_ name: ArraySlice<UInt8>) -> MediaPlaylistTag? {
        func isName(_ candidate: StaticString) -> Bool {
            name.count == candidate.utf8CodeUnitCount && candidate.withUTF8Buffer { name.elementsEqual($0) }
        }
        if isName("#EXTINF") { return .extinf }
        if isName("#EXT-X-BYTERANGE") { return .byteRange }
        if isName("#EXT-X-DISCONTINUITY") { return .discontinuity }
        if isName("#EXT-X-PROGRAM-DATE-TIME") { return .programDateTime }
        if isName("#EXT-X-MAP") { return .map }
        if isName("#EXT-X-TARGETDURATION") { return .targetDuration }
        if isName("#EXT-X-MEDIA-SEQUENCE") { return .mediaSequence }
        if isName("#EXT-X-DISCONTINUITY-SEQUENCE") { return .discontinuitySequence }
        if isName("#EXT-X-PLAYLIST-TYPE") { return .playlistType }
        if isName("#EXT-X-ENDLIST") { return .endList }
        if isName("#EXT-X-VERSION") { return .version }
        if isName("#EXT-X-INDEPENDENT-SEGMENTS") { return .independentSegments }
        if isName("#EXT-X-STREAM-INF") { return .streamInf }
        if isName("#EXT-X-MEDIA") || isName("#EXT-X-I-FRAME-STREAM-INF") || isName("#EXT-X-SESSION-DATA")
            || isName("#EXT-X-SESSION-KEY") { return .otherMasterTag }
        return nil
    }
}

/// One pass over the lines of a media playlist; the state between a segment's tags and its URI line.
private struct MediaPlaylistReader {
    let bytes: [UInt8]
    var log = DiagnosticLog()
    var playlist = HLSMediaPlaylist()

    private var lineNumber = 0
    private var lineStart = 0
    private var lineEnd = 0
    /// The `EXTINF` waiting for its URI line.
    private var pendingInfo: (duration: MediaTime, title: String?, location: SourceLocation)?
    /// `EXT-X-BYTERANGE` waiting for its URI line: the length, the offset if written, where the value is.
    private var pendingByteRange: (length: Int, offset: Int?, location: SourceLocation)?
    private var pendingDiscontinuity = false
    private var pendingProgramDateTime: String?
    private var currentMap: HLSMediaPlaylist.Map?
    private var nextStart = MediaTime.zero
    /// Once-per-playlist tags seen so far, a bit per `MediaPlaylistTag`.
    private var seenTags: UInt32 = 0
    private var sawDiscontinuity = false
    /// Where the first master playlist tag is, if any.
    private var masterTagLocation: SourceLocation?
    /// The next URI line belongs to an `EXT-X-STREAM-INF` (a master playlist given by mistake), not a segment.
    private var expectVariantURI = false

    init(bytes: [UInt8]) { self.bytes = bytes }

    private var line: ArraySlice<UInt8> { bytes[lineStart..<lineEnd] }
    private func location(_ offset: Int) -> SourceLocation { SourceLocation(line: lineNumber, column: offset - lineStart + 1) }

    mutating func run() {
        var offset = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        var sawHeader = false
        var notAPlaylist = false
        while offset < bytes.count {
            lineNumber += 1
            lineStart = offset
            lineEnd = offset
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            offset = lineEnd
            if offset < bytes.count, bytes[offset] == 0x0D { offset += 1 }
            if offset < bytes.count, bytes[offset] == 0x0A { offset += 1 }
            let line = self.line

            if lineNumber == 1 {
                sawHeader = line.elementsEqual("#EXTM3U".utf8)
                if sawHeader { continue }
                log.report(.error, .hlsMissingHeader, "the first line of a playlist must be #EXTM3U (RFC 8216 §4.3.1.1)",
                           at: location(lineStart))
                // A first line that is text, not a tag: another format (WebVTT, SRT), not a playlist
                // without its header; its lines would each be a "segment" without EXTINF.
                if let first = line.first, first != UInt8(ascii: "#"), !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    notAPlaylist = true
                    break
                }
            }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            if line.contains(where: { $0 >= 0x80 }), String(validating: line, as: UTF8.self) == nil {
                log.report(.warning, .hlsNotUTF8, "the line is not UTF-8 (RFC 8216 §4.1); invalid bytes replaced", at: location(lineStart))
            }
            if line.first == UInt8(ascii: "#") {
                if line.starts(with: "#EXT".utf8) { tagLine() } // other '#' lines are comments (RFC 8216 §4.1)
            } else if expectVariantURI {
                expectVariantURI = false // a variant's URI in a master playlist: reported once, at the end
            } else {
                uriLine()
            }
        }
        finish(empty: lineNumber == 0, notAPlaylist: notAPlaylist)
    }

    /// Reads one `#EXT` line; tags this reader does not know are ignored, as RFC 8216 §4.1 requires.
    private mutating func tagLine() {
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? lineEnd
        guard let tag = MediaPlaylistTag.named(bytes[lineStart..<colon]) else { return }
        let valueStart = colon < lineEnd ? colon + 1 : lineEnd
        let value = bytes[valueStart..<lineEnd]
        let valueAt = location(valueStart)
        let at = location(lineStart)
        if tag.isOncePerPlaylist {
            let bit = UInt32(1) << UInt32(tag.rawValue)
            if seenTags & bit != 0 {
                log.report(.warning, .hlsDuplicateTag,
                           "\(String(decoding: bytes[lineStart..<colon], as: UTF8.self)) appears more than once (RFC 8216 §4.3.1.2, §4.3.3, §4.3.5: at most once); the first is kept",
                           at: at)
                return
            }
            seenTags |= bit
        }
        switch tag {
        case .extinf:
            extinf(value, at: at, valueAt: valueAt)
        case .targetDuration:
            if let seconds = Self.decimalInteger(value) {
                playlist.targetDuration = seconds
            } else {
                log.report(.error, .hlsBadValue,
                           "EXT-X-TARGETDURATION must be a decimal integer of seconds, not '\(Self.text(value))' (RFC 8216 §4.3.3.1); ignored",
                           at: valueAt)
            }
        case .mediaSequence:
            if !playlist.segments.isEmpty {
                log.report(.warning, .hlsMisplacedTag,
                           "EXT-X-MEDIA-SEQUENCE must come before the first segment (RFC 8216 §4.3.3.2); applied to every segment", at: at)
            }
            if let number = Self.decimalInteger(value) {
                playlist.mediaSequence = number
            } else {
                log.report(.warning, .hlsBadValue,
                           "EXT-X-MEDIA-SEQUENCE must be a decimal integer, not '\(Self.text(value))' (RFC 8216 §4.3.3.2); read as 0",
                           at: valueAt)
            }
        case .discontinuitySequence:
            if !playlist.segments.isEmpty || sawDiscontinuity {
                log.report(.warning, .hlsMisplacedTag,
                           "EXT-X-DISCONTINUITY-SEQUENCE must come before the first segment and any EXT-X-DISCONTINUITY (RFC 8216 §4.3.3.3)",
                           at: at)
            }
            if let number = Self.decimalInteger(value) {
                playlist.discontinuitySequence = number
            } else {
                log.report(.warning, .hlsBadValue,
                           "EXT-X-DISCONTINUITY-SEQUENCE must be a decimal integer, not '\(Self.text(value))' (RFC 8216 §4.3.3.3); read as 0",
                           at: valueAt)
            }
        case .playlistType:
            if let type = HLSMediaPlaylist.PlaylistType(rawValue: Self.text(value)) {
                playlist.playlistType = type
            } else {
                log.report(.warning, .hlsBadValue, "EXT-X-PLAYLIST-TYPE must be EVENT or VOD, not '\(Self.text(value))' (RFC 8216 §4.3.3.5); ignored",
                           at: valueAt)
            }
        case .endList:
            playlist.endList = true
        case .version:
            if let number = Self.decimalInteger(value) {
                playlist.version = number
            } else {
                log.report(.warning, .hlsBadValue, "EXT-X-VERSION must be a decimal integer, not '\(Self.text(value))' (RFC 8216 §4.3.1.2); ignored",
                           at: valueAt)
            }
        case .independentSegments:
            playlist.independentSegments = true
        case .discontinuity:
            pendingDiscontinuity = true
            sawDiscontinuity = true
        case .byteRange:
            if let range = Self.byteRange(value) {
                pendingByteRange = (range.length, range.offset, valueAt)
            } else {
                log.report(.warning, .hlsBadValue,
                           "EXT-X-BYTERANGE must be <length>[@<offset>] in decimal integers, not '\(Self.text(value))' (RFC 8216 §4.3.2.2); the segment is read whole",
                           at: valueAt)
            }
        case .map:
            map(value, valueStart: valueStart, at: at)
        case .programDateTime:
            if value.isEmpty {
                log.report(.warning, .hlsBadValue, "EXT-X-PROGRAM-DATE-TIME has no date-time (RFC 8216 §4.3.2.6); ignored", at: valueAt)
            } else {
                pendingProgramDateTime = Self.text(value)
            }
        case .streamInf, .otherMasterTag:
            if masterTagLocation == nil { masterTagLocation = at }
            if tag == .streamInf { expectVariantURI = true }
        }
    }

    /// `#EXTINF:<duration>,[<title>]` (RFC 8216 §4.3.2.1).
    private mutating func extinf(_ value: ArraySlice<UInt8>, at: SourceLocation, valueAt: SourceLocation) {
        let comma = value.firstIndex(of: UInt8(ascii: ","))
        let durationBytes = value[..<(comma ?? value.endIndex)]
        var title: String?
        if let comma, comma + 1 < value.endIndex { title = String(decoding: value[(comma + 1)...], as: UTF8.self) }
        if comma == nil, !durationBytes.isEmpty {
            log.report(.info, .hlsBadValue, "EXTINF has no comma after its duration (RFC 8216 §4.3.2.1: #EXTINF:<duration>,[<title>])",
                       at: location(value.endIndex))
        }
        var duration = MediaTime.zero
        if let read = Self.decimalDuration(durationBytes) {
            duration = read.time
            if !read.exact {
                log.report(.info, .hlsInexactDuration,
                           "EXTINF duration '\(Self.text(durationBytes))' has more digits than 64 bits hold exactly; the last ones are rounded off",
                           at: valueAt)
            }
        } else {
            log.report(.error, .hlsBadValue,
                       "EXTINF duration '\(Self.text(durationBytes))' is not a non-negative decimal number (RFC 8216 §4.3.2.1); read as 0, so the segments after it start early",
                       at: valueAt)
        }
        if let previous = pendingInfo {
            log.report(.warning, .hlsMissingSegmentURI,
                       "EXTINF is not followed by a URI line (RFC 8216 §4.3.2.1); no segment is made of it", at: previous.location)
        }
        pendingInfo = (duration, title, at)
    }

    /// `#EXT-X-MAP:<attribute-list>` (RFC 8216 §4.3.2.5); a tag without a URI is skipped, and the
    /// map before it stays in effect.
    private mutating func map(_ value: ArraySlice<UInt8>, valueStart: Int, at: SourceLocation) {
        let attributes = HLSAttributeListParser.parse(value, lineStart: lineStart, line: lineNumber, log: &log)
        guard let uriAttribute = attributes.first(where: { $0.name == "URI" }) else {
            log.report(.error, .hlsMissingAttribute, "EXT-X-MAP has no URI (required by RFC 8216 §4.3.2.5); the tag is skipped", at: at)
            return
        }
        if case .unquoted = uriAttribute.value {
            log.report(.warning, .hlsBadValue, "URI must be a quoted-string; read as written", at: uriAttribute.location)
        }
        var map = HLSMediaPlaylist.Map(uri: uriAttribute.value.text, byteRange: nil, location: at)
        if let rangeAttribute = attributes.first(where: { $0.name == "BYTERANGE" }) {
            if case .unquoted = rangeAttribute.value {
                log.report(.warning, .hlsBadValue, "BYTERANGE must be a quoted-string; read as written", at: rangeAttribute.location)
            }
            if let range = Self.byteRange(rangeAttribute.value.text.utf8) {
                if range.offset == nil {
                    log.report(.info, .hlsMissingByteRangeOffset,
                               "EXT-X-MAP's BYTERANGE has no offset (no segment precedes a map's range, RFC 8216 §4.3.2.2); read from byte 0",
                               at: rangeAttribute.location)
                }
                map.byteRange = HLSMediaPlaylist.ByteRange(length: range.length, offset: range.offset ?? 0)
            } else {
                log.report(.warning, .hlsBadValue,
                           "BYTERANGE must be \"<length>[@<offset>]\" in decimal integers, not '\(rangeAttribute.value.text)' (RFC 8216 §4.3.2.5); the whole resource is the map",
                           at: rangeAttribute.location)
            }
        }
        currentMap = map
    }

    /// A URI line: the segment the tags since the previous one describe (RFC 8216 §4.3.2).
    private mutating func uriLine() {
        let uri = String(decoding: line, as: UTF8.self)
        let at = location(lineStart)
        var segment = HLSMediaPlaylist.Segment(uri: uri, duration: .zero, startTime: nextStart, sequenceNumber: 0,
                                               discontinuity: pendingDiscontinuity, map: currentMap,
                                               programDateTime: pendingProgramDateTime, location: at)
        if let info = pendingInfo {
            segment.duration = info.duration
            segment.title = info.title
            segment.location = info.location
        } else {
            log.report(.error, .hlsMissingEXTINF,
                       "a URI line with no EXTINF before it (RFC 8216 §4.3.2.1: REQUIRED for every segment); read with duration 0", at: at)
        }
        if let pending = pendingByteRange {
            if let offset = pending.offset {
                segment.byteRange = HLSMediaPlaylist.ByteRange(length: pending.length, offset: offset)
            } else if let previous = playlist.segments.last, previous.uri == uri, let range = previous.byteRange,
                      range.end.addingReportingOverflow(pending.length).overflow == false {
                segment.byteRange = HLSMediaPlaylist.ByteRange(length: pending.length, offset: range.end)
            } else {
                log.report(.error, .hlsMissingByteRangeOffset,
                           "EXT-X-BYTERANGE has no offset and the previous segment is not a sub-range of '\(uri)' (RFC 8216 §4.3.2.2); read from byte 0",
                           at: pending.location)
                segment.byteRange = HLSMediaPlaylist.ByteRange(length: pending.length, offset: 0)
            }
        }
        playlist.segments.append(segment)
        nextStart = nextStart + segment.duration
        pendingInfo = nil
        pendingByteRange = nil
        pendingDiscontinuity = false
        pendingProgramDateTime = nil
    }

    /// The rules checked once every line is read.
    private mutating func finish(empty: Bool, notAPlaylist: Bool) {
        if let previous = pendingInfo {
            log.report(.warning, .hlsMissingSegmentURI,
                       "EXTINF is not followed by a URI line (RFC 8216 §4.3.2.1); no segment is made of it", at: previous.location)
        }
        if empty {
            log.report(.error, .hlsMissingHeader, "the playlist is empty (RFC 8216 §4.3.1.1: it must start with #EXTM3U)", at: nil)
            return
        }
        if notAPlaylist { return }
        if let location = masterTagLocation {
            if playlist.segments.isEmpty {
                log.report(.error, .hlsMasterPlaylist,
                           "this is a master playlist (it lists variants or renditions), not a media playlist: it has no segments; open one of its URIs",
                           at: location)
                return
            }
            log.report(.error, .hlsMasterPlaylist,
                       "a playlist must not hold both master playlist tags and media segments (RFC 8216 §4.3.4); the master playlist tags are ignored",
                       at: location)
        }
        let targetTag = UInt32(1) << UInt32(MediaPlaylistTag.targetDuration.rawValue)
        if seenTags & targetTag == 0 {
            log.report(.error, .hlsMissingTargetDuration, "the playlist has no EXT-X-TARGETDURATION (REQUIRED by RFC 8216 §4.3.3.1)", at: nil)
        }
        let sequence = playlist.mediaSequence
        let target = playlist.targetDuration
        for index in playlist.segments.indices {
            let (number, overflow) = sequence.addingReportingOverflow(index)
            playlist.segments[index].sequenceNumber = overflow ? Int.max : number
            if let target {
                // Rounded to the nearest integer, halves up (RFC 8216 §4.3.3.1).
                let duration = playlist.segments[index].duration
                let rounded = (Int128(duration.value) * 2 + Int128(duration.timescale)) / (Int128(duration.timescale) * 2)
                if rounded > Int128(target) {
                    let at = playlist.segments[index].location
                    log.report(.warning, .hlsSegmentOverTargetDuration,
                               "EXTINF duration \(duration.secondsText) s rounds to \(rounded) s, more than EXT-X-TARGETDURATION \(target) s (RFC 8216 §4.3.3.1)",
                               at: SourceLocation(line: at.line, column: at.column + "#EXTINF:".utf8.count))
                }
            }
        }
    }

    // MARK: - Values (RFC 8216 §4.2)

    /// The bytes as text, invalid UTF-8 replaced.
    private static func text<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A decimal-integer (RFC 8216 §4.2: digits only); nil for anything else or past `Int.max`.
    static func decimalInteger<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var number = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, o1) = number.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            if o1 || o2 { return nil }
            number = sum
        }
        return number
    }

    /// `<length>[@<offset>]` (RFC 8216 §4.3.2.2); nil when either is not a decimal-integer or their
    /// sum passes `Int.max`.
    static func byteRange<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (length: Int, offset: Int?)? {
        let at = bytes.firstIndex(of: UInt8(ascii: "@"))
        guard let length = decimalInteger(bytes[..<(at ?? bytes.endIndex)]) else { return nil }
        guard let at else { return (length, nil) }
        guard let offset = decimalInteger(bytes[bytes.index(after: at)...]),
              !offset.addingReportingOverflow(length).overflow else { return nil }
        return (length, offset)
    }

    /// A decimal-floating-point or decimal-integer duration (RFC 8216 §4.2: digits and one '.',
    /// no sign, no exponent) read exactly, not through `Double`: `6.006` is 6006/1000 s. Digits past
    /// 10⁻¹⁸ s or past 64 bits are rounded away (`exact` false); nil when it is not such a number or
    /// its whole seconds do not fit.
    static func decimalDuration(_ bytes: ArraySlice<UInt8>) -> (time: MediaTime, exact: Bool)? {
        var numerator: Int64 = 0
        var scale: Int64 = 1
        var sawDigit = false
        var sawPoint = false
        var dropping = false
        var roundUp = false
        var exact = true
        for byte in bytes {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                sawDigit = true
                let digit = Int64(byte - UInt8(ascii: "0"))
                if dropping {
                    if digit != 0 { exact = false }
                    continue
                }
                let (times10, o1) = numerator.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(digit)
                if !sawPoint {
                    if o1 || o2 { return nil }
                    numerator = sum
                } else if o1 || o2 || scale >= 1_000_000_000_000_000_000 {
                    dropping = true
                    roundUp = digit >= 5
                    if digit != 0 { exact = false }
                } else {
                    numerator = sum
                    scale *= 10
                }
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                return nil
            }
        }
        guard sawDigit else { return nil }
        if roundUp, numerator < Int64.max { numerator += 1 }
        return (MediaTime(value: numerator, timescale: scale), exact)
    }
}
