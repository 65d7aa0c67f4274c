package import TimedText
#if canImport(Glibc)
import Glibc
#endif

/// Turns byte offsets into line:column as the scanner asks for them. The scanner asks in nearly
/// increasing order, so the tracker walks forward from the last answer: the whole input is
/// counted about once, with no table of line starts kept for a large file.
package struct XMLLineTracker {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// A tracker that starts at `offset` (a scanner that starts there), its lines counted now.
    package init(_ bytes: UnsafeBufferPointer<UInt8>, startingAt offset: Int) {
        self.bytes = bytes
        _ = location(at: offset)
    }

    package mutating func location(at target: Int) -> SourceLocation {
        let target = min(max(target, 0), bytes.count)
        if target < offset {
            // Rare (a diagnostic about an earlier tag): walk back to the line that holds it.
            while offset > target {
                offset -= 1
                if bytes[offset] == 0x0A { line -= 1 }
            }
            var start = target
            while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
            lineStart = start
        } else {
            // Line feeds found by memchr (vectorised), not byte by byte.
            if let base = bytes.baseAddress {
                var i = offset
                while i < target, let found = memchr(base + i, 0x0A, target - i) {
                    let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                    line += 1
                    lineStart = at + 1
                    i = at + 1
                }
            }
            offset = target
        }
        return SourceLocation(line: line, column: target - lineStart + 1)
    }
}
