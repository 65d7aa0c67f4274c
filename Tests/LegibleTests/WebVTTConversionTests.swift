import Foundation
import Testing
import TestSupport
import Legible

/// Conversions to WebVTT that must keep what the source meant and stay readable by readers that
/// stop at a `STYLE` or `REGION` block (ffmpeg 5.1), or say what they change.
@Suite struct WebVTTConversionTests {
    static func converted(_ fixture: String, options: WebVTTWriter.Options = .default) throws -> (text: String, diagnostics: [Diagnostic]) {
        let file = try CaptionFile(bytes: Fixtures.bytes(fixture), fileName: fixture)
        let written = WebVTTWriter(options: options).write(file.document)
        return (String(decoding: written.value, as: UTF8.self), written.diagnostics)
    }

    /// The ink of each line drawn at `time`, as (quadrant, top) in a 960×540 frame.
    static func inkedLines(_ track: Track, family: LayoutFamily, at time: MediaTime) throws -> [(quadrant: Int, top: Int)] {
        let options = LayoutOptions(titleSafe: Insets(top: .zero, right: .zero, bottom: .zero, left: .zero))
        let renderer = try CaptionRenderer(track: track, family: family, width: 960, height: 540, options: options)
        return renderer.scene(at: time).lines.compactMap { line in
            guard let first = line.images.first else { return nil }
            let (x0, y0) = (line.images.map(\.x).min() ?? first.x, line.images.map(\.y).min() ?? first.y)
            let x1 = line.images.map { $0.x + $0.width }.max() ?? x0
            let y1 = line.images.map { $0.y + $0.height }.max() ?? y0
            return (((y0 + y1) / 2 >= 270 ? 2 : 0) + ((x0 + x1) / 2 >= 480 ? 1 : 0), y0)
        }.sorted { $0.quadrant < $1.quadrant }
    }

