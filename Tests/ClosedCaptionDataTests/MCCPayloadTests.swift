import Testing
import ClosedCaptionData

@Suite struct MCCPayloadTests {
    static let pad: [UInt8] = [0xFA, 0x00, 0x00]

    /// The letters of MacCaption's table, each expanded.
    @Test func expandsEveryLetter() throws {
        for (k, letter) in "GHIJKLMNO".enumerated() {
            let expanded = try MCCPayload.decode(Array(String(letter).utf8)).get()
            #expect(expanded == Array([[UInt8]](repeating: Self.pad, count: k + 1).joined()))
        }
        let table: [(String, [UInt8])] = [("P", [0xFB, 0x80, 0x80]), ("Q", [0xFC, 0x80, 0x80]), ("R", [0xFD, 0x80, 0x80]),
                                          ("S", [0x96, 0x69]), ("T", [0x61, 0x01]), ("U", [0xE1, 0x00, 0x00, 0x00]), ("Z", [0x00])]
        for (letter, bytes) in table {
            #expect(try MCCPayload.decode(Array(letter.utf8)).get() == bytes)
        }
    }

    @Test func readsHexInEitherCaseAndLettersBetweenBytes() throws {
        #expect(try MCCPayload.decode(Array("T49S4f43zZ72f4".utf8)).get()
                == [0x61, 0x01, 0x49, 0x96, 0x69, 0x4F, 0x43, 0x00, 0x00, 0x72, 0xF4])
        #expect(try MCCPayload.decode(Array("94 20 qR".utf8)).get() == [0x94, 0x20, 0xFC, 0x80, 0x80, 0xFD, 0x80, 0x80])
    }

    @Test func saysWhereTheDataIsBad() {
        #expect(MCCPayload.decode(Array("9420X1".utf8)) == .failure(.init(offset: 4, character: UInt8(ascii: "X"))))
        #expect(MCCPayload.decode(Array("942".utf8)) == .failure(.init(offset: 2, character: nil)))
        #expect(MCCPayload.decode(Array("9G20".utf8)) == .failure(.init(offset: 0, character: UInt8(ascii: "9"))))
        #expect(MCCPayload.decode(Array("94V0".utf8)) == .failure(.init(offset: 2, character: UInt8(ascii: "V"))))
        #expect(MCCPayload.decode([0x39, 0x34, 0xC3, 0xA9]) == .failure(.init(offset: 2, character: 0xC3)))
    }

    /// Greedy, longest first: runs of padding up to nine, the 608 pairs, the CDP and ANC ids, zeros.
    @Test func producesTheLetters() throws {
        var bytes: [UInt8] = [0x61, 0x01, 0x49, 0x96, 0x69, 0x4F, 0x43, 0x00, 0x00, 0x72, 0xF4, 0xFC, 0x80, 0x80, 0xFD, 0x80, 0x80]
        for _ in 0..<18 { bytes += Self.pad }
        bytes += [0x74, 0x00, 0x00, 0xBF, 0xAB]
        #expect(MCCPayload.encode(bytes) == "T49S4F43ZZ72F4QROO74ZZBFAB")
        var eleven: [UInt8] = []
        for _ in 0..<11 { eleven += Self.pad }
        #expect(MCCPayload.encode(eleven + [0xFB, 0x80, 0x80, 0xFA, 0x00]) == "OHPFAZ")
        #expect(MCCPayload.encode([0xE1, 0x00, 0x00, 0x00]) == "E1ZZZ", "U is never written: readers disagree on it")
        #expect(try MCCPayload.decode(Array(MCCPayload.encode(bytes).utf8)).get() == bytes)
    }

    /// Any bytes encode to text that decodes back to them.
    @Test func roundTripsAnyBytes() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let alphabet: [UInt8] = [0x00, 0x01, 0x61, 0x69, 0x80, 0x96, 0xE1, 0xFA, 0xFB, 0xFC, 0xFD, 0x7F]
        for _ in 0..<500 {
            var bytes: [UInt8] = []
            for _ in 0..<40 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(alphabet[Int(state >> 59) % alphabet.count])
            }
            #expect(try MCCPayload.decode(Array(MCCPayload.encode(bytes).utf8)).get() == bytes)
        }
    }
}
