/// The characters a CEA-608 caption can carry: the standard set, the special characters and the
/// two extended sets (CEA-608-E Annex F, Tables 49 and 50, §6.4.2), as Unicode scalars.
///
/// Validation does not import the CEA608 module (see DESIGN.md), so the repertoire is listed
/// here; a test checks it against `CEA608Characters`, the decoder's tables.
enum CEA608Repertoire {
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x20 && scalar.value < 0x7F {
            // ASCII, but for the ten codes the standard set gives to accented letters and symbols
            // (`*`, `\`, `^`, `_`, `` ` ``, `{`, `|`, `}`, `~` come back in the extended sets).
            return !"*\\^_`{|}~".unicodeScalars.contains(scalar) || extra.contains(scalar)
        }
        return extra.contains(scalar)
    }

    /// A character of the standard set: one byte, two to a frame.
    static func isStandard(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x20 && scalar.value < 0x7F { return !"*\\^_`{|}~".unicodeScalars.contains(scalar) }
        return "\u{E1}\u{E9}\u{ED}\u{F3}\u{FA}\u{E7}\u{F7}\u{D1}\u{F1}\u{2588}".unicodeScalars.contains(scalar)
    }

    /// A special character: one code pair, sent twice.
    static func isSpecial(_ scalar: Unicode.Scalar) -> Bool {
        "\u{AE}\u{B0}\u{BD}\u{BF}\u{2122}\u{A2}\u{A3}\u{266A}\u{E0}\u{E8}\u{E2}\u{EA}\u{EE}\u{F4}\u{FB}"
            .unicodeScalars.contains(scalar)
    }

    private static let extra: Set<Unicode.Scalar> = {
        // Standard-set substitutions: á é í ó ú ç ÷ Ñ ñ █.
        let standard = "\u{E1}\u{E9}\u{ED}\u{F3}\u{FA}\u{E7}\u{F7}\u{D1}\u{F1}\u{2588}"
        // Special characters: ® ° ½ ¿ ™ ¢ £ ♪ à è â ê î ô û (and the transparent space).
        let special = "\u{AE}\u{B0}\u{BD}\u{BF}\u{2122}\u{A2}\u{A3}\u{266A}\u{E0}\u{E8}\u{E2}\u{EA}\u{EE}\u{F4}\u{FB}"
        // Extended Spanish/French/miscellaneous.
        let spanishFrench = "\u{C1}\u{C9}\u{D3}\u{DA}\u{DC}\u{FC}\u{2018}\u{A1}*'\u{2014}\u{A9}\u{2120}\u{2022}\u{201C}\u{201D}"
            + "\u{C0}\u{C2}\u{C7}\u{C8}\u{CA}\u{CB}\u{EB}\u{CE}\u{CF}\u{EF}\u{D4}\u{D9}\u{F9}\u{DB}\u{AB}\u{BB}"
        // Extended Portuguese/German/Danish.
        let portugueseGerman = "\u{C3}\u{E3}\u{CD}\u{CC}\u{EC}\u{D2}\u{F2}\u{D5}\u{F5}{}\\\u{28C}_|~"
            + "\u{C4}\u{E4}\u{D6}\u{F6}\u{DF}\u{A5}\u{A4}\u{2503}\u{C5}\u{E5}\u{D8}\u{F8}\u{250F}\u{2513}\u{2517}\u{251B}"
        return Set((standard + special + spanishFrench + portugueseGerman).unicodeScalars)
    }()
}
