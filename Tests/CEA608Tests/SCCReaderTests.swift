import Testing
import TextScanning
import TimedText
@testable import CEA608

@Suite struct SCCReaderTests {
    @Test func timecodesCountFramesAt29_97() throws {
        func frame(_ text: String) throws -> Int64 {
            let (timecode, length) = try #require(SCCTimecode.parse(Array(text.utf8)))
            #expect(length == text.utf8.count)
            #expect(timecode.description == text)
            return timecode.frameNumber
        }
        #expect(try frame("00:00:01:00") == 30)
        #expect(try frame("01:00:00:00") == 108_000)
        #expect(try frame("00:01:00;02") == 1800, "drop-frame skips ;00 and ;01 after each minute")
        #expect(try frame("00:10:00;00") == 17_982, "but not after each tenth minute")
        #expect(try frame("01:00:00;00") == 107_892)
        #expect(try frame("10:01:44;17") == 1_082_055)
        #expect(SCCTimecode.time(ofFrame: 30) == MediaTime(value: 1001, timescale: 1000))
        #expect(SCCTimecode.parse(Array("1:2:3:4".utf8)) == nil)
        #expect(SCCTimecode.parse(Array("1234567:00:00:00".utf8)) == nil, "hours are at most 6 digits")
        #expect(SCCTimecode(hours: 0, minutes: 1, seconds: 0, frames: 0, isDropFrame: true).isValid == false)
    }

    /// An SCC file lists line 21's frames: a code repeated after a frame of padding (a `8080` word,
    /// or a gap between lines) did not come in the next frame, so it is a new command, as it was
    /// before cc_data's padding stopped counting (CEA608Decoder.Options.paddingEndsRedundancy).
    @Test func aRepeatAfterPaddingOrAGapIsANewCommand() throws {
        let scc = """
        Scenarist_SCC V1.0

        00:00:01:00\t9420 9420 9470 9470 c849 942f 8080 942f

        00:00:03:00\t9420 9420 9470 9470 cfcb 942f

        00:00:03:10\t942f

        """
        let file = SCCReader().readFile(SourceText(scc)).value
        let cues = try #require(file.document.tracks.first?.cues)
        #expect(cues.map(\.plainText) == ["HI", "OK"])
        #expect(cues.map(\.start) == [SCCTimecode.time(ofFrame: 35), SCCTimecode.time(ofFrame: 95)])
        #expect(cues.map(\.end) == [SCCTimecode.time(ofFrame: 37), SCCTimecode.time(ofFrame: 100)])
    }

