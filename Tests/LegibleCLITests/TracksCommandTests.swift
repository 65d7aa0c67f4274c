import Testing
import TestSupport
@testable import LegibleCLI

@Suite struct TracksCommandTests {
    let master = """
        #EXTM3U
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="a/en.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Français (Canada)",LANGUAGE="fr-CA",DEFAULT=YES,AUTOSELECT=YES,CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog",URI="subs/fr-CA.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",FORCED=YES,AUTOSELECT=YES,URI="subs/en-forced.m3u8"
        #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English CC",LANGUAGE="en",INSTREAM-ID="CC1",AUTOSELECT=YES
        #EXT-X-STREAM-INF:BANDWIDTH=1280000,AUDIO="aud",SUBTITLES="subs",CLOSED-CAPTIONS="cc"
        video.m3u8

        """

    @Test func jsonFollowsTheContract() {
        let path = temporaryPath("master.m3u8")
        writeFile(path, master)
        let run = Run(["tracks", path, "--prefer", "fr-CA,en", "--audio", "ja", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("""
                  "id": "subs/fr-CA",
                  "name": "Français (Canada)",
                  "language": "fr-CA",
                  "kind": "subtitles",
                  "forced": false,
                  "default": true,
                  "autoselect": true,
                  "characteristics": [
                    "public.accessibility.transcribes-spoken-dialog"
                  ],
                  "source": "\(path)",
                  "uri": "subs/fr-CA.m3u8",
                  "instreamId": null
            """))
        #expect(run.stdout.contains("\"selected\": [\n    \"subs/fr-CA\"\n  ]"))
        #expect(run.stdout.contains("\"instreamId\": \"CC1\""))
        #expect(run.stdout.components(separatedBy: "\"decision\"").count - 1 == 3) // one trace entry per option
    }

    @Test func audioFromThePlaylistAndForcedOnly() {
        let path = temporaryPath("master2.m3u8")
        writeFile(path, master)
        // No --audio: the playlist's default AUDIO rendition (en) is the audio; an en viewer in
        // automatic mode understands it, so the forced English rendition is chosen.
        let run = Run(["tracks", path, "--prefer", "en"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("selected: subs/en\n"), "\(run.stdout)")
        #expect(run.stdout.contains("audio en"))
        let off = Run(["tracks", path, "--prefer", "en", "--mode", "off"])
        #expect(off.stdout.contains("selected: none\n"))
    }

    @Test func filesGetTheirLanguageFromNameContentOrLang() {
        let srt = temporaryPath("movie.pt-BR.forced.srt")
        writeFile(srt, "1\n00:00:01,000 --> 00:00:02,000\nOlá\n")
        let vtt = temporaryPath("film.vtt")
        writeFile(vtt, "WEBVTT\nLanguage: de\n\n00:01.000 --> 00:02.000\nHallo\n")
        let scc = Fixtures.root + "/scc/modes.scc"
        let run = Run(["tracks", srt, vtt, scc, "--prefer", "de", "--audio", "en", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"language\": \"pt-BR\""))
        #expect(run.stdout.contains("\"selected\": [\n    \"\(vtt)\"\n  ]"), "\(run.stdout)")
        #expect(run.stdout.contains("\"instreamId\": \"CC1\""))
        // --lang names the SCC channel's language; always-on prefers its captions.
        let captions = Run(["tracks", scc, "--lang", "ja", "--prefer", "ja", "--mode", "always-on", "--ui-language", "ja"])
        #expect(captions.stdout.contains("* \(scc): 日本語（CC）"), "\(captions.stdout)")
    }

    @Test func usageErrorsAndPlaylistDiagnostics() {
        #expect(Run(["tracks"]).status == 2)
        #expect(Run(["tracks", "x.srt", "--prefer", "english please"]).status == 2)
        #expect(Run(["tracks", "x.srt", "--mode", "sometimes"]).status == 2)
        let path = temporaryPath("bad.m3u8")
        writeFile(path, "#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"s\",NAME=\"A\",LANGUAGE=\"en\",DEFAULT=MAYBE,URI=\"a\"\n")
        let run = Run(["tracks", path, "--prefer", "en"])
        #expect(run.stderr.contains("\(path):2:65: warning: DEFAULT must be YES or NO"), "\(run.stderr)")
        #expect(run.stderr.contains("[hls.bad-value]"))
        #expect(Run(["tracks", temporaryPath("missing.m3u8")]).status == 1)
    }
}
