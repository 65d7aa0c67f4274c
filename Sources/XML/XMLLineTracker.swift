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
            // A location before the last one asked for (a text's start, asked for after an error
            // inside the text; a tag's after an error in its attributes): walk back to it. Its
            // line's start is looked for only when a line feed was crossed: looking for it every
            // time walked a one-line document back to its first byte for each such question,
            // which grew with the square of the document (16,000 `&nbsp;` in a 1 MB line: 4 s).
            var crossed = false
            while offset > target {
                offset -= 1
                if bytes[offset] == 0x0A { line -= 1; crossed = true }
            }
            if crossed {
                var start = target
                while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
                lineStart = start
            }
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
