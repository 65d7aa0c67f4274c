public import TimedText

/// Decides a caption file's format: by content first (a WebVTT signature, an XML root, the
/// `Scenarist_SCC` header, an SRT timing line, `[Script Info]`), by file extension second.
public enum FormatSniffer {
    public static func detect(_ text: SourceText, fileName: String? = nil) -> SourceFormat? {
        text.withUnsafeBytes { byContent(Array($0.prefix(4096))) } ?? fileName.flatMap(byExtension)
    }

    public static func byContent(_ bytes: [UInt8]) -> SourceFormat? {
        let head = bytes.prefix(4096)
        let trimmed = head.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }
        if starts(trimmed, "WEBVTT") { return .webVTT }
        if starts(trimmed, "Scenarist_SCC") { return .scc }
        if starts(trimmed, "[Script Info]") { return .substationAlpha }
        if starts(trimmed, "<?xml") || starts(trimmed, "<tt") || starts(trimmed, "<!--") {
            return .ttml
        }
        if containsSubRipTiming(head) { return .subRip }
        return nil
    }

    public static func byExtension(_ fileName: String) -> SourceFormat? {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "vtt", "webvtt": return .webVTT
        case "srt": return .subRip
        case "scc": return .scc
        case "ttml", "dfxp", "xml", "imsc": return .ttml
        case "ass", "ssa": return .substationAlpha
        default: return nil
        }
    }

    private static func starts(_ bytes: ArraySlice<UInt8>, _ prefix: String) -> Bool {
        bytes.starts(with: prefix.utf8)
    }

    /// A line of the form `digits:digits:digits[,.]digits --> …` within the first lines.
    static func containsSubRipTiming(_ head: ArraySlice<UInt8>) -> Bool {
        var lineStart = head.startIndex
        var lines = 0
        while lineStart < head.endIndex && lines < 40 {
            let lineEnd = head[lineStart...].firstIndex(of: 0x0A) ?? head.endIndex
            let line = head[lineStart..<lineEnd]
            if line.count >= 12, let arrow = firstArrow(line) {
                let left = line[line.startIndex..<arrow]
                if left.contains(UInt8(ascii: ":")) && left.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) { return true }
            }
            lineStart = lineEnd + 1
            lines += 1
        }
        return false
    }

    /// Where the first timing arrow of the line begins: `-->`, or a damaged one real files carry
    /// (`- >`, `->`, `—>`, `=>`, `→`): a `>` after a dash, or a `→`.
    private static func firstArrow(_ line: ArraySlice<UInt8>) -> Int? {
        var i = line.startIndex
        while i < line.endIndex {
            if line[i] == 0x3E {  // >
                var k = i
                while k > line.startIndex, line[k - 1] == 0x20 { k -= 1 }
                if k > line.startIndex {
                    let b = line[k - 1]
                    if b == 0x2D || b == 0x3D { return k - 1 }  // - or =
                    if (b == 0x93 || b == 0x94), k - 3 >= line.startIndex, line[k - 2] == 0x80, line[k - 3] == 0xE2 { return k - 3 }
                }
            } else if line[i] == 0xE2, i + 2 < line.endIndex, line[i + 1] == 0x86, line[i + 2] == 0x92 {
                return i
            }
            i += 1
        }
        return nil
    }
}
