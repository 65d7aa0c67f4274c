import Testing
import TestSupport
import TextScanning

/// Each word-at-a-time test agrees with asking every byte, on random words biased towards the
/// bytes the tests look for and their neighbours.
@Suite struct ByteWordTests {
    @Test func wordTestsAgreeWithByteByByte() {
        let interesting: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x26, 0x3C, 0x3E, 0x61, 0x7F, 0x80, 0xC3, 0xFF]
        var random = TestRandom(seed: 708)
        for _ in 0..<50_000 {
            let bytes: [UInt8] = (0..<8).map { _ in
                random.next() % 2 == 0 ? interesting[Int(random.next() % UInt64(interesting.count))] : UInt8(truncatingIfNeeded: random.next())
            }
            let word = bytes.withUnsafeBufferPointer { ByteWord.load($0.baseAddress!, at: 0) }
            #expect(ByteWord.hasZeroByte(word) == bytes.contains(0), "\(bytes)")
            #expect(ByteWord.isASCII(word) == bytes.allSatisfy { $0 < 0x80 }, "\(bytes)")
            for probe: UInt8 in [0x0D, 0x20, 0x26, 0x3C, 0x3E] {
                #expect(ByteWord.hasByte(word, equalTo: probe) == bytes.contains(probe), "\(bytes) \(probe)")
                let expectedMask = bytes.indices.reduce(UInt64(0)) { mask, k in bytes[k] == probe ? mask | (0x80 << UInt64(8 * k)) : mask }
                #expect(ByteWord.mask(word, equalTo: probe) == expectedMask, "\(bytes) \(probe)")
            }
            for limit: UInt8 in [0x01, 0x20, 0x80] {
                #expect(ByteWord.hasByte(word, below: limit) == bytes.contains { $0 < limit }, "\(bytes) \(limit)")
            }
        }
    }
}
