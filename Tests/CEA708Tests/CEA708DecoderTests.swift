import Testing
import TimedText
import ClosedCaptionData
import CEA708

/// The decoder on streams made here from the standard's commands: windows shown, hidden,
/// toggled, scrolled, delayed, reset; each visible window's states as captions.
@Suite struct CEA708DecoderTests {
    @Test func aHiddenWindowShowsWhenDisplayed() {
        var s = CEA708Stream()
        s.send([.define(0, visible: false)] + .text("HELLO"), at: 1)
        s.send([.displayWindows(0x01)], at: 2)
        s.send([.hideWindows(0x01)], at: 4)
        let captions = s.finish()
        #expect(captions.count == 1)
        #expect(captions.first?.start == 2 && captions.first?.end == 4 && captions.first?.text == "HELLO")
    }

    @Test func toggleSwapsTwoWindowsAsPopOnCaptionsDo() {
        var s = CEA708Stream()
        s.send([.define(0, visible: true)] + .text("FIRST") + [.define(1, visible: false)] + .text("SECOND"), at: 1)
        s.send([.toggleWindows(0x03)], at: 3)
        s.send([.deleteWindows(0x03)], at: 5)
        let captions = s.finish()
        #expect(captions.map(\.text) == ["FIRST", "SECOND"])
        #expect(captions.map(\.start) == [1, 3])
        #expect(captions.map(\.end) == [3, 5])
    }

    @Test func rollUpScrollsAtTheLastRow() {
        var s = CEA708Stream()
        s.send([.define(0, visible: true, rows: 2, windowStyle: 4)] + .text("ONE"), at: 1)
        s.send([.carriageReturn] + .text("TWO"), at: 2)
        s.send([.carriageReturn] + .text("THREE"), at: 3)
        let captions = s.finish()
        #expect(captions.map(\.text) == ["ONE", "ONE\nTWO", "TWO\nTHREE"])
        #expect(captions.last?.end == nil)
    }

    @Test func textWrittenInOnePacketIsOneCaption() {
        var s = CEA708Stream()
        s.send([.define(0, visible: true)] + .text("AB") + [.setPenLocation(row: 1, column: 4)] + .text("CD"), at: 1)
        #expect(s.finish().map(\.text) == ["AB\n    CD"])
    }

    /// Found by fuzzing: a one-row window scrolled its only row out and took the column count
    /// (read from the first row) with it.
    @Test func aOneRowWindowScrollsInEitherDirection() {
        var up = CEA708Stream()
        up.send([.define(0, visible: true, rows: 1, columns: 8)] + .text("A") + [.carriageReturn] + .text("B") + [.carriageReturn] + .text("C"), at: 1)
        #expect(up.finish().map(\.text) == ["C"])
        var down = CEA708Stream()
        down.send([.define(0, visible: true, rows: 1, columns: 8),
                   .setWindowAttributes(CEA708WindowAttributes(scrollDirection: .topToBottom))] + .text("A") + [.carriageReturn] + .text("B"), at: 1)
        #expect(down.finish().map(\.text) == ["B"])
    }

    @Test func delayHoldsTheInputUntilItsTime() {
        var s = CEA708Stream()
        s.send([.define(0, visible: false)] + .text("LATER") + [.delay(20), .displayWindows(0x01)], at: 1)
        s.send([.delay(10), .hideWindows(0x01)], at: 4)
        let captions = s.finish()
        #expect(captions.count == 1)
        #expect(captions.first?.start == 3)
        #expect(captions.first?.end == 5)
    }

    @Test func delayCancelRunsTheHeldInputAtOnce() {
        var s = CEA708Stream()
        s.send([.define(0, visible: false)] + .text("NOW") + [.delay(100), .displayWindows(0x01)], at: 1)
        s.send([.delayCancel], at: 2)
        #expect(s.finish().first?.start == 2)
    }

    @Test func resetDeletesEveryWindow() {
        var s = CEA708Stream()
        s.send([.define(0, visible: true)] + .text("GONE"), at: 1)
        s.send([.reset] + .text("NOWHERE"), at: 2)
        let captions = s.finish()
        #expect(captions.count == 1 && captions.first?.end == 2)
        #expect(s.decoder.diagnostics.contains { $0.code == .cea708NoWindow })
    }

    @Test func wordWrapCarriesTheWordToTheNextRow() {
        var s = CEA708Stream()
        s.send([.define(0, visible: true, rows: 2, columns: 10, windowStyle: 4)] + .text("HELLO WORLD AGAIN"), at: 1)
        #expect(s.finish().map(\.text) == ["WORLD\nAGAIN"])
    }

    @Test func unlockedColumnsGrowAndLockedOnesSaySo() {
        var grows = CEA708Stream()
        grows.send([.define(0, visible: true, rows: 1, columns: 4)] + .text("GROWING"), at: 1)
        #expect(grows.finish().map(\.text) == ["GROWING"])
        var locked = CEA708Stream()
        locked.send([.define(0, visible: true, rows: 1, columns: 4, columnLock: true)] + .text("LOCKED"), at: 1)
        #expect(locked.finish().map(\.text) == ["LOCK"])
        #expect(locked.decoder.diagnostics.filter { $0.code == .cea708WindowOverflow }.count == 1)
    }