    @Test func readsOneTrackPerChannelWithExactTimes() throws {
        let scc = """
        Scenarist_SCC V1.0

        00:00:01;00\t9420 9420 9470 9470 c849 942f 942f

        00:00:02;00\t1c20 1c20 1c70 1c70 4f4c c180 c1 1c2f 1c2f

        00:00:03;00\t942c 942c 1c2c 1c2c

        """
        let result = SCCReader().readFile(SourceText(scc))
        let file = result.value
        #expect(file.document.format == .scc)
        #expect(file.document.tracks.map(\.id) == ["CC1", "CC2"])
        #expect(file.document.tracks.allSatisfy { $0.kind == .captions })
        let cc1 = file.document.tracks[0].cues
        #expect(cc1.map(\.plainText) == ["HI"])
        #expect(cc1.first?.start == SCCTimecode.time(ofFrame: 35))
        #expect(cc1.first?.end == SCCTimecode.time(ofFrame: 90))
        #expect(cc1.first?.source == SourceLocation(line: 3, column: 38))
        let cc2 = file.document.tracks[1].cues
        #expect(cc2.map(\.plainText) == ["OLA"])
        #expect(cc2.first?.start == SCCTimecode.time(ofFrame: 66))
        #expect(cc2.first?.end == SCCTimecode.time(ofFrame: 92))
        #expect(file.cueValues[1].first == CEA608CueValues(channel: .cc2, mode: .popOn,
                                                            rows: [.init(row: 15, column: 0, text: "OLA")]))
        // `c1` is not a pair: skipped, with a diagnostic.
        #expect(result.diagnostics.map(\.code) == [.sccBadWord])
        #expect(result.diagnostics.first?.location == SourceLocation(line: 5, column: 43))
    }

    /// Words that are not four hex digits are each reported as written, whatever follows them
    /// (the scanner reads a four-digit word and its separator in one step), and take no frame.
    @Test func badWordsAreReportedAsWritten() {
        let text = "Scenarist_SCC V1.0\n\n00:00:00:00\t9420 94d  9470 94ae94ae 9g20 c845 4c4c 4f80 942f\n"
        let result = SCCReader().readFile(SourceText(text))
        let messages = result.diagnostics.filter { $0.code == .sccBadWord }.map(\.message)
        #expect(messages.count == 3)
        #expect(messages.allSatisfy { $0.hasSuffix("is not a byte pair (four hexadecimal digits); skipped") })
        #expect(messages.map { $0.split(separator: "'")[0] } == ["94d", "94ae94ae", "9g20"])
        #expect(result.diagnostics.filter { $0.code == .sccBadWord }.map { $0.location?.column }
                    == [18, 28, 37])
        let cues = result.value.document.tracks[0].cues
        #expect(cues.map(\.plainText) == ["HELLO"])
        // Six pairs from frame 0: the EOC is the sixth, at frame 5.
        #expect(cues.first?.start == SCCTimecode.time(ofFrame: 5))
    }

    @Test func missingHeaderIsReportedAndTheFileReadAllTheSame() {
        let result = SCCReader().read(Array("00:00:00:00\t9420 9470 c845 4c4c 4f80 942f\n".utf8))
        #expect(result.diagnostics.map(\.code) == [.sccMissingHeader])
        #expect(result.value.tracks.first?.cues.map(\.plainText) == ["HELLO"])
    }

    @Test func aFileThatShowsNothingHasAnEmptyCC1Track() {
        let result = SCCReader().read(SourceText("Scenarist_SCC V1.0\n\n00:00:00:00\t9420 c8c9\n"))
        #expect(result.value.tracks.map(\.id) == ["CC1"])
        #expect(result.value.tracks.first?.cues.isEmpty == true)
    }

    @Test func badInputIsReportedNeverFatal() {
        let scc = """
        "Scenarist_SCC V1.0
        00:00:01:00\t9420 94zz 942 94200 9470 c8e9 942f 942f
        hello world
        99999999:00:00:00\t9420
        999999:59:59:29\t942c
        00:00:00:00\t9420 9470 4849 942f
        00:00:75:40\t942c
        00:01:00;00 942c
        00:02:00:00\t\u{1}\u{FF}ÿ 0x94 🎉
        """
        let result = SCCReader().read(SourceText(scc))
        let codes = Set(result.diagnostics.map(\.code))
        for code: DiagnosticCode in [.sccBadHeader, .sccBadWord, .sccBadLine, .sccOutOfOrder, .sccBadTimecode, .sccMissingTab] {
            #expect(codes.contains(code), "\(code)")
        }
        #expect(result.diagnostics.contains { $0.code == .sccBadWord && $0.location == SourceLocation(line: 2, column: 18) })
        #expect(result.diagnostics.contains { $0.code == .sccBadLine && $0.location == SourceLocation(line: 3, column: 1) })
        #expect(result.value.tracks.first?.cues.first?.plainText == "Hi")
    }

    @Test func randomBytesNeverCrash() {
        var seed: UInt64 = 0x5EED
        func next() -> UInt64 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return seed >> 33
        }
        let alphabet = Array("0123456789abcdefABCDEF:; \t\n9480".utf8)
        for round in 0..<200 {
            var bytes = Array("Scenarist_SCC V1.0\n\n".utf8)
            for _ in 0..<(Int(next() % 2000)) {
                bytes.append(round % 2 == 0 ? alphabet[Int(next() % UInt64(alphabet.count))] : UInt8(truncatingIfNeeded: next()))
            }
            _ = SCCReader(options: .init(stuckCaptionTimeout: MediaTime(seconds: 16))).read(bytes)
            _ = SCCDisassembler.disassemble(SourceDecoder.decode(bytes).value)
            var decoder = CEA608Decoder(channel: round % 4 == 0 ? .cc3 : .cc1)
            for i in 0..<500 {
                decoder.feed(UInt8(truncatingIfNeeded: next()), UInt8(truncatingIfNeeded: next()),
                             at: SCCTimecode.time(ofFrame: Int64(i) - Int64(next() % 3)))
            }
            decoder.finish()
        }
    }

    @Test func disassemblyNotation() {
        #expect(SCCDisassembler.notation(0x94, 0x20) == "{RCL}")
        #expect(SCCDisassembler.notation(0x80, 0x80) == "{}")
        #expect(SCCDisassembler.notation(0x94, 0xF2) == "{1504}")
        #expect(SCCDisassembler.notation(0x94, 0x73) == "{1504}", "the underline bit of a PAC is not shown")
        #expect(SCCDisassembler.notation(0x96, 0xC8) == "{07R}")
        #expect(SCCDisassembler.notation(0x94, 0x6E) == "{15WhI}")
        #expect(SCCDisassembler.notation(0x91, 0xAE) == "{I}")
        #expect(SCCDisassembler.notation(0x91, 0x2F) == "{IU}")
        #expect(SCCDisassembler.notation(0x91, 0x20) == "{Wh}")
        #expect(SCCDisassembler.notation(0x10, 0x2D) == "{BMaS}")
        #expect(SCCDisassembler.notation(0x97, 0xAD) == "{BT}")
        #expect(SCCDisassembler.notation(0x97, 0xA2) == "{TO2}")
        #expect(SCCDisassembler.notation(0x91, 0x37) == "♪")
        #expect(SCCDisassembler.notation(0x92, 0x2A) == "—")
        #expect(SCCDisassembler.notation(0xC1, 0x80) == "A")
        #expect(SCCDisassembler.notation(0x10, 0xE0) == "{?1060}")
        #expect(SCCDisassembler.notation(0x1C, 0x20, options: .init(showsChannels: true)) == "{CC2|RCL}")
        #expect(SCCDisassembler.notation(0x15, 0x2C, options: .init(showsChannels: true, field: 2)) == "{CC3|EDM}")
        let text = "Scenarist_SCC V1.0\n\n00:00:00;01\t9420 9420 c845 d92c\nnot a line\n"
        #expect(SCCDisassembler.disassemble(text) == "00:00:00;01\t{RCL}{RCL}HEY,\n")
    }
}
