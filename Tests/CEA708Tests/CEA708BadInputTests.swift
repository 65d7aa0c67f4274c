import Testing
import TimedText
import ClosedCaptionData
import CEA708
import TestSupport

/// Every stream in Fixtures/cea708-bad decodes without a trap, its captions in order and none
/// ending before it starts, and what was damaged is said.
@Suite struct CEA708BadInputTests {
    static let files = Fixtures.list("cea708-bad").filter { $0.hasSuffix(".bin") }

    @Test(arguments: files) func survives(_ name: String) {
        let bytes = Fixtures.bytes("cea708-bad/\(name)")
        var decoder = CEA708Decoder()
        var k = 0
        var picture: Int64 = 0
        while k < bytes.count {
            let count = Int(bytes[k] & 0x1F)
            let end = min(k + 1 + 3 * count, bytes.count)
            decoder.feed(CCData.triplets(bytes[(k + 1)..<end]), at: MediaTime(value: picture * 1001, timescale: 30000))
            k = end
            picture += 1
        }
        decoder.finish()
        for number in decoder.services.keys {
            let captions = decoder.captions(service: number) ?? []
            for (i, c) in captions.enumerated() {
                if let end = c.end { #expect(end >= c.start) }
                if i > 0 { #expect(captions[i - 1].start <= c.start) }
            }
        }
        if name == "damaged-packets.bin" {
            let codes = Set(decoder.diagnostics.map(\.code))
            #expect(codes.isSuperset(of: [.cea708TruncatedPacket, .cea708TruncatedBlock, .cea708SequenceGap]), "\(decoder.diagnostics)")
        }
    }
}
