import Testing
import TestSupport
import TimedText
@testable import TrackSelection

@Suite struct HLSMediaPlaylistTests {
    private typealias Playlist = HLSMediaPlaylist
    private func read(_ text: String) -> ParseResult<HLSMediaPlaylist> { HLSMediaPlaylist.read(Array(text.utf8)) }
    private func codes(_ r: ParseResult<HLSMediaPlaylist>) -> [String] { r.diagnostics.map(\.code.rawValue) }
    /// The one diagnostic of `code`'s position as "line:column" ("nil" without one, "none" when absent).
    private func at(_ r: ParseResult<HLSMediaPlaylist>, _ code: String) -> String {
        let found = r.diagnostics.filter { $0.code.rawValue == code }
        guard found.count == 1 else { return "\(found.count) × \(code): \(r.diagnostics)" }
        return found[0].location.map(\.description) ?? "nil"
    }
    private func seconds(_ text: String) -> MediaTime {
        let f = Fraction(decimal: Array(text.utf8))!
        return MediaTime(value: f.numerator, timescale: f.denominator)
    }

    // MARK: - Well-formed playlists

    @Test func webVTTSubtitleRenditionVOD() throws {
        let r = HLSMediaPlaylist.read(Fixtures.bytes("hls/subtitles-webvtt-vod.m3u8"))
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        let p = r.value
        #expect(p.targetDuration == 6 && p.version == 3 && p.mediaSequence == 0 && p.discontinuitySequence == 0)
        #expect(p.playlistType == .vod && p.endList && !p.independentSegments)
        #expect(p.segments.map(\.uri) == (0...4).map { "en/seg-0000\($0).vtt" })
        #expect(p.segments.map(\.duration) == [6, 6, 6, 6].map { MediaTime(seconds: $0) } + [MediaTime(value: 62, timescale: 25)])
        #expect(p.segments.map(\.startTime) == [0, 6, 12, 18, 24].map { MediaTime(seconds: $0) })
        #expect(p.segments.map(\.sequenceNumber) == [0, 1, 2, 3, 4])
        #expect(p.segments.map(\.title) == [nil, nil, nil, nil, "credits"])
        #expect(p.segments.map(\.location.line) == [7, 9, 11, 13, 15] && p.segments.allSatisfy { $0.location.column == 1 })
        #expect(p.segments.allSatisfy { !$0.discontinuity && $0.byteRange == nil && $0.map == nil && $0.programDateTime == nil })
        #expect(p.totalDuration == seconds("26.48"))
        #expect(p.segmentIndex(at: .zero) == 0 && p.segmentIndex(at: MediaTime(seconds: 6)) == 1)
        #expect(p.segmentIndex(at: seconds("26.479")) == 4 && p.segmentIndex(at: seconds("26.48")) == nil)
        #expect(p.segmentIndex(at: MediaTime(seconds: -1)) == nil)
    }

    @Test func durationsAreExactNotDouble() {
        // 0.1 s ten times is 1 s, and 6.006 three times 18.018 s: sums of Doubles are neither.
        let tenths = read("#EXTM3U\n#EXT-X-TARGETDURATION:1\n" + String(repeating: "#EXTINF:0.1,\ns.vtt\n", count: 10) + "#EXTINF:1,\ne.vtt\n")
        #expect(tenths.diagnostics.isEmpty)
        #expect(tenths.value.segments.last?.startTime == MediaTime(seconds: 1))
        let ntsc = read("#EXTM3U\n#EXT-X-TARGETDURATION:6\n" + String(repeating: "#EXTINF:6.006,\ns.vtt\n", count: 4))
        #expect(ntsc.value.segments[3].startTime == MediaTime(value: 9009, timescale: 500))
        #expect(ntsc.value.segments[0].duration == MediaTime(value: 3003, timescale: 500))
        // A float printer's sixteen significant digits (more than Fraction(decimal:) takes) stay exact.
        let long = read("#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:3.989333333333333,\na.ts\n#EXTINF:4.010666666666666,\nb.ts\n")
        #expect(long.diagnostics.isEmpty, "\(long.diagnostics)")
        #expect(long.value.segments[0].duration == MediaTime(value: 3_989_333_333_333_333, timescale: 1_000_000_000_000_000))
        #expect(long.value.totalDuration == MediaTime(seconds: 8) - MediaTime(value: 1, timescale: 1_000_000_000_000_000))
        // Integer durations (version < 3) and the forms RFC 8216 §4.2 allows: "6.", ".5".
        let forms = read("#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\na\n#EXTINF:6.,\nb\n#EXTINF:.5,\nc\n")
        #expect(forms.diagnostics.isEmpty)
        #expect(forms.value.segments.map(\.duration) == [MediaTime(seconds: 10), MediaTime(seconds: 6), MediaTime(value: 1, timescale: 2)])
    }

