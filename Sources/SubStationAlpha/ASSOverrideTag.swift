/// One override tag: what it does, and its argument (the bytes after its name; inside the
/// parentheses, split at commas, for the tags that take a list).
struct ASSOverrideTag {
    /// What a tag does, grouped by what the reader makes of it.
    enum Name: Equatable {
        case bold, italic, underline, strikeOut, primaryColor, primaryAlpha, allAlpha, karaokeColor, secondaryColor
        case fontName, fontSize, alignment, legacyAlignment, pos, move, animation, clip, drawing, baselineOffset
        case karaoke, karaokeSweep, wrapStyle, reset, outline, transform, ignored, unknown
    }
}

/// One tag of an override block as read: its kind and its argument ranges.
struct ASSTag {
    let name: ASSOverrideTag.Name
    let argument: Range<Int>
    let arguments: [Range<Int>]?

    // Longest names first where one is the start of another (`\fscx` before `\fs`, `\iclip` before `\i`).
    private static let table: [(StaticString, ASSOverrideTag.Name)] = [
        ("iclip", .clip), ("xbord", .outline), ("ybord", .outline), ("xshad", .outline), ("yshad", .outline),
        ("fscx", .transform), ("fscy", .transform), ("fsp", .transform), ("frx", .transform), ("fry", .transform),
        ("frz", .transform), ("fr", .transform), ("fax", .transform), ("fay", .transform),
        ("fade", .animation), ("fad", .animation), ("fn", .fontName), ("fe", .ignored), ("fs", .fontSize),
        ("org", .transform), ("move", .move), ("pos", .pos), ("pbo", .baselineOffset), ("p", .drawing),
        ("alpha", .allAlpha), ("an", .alignment), ("a", .legacyAlignment),
        ("1c", .primaryColor), ("2c", .karaokeColor), ("3c", .secondaryColor), ("4c", .secondaryColor),
        ("1a", .primaryAlpha), ("2a", .secondaryColor), ("3a", .secondaryColor), ("4a", .secondaryColor),
        ("clip", .clip), ("c", .primaryColor), ("bord", .outline), ("blur", .outline), ("be", .outline), ("b", .bold),
        ("shad", .outline), ("s", .strikeOut), ("kf", .karaokeSweep), ("ko", .karaokeSweep), ("kt", .ignored),
        ("k", .karaoke), ("K", .karaokeSweep), ("q", .wrapStyle), ("r", .reset), ("t", .animation),
        ("i", .italic), ("u", .underline),
    ]

    /// Where the tag whose backslash is at `start` ends inside a block ending at `blockEnd`: at the
    /// next backslash outside parentheses (`\t(\1c&H00FF00&)` is one tag), or at the block's end.
    @inline(__always)
    static func end(ofTagAt start: Int, in p: UnsafeBufferPointer<UInt8>, blockEnd: Int) -> Int {
        var e = start + 1
        var depth = 0
        while e < blockEnd {
            let c = p[e]
            if c == UInt8(ascii: "(") { depth += 1 } else if c == UInt8(ascii: ")") { depth = max(0, depth - 1) } else if c == UInt8(ascii: "\\") && depth == 0 { break }
            e += 1
        }
        return e
    }

    init(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        var start = range.lowerBound
        while start < range.upperBound, p[start] == 0x20 { start += 1 }
        for (text, name) in Self.table {
            let n = text.utf8CodeUnitCount
            guard range.upperBound - start >= n else { continue }
            var matches = true
            for k in 0..<n where p[start + k] != text.utf8Start[k] { matches = false; break }
            guard matches else { continue }
            var argument = (start + n)..<range.upperBound
            // `\b700` and `\blur2` differ by what follows; a letter after a one-letter name is
            // another (unknown) tag, except for the names that take text.
            if name != .fontName && name != .reset, argument.lowerBound < argument.upperBound {
                let c = p[argument.lowerBound] | 0x20
                if c >= 0x61 && c <= 0x7A && !(name == .primaryColor || name == .allAlpha || name == .primaryAlpha || name == .karaokeColor || name == .secondaryColor) {
                    continue
                }
            }
            self.name = name
            while argument.lowerBound < argument.upperBound, p[argument.upperBound - 1] == 0x20 {
                argument = argument.lowerBound..<(argument.upperBound - 1)
            }
            // A parenthesised list: `\pos(10,20)`, `\move(…)`, `\fad(…)`.
            if argument.lowerBound < argument.upperBound, p[argument.lowerBound] == UInt8(ascii: "(") {
                var inner = (argument.lowerBound + 1)..<argument.upperBound
                if inner.lowerBound < inner.upperBound, p[inner.upperBound - 1] == UInt8(ascii: ")") {
                    inner = inner.lowerBound..<(inner.upperBound - 1)
                }
                var parts: [Range<Int>] = []
                var s = inner.lowerBound
                for k in inner.lowerBound...inner.upperBound where k == inner.upperBound || p[k] == UInt8(ascii: ",") {
                    parts.append(s..<k)
                    s = k + 1
                }
                self.arguments = parts
                self.argument = inner
            } else {
                self.arguments = nil
                self.argument = argument
            }
            return
        }
        name = .unknown
        argument = range
        arguments = nil
    }
}
