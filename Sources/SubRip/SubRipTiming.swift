public import TimedText
#if canImport(Glibc)
import Glibc
#endif

/// The timing line of an SRT cue, `00:00:01,000 --> 00:00:04,000 [X1:… X2:… Y1:… Y2:…]`, read the
/// tolerant way players read it: `.` or `:` for `,`, any number of hour digits (or none), one to
/// nine fraction digits (kept exact), spaces around `-->` or none, and the damaged arrows real
/// files carry (`- >`, `->`, `-- >`, `—>`, `-->>`).
struct SubRipTiming {
    var start: MediaTime
    var end: MediaTime
    /// The times read with a one- or two-digit fraction as unpadded milliseconds (`,91` as 91 ms
    /// rather than 910): nil where the fraction had three digits or more. Which reading a file
    /// means is decided from all its cues (`SubRipFractionReading`).
    var startAsMilliseconds: MediaTime?
    var endAsMilliseconds: MediaTime?
    /// What followed the end time, trimmed (coordinates or junk), as a byte range of the line.
    var trailing: Range<Int>?
    var notes: [Note]

    /// A repair the reader made and reports (the timing itself was read).
    struct Note {
        var severity: Severity
        var code: DiagnosticCode
        var message: String
        var offset: Int
    }

    enum Outcome {
        /// No `-->` on the line: not a timing line.
        case notTiming
        case timing(SubRipTiming)
        /// A `-->` line whose times cannot be read.
        case malformed(message: String, offset: Int)
    }

