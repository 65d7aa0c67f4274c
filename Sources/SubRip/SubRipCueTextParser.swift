public import TimedText
import TextScanning

extension DiagnosticCode {
    /// Warning: a tag that is none of SRT's (`<i> <b> <u> <s> <font> <br>`, any case); the tag is
    /// dropped, its text kept.
    public static let unknownTag: Self = "srt.unknown-tag"
    /// Info: a tag left open, closed at the end of the cue or by the closing tag of the tag around it.
    public static let unclosedTag: Self = "srt.unclosed-tag"
    /// Warning: a closing tag with no matching open tag; ignored.
    public static let unmatchedCloseTag: Self = "srt.unmatched-close-tag"
    /// Warning: a `<font>` attribute that is unknown or has an unreadable value (a colour name, a
    /// size that is not a positive number); the attribute is ignored.
    public static let badFontAttribute: Self = "srt.bad-font-attribute"
    /// Warning: `{\…}` override tags other than alignment and `\i \b \u \s` (SSA/ASS styling such as
    /// `\fs`, `\pos`); removed from the text.
    public static let overrideStripped: Self = "srt.override-stripped"
    /// Warning: more than 100 tags open at once; the extra tags are ignored (their text is kept).
    public static let nestingTooDeep: Self = "srt.nesting-too-deep"
    /// Info: an SSA escape in the text, `\N`/`\n` read as a line break, `\h` as a no-break space.
    public static let assEscape: Self = "srt.ass-escape"
    /// A MicroDVD control code (`{y:i}`, `{c:$BBGGRR}`): info when read as a style, a warning when
    /// it cannot be read or has no SRT equivalent and is removed.
    public static let microDVDTag: Self = "srt.microdvd-tag"
    /// Warning: a second, different `{\an}` in one cue; the first applies, as in SSA/ASS.
    public static let repeatedAlignment: Self = "srt.repeated-alignment"
}

/// The text lines of one SRT cue as an inline tree: `<i> <b> <u> <s> <font color face size>` (any
/// case, nested, unclosed or mis-nested), `<br>`, HTML character references, and `{\…}` override
/// blocks of which the alignment tags (`\an1`…`\an9`, legacy `\a`) and the `\i \b \u \s` toggles are
/// understood and the rest is stripped with a diagnostic. Markup from neighbouring formats that
/// SRT files carry is understood too: the SSA escapes `\N`/`\n` (a line break) and `\h` (a
/// no-break space), and MicroDVD control codes (`{y:i}` for the line, `{Y:b}` for the cue,
/// `{c:$BBGGRR}`, `{f:face}`, `{s:size}`; others are removed with a diagnostic). A `<` or `{`
/// that does not start markup is text.
///
/// One parser serves all the cues of a reader: its working buffers keep their capacity.
struct SubRipCueTextParser {
    /// Numpad alignment from the first `{\an}` (or `{\a}`) of the cue, 1...9.
    private var alignment: Int?

    private var root: [InlineNode] = []
    private var stack: [Open] = []
    private var text: [UInt8] = []
    private var log = DiagnosticLog()
    private var lineNumber = 0
    private var lineStart = 0

    /// Styles stored once for all the cues of the reader, by the attribute text of the `<font>` tag
    /// that said them: a file repeats a few colours thousands of times, and spans sharing one
    /// stored style are smaller and compare by identity (`SharedStyle`). A tag whose attributes
    /// were reported is parsed each time, so each is reported where it is.
    private var fontStyles: [[UInt8]: SharedStyle] = [:]
    private static let lineThrough = SharedStyle(StyleProperties(textDecoration: .lineThrough))

    private struct Open {
        var name: TagName
        var span: InlineSpan
        /// Until a closing tag (HTML-like tags, override toggles), the end of the line or the end
        /// of the cue (MicroDVD `{y:…}` and `{Y:…}`).
        var scope = Scope.tag
    }

    private enum Scope { case tag, line, cue }

