/// Number formatting straight into byte buffers, for writers that produce megabytes of timings.
extension Array where Element == UInt8 {
    @inlinable
    public mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendPadded(value.magnitude.toUInt64, width: 1)
    }

    /// `value` in decimal, left-padded with zeros to at least `width` digits.
    @inlinable
    public mutating func appendPadded(_ value: UInt64, width: Int) {
        // The clock fields of every caption timing: two or three digits.
        if width == 2 && value < 100 {
            append(UInt8(truncatingIfNeeded: value / 10) &+ 0x30)
            append(UInt8(truncatingIfNeeded: value % 10) &+ 0x30)
            return
        }
        if width == 3 && value < 1000 {
            append(UInt8(truncatingIfNeeded: value / 100) &+ 0x30)
            append(UInt8(truncatingIfNeeded: value / 10 % 10) &+ 0x30)
            append(UInt8(truncatingIfNeeded: value % 10) &+ 0x30)
            return
        }
        var divisor: UInt64 = 1
        var digits = 1
        while divisor <= value / 10 {
            divisor *= 10
            digits += 1
        }
        var padding = width - digits
        while padding > 0 {
            append(0x30)
            padding -= 1
        }
        var v = value
        while divisor > 0 {
            append(UInt8(truncatingIfNeeded: v / divisor) &+ 0x30)
            v %= divisor
            divisor /= 10
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends the LF-separated lines of `text`, each ended by `newline`, leaving out empty lines
    /// (in SRT and WebVTT a blank line would end the cue early).
    public mutating func appendLinesSkippingEmpty(_ text: [UInt8], newline: [UInt8] = [0x0A]) {
        var start = 0
        let n = text.count
        while start < n {
            var end = start
            while end < n && text[end] != 0x0A { end += 1 }
            if end > start {
                append(contentsOf: text[start..<end])
                append(contentsOf: newline)
            }
            start = end + 1
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends a string's UTF-8 bytes in one copy.
    @inlinable
    public mutating func appendUTF8(_ string: String) {
        var s = string
        s.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends a string's UTF-8 bytes, replacing each byte for which `replacement` returns bytes.
    /// The scan and the copy of clean runs happen on contiguous bytes (iterating a String is slow).
    @inlinable
    public mutating func appendUTF8(_ string: String, replacing replacement: (UInt8, UnsafeBufferPointer<UInt8>, Int) -> StaticString?) {
        var s = string
        s.withUTF8 { bytes in
            var runStart = 0
            for i in 0..<bytes.count {
                if let r = replacement(bytes[i], bytes, i) {
                    append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                    append(contentsOf: UnsafeBufferPointer(start: r.utf8Start, count: r.utf8CodeUnitCount))
                    runStart = i + 1
                }
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }
}

import TimedText

/// A writer's output-buffer estimate: timings and numbering plus the cue text, so that a
/// 100,000-cue file is written without reallocating (each regrowth copies and touches new pages).
public func estimatedSize(of cues: ArraySlice<Cue>) -> Int {
    var total = 16
    for cue in cues.indices {
        total += 48
        for node in cues[cue].content {
            if case .text(let s) = node { total += s.utf8.count } else { total += 12 }
        }
    }
    return total + total / 16
}

extension Array where Element == UInt8 {
    /// `hh:mm:ss<separator>mmm`, the clock form of SRT (`,`) and WebVTT (`.`) timings, rounded to
    /// the millisecond; hours take more digits when needed. Negative times are written as zero
    /// unless `signed` (neither format has negative times).
    public mutating func appendClock(_ time: MediaTime, separator: UInt8, signed: Bool = false) {
        let c = time.clockComponents(fractionScale: 1000)
        if c.isNegative {
            guard signed else {
                append(contentsOf: [0x30, 0x30, 0x3A, 0x30, 0x30, 0x3A, 0x30, 0x30, separator, 0x30, 0x30, 0x30])
                return
            }
            append(UInt8(ascii: "-"))
        }
        appendPadded(c.hours, width: 2)
        append(UInt8(ascii: ":"))
        appendPadded(c.minutes, width: 2)
        append(UInt8(ascii: ":"))
        appendPadded(c.seconds, width: 2)
        append(separator)
        appendPadded(c.fraction, width: 3)
    }
}

extension UInt {
    @usableFromInline var toUInt64: UInt64 { UInt64(self) }
}