    /// Reads the line `line[range]` (no LF).
    static func parse(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Outcome {
        if let arrow = findArrow(p, range) { return parse(p, range, arrow: arrow) }
        return parseWithDamagedArrow(p, range) ?? .notTiming
    }

    /// A line with `-->`: a timing line, readable or not.
    private static func parse(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, arrow: Int) -> Outcome {
        var notes: [Note] = []
        var i = skipSpaces(p, range.lowerBound, range.upperBound)
        guard let start = timestamp(p, &i, arrow, &notes) else {
            return .malformed(message: "cannot read the start time", offset: i)
        }
        i = skipSpaces(p, i, arrow)
        // `--->`, `- -->`: more dashes before the arrow.
        let separatorStart = i
        while i < arrow, p[i] == UInt8(ascii: "-") || p[i] == 0x20 || p[i] == 0x09 { i += 1 }
        if i != arrow {
            return .malformed(message: "unexpected text between the start time and '-->'", offset: i)
        }
        i = arrow + 3
        while i < range.upperBound, p[i] == UInt8(ascii: ">") { i += 1 }  // `-->>`
        if separatorStart != arrow || i != arrow + 3 {
            notes.append(arrowNote(p, separatorStart..<i))
        }
        i = skipSpaces(p, i, range.upperBound)
        guard let end = timestamp(p, &i, range.upperBound, &notes) else {
            return .malformed(message: "cannot read the end time", offset: i)
        }
        return finish(p, range, start: start, end: end, after: i, notes: notes)
            ?? .malformed(message: "unexpected characters after the end time", offset: i)
    }

    /// A line without `-->` that is still a whole timing line — two timestamps with hours around
    /// a damaged arrow (`- >`, `->`, `-- >`, `—>`, `=>`, `→`) — or nil. Only a line that starts
    /// with a digit is looked at, and only a complete match counts: text that merely contains an
    /// arrow stays text.
    private static func parseWithDamagedArrow(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Outcome? {
        var i = skipSpaces(p, range.lowerBound, range.upperBound)
        guard i < range.upperBound, p[i] >= 0x30, p[i] <= 0x39 else { return nil }
        var notes: [Note] = []
        guard let start = timestamp(p, &i, range.upperBound, &notes), !notes.contains(where: { $0.code == .missingHours })
        else { return nil }
        let separatorStart = skipSpaces(p, i, range.upperBound)
        guard let separatorEnd = damagedArrow(p, separatorStart, range.upperBound) else { return nil }
        i = skipSpaces(p, separatorEnd, range.upperBound)
        guard let end = timestamp(p, &i, range.upperBound, &notes), !notes.contains(where: { $0.code == .missingHours })
        else { return nil }
        notes.append(arrowNote(p, separatorStart..<separatorEnd))
        return finish(p, range, start: start, end: end, after: i, notes: notes)
    }

    /// The end of a damaged arrow starting at `i`: dashes (`-`, en dash, em dash, minus sign) or
    /// `=`, perhaps with spaces between, then one or more `>`; or a lone `→`.
    private static func damagedArrow(_ p: UnsafeBufferPointer<UInt8>, _ from: Int, _ limit: Int) -> Int? {
        var i = from
        if i + 2 < limit, p[i] == 0xE2, p[i + 1] == 0x86, p[i + 2] == 0x92 { return i + 3 }  // →
        var dashes = 0
        while i < limit {
            if p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "=") {
                i += 1
            } else if i + 2 < limit, p[i] == 0xE2, (p[i + 1] == 0x80 && (p[i + 2] == 0x93 || p[i + 2] == 0x94))
                        || (p[i + 1] == 0x88 && p[i + 2] == 0x92) {
                i += 3
            } else if (p[i] == 0x20 || p[i] == 0x09) && dashes > 0 {
                i += 1
                continue
            } else {
                break
            }
            dashes += 1
        }
        guard dashes > 0, i < limit, p[i] == UInt8(ascii: ">") else { return nil }
        while i < limit, p[i] == UInt8(ascii: ">") { i += 1 }
        return i
    }

    private static func arrowNote(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Note {
        let written = String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self)
        return Note(severity: .warning, code: .arrowVariant, message: "'\(written)' read as the timing arrow '-->'",
                    offset: range.lowerBound)
    }

    /// The rest of the line after the end time: nothing, or coordinates or other text after a space.
    private static func finish(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, start: Stamp, end: Stamp, after i: Int,
                               notes: [Note]) -> Outcome? {
        let restStart = skipSpaces(p, i, range.upperBound)
        var restEnd = range.upperBound
        while restEnd > restStart, p[restEnd - 1] == 0x20 || p[restEnd - 1] == 0x09 { restEnd -= 1 }
        // A timestamp must be followed by a space, or the line must end there.
        if restStart < restEnd && restStart == i { return nil }
        return .timing(SubRipTiming(start: start.time, end: end.time, startAsMilliseconds: start.asMilliseconds,
                                    endAsMilliseconds: end.asMilliseconds,
                                    trailing: restStart < restEnd ? restStart..<restEnd : nil, notes: notes))
    }

    static func findArrow(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard let base = p.baseAddress else { return nil }
        var i = range.lowerBound
        while i + 2 < range.upperBound {
            guard let hit = memchr(base + i, Int32(UInt8(ascii: "-")), range.upperBound - 2 - i) else { return nil }
            i = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
            if p[i + 1] == UInt8(ascii: "-") && p[i + 2] == UInt8(ascii: ">") { return i }
            i += 1
        }
        return nil
    }

    @inline(__always)
    static func skipSpaces(_ p: UnsafeBufferPointer<UInt8>, _ from: Int, _ limit: Int) -> Int {
        var i = from
        while i < limit && (p[i] == 0x20 || p[i] == 0x09) { i += 1 }
        return i
    }

    /// The largest hour value read (minutes and seconds are bounded by their 12 digits too).
    static let maximumHours: Int64 = 999_999

    /// A timestamp as read, and as unpadded milliseconds when its fraction has one or two digits.
    struct Stamp {
        var time: MediaTime
        var asMilliseconds: MediaTime?
    }

    /// `[h…:]mm:ss[(,|.|:)f…]`; advances `i` past it.
    static func timestamp(_ p: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ limit: Int, _ notes: inout [Note]) -> Stamp? {
        // Work on a local index (kept in a register), published once at the end.
        var i = position
        defer { position = i }
        let begin = i
        // Up to four colon-separated digit groups (the fourth a fraction after a colon), without
        // allocating: this runs twice per cue.
        var g0: (value: Int64, digits: Int) = (0, 0)
        var g1 = g0, g2 = g0, g3 = g0
        var count = 0
        while count < 4 {
            var value: Int64 = 0
            var digits = 0
            while i < limit, p[i] >= 0x30, p[i] <= 0x39 {
                if digits < 12 { value = value * 10 + Int64(p[i] - 0x30) }
                digits += 1
                i += 1
            }
            guard digits > 0 else { i = begin; return nil }
            switch count {
            case 0: g0 = (value, digits)
            case 1: g1 = (value, digits)
            case 2: g2 = (value, digits)
            default: g3 = (value, digits)
            }
            count += 1
            guard i + 1 < limit, p[i] == UInt8(ascii: ":"), p[i + 1] >= 0x30, p[i + 1] <= 0x39 else { break }
            i += 1
        }
        let fields = (g0, g1, g2)
        var fieldCount = count
        var fraction: (value: Int64, digits: Int, separator: UInt8)?
        if count == 4 {
            fieldCount = 3
            if g3.digits <= 9 { fraction = (g3.value, g3.digits, UInt8(ascii: ":")) }
        } else if i + 1 < limit, p[i] == UInt8(ascii: ",") || p[i] == UInt8(ascii: "."), p[i + 1] >= 0x30, p[i + 1] <= 0x39 {
            let separator = p[i]
            i += 1
            var f: Int64 = 0
            var fd = 0
            while i < limit, p[i] >= 0x30, p[i] <= 0x39 {
                if fd < 9 { f = f * 10 + Int64(p[i] - 0x30); fd += 1 }
                i += 1
            }
            fraction = (f, fd, separator)
        }
        var hours: Int64 = 0
        var minutes: Int64 = 0
        var seconds: Int64 = 0
        switch fieldCount {
        case 3:
            hours = fields.0.value
            minutes = fields.1.value
            seconds = fields.2.value
            // Two digits is the form; more are needed from 100 hours on, and are not a fault then.
            if fields.0.digits != 2 && !(fields.0.value >= 100 && fields.0.digits == String(fields.0.value).count) {
                notes.append(Note(severity: .info, code: .nonstandardHours,
                                  message: "hours written with \(fields.0.digits) digit\(fields.0.digits == 1 ? "" : "s") instead of 2",
                                  offset: begin))
            }
        case 2:
            minutes = fields.0.value
            seconds = fields.1.value
            notes.append(Note(severity: .warning, code: .missingHours, message: "timestamp without hours, read as minutes:seconds",
                              offset: begin))
        default:
            i = begin
            return nil
        }
        if minutes > 59 || seconds > 59 {
            notes.append(Note(severity: .warning, code: .timestampFieldRange,
                              message: "minutes or seconds above 59 in a timestamp; added as they are", offset: begin))
        }
        // Fields hold up to 12 digits; a time beyond a million hours is not a caption time.
        let wholeSeconds = hours * 3600 + minutes * 60 + seconds
        guard wholeSeconds <= maximumHours * 3600 else { i = begin; return nil }
        var time = MediaTime(seconds: wholeSeconds)
        var asMilliseconds: MediaTime?
        if let fraction {
            var scale: Int64 = 1
            for _ in 0..<fraction.digits { scale *= 10 }
            // At most 3.6·10^9 s × 10^9 plus a fraction below 10^9: within Int64.
            time = MediaTime(value: wholeSeconds * scale + fraction.value, timescale: scale)
            if fraction.separator != UInt8(ascii: ",") {
                let name = fraction.separator == UInt8(ascii: ".") ? "'.'" : "':'"
                notes.append(Note(severity: .info, code: .fractionSeparator,
                                  message: "\(name) instead of ',' before the milliseconds", offset: begin))
            }
            if fraction.digits < 3 {
                asMilliseconds = MediaTime(value: wholeSeconds * 1000 + fraction.value, timescale: 1000)
                notes.append(Note(severity: .info, code: .fractionDigits,
                                  message: "\(fraction.digits) fraction digit\(fraction.digits == 1 ? "" : "s") instead of 3",
                                  offset: begin))
            } else if fraction.digits > 3 {
                notes.append(Note(severity: .info, code: .fractionDigits,
                                  message: "\(fraction.digits) fraction digits instead of 3, kept exact",
                                  offset: begin))
            }
        } else {
            notes.append(Note(severity: .warning, code: .missingFraction, message: "timestamp without milliseconds", offset: begin))
        }
        return Stamp(time: time, asMilliseconds: asMilliseconds)
    }
}

extension DiagnosticCode {
    /// Info: hours written with other than two digits (`0:00:01,000`); three or more are fine from
    /// 100 hours on.
    public static let nonstandardHours: Self = "srt.hours-digits"
    /// Warning: a timestamp with only two fields, read as minutes:seconds.
    public static let missingHours: Self = "srt.missing-hours"
    /// Warning: minutes or seconds above 59; added as they are (`00:00:75,000` is 75 s).
    public static let timestampFieldRange: Self = "srt.timestamp-field-range"
    /// Info: `.` or `:` instead of `,` before the milliseconds.
    public static let fractionSeparator: Self = "srt.fraction-separator"
    /// Info: other than three fraction digits; more are kept exact, fewer are read as
    /// `shortFractionReading` decides.
    public static let fractionDigits: Self = "srt.fraction-digits"
    /// Warning: a timestamp without milliseconds (`00:00:01`), read as whole seconds.
    public static let missingFraction: Self = "srt.missing-milliseconds"
    /// Warning: a damaged arrow (`->`, `- >`, `—>`, `-->>`) read as `-->`.
    public static let arrowVariant: Self = "srt.arrow-variant"
}
