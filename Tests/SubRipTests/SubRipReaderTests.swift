import Testing
import TestSupport
@testable import SubRip
import TextScanning
import TimedText

/// One test per kind of damage real SRT files have; each reads a fixture from Fixtures/srt.
@Suite struct SubRipReaderTests {
    func read(_ fixture: String) -> ParseResult<Document> {
        SubRipReader().read(Fixtures.bytes("srt/\(fixture)"))
    }

    func cues(_ result: ParseResult<Document>) -> [Cue] { result.value.tracks[0].cues }
    func codes(_ result: ParseResult<Document>) -> [DiagnosticCode] { result.diagnostics.map(\.code) }
    func ms(_ value: Int64) -> MediaTime { MediaTime(milliseconds: value) }

    @Test func typicalFile() {
        let r = read("typical.srt")
        #expect(r.diagnostics.isEmpty)
        #expect(r.value.format == .subRip && r.value.encoding == "UTF-8")
        let c = cues(r)
        #expect(c.map(\.id) == ["1", "2"])
        #expect(c[0].start == ms(1000) && c[0].end == ms(2500))
        #expect(c[1].content == [.span(InlineSpan(.italic, children: [.text("Two")])), .text(" lines"), .lineBreak, .text("of text.")])
        #expect(c[1].source == SourceLocation(line: 5, column: 1))
    }

    @Test func missingIndex() {
        let r = read("missing_index.srt")
        #expect(cues(r).map(\.plainText) == ["No index here.", "Nor here."])
        #expect(cues(r).allSatisfy { $0.id == nil })
        #expect(codes(r) == [.missingIndex, .missingIndex])
        #expect(r.diagnostics[1].location == SourceLocation(line: 4, column: 1))
    }

    @Test func nonNumericIndexIsKeptAsTheId() {
        let r = read("non_numeric_index.srt")
        #expect(cues(r).map(\.id) == ["intro", "#2"])
        #expect(codes(r) == [.nonNumericIndex, .nonNumericIndex])
    }

    @Test func missingBlankLinesBetweenCues() {
        let r = read("missing_blank_lines.srt")
        #expect(cues(r).map(\.plainText) == ["First.", "Second.", "Third, without index or blank."])
        #expect(cues(r).map(\.id) == ["1", "2", nil])
        #expect(codes(r).filter { $0 == .missingBlankLine }.count == 2)
    }

    @Test func runsOfBlankLines() {
        let r = read("blank_line_runs.srt")
        #expect(cues(r).map(\.plainText) == ["After leading blanks.", "After a run of blanks."])
        #expect(r.diagnostics.isEmpty)
    }

    @Test func whitespaceOnlyLinesSeparateCues() {
        let r = read("whitespace_only_lines.srt")
        #expect(cues(r).map(\.plainText) == ["First.", "Second.", "Third."])
        #expect(r.diagnostics.isEmpty)
    }

    @Test func dotOrColonBeforeMilliseconds() {
        let r = read("dot_separator.srt")
        #expect(cues(r).map(\.start) == [ms(1000), ms(3000)])
        #expect(cues(r)[0].end == ms(2500))
        #expect(codes(r) == [.fractionSeparator, .fractionSeparator, .fractionSeparator])
    }

    @Test func oneAndThreeDigitHours() {
        let r = read("hour_digits.srt")
        #expect(cues(r)[0].start == ms(1000))
        #expect(cues(r)[1].start == MediaTime(seconds: 100 * 3600 + 3))
        // One digit is reported; three digits for 100 hours are what the value needs.
        #expect(codes(r).allSatisfy { $0 == .nonstandardHours } && r.diagnostics.count == 2)
        #expect(r.diagnostics.allSatisfy { $0.location?.line == 2 })
    }

    @Test func spacesAroundTheArrowOrNone() {
        let r = read("arrow_spacing.srt")
        #expect(cues(r).map(\.end) == [ms(2000), ms(4000), ms(6000)])
        #expect(r.diagnostics.isEmpty)
    }

    @Test func textAfterTheEndTimeIsIgnoredWithAWarning() {
        let r = read("text_after_end_time.srt")
        #expect(cues(r).count == 2 && cues(r)[0].end == ms(2000))
        #expect(codes(r) == [.timingTrailingText])
        #expect(r.diagnostics[0].location == SourceLocation(line: 2, column: 31))
    }

    @Test func coordinatesBecomeACueBox() {
        let r = read("coordinates.srt")
        let box = cues(r)[0].layout.box
        #expect(box == Box(x: Fraction(100, 720), y: Fraction(380, 480), width: Fraction(520, 720), height: Fraction(60, 480)))
        #expect(codes(r) == [.coordinates])
    }

