/// Kinsoku shori (禁則処理): the characters that may not start or end a line in Japanese and
/// Chinese text, after JIS X 4051 and W3C "Requirements for Japanese Text Layout" (JLREQ §3.1.7
/// and its character classes cl-01 to cl-11), in their strict form: small kana and the prolonged
/// sound mark are kept off a line's start too.
///
/// ICU's line breaker knows most of this through UAX #14, but not everywhere: its phrase mode for
/// Japanese breaks before iteration marks (`々`, `ゝ`), and its `ja` tailoring without `lb=strict`
/// breaks before small kana. Line breaking filters ICU's opportunities through these tables, and
/// validation checks authored line breaks against them, so both agree on what a bad break is.
public enum Kinsoku {
    /// True when no line may start with `scalar`: closing brackets and quotes (cl-02), hyphens
    /// (cl-03), `！？` (cl-04), middle dots and colons (cl-05), full stops (cl-06), commas (cl-07),
    /// iteration marks (cl-09), the prolonged sound mark (cl-10) and small kana (cl-11), with their
    /// half-width forms.
    public static func mayNotStartLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        // Closing brackets and quotation marks: ’ ” ） 〕 ］ ｝ 〉 》 」 』 】 〙 〗 〟 ⦆ » ｠ ｣
        case 0x2019, 0x201D, 0xFF09, 0x3015, 0xFF3D, 0xFF5D, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011,
             0x3019, 0x3017, 0x301F, 0x2986, 0x00BB, 0xFF60, 0xFF63:
            return true
        // Hyphens: ‐ ゠. Not JLREQ's en dash, which starts Western dialogue lines, nor the wave
        // dashes 〜 ～, which start a subtitle line continuing a song or a drawn-out word (UAX #14
        // already keeps a line break before 〜 away)
        case 0x2010, 0x30A0:
            return true
        // Dividing punctuation: ！ ？ ‼ ⁇ ⁈ ⁉ ! ?
        case 0xFF01, 0xFF1F, 0x203C, 0x2047, 0x2048, 0x2049, 0x0021, 0x003F:
            return true
        // Middle dots, colons and semicolons: ・ ： ； ･
        case 0x30FB, 0xFF1A, 0xFF1B, 0xFF65:
            return true
        // Full stops and commas: 。 ． 、 ， ｡ ､
        case 0x3002, 0xFF0E, 0x3001, 0xFF0C, 0xFF61, 0xFF64:
            return true
        // Iteration marks ヽ ヾ ゝ ゞ 々 〻, and the voiced sound marks ゛ ゜
        case 0x30FD, 0x30FE, 0x309D, 0x309E, 0x3005, 0x303B, 0x309B, 0x309C:
            return true
        // Prolonged sound marks ー ｰ
        case 0x30FC, 0xFF70:
            return true
        // Small hiragana ぁぃぅぇぉっゃゅょゎゕゖ
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096:
            return true
        // Small katakana ァィゥェォッャュョヮヵヶ, the Ainu small katakana ㇰ–ㇿ, half-width ｧ–ｯ
        case 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,
             0x31F0...0x31FF, 0xFF67...0xFF6F:
            return true
        default:
            return false
        }
    }

    /// True when no line may end with `scalar`: the opening brackets and quotation marks (cl-01)
    /// ‘ “ （ 〔 ［ ｛ 〈 《 「 『 【 〘 〖 〝 ⦅ « ｟ ｢.
    public static func mayNotEndLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2018, 0x201C, 0xFF08, 0x3014, 0xFF3B, 0xFF5B, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010,
             0x3018, 0x3016, 0x301D, 0x2985, 0x00AB, 0xFF5F, 0xFF62:
            return true
        default:
            return false
        }
    }

    /// True for the inseparable characters (cl-08: `—`, `…`, `‥` and the kana repeat marks
    /// 〳〴〵), which may not be split from a neighbour of the same kind (`……`).
    public static func isInseparable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2014, 0x2026, 0x2025, 0x3033, 0x3034, 0x3035: return true
        default: return false
        }
    }

    /// True when a line may end after `before` and the next start with `after`, as far as kinsoku
    /// is concerned (whether there is a break opportunity at all is UAX #14's business).
    public static func allowsBreak(after before: Unicode.Scalar, before after: Unicode.Scalar) -> Bool {
        if mayNotEndLine(before) || mayNotStartLine(after) { return false }
        if isInseparable(before) && isInseparable(after) { return false }
        return true
    }
}