    /// Parses the lines and returns the content; diagnostics go to `log`.
    mutating func parse(_ p: UnsafeBufferPointer<UInt8>, lines: [(number: Int, range: Range<Int>)],
                        log: inout DiagnosticLog) -> (content: [InlineNode], alignment: Int?) {
        // Most cues are plain text: no markup scanning, one String per line.
        if lines.allSatisfy({ Self.isPlain(p, $0.range) }) {
            var content: [InlineNode] = []
            content.reserveCapacity(max(0, lines.count * 2 - 1))
            for (k, line) in lines.enumerated() {
                if k > 0 { content.append(.lineBreak) }
                content.append(.text(String(decoding: UnsafeBufferPointer(rebasing: p[line.range]), as: UTF8.self)))
            }
            return (content, nil)
        }
        // The log is borrowed for the cue (swapped in and out, never copied).
        swap(&self.log, &log)
        defer { swap(&self.log, &log) }
        root = []
        alignment = nil
        stack.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
        // A line of override blocks alone (`{\an8}`) positions the cue; it is not an empty line.
        var hasLine = false
        for line in lines {
            let overridesOnly = Self.isOverridesOnly(p, line.range)
            if hasLine && !overridesOnly { append(.lineBreak) }
            parseLine(p, line.range, number: line.number)
            closeLineScoped()
            hasLine = hasLine || !overridesOnly
        }
        return (finish(), alignment)
    }

    /// Whether the line holds nothing but `{\…}` override blocks (and white space).
    static func isOverridesOnly(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        var blocks = 0
        while i < range.upperBound {
            if p[i] == 0x20 || p[i] == 0x09 { i += 1; continue }
            guard p[i] == UInt8(ascii: "{"), i + 1 < range.upperBound, p[i + 1] == UInt8(ascii: "\\") else { return false }
            while i < range.upperBound, p[i] != UInt8(ascii: "}") { i += 1 }
            guard i < range.upperBound else { return false }
            i += 1
            blocks += 1
        }
        return blocks > 0
    }

