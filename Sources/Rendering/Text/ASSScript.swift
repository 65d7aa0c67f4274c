import CaptionStyling

/// Generates the ASS that libass draws lines from: one script header whose play resolution is
/// the canvas in pixels (so script units are pixels), `YCbCr Matrix: None` (libass must not
/// convert colours: the compositor converts RGB to the video's matrix itself), no wrapping
/// (`WrapStyle: 2`: lines are broken before libass sees them), the base direction found from the
/// text (`Encoding: -1`, so an Arabic line ends at its left), no outline or shadow unless a run
/// asks for one.
enum ASSScript {
    static func header(width: Int, height: Int, family: String) -> String {
        """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: \(width)
        PlayResY: \(height)
        WrapStyle: 2
        ScaledBorderAndShadow: yes
        YCbCr Matrix: None

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,\(family),48,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,7,0,0,0,-1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """
    }

    /// A `Dialogue:` line shown from 0 for ten hours.
    static func dialogue(_ text: String) -> String {
        "Dialogue: 0,0:00:00.00,9:59:59.00,Default,,0,0,0,,\(text)\n"
    }

    /// `&HBBGGRR&`.
    static func color(_ c: Color4) -> String { "&H" + hex(c.b) + hex(c.g) + hex(c.r) + "&" }
    /// ASS alpha is transparency: `&H00&` opaque.
    static func alpha(_ a: UInt8) -> String { "&H" + hex(255 - a) + "&" }

    static func hex(_ v: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(v >> 4)], digits[Int(v & 15)]])
    }

    static func number(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    /// Text with ASS's special sequences neutralised: braces escaped, a backslash kept from
    /// starting `\N`, `\n` or `\h`, line feeds as spaces (lines are separate events).
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text {
            switch ch {
            case "{": out += "\\{"
            case "}": out += "\\}"
            // A word joiner after the backslash keeps it literal.
            case "\\": out += "\\\u{2060}"
            case "\n", "\r\n", "\r": out += " "
            default: out.append(ch)
            }
        }
        return out
    }
}
