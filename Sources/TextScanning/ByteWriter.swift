package import TimedText
#if canImport(Glibc)
import Glibc
#endif

/// A growable output buffer for writers that produce megabytes: appends are a bounds check and a
/// store, without the uniqueness checks of `Array.append`. Owns its memory; `finish()` hands the
/// bytes over as an array.
package struct ByteWriter: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count: Int
    @usableFromInline var capacity: Int

    package init(capacity: Int = 4096) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
        count = 0
        adviseHugePages(UnsafeMutableRawPointer(base), self.capacity)
    }

    /// A writer into memory the caller allocated (`takeMemory()` gives it back, grown or not).
    package init(adopting memory: UnsafeMutableBufferPointer<UInt8>) {
        base = memory.baseAddress ?? .allocate(capacity: 64)
        capacity = memory.baseAddress == nil ? 64 : memory.count
        count = 0
    }

    deinit { base.deallocate() }

    /// How many bytes have been written.
    package var byteCount: Int { count }

    /// The bytes as an array (one copy).
    package consuming func finish() -> [UInt8] {
        let n = count
        let source = base
        return [UInt8](unsafeUninitializedCapacity: n) { buffer, initialized in
            buffer.baseAddress!.update(from: source, count: n)
            initialized = n
        }
    }

    /// Hands the memory over to the caller, who must `deallocate()` it.
    package consuming func take() -> UnsafeMutableBufferPointer<UInt8> {
        let result = UnsafeMutableBufferPointer(start: base, count: count)
        base = .allocate(capacity: 1)   // what deinit frees instead
        return result
    }

    /// Hands all of the memory over (its whole capacity) and how many bytes of it were written.
    package consuming func takeMemory() -> (memory: UnsafeMutableBufferPointer<UInt8>, count: Int) {
        let result = (UnsafeMutableBufferPointer(start: base, count: capacity), count)
        base = .allocate(capacity: 1)   // what deinit frees instead
        return result
    }

    /// Calls `body` with the bytes written so far, in place.
    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Forgets what was written, keeping the memory.
    package mutating func removeAll() { count = 0 }

    /// Takes the bytes from `start` on out, and gives them back (to be written again, changed).
    package mutating func removeLast(from start: Int) -> [UInt8] {
        let tail = Array(UnsafeBufferPointer(start: base + start, count: count - start))
        count = start
        return tail
    }

    @inlinable @inline(__always)
    package mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    @usableFromInline
    mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        adviseHugePages(UnsafeMutableRawPointer(newBase), newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inlinable
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// A string's UTF-8 bytes, in one copy.
    package mutating func append(_ string: String) {
        var s = string
        s.withUTF8 { append($0) }
    }

    @inlinable
    package mutating func appendStatic(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    // MARK: - Numbers and timings

    package mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendPadded(UInt64(value.magnitude), width: 1)
    }

    /// `value` in decimal, left-padded with zeros to at least `width` digits.
    package mutating func appendPadded(_ value: UInt64, width: Int) {
        reserve(24)
        if width == 2 && value < 100 {
            base[count] = UInt8(truncatingIfNeeded: value / 10) &+ 0x30
            base[count + 1] = UInt8(truncatingIfNeeded: value % 10) &+ 0x30
            count += 2
            return
        }
        if width == 3 && value < 1000 {
            base[count] = UInt8(truncatingIfNeeded: value / 100) &+ 0x30
            base[count + 1] = UInt8(truncatingIfNeeded: value / 10 % 10) &+ 0x30
            base[count + 2] = UInt8(truncatingIfNeeded: value % 10) &+ 0x30
            count += 3
            return
        }
        var digits: [UInt8] = []
        var v = value
        repeat {
            digits.append(UInt8(truncatingIfNeeded: v % 10) &+ 0x30)
            v /= 10
        } while v > 0
        for _ in digits.count..<max(width, digits.count) { append(0x30) }
        for d in digits.reversed() { append(d) }
    }

    /// `hh:mm:ss<separator>mmm`, the clock form of SRT (`,`) and WebVTT (`.`) timings, rounded to
    /// the millisecond; hours take more digits when needed. Negative times are written as zero
    /// unless `signed` (neither format has negative times).
    package mutating func appendClock(_ time: MediaTime, separator: UInt8, signed: Bool = false) {
        // Millisecond-based times (the common case) need no rounding division.
        let ms: Int64 = 1000 % time.timescale == 0
            ? time.value &* (1000 / time.timescale)
            : time.rounded(toTimescale: 1000)
        if ms < 0 {
            guard signed else {
                appendStatic("00:00:00")
                append(separator)
                appendStatic("000")
                return
            }
            append(UInt8(ascii: "-"))
        }
        let magnitude = ms.magnitude
        let totalSeconds = magnitude / 1000
        let hours = totalSeconds / 3600
        if hours >= 100 {
            appendPadded(hours, width: 2)
        } else {
            reserve(2)
            base[count] = UInt8(truncatingIfNeeded: hours / 10) &+ 0x30
            base[count + 1] = UInt8(truncatingIfNeeded: hours % 10) &+ 0x30
            count += 2
        }
        reserve(10)
        let minutes = totalSeconds / 60 % 60
        let seconds = totalSeconds % 60
        let fraction = magnitude % 1000
        let p = base + count
        p[0] = UInt8(ascii: ":")
        p[1] = UInt8(truncatingIfNeeded: minutes / 10) &+ 0x30
        p[2] = UInt8(truncatingIfNeeded: minutes % 10) &+ 0x30
        p[3] = UInt8(ascii: ":")
        p[4] = UInt8(truncatingIfNeeded: seconds / 10) &+ 0x30
        p[5] = UInt8(truncatingIfNeeded: seconds % 10) &+ 0x30
        p[6] = separator
        p[7] = UInt8(truncatingIfNeeded: fraction / 100) &+ 0x30
        p[8] = UInt8(truncatingIfNeeded: fraction / 10 % 10) &+ 0x30
        p[9] = UInt8(truncatingIfNeeded: fraction % 10) &+ 0x30
        count += 10
    }

    // MARK: - Text

    /// Text with `&`, `<` and `>` as HTML character references (WebVTT cue text).
    package mutating func appendEscapingMarkup(_ string: String) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { appendEscapingMarkup(bytes: $0) }
        if done == nil {
            let copy = Array(string.utf8)
            copy.withUnsafeBufferPointer { appendEscapingMarkup(bytes: $0) }
        }
    }

    private mutating func appendEscapingMarkup(bytes: UnsafeBufferPointer<UInt8>) {
        // Most text has nothing to escape: a scan, eight bytes at a time, then one copy.
        if !containsMarkupCharacter(bytes) {
            append(bytes)
            return
        }
        // Room for the worst case (every byte a five-byte `&amp;`), then plain stores.
        reserve(bytes.count * 5)
        var out = base + count
        for b in bytes {
            switch b {
            case 0x26:
                out[0] = 0x26; out[1] = 0x61; out[2] = 0x6D; out[3] = 0x70; out[4] = 0x3B  // &amp;
                out += 5
            case 0x3C, 0x3E:
                out[0] = 0x26; out[1] = b == 0x3C ? 0x6C : 0x67; out[2] = 0x74; out[3] = 0x3B  // &lt; &gt;
                out += 4
            default:
                out[0] = b
                out += 1
            }
        }
        count = out - base
    }

    /// Removes blank lines — empty, or only spaces and tabs — from the bytes after `start` (text
    /// appended there, without a final LF): in SRT (and to many WebVTT readers) a blank line inside
    /// cue text ends the cue early, and what follows it is lost or read as another cue. One scan
    /// when the text is clean, as nearly all is.
    package mutating func removeEmptyLines(from start: Int) {
        let p = base
        let end = count
        guard start < end else { return }
        @inline(__always) func opensBlank(_ b: UInt8) -> Bool { b == 0x0A || b == 0x20 || b == 0x09 }
        // Clean when no line begins blank-looking (a line starting with a space is looked at
        // again below) and the text does not end with a line feed.
        var clean = !opensBlank(p[start]) && p[end - 1] != 0x0A
        var i = start
        // Jump from line feed to line feed: a cue has one or two.
        while clean, i < end, let hit = memchr(p + i, 0x0A, end - i) {
            let k = UnsafeMutablePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - p
            if k + 1 < end && opensBlank(p[k + 1]) { clean = false }
            i = k + 1
        }
        if clean { return }
        var write = start
        var lineStart = start
        while lineStart < end {
            var lineEnd = lineStart
            var blank = true
            while lineEnd < end, p[lineEnd] != 0x0A {
                if p[lineEnd] != 0x20 && p[lineEnd] != 0x09 { blank = false }
                lineEnd += 1
            }
            if !blank {
                // `write` never passes `lineStart`: lines are only taken out.
                if write > start {
                    p[write] = 0x0A
                    write += 1
                }
                if write != lineStart { memmove(p + write, p + lineStart, lineEnd - lineStart) }
                write += lineEnd - lineStart
            }
            lineStart = lineEnd + 1
        }
        count = write
    }

    /// Turns every LF after `start` into CRLF.
    package mutating func expandLineFeeds(from start: Int) {
        var feeds = 0
        for i in start..<count where base[i] == 0x0A { feeds += 1 }
        guard feeds > 0 else { return }
        reserve(feeds)
        var read = count - 1
        var write = count + feeds - 1
        while read >= start {
            base[write] = base[read]
            if base[read] == 0x0A {
                write -= 1
                base[write] = 0x0D
            }
            read -= 1
            write -= 1
        }
        count += feeds
    }
}

