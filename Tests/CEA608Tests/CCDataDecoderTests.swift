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

/// A video at 24000/1001 fps whose pictures carry each field's pairs in two slots, filled one or two
/// at a time (the 30000/1001 pair rate of line 21 over 24000/1001 pictures: five pairs every four
/// pictures), padding in the slot left over: a control code sent twice can then have padding and
/// the other field's pairs between its copies, in the next picture or the same one. The copy is
/// still the copy (CEA608Decoder.Options.paddingEndsRedundancy).
@Suite struct CCDataDecoderRedundancyTests {
    static let rate: Int64 = 24000

    static func time(_ picture: Int) -> MediaTime { MediaTime(value: Int64(picture) * 1001, timescale: rate) }

    /// A byte with CEA-608's odd parity bit set.
    static func odd(_ b: UInt8) -> UInt8 { CEA608Parity.add(b) }

    /// A pop-on caption's pairs on row 15: RCL, PAC, the text, EOC, each code `copies` times in a row.
    static func popOn(_ text: String, field: Int, copies: Int = 2) -> [(UInt8, UInt8)] {
        let misc: UInt8 = field == 2 ? 0x15 : 0x14
        var pairs: [(UInt8, UInt8)] = []
        func code(_ a: UInt8, _ b: UInt8) { for _ in 0..<copies { pairs.append((odd(a), odd(b))) } }
        code(misc, 0x20)
        code(0x14, 0x70)
        var bytes = Array(text.utf8)
        if bytes.count % 2 == 1 { bytes.append(0) }
        for i in stride(from: 0, to: bytes.count, by: 2) { pairs.append((odd(bytes[i]), odd(bytes[i + 1]))) }
        code(misc, 0x2F)
        return pairs
    }

    static func edm(field: Int, copies: Int = 2) -> [(UInt8, UInt8)] {
        Array(repeating: (odd(field == 2 ? 0x15 : 0x14), odd(0x2C)), count: copies)
    }

    /// Each picture's triplets, `perPicture(n)` pairs of each field's sequence taken in order (the
    /// rest of its two slots of that field padding), field 1 first, then field 2, an invalid
    /// triplet and a DTVCC one; nil when the sequences are used up. Also the picture each field's
    /// k-th pair went into.
    static func pictures(field1: [(UInt8, UInt8)], field2: [(UInt8, UInt8)], perPicture: (Int) -> Int)
        -> (pictures: [[CCDataTriplet]], placed1: [Int], placed2: [Int]) {
        var result: [[CCDataTriplet]] = []
        var placed1: [Int] = [], placed2: [Int] = []
        var next1 = 0, next2 = 0
        var n = 0
        while next1 < field1.count || next2 < field2.count {
            var triplets: [CCDataTriplet] = []
            let count = perPicture(n)
            for slot in 0..<2 {
                if slot < count && next1 < field1.count {
                    triplets.append(CCDataTriplet(isValid: true, kind: .field1, byte1: field1[next1].0, byte2: field1[next1].1))
                    placed1.append(n)
                    next1 += 1
                } else {
                    triplets.append(CCDataTriplet(isValid: true, kind: .field1, byte1: 0x80, byte2: 0x80))
                }
            }
            for slot in 0..<2 {
                if slot < count && next2 < field2.count {
                    triplets.append(CCDataTriplet(isValid: true, kind: .field2, byte1: field2[next2].0, byte2: field2[next2].1))
                    placed2.append(n)
                    next2 += 1
                } else {
                    triplets.append(CCDataTriplet(isValid: true, kind: .field2, byte1: 0x80, byte2: 0x80))
                }
            }
            triplets.append(CCDataTriplet(isValid: false, kind: .field1, byte1: 0x00, byte2: 0x00))
            triplets.append(CCDataTriplet(isValid: true, kind: .dtvccStart, byte1: 0x02, byte2: 0x21))
            result.append(triplets)
            n += 1
        }
        return (result, placed1, placed2)
    }

    static func decode(_ pictures: [[CCDataTriplet]]) -> [CEA608Caption] {
        var decoder = CCDataDecoder(channels: [.cc1, .cc3])
        for (n, picture) in pictures.enumerated() { decoder.feed(picture, at: time(n)) }
        decoder.finish()
        return decoder.drainCaptions()
    }