    @Test func backspaceAndHorizontalCarriageReturnErase() {
        var s = CEA708Stream()
        s.send([.define(0, visible: true)] + .text("ABC") + [.backspace] + .text("D") + [.carriageReturn] + .text("XYZ")
               + [.horizontalCarriageReturn] + .text("Q"), at: 1)
        #expect(s.finish().map(\.text) == ["ABD\nQ"])
    }

    @Test func formFeedErasesTheWindow() {
        var s = CEA708Stream()
        s.send([.define(0, visible: true)] + .text("OLD"), at: 1)
        s.send([.formFeed] + .text("NEW"), at: 2)
        #expect(s.finish().map(\.text) == ["OLD", "NEW"])
    }

    @Test func extendedServicesDecodeLikeStandardOnes() {
        var s = CEA708Stream()
        s.send([.define(0, visible: true)] + .text("SEVEN"), service: 7, at: 1)
        s.send([.define(0, visible: true)] + .text("FORTY"), service: 40, at: 1)
        s.decoder.finish()
        #expect(s.decoder.servicesWithCaptions == [7, 40])
        #expect(s.decoder.captions(service: 40)?.first?.text == "FORTY")
    }

    @Test func aServiceInAnotherEncodingReadsItsBytes() {
        var s = CEA708Stream(options: .init(serviceEncodings: [1: "EUC-KR"]))
        // 가 and 나 in EUC-KR: B0 A1, B3 AA.
        s.send([.define(0, visible: true), .encodedByte(0xB0), .encodedByte(0xA1), .encodedByte(0xB3), .encodedByte(0xAA)], at: 1)
        #expect(s.finish().map(\.text) == ["가나"])
    }

    @Test func aLostPacketIsReportedAndDecodingGoesOn() {
        var decoder = CEA708Decoder()
        let blocks = CEA708Encoder.serviceBlocks(service: 1, bytes: CEA708Encoder.bytes(of: [.define(0, visible: true)] + .text("A")))
        let first = CEA708Encoder.packets(blocks, sequence: 0)[0]
        let third = CEA708Encoder.packets(CEA708Encoder.serviceBlocks(service: 1, bytes: CEA708Encoder.bytes(of: .text("B"))), sequence: 2)[0]
        decoder.feed(CEA708Encoder.triplets(packet: first), at: MediaTime(seconds: 1))
        decoder.feed(CEA708Encoder.triplets(packet: third), at: MediaTime(seconds: 2))
        decoder.finish()
        #expect(decoder.diagnostics.contains { $0.code == .cea708SequenceGap && $0.message.contains("at 2.0 s") })
        #expect(decoder.captions(service: 1)?.map(\.text) == ["A", "AB"])
    }

    @Test func aPacketCutShortIsDecodedAsFarAsItGoes() {
        var decoder = CEA708Decoder()
        let blocks = CEA708Encoder.serviceBlocks(service: 1, bytes: CEA708Encoder.bytes(of: [.define(0, visible: true)] + .text("HELLO")))
        let packet = CEA708Encoder.packets(blocks)[0]
        decoder.feed(Array(CEA708Encoder.triplets(packet: packet).prefix(6)), at: MediaTime(seconds: 1))
        decoder.finish()
        #expect(decoder.diagnostics.contains { $0.code == .cea708TruncatedPacket })
        #expect(decoder.captions(service: 1)?.first?.text.hasPrefix("HE") == true)
    }

    @Test func unassignedCharactersShowAnUnderscoreAndAreSaid() {
        var s = CEA708Stream()
        s.send([.define(0, visible: true), .character("A"), .unassigned(set: "G2", bytes: [0x10, 0x26]), .character("B")], at: 1)
        #expect(s.finish().map(\.text) == ["A_B"])
        #expect(s.decoder.diagnostics.contains { $0.code == .cea708UnassignedCode })
    }

    /// As a player follows a live stream: what is shown now, and what has gone since.
    @Test func aLiveStreamIsFollowedCaptionByCaption() {
        var s = CEA708Stream()
        s.send([.define(0, visible: true)] + .text("NOW"), at: 1)
        #expect(s.decoder.currentCaptions.map(\.text) == ["NOW"])
        #expect(s.decoder.drainCaptions().isEmpty)
        s.send([.formFeed] + .text("NEXT"), at: 2)
        #expect(s.decoder.drainCaptions().map(\.text) == ["NOW"])
        #expect(s.decoder.drainCaptions().isEmpty)
        #expect(s.decoder.currentCaptions.map(\.text) == ["NEXT"])
    }

    @Test func predefinedStylesAreTheStandards() {
        #expect(CEA708WindowAttributes.predefined(2).fill.opacity == .transparent)
        #expect(CEA708WindowAttributes.predefined(3).justification == .center)
        #expect(CEA708WindowAttributes.predefined(4).wordWrap)
        #expect(CEA708WindowAttributes.predefined(7).printDirection == .topToBottom)
        #expect(CEA708Pen.predefined(2).attributes.fontStyle == 1)
        #expect(CEA708Pen.predefined(6).attributes.edge == .uniform)
        #expect(CEA708Pen.predefined(7).color.background.opacity == .transparent)
    }
}
