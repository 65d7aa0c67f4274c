import Testing
import TimedText
@testable import CEA608
import ClosedCaptionData

@Suite struct CCDataDecoderTests {
    /// A byte with CEA-608's odd parity bit set.
    private func odd(_ b: UInt8) -> UInt8 { b.nonzeroBitCount % 2 == 0 ? b | 0x80 : b }

    /// One picture's `cc_data()` with a field-1 pair, a field-2 pair, padding and a DTVCC triplet.
    private func ccData(_ b1: UInt8, _ b2: UInt8) -> [UInt8] {
        [0xC0 | 4, 0xFF,              // process_cc_data_flag, cc_count 4; em_data
         0xFC, odd(b1), odd(b2),      // valid, field 1
         0xFD, 0x80, 0x80,            // valid, field 2 (padding pair)
         0xFA, 0x00, 0x00,            // not valid, field 1 (padding)
         0xFF, 0x12, 0x34,            // valid DTVCC start: not 608
         0xFF]                        // marker_bits
    }

    /// A pop-on caption sent one pair per picture, as in-band captions arrive.
    @Test func decodesAPopOnCaptionFromPictures() {
        let pairs: [(UInt8, UInt8)] = [(0x14, 0x20), (0x14, 0x20), (0x14, 0x70), (0x14, 0x70),
                                       (0x48, 0x49), (0x14, 0x2F), (0x14, 0x2F)]  // RCL, PAC row 15, "HI", EOC
        var decoder = CCDataDecoder(channels: [.cc1, .cc3])
        for (frame, pair) in pairs.enumerated() {
            decoder.feed(ccData: ccData(pair.0, pair.1), at: MediaTime(value: Int64(frame) * 1001, timescale: 30000))
        }
        let shown = decoder.currentCaptions
        #expect(shown.count == 1)
        #expect(shown.first?.channel == .cc1)
        #expect(shown.first?.start == MediaTime(value: 5 * 1001, timescale: 30000), "shown at the first EOC")
        #expect(shown.first?.rows.map(\.text) == ["HI"])
        decoder.feed(ccData: ccData(0x14, 0x2C), at: MediaTime(value: 30 * 1001, timescale: 30000))  // EDM
        let done = decoder.drainCaptions()
        #expect(done.count == 1 && done.first?.end == MediaTime(value: 30 * 1001, timescale: 30000))
    }
}
