import Testing
import TimedText
import ClosedCaptionData

@Suite struct CaptionDistributionPacketTests {
    typealias CDP = CaptionDistributionPacket

    static let hello: [CCDataTriplet] = [CCDataTriplet(isValid: true, kind: .field1, byte1: 0x94, byte2: 0x20)]

    /// Every rate: built with its padding, encoded, parsed back to the same packet with no problem.
    @Test(arguments: CDP.FrameRate.allCases)
    func buildsAndParsesBackAtEveryRate(_ rate: CDP.FrameRate) throws {
        let triplets = CDP.padded(Self.hello, for: rate)
        #expect(triplets.count == rate.tripletsPerFrame)
        let packet = CDP(frameRate: rate, sequenceCounter: 0xBEEF, triplets: triplets)
        let bytes = packet.encoded()
        #expect(bytes.prefix(2) == [0x96, 0x69])
        #expect(Int(bytes[2]) == bytes.count, "cdp_length is the whole packet")
        #expect(bytes[3] == rate.rawValue << 4 | 0x0F)
        #expect(bytes.reduce(UInt8(0)) { $0 &+ $1 } == 0, "the bytes sum to 0 modulo 256")
        let parsed = CDP.parse(bytes)
        #expect(parsed.problems.isEmpty)
        #expect(parsed.length == bytes.count)
        let back = try #require(parsed.packet)
        #expect(back.frameRate == rate && back.sequenceCounter == 0xBEEF)
        #expect(back.triplets == triplets)
        #expect(back.flags == [.ccDataPresent, .captionServiceActive])
        #expect(back.encoded() == bytes)
    }

    /// The triplet counts CEA-708's 9,600 bit/s give: 600 pairs a second.
    @Test func carriesTheTripletsEachRateAllows() {
        let counts = CDP.FrameRate.allCases.map { "\($0)=\($0.tripletsPerFrame)" }
        #expect(counts == ["23.976=25", "24=25", "25=24", "29.97=20", "30=20", "50=12", "59.94=10", "60=10"])
        #expect(CDP.FrameRate.fps29_97.frameDuration == MediaTime(value: 1001, timescale: 30000))
        #expect(CDP.FrameRate.fps25.frameDuration == MediaTime(value: 1, timescale: 25))
        #expect(CDP.FrameRate.fps23_976.frameDuration == MediaTime(value: 1001, timescale: 24000))
    }

    /// What FFmpeg writes for 29.97 (line `T49S494F43ZZ72F4QROO74ZZBFAB` of its MCC output):
    /// the same bytes as Legible builds from no triplets.
    @Test func buildsWhatOtherWritersBuild() {
        let built = CDP(frameRate: .fps29_97, sequenceCounter: 0, triplets: CDP.padded([], for: .fps29_97)).encoded()
        var expected: [UInt8] = [0x96, 0x69, 0x49, 0x4F, 0x43, 0x00, 0x00, 0x72, 0xF4, 0xFC, 0x80, 0x80, 0xFD, 0x80, 0x80]
        for _ in 0..<18 { expected += [0xFA, 0x00, 0x00] }
        expected += [0x74, 0x00, 0x00, 0xBF]
        #expect(built == expected)
    }

    @Test func padsWith608NullsFirstThenDTVCCPadding() {
        let dtvcc = CCDataTriplet(isValid: true, kind: .dtvccStart, byte1: 0x02, byte2: 0x21)
        let field2 = CCDataTriplet(isValid: true, kind: .field2, byte1: 0x15, byte2: 0x2C)
        let padded = CDP.padded([dtvcc], for: .fps59_94)
        #expect(padded.count == 10)
        #expect(padded[0] == CCDataTriplet(isValid: true, kind: .field1, byte1: 0x80, byte2: 0x80))
        #expect(padded[1] == CCDataTriplet(isValid: true, kind: .field2, byte1: 0x80, byte2: 0x80))
        #expect(padded[2] == dtvcc)
        #expect(padded[3...].allSatisfy { $0 == CCDataTriplet(isValid: false, kind: .dtvccData, byte1: 0, byte2: 0) })
        #expect(CDP.padded([field2], for: .fps30)[0 ... 1].map(\.kind) == [.field1, .field2])
        #expect(CDP.padded([field2], for: .fps30)[1] == field2)
        #expect(CDP.padded(padded, for: .fps59_94) == padded, "padding a padded list changes nothing")
        let many = Array(repeating: dtvcc, count: 40)
        #expect(CDP.padded(many, for: .fps30).count == 31, "cc_count holds 31 at most")
    }

    @Test func detectsAWrongChecksumAndStillGivesTheTriplets() throws {
        var bytes = CDP(frameRate: .fps29_97, sequenceCounter: 7, triplets: CDP.padded(Self.hello, for: .fps29_97)).encoded()
        let good = bytes[bytes.count - 1]
        bytes[bytes.count - 1] = good &+ 1
        let parsed = CDP.parse(bytes)
        #expect(parsed.problems == [.badChecksum(expected: good, found: good &+ 1)])
        #expect(parsed.packet?.triplets?.first == Self.hello[0])
    }

