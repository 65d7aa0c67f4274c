/// The CEA-608 character sets, as Unicode scalars (CEA-608-E Annex F, Tables 49 and 50, and the
/// extended sets of CEA-608-E §6.4.2).
///
/// Every set is indexed by the character byte with its parity bit removed. Where the decoders in
/// use disagree, these tables follow CEA-608-E:
/// - standard `0x27` is the apostrophe U+0027, as Table 50 names it ("Apostrophe"); FFmpeg shows
///   U+2019 RIGHT SINGLE QUOTATION MARK;
/// - extended `0x12 0x29` is the "plain single quote" U+0027 (the *opening* single quote is
///   `0x12 0x26`, U+2018); FFmpeg shows U+2019 here too;
/// - extended `0x12 0x2A` is the "em dash" U+2014; ttconv and FFmpeg show U+2501 BOX DRAWINGS
///   HEAVY HORIZONTAL, a glyph for drawing boxes with the corners at `0x13 0x3C`–`0x3F`.
/// Everything else agrees with the ttconv suite (`conformance/ttconv/scc/charsets.json`),
/// including its choices of glyph for the box corners (U+250F…U+251B), the vertical bar at
/// `0x13 0x37` (U+2503) and the caret at `0x13 0x2C` (U+028C, as drawn in the standard's table).
public enum CEA608Characters {
    /// The standard (basic North American) set, `0x20`–`0x7F` (Table 50): ASCII with ten
    /// substitutions for accented letters and symbols.
    @inline(__always) public static func standard(_ byte: UInt8) -> Unicode.Scalar? {
        guard byte >= 0x20 && byte <= 0x7F else { return nil }
        switch byte {
        case 0x2A: return "\u{E1}"   // á
        case 0x5C: return "\u{E9}"   // é
        case 0x5E: return "\u{ED}"   // í
        case 0x5F: return "\u{F3}"   // ó
        case 0x60: return "\u{FA}"   // ú
        case 0x7B: return "\u{E7}"   // ç
        case 0x7C: return "\u{F7}"   // ÷
        case 0x7D: return "\u{D1}"   // Ñ
        case 0x7E: return "\u{F1}"   // ñ
        case 0x7F: return "\u{2588}" // █ solid block
        default: return Unicode.Scalar(byte)
        }
    }

    /// The special characters, second byte `0x30`–`0x3F` after `0x11`/`0x19` (Table 49). They
    /// take a cell of their own (unlike the extended characters). `0x39` is the transparent space,
    /// shown here as a space; the decoder stores it as an empty cell.
    public static func special(_ byte: UInt8) -> Unicode.Scalar? {
        guard byte >= 0x30 && byte <= 0x3F else { return nil }
        return specialTable[Int(byte - 0x30)]
    }

    /// The extended characters, second byte `0x20`–`0x3F` after `0x12`/`0x1A` (Spanish, French and
    /// miscellaneous: `set` 0) or `0x13`/`0x1B` (Portuguese, German and Danish: `set` 1), CEA-608-E
    /// §6.4.2. Each replaces the character before it: decoders without the extended sets show the
    /// standard character sent just before instead.
    public static func extended(set: Int, _ byte: UInt8) -> Unicode.Scalar? {
        guard byte >= 0x20 && byte <= 0x3F, set == 0 || set == 1 else { return nil }
        return (set == 0 ? spanishFrenchTable : portugueseGermanTable)[Int(byte - 0x20)]
    }

    /// How a character is sent in CEA-608, for what can carry it and what it costs (CEA-608-E §8):
    /// a standard character is one byte, two to a pair; a special character a pair of its own,
    /// sent twice; an extended character a standard fallback character and a pair, sent twice.
    public enum Repertoire: Sendable, Hashable {
        /// In the standard set.
        case standard
        /// A special character (`0x11`/`0x19` `0x30`–`0x3F`).
        case special
        /// An extended character (Spanish, French, Portuguese, German, Danish, miscellaneous).
        case extended
    }

    /// The cheapest set a Unicode scalar is in, or nil when CEA-608 cannot carry it: the tables
    /// above read backwards (control codes and the transparent space aside).
    public static func repertoire(of scalar: Unicode.Scalar) -> Repertoire? { repertoireTable[scalar] }

    private static let repertoireTable: [Unicode.Scalar: Repertoire] = {
        var table: [Unicode.Scalar: Repertoire] = [:]
        func add(_ scalar: Unicode.Scalar?, _ kind: Repertoire) {
            guard let scalar, scalar.value >= 0x20, scalar.value != 0x7F, table[scalar] == nil else { return }
            table[scalar] = kind
        }
        for byte in UInt8(0x20)...0x7F { add(standard(byte), .standard) }
        for byte in UInt8(0x30)...0x3F { add(special(byte), .special) }
        for set in 0...1 { for byte in UInt8(0x20)...0x3F { add(extended(set: set, byte), .extended) } }
        return table
    }()

    private static let specialTable: [Unicode.Scalar] = [
        "\u{AE}", "\u{B0}", "\u{BD}", "\u{BF}", "\u{2122}", "\u{A2}", "\u{A3}", "\u{266A}",
        "\u{E0}", " ", "\u{E8}", "\u{E2}", "\u{EA}", "\u{EE}", "\u{F4}", "\u{FB}",
    ]

    private static let spanishFrenchTable: [Unicode.Scalar] = [
        // Á É Ó Ú Ü ü ‘ ¡
        "\u{C1}", "\u{C9}", "\u{D3}", "\u{DA}", "\u{DC}", "\u{FC}", "\u{2018}", "\u{A1}",
        // * ' — © ℠ • “ ”
        "*", "'", "\u{2014}", "\u{A9}", "\u{2120}", "\u{2022}", "\u{201C}", "\u{201D}",
        // À Â Ç È Ê Ë ë Î
        "\u{C0}", "\u{C2}", "\u{C7}", "\u{C8}", "\u{CA}", "\u{CB}", "\u{EB}", "\u{CE}",
        // Ï ï Ô Ù ù Û « »
        "\u{CF}", "\u{EF}", "\u{D4}", "\u{D9}", "\u{F9}", "\u{DB}", "\u{AB}", "\u{BB}",
    ]

    private static let portugueseGermanTable: [Unicode.Scalar] = [
        // Ã ã Í Ì ì Ò ò Õ
        "\u{C3}", "\u{E3}", "\u{CD}", "\u{CC}", "\u{EC}", "\u{D2}", "\u{F2}", "\u{D5}",
        // õ { } \ ʌ _ | ~
        "\u{F5}", "{", "}", "\\", "\u{28C}", "_", "|", "~",
        // Ä ä Ö ö ß ¥ ¤ ┃
        "\u{C4}", "\u{E4}", "\u{D6}", "\u{F6}", "\u{DF}", "\u{A5}", "\u{A4}", "\u{2503}",
        // Å å Ø ø ┏ ┓ ┗ ┛
        "\u{C5}", "\u{E5}", "\u{D8}", "\u{F8}", "\u{250F}", "\u{2513}", "\u{2517}", "\u{251B}",
    ]
}