    /// Whether the line has none of the bytes that may start markup, eight bytes a step: most
    /// lines of most files are plain, and this runs over all of their text.
    @inline(__always)
    static func isPlain(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let base = p.baseAddress else { return true }
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            let word = ByteWord.load(base, at: i)
            if ByteWord.hasByte(word, equalTo: UInt8(ascii: "<")) || ByteWord.hasByte(word, equalTo: UInt8(ascii: "{"))
                || ByteWord.hasByte(word, equalTo: UInt8(ascii: "&")) || ByteWord.hasByte(word, equalTo: UInt8(ascii: "\\")) {
                return false
            }
            i += 8
        }
        while i < range.upperBound {
            if mayStartMarkup(base[i]) { return false }
            i += 1
        }
        return true
    }

    /// `<`, `{`, `&` and `\`: the bytes that can start a tag, an override block or control code,
    /// a reference or an SSA escape.
    @inline(__always)
    static func mayStartMarkup(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "<") || b == UInt8(ascii: "{") || b == UInt8(ascii: "&") || b == UInt8(ascii: "\\")
    }

    private mutating func parseLine(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, number: Int) {
        lineNumber = number
        lineStart = range.lowerBound
        var i = range.lowerBound
        while i < range.upperBound {
            // Copy the run of ordinary bytes up to the next character that may start markup.
            var run = i
            while run < range.upperBound, !Self.mayStartMarkup(p[run]) { run += 1 }
            if run > i {
                text.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<run]))
                i = run
                if i == range.upperBound { break }
            }
            let b = p[i]
            if b == UInt8(ascii: "<"), let end = tagEnd(p, i, range.upperBound) {
                handleTag(p, i, end)
                i = end + 1
            } else if b == UInt8(ascii: "{"), i + 1 < range.upperBound, p[i + 1] == UInt8(ascii: "\\"),
                      let end = closingBrace(p, i, range.upperBound) {
                handleOverride(p, (i + 1)..<end, at: i)
                i = end + 1
            } else if b == UInt8(ascii: "{"), let end = microDVDEnd(p, i, range.upperBound) {
                handleMicroDVD(p, (i + 1)..<end, at: i)
                i = end + 1
            } else if b == UInt8(ascii: "\\"), i + 1 < range.upperBound,
                      p[i + 1] == UInt8(ascii: "N") || p[i + 1] == UInt8(ascii: "n") || p[i + 1] == UInt8(ascii: "h") {
                let location = SourceLocation(line: lineNumber, column: i - lineStart + 1)
                if p[i + 1] == UInt8(ascii: "h") {
                    text.append(contentsOf: [0xC2, 0xA0])
                    log.report(.info, .assEscape, "SSA escape \\h read as a no-break space", at: location)
                } else {
                    append(.lineBreak)
                    let letter = p[i + 1] == UInt8(ascii: "N") ? "N" : "n"
                    log.report(.info, .assEscape, "SSA escape \\\(letter) read as a line break", at: location)
                }
                i += 2
            } else if b == UInt8(ascii: "&"), let (decoded, next) = CharacterReferences.decode(UnsafeBufferPointer(rebasing: p[..<range.upperBound]), at: i) {
                text.append(contentsOf: decoded.utf8)
                i = next
            } else {
                text.append(b)
                i += 1
            }
        }
        flushText()
    }

    /// The `}` closing an override block that starts at `start`, if it comes before the next `{`:
    /// an unclosed `{\` is text, and looking no further than the next brace keeps a line of
    /// many of them linear.
    private func closingBrace(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ limit: Int) -> Int? {
        var i = start + 1
        while i < limit {
            if p[i] == UInt8(ascii: "}") { return i }
            if p[i] == UInt8(ascii: "{") { return nil }
            i += 1
        }
        return nil
    }

    /// The `}` of a MicroDVD control code `{x:…}` starting at `start` (a letter, a colon, at most
    /// 64 bytes, no brace inside), or nil.
    private func microDVDEnd(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ limit: Int) -> Int? {
        guard start + 3 < limit, isLetter(p[start + 1]), p[start + 2] == UInt8(ascii: ":") else { return nil }
        var i = start + 3
        while i < limit, i - start <= 64 {
            if p[i] == UInt8(ascii: "}") { return i }
            if p[i] == UInt8(ascii: "{") { return nil }
            i += 1
        }
        return nil
    }

    /// The index of the `>` closing a tag that starts at `start` with `<` then a letter or `/letter`.
    private func tagEnd(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ limit: Int) -> Int? {
        var i = start + 1
        if i < limit, p[i] == UInt8(ascii: "/") { i += 1 }
        guard i < limit, isLetter(p[i]) else { return nil }
        while i < limit {
            if p[i] == UInt8(ascii: ">") { return i }
            if p[i] == UInt8(ascii: "<") { return nil }
            i += 1
        }
        return nil
    }

    fileprivate enum TagName: String {
        case i, b, u, s, font, br
        /// A span opened by a MicroDVD control code; closed by its scope, never by a tag.
        case microDVD = "{y:}"
    }

    /// The known tag named by `p[range]`, case-insensitively, without building a String.
    private func tagName(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> TagName? {
        func lower(_ k: Int) -> UInt8 { p[range.lowerBound + k] | 0x20 }
        switch range.count {
        case 1:
            switch lower(0) {
            case UInt8(ascii: "i"): return .i
            case UInt8(ascii: "b"): return .b
            case UInt8(ascii: "u"): return .u
            case UInt8(ascii: "s"): return .s
            default: return nil
            }
        case 2:
            return lower(0) == UInt8(ascii: "b") && lower(1) == UInt8(ascii: "r") ? .br : nil
        case 4:
            let f = lower(0) == UInt8(ascii: "f") && lower(1) == UInt8(ascii: "o")
            return f && lower(2) == UInt8(ascii: "n") && lower(3) == UInt8(ascii: "t") ? .font : nil
        default:
            return nil
        }
    }

    private mutating func handleTag(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
        var i = start + 1
        let closing = p[i] == UInt8(ascii: "/")
        if closing { i += 1 }
        let nameStart = i
        while i < end, isLetter(p[i]) || (p[i] >= 0x30 && p[i] <= 0x39) { i += 1 }
        let location = SourceLocation(line: lineNumber, column: start - lineStart + 1)
        guard let name = tagName(p, nameStart..<i) else {
            let tag = String(decoding: UnsafeBufferPointer(rebasing: p[start...end]), as: UTF8.self)
            log.report(.warning, .unknownTag, "unknown tag \(tag) ignored; its content is kept", at: location)
            return
        }
        if name == .br {
            append(.lineBreak)
            return
        }
        if closing {
            close(name, at: location)
            return
        }
        // Every walk over the tree recurses once per level: a few thousand nested tags would
        // exhaust the stack of whoever walks it.
        guard stack.count < Self.maximumDepth else {
            log.report(.warning, .nestingTooDeep, "more than \(Self.maximumDepth) tags open at once; this one is ignored", at: location)
            return
        }
        switch name {
        case .i: open(.i, InlineSpan(.italic, children: []))
        case .b: open(.b, InlineSpan(.bold, children: []))
        case .u: open(.u, InlineSpan(.underline, children: []))
        case .s: open(.s, InlineSpan(.styled, sharedStyle: Self.lineThrough, children: []))
        case .font: open(.font, InlineSpan(.styled, sharedStyle: sharedFontStyle(p, i..<end, location: location), children: []))
        case .br, .microDVD: break
        }
    }

    /// The style of a `<font …>` tag whose attributes are `p[range]`, stored once per attribute text.
    private mutating func sharedFontStyle(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                          location: SourceLocation) -> SharedStyle {
        let key = [UInt8](UnsafeBufferPointer(rebasing: p[range]))
        if let known = fontStyles[key] { return known }
        let reports = log.reportCount
        let style = SharedStyle(fontStyle(p, range, location: location))
        if log.reportCount == reports && fontStyles.count < 4096 { fontStyles[key] = style }
        return style
    }

    /// `color=… face=… size=…` with double, single or no quotes.
    private mutating func fontStyle(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, location: SourceLocation) -> StyleProperties {
        var style = StyleProperties()
        var i = range.lowerBound
        while i < range.upperBound {
            while i < range.upperBound, p[i] == 0x20 || p[i] == 0x09 || p[i] == UInt8(ascii: "/") { i += 1 }
            let keyStart = i
            while i < range.upperBound, isLetter(p[i]) || p[i] == UInt8(ascii: "-") { i += 1 }
            let key = String(decoding: UnsafeBufferPointer(rebasing: p[keyStart..<i]), as: UTF8.self).lowercased()
            guard !key.isEmpty else { i += 1; continue }
            while i < range.upperBound, p[i] == 0x20 { i += 1 }
            var value = ""
            if i < range.upperBound, p[i] == UInt8(ascii: "=") {
                i += 1
                while i < range.upperBound, p[i] == 0x20 { i += 1 }
                if i < range.upperBound, p[i] == UInt8(ascii: "\"") || p[i] == UInt8(ascii: "'") {
                    let quote = p[i]
                    let valueStart = i + 1
                    i = valueStart
                    while i < range.upperBound, p[i] != quote { i += 1 }
                    value = String(decoding: UnsafeBufferPointer(rebasing: p[valueStart..<i]), as: UTF8.self)
                    i += 1
                } else {
                    let valueStart = i
                    while i < range.upperBound, p[i] != 0x20 { i += 1 }
                    value = String(decoding: UnsafeBufferPointer(rebasing: p[valueStart..<i]), as: UTF8.self)
                }
            }
            switch key {
            case "color":
                if let color = Color(css: value) ?? Color(css: "#" + value) {
                    style.color = color
                } else {
                    log.report(.warning, .badFontAttribute, "unknown font colour '\(value)' ignored", at: location)
                }
            case "face":
                let families = value.split(separator: ",").map { $0.trimmingCharacters() }.filter { !$0.isEmpty }
                if !families.isEmpty { style.fontFamilies = families }
            case "size":
                if let size = Fraction(decimal: value.utf8), size > .zero {
                    style.fontSize = .pixels(size)
                } else {
                    log.report(.warning, .badFontAttribute, "font size '\(value)' is not a positive number; ignored", at: location)
                }
            default:
                log.report(.warning, .badFontAttribute, "font attribute '\(key)' ignored", at: location)
            }
        }
        return style
    }

    /// `{\an8}`, `{\i1}`, `{\pos(10,20)\fs20}`: SSA override tags inside braces.
    private mutating func handleOverride(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, at start: Int) {
        let location = SourceLocation(line: lineNumber, column: start - lineStart + 1)
        let body = String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self)
        var stripped: [String] = []
        for tag in body.split(separator: "\\") where !tag.isEmpty {
            let t = tag.trimmingCharacters()
            if t.hasPrefix("an"), let n = Int(t.dropFirst(2)), (1...9).contains(n) {
                setAlignment(n, written: "\\" + t, at: location)
            } else if t.hasPrefix("a"), let n = Int(t.dropFirst(1)), let mapped = Self.legacyAlignment[n] {
                setAlignment(mapped, written: "\\" + t, at: location)
            } else if let (name, on) = toggle(t) {
                if on {
                    switch name {
                    case .i: open(.i, InlineSpan(.italic, children: []))
                    case .b: open(.b, InlineSpan(.bold, children: []))
                    case .u: open(.u, InlineSpan(.underline, children: []))
                    default: open(.s, InlineSpan(.styled, sharedStyle: Self.lineThrough, children: []))
                    }
                } else {
                    close(name, at: location)
                }
            } else {
                stripped.append("\\" + t)
            }
        }
        if !stripped.isEmpty {
            log.report(.warning, .overrideStripped, "override tags \(stripped.joined()) are not supported in SRT and were removed",
                       at: location)
        }
    }

    /// A MicroDVD control code (`y:i,b`, `c:$BBGGRR`, `f:Arial`, `s:24`; lower case for the rest
    /// of the line, upper case for the rest of the cue), without its braces.
    private mutating func handleMicroDVD(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, at start: Int) {
        let location = SourceLocation(line: lineNumber, column: start - lineStart + 1)
        let code = String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self)
        let letter = p[range.lowerBound]
        let scope: Scope = letter >= UInt8(ascii: "a") ? .line : .cue
        let value = code.dropFirst(2).trimmingCharacters()
        let scopeName = scope == .line ? "the line" : "the cue"
        var style = StyleProperties()
        switch letter | 0x20 {
        case UInt8(ascii: "y"):
            var understood = 0
            for flag in value.split(separator: ",") {
                let f = flag.trimmingCharacters().lowercased()
                switch f {
                case "i": open(.microDVD, InlineSpan(.italic, children: []), scope: scope)
                case "b": open(.microDVD, InlineSpan(.bold, children: []), scope: scope)
                case "u": open(.microDVD, InlineSpan(.underline, children: []), scope: scope)
                case "s": open(.microDVD, InlineSpan(.styled, sharedStyle: Self.lineThrough, children: []), scope: scope)
                default:
                    log.report(.warning, .microDVDTag, "MicroDVD style '\(f)' in {\(code)} is not known; removed", at: location)
                    continue
                }
                understood += 1
            }
            if understood > 0 {
                log.report(.info, .microDVDTag, "MicroDVD control code {\(code)} read as a style for \(scopeName)", at: location)
            }
            return
        case UInt8(ascii: "c"):
            // $BBGGRR: blue first.
            let hex = value.hasPrefix("$") ? String(value.dropFirst()) : value
            guard hex.utf8.count == 6, let bgr = UInt32(hex, radix: 16) else {
                log.report(.warning, .microDVDTag, "MicroDVD colour {\(code)} cannot be read; removed", at: location)
                return
            }
            style.color = Color(red: UInt8(bgr & 0xFF), green: UInt8((bgr >> 8) & 0xFF), blue: UInt8(bgr >> 16))
        case UInt8(ascii: "f") where !value.isEmpty:
            style.fontFamilies = [value]
        case UInt8(ascii: "s"):
            guard let size = Fraction(decimal: value.utf8), size > .zero else {
                log.report(.warning, .microDVDTag, "MicroDVD size {\(code)} is not a positive number; removed", at: location)
                return
            }
            style.fontSize = .pixels(size)
        default:
            log.report(.warning, .microDVDTag, "MicroDVD control code {\(code)} has no SRT equivalent; removed", at: location)
            return
        }
        open(.microDVD, InlineSpan(.styled, style: style, children: []), scope: scope)
        log.report(.info, .microDVDTag, "MicroDVD control code {\(code)} read as a style for \(scopeName)", at: location)
    }

    /// The first alignment of a cue applies, as in SSA/ASS (and libass); a later one is reported.
    private mutating func setAlignment(_ numpad: Int, written: String, at location: SourceLocation) {
        guard alignment == nil else {
            if numpad != alignment {
                log.report(.warning, .repeatedAlignment, "\(written) after an earlier alignment in the cue is ignored (the first applies, as in ASS)", at: location)
            }
            return
        }
        alignment = numpad
    }

    /// SSA v4 `\a` alignment (1–3 bottom, 5–7 top, 9–11 middle) as numpad `\an`.
    static let legacyAlignment: [Int: Int] = [1: 1, 2: 2, 3: 3, 5: 7, 6: 8, 7: 9, 9: 4, 10: 5, 11: 6]

    private func toggle(_ tag: String) -> (TagName, Bool)? {
        guard tag.count == 2, let first = tag.first, let name = TagName(rawValue: String(first)), name != .br,
              let last = tag.last, last == "0" || last == "1" else {
            return nil
        }
        return (name, last == "1")
    }

    // MARK: - Tree building

    /// Adds the pending text. Text is flushed only when the tree changes shape (a node or a span
    /// begins or ends), so an ignored tag leaves one run, however many there are; the merge with a
    /// text node just before is a safeguard that keeps the tree the same however the markup was
    /// written.
    private mutating func flushText() {
        guard !text.isEmpty else { return }
        let run = String(decoding: text, as: UTF8.self)
        text.removeAll(keepingCapacity: true)
        if stack.isEmpty {
            if case .text(let previous)? = root.last { root[root.count - 1] = .text(previous + run); return }
        } else if case .text(let previous)? = stack[stack.count - 1].span.children.last {
            stack[stack.count - 1].span.children[stack[stack.count - 1].span.children.count - 1] = .text(previous + run)
            return
        }
        appendNode(.text(run))
    }

    private mutating func append(_ node: InlineNode) {
        flushText()
        appendNode(node)
    }

    private mutating func appendNode(_ node: InlineNode) {
        if stack.isEmpty {
            root.append(node)
        } else {
            stack[stack.count - 1].span.children.append(node)
        }
    }

    static let maximumDepth = 100

    private mutating func open(_ name: TagName, _ span: InlineSpan, scope: Scope = .tag) {
        guard stack.count < Self.maximumDepth else { return }  // override toggles come here unchecked
        flushText()
        stack.append(Open(name: name, span: span, scope: scope))
    }

    /// At the end of a line, the spans of lower-case MicroDVD codes end (and any tag opened
    /// inside them with them).
    private mutating func closeLineScoped() {
        guard let lowest = stack.firstIndex(where: { $0.scope == .line }) else { return }
        flushText()
        while stack.count > lowest {
            let inner = stack.removeLast()
            if inner.scope == .tag {
                log.report(.info, .unclosedTag, "<\(inner.name.rawValue)> closed at the end of a MicroDVD line style",
                           at: SourceLocation(line: lineNumber, column: 1))
            }
            append(.span(inner.span))
        }
    }

    private mutating func close(_ name: TagName, at location: SourceLocation) {
        guard let index = stack.lastIndex(where: { $0.name == name }) else {
            log.report(.warning, .unmatchedCloseTag, "closing </\(name.rawValue)> without an open <\(name.rawValue)>; ignored", at: location)
            return
        }
        flushText()
        while stack.count > index + 1 {
            let inner = stack.removeLast()
            log.report(.info, .unclosedTag, "<\(inner.name.rawValue)> closed by </\(name.rawValue)>", at: location)
            append(.span(inner.span))
        }
        let closed = stack.removeLast()
        append(.span(closed.span))
    }

    private mutating func finish() -> [InlineNode] {
        flushText()
        while let inner = stack.popLast() {
            if inner.scope == .tag {
                log.report(.info, .unclosedTag, "<\(inner.name.rawValue)> not closed; closed at the end of the cue",
                           at: SourceLocation(line: lineNumber, column: 1))
            }
            append(.span(inner.span))
        }
        return root
    }

    @inline(__always)
    private func isLetter(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
    }
}

extension StringProtocol {
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