    @Test func tagsNestedUnclosedMisnestedAndUnknown() {
        let r = read("tags.srt")
        let c = cues(r)
        #expect(c[0].content == [
            .span(InlineSpan(.italic, children: [.text("italic "), .span(InlineSpan(.bold, children: [.text("bold-italic")]))])),
            .text(" "),
            .span(InlineSpan(.underline, children: [.text("under")])),
        ])
        guard case .span(let yellow) = c[1].content[0], case .span(let red) = c[1].content[2] else {
            Issue.record("font spans missing: \(c[1].content)")
            return
        }
        #expect(yellow.style.color == Color(red: 255, green: 255, blue: 0))
        #expect(yellow.style.fontFamilies == ["Arial"])
        #expect(yellow.style.fontSize == .pixels(Fraction(28)))
        #expect(red.style.color == Color(red: 255, green: 0, blue: 0))
        // Unclosed across lines: closed at the end of the cue, the line break inside.
        #expect(c[2].content == [.span(InlineSpan(.italic, children: [.text("never closed"), .lineBreak, .text("across lines")]))])
        #expect(c[3].plainText == "misnested and stray")
        #expect(c[4].plainText == "unknown a < b <3")
        #expect(codes(r).contains(.unclosedTag) && codes(r).contains(.unmatchedCloseTag) && codes(r).contains(.unknownTag))
    }

    @Test func anPositionsAndOtherOverrides() {
        let r = read("an_positions.srt")
        let c = cues(r)
        for n in 1...9 {
            #expect(SubRipAlignment.numpad(of: c[n - 1].layout) == n, "cue \(n)")
            #expect(c[n - 1].plainText == "Position \(n)")
        }
        #expect(c[1].layout == .default)
        #expect(c[7].layout.line == .fraction(.zero) && c[7].layout.textAlignment == .center)
        #expect(c[8].layout.position == .one && c[8].layout.textAlignment == .right)
        #expect(SubRipAlignment.numpad(of: c[9].layout) == 8, "legacy {\\a6} is top centre")
        #expect(c[10].content == [.span(InlineSpan(.italic, children: [.text("Stripped overrides")])), .text(" {not an override}")])
        #expect(codes(r) == [.overrideStripped])
        #expect(r.diagnostics[0].message.contains("\\pos(10,20)\\fs30"))
    }

    @Test func htmlEntities() {
        let c = cues(read("entities.srt"))
        #expect(c[0].plainText == "Tom & Jerry <3 été é ☺ ©")
        #expect(c[1].plainText == "AT&T &unknown; \u{FFFD} \u{00A0}x")
    }

    @Test func endBeforeStartIsKept() {
        let r = read("end_before_start.srt")
        #expect(cues(r).count == 2)
        #expect(cues(r)[0].start == ms(5000) && cues(r)[0].end == ms(2000))
        #expect(codes(r) == [.endBeforeStart])
    }

    @Test func fileWithoutFinalNewline() {
        let r = read("no_final_newline.srt")
        #expect(cues(r).map(\.plainText) == ["No newline at the end."])
        #expect(r.diagnostics.isEmpty)
    }

    @Test func lastCueWithoutText() {
        let r = read("last_cue_without_text.srt")
        #expect(cues(r).count == 2 && cues(r)[1].content.isEmpty && cues(r)[1].end == ms(4000))
        #expect(codes(r) == [.emptyCue])
    }

    @Test(arguments: ["crlf.srt", "cr_only.srt", "utf8_bom.srt", "utf16le_bom.srt", "utf16be_bom.srt",
                      "utf32le_bom.srt", "utf32be_bom.srt"])
    func lineEndsAndByteOrderMarks(_ fixture: String) {
        let r = read(fixture)
        #expect(!cues(r).isEmpty && cues(r)[0].start == ms(1000) && cues(r)[0].end == ms(2000))
        #expect(!cues(r)[0].plainText.contains("\r") && !cues(r)[0].plainText.hasPrefix("\u{FEFF}"))
        #expect(r.diagnostics.isEmpty)
    }

    @Test func textAfterABlankLineJoinsThePreviousCue() {
        let r = read("text_after_blank_line.srt")
        #expect(cues(r).map(\.plainText) == ["First line.\nSecond paragraph of the same cue.", "Next."])
        #expect(codes(r) == [.textAfterBlankLine])
    }

    @Test func badTimestampSkipsOnlyThatCue() {
        let r = read("bad_timestamp.srt")
        #expect(cues(r).map(\.plainText) == ["Kept."])
        #expect(codes(r) == [.strayText, .badTimestamp])
        #expect(r.diagnostics[1].severity == .error && r.diagnostics[1].location?.line == 4)
    }

    @Test func outOfOrderCuesAreSorted() {
        let r = read("out_of_order.srt")
        #expect(cues(r).map(\.id) == ["1", "2"])
        #expect(codes(r) == [.outOfOrder])
    }

    @Test func nulAndInvalidUTF8() {
        let r = read("nul_and_invalid_utf8.srt")
        #expect(r.value.encoding == "UTF-8")
        #expect(cues(r)[0].plainText.hasPrefix("NUL\u{FFFD}here and bad \u{FFFD}\u{FFFD} bytes, a cut \u{FFFD} sequence"))
        #expect(codes(r).filter { $0 == .invalidUTF8 }.count == 3 && codes(r).contains(.nulCharacter))
    }

    @Test func emptyFileAndProse() {
        let empty = read("empty.srt")
        #expect(cues(empty).isEmpty && !empty.hasErrors && codes(empty) == [.emptyFile])
        let prose = read("not_srt.txt")
        #expect(cues(prose).isEmpty && prose.hasErrors)
    }

    @Test func fractionsBeyondMillisecondsStayExact() {
        let r = SubRipReader().read(SourceText("1\n00:00:01,0005 --> 00:00:02,5\nx\n"))
        #expect(cues(r)[0].start == MediaTime(value: 10005, timescale: 10000))
        #expect(cues(r)[0].end == ms(2500))
    }

    @Test func minutesSecondsOnlyAndColonMilliseconds() {
        let r = SubRipReader().read(SourceText("1\n01:02,500 --> 01:03,000\nshort form\n"))
        #expect(cues(r)[0].start == ms(62500))
        #expect(codes(r).contains(.missingHours))
    }
}

