import TimedText

/// Turns byte offsets into line:column as the scanner asks for them. The scanner asks in nearly
/// increasing order, so the tracker walks forward from the last answer: the whole input is
/// counted about once, with no table of line starts kept for a large file.
struct XMLLineTracker {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// A tracker that starts at `offset` (a scanner that starts there), its lines counted now.
    init(_ bytes: UnsafeBufferPointer<UInt8>, startingAt offset: Int) {
        self.bytes = bytes
        let offset = min(max(offset, 0), bytes.count)
        var newlines = 0
        var lastNewline = -1
        for i in 0..<offset where bytes[i] == 0x0A {
            newlines += 1
            lastNewline = i
        }
        self.offset = offset
        line = newlines + 1
        lineStart = lastNewline + 1
    }

    mutating func location(at target: Int) -> SourceLocation {
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
            var i = offset
            while i < target {
                if bytes[i] == 0x0A {
                    line += 1
                    lineStart = i + 1
                }
                i += 1
            }
            offset = target
        }
        return SourceLocation(line: line, column: target - lineStart + 1)
    }
}
