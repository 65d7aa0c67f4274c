#if canImport(Glibc)
import Glibc
#endif
public import TimedText

extension DiagnosticCode {
    /// Warning: the file does not start with `Scenarist_SCC V1.0`; read as SCC all the same.
    public static let sccMissingHeader: Self = "scc.missing-header"
    /// Warning: a header line with `Scenarist_SCC` but not exactly `Scenarist_SCC V1.0`; taken as
    /// the header.
    public static let sccBadHeader: Self = "scc.bad-header"
    /// Warning: a line that is not a timecode followed by hexadecimal words; skipped.
    public static let sccBadLine: Self = "scc.bad-line"
    /// Warning: a timecode with a field out of range, or a drop-frame label that drop-frame counting
    /// skips; read as the frame number it computes to.
    public static let sccBadTimecode: Self = "scc.bad-timecode"
    /// No caption is ever shown although text was loaded (see `cea608.never-displayed`).
    public static let sccNothingShown: Self = "scc.nothing-shown"
    /// Info: spaces instead of a tab after the timecode; read all the same.
    public static let sccMissingTab: Self = "scc.missing-tab"
    /// Warning: a word that is not four hexadecimal digits; skipped, taking no frame.
    public static let sccBadWord: Self = "scc.bad-word"
    /// Warning: a line's timecode is earlier than the previous line's; its data is decoded right after
    /// the previous line's.
    public static let sccOutOfOrder: Self = "scc.out-of-order"
    /// Info: a line starts before the previous line's data has been sent (one pair a frame); the
    /// shared frames are decoded in file order.
    public static let sccOverlappingLine: Self = "scc.overlapping-line"
    /// Error: the text is larger than `SCCReader.maximumTextSize` (4 GiB); nothing is read.
    public static let sccTooLarge: Self = "scc.too-large"
}

/// One caption line of a Scenarist SCC file: a timecode and the byte pairs after it.
///
/// `words` points into the scanner's buffer, which the next line reuses: it is valid only during
/// the call that is given the line.
struct SCCLine {
    /// One word of a line: a byte pair and where it was written.
    struct Word {
        /// The two bytes as written (parity bits included), first byte high.
        var pair: UInt16
        /// 1-based.
        var column: Int32

        var byte1: UInt8 { UInt8(truncatingIfNeeded: pair >> 8) }
        var byte2: UInt8 { UInt8(truncatingIfNeeded: pair) }
    }

    /// 1-based.
    var number = 0
    var timecode = SCCTimecode(hours: 0, minutes: 0, seconds: 0, frames: 0, isDropFrame: false)
    var words = UnsafeBufferPointer<Word>(start: nil, count: 0)
}

/// Splits the text of a Scenarist SCC file into caption lines, on bytes.
///
/// The format (Scenarist's, as the ttconv suite and SCC files in use have it): a first line
/// `Scenarist_SCC V1.0`; then lines of a timecode, a tab and words of four hexadecimal digits
/// (one byte pair of line 21 data each, sent one a frame from the timecode's frame on), separated
/// by spaces; blank lines between. What is tolerated, each with a diagnostic: a missing or damaged
/// header line (`scc.missing-header`, `scc.bad-header`), spaces instead of the tab
/// (`scc.missing-tab`), a timecode out of range (`scc.bad-timecode`, read as given), a word that is
/// not four hexadecimal digits (`scc.bad-word`, skipped: it takes no frame) and a line that is not
/// a caption line at all (`scc.bad-line`, skipped).
enum SCCLineScanner {
    static func scan(_ p: UnsafeBufferPointer<UInt8>, log: inout DiagnosticLog, _ body: (SCCLine) -> Void) {
        var line = SCCLine()
        // One buffer for the words of every line (a file has tens of thousands of lines), grown
        // to the longest line's bound.
        var words = UnsafeMutableBufferPointer<SCCLine.Word>.allocate(capacity: 64)
        defer { words.deallocate() }
        var start = 0
        var number = 0
        var seenContent = false
        while start < p.count {
            number += 1
            // memchr: most of a file is the bytes between newlines.
            let base = p.baseAddress!
            let end: Int
            if let newline = memchr(base + start, 0x0A, p.count - start) {
                end = UnsafePointer<UInt8>(newline.assumingMemoryBound(to: UInt8.self)) - base
            } else {
                end = p.count
            }
            defer { start = end + 1 }
            var first = start
            while first < end && isSpace(p[first]) { first += 1 }
            if first == end { continue }
            if !seenContent {
                seenContent = true
                if readHeader(p, start..<end, line: number, log: &log) { continue }
            }
            line.number = number
            // Each word takes at least two bytes with its separator, which bounds the count.
            let bound = (end - first + 1) / 2
            if bound > words.count {
                words.deallocate()
                words = .allocate(capacity: bound)
            }
            if scanCaptionLine(p, start: start, first: first, end: end, into: &line, words: words, log: &log) { body(line) }
        }
    }