/// Inputs the fuzzer found; each once crashed the reader.
@Suite struct SubRipFuzzRegressionTests {
    @Test func hugeTimestampFieldsAreMalformedNotOverflow() {
        let r = SubRipReader().read(SourceText("1\n999999999999:999999999999:999999999999,999999999 --> 00:00:01,000\nx\n\n2\n00:00:02,000 --> 00:00:03,000\ny\n"))
        #expect(r.value.tracks[0].cues.map(\.plainText) == ["y"])
        #expect(r.diagnostics.contains { $0.code == .badTimestamp })
    }
}

/// Every file in Fixtures/srt-bad (inputs that once crashed or hung a reader) reads, writes and
/// reads again without trapping.
@Suite struct SubRipBadInputCorpusTests {
    @Test(arguments: Fixtures.list("srt-bad"))
    func survives(_ name: String) {
        let result = SubRipReader().read(Fixtures.bytes("srt-bad/\(name)"))
        let again = SubRipReader().read(SubRipWriter().write(result.value).value)
        #expect(again.value.tracks[0].cues.count == result.value.tracks[0].cues.count)
    }
}

/// Large texts are read in pieces on all cores; the pieces must give exactly what one reader
/// gives, damage and diagnostics included.
@Suite struct SubRipParallelReadTests {
    @Test func piecesReadLikeOneReader() {
        var text = ""
        // Every damage fixture, over and over, renumbered into one long file.
        let fixtures = Fixtures.list("srt").filter { $0.hasSuffix(".srt") && !$0.hasPrefix("utf16") && !$0.hasPrefix("utf32") }
        var round = 0
        while text.utf8.count < 600_000 {
            for name in fixtures {
                let body = String(decoding: Fixtures.bytes("srt/\(name)"), as: UTF8.self)
                text += "\n\n\(round)\n00:00:00,000 --> 00:00:00,500\n-- \(name) --\n\n" + body
            }
            round += 1
        }
        let bytes = Array(text.utf8)
        let serial = SubRipReader(options: .init(minimumParallelPieceSize: .max)).read(bytes)
        let parallel = SubRipReader(options: .init(minimumParallelPieceSize: 64 * 1024)).read(bytes)
        #expect(serial.value.tracks[0].cues.count > 1000)
        #expect(parallel.value == serial.value)
        #expect(parallel.diagnostics.count == serial.diagnostics.count)
        #expect(Set(parallel.diagnostics) == Set(serial.diagnostics))
    }
}

@Suite struct LineTableTests {
    @Test func largeTextsSplitIntoTheSameLines() {
        var rng = SystemRandomNumberGenerator()
        var text = [UInt8]()
        var expected: [Range<Int>] = []
        while text.count < 6 << 20 {
            let length = Int.random(in: 0..<80, using: &rng)
            expected.append(text.count..<(text.count + length))
            text += [UInt8](repeating: 0x61, count: length)
            text.append(0x0A)
        }
        text.withUnsafeBufferPointer { p in
            let lines = LineTable(p)
            #expect(lines.count == expected.count)
            #expect((0..<lines.count).allSatisfy { lines[$0] == expected[$0] })
        }
    }
}