    @Test func fragmentedMP4WithMapAndByteRanges() {
        let r = HLSMediaPlaylist.read(Fixtures.bytes("hls/subtitles-fmp4-map-byterange.m3u8"))
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        let p = r.value
        #expect(p.version == 7 && p.targetDuration == 4 && p.playlistType == .event && !p.endList && p.independentSegments)
        #expect(p.mediaSequence == 120 && p.discontinuitySequence == 3)
        let s = p.segments
        #expect(s.count == 4)
        let firstMap = Playlist.Map(uri: "subs-fr.mp4", byteRange: Playlist.ByteRange(length: 812, offset: 0),
                                    location: SourceLocation(line: 8, column: 1))
        #expect(s[0].map == firstMap && s[1].map == firstMap && s[2].map == firstMap)
        #expect(s[3].map == Playlist.Map(uri: "../ad/subs-fr-ad.mp4", location: SourceLocation(line: 20, column: 1)))
        // 2048@812, then 1536 and 1024 each after the range before it (RFC 8216 §4.3.2.2).
        #expect(s[0].byteRange == Playlist.ByteRange(length: 2048, offset: 812))
        #expect(s[1].byteRange == Playlist.ByteRange(length: 1536, offset: 2860))
        #expect(s[2].byteRange == Playlist.ByteRange(length: 1024, offset: 4396) && s[2].byteRange?.end == 5420)
        #expect(s[3].byteRange == nil)
        #expect(s.map(\.discontinuity) == [false, false, false, true])
        #expect(s.map(\.programDateTime) == ["2024-03-01T20:00:00.000Z", nil, nil, "2024-03-01T20:00:12.012Z"])
        #expect(s.map(\.sequenceNumber) == [120, 121, 122, 123])
        #expect(s.map(\.startTime) == [MediaTime.zero, seconds("4.004"), seconds("8.008"), seconds("12.012")])
        #expect(s.map(\.location.line) == [10, 13, 16, 22])
        #expect(p.totalDuration == seconds("15.512"))
    }

    @Test func crlfBOMCommentsAndUnknownTags() {
        let lf = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n# a comment\n#EXT-X-KEY:METHOD=NONE\n#EXT-X-FUTURE-TAG:X=1\n#EXTX-NOT-A-TAG\n\n  \n#EXTINF:5,Intro\na.vtt\n#EXT-X-ENDLIST:trailing\n"
        let plain = read(lf)
        #expect(plain.diagnostics.isEmpty, "\(plain.diagnostics)")
        #expect(plain.value.segments.count == 1 && plain.value.segments[0].title == "Intro" && plain.value.endList)
        let crlf = HLSMediaPlaylist.read([0xEF, 0xBB, 0xBF] + Array(lf.replacing("\n", with: "\r\n").utf8))
        #expect(crlf == plain)
        let cr = read(lf.replacing("\n", with: "\r"))
        #expect(cr == plain)
        #expect(plain.value.segments[0].location == SourceLocation(line: 9, column: 1))
    }

    // MARK: - Diagnostics, each with its place

