/// The bytes of an MCC line: hexadecimal pairs, with single letters standing for the byte
/// sequences caption packets are full of, as the MacCaption header's own table lists them:
///
/// | letter | bytes |
/// |---|---|
/// | `G`…`O` | 1…9 × `FA 00 00` (DTVCC padding) |
/// | `P` | `FB 80 80` |
/// | `Q` | `FC 80 80` (608 field-1 padding) |
/// | `R` | `FD 80 80` (608 field-2 padding) |
/// | `S` | `96 69` (`cdp_identifier`) |
/// | `T` | `61 01` (the CDP's ANC DID and SDID) |
/// | `U` | `E1 00 00 00` |
/// | `Z` | `00` |
///
/// FFmpeg reads `U` as four bytes, as the table says; GStreamer reads three. The writer never
/// uses `U`, so its files read the same everywhere.
public enum MCCPayload {
    /// Why a line's payload could not be read.
    public struct DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The offset in the text of the character at fault.
        public var offset: Int
        /// The character at fault, or nil when a byte's second hex digit is missing at the end.
        public var character: UInt8?

        /// An error at `offset` about `character`.
        public init(offset: Int, character: UInt8?) {
            self.offset = offset
            self.character = character
        }

        /// One sentence: which character, and why it cannot be read.
        public var description: String {
            guard let character else { return "a byte's second hex digit is missing at the end of the line" }
            if Self.hexValue(character) != nil {
                return "the hex digit '\(Character(Unicode.Scalar(character)))' has no second digit"
            }
            let shown = character >= 0x21 && character < 0x7F ? "'\(Character(Unicode.Scalar(character)))'" : hex(character)
            return "\(shown) is neither a hex digit nor one of MCC's letters G–U, Z"
        }

        static func hexValue(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            default: nil
            }
        }
    }

    /// The bytes a line's payload text stands for. Hex digits may be upper or lower case, and so
    /// may the letters (FFmpeg reads lower-case letters too); spaces and tabs between bytes are
    /// skipped.
    public static func decode(_ text: some Collection<UInt8>) -> Result<[UInt8], DecodingError> {
        var bytes: [UInt8] = []
        if let error = decode(Array(text)[...], into: &bytes) { return .failure(error) }
        return .success(bytes)
    }

    /// `bytes` as MCC payload text, upper case, each run of `FA 00 00` (up to nine) and each of
    /// the other sequences of the table written as its letter (greedy, longest first) — but `U`.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        var text: [UInt8] = []
        encode(Array(bytes), into: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the bytes `text` stands for to `bytes`; returns the first error, if any (the
    /// bytes before it are appended). Offsets are the text's own indices.
    static func decode(_ text: ArraySlice<UInt8>, into bytes: inout [UInt8]) -> DecodingError? {
        var k = text.startIndex
        let end = text.endIndex
        while k < end {
            let c = text[k]
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") {
                k += 1
                continue
            }
            if let high = DecodingError.hexValue(c) {
                guard k + 1 < end else { return DecodingError(offset: k, character: nil) }
                guard let low = DecodingError.hexValue(text[k + 1]) else { return DecodingError(offset: k, character: c) }
                bytes.append(high << 4 | low)
                k += 2
                continue
            }
            switch c | 0x20 {  // lower case
            case UInt8(ascii: "g")...UInt8(ascii: "o"):
                for _ in 0...Int((c | 0x20) - UInt8(ascii: "g")) { bytes += [0xFA, 0x00, 0x00] }
            case UInt8(ascii: "p"): bytes += [0xFB, 0x80, 0x80]
            case UInt8(ascii: "q"): bytes += [0xFC, 0x80, 0x80]
            case UInt8(ascii: "r"): bytes += [0xFD, 0x80, 0x80]
            case UInt8(ascii: "s"): bytes += [0x96, 0x69]
            case UInt8(ascii: "t"): bytes += [0x61, 0x01]
            case UInt8(ascii: "u"): bytes += [0xE1, 0x00, 0x00, 0x00]
            case UInt8(ascii: "z"): bytes.append(0x00)
            default: return DecodingError(offset: k, character: c)
            }
            k += 1
        }
        return nil
    }

    /// Appends `bytes` as payload text to `text`.
    static func encode(_ bytes: [UInt8], into text: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        var k = 0
        let n = bytes.count
        while k < n {
            let b = bytes[k]
            let two = k + 1 < n ? bytes[k + 1] : nil
            let three = k + 2 < n ? bytes[k + 2] : nil
            if b == 0xFA, two == 0, three == 0 {
                var run = 1
                while run < 9, k + 3 * run + 2 < n, bytes[k + 3 * run] == 0xFA, bytes[k + 3 * run + 1] == 0, bytes[k + 3 * run + 2] == 0 {
                    run += 1
                }
                text.append(UInt8(ascii: "G") + UInt8(run - 1))
                k += 3 * run
            } else if (0xFB...0xFD).contains(b), two == 0x80, three == 0x80 {
                text.append(UInt8(ascii: "P") + (b - 0xFB))
                k += 3
            } else if b == 0x96, two == 0x69 {
                text.append(UInt8(ascii: "S"))
                k += 2
            } else if b == 0x61, two == 0x01 {
                text.append(UInt8(ascii: "T"))
                k += 2
            } else if b == 0 {
                text.append(UInt8(ascii: "Z"))
                k += 1
            } else {
                text += [digits[Int(b >> 4)], digits[Int(b & 0xF)]]
                k += 1
            }
        }
    }
}
