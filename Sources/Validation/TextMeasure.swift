/// Counting what a viewer reads: characters as graphemes, lines, words, and display width.
///
/// Graphemes, not scalars or bytes: `é` written as `e` + U+0301 is one character on screen, and
/// so is a flag or a family emoji.
enum TextMeasure {
    /// The lines of a cue's plain text (`\n`-separated).
    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Characters a viewer reads: graphemes, line breaks excluded, spaces included (as the
    /// Netflix and Subtitle Edit counts do).
    static func readingLength(_ text: String) -> Int {
        var count = 0
        for character in text where character != "\n" && character != "\r\n" { count += 1 }
        return count
    }

    /// A line's length in half-width units: a full-width (East Asian wide) grapheme counts 2 and
    /// everything else 1. A limit of N full-width characters is 2N of these units.
    static func halfWidthUnits(_ line: Substring) -> Int {
        var units = 0
        for character in line {
            units += character.unicodeScalars.first.map { isWide($0) ? 2 : 1 } ?? 1
        }
        return units
    }

    /// The graphemes of a line.
    static func graphemes(_ line: Substring) -> Int { line.count }

    /// Words: runs of letters, digits and marks (with inner apostrophes and hyphens) separated by
    /// anything else.
    static func words(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            let p = scalar.properties
            if p.isAlphabetic || p.numericType != nil {
                if !inWord { count += 1 }
                inWord = true
            } else if inWord && (scalar == "'" || scalar == "\u{2019}" || scalar == "-") {
                continue  // "don't", "well-known": one word
            } else {
                inWord = false
            }
        }
        return count
    }

    /// East Asian Wide and Fullwidth scalars (UAX #11 W and F), by block: Hangul Jamo, CJK
    /// radicals to CJK Unified Ideographs, Hangul syllables, compatibility ideographs, vertical
    /// and compatibility forms, fullwidth forms, and the supplementary ideographic planes.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
             0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
