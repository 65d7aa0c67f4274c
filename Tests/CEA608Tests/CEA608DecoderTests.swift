import Testing
import TimedText
@testable import CEA608

@Suite struct CEA608DecoderTests {
    // MARK: Stream

    @Test func parityErrorDropsAControlPairAndItsRepeatTakesEffect() {
        var s = TestStream()
        s.command(.rcl)
        s.pac(row: 15, indent: 0)
        s.text("HI")
        s.raw(0x14, 0xAF)       // EOC with both parity bits wrong
        let eoc = s.frame
        s.raw(0x94, 0x2F)       // its repeat
        let (captions, diagnostics) = s.decode()
        #expect(captions.count == 1)
        #expect(captions.first?.start == frameTime(eoc))
        #expect(diagnostics.contains { $0.code == .cea608ParityError })
    }

    @Test func parityErrorDropsOnlyTheDamagedCharacter() {
        var s = TestStream()
        s.command(.rcl)
        s.pac(row: 15, indent: 0)
        s.raw(CEA608Parity.add(0x41), 0x42) // 'A' fine, 'B' (0x42, even) damaged
        s.command(.eoc)
        let (captions, diagnostics) = s.decode()
        #expect(captions.first?.text == "A")
        #expect(diagnostics.filter { $0.code == .cea608ParityError }.count == 1)
    }

    @Test func aCharacterBeforeAByteBelow0x20IsKeptAndSwitchesNoChannel() {
        // 'H' (0x48) has the bit that names data channel 2 in a control code; it is a character.
        var s = TestStream()
        s.command(.rcl)
        s.pac(row: 15, indent: 0)
        s.text("HI")
        s.raw(CEA608Parity.add(0x48), CEA608Parity.add(0x05))
        s.text("!")
        s.command(.eoc)
        let (captions, diagnostics) = s.decode()
        #expect(captions.first?.text == "HIH!")
        #expect(diagnostics.contains { $0.code == .cea608UnassignedCode })
    }

    @Test func parityErrorsAreDecodedWhenDroppingIsOff() {
        var s = TestStream()
        s.raw(0x14, 0x20)       // RCL without its parity bit
        s.raw(0x14, 0x70)       // PAC row 15 without parity
        s.raw(0x48, 0x69)       // "Hi" without parity
        s.raw(0x14, 0x2F)       // EOC without parity
        let (captions, diagnostics) = s.decode(options: .init(dropsParityErrors: false))
        #expect(captions.first?.text == "Hi")
        let parity = diagnostics.filter { $0.code == .cea608ParityError }
        #expect(parity.count == 1, "one summary, not one per byte")
        #expect(parity.first?.message.hasPrefix("5 bytes") == true)
    }

    @Test func redundantControlCodeIsIgnoredButALoneRepeatIsNot() {
        // EOC EOC: one swap. Then, after padding, EOC again: a second swap takes the caption down.
        var s = TestStream()
        s.command(.rcl)
        s.pac(row: 15, indent: 0)
        s.text("ONE")
        let shown = s.frame
        s.command(.eoc)
        s.padding()
        let hidden = s.frame
        s.command(.eoc, twice: false)
        let (captions, _) = s.decode()
        #expect(captions.count == 1)
        #expect(captions.first?.start == frameTime(shown))
        #expect(captions.first?.end == frameTime(hidden))

        // Four special characters in a row are two doubled pairs: two notes.
        var t = TestStream()
        t.command(.rdc)
        t.pac(row: 15, indent: 0)
        for _ in 0..<4 { t.control(0x11, 0x37, twice: false) }
        #expect(t.decode().captions.first?.text == "♪♪")
    }

