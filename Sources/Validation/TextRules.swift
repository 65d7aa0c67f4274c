import TimedText

extension ValidationRun {
    /// `text.empty`, `text.mojibake`, `text.script-mismatch`.
    mutating func checkText(_ view: CueView, expectedScripts: Set<WritingScript>?) {
        if view.text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            report(.textEmpty, "cue has no visible text", cue: view, fix: "drop the cue")
            return
        }
        if let problem = Mojibake.firstProblem(in: view.text) {
            report(.textMojibake, problem, cue: view)
        }
        if let expected = expectedScripts, !containsLanguageSpan(view.cue.content),
           let found = ScriptCount.mismatch(in: view.text, expected: expected) {
            report(.textScriptMismatch,
                   "\(found.share)% of the letters are \(found.script.rawValue), not the script of the declared language (\(expected.map(\.rawValue).sorted().joined(separator: "/")))",
                   cue: view)
        }
    }

    /// Text marked as another language (`<lang>`, a TTML `xml:lang` span) is not held to the
    /// track's language.
    private func containsLanguageSpan(_ nodes: [InlineNode]) -> Bool {
        for node in nodes {
            if case .span(let span) = node {
                if case .language = span.kind { return true }
                if containsLanguageSpan(span.children) { return true }
            }
        }
        return false
    }
}

/// Counting letters by script.
enum ScriptCount {
    /// The dominant foreign script when fewer than half of at least 3 letters are in an expected
    /// script, with its share in percent.
    static func mismatch(in text: String, expected: Set<WritingScript>) -> (script: WritingScript, share: Int)? {
        var counts: [WritingScript: Int] = [:]
        var total = 0
        for scalar in text.unicodeScalars {
            guard let script = WritingScript.of(scalar) else { continue }
            counts[script, default: 0] += 1
            total += 1
        }
        guard total >= 3 else { return nil }
        let matching = expected.reduce(0) { $0 + (counts[$1] ?? 0) }
        guard matching * 2 < total else { return nil }
        let (script, count) = counts.filter { !expected.contains($0.key) }.max { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }!
        return (script, count * 100 / total)
    }

    /// True when most letters are in scripts written without spaces between words (Han, kana,
    /// Thai): words per minute means nothing there.
    /// True when the text has hiragana or katakana: it is Japanese, whatever its track declares.
    static func containsKana(_ text: String) -> Bool {
        text.unicodeScalars.contains { WritingScript.of($0) == .hiragana || WritingScript.of($0) == .katakana }
    }

    static func isUnspaced(_ text: String) -> Bool {
        var unspaced = 0, total = 0
        for scalar in text.unicodeScalars {
            guard let script = WritingScript.of(scalar) else { continue }
            total += 1
            if script == .han || script == .hiragana || script == .katakana || script == .thai { unspaced += 1 }
        }
        return total > 0 && unspaced * 2 >= total
    }
}

/// Text that went through the wrong decoder.
enum Mojibake {
    /// A description of the first sign of mis-decoding: UTF-8 read as Latin-1/windows-1252 (a
    /// run of characters whose windows-1252 bytes form a valid multi-byte UTF-8 sequence, as
    /// `Ã©` for `é` and `â€™` for `’`), a C1 control character, or U+FFFD.
    static func firstProblem(in text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        var k = 0
        while k < scalars.count {
            let scalar = scalars[k]
            if scalar == "\u{FFFD}" { return "replacement character U+FFFD: the text was not valid in its encoding" }
            if (0x80...0x9F).contains(scalar.value) {
                return "C1 control character U+\(hex(scalar.value)): windows-1252 text probably read as Latin-1"
            }
            if let length = sequence(at: k, in: scalars) {
                // Ã and Â leads (UTF-8 of Latin-1 letters and symbols: Ã©, Â°) are the common
                // case and rare in real text followed by such a character; any other two-byte
                // lead (Ñ», Ð¿) must be followed by a second sequence before it counts, so that
                // real text such as «Ñ» is not reported.
                let lead = windows1252Byte(scalars[k])!
                if length > 2 || lead == 0xC2 || lead == 0xC3 || sequence(at: k + length, in: scalars) != nil {
                    var bytes: [UInt8] = []
                    for j in k..<(k + length) { bytes.append(windows1252Byte(scalars[j])!) }
                    let decoded = String(decoding: bytes, as: UTF8.self)
                    let shown = String(String.UnicodeScalarView(scalars[k..<(k + length)]))
                    return "\"\(shown)\" is \"\(decoded)\" encoded as UTF-8 and decoded again as windows-1252 (double-encoded UTF-8)"
                }
            }
            k += 1
        }
        return nil
    }

    /// The length of a valid multi-byte UTF-8 sequence spelled by the windows-1252 bytes of the
    /// scalars from `k`, or nil.
    private static func sequence(at k: Int, in scalars: [Unicode.Scalar]) -> Int? {
        guard k < scalars.count, let lead = windows1252Byte(scalars[k]), let length = utf8SequenceLength(lead),
              k + length <= scalars.count else { return nil }
        var bytes = [lead]
        for j in 1..<length {
            guard let b = windows1252Byte(scalars[k + j]), b & 0xC0 == 0x80 else { return nil }
            bytes.append(b)
        }
        return String(validating: bytes, as: UTF8.self) != nil ? length : nil
    }

    /// The byte windows-1252 encodes a scalar as, for scalars at or above 0x80 (nil otherwise).
    private static func windows1252Byte(_ scalar: Unicode.Scalar) -> UInt8? {
        let v = scalar.value
        if v >= 0xA0 && v <= 0xFF { return UInt8(v) }
        if v >= 0x80 && v <= 0x9F { return UInt8(v) }  // Latin-1 reading of the undefined bytes
        return windows1252High[v]
    }

    /// Lead bytes of 2-, 3- and 4-byte UTF-8 sequences.
    private static func utf8SequenceLength(_ lead: UInt8) -> Int? {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: nil
        }
    }

    /// windows-1252's 0x80–0x9F, from the characters it maps them to.
    private static let windows1252High: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87,
        0x02C6: 0x88, 0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C, 0x017D: 0x8E, 0x2018: 0x91,
        0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98,
        0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B, 0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
