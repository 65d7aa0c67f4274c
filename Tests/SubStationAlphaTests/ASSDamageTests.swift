import Testing
import SubStationAlpha
import TextScanning
import TimedText
import TestSupport

/// Real-world damage: each repaired or skipped thing has its diagnostic at its line:column, and
/// the rest of the script still reads.
@Suite struct ASSDamageTests {
    @Test func brokenScriptReportsEachDamageWhereItIs() {
        let result = readFixture("ass/broken.ass")
        func at(_ code: String) -> [String] {
            result.diagnostics.filter { $0.code.rawValue == code }.map { $0.location?.description ?? "-" }
        }
        #expect(at("ass.stray-line") == ["1:1"])
        #expect(at("ass.missing-script-info") == [])
        #expect(at("ass.bad-value").first == "4:1")          // PlayResX: wide
        #expect(at("ass.version-mismatch") == ["7:1"])       // [V4 Styles] in a v4.00+ script
        #expect(at("ass.missing-format") == ["8:1", "14:1"]) // a Style and a Dialogue before their Format lines
        #expect(at("ass.missing-fields") == ["9:8", "23:11"])
        #expect(at("ass.late-format") == ["10:9", "15:9"])
        #expect(at("ass.bad-timestamp") == ["16:13"])
        #expect(at("ass.negative-time") == ["17:13"])
        #expect(at("ass.end-before-start") == ["18:11"])
        #expect(at("ass.unknown-style") == ["19:1"])
        #expect(at("ass.unclosed-override") == ["20:60"])
        #expect(at("ass.stray-brace") == ["21:57"])
        #expect(at("ass.unknown-tag") == ["22:52"])
        #expect(at("ass.fraction-digits") == ["24:24"])
        #expect(at("ass.unsupported-event") == ["25:1"])
        #expect(at("ass.duplicate-section") == ["27:1"])
        // The bad colour of the second Default style falls back; that style wins over the first.
        #expect(result.value.script.styles.filter { $0.name == "Default" }.last?.fontSize == Fraction(44))
        let cues = result.value.document.tracks[0].cues
        #expect(cues.map(\.plainText) == [
            "Negative start", "Before the Format line", "Ends before it starts", "Unknown style", "Unclosed {\\i1 brace",
            "Stray } brace", "Unknown tag", "One fraction digit", "In a second [Events]",
        ])
        #expect(cues[0].start == .zero)
        #expect(cues[7].end == centiseconds(1650))
        #expect(!result.value.script.events.isEmpty)
    }

    /// Minutes or seconds of 60 and more count on, as libass reads them (each field an integer).
    @Test func outOfRangeMinutesAndSecondsCountOn() {
        let script = "[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:75.00,0:61:00.50,Default,,0,0,0,,Late\n"
        let result = SubStationAlphaReader().readFile(SourceText(bytes: Array(script.utf8)))
        let cue = result.value.document.tracks[0].cues[0]
        #expect(cue.start == MediaTime(seconds: 75))
        #expect(cue.end == centiseconds(366_050))
        #expect(result.diagnostics.filter { $0.code.rawValue == "ass.time-out-of-range" }.map { $0.location?.description ?? "-" } == ["6:13", "6:24"])
    }

    @Test func textWithoutEventsIsAnError() {
        let result = readFixture("ass-bad/no_events_section.ass")
        #expect(result.hasErrors)
        #expect(codes(result.diagnostics).contains("ass.no-events"))
        #expect(result.value.document.tracks[0].cues.isEmpty)
    }

    @Test func everyBadInputReadsWithoutCrashingAndWritesBackAsItself() {
        let names = Fixtures.list("ass-bad")
        #expect(names.count >= 8)
        for name in names {
            let result = readFixture("ass-bad/\(name)")
            let file = result.value
            let written = SubStationAlphaWriter(options: .init(script: file.script)).write(file.document).value
            #expect(written == file.script.sourceText, "\(name) did not write back as itself")
            // A fresh script from what was read reads again to the same cue texts.
            let fresh = SubStationAlphaWriter().write(file.document).value
            let again = SubStationAlphaReader().readFile(SourceText(bytes: fresh)).value
            #expect(again.document.tracks[0].cues.map { unbraced($0.plainText) } == file.document.tracks[0].cues.map(\.plainText), "\(name)")
        }
    }

    @Test func extremeValuesAreClampedNotTrapped() {
        let result = readFixture("ass-bad/extreme_values.ass")
        #expect(result.value.script.events.count <= 1)
        let braces = readFixture("ass-bad/braces_and_backslashes.ass")
        #expect(braces.value.document.tracks[0].cues.count == 3)
        #expect(codes(braces.diagnostics).contains("ass.unclosed-override"))
        #expect(codes(braces.diagnostics).contains("ass.stray-brace"))
    }

    @Test func attachmentDamage() {
        let result = readFixture("ass-bad/bad_uuencode.ass")
        #expect(codes(result.diagnostics).filter { $0 == "ass.bad-attachment" }.count == 3)
        #expect(result.value.script.attachments.map(\.name) == ["c.png"])
    }
}