    @Test func notAMediaPlaylist() {
        let empty = read("")
        #expect(codes(empty) == ["hls.missing-header"] && empty.diagnostics[0].location == nil)
        #expect(codes(HLSMediaPlaylist.read([0xEF, 0xBB, 0xBF])) == ["hls.missing-header"])
        // Another format: one error, not one per line.
        let webVTT = read("WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n")
        #expect(codes(webVTT) == ["hls.missing-header"] && at(webVTT, "hls.missing-header") == "1:1")
        #expect(webVTT.value.segments.isEmpty)
        // A media playlist without its header is still read.
        let headless = read("#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.vtt\n")
        #expect(codes(headless) == ["hls.missing-header"] && headless.value.segments.count == 1 && headless.value.targetDuration == 6)
    }

    @Test func masterPlaylistGivenInstead() {
        let master = read("""
            #EXTM3U
            #EXT-X-VERSION:6
            #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",URI="subs/en.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=1280000,SUBTITLES="subs"
            video/720.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=640000,SUBTITLES="subs"
            video/360.m3u8
            """)
        // One error, at the first master tag: no segment per variant URI, no missing target duration.
        #expect(codes(master) == ["hls.master-playlist"] && at(master, "hls.master-playlist") == "3:1", "\(master.diagnostics)")
        #expect(master.diagnostics[0].severity == .error && master.value.segments.isEmpty)
        let both = read("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.vtt\n#EXT-X-I-FRAME-STREAM-INF:URI=\"i.m3u8\"\n")
        #expect(codes(both) == ["hls.master-playlist"] && at(both, "hls.master-playlist") == "5:1")
        #expect(both.diagnostics[0].message.contains("both") && both.value.segments.count == 1)
        // And the reverse, for the master reader: a media playlist is hls.media-playlist there.
        let fixture = Fixtures.bytes("hls/subtitles-webvtt-vod.m3u8")
        #expect(HLSMasterPlaylist.read(fixture).diagnostics.map(\.code.rawValue) == ["hls.media-playlist"])
    }

    @Test func missingTargetDuration() {
        let r = read("#EXTM3U\n#EXTINF:6,\na.vtt\n")
        #expect(codes(r) == ["hls.missing-target-duration"] && at(r, "hls.missing-target-duration") == "nil")
        #expect(r.diagnostics[0].severity == .error && r.value.targetDuration == nil && r.value.segments.count == 1)
    }

    @Test func extinfWithoutURIAndURIWithoutEXTINF() {
        let r = read("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,lost\n#EXTINF:5,kept\nb.vtt\nc.vtt\n#EXTINF:4,\n")
        let lost = r.diagnostics.filter { $0.code.rawValue == "hls.missing-segment-uri" }
        #expect(lost.map(\.location?.description) == ["3:1", "7:1"] && lost.allSatisfy { $0.severity == .warning })
        #expect(at(r, "hls.missing-extinf") == "6:1")
        #expect(r.value.segments.map(\.uri) == ["b.vtt", "c.vtt"] && r.value.segments.map(\.title) == ["kept", nil])
        // The segment without EXTINF is kept (its sequence number counts) with duration 0.
        #expect(r.value.segments[1].duration == .zero && r.value.segments[1].startTime == MediaTime(seconds: 5))
        #expect(r.value.segments[1].sequenceNumber == 1 && r.value.segments[1].location == SourceLocation(line: 6, column: 1))
    }

