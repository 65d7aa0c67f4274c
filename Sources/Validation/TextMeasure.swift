import TextScanning

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

    /// A line's length in half-width units: a grapheme whose first scalar is East Asian Wide or
    /// Fullwidth (UAX #11 W or F) counts 2 and everything else 1. A limit of N full-width
    /// characters is 2N of these units.
    static func halfWidthUnits(_ line: Substring) -> Int {
        var units = 0
        for character in line {
            units += character.unicodeScalars.first.map { ScalarFacts.isEastAsianWide($0) ? 2 : 1 } ?? 1
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
}
