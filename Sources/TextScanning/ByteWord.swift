/// Eight bytes of text looked at as one word ("SWAR"): the scanners skip runs of ordinary bytes a
/// word at a time instead of branching on each. Byte k of the text is byte k of the word (little
/// endian), and each test answers for all eight bytes at once.
package enum ByteWord {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes from `offset` (which must have eight bytes after it).
    @inlinable @inline(__always)
    package static func load(_ base: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// True when some byte is zero.
    @inlinable @inline(__always)
    package static func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }

    /// True when some byte equals `byte`.
    @inlinable @inline(__always)
    package static func hasByte(_ word: UInt64, equalTo byte: UInt8) -> Bool {
        hasZeroByte(word ^ (ones &* UInt64(byte)))
    }

    /// True when some byte is below `limit` (at most 0x80; bytes from 0x80 up never count).
    @inlinable @inline(__always)
    package static func hasByte(_ word: UInt64, below limit: UInt8) -> Bool {
        (word &- ones &* UInt64(limit)) & ~word & highs != 0
    }

    /// True when every byte is ASCII.
    @inlinable @inline(__always)
    package static func isASCII(_ word: UInt64) -> Bool { word & highs == 0 }

    /// The high bit of each byte that equals `byte`, and only of those (exact, unlike
    /// `hasByte(_:equalTo:)`, which only says whether there is one).
    @inlinable @inline(__always)
    package static func mask(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return ~(((x & ~highs) &+ ~highs) | x) & highs
    }
}
