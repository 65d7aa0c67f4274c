import TimedText

/// W3C WebVTT §6.2 and §6.3: settings are "split on spaces" (ASCII whitespace, line feeds
/// included), and each token is `name:value` with the first colon neither first nor last.
/// Cue settings and region settings read their tokens alike through this.
struct WebVTTSettingTokens {
    enum Token {
        case setting(name: ByteSlice, value: ByteSlice, location: SourceLocation)
        /// A token that is not `name:value` (the spec skips it).
        case malformed(ByteSlice, location: SourceLocation)
    }

    private let p: UnsafeBufferPointer<UInt8>
    private let end: Int
    private var i: Int
    private var line: Int
    private var lineStart: Int

    /// The tokens of `p[range]`, whose first line is `lineNumber` and starts at `lineStart`.
    init(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lineNumber: Int, lineStart: Int) {
        self.p = p
        end = range.upperBound
        i = range.lowerBound
        line = lineNumber
        self.lineStart = lineStart
    }

    mutating func next() -> Token? {
        while i < end, WebVTTNumbers.isWhitespace(p[i]) {
            if p[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        let start = i
        while i < end, !WebVTTNumbers.isWhitespace(p[i]) { i += 1 }
        guard start < i else { return nil }
        let location = SourceLocation(line: line, column: start - lineStart + 1)
        let token = p[start..<i]
        guard let colon = token.firstIndex(of: UInt8(ascii: ":")), colon != start, colon != i - 1 else {
            return .malformed(token, location: location)
        }
        return .setting(name: p[start..<colon], value: p[(colon + 1)..<i], location: location)
    }
}
