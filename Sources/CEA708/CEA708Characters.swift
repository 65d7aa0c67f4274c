/// The characters of the code sets reached through EXT1 (CEA-708-E §7.1.8, §7.1.10). G0 is
/// ASCII but for 0x7F (♪) and G1 is ISO 8859-1; both are read in `CEA708CommandParser`.
enum CEA708Characters {
    /// G2, the extended miscellaneous characters (0x20 and 0x21, the transparent spaces, are
    /// commands of their own). Codes not listed are unassigned.
    static let g2: [UInt8: Character] = [
        0x25: "\u{2026}",  // …
        0x2A: "\u{0160}",  // Š
        0x2C: "\u{0152}",  // Œ
        0x30: "\u{2588}",  // █
        0x31: "\u{2018}",  // ‘
        0x32: "\u{2019}",  // ’
        0x33: "\u{201C}",  // “
        0x34: "\u{201D}",  // ”
        0x35: "\u{2022}",  // •
        0x39: "\u{2122}",  // ™
        0x3A: "\u{0161}",  // š
        0x3C: "\u{0153}",  // œ
        0x3D: "\u{2120}",  // ℠
        0x3F: "\u{0178}",  // Ÿ
        0x76: "\u{215B}",  // ⅛
        0x77: "\u{215C}",  // ⅜
        0x78: "\u{215D}",  // ⅝
        0x79: "\u{215E}",  // ⅞
        0x7A: "\u{2502}",  // │ vertical border
        0x7B: "\u{2510}",  // ┐ upper right border
        0x7C: "\u{2514}",  // └ lower left border
        0x7D: "\u{2500}",  // ─ horizontal border
        0x7E: "\u{2518}",  // ┘ lower right border
        0x7F: "\u{250C}",  // ┌ upper left border
    ]

    /// G3, kept for future characters: only 0xA0, the closed-caption logo, is assigned. Unicode
    /// has no CC logo as such; the model gets U+1F16D (🅭, CIRCLED CC, Unicode 13), the nearest
    /// character there is.
    static let g3: [UInt8: Character] = [
        0xA0: "\u{1F16D}",
    ]

    /// What an unassigned G2 or G3 code is shown as: an underscore, the fallback of the standard's
    /// substitutions for characters a decoder cannot show, so that the viewer sees something was
    /// there (and `cea708.unassigned-code` says what).
    static let substitute: Character = "_"
}