    /// What each caption shows and when: `text@start-end` in pictures.
    static func summary(_ captions: [CEA608Caption]) -> [String] {
        captions.map { caption in
            // Times are whole pictures: n × 1001/24000 s.
            let frame = { (t: MediaTime) in String(t.value * rate / (1001 * t.timescale)) }
            return "\(caption.channel) \(caption.rows.map(\.text).joined(separator: "/"))@\(frame(caption.start))-\(caption.end.map(frame) ?? "open")"
        }
    }

    /// The broadcast's case: one pair a picture, so the EOC and its copy are in consecutive pictures
    /// with the field's padding and the other field between them. The first caption stays up until
    /// the second's EOC; the second, loaded over the memory the first came from, is not garbled.
    @Test func eocInConsecutivePicturesSwapsOnce() {
        let field1 = Self.popOn("HELLO THERE", field: 1) + Array(repeating: (0x80, 0x80), count: 6) + Self.popOn("BYE", field: 1)
            + Self.edm(field: 1)
        let field2 = [(0x80, 0x80)] + Self.popOn("HOLA AMIGOS", field: 2) + Array(repeating: (0x80, 0x80), count: 3) + Self.popOn("ADIOS", field: 2)
            + Self.edm(field: 2)
        let (pictures, placed1, placed2) = Self.pictures(field1: field1, field2: field2) { _ in 1 }
        #expect(placed1[10] == 10 && placed1[11] == 11, "the field-1 EOC's copies are in consecutive pictures")
        let captions = Self.decode(pictures)
        // Field 1: EOC at pictures 10, 11; the second caption's EOC at 24, 25; EDM at 26.
        // Field 2: one picture later for the first; the second's EOC at 23, 24; EDM at 25.
        #expect(Self.summary(captions.filter { $0.channel == .cc1 }) == ["CC1 HELLO THERE@10-24", "CC1 BYE@24-26"])
        #expect(Self.summary(captions.filter { $0.channel == .cc3 }) == ["CC3 HOLA AMIGOS@11-23", "CC3 ADIOS@23-25"])
        #expect(placed2[11] == 11 && placed2[12] == 12)
    }

    /// Five pairs of each field every four pictures (two, one, one, one), as 30000/1001 line 21 data
    /// fits 24000/1001 pictures: the copies land in the same picture or the next, padding between
    /// them or not. Every caption reads as the same pairs one a frame do.
    @Test func twoOneOneOneCadenceDecodesAsOnePairAFrame() {
        let field1 = Self.popOn("ONE", field: 1) + Self.popOn("TWO", field: 1) + Self.popOn("THREE", field: 1) + Self.edm(field: 1)
        let field2 = Self.popOn("UNO", field: 2) + Self.popOn("DOS", field: 2) + Self.edm(field: 2)
        for offset in 0..<4 {
            let (pictures, placed1, placed2) = Self.pictures(field1: field1, field2: field2) { ($0 + offset) % 4 == 0 ? 2 : 1 }
            let captions = Self.decode(pictures)
            let cc1 = captions.filter { $0.channel == .cc1 }, cc3 = captions.filter { $0.channel == .cc3 }
            #expect(cc1.map { $0.rows.map(\.text) } == [["ONE"], ["TWO"], ["THREE"]], "offset \(offset)")
            #expect(cc3.map { $0.rows.map(\.text) } == [["UNO"], ["DOS"]], "offset \(offset)")
            // Each caption starts at its first EOC's picture and ends at the next one's.
            let eocs1 = field1.indices.filter { field1[$0] == (0x94, 0x2F) && ($0 == 0 || field1[$0 - 1] != (0x94, 0x2F)) }
            #expect(cc1.map(\.start) == eocs1.map { Self.time(placed1[$0]) }, "offset \(offset)")
            #expect(cc1.dropLast().map(\.end) == eocs1.dropFirst().map { Self.time(placed1[$0]) }, "offset \(offset)")
            let eocs2 = field2.indices.filter { field2[$0] == (0x15, 0x2F) && ($0 == 0 || field2[$0 - 1] != (0x15, 0x2F)) }
            #expect(cc3.map(\.start) == eocs2.map { Self.time(placed2[$0]) }, "offset \(offset)")
        }
    }

