public import TimedText

extension DiagnosticCode {
    /// Warning: an invalid UTF-8 sequence was replaced by U+FFFD (Unicode §3.9, maximal subparts).
    public static let invalidUTF8: Self = "text.invalid-utf8"
    /// Warning: a NUL character in the text was replaced by U+FFFD.
    public static let nulCharacter: Self = "text.nul"
}

/// Makes UTF-8 bytes clean for readers: CRLF and CR become LF, NUL and every maximal invalid
/// subpart (Unicode §3.9, "U+FFFD substitution of maximal subparts") become U+FFFD.
/// Clean input — the common case — is returned without a copy.
enum UTF8Normalizer {
    /// At most this many diagnostics of one kind; the last one gives the total.
    static let diagnosticLimit = 20

    static func normalize(_ input: ArraySlice<UInt8>) -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
        let firstIssue = input.withUnsafeBufferPointer { firstIrregularity($0) }
        guard let firstIssue else { return (Array(input), []) }
        return input.withUnsafeBufferPointer { repair($0, from: firstIssue) }
    }

    /// Index of the first CR, NUL or invalid UTF-8 byte, or nil. Large texts are scanned in
    /// pieces on all cores, split where no UTF-8 sequence continues.
    static func firstIrregularity(_ p: UnsafeBufferPointer<UInt8>) -> Int? {
        let pieces = parallelPieces(size: p.count, minimumPieceSize: 2 << 20)
        if pieces == 1 { return firstIrregularity(p, in: 0..<p.count) }
        let bounds = pieceBounds(0..<p.count, pieces: pieces) { near in
            var b = near
            while b < p.count && p[b] & 0xC0 == 0x80 { b += 1 }   // not inside a sequence
            return b
        }
        nonisolated(unsafe) let buffer = p
        let limits = bounds
        let found = parallelMap(count: limits.count - 1) { k in firstIrregularity(buffer, in: limits[k]..<limits[k + 1]) }
        return found.compactMap { $0 }.min()
    }

    /// The first irregularity in `range`, read as if the text ended there. Eight ASCII bytes at a time.
    static func firstIrregularity(_ whole: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        let p = UnsafeBufferPointer(rebasing: whole[range])
        return firstIrregularityFromStart(p).map { $0 + range.lowerBound }
    }

    private static func firstIrregularityFromStart(_ p: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = p.count
        var i = 0
        guard let base = p.baseAddress else { return nil }
        while i < n {
            if i + 8 <= n {
                let word = ByteWord.load(base, at: i)
                if ByteWord.isASCII(word) && !ByteWord.hasZeroByte(word) && !ByteWord.hasByte(word, equalTo: 0x0D) {
                    i += 8
                    continue
                }
            }
            let b = p[i]
            if b < 0x80 {
                if b == 0x0D || b == 0 { return i }
                i += 1
                continue
            }
            let (length, valid) = sequence(p, at: i)
            if !valid { return i }
            i += length
        }
        return nil
    }

    /// The length of the UTF-8 sequence at `i`; when invalid, the length of its maximal subpart.
    @inline(__always)
    static func sequence(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> (length: Int, valid: Bool) {
        let b0 = p[i]
        let n = p.count
        func cont(_ k: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            i + k < n && p[i + k] >= lo && p[i + k] <= hi
        }
        switch b0 {
        case 0xC2...0xDF:
            return cont(1) ? (2, true) : (1, false)
        case 0xE0...0xEF:
            let lo: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
            let hi: UInt8 = b0 == 0xED ? 0x9F : 0xBF
            guard cont(1, lo, hi) else { return (1, false) }
            return cont(2) ? (3, true) : (2, false)
        case 0xF0...0xF4:
            let lo: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
            let hi: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
            guard cont(1, lo, hi) else { return (1, false) }
            guard cont(2) else { return (2, false) }
            return cont(3) ? (4, true) : (3, false)
        default:
            return (1, false)
        }
    }

    private static func repair(_ p: UnsafeBufferPointer<UInt8>, from firstIssue: Int) -> ([UInt8], [Diagnostic]) {
        var out = [UInt8]()
        out.reserveCapacity(p.count + 16)
        out.append(contentsOf: p[0..<firstIssue])
        // Line and column bookkeeping only from here on: count the lines before the first issue once.
        var line = 1 + p[0..<firstIssue].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        var lineStart = (p[0..<firstIssue].lastIndex(of: 0x0A)).map { $0 + 1 } ?? 0
        var invalid: [Diagnostic] = []
        var nuls: [Diagnostic] = []
        var invalidCount = 0
        var nulCount = 0
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        var i = firstIssue
        let n = p.count
        while i < n {
            let b = p[i]
            if b < 0x80 {
                switch b {
                case 0x0D:
                    out.append(0x0A)
                    if i + 1 < n && p[i + 1] == 0x0A { i += 1 }
                    line += 1
                    lineStart = out.count
                case 0x0A:
                    out.append(0x0A)
                    line += 1
                    lineStart = out.count
                case 0:
                    nulCount += 1
                    if nuls.count < diagnosticLimit {
                        nuls.append(Diagnostic(.warning, .nulCharacter, "NUL character replaced by U+FFFD",
                                               at: SourceLocation(line: line, column: out.count - lineStart + 1)))
                    }
                    out.append(contentsOf: replacement)
                default:
                    out.append(b)
                }
                i += 1
                continue
            }
            let (length, valid) = sequence(p, at: i)
            if valid {
                out.append(contentsOf: p[i..<(i + length)])
            } else {
                invalidCount += 1
                if invalid.count < diagnosticLimit {
                    let hex = p[i..<(i + length)].map { hexByte($0) }.joined(separator: " ")
                    invalid.append(Diagnostic(.warning, .invalidUTF8, "invalid UTF-8 (\(hex)) replaced by U+FFFD",
                                              at: SourceLocation(line: line, column: out.count - lineStart + 1)))
                }
                out.append(contentsOf: replacement)
            }
            i += length
        }
        if invalidCount > invalid.count, var last = invalid.popLast() {
            last.message += "; \(invalidCount) invalid sequences in all, only the first \(diagnosticLimit) reported"
            invalid.append(last)
        }
        if nulCount > nuls.count, var last = nuls.popLast() {
            last.message += "; \(nulCount) NUL characters in all, only the first \(diagnosticLimit) reported"
            nuls.append(last)
        }
        return (out, invalid + nuls)
    }

    /// Counts invalid sequences and valid multi-byte sequences (to tell damaged UTF-8 from a legacy encoding).
    static func census(_ input: ArraySlice<UInt8>) -> (invalid: Int, multibyte: Int) {
        input.withUnsafeBufferPointer { p in
            var invalid = 0
            var multibyte = 0
            var i = 0
            while i < p.count {
                if i + 8 <= p.count, ByteWord.isASCII(ByteWord.load(p.baseAddress!, at: i)) {
                    i += 8
                    continue
                }
                if p[i] < 0x80 { i += 1; continue }
                let (length, valid) = sequence(p, at: i)
                if valid { multibyte += 1 } else { invalid += 1 }
                i += length
            }
            return (invalid, multibyte)
        }
    }
}

func hexByte(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
}
