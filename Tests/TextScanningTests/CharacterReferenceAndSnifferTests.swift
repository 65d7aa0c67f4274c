import Testing
import TestSupport
@testable import TextScanning
import TimedText

@Suite struct CharacterReferenceTests {
    func decode(_ s: String) -> (String, Int)? {
        let bytes = Array(s.utf8)
        return bytes.withUnsafeBufferPointer { CharacterReferences.decode($0, at: 0) }
    }

    @Test func namedReferencesFromTheFullHTMLTable() {
        #expect(decode("&amp;")! == ("&", 5))
        #expect(decode("&eacute;x")! == ("é", 8))
        #expect(decode("&NotEqualTilde;")!.0 == "\u{2242}\u{0338}")   // two code points
        #expect(decode("&CounterClockwiseContourIntegral;")!.0 == "\u{2233}")
        #expect(decode("&nosuchname;") == nil)
        #expect(decode("&amp") == nil, "SRT needs the semicolon")
    }

    @Test func numericReferences() {
        #expect(decode("&#233;")!.0 == "é")
        #expect(decode("&#xE9;")!.0 == "é")
        #expect(decode("&#X1F600;")!.0 == "😀")
        #expect(decode("&#0;")!.0 == "\u{FFFD}")
        #expect(decode("&#xD800;")!.0 == "\u{FFFD}")
        #expect(decode("&#x110000;")!.0 == "\u{FFFD}")
        #expect(decode("&#150;")!.0 == "\u{2013}", "C1 references map through windows-1252")
        #expect(decode("&#;") == nil)
    }
}

@Suite struct FormatSnifferTests {
    @Test func contentFirst() {
        #expect(FormatSniffer.byContent(Array("WEBVTT\n\n".utf8)) == .webVTT)
        #expect(FormatSniffer.byContent(Array("\n  <?xml version=\"1.0\"?><tt/>".utf8)) == .ttml)
        #expect(FormatSniffer.byContent(Array("Scenarist_SCC V1.0\n".utf8)) == .scc)
        #expect(FormatSniffer.byContent(Array("[Script Info]\n".utf8)) == .substationAlpha)
        #expect(FormatSniffer.byContent(Array("1\n00:00:01,000 --> 00:00:02,000\nHi\n".utf8)) == .subRip)
        #expect(FormatSniffer.byContent(Array("just prose\n".utf8)) == nil)
        // Content beats the extension.
        let srt = SourceText("1\n0:00:01.000-->0:00:02.000\nHi\n")
        #expect(FormatSniffer.detect(srt, fileName: "movie.vtt") == .subRip)
    }

    @Test func extensionSecond() {
        #expect(FormatSniffer.byExtension("a/b/movie.en.SRT") == .subRip)
        #expect(FormatSniffer.byExtension("x.dfxp") == .ttml)
        #expect(FormatSniffer.byExtension("x.vtt") == .webVTT)
        #expect(FormatSniffer.byExtension("dir.v/noext") == nil)
        #expect(FormatSniffer.detect(SourceText("no cues"), fileName: "x.scc") == .scc)
    }
}