    @Test func badNumbers() {
        let r = read("""
            #EXTM3U
            #EXT-X-TARGETDURATION:6.5
            #EXT-X-MEDIA-SEQUENCE:-1
            #EXT-X-DISCONTINUITY-SEQUENCE:99999999999999999999
            #EXT-X-VERSION:seven
            #EXT-X-PLAYLIST-TYPE:LIVE
            #EXTINF:abc,
            a.vtt
            #EXTINF:-2,
            b.vtt
            #EXTINF:1e3,
            c.vtt
            #EXT-X-BYTERANGE:12x
            d.vtt
            #EXT-X-PROGRAM-DATE-TIME:
            #EXTINF:6
            e.vtt
            """)
        let bad = r.diagnostics.filter { $0.code.rawValue == "hls.bad-value" }.map { "\($0.location!) \($0.severity)" }
        #expect(bad == ["2:23 error", "3:23 warning", "4:31 warning", "5:16 warning", "6:22 warning", "7:9 error", "9:9 error",
                        "11:9 error", "13:18 warning", "15:26 warning", "16:10 info"], "\(r.diagnostics)")
        // The target duration was unreadable, not missing: one error, not two.
        #expect(!codes(r).contains("hls.missing-target-duration"))
        let p = r.value
        #expect(p.targetDuration == nil && p.mediaSequence == 0 && p.discontinuitySequence == 0 && p.version == nil && p.playlistType == nil)
        #expect(p.segments.map(\.duration) == [.zero, .zero, .zero, .zero, MediaTime(seconds: 6)])
        #expect(p.segments[3].byteRange == nil && p.segments[4].programDateTime == nil)
    }

    @Test func segmentLongerThanTheTargetDuration() {
        // Rounded to the nearest integer, halves up: 6.49 is 6, 6.5 is 7 (RFC 8216 §4.3.3.1).
        let r = read("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.49,\na\n#EXTINF:6.5,\nb\n#EXTINF:12,\nc\n")
        let over = r.diagnostics.filter { $0.code.rawValue == "hls.segment-over-target-duration" }
        #expect(over.map(\.location?.description) == ["5:9", "7:9"] && over.allSatisfy { $0.severity == .warning }, "\(r.diagnostics)")
        #expect(over.first?.message.contains("rounds to 7 s") == true)
        // A target duration after the segments still applies to them.
        let late = read("#EXTM3U\n#EXTINF:9,\na\n#EXT-X-TARGETDURATION:8\n")
        #expect(codes(late) == ["hls.segment-over-target-duration"] && at(late, "hls.segment-over-target-duration") == "2:9")
    }

    @Test func byteRangeWithoutAnOffsetToFollow() {
        let r = read("""
            #EXTM3U
            #EXT-X-TARGETDURATION:6
            #EXTINF:6,
            #EXT-X-BYTERANGE:100
            a.mp4
            #EXTINF:6,
            #EXT-X-BYTERANGE:50
            a.mp4
            #EXTINF:6,
            #EXT-X-BYTERANGE:70
            b.mp4
            #EXTINF:6,
            c.mp4
            #EXTINF:6,
            #EXT-X-BYTERANGE:10
            c.mp4
            """)
        // The first segment has none before it; b.mp4 follows a.mp4; c.mp4's previous segment is whole.
        let missing = r.diagnostics.filter { $0.code.rawValue == "hls.missing-byte-range-offset" }
        #expect(missing.map(\.location?.description) == ["4:18", "10:18", "15:18"] && missing.allSatisfy { $0.severity == .error },
                "\(r.diagnostics)")
        #expect(r.value.segments.map(\.byteRange?.offset) == [0, 100, 0, nil, 0])
        #expect(r.value.segments.map(\.byteRange?.length) == [100, 50, 70, nil, 10])
    }

    @Test func mapTags() {
        let r = read("""
            #EXTM3U
            #EXT-X-TARGETDURATION:6
            #EXT-X-MAP:URI="init.mp4",BYTERANGE="600"
            #EXTINF:6,
            a.m4s
            #EXT-X-MAP:BYTERANGE="1@2"
            #EXTINF:6,
            b.m4s
            #EXT-X-MAP:URI=init2.mp4,BYTERANGE="x@1"
            #EXTINF:6,
            c.m4s
            """)
        #expect(at(r, "hls.missing-byte-range-offset") == "3:27" && r.diagnostics[0].severity == .info, "\(r.diagnostics)")
        #expect(at(r, "hls.missing-attribute") == "6:1")
        #expect(r.diagnostics.filter { $0.code.rawValue == "hls.bad-value" }.map(\.location?.description) == ["9:12", "9:26"])
        let maps = r.value.segments.map(\.map)
        #expect(maps[0]?.uri == "init.mp4" && maps[0]?.byteRange == Playlist.ByteRange(length: 600, offset: 0))
        #expect(maps[1] == maps[0]) // the tag without a URI is skipped: the map before it stays in effect
        #expect(maps[2]?.uri == "init2.mp4" && maps[2]?.byteRange == nil && maps[2]?.location.line == 9)
    }

    @Test func tagsOnceAndInTheirPlace() {
        let r = read("""
            #EXTM3U
            #EXT-X-TARGETDURATION:6
            #EXT-X-TARGETDURATION:10
            #EXT-X-VERSION:3
            #EXT-X-VERSION:4
            #EXTINF:6,
            a.vtt
            #EXT-X-DISCONTINUITY
            #EXTINF:6,
            b.vtt
            #EXT-X-MEDIA-SEQUENCE:7
            #EXT-X-DISCONTINUITY-SEQUENCE:2
            #EXT-X-ENDLIST
            #EXT-X-ENDLIST
            """)
        #expect(r.diagnostics.filter { $0.code.rawValue == "hls.duplicate-tag" }.map(\.location?.description) == ["3:1", "5:1", "14:1"])
        #expect(r.diagnostics.filter { $0.code.rawValue == "hls.misplaced-tag" }.map(\.location?.description) == ["11:1", "12:1"])
        #expect(r.value.targetDuration == 6 && r.value.version == 3) // the first is kept
        // A misplaced media sequence still numbers every segment.
        #expect(r.value.segments.map(\.sequenceNumber) == [7, 8] && r.value.discontinuitySequence == 2)
        #expect(r.value.segments.map(\.discontinuity) == [false, true])
        // Only the discontinuity rule: before any EXT-X-DISCONTINUITY, even with no segment yet.
        let early = read("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-DISCONTINUITY\n#EXT-X-DISCONTINUITY-SEQUENCE:1\n#EXTINF:6,\na\n")
        #expect(codes(early) == ["hls.misplaced-tag"] && at(early, "hls.misplaced-tag") == "4:1")
    }

    @Test func extinfSyntaxAndPrecision() {
        let r = read("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:5\na\n#EXTINF:1.0000000000000000001,\nb\n#EXTINF:1.99999999999999999999,\nc\n")
        #expect(at(r, "hls.bad-value") == "3:10" && r.diagnostics.first { $0.code.rawValue == "hls.bad-value" }?.severity == .info)
        let inexact = r.diagnostics.filter { $0.code.rawValue == "hls.inexact-duration" }
        #expect(inexact.map(\.location?.description) == ["5:9", "7:9"] && inexact.allSatisfy { $0.severity == .info })
        // Eighteen fraction digits are kept; past them, rounded to nearest.
        #expect(r.value.segments.map(\.duration) == [MediaTime(seconds: 5), MediaTime(seconds: 1), MediaTime(seconds: 2)])
        // Whole seconds past 64 bits cannot be held at all.
        let huge = read("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:99999999999999999999,\na\n")
        #expect(at(huge, "hls.bad-value") == "3:9" && huge.value.segments[0].duration == .zero)
    }

    @Test func notUTF8() {
        let r = HLSMediaPlaylist.read(Array("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,caf".utf8) + [0xE9] + Array(",\nseg".utf8) + [0xFF] + Array(".vtt\n".utf8))
        #expect(r.diagnostics.filter { $0.code.rawValue == "hls.not-utf8" }.map(\.location?.description) == ["3:1", "4:1"])
        #expect(r.value.segments[0].uri == "seg\u{FFFD}.vtt" && r.value.segments[0].title == "caf\u{FFFD},")
    }

    // MARK: - Damaged and large inputs

    /// What must hold whatever the bytes: diagnostics on lines of the text, segment times that add
    /// up, consecutive sequence numbers, segment positions in order.
    private func checkInvariants(_ bytes: [UInt8], _ context: @autoclosure () -> String) {
        var lines = 1
        for (k, byte) in bytes.enumerated() where byte == 0x0A || (byte == 0x0D && (k + 1 == bytes.count || bytes[k + 1] != 0x0A)) {
            lines += 1
        }
        let r = HLSMediaPlaylist.read(bytes)
        for d in r.diagnostics {
            guard let location = d.location else { continue }
            #expect(location.line >= 1 && location.line <= lines && location.column >= 1, "\(d) — \(context())")
        }
        var start = MediaTime.zero
        for (index, s) in r.value.segments.enumerated() {
            #expect(s.startTime == start && s.duration >= .zero, "\(context())")
            let (number, overflow) = r.value.mediaSequence.addingReportingOverflow(index)
            #expect(s.sequenceNumber == (overflow ? Int.max : number), "\(context())")
            #expect(index == 0 || r.value.segments[index - 1].location < s.location, "\(context())")
            if let range = s.byteRange { #expect(range.length >= 0 && range.offset >= 0, "\(context())") }
            start = start + s.duration
        }
        #expect(r.value.totalDuration == start)
    }

    @Test func everyPrefixOfTheFixtures() {
        for name in ["subtitles-webvtt-vod.m3u8", "subtitles-fmp4-map-byterange.m3u8"] {
            let bytes = Fixtures.bytes("hls/\(name)")
            for length in 0...bytes.count { checkInvariants(Array(bytes[..<length]), "\(name) cut at \(length)") }
        }
    }

    @Test func randomDamage() {
        var random = TestRandom(seed: 0x4D_3355)
        let base = Fixtures.bytes("hls/subtitles-fmp4-map-byterange.m3u8")
        // Bytes that move a reader between its states: line ends, tag and value punctuation.
        let interesting: [UInt8] = Array("\n\r#:,@=\".-0123456789 ".utf8) + [0x00, 0xFF, 0xC3, 0xEF]
        for round in 0..<2000 {
            var bytes = base
            for _ in 0...random.below(8) {
                let position = random.below(bytes.count + 1)
                let value = random.below(3) == 0 ? UInt8(truncatingIfNeeded: random.next()) : interesting[random.below(interesting.count)]
                switch random.below(3) {
                case 0 where position < bytes.count: bytes[position] = value
                case 1 where position < bytes.count: bytes.remove(at: position)
                default: bytes.insert(value, at: position)
                }
            }
            checkInvariants(bytes, "round \(round)")
        }
        for length in [0, 1, 7, 100, 4096] {
            let noise = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            checkInvariants(noise, "\(length) random bytes")
        }
    }

    @Test func hundredThousandSegments() {
        // Linear work shows in structure: every segment read, each start the exact running sum.
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:7\n#EXT-X-MEDIA-SEQUENCE:5\n#EXT-X-MAP:URI=\"init.mp4\",BYTERANGE=\"700@0\"\n"
        text.reserveCapacity(5_000_000)
        for k in 0..<100_000 {
            text += k == 0 ? "#EXTINF:6.006,\n#EXT-X-BYTERANGE:1000@700\nall.mp4\n" : "#EXTINF:6.006,\n#EXT-X-BYTERANGE:1000\nall.mp4\n"
        }
        let r = read(text)
        #expect(r.diagnostics.isEmpty)
        let s = r.value.segments
        #expect(s.count == 100_000)
        #expect(s.last?.startTime == MediaTime(value: 99_999 * 3003, timescale: 500))
        #expect(s.last?.byteRange == Playlist.ByteRange(length: 1000, offset: 700 + 99_999 * 1000))
        #expect(s.last?.sequenceNumber == 100_004 && s.last?.location.line == 4 + 3 * 99_999 + 1)
        #expect(r.value.segmentIndex(at: MediaTime(value: 50_000 * 3003, timescale: 500)) == 50_000)

        // Damage on every line: the log stays capped, the read still ends.
        let damaged = read("#EXTM3U\n" + String(repeating: "#EXTINF:x,\n", count: 100_000))
        #expect(damaged.value.segments.isEmpty)
        #expect(damaged.diagnostics.count <= 2 * DiagnosticLog.defaultLimitPerCode + 1)
    }
}

