import Testing
import TimedText
@testable import TrackSelection

@Suite struct HLSMasterPlaylistTests {
    private func read(_ text: String) -> ParseResult<HLSMasterPlaylist> { HLSMasterPlaylist.read(Array(text.utf8)) }
    private func codes(_ r: ParseResult<HLSMasterPlaylist>) -> [String] { r.diagnostics.map(\.code.rawValue) }

    @Test func readsRenditionsWithQuotedCommas() {
        let r = read("""
            #EXTM3U
            #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English, SDH",LANGUAGE="en",ASSOC-LANGUAGE="en-US",DEFAULT=YES,AUTOSELECT=YES,FORCED=NO,CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound",URI="subs/en.m3u8"
            #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="Español",LANGUAGE="spa",INSTREAM-ID="CC3"
            #EXT-X-STREAM-INF:BANDWIDTH=1280000,SUBTITLES="subs",CLOSED-CAPTIONS="cc"
            v.m3u8
            """)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        let subs = r.value.renditions[0]
        #expect(subs.name == "English, SDH")
        #expect(subs.languageTag?.rawValue == "en" && subs.associatedLanguageTag?.rawValue == "en-US")
        #expect(subs.isDefault && subs.isAutoselect && !subs.isForced)
        #expect(subs.characteristics == MediaCharacteristic.sdh)
        #expect(subs.uri == "subs/en.m3u8")
        #expect(r.value.renditions[1].languageTag?.rawValue == "es" && r.value.renditions[1].instreamID == "CC3")
        #expect(r.value.variants.count == 1 && r.value.variants[0].closedCaptions == .group("cc") && r.value.variants[0].uri == "v.m3u8")
        let options = r.value.legibleOptions(source: "m.m3u8")
        #expect(options.map(\.id) == ["subs/en", "cc/CC3"])
        #expect(options[0].isAccessible && options[1].kind == .captions && options[1].isAccessible)
        #expect(options.allSatisfy { $0.unavailableReason == nil })
    }

    @Test func reportsBrokenAttributeListsWithColumns() {
        let r = read("#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"s\",NAME=\"A\",NAME=\"B\",lang=\"en\",URI=\"a\"x,DEFAULT=MAYBE\n")
        let byCode = Dictionary(grouping: r.diagnostics, by: \.code.rawValue)
        #expect(byCode["hls.duplicate-attribute"]?.first?.location == SourceLocation(line: 2, column: 51))
        #expect(byCode["hls.bad-attribute-name"]?.first?.location == SourceLocation(line: 2, column: 60))
        #expect(byCode["hls.bad-attribute-list"]?.first?.location == SourceLocation(line: 2, column: 77)) // the x after "a"
        #expect(byCode["hls.bad-value"]?.first?.location == SourceLocation(line: 2, column: 79))
        #expect(r.value.renditions.first?.name == "A") // the first NAME is kept
        #expect(r.value.renditions.first?.uri == "a")
    }

    @Test func unterminatedQuoteAndMissingAttributes() {
        let r = read("#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"s\",NAME=\"x\n#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID=\"c\",NAME=\"C\",URI=\"u\"\n")
        #expect(r.diagnostics.first { $0.code.rawValue == "hls.unterminated-quoted-string" }?.location == SourceLocation(line: 2, column: 47))
        #expect(codes(r).filter { $0 == "hls.missing-attribute" }.count == 2) // SUBTITLES without URI; CC without INSTREAM-ID
        #expect(codes(r).contains("hls.unexpected-attribute")) // URI on CLOSED-CAPTIONS
        #expect(r.value.renditions.map(\.name) == ["x"]) // the CC tag is skipped
        #expect(r.value.legibleOptions(source: nil).first?.unavailableReason?.contains("no URI") == true)
    }

    @Test func groupRules() {
        let r = read("""
            #EXTM3U
            #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="A",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=NO,URI="a"
            #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="A",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="b"
            #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="C",LANGUAGE="english!",AUTOSELECT=YES,URI="c"
            #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC",INSTREAM-ID="CC9"
            #EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES="nope",CLOSED-CAPTIONS=NONE
            a.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=2,SUBTITLES="subs"
            b.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=3
            """)
        let c = Set(codes(r))
        for expected in ["hls.default-without-autoselect", "hls.multiple-defaults", "hls.duplicate-name", "hls.bad-language",
                         "hls.bad-value", "hls.unknown-group", "hls.inconsistent-closed-captions", "hls.missing-variant-uri",
                         "hls.unreferenced-group"] {
            #expect(c.contains(expected), "\(expected) missing from \(c)")
        }
        let options = r.value.legibleOptions(source: nil)
        #expect(options.map(\.id) == ["subs/en", "subs/en-2", "subs/english!", "cc/CC9"])
        #expect(options[3].unavailableReason != nil)
    }

    @Test func closedCaptionsNoneMakesCaptionsUnavailable() {
        let r = read("""
            #EXTM3U
            #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC",LANGUAGE="en",INSTREAM-ID="CC1"
            #EXT-X-STREAM-INF:BANDWIDTH=1,CLOSED-CAPTIONS=NONE
            a.m3u8
            """)
        #expect(r.value.legibleOptions(source: nil)[0].unavailableReason?.contains("CLOSED-CAPTIONS=NONE") == true)
    }

    @Test func notAMasterPlaylist() {
        #expect(codes(read("")).contains("hls.missing-header"))
        #expect(codes(read("WEBVTT\n\n00:00.000 --> 00:01.000\nx\n")).first == "hls.missing-header")
        #expect(codes(read("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\nseg.vtt\n")).contains("hls.media-playlist"))
    }

    @Test func survivesArbitraryBytes() {
        // Never crashes, never hangs: a deterministic sweep of damaged inputs.
        var seed: UInt64 = 0x9E3779B97F4A7C15
        let base = Array("#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"s\",NAME=\"n\",LANGUAGE=\"en\",URI=\"u\"\n#EXT-X-STREAM-INF:SUBTITLES=\"s\"\nv\n".utf8)
        for _ in 0..<500 {
            var bytes = base
            for _ in 0..<4 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                let position = Int(seed >> 33) % bytes.count
                let value = UInt8(truncatingIfNeeded: seed >> 17)
                if seed & 1 == 0 { bytes[position] = value } else { bytes.insert(value, at: position) }
            }
            let r = HLSMasterPlaylist.read(bytes)
            _ = TrackSelector().select(r.value.legibleOptions(source: nil), for: ViewerPreferences(preferredLanguages: [LanguageTag("en")!]))
        }
    }
}