    /// The first line with content: true when it is the header (damaged or not).
    private static func readHeader(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int,
                                   log: inout DiagnosticLog) -> Bool {
        let header = Array("Scenarist_SCC V1.0".utf8)
        let marker = Array("Scenarist_SCC".utf8)
        var end = range.upperBound
        while end > range.lowerBound && isSpace(p[end - 1]) { end -= 1 }
        if p[range.lowerBound..<end].elementsEqual(header) { return true }
        if let at = find(marker, in: p, range.lowerBound..<end) {
            log.report(.warning, .sccBadHeader,
                       "the header line must be exactly 'Scenarist_SCC V1.0'; read as the header",
                       at: SourceLocation(line: line, column: at == range.lowerBound ? marker.count + 1 : 1))
            return true
        }
        log.report(.warning, .sccMissingHeader, "the file does not start with 'Scenarist_SCC V1.0'; read as SCC all the same",
                   at: SourceLocation(line: line, column: 1))
        return false
    }

    /// Reads a caption line into `line`; false (with a diagnostic) when it is not one.
    private static func scanCaptionLine(_ p: UnsafeBufferPointer<UInt8>, start: Int, first: Int, end: Int,
                                        into line: inout SCCLine, words: UnsafeMutableBufferPointer<SCCLine.Word>,
                                        log: inout DiagnosticLog) -> Bool {
        let number = line.number
        guard let (timecode, length) = SCCTimecode.parse(UnsafeBufferPointer(rebasing: p[first..<end])),
              first + length == end || isSpace(p[first + length]) else {
            log.report(.warning, .sccBadLine, "not a caption line (a timecode such as 00:00:01:00, a tab and hexadecimal words); skipped",
                       at: SourceLocation(line: number, column: first - start + 1))
            return false
        }
        if !timecode.isValid {
            log.report(.warning, .sccBadTimecode,
                       "the timecode \(timecode) is out of range\(timecode.isDropFrame && timecode.frames < 2 ? " (drop-frame counting skips this label)" : ""); read as frame \(timecode.frameNumber)",
                       at: SourceLocation(line: number, column: first - start + 1))
        }
        line.timecode = timecode
        var i = first + length
        if i < end && p[i] != 0x09 {
            log.report(.info, .sccMissingTab, "a tab must separate the timecode from the data; read all the same",
                       at: SourceLocation(line: number, column: i - start + 1))
        }
        // The words go straight into the buffer (`words`, large enough for this line), one
        // look-up a hexadecimal digit.
        let base = p.baseAddress!  // every index below is inside start..<end, itself inside p
        var count = 0
        hexDigits.withUnsafeBufferPointer { digits in
            while i < end {
                while i < end && isSpace(base[i]) { i += 1 }
                guard i < end else { break }
                let wordStart = i
                // A single comparison says whether all four were digits (see `hexDigits`).
                if end - i >= 4 && (end - i == 4 || isSpace(base[i + 4])) {
                    let value = digits[Int(base[i])] << 12 | digits[Int(base[i + 1])] << 8
                        | digits[Int(base[i + 2])] << 4 | digits[Int(base[i + 3])]
                    if value < 0x10000 {
                        words[count] = SCCLine.Word(pair: UInt16(truncatingIfNeeded: value), column: Int32(wordStart - start + 1))
                        count += 1
                        i += 4
                        continue
                    }
                }
                while i < end && !isSpace(base[i]) { i += 1 }
                let word = String(decoding: p[wordStart..<min(i, wordStart + 16)], as: UTF8.self)
                log.report(.warning, .sccBadWord,
                           "'\(word)\(i - wordStart > 16 ? "…" : "")' is not a byte pair (four hexadecimal digits); skipped",
                           at: SourceLocation(line: number, column: wordStart - start + 1))
            }
        }
        line.words = UnsafeBufferPointer(rebasing: words[..<count])
        return true
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    /// Each byte's value as a hexadecimal digit, or 0x10000 (which no four-digit word reaches)
    /// when it is not one: the four digits of a word are then checked with a single comparison.
    private static let hexDigits: [UInt32] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte) - 0x30
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte) - 0x61 + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte) - 0x41 + 10
        default: 0x10000
        }
    }

    private static func find(_ needle: [UInt8], in p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard range.count >= needle.count else { return nil }
        for i in range.lowerBound...(range.upperBound - needle.count) where p[i] == needle[0] {
            if p[i..<(i + needle.count)].elementsEqual(needle) { return i }
        }
        return nil
    }
}