    @Test func detectsDifferingSequenceCounters() {
        var bytes = CDP(frameRate: .fps25, sequenceCounter: 0x0102, triplets: []).encoded()
        let footer = bytes.count - 4
        bytes[footer + 2] = 0x03
        bytes[bytes.count - 1] = bytes[bytes.count - 1] &- 1
        #expect(CDP.parse(bytes).problems == [.sequenceMismatch(header: 0x0102, footer: 0x0103)])
    }

    @Test func detectsALengthThatDisagreesAndBytesAfterTheFooter() {
        var bytes = CDP(frameRate: .fps25, sequenceCounter: 1, triplets: []).encoded()
        bytes[2] &+= 1
        bytes[bytes.count - 1] &-= 1
        #expect(CDP.parse(bytes).problems == [.lengthMismatch(declared: bytes.count + 1, found: bytes.count)])
        bytes[2] &-= 1
        bytes[bytes.count - 1] &+= 1
        #expect(CDP.parse(bytes + [0xAB]).problems == [.bytesAfterFooter(count: 1)])
    }

    @Test func readsWhatThereIsOfATruncatedPacket() throws {
        let bytes = CDP(frameRate: .fps29_97, sequenceCounter: 1, triplets: CDP.padded(Self.hello, for: .fps29_97)).encoded()
        let cut = CDP.parse(bytes.prefix(16))  // header, cc_data header, two triplets and a byte
        #expect(cut.problems == [.truncated])
        #expect(cut.packet?.triplets?.count == 2)
        #expect(CDP.parse(bytes.prefix(5)).packet == nil)
        #expect(CDP.parse(bytes.prefix(5)).problems == [.truncated])
        #expect(CDP.parse([0x61, 0x01]).problems == [.badIdentifier])
        #expect(CDP.parse([]).problems == [.truncated])
    }

    @Test func skipsFutureSectionsAndKeepsServiceInformationAndTimeCode() throws {
        let info = CDP.ServiceInformation(bytes: [0x40 | 0x10 | 1, 0x80 | 1, 0x65, 0x6E, 0x67, 0x7E, 0x3F, 0xFF])
        let timeCode = CDP.TimeCode(hours: 1, minutes: 2, seconds: 3, frames: 29, isFieldFlagSet: true, isDropFrame: true)
        let packet = CDP(frameRate: .fps29_97, sequenceCounter: 9, triplets: Self.hello, timeCode: timeCode, serviceInformation: info)
        var bytes = packet.encoded()
        #expect(bytes[4] == 0x80 | 0x40 | 0x20 | 0x02 | 0x01)
        // A future section (0x75, two data bytes) before the footer.
        let footer = bytes.count - 4
        bytes.insert(contentsOf: [0x75, 0x02, 0xAA, 0xBB], at: footer)
        bytes[2] = UInt8(bytes.count)
        bytes[bytes.count - 1] = 0
        bytes[bytes.count - 1] = 0 &- bytes.reduce(UInt8(0)) { $0 &+ $1 }
        let parsed = CDP.parse(bytes)
        #expect(parsed.problems.isEmpty)
        let back = try #require(parsed.packet)
        #expect(back.timeCode == timeCode)
        #expect(back.serviceInformation == info)
        #expect(info.serviceCount == 1 && info.isStart && info.isComplete && !info.isChange)
        #expect(info.descriptors == [[0x81, 0x65, 0x6E, 0x67, 0x7E, 0x3F, 0xFF]])
        #expect(back.triplets == Self.hello)
    }

    @Test func reportsReservedRatesUnknownSectionsAndFlagsThatDisagree() {
        var bytes = CDP(frameRate: .fps30, sequenceCounter: 0, triplets: []).encoded()
        bytes[3] = 0x9F
        bytes[4] |= 0x80  // says a time code follows; none does
        bytes[bytes.count - 1] = 0
        bytes[bytes.count - 1] = 0 &- bytes.reduce(UInt8(0)) { $0 &+ $1 }
        let parsed = CDP.parse(bytes)
        #expect(parsed.packet?.frameRate == nil)
        #expect(parsed.problems == [.reservedFrameRate(code: 9),
                                    .presenceFlagsDisagree(flags: [.timeCodePresent, .ccDataPresent], sections: [.ccDataPresent])])
        let unknown = CDP.parse([0x96, 0x69, 0x0C, 0x4F, 0x43, 0, 0, 0xF5, 0x74, 0, 0, 0])
        #expect(unknown.problems == [.unknownSection(id: 0xF5, offset: 7)])
        for problem in parsed.problems + unknown.problems { #expect(!problem.description.isEmpty) }
    }

    /// Every prefix and every one-byte change of a packet parses without a trap.
    @Test func neverTrapsOnDamagedBytes() {
        let bytes = CDP(frameRate: .fps29_97, sequenceCounter: 3, triplets: CDP.padded(Self.hello, for: .fps29_97),
                        timeCode: CDP.TimeCode(hours: 0, minutes: 0, seconds: 1, frames: 2),
                        serviceInformation: CDP.ServiceInformation(bytes: [0x02])).encoded()
        for n in 0...bytes.count { _ = CDP.parse(bytes.prefix(n)) }
        for k in bytes.indices {
            for value: UInt8 in [0x00, 0x1F, 0x71, 0x72, 0x73, 0x74, 0x75, 0xEF, 0xFF] {
                var damaged = bytes
                damaged[k] = value
                let parsed = CDP.parse(damaged)
                _ = parsed.packet?.encoded()
            }
        }
    }
}