/// A writer's first output-buffer size: about 100 bytes a cue covers timings, numbering and two
/// lines of text; a buffer that proves too small doubles. (Walking every cue's text to measure it
/// costs more than the rare regrowth.)
package func estimatedSize(of cues: ArraySlice<Cue>) -> Int {
    cues.count * 104 + 4096
}

/// Whether `&`, `<` or `>` occurs, eight bytes a step (`ByteWord`).
@inline(__always)
func containsMarkupCharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var i = 0
    let n = bytes.count
    while i + 8 <= n {
        let word = ByteWord.load(base, at: i)
        if ByteWord.hasByte(word, equalTo: 0x26) || ByteWord.hasByte(word, equalTo: 0x3C) || ByteWord.hasByte(word, equalTo: 0x3E) {
            return true
        }
        i += 8
    }
    while i < n {
        let b = base[i]
        if b == 0x26 || b == 0x3C || b == 0x3E { return true }
        i += 1
    }
    return false
}

/// Asks the kernel to back a large, not yet touched buffer with transparent huge pages: a
/// multi-megabyte caption file or output is then a handful of page faults instead of thousands
/// (each costs microseconds, more in a virtual machine). A no-op where THP is off or the buffer
/// is small; only the 2 MiB-aligned part inside the buffer is advised.
package func adviseHugePages(_ start: UnsafeMutableRawPointer, _ length: Int) {
    #if os(Linux)
    let huge = 2 << 20
    guard length >= 2 * huge else { return }
    let address = UInt(bitPattern: start)
    let alignedStart = (address + UInt(huge - 1)) & ~UInt(huge - 1)
    let alignedEnd = (address + UInt(length)) & ~UInt(huge - 1)
    guard alignedEnd > alignedStart, let pointer = UnsafeMutableRawPointer(bitPattern: alignedStart) else { return }
    _ = madvise(pointer, Int(alignedEnd - alignedStart), MADV_HUGEPAGE)
    #endif
}