    /// Four EBU-TT-D regions shown at once (top corners `displayAlign="before"`, bottom corners
    /// `after`): written as cue settings that keep each caption in its corner. As WebVTT regions
    /// they sat at their regions' bottoms: the top ones mid-screen, the bottom ones off it.
    @Test func fourRegionsKeepTheirCorners() throws {
        let (text, diagnostics) = try Self.converted("ttml/ebu_tt_d_four_regions.ttml")
        #expect(!text.contains("REGION"))
        // Each paragraph is a cue, with its xml:id.
        #expect(text.contains("""
            p1
            00:00:01.000 --> 00:00:11.000 line:5% position:5%,line-left size:40% align:left
            TOP LEFT

            p2
            00:00:01.000 --> 00:00:11.000 line:5% position:95%,line-right size:40% align:right
            TOP RIGHT

            p3
            00:00:01.000 --> 00:00:11.000 line:95%,end position:5%,line-left size:40% align:left
            BOTTOM LEFT

            p4
            00:00:01.000 --> 00:00:11.000 line:95%,end position:95%,line-right size:40% align:right
            BOTTOM RIGHT
            """), "\(text)")
        let layout = try #require(diagnostics.first { $0.code == .layoutApproximated })
        #expect(layout.severity == .info && layout.message.hasPrefix("4 TTML regions written as cue settings"))

        // Drawn, each line is in its own corner, within 3% of the frame's height of where TTML puts it.
        let ttml = try CaptionFile(bytes: Fixtures.bytes("ttml/ebu_tt_d_four_regions.ttml"))
        let vtt = try CaptionFile(bytes: Array(text.utf8), options: .init(format: .webVTT))
        let at = MediaTime(seconds: 2)
        let source = try Self.inkedLines(#require(ttml.document.tracks.first), family: .ttmlRegions, at: at)
        let written = try Self.inkedLines(#require(vtt.document.tracks.first), family: .cueBoxes, at: at)
        #expect(source.map(\.quadrant) == [0, 1, 2, 3])
        #expect(written.map(\.quadrant) == [0, 1, 2, 3])
        for (a, b) in zip(source, written) {
            #expect(abs(a.top - b.top) <= 16, "quadrant \(a.quadrant): TTML line at y \(a.top), WebVTT at \(b.top)")
        }
    }

    /// SCC's white on opaque black is what WebVTT draws anyway (an 80% opaque black): no `STYLE`
    /// block, and a note saying the background is left to the default.
    @Test func cea608NeedsNoStyleBlock() throws {
        let (text, diagnostics) = try Self.converted("scc/modes.scc")
        #expect(text.hasPrefix("WEBVTT\n\n01:00:04.801 --> "), "\(text)")
        #expect(!text.contains("STYLE") && !text.contains("REGION"))
        let note = try #require(diagnostics.first { $0.code == .styleDropped })
        #expect(note.severity == .info && note.message.contains("background: black (drawn 80% opaque)"))
    }

    /// `<font color>` of one of WebVTT's default colour classes is written as that class, with
    /// no rule; read back, the class gives the colour (W3C WebVTT §7.2.1).
    @Test func defaultColourClassesNeedNoRule() throws {
        let srt = Array("1\n00:00:01,000 --> 00:00:02,000\n<font color=\"#0000ff\">blue</font> and <font color=\"lime\">lime</font>\n".utf8)
        let file = try CaptionFile(bytes: srt, fileName: "colours.srt")
        let text = String(decoding: WebVTTWriter().write(file.document).value, as: UTF8.self)
        #expect(text == "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\n<c.blue>blue</c> and <c.lime>lime</c>\n", "\(text)")
        let again = WebVTTReader().read(Array(text.utf8)).value
        guard case .span(let blue) = again.tracks[0].cues[0].content[0] else {
            Issue.record("a class span expected")
            return
        }
        #expect(blue.style.color == Color(red: 0, green: 0, blue: 255))
    }

    /// TTML states its initial values on every paragraph (no background, the `default` family,
    /// one cell high); an IMSC span on a 75% black background is what WebVTT's backing draws.
    /// None needs a STYLE block (ffmpeg 5.1 reads no cue of a file with one); each is said.
    @Test func ttmlInitialValuesAndTheUsualBackingNeedNoBlock() throws {
        let srt = Array("1\n00:00:01,000 --> 00:00:02,000\nPlain\n".utf8)
        let ttml = try #require(try CaptionFile(bytes: srt, fileName: "a.srt").written(as: .ttml)).value
        let plain = WebVTTWriter().write(try CaptionFile(bytes: ttml, fileName: "a.ttml").document)
        #expect(!String(decoding: plain.value, as: UTF8.self).contains("STYLE"))
        #expect(!plain.diagnostics.isEmpty && plain.diagnostics.allSatisfy { $0.severity == .info }, "said, as notes")
        let (japanese, diagnostics) = try Self.converted("demo/demo.ja.sdh.ttml")
        // What is left is what only CSS can say: tate-chu-yoko.
        #expect(japanese.contains("STYLE\n::cue(.legible-s1) { text-combine-upright: all; }\n\n"), "\(japanese)")
        #expect(diagnostics.contains { $0.message.contains("75%-to-opaque black background") })
    }

    /// TTML's generic families are written as the CSS generics imscJS draws them with, not as
    /// family names no machine has (`"default"`), and `::cue` gets no property it does not allow.
    /// The body's `default` family (TTML's initial value) is left to WebVTT's own default, and said.
    @Test func genericFamiliesAndAllowedProperties() throws {
        let (text, diagnostics) = try Self.converted("ttml/ebu_tt_d_four_regions.ttml")
        // The spans' sans-serif is WebVTT's own family (§7.4): no rule needed for it either.
        #expect(!text.contains("font-family") && !text.contains("monospace"))
        // Other TTML generics are written as CSS's.
        let serif = InlineSpan(.styled, style: StyleProperties(fontFamilies: ["proportionalSerif"]), children: [.text("x")])
        let cue = Cue(start: .zero, end: MediaTime(seconds: 1), content: [.span(serif)])
        let written = String(decoding: WebVTTWriter().write(Track(cues: [cue])).value, as: UTF8.self)
        #expect(written.contains("font-family: serif;"), "\(written)")
        #expect(diagnostics.contains { $0.code == .styleDropped && $0.message.contains("font-family: default") })
        #expect(!text.contains("\"default\"") && !text.contains("text-wrap-mode") && !text.contains("white-space-collapse"))
    }

    /// Asked for no blocks, the file has none, and what only they could say is reported.
    @Test func withoutBlocks() throws {
        let (text, diagnostics) = try Self.converted("ttml/ebu_tt_d_four_regions.ttml", options: .init(writesBlocks: false))
        #expect(!text.contains("STYLE") && !text.contains("REGION") && !text.contains("<c."))
        #expect(text.contains("line:5% position:5%,line-left size:40% align:left\nTOP LEFT\n"))
        #expect(diagnostics.contains { $0.code == .styleDropped && $0.severity == .warning && $0.message.hasPrefix("no STYLE block (asked for): the styles of 4 cues") })

        // A WebVTT region without its block: the cues keep their own settings, said.
        let vtt = "WEBVTT\n\nREGION\nid:r\nwidth:40%\nlines:3\n\n00:00:01.000 --> 00:00:02.000 region:r\nin a region\n"
        let file = try CaptionFile(bytes: Array(vtt.utf8), options: .init(format: .webVTT))
        let written = WebVTTWriter(options: .init(writesBlocks: false)).write(file.document)
        #expect(String(decoding: written.value, as: UTF8.self) == "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nin a region\n")
        #expect(written.diagnostics.map(\.message) == [
            "no REGION block (asked for): 1 cue of 1 region keep their own settings, not the region's place (the first here)",
        ])
    }
}

/// Why one real 788-cue SRT came back from ffmpeg with 787 cues: a cue whose text is only white
/// space is read as a cue with no text and written with an empty payload, which ffmpeg's SRT and
/// WebVTT readers leave out (ffmpeg reading the source keeps it: its line is not empty there).
/// Written, it is kept for readers that keep it, and said.
@Suite struct EmptyCueTests {
    static let srt = Array("1\n00:00:01,000 --> 00:00:02,000\nbefore\n\n2\n00:00:03,000 --> 00:00:04,000\n \n\n3\n00:00:05,000 --> 00:00:06,000\n<i></i>\n\n4\n00:00:07,000 --> 00:00:08,000\nafter\n".utf8)

    @Test(arguments: [CaptionFormat.subRip, .webVTT])
    func emptyCuesAreWrittenAndSaid(_ format: CaptionFormat) throws {
        let file = try CaptionFile(bytes: Self.srt, fileName: "empty.srt")
        let written = try #require(file.written(as: format))
        let note = try #require(written.diagnostics.first { $0.code == .emptyCueWritten })
        #expect(note.severity == .info && note.message.hasPrefix("1 cue has no text; written as empty"))
        #expect(try CaptionFile(bytes: written.value, options: .init(format: format)).document.tracks[0].cues.count == 4)

        // ffmpeg leaves out the empty one (the `<i></i>` one it keeps).
        let directory = try MediaFixtures.directory("empty-cue-\(format.name)")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + (format == .subRip ? "/empty.srt" : "/empty.vtt")
        try MediaFixtures.write(String(decoding: written.value, as: UTF8.self), to: path)
        let read = try MediaFixtures.run(["-v", "error", "-i", path, "-f", "srt", "-"])
        #expect(String(decoding: read, as: UTF8.self).components(separatedBy: " --> ").count - 1 == 3)
    }
}

/// The four-region EBU-TT-D document as SCC: one pop-on caption holding the four, the top ones on
/// top rows and the bottom ones on bottom rows, said; before, each erased the one before it.
@Suite struct SCCConversionTests {
    @Test func fourRegionsShowTogether() throws {
        let file = try CaptionFile(bytes: Fixtures.bytes("ttml/ebu_tt_d_four_regions.ttml"), fileName: "four.ttml")
        let written = try #require(file.written(as: .scc))
        #expect(written.diagnostics.contains { $0.code == .sccSimultaneousCaptions })
        #expect(!written.diagnostics.contains { $0.code == .sccSimultaneousCaptionCut })
        let read = try CaptionFile(bytes: written.value, options: .init(format: .scc)).document.tracks[0].cues
        // Paint-on (41 pairs do not fit in the second before 1 s): the last state holds all four
        // to the end.
        let last = try #require(read.last)
        #expect(last.plainText == "TOP LEFT\nTOP RIGHT\nBOTTOM RIGHT\nBOTTOM LEFT")
        #expect(abs(last.end!.approximateSeconds - 11) < 0.05)
        let tracks = try CaptionFile(bytes: written.value, options: .init(format: .scc))
        let at5 = tracks.document.tracks[0].cues.filter { $0.start.approximateSeconds <= 5 && ($0.end?.approximateSeconds ?? 99) > 5 }
        #expect(at5.count == 1)
    }
}

/// The four-region document as SRT and ASS: each cue at the `{\an}` of its corner, and TTML's
/// generic families as the CSS generics fontconfig knows (not `proportionalSansSerif`).
@Suite struct RegionCornersInOtherFormatsTests {
    @Test func srtAndASSKeepTheCorners() throws {
        let file = try CaptionFile(bytes: Fixtures.bytes("ttml/ebu_tt_d_four_regions.ttml"), fileName: "four.ttml")
        let srt = String(decoding: try #require(file.written(as: .subRip)).value, as: UTF8.self)
        #expect(["{\\an7}", "{\\an9}", "{\\an1}", "{\\an3}"].allSatisfy { srt.contains($0) }, "\(srt)")
        #expect(srt.contains("<font face=\"sans-serif\">TOP LEFT</font>") && !srt.contains("proportionalSansSerif"))
        let ass = String(decoding: try #require(file.written(as: .substationAlpha)).value, as: UTF8.self)
        #expect(["\\an7", "\\an9", "\\an1", "\\an3"].allSatisfy { ass.contains($0) })
        #expect(ass.contains("\\fnsans-serif") && !ass.contains("\\fnproportionalSansSerif") && !ass.contains("\\fndefault"))
    }
}
