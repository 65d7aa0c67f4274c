public import TimedText

/// One of the four caption channels of line 21: field 1 carries CC1 and CC2, field 2 CC3 and CC4
/// (CEA-608-E). Within a field, the first byte of each control code says which of the two data
/// channels it and the characters after it belong to.
public enum CEA608Channel: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case cc1 = "CC1", cc2 = "CC2", cc3 = "CC3", cc4 = "CC4"

    /// The channel of `field` (1 or 2) and `dataChannel` (1 or 2); any value other than 2 counts as 1.
    public init(field: Int, dataChannel: Int) {
        switch (field, dataChannel) {
        case (2, 2): self = .cc4
        case (2, _): self = .cc3
        case (_, 2): self = .cc2
        default: self = .cc1
        }
    }

    /// 1 or 2.
    public var field: Int { self == .cc1 || self == .cc2 ? 1 : 2 }
    /// 1 (CC1, CC3) or 2 (CC2, CC4).
    public var dataChannel: Int { self == .cc1 || self == .cc3 ? 1 : 2 }
    public var description: String { rawValue }
}

/// How a caption is put on screen (CEA-608-E Annex F, the caption modes): the `mode` of the `cea608` JSON view.
public enum CEA608CaptionMode: Sendable, Hashable, CustomStringConvertible {
    /// Loaded off screen and shown whole by EOC.
    case popOn
    /// Written on screen row by row; `rows` (2, 3 or 4) scroll up at each CR.
    case rollUp(rows: Int)
    /// Written on screen character by character (RDC).
    case paintOn

    /// `pop-on`, `roll-up-2`, `roll-up-3`, `roll-up-4` or `paint-on`.
    public var description: String {
        switch self {
        case .popOn: "pop-on"
        case .rollUp(let rows): "roll-up-\(rows)"
        case .paintOn: "paint-on"
        }
    }
}

/// The seven caption colours of preamble address and mid-row codes, and black, which only the
/// optional background and foreground attributes use (CEA-608-E Annex F, Table 51, and the optional
/// attributes of CEA-608-E).
public enum CEA608Color: UInt8, Sendable, Hashable, CaseIterable {
    case white, green, blue, cyan, red, yellow, magenta, black

    /// The colour as sRGB (the saturated primaries and secondaries the standard names).
    public var rgb: Color {
        switch self {
        case .white: .white
        case .green: Color(red: 0, green: 255, blue: 0)
        case .blue: Color(red: 0, green: 0, blue: 255)
        case .cyan: Color(red: 0, green: 255, blue: 255)
        case .red: Color(red: 255, green: 0, blue: 0)
        case .yellow: Color(red: 255, green: 255, blue: 0)
        case .magenta: Color(red: 255, green: 0, blue: 255)
        case .black: .black
        }
    }
}

/// The miscellaneous control codes: first byte `0x14`/`0x1C` (field 1) or `0x15`/`0x1D` (field 2),
/// second byte `0x20`–`0x2F` (CEA-608-E Annex F); the raw value is the second byte.
public enum CEA608Command: UInt8, Sendable, Hashable, CaseIterable {
    /// Resume caption loading: pop-on mode.
    case rcl = 0x20
    /// Backspace.
    case bs = 0x21
    /// Alarm off (reserved).
    case aof = 0x22
    /// Alarm on (reserved).
    case aon = 0x23
    /// Delete to end of row.
    case der = 0x24
    /// Roll-up captions, 2, 3 or 4 rows.
    case ru2 = 0x25, ru3 = 0x26, ru4 = 0x27
    /// Flash on.
    case fon = 0x28
    /// Resume direct captioning: paint-on mode.
    case rdc = 0x29
    /// Text restart, resume text display: text mode (T1–T4).
    case tr = 0x2A, rtd = 0x2B
    /// Erase displayed memory.
    case edm = 0x2C
    /// Carriage return.
    case cr = 0x2D
    /// Erase non-displayed memory.
    case enm = 0x2E
    /// End of caption: swap the memories.
    case eoc = 0x2F

    /// The standard's abbreviation: `RCL`, `BS`, `EOC`, …
    public var mnemonic: String {
        switch self {
        case .rcl: "RCL"
        case .bs: "BS"
        case .aof: "AOF"
        case .aon: "AON"
        case .der: "DER"
        case .ru2: "RU2"
        case .ru3: "RU3"
        case .ru4: "RU4"
        case .fon: "FON"
        case .rdc: "RDC"
        case .tr: "TR"
        case .rtd: "RTD"
        case .edm: "EDM"
        case .cr: "CR"
        case .enm: "ENM"
        case .eoc: "EOC"
        }
    }
}