@Suite struct HLSURIResolutionTests {
    @Test(arguments: [
        // Relative to a local playlist.
        ("seg1.vtt", "/media/show/subs/en.m3u8", "/media/show/subs/seg1.vtt"),
        ("../subs/seg1.vtt", "/media/show/hls/en.m3u8", "/media/show/subs/seg1.vtt"),
        ("./a/./b/../seg1.vtt", "/media/show/en.m3u8", "/media/show/a/seg1.vtt"),
        ("../../../../seg1.vtt", "/media/en.m3u8", "/seg1.vtt"),
        ("/x/seg1.vtt", "/media/show/en.m3u8", "/x/seg1.vtt"),
        ("/x/../y/seg1.vtt", "/media/show/en.m3u8", "/y/seg1.vtt"),
        ("seg1.vtt", "en.m3u8", "seg1.vtt"),
        ("../seg1.vtt", "subs/en.m3u8", "seg1.vtt"),
        ("../../seg1.vtt", "subs/en.m3u8", "../seg1.vtt"),
        ("en/seg1.vtt", "/media/show/", "/media/show/en/seg1.vtt"),
        ("seg1.vtt?v=2", "/media/a#b/en.m3u8", "/media/a#b/seg1.vtt?v=2"), // '#' is a file name's in a local path
        ("", "/media/en.m3u8", "/media/en.m3u8"),
        ("..", "/media/show/en.m3u8", "/media/"),
        ("my%20subs.vtt", "/media/en.m3u8", "/media/my%20subs.vtt"),
        // Full URLs as they are, against anything.
        ("https://cdn.example/subs/en/1.vtt", "/media/show/en.m3u8", "https://cdn.example/subs/en/1.vtt"),
        ("file:///srv/1.vtt", "https://cdn.example/master.m3u8", "file:///srv/1.vtt"),
        ("//cdn.example/1.vtt", "/media/en.m3u8", "//cdn.example/1.vtt"),
        // Relative to a playlist URL (RFC 3986 §5.4's way).
        ("//cdn.example/1.vtt", "https://origin.example/a/en.m3u8", "https://cdn.example/1.vtt"),
        ("../subs/1.vtt", "https://origin.example/hls/v1/en.m3u8?token=abc", "https://origin.example/hls/subs/1.vtt"),
        ("/subs/1.vtt", "https://origin.example/hls/en.m3u8", "https://origin.example/subs/1.vtt"),
        ("1.vtt", "https://origin.example", "https://origin.example/1.vtt"),
        ("../../../1.vtt", "https://origin.example/a/en.m3u8", "https://origin.example/1.vtt"),
        ("?v=2", "https://origin.example/a/en.m3u8?v=1#t", "https://origin.example/a/en.m3u8?v=2"),
        ("#t=5", "https://origin.example/a/en.m3u8?v=1", "https://origin.example/a/en.m3u8?v=1#t=5"),
        ("seg1.vtt", "file:///media/show/en.m3u8", "file:///media/show/seg1.vtt"),
    ])
    func resolves(_ uri: String, _ playlist: String, _ expected: String) {
        #expect(resolvedURI(uri, relativeTo: playlist) == expected)
    }

    @Test func renditionAndSegmentURIsResolveAlike() {
        // A master playlist's rendition URI, then the URIs of the media playlist it names.
        let master = HLSMasterPlaylist.read(Array("""
            #EXTM3U
            #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Français",LANGUAGE="fr",URI="subs/fr/index.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="subs"
            v.m3u8
            """.utf8)).value
        let mediaPath = resolvedURI(master.renditions[0].uri!, relativeTo: "/media/show/master.m3u8")
        #expect(mediaPath == "/media/show/subs/fr/index.m3u8")
        let media = HLSMediaPlaylist.read(Fixtures.bytes("hls/subtitles-fmp4-map-byterange.m3u8")).value
        #expect(resolvedURI(media.segments[3].uri, relativeTo: mediaPath) == "/media/show/subs/ad/subs-fr-ad-1.m4s")
        #expect(resolvedURI(media.segments[0].map!.uri, relativeTo: mediaPath) == "/media/show/subs/fr/subs-fr.mp4")
    }
}