    /// In a video's `cc_data` a code and its copy can have padding between them (a 24000/1001 fps
    /// picture carries one or two pairs of a field, padding in the slots it does not fill): the
    /// copy is still the copy, however long after it comes. An SCC file's pairs are frames of line
    /// 21, where the copy must be in the next frame: there padding separates them.
    @Test func paddingBetweenACodeAndItsCopyKeepsItRedundantUnlessPairsAreFrames() {
        var s = TestStream()
        s.paddingBetweenCopies = 1
        s.command(.rcl)
        s.pac(row: 15, indent: 0)
        s.text("HI")
        let shown = s.frame
        s.command(.eoc)
        let inBand = s.decode().captions
        #expect(inBand.count == 1)
        #expect(inBand.first?.start == frameTime(shown) && inBand.first?.end == nil, "one swap: the caption stays up")
        #expect(inBand.first?.text == "HI")

        let lineFrames = s.decode(options: .init(paddingEndsRedundancy: true)).captions
        #expect(lineFrames.count == 1)
        #expect(lineFrames.first?.start == frameTime(shown))
        #expect(lineFrames.first?.end == frameTime(shown + 2), "the copy swapped the memories back")

        // A second of padding between them changes nothing: time does not end the redundancy.
        var late = TestStream()
        late.paddingBetweenCopies = 30
        late.command(.rcl)
        late.pac(row: 15, indent: 0)
        late.text("HI")
        late.command(.eoc)
        #expect(late.decode().captions.map(\.end) == [nil])

        // `00 00` (padding without parity bits, as some networks send it) is padding too, and
        // is not a parity error.
        var nulls = TestStream()
        nulls.command(.rcl)
        nulls.pac(row: 15, indent: 0)
        nulls.text("HI")
        nulls.command(.eoc, twice: false)
        nulls.raw(0x00, 0x00)
        nulls.command(.eoc, twice: false)
        let (captions, diagnostics) = nulls.decode()
        #expect(captions.map(\.end) == [nil])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    /// Every code sent twice (PAC, mid-row, tab offset, special and extended characters, BS, CR,
    /// RU, RDC, EDM...) decodes the same with padding between its copies as without.
    @Test func everyDoubledCodeIsRedundantAcrossPadding() {
        func stream(padding: Int) -> (stream: TestStream, paint: Int64) {
            var s = TestStream()
            s.paddingBetweenCopies = padding
            // Pop-on: a PAC with a colour, mid-row codes, a tab offset, special and extended
            // characters, a backspace.
            s.command(.rcl)
            s.pac(row: 14, color: .green)
            s.text("A")
            s.midRow(.red)
            s.text("B")
            s.midRow(nil, underline: true)
            s.tab(2)
            s.text("C")
            s.control(0x11, 0x37)                 // ♪
            s.text("e")
            s.control(0x12, 0x20)                 // Á, replacing the e
            s.text("XY")
            s.command(.bs)
            s.pac(row: 15, indent: 4)
            s.text("NEXT")
            s.command(.eoc)
            // Roll-up: CR scrolls once, DER erases the rest of the row once.
            s.command(.ru3)
            s.pac(row: 15, indent: 0)
            s.text("LINE ONE")
            s.command(.cr)
            s.text("LINE TWO")
            s.command(.cr)
            s.text("LINE THREE")
            s.pac(row: 15, indent: 4)
            s.command(.der)
            s.command(.cr)
            // Paint-on: a PAC starts the caption, and starts it once.
            s.command(.rdc)
            s.command(.edm)
            let paint = s.frame
            s.pac(row: 10, indent: 8)
            s.text("PAINT")
            s.command(.edm)
            return (s, paint)
        }
        let plain = stream(padding: 0).stream.decode()
        // Row 14: A, a mid-row space, B, a mid-row space, two cells the tab offset skips, C, ♪,
        // the e that Á replaced, and X (Y backspaced). The roll-up rows scroll once at each CR; the
        // DER after the PAC at column 4 leaves "LINE".
        #expect(plain.captions.map(\.text) == ["A B   C♪ÁX\nNEXT", "LINE ONE", "LINE ONE\nLINE TWO", "LINE ONE\nLINE TWO\nLINE",
                                               "LINE TWO\nLINE", "PAINT"])
        for padding in [1, 3] {
            let (padded, paint) = stream(padding: padding)
            let decoded = padded.decode()
            #expect(decoded.captions.map(\.text) == plain.captions.map(\.text), "padding \(padding)")
            #expect(decoded.captions.map(\.rows) == plain.captions.map(\.rows), "padding \(padding)")
            #expect(decoded.diagnostics == plain.diagnostics, "padding \(padding)")
            #expect(decoded.captions.last?.start == frameTime(paint), "the PAC's copy does not start the paint-on caption again")
        }
    }

    /// The copy must follow its code directly in the field, padding aside. A character, another
    /// code, or a pair of the field's other data channel between them makes the second a new
    /// command (47 CFR 15.119(i)(4): "If, however, the next frame contains a different but also
    /// valid control code pair, this pair, too, will be acted upon... If there are printing
    /// characters in place of the redundant code, they will be processed normally."); a third
    /// identical pair after an ignored copy acts again.
    @Test func otherDataBetweenACodeAndItsRepeatMakesTheRepeatANewCommand() {
        func popOn(_ between: (inout TestStream) -> Void) -> [CEA608Caption] {
            var s = TestStream()
            s.command(.rcl)
            s.pac(row: 15, indent: 0)
            s.text("HI")
            s.command(.eoc, twice: false)
            s.padding()
            between(&s)
            s.padding()
            s.command(.eoc, twice: false)
            return s.decode().captions
        }
        // Nothing but padding: one swap, HI stays.
        #expect(popOn { _ in }.map(\.end) == [nil])
        // A character: loaded into the hidden memory, then a second swap shows it.
        #expect(popOn { $0.text("!") }.count == 2)
        // Another code of the channel (ENM): the repeat swaps again.
        #expect(popOn { $0.command(.enm, twice: false) }.map(\.text) == ["HI"])
        #expect(popOn { $0.command(.enm, twice: false) }.first?.end != nil)
        // A code of data channel 2 (CC2's EDM): the repeat is CC1's second EOC.
        let other = popOn { s in
            s.dataChannel = 2
            s.command(.edm, twice: false)
            s.dataChannel = 1
        }
        #expect(other.count == 1 && other.first?.end != nil)
        // XDS data on field 2.
        var xds = TestStream()
        xds.field = 2
        xds.command(.rcl)
        xds.pac(row: 15, indent: 0)
        xds.text("HI")
        xds.command(.eoc, twice: false)
        xds.raw(CEA608Parity.add(0x01), CEA608Parity.add(0x03))
        xds.raw(CEA608Parity.add(0x0F), CEA608Parity.add(0x1D))
        xds.command(.eoc, twice: false)
        #expect(xds.decode(.cc3).captions.first?.end != nil)

        // EOC, padding, EOC, padding, EOC: the copy is ignored, the third acts.
        var three = TestStream()
        three.command(.rcl)
        three.pac(row: 15, indent: 0)
        three.text("HI")
        for _ in 0..<3 {
            three.command(.eoc, twice: false)
            three.padding()
        }
        let captions = three.decode().captions
        #expect(captions.count == 1 && captions.first?.end == frameTime(three.frame - 2))
    }

    @Test func channelSelectionFollowsTheLastControlCode() {
        var s = TestStream()
        s.dataChannel = 2
        s.command(.rcl)
        s.pac(row: 14, indent: 0)
        s.text("SECOND")
        s.command(.eoc)
        s.dataChannel = 1
        s.command(.rcl)
        s.pac(row: 15, indent: 0)
        s.text("FIRST")
        s.command(.eoc)
        #expect(s.decode(.cc1).captions.map(\.text) == ["FIRST"])
        let second = s.decode(.cc2).captions
        #expect(second.map(\.text) == ["SECOND"])
        #expect(second.first?.channel == .cc2)
        #expect(second.first?.end == nil, "CC1's codes do not touch CC2's screen")
    }

    @Test func textModeAndXDSAreSkipped() {
        var s = TestStream()
        s.field = 2
        s.raw(CEA608Parity.add(0x01), CEA608Parity.add(0x03))   // XDS start
        s.text("XDS DATA")
        s.raw(CEA608Parity.add(0x0F), CEA608Parity.add(0x1D))   // XDS end
        s.text("STRAY")                                          // still XDS until a control code
        s.command(.tr)
        s.text("TEXT MODE")
        s.command(.rcl)
        s.pac(row: 15, indent: 0)
        s.text("CAPTION")
        s.command(.eoc)
        let (captions, diagnostics) = s.decode(.cc3)
        #expect(captions.map(\.text) == ["CAPTION"])
        #expect(captions.first?.channel == .cc3)
        #expect(diagnostics.isEmpty)
    }

    // MARK: Modes

    @Test func popOnShowsAtEOCAndEndsAtEDM() throws {
        var s = TestStream()
        s.command(.enm)
        s.command(.rcl)
        s.pac(row: 14, indent: 4)
        s.text("HELLO")
        s.pac(row: 15, indent: 8)
        s.text("WORLD")
        let shown = s.frame
        s.command(.eoc)
        s.padding(10)
        let erased = s.frame
        s.command(.edm)
        let caption = try #require(s.decode().captions.first)
        #expect(caption.start == frameTime(shown))
        #expect(caption.end == frameTime(erased))
        #expect(caption.mode == .popOn)
        #expect(caption.rows.map(\.row) == [14, 15])
        #expect(caption.rows.map(\.column) == [4, 8])
        #expect(caption.text == "HELLO\nWORLD")
    }

    @Test func eocReplacesTheCaptionOnScreenAndENMEmptiesTheBuffer() {
        var s = TestStream()
        s.command(.rcl)
        s.pac(row: 15, indent: 0)
        s.text("ONE")
        s.command(.eoc)
        s.command(.rcl)
        s.pac(row: 15, indent: 0)
        s.text("TWO")
        let second = s.frame
        s.command(.eoc)
        s.command(.rcl)
        s.text("LOST")
        s.command(.enm)
        s.padding()
        s.command(.eoc)  // shows the erased buffer: nothing
        let captions = s.decode().captions
        #expect(captions.map(\.text) == ["ONE", "TWO"])
        #expect(captions[0].end == frameTime(second))
        #expect(captions[1].start == frameTime(second))
        #expect(captions[1].end != nil)
    }


    /// What EOC swaps out is the caption that was on screen, not one waiting to be shown:
    /// broadcast encoders load the next caption over it without an ENM, and at the end of the
    /// stream that memory is not "loaded but never shown". Text loaded after the last EOC is.
    @Test func onlyTextLoadedAfterTheLastEOCIsNeverDisplayed() {
        var shown = TestStream()
        for text in ["ONE", "TWO"] {
            shown.command(.rcl)
            shown.pac(row: 15, indent: 0)
            shown.text(text)
            shown.command(.eoc)
        }
        let clean = shown.decode()
        #expect(clean.captions.map(\.text) == ["ONE", "TWO"])
        #expect(!clean.diagnostics.contains { $0.code == .cea608NeverDisplayed })

        var pending = shown
        pending.command(.rcl)
        pending.text("THREE")
        let damaged = pending.decode()
        #expect(damaged.captions.map(\.text) == ["ONE", "TWO"])
        #expect(damaged.diagnostics.filter { $0.code == .cea608NeverDisplayed }.count == 1)
    }
    @Test func rollUpStartsACaptionAtEachCarriageReturn() {
        var s = TestStream()
        s.command(.ru2)
        let cr1 = s.frame
        s.command(.cr)
        s.pac(row: 15, indent: 0)
        s.text("ONE")
        let cr2 = s.frame
        s.command(.ru2)   // the same depth again: no change
        s.command(.cr)
        s.text("TWO")
        let cr3 = s.frame
        s.command(.cr)
        s.text("THREE")
        let captions = s.decode().captions
        #expect(captions.map(\.text) == ["ONE", "ONE\nTWO", "TWO\nTHREE"])
        #expect(captions.map(\.start) == [frameTime(cr1), frameTime(cr2 + 2), frameTime(cr3)])
        #expect(captions[2].end == nil, "still on screen at the end")
        #expect(captions[2].rows.map(\.row) == [14, 15])
        #expect(captions.allSatisfy { $0.mode == .rollUp(rows: 2) })
    }

    @Test func rollUpBaseRowComesFromThePreambleAddressCode() {
        var s = TestStream()
        s.command(.ru3)
        s.command(.cr)
        s.pac(row: 5, indent: 0)
        s.text("A")
        s.command(.cr)
        s.text("B")
        s.pac(row: 9, indent: 4)  // moves the window down
        s.text("C")
        let caption = s.decode().captions.last!
        #expect(caption.rows.map(\.row) == [8, 9])
        #expect(caption.text == "A\nB   C")
    }

    @Test func rollUpCodeErasesAPopOnCaptionAndASmallerDepthErasesTheTopRows() {
        var s = TestStream()
        s.command(.rcl)
        s.pac(row: 10, indent: 0)
        s.text("POP")
        s.command(.eoc)
        s.padding()
        let rollUp = s.frame
        s.command(.ru4)
        s.command(.cr)
        s.pac(row: 15, indent: 0)
        for line in ["1", "2", "3"] {
            s.text(line)
            s.command(.cr)
        }
        s.text("4")
        let shrink = s.frame
        s.command(.ru2)
        s.text("5")
        let captions = s.decode().captions
        #expect(captions.first?.text == "POP")
        #expect(captions.first?.end == frameTime(rollUp))
        #expect(captions.dropFirst().first?.start == frameTime(rollUp + 4), "starts with the PAC after the erase")
        let last = captions.last!
        #expect(last.text == "3\n45")
        #expect(last.start < frameTime(shrink), "a depth change is not a new caption")
    }

    @Test func paintOnStartsACaptionAtEachPreambleAddressCode() {
        var s = TestStream()
        s.command(.rdc)
        let first = s.frame
        s.pac(row: 14, indent: 0)
        s.text("ONE")
        let second = s.frame
        s.pac(row: 15, indent: 0)
        s.text("TWO")
        let captions = s.decode().captions
        #expect(captions.map(\.text) == ["ONE", "ONE\nTWO"])
        #expect(captions.map(\.start) == [frameTime(first), frameTime(second)])
        #expect(captions[0].end == frameTime(second))
        #expect(captions[1].mode == .paintOn)

        // Without a PAC, the first character starts it.
        var t = TestStream()
        t.command(.rdc)
        let text = t.frame
        t.text("HI")
        #expect(t.decode().captions.first?.start == frameTime(text))
    }

    // MARK: Codes

    @Test func preambleAndMidRowCodesSetStyles() throws {
        var s = TestStream()
        s.command(.rdc)
        s.pac(row: 15, italic: true, underline: true)
        s.text("A")
        s.midRow(.red)
        s.text("B")
        s.midRow(nil)
        s.text("C")
        s.command(.fon)
        s.text("D")
        let row = try #require(s.decode().captions.first?.rows.first)
        #expect(row.text == "A B CD")
        let styles = row.cells.map(\.style)
        #expect(styles[0] == CEA608Style(color: .white, italic: true, underline: true))
        #expect(styles[1] == CEA608Style(color: .red), "a colour mid-row code ends italics and sets underline as it says")
        #expect(styles[2] == CEA608Style(color: .red))
        #expect(styles[4] == CEA608Style(color: .red, italic: true), "italics keeps the colour")
        #expect(styles[3] == CEA608Style(color: .red, italic: true), "the mid-row cell has the new style")
        #expect(styles[5] == CEA608Style(color: .red, italic: true, flash: true))
    }

    @Test func tabOffsetsBackspaceAndDeleteToEndOfRow() {
        var s = TestStream()
        s.command(.rdc)
        s.pac(row: 15, indent: 4)
        s.tab(2)
        s.text("ABCD")
        s.command(.bs)
        s.pac(row: 14, indent: 0)
        s.text("WXYZ")
        s.pac(row: 14, indent: 0)
        s.tab(2)
        s.command(.der)
        let caption = s.decode().captions.last!
        #expect(caption.rows.map(\.column) == [0, 6])
        #expect(caption.text == "WX\nABC")
    }

    @Test func extendedCharacterReplacesThePrecedingOneSpecialDoesNot() {
        var s = TestStream()
        s.command(.rdc)
        s.pac(row: 15, indent: 0)
        s.text("A")
        s.control(0x12, 0x20)   // Á replaces A
        s.text("o")
        s.control(0x13, 0x33)   // ö replaces o
        s.control(0x11, 0x37)   // ♪ after
        s.control(0x12, 0x2A)   // — replaces ♪
        #expect(s.decode().captions.first?.text == "Áö—")

        var t = TestStream()
        t.command(.rdc)
        t.pac(row: 15, indent: 0)
        t.control(0x12, 0x27)   // ¡ at column 0: nothing to replace
        t.text("Hola!")
        #expect(t.decode().captions.first?.text == "¡Hola!")
    }

    @Test func cursorStaysInColumn32() {
        var s = TestStream()
        s.command(.rdc)
        s.pac(row: 15, indent: 28)
        s.text("ABCDEFG")
        let (captions, diagnostics) = s.decode()
        #expect(captions.first?.text == "ABCG")
        #expect(diagnostics.filter { $0.code == .cea608ColumnOverflow }.count == 1)
    }

    @Test func optionalAttributesAreIgnoredAndTransparentSpaceLeavesTheCellEmpty() {
        var s = TestStream()
        s.command(.rdc)
        s.pac(row: 15, indent: 0)
        s.text("A ")
        s.control(0x10, 0x2D)   // background magenta, semi-transparent
        s.text("B")
        s.control(0x11, 0x39)   // transparent space
        s.text("C")
        s.control(0x17, 0x2E)   // black foreground
        let caption = s.decode().captions.first!
        #expect(caption.text == "A B C")
        #expect(caption.rows[0].cells[3].character == nil)
    }

    // MARK: End of input

    @Test func captionStillShownHasAnOpenEndUnlessTheTimeoutErasesIt() {
        var s = TestStream()
        s.command(.rcl)
        s.pac(row: 15, indent: 0)
        s.text("STUCK")
        let shown = s.frame
        s.command(.eoc)
        let lastData = frameTime(s.frame - 1)
        #expect(s.decode().captions.first?.end == nil)

        let timeout = CEA608Decoder.Options(stuckCaptionTimeout: CEA608Decoder.Options.standardStuckCaptionTimeout)
        let (captions, diagnostics) = s.decode(options: timeout)
        #expect(captions.first?.start == frameTime(shown))
        #expect(captions.first?.end == lastData + MediaTime(seconds: 16))
        #expect(diagnostics.contains { $0.code == .cea608StuckCaption })
        // Finishing before the timeout runs out leaves the end open.
        #expect(s.decode(options: timeout, finishAt: MediaTime(seconds: 5)).captions.first?.end == nil)

        // Data arriving after the timeout finds the caption already gone.
        var t = s
        t.padding(30 * 20)
        t.command(.edm)
        #expect(t.decode(options: timeout).captions.first?.end == lastData + MediaTime(seconds: 16))
    }

    // MARK: Cues

    @Test func cueTextSpansAndLayout() throws {
        var s = TestStream()
        s.command(.rcl)
        s.pac(row: 13, indent: 4)
        s.text("Plain ")
        s.midRow(nil)
        s.text("slanted  ")
        s.pac(row: 15, indent: 8, underline: true)
        s.text("under")
        s.command(.eoc)
        let caption = try #require(s.decode().captions.first)
        var builder = CEA608CueBuilder()
        let cue = builder.cue(for: caption)
        #expect(cue.plainText == "Plain  slanted\nunder", "trailing spaces removed, the mid-row space kept")
        #expect(cue.content == [
            .text("Plain "), .span(InlineSpan(.italic, children: [.text(" slanted")])), .lineBreak,
            .span(InlineSpan(.underline, children: [.text("under")])),
        ])
        #expect(cue.layout.line == .fraction(Fraction(14, 19)))
        #expect(cue.layout.position == Fraction(8, 40))
        #expect(cue.layout.size == Fraction(28, 40))
        #expect(cue.layout.textAlignment == .left)
        #expect(cue.style.backgroundColor == .black)
        let values = CEA608CueValues(caption)
        #expect(values.rows == [.init(row: 13, column: 4, text: "Plain  slanted  "), .init(row: 15, column: 8, text: "under")])
        #expect(values.mode.description == "pop-on")

        let red = CEA608CueBuilder.content(of: [CEA608Row(row: 1, column: 0, cells: [
            CEA608Cell("R", style: CEA608Style(color: .red, italic: true)), CEA608Cell(nil), CEA608Cell("W"),
        ])])
        #expect(red == [.span(InlineSpan(.styled, style: StyleProperties(color: Color(red: 255, green: 0, blue: 0), fontStyle: .italic),
                                   children: [.text("R")])), .text(" W")])
    }

    /// The memories keep cells packed in 32 bits: every style and character survives the round trip.
    @Test func captionRowsRoundTripThroughOneArray() {
        let rows = [
            CEA608Row(row: 13, column: 4, cells: [CEA608Cell("A"), .empty, CEA608Cell("b", style: .init(color: .red, italic: true))]),
            CEA608Row(row: 15, column: 0, cells: [CEA608Cell("\u{266A}")]),
        ]
        var caption = CEA608Caption(start: .zero, end: nil, channel: .cc1, mode: .popOn, rows: rows)
        #expect(caption.rows == rows)
        #expect(CEA608CueValues(caption).rows.map(\.text) == ["A b", "\u{266A}"])
        // Values no decoder makes keep their low 8 bits and never break the rows after them.
        caption.rows = [CEA608Row(row: 300, column: 2, cells: []), CEA608Row(row: 1, column: 0, cells: [CEA608Cell("Z")])]
        #expect(caption.rows.map(\.row) == [44, 1])
        #expect(caption.rows.last?.text == "Z")
    }

    @Test func packedCellsKeepEveryStyleAndCharacter() {
        for color in CEA608Color.allCases {
            for flags in 0..<8 {
                let style = CEA608Style(color: color, italic: flags & 1 != 0, underline: flags & 2 != 0, flash: flags & 4 != 0)
                for character in [nil, " ", "A", "\u{2588}", "\u{1F600}"] as [Unicode.Scalar?] {
                    let cell = CEA608Cell(character, style: style)
                    #expect(PackedCell.unpack(PackedCell.pack(cell)) == cell)
                }
            }
        }
        var memory = CEA608Memory()
        let cell = CEA608Cell("é", style: CEA608Style(color: .cyan, underline: true))
        memory.set(row: 15, column: 31, packed: PackedCell.pack(cell))
        #expect(memory[15, 31] == cell)
        #expect(memory.rows == [CEA608Row(row: 15, column: 31, cells: [cell])])
        memory.set(row: 15, column: 31, packed: PackedCell.empty)
        #expect(memory.isEmpty)
    }
}
