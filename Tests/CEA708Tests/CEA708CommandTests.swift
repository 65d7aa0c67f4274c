import Testing
import CEA708

/// The code sets of CEA-708-E §7.1, byte by byte: what each code is and how many bytes it takes.
@Suite struct CEA708CommandTests {
    @Test func readsG0G1AndTheMusicNote() {
        let (commands, rest) = CEA708CommandParser.parse([0x41, 0x7F, 0xE9, 0xA0])
        #expect(commands == [.character("A"), .character("♪"), .character("é"), .character("\u{A0}")])
        #expect(rest.isEmpty)
    }

    @Test func readsC0WithItsLengths() {
        // ETX, BS, FF, CR, HCR; unassigned 0x01 (1 byte), 0x11 (2), 0x19 (3); NUL
        let bytes: [UInt8] = [0x03, 0x08, 0x0C, 0x0D, 0x0E, 0x01, 0x11, 0x41, 0x19, 0x41, 0x42, 0x00, 0x43]
        let (commands, _) = CEA708CommandParser.parse(bytes)
        #expect(commands == [.endOfText, .backspace, .formFeed, .carriageReturn, .horizontalCarriageReturn,
                             .unassigned(set: "C0", bytes: [0x01]), .unassigned(set: "C0", bytes: [0x11, 0x41]),
                             .unassigned(set: "C0", bytes: [0x19, 0x41, 0x42]), .unassigned(set: "C0", bytes: [0]), .character("C")])
    }

    @Test func readsP16AsUnicode() {
        let (commands, _) = CEA708CommandParser.parse([0x18, 0x30, 0x42, 0x18, 0xAC, 0x00])
        #expect(commands == [.character("あ"), .character("가")])
    }

    @Test func readsEXT1CodeSetsWithTheirLengths() {
        let bytes: [UInt8] = [0x10, 0x20, 0x10, 0x21, 0x10, 0x25, 0x10, 0x7F, 0x10, 0xA0,
                              0x10, 0x05,                    // C2, no parameter
                              0x10, 0x0A, 0x01,              // C2, one
                              0x10, 0x12, 0x01, 0x02,        // C2, two
                              0x10, 0x1B, 0x01, 0x02, 0x03,  // C2, three
                              0x10, 0x81, 1, 2, 3, 4,        // C3, four
                              0x10, 0x8A, 1, 2, 3, 4, 5,     // C3, five
                              0x10, 0x91, 0x43, 9, 9, 9,     // C3, variable: header, then 3
                              0x10, 0x26,                    // G2 unassigned
                              0x41]
        let (commands, rest) = CEA708CommandParser.parse(bytes)
        #expect(commands == [
            .transparentSpace(nonBreaking: false), .transparentSpace(nonBreaking: true), .character("…"), .character("┌"),
            .character("\u{1F16D}"),
            .unassigned(set: "C2", bytes: [0x10, 0x05]), .unassigned(set: "C2", bytes: [0x10, 0x0A, 0x01]),
            .unassigned(set: "C2", bytes: [0x10, 0x12, 0x01, 0x02]), .unassigned(set: "C2", bytes: [0x10, 0x1B, 0x01, 0x02, 0x03]),
            .unassigned(set: "C3", bytes: [0x10, 0x81, 1, 2, 3, 4]), .unassigned(set: "C3", bytes: [0x10, 0x8A, 1, 2, 3, 4, 5]),
            .unassigned(set: "C3", bytes: [0x10, 0x91, 0x43, 9, 9, 9]), .unassigned(set: "G2", bytes: [0x10, 0x26]),
            .character("A"),
        ])
        #expect(rest.isEmpty)
    }

    @Test func readsEveryC1Command() {
        let define = CEA708WindowDefinition(id: 3, visible: true, rowLock: true, columnLock: false, priority: 2,
                                            relativePositioning: true, anchorVertical: 50, anchorHorizontal: 99, anchorPoint: 4,
                                            rowCount: 3, columnCount: 20, windowStyle: 4, penStyle: 6)
        let pen = CEA708PenAttributes(size: .large, offset: .superscript, textTag: 9, fontStyle: 5, italics: true, underline: true, edge: .rightDropShadow)
        let color = CEA708PenColor(foreground: CEA708Color(red: 3, green: 0, blue: 1, opacity: .flash),
                                   background: CEA708Color(red: 0, green: 2, blue: 0, opacity: .translucent), edge: CEA708Color(red: 1, green: 1, blue: 1))
        let window = CEA708WindowAttributes(justification: .center, printDirection: .rightToLeft, scrollDirection: .topToBottom, wordWrap: true,
                                            displayEffect: .wipe, effectDirection: .bottomToTop, effectSpeed: 7,
                                            fill: CEA708Color(red: 0, green: 0, blue: 3, opacity: .translucent), border: .shadowRight,
                                            borderColor: CEA708Color(red: 3, green: 3, blue: 0))
        let commands: [CEA708Command] = [
            .setCurrentWindow(5), .clearWindows(0x81), .displayWindows(0x02), .hideWindows(0x04), .toggleWindows(0x08),
            .deleteWindows(0xFF), .delay(25), .delayCancel, .reset, .setPenAttributes(pen), .setPenColor(color),
            .setPenLocation(row: 14, column: 41), .setWindowAttributes(window), .defineWindow(define),
        ]
        // Sent and read back: the encoder and parser agree on every field.
        let bytes = CEA708Encoder.bytes(of: commands)
        #expect(bytes.count == 1 + 2 * 5 + 2 + 1 + 1 + 3 + 4 + 3 + 5 + 7)
        #expect(CEA708CommandParser.parse(bytes).commands == commands)
    }

    @Test func holdsACommandSplitAcrossBlocksUntilItIsWhole() {
        let bytes = CEA708Encoder.bytes(of: [.define(0, visible: true), .character("A")])
        var parser = CEA708CommandParser()
        #expect(parser.feed(bytes[0..<4]).isEmpty)
        #expect(parser.hasPartialCommand)
        let rest = parser.feed(bytes[4...]).map(\.command)
        #expect(rest == [.define(0, visible: true), .character("A")])
        #expect(!parser.hasPartialCommand)
    }

    @Test func encodesEachCharacterInTheSmallestSetThatHasIt() {
        #expect(CEA708Encoder.bytes(of: [.character("a"), .character("é"), .character("™"), .character("漢")])
                == [0x61, 0xE9, 0x10, 0x39, 0x18, 0x6F, 0x22])
    }

    @Test func disassemblesCommandsReadably() {
        let text = CEA708Disassembler.text([.define(1, visible: false, rows: 1, columns: 10), .setPenLocation(row: 1, column: 0),
                                            .character("H"), .character("\""), .toggleWindows(0x02)])
        #expect(text == "{DF1:hidden,anchor=7@(74,104),rows=1,cols=10,priority=0,ws=1,ps=1}{SPL:R1-C0}\"H\\\"\"{TGW:00000010}")
    }
}