/// A preamble address code (CEA-608-E Annex F, F.1.1.5): a row, and either an indent (white,
/// upright) or a colour or italics (at column 0), with underline.
public struct CEA608Preamble: Sendable, Hashable {
    /// 1...15.
    public var row: Int
    /// 0, 4, …, 28 for an indent code; nil for a style code (which places the cursor at column 0).
    public var indent: Int?
    /// The text colour; white for indent codes and for the italics code.
    public var color: CEA608Color
    /// True for the italics code (row, white italics, column 0).
    public var italic: Bool
    /// True when the code's underline bit (the last bit of the second byte) is set.
    public var underline: Bool
}

/// A mid-row code (CEA-608-E Annex F, Table 51): a colour (which ends italics) or italics (which
/// keeps the colour), with underline. It takes one cell, shown as a space.
public struct CEA608MidRow: Sendable, Hashable {
    /// Nil for the italics codes.
    public var color: CEA608Color?
    /// True when the code's underline bit is set.
    public var underline: Bool
    /// True for the italics codes, which keep the current colour.
    public var italic: Bool { color == nil }
}

/// A byte pair of line 21 data classified by its bytes (parity bits already removed).
public enum CEA608Code: Sendable, Hashable {
    /// `0x00 0x00` (sent as `80 80`): padding, no data.
    case padding
    /// One or two standard characters; 0 where a byte is null.
    case characters(UInt8, UInt8)
    /// A special character, second byte `0x30`–`0x3F`.
    case special(dataChannel: Int, UInt8)
    /// An extended character; `set` 0 is Spanish/French, 1 Portuguese/German/Danish.
    case extended(dataChannel: Int, set: Int, UInt8)
    case command(dataChannel: Int, CEA608Command)
    case preamble(dataChannel: Int, CEA608Preamble)
    case midRow(dataChannel: Int, CEA608MidRow)
    /// TO1–TO3: move the cursor 1–3 columns right.
    case tabOffset(dataChannel: Int, Int)
    /// An optional background attribute (CEA-608-E); a nil colour is transparent.
    case background(dataChannel: Int, color: CEA608Color?, semiTransparent: Bool)
    /// The optional black foreground attribute.
    case foregroundBlack(dataChannel: Int, underline: Bool)
    /// `0x17`/`0x1F` `0x24`–`0x2A`: character set selection for decoders of other regions.
    case characterSet(dataChannel: Int, UInt8)
    /// A pair whose first byte is `0x01`–`0x0F`: Extended Data Services (field 2 only).
    case xds(UInt8, UInt8)
    /// A control-code pair with no assignment, or a character byte below `0x20`.
    case unassigned(UInt8, UInt8)

    /// Classifies a pair whose parity bits are removed (each byte `0x00`–`0x7F`).
    public init(_ first: UInt8, _ second: UInt8) {
        switch first {
        case 0x00:
            if second == 0 { self = .padding; return }
            self = second >= 0x20 ? .characters(0, second) : .unassigned(first, second)
        case 0x01...0x0F:
            self = .xds(first, second)
        case 0x10...0x1F:
            self = CEA608Code.control(first, second)
        default:
            self = second == 0 || second >= 0x20 ? .characters(first, second) : .unassigned(first, second)
        }
    }

    /// True when the pair (parity bits included) is a control code of data channel 2 (CC2 or
    /// CC4), or an unassigned code in its range: the first pair that can switch the second
    /// channel's decoder on.
    public static func isSecondChannelControl(_ byte1: UInt8, _ byte2: UInt8) -> Bool {
        (0x18...0x1F).contains(byte1 & 0x7F)
    }

    /// True for pairs whose first byte is `0x10`–`0x1F`: the control codes (and the special and
    /// extended characters, which are sent like them, twice).
    public var isControl: Bool {
        switch self {
        case .padding, .characters, .xds: false
        case .unassigned(let first, _): (0x10...0x1F).contains(first)
        default: true
        }
    }

