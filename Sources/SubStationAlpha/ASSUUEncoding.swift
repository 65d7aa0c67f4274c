/// The UUencoding variant of `[Fonts]` and `[Graphics]` (SSA v4 spec, "Embedded font/picture
/// files"): each character is 33 plus six bits; four characters carry three bytes, a last group
/// of two or three carries one or two; lines of at most 80 characters.
enum ASSUUEncoding {
    /// Decodes the concatenated data characters; nil when one is outside `!`…`` ` `` (33…96).
    static func decode(_ text: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count * 3 / 4)
        var group: UInt32 = 0
        var n = 0
        for c in text {
            guard c >= 33, c <= 96 else { return nil }
            group = group << 6 | UInt32(c - 33)
            n += 1
            if n == 4 {
                out.append(UInt8(group >> 16 & 0xFF))
                out.append(UInt8(group >> 8 & 0xFF))
                out.append(UInt8(group & 0xFF))
                group = 0
                n = 0
            }
        }
        switch n {
        case 2: out.append(UInt8(group >> 4 & 0xFF))
        case 3:
            out.append(UInt8(group >> 10 & 0xFF))
            out.append(UInt8(group >> 2 & 0xFF))
        case 1: return nil
        default: break
        }
        return out
    }

    /// Encodes bytes as the data lines of an attachment (80 characters a line).
    static func encode(_ data: [UInt8]) -> [String] {
        var chars: [UInt8] = []
        chars.reserveCapacity(data.count * 4 / 3 + 4)
        var k = 0
        while k + 3 <= data.count {
            let v = UInt32(data[k]) << 16 | UInt32(data[k + 1]) << 8 | UInt32(data[k + 2])
            for shift in [18, 12, 6, 0] { chars.append(UInt8(v >> UInt32(shift) & 63) + 33) }
            k += 3
        }
        let rest = data.count - k
        if rest == 1 {
            let v = UInt32(data[k]) << 4
            chars.append(UInt8(v >> 6 & 63) + 33)
            chars.append(UInt8(v & 63) + 33)
        } else if rest == 2 {
            let v = (UInt32(data[k]) << 8 | UInt32(data[k + 1])) << 2
            chars.append(UInt8(v >> 12 & 63) + 33)
            chars.append(UInt8(v >> 6 & 63) + 33)
            chars.append(UInt8(v & 63) + 33)
        }
        return stride(from: 0, to: chars.count, by: 80).map {
            String(decoding: chars[$0..<min($0 + 80, chars.count)], as: UTF8.self)
        }
    }
}