    /// A code sent once in a picture and once in the next, with the other field's pairs and padding
    /// of its own field between: CC3's EOC with field-1 text between its copies, CC1's with field-2
    /// text between. Each field is its own stream: the other field's data does not separate them.
    @Test func theOtherFieldsDataBetweenTheCopiesDoesNotMatter() {
        var decoder = CCDataDecoder(channels: [.cc1, .cc3])
        let load1 = Self.popOn("AB", field: 1), load3 = Self.popOn("CD", field: 2)
        var n = 0
        func picture(_ triplets: [CCDataTriplet]) {
            decoder.feed(triplets, at: Self.time(n))
            n += 1
        }
        func f1(_ p: (UInt8, UInt8)) -> CCDataTriplet { CCDataTriplet(isValid: true, kind: .field1, byte1: p.0, byte2: p.1) }
        func f2(_ p: (UInt8, UInt8)) -> CCDataTriplet { CCDataTriplet(isValid: true, kind: .field2, byte1: p.0, byte2: p.1) }
        for k in 0..<(load1.count - 2) { picture([f1(load1[k]), f2(load3[k])]) }
        // Field 1's EOC, field 2's last text ("EF") and its EOC, then field 1's padding; the copies
        // follow in the next picture, field 2's after field 1's, then more text for field 1 (which
        // goes to the memory EOC hid, and so is not shown).
        picture([f1(load1[load1.count - 1]), f2((Self.odd(0x45), Self.odd(0x46))), f1((0x80, 0x80)), f2(load3[load3.count - 1])])
        picture([f2((0x80, 0x80)), f1(load1[load1.count - 1]), f2(load3[load3.count - 1]), f1((Self.odd(0x47), Self.odd(0x48)))])
        decoder.finish()
        let captions = decoder.drainCaptions()
        #expect(captions.map(\.channel) == [.cc1, .cc3])
        #expect(captions.map { $0.rows.map(\.text) } == [["AB"], ["CDEF"]])
        #expect(captions.allSatisfy { $0.end == nil }, "one swap each: both still on screen")
        #expect(captions.map(\.start) == [Self.time(n - 2), Self.time(n - 2)])
    }
}

/// What `dump --disassemble` lists for a video's channel: the pictures that carried something of
/// the field, each with all its pairs of the field (padding too), in order.
@Suite struct CEA608FieldPairsTests {
    @Test func keepsThePicturesThatCarryDataOfTheField() {
        func t(_ kind: CCDataTriplet.Kind, _ b1: UInt8, _ b2: UInt8, valid: Bool = true) -> CCDataTriplet {
            CCDataTriplet(isValid: valid, kind: kind, byte1: b1, byte2: b2)
        }
        var field1 = CEA608FieldPairs(field: 1), field2 = CEA608FieldPairs(field: 2)
        let pictures: [[CCDataTriplet]] = [
            [t(.field1, 0x80, 0x80), t(.field2, 0x15, 0x20)],                         // field 2 only
            [t(.field1, 0x94, 0x2F), t(.field2, 0x80, 0x80), t(.field1, 0x80, 0x80)],  // EOC, then padding
            [t(.field1, 0x00, 0x00), t(.field1, 0x94, 0x2F, valid: false)],           // nothing valid but 00 00
            [t(.field2, 0x80, 0x80), t(.field1, 0x80, 0x80), t(.field1, 0x94, 0x2F), t(.dtvccStart, 0x02, 0x21)],
        ]
        for (n, picture) in pictures.enumerated() {
            let time = MediaTime(value: Int64(n) * 1001, timescale: 24000)
            field1.append(picture, at: time)
            field2.append(picture, at: time)
        }
        #expect(field1.count == 2 && field2.count == 1)
        #expect(field1[0].time == MediaTime(value: 1001, timescale: 24000) && Array(field1[0].pairs) == [0x942F, 0x8080])
        #expect(field1[1].time == MediaTime(value: 3003, timescale: 24000) && Array(field1[1].pairs) == [0x8080, 0x942F])
        #expect(SCCDisassembler.disassemble(field1) == "00:00:00.042\t{EOC}{}\n00:00:00.125\t{}{EOC}\n")
        #expect(SCCDisassembler.disassemble(field2, options: .init(showsChannels: true)) == "00:00:00.000\t{CC3|RCL}\n")
        #expect(CEA608FieldPairs(field: 1).isEmpty && SCCDisassembler.disassemble(CEA608FieldPairs(field: 1)) == "")
    }
}