    /// The data channel a control code addresses (1 or 2), nil for other pairs.
    public var dataChannel: Int? {
        switch self {
        case .special(let c, _), .extended(let c, _, _), .command(let c, _), .preamble(let c, _),
             .midRow(let c, _), .tabOffset(let c, _), .background(let c, _, _), .foregroundBlack(let c, _),
             .characterSet(let c, _):
            c
        case .unassigned(let first, _): (0x10...0x1F).contains(first) ? (first & 0x08 == 0 ? 1 : 2) : nil
        case .padding, .characters, .xds: nil
        }
    }

    private static func control(_ first: UInt8, _ second: UInt8) -> CEA608Code {
        let channel = first & 0x08 == 0 ? 1 : 2
        let group = first & 0x07
        if second >= 0x40 && second <= 0x7F {
            guard let row = preambleRow(group, second & 0x20 != 0) else { return .unassigned(first, second) }
            let underline = second & 1 == 1
            let attribute = (second >> 1) & 0x0F
            if attribute >= 8 {
                return .preamble(dataChannel: channel, CEA608Preamble(
                    row: row, indent: Int(attribute - 8) * 4, color: .white, italic: false, underline: underline))
            }
            let italic = attribute == 7
            return .preamble(dataChannel: channel, CEA608Preamble(
                row: row, indent: nil, color: italic ? .white : CEA608Color(rawValue: attribute)!, italic: italic,
                underline: underline))
        }
        switch (group, second) {
        case (0, 0x20...0x2F):
            return .background(dataChannel: channel, color: CEA608Color(rawValue: (second >> 1) & 7),
                               semiTransparent: second & 1 == 1)
        case (1, 0x20...0x2F):
            let attribute = (second >> 1) & 7
            return .midRow(dataChannel: channel, CEA608MidRow(
                color: attribute == 7 ? nil : CEA608Color(rawValue: attribute), underline: second & 1 == 1))
        case (1, 0x30...0x3F):
            return .special(dataChannel: channel, second)
        case (2, 0x20...0x3F), (3, 0x20...0x3F):
            return .extended(dataChannel: channel, set: Int(group - 2), second)
        case (4, 0x20...0x2F), (5, 0x20...0x2F):
            return .command(dataChannel: channel, CEA608Command(rawValue: second)!)
        case (7, 0x21...0x23):
            return .tabOffset(dataChannel: channel, Int(second - 0x20))
        case (7, 0x24...0x2A):
            return .characterSet(dataChannel: channel, second)
        case (7, 0x2D):
            return .background(dataChannel: channel, color: nil, semiTransparent: false)
        case (7, 0x2E), (7, 0x2F):
            return .foregroundBlack(dataChannel: channel, underline: second == 0x2F)
        default:
            return .unassigned(first, second)
        }
    }

    /// CEA-608-E Annex F, F.1.1.5: the row of a preamble address code from the low three bits of
    /// the first byte and bit 5 of the second (`0x10` has only row 11).
    private static func preambleRow(_ group: UInt8, _ nextRow: Bool) -> Int? {
        switch group {
        case 0: nextRow ? nil : 11
        case 1: nextRow ? 2 : 1
        case 2: nextRow ? 4 : 3
        case 3: nextRow ? 13 : 12
        case 4: nextRow ? 15 : 14
        case 5: nextRow ? 6 : 5
        case 6: nextRow ? 8 : 7
        default: nextRow ? 10 : 9
        }
    }
}

/// CEA-608-E: each byte carries 7 data bits and an odd parity bit in bit 7.
public enum CEA608Parity {
    /// True when the byte has an odd number of 1 bits.
    @inlinable @inline(__always) public static func isValid(_ byte: UInt8) -> Bool {
        // 0x6996 holds the parity of each 4-bit value: folding the byte to a nibble keeps its
        // parity, and this is cheaper than a population count on CPUs built for without POPCNT.
        (UInt16(0x6996) >> UInt16((byte ^ (byte >> 4)) & 0x0F)) & 1 == 1
    }

    /// The byte with its parity bit removed.
    @inlinable public static func strip(_ byte: UInt8) -> UInt8 { byte & 0x7F }

    /// The byte with the parity bit set so that it has odd parity (for writers and tests).
    @inlinable public static func add(_ byte: UInt8) -> UInt8 {
        let data = byte & 0x7F
        return data.nonzeroBitCount & 1 == 1 ? data : data | 0x80
    }
}

/// Two lowercase hexadecimal digits, as SCC files write bytes.
func hex(_ byte: UInt8) -> String {
    let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
}
