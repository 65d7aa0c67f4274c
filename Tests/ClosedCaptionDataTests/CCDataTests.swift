import Testing
import TimedText
import ClosedCaptionData

@Suite struct CCDataTests {
    @Test func parsesTheStructureAndItsTriplets() throws {
        let picture: [UInt8] = [0xC0 | 4, 0xFF,  // process_cc_data_flag, cc_count 4; em_data
                                0xFC, 0x94, 0x20,  // valid, field 1
                                0xFD, 0x80, 0x80,  // valid, field 2 (padding pair)
                                0xFA, 0x00, 0x00,  // not valid, field 1 (padding)
                                0xFF, 0x12, 0x34,  // valid DTVCC start: not 608
                                0xFF]              // marker_bits
        let triplets = try #require(CCData.parse(picture))
        #expect(triplets.count == 4)
        #expect(triplets.map(\.cea608Field) == [1, 2, nil, nil])
        #expect(triplets[3].kind == .dtvccStart)
        #expect(CCData.parse([0xC0 | 4, 0xFF, 0xFC]) == nil, "cut short")
        #expect(CCData.parse([0x80 | 1, 0xFF, 0xFC, 0x94, 0x20, 0xFF]) == [], "process_cc_data_flag 0: nothing")
        #expect(CCData.triplets([0xFC, 0x94, 0x20, 0xFD]).count == 1, "a trailing partial triplet is ignored")
    }

    @Test func tellsRealCEA608DataFromPadding() {
        #expect(CCData.carriesCEA608Data(tripletBytes: [0xFC, 0x94, 0x20]))
        #expect(!CCData.carriesCEA608Data(tripletBytes: [0xFC, 0x80, 0x80, 0xFD, 0x80, 0x80]), "parity-only padding")
        #expect(!CCData.carriesCEA608Data(tripletBytes: [0xF8, 0x94, 0x20]), "not valid")
        #expect(!CCData.carriesCEA608Data(tripletBytes: [0xFF, 0x94, 0x20]), "708 data")
    }

    /// DTVCC packets put together from cc_type 3 and 2 triplets; their service block headers say
    /// which services carry data (CEA-708-E §6.2), including an extended service number.
    @Test func findsTheServicesThatCarry708Data() {
        let pictures: [[UInt8]] = [
            // Packet of 4 bytes (size code 2): service 1, 2 bytes "AB".
            [0xFF, 0x02, 0x22, 0xFE, 0x41, 0x42],
            // Padding (cc_valid 0) between packets is ignored.
            [0xFA, 0x00, 0x00],
            // Packet of 6 bytes (size code 3): service 3 with 1 byte, then a null block header.
            [0xFF, 0x43, 0x61, 0xFE, 0x41, 0x00, 0xFE, 0x00, 0x00],
            // Extended: service number 7 means the next byte holds it (here 40), 1 byte of data.
            [0xFF, 0x82, 0xE1, 0xFE, 0x28, 0x41],
        ]
        #expect(CCData.dtvccServices(inPictures: pictures) == [1, 3, 40])
        // 608 triplets and an empty block carry no 708 service.
        #expect(CCData.dtvccServices(inPictures: [[0xFC, 0x94, 0x20, 0xFF, 0x02, 0x20, 0xFE, 0x00, 0x00]]) == [])
    }

    @Test func assemblesPacketsWithTheirSequenceNumbersTimesAndBlocks() {
        var assembler = DTVCCPacketAssembler()
        let t0 = MediaTime(value: 1001, timescale: 30000), t1 = MediaTime(value: 2002, timescale: 30000)
        // Sequence 1, size code 3 (6 bytes): service 2, 3 bytes, then the null block; across two pictures.
        #expect(assembler.feed(tripletBytes: [0xFF, 0x43, 0x43, 0xFE, 0x41, 0x42], at: t0).isEmpty)
        let packets = assembler.feed(tripletBytes: [0xFE, 0x43, 0x00], at: t1)
        #expect(packets.count == 1)
        let packet = packets[0]
        #expect(packet.sequenceNumber == 1 && packet.isComplete && packet.time == t0)
        #expect(packet.data == [0x43, 0x41, 0x42, 0x43, 0x00])
        #expect(packet.serviceBlocks.blocks == [DTVCCServiceBlock(service: 2, data: [0x41, 0x42, 0x43])])
        #expect(!packet.serviceBlocks.truncated)
        // A packet cut short by the next start comes back incomplete, and the next is read.
        let cut = assembler.feed(tripletBytes: [0xFF, 0x84, 0x2A, 0xFF, 0xC2, 0x21, 0xFE, 0x41, 0x42], at: t1)
        #expect(cut.count == 2)
        #expect(!cut[0].isComplete && cut[0].sequenceNumber == 2)
        #expect(cut[0].serviceBlocks.truncated, "its block says 10 bytes; none arrived")
        #expect(cut[1].isComplete && cut[1].sequenceNumber == 3 && cut[1].serviceBlocks.blocks.first?.service == 1)
        #expect(assembler.finish() == nil)
    }
}
