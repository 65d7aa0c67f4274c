import Testing
@testable import SubStationAlpha
import TextScanning
import TimedText

/// `SubStationAlphaReader.Options.eventsFromContainer`: a stream ffmpeg took out of a container
/// has its events in Matroska's order (`Layer, Start, End, Style, Name, MarginL, MarginR, MarginV,
/// Effect, Text`) whatever its header's Format line says.
@Suite struct ASSContainerEventOrderTests {
    static let container = SubStationAlphaReader(options: .init(eventsFromContainer: true))

    static func script(format: String, events: [String], version: String = "v4.00+") -> SourceText {
        SourceText("[Script Info]\nScriptType: \(version)\n\n[Events]\nFormat: \(format)\n" + events.map { $0 + "\n" }.joined())
    }

    /// What ffmpeg gives for a script mkvmerge muxed from `Format: Layer, Start, End, Style, Name, Text`.
    static let extracted = script(format: "Layer, Start, End, Style, Name, Text", events: [
        "Dialogue: 0,0:00:01.00,0:00:02.50,Default,,,,,,This is the first subtitle.",
        "Dialogue: 1,0:00:03.00,0:00:04.00,Default,Bob,0,10,0,Banner;5,Second, with commas.",
    ])

    @Test func eventsAreReadInMatroskasOrder() throws {
        let result = Self.container.readFile(Self.extracted)
        let events = result.value.script.events
        #expect(events.map(\.text) == ["This is the first subtitle.", "Second, with commas."])
        #expect(events[1].name == "Bob" && events[1].marginRight == 10 && events[1].effect == "Banner;5" && events[1].layer == 1)
        #expect(result.value.document.tracks[0].cues.map(\.plainText) == ["This is the first subtitle.", "Second, with commas."])
        let warning = try #require(result.diagnostics.first { $0.code == .assContainerEventOrder })
        #expect(warning.severity == .warning)
        #expect(warning.location == SourceLocation(line: 5, column: 9))
        #expect(warning.message.contains("all 2 event lines have that order's fields: read in that order"), "\(warning.message)")
        // The script libass draws names the columns its events have.
        let drawn = String(decoding: result.value.script.rendererText, as: UTF8.self)
        #expect(drawn.contains("Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,"))
        // Written back as ASS, unchanged or with an event changed, the Format line is the one
        // its events follow.
        let file = result.value
        let same = String(decoding: SubStationAlphaWriter(options: .init(script: file.script)).write(file.document).value, as: UTF8.self)
        #expect(same == drawn)
        var changed = file.document
        changed.tracks[0].cues[0].end = MediaTime(seconds: 3)
        let rewritten = String(decoding: SubStationAlphaWriter(options: .init(script: file.script)).write(changed).value, as: UTF8.self)
        #expect(rewritten.contains("Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"))
        let again = SubStationAlphaReader().readFile(SourceText(rewritten)).value.document.tracks[0].cues
        #expect(again.map(\.plainText) == ["This is the first subtitle.", "Second, with commas."] && again[0].end == MediaTime(seconds: 3))
    }

    /// A script file is read by its Format line, as it says.
    @Test func aFileIsReadByItsFormatLine() {
        let result = SubStationAlphaReader().readFile(Self.extracted)
        #expect(result.value.script.events.first?.text == ",,,,This is the first subtitle.")
        #expect(!result.diagnostics.contains { $0.code == .assContainerEventOrder })
    }

    /// Lines that do not have the standard order's fields (a stream ffmpeg muxed from a script as
    /// written) are read by the Format line, and that is said.
    @Test func linesThatDoNotFitTheStandardOrderFollowTheFormatLine() throws {
        let result = Self.container.readFile(Self.script(format: "Layer, Start, End, Style, Name, Text", events: [
            "Dialogue: 0,0:00:01.00,0:00:02.50,Default,,Hello, world, how are you",
            "Dialogue: 0,0:00:03.00,0:00:04.00,Default,,,,,,Fits both",
        ]))
        #expect(result.value.script.events.map(\.text) == ["Hello, world, how are you", ",,,,Fits both"])
        let note = try #require(result.diagnostics.first { $0.code == .assContainerEventOrder })
        #expect(note.severity == .info)
        #expect(note.message.contains("1 of 2 event lines do not have that order's fields"))
        #expect(result.value.script.rendererText == Self.script(format: "Layer, Start, End, Style, Name, Text", events: [
            "Dialogue: 0,0:00:01.00,0:00:02.50,Default,,Hello, world, how are you",
            "Dialogue: 0,0:00:03.00,0:00:04.00,Default,,,,,,Fits both",
        ]).bytes)
    }

    /// The standard Format line (or its SSA form, `Actor` for `Name`) says nothing more.
    @Test func standardFormatLinesAreReadAsTheySay() {
        for (format, version) in [("Layer, Start, End, Style, Actor, MarginL, MarginR, MarginV, Effect, Text", "v4.00+"),
                                  ("Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text", "v4.00")] {
            let result = Self.container.readFile(Self.script(format: format, events: ["Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,Text"], version: version))
            #expect(result.value.script.events.first?.text == "Text")
            #expect(!result.diagnostics.contains { $0.code == .assContainerEventOrder }, "\(format)")
        }
    }

    /// SSA: ffmpeg writes `Marked=N` first.
    @Test func ssaStreams() {
        let result = Self.container.readFile(Self.script(format: "Marked, Start, End, Style, Text", events: [
            "Dialogue: Marked=0,0:00:01.00,0:00:02.50,Default,,0000,0000,0000,,Old SSA line.",
        ], version: "v4.00"))
        #expect(result.value.script.events.first?.text == "Old SSA line.")
        #expect(String(decoding: result.value.script.rendererText, as: UTF8.self)
            .contains("Format: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"))
    }
}
