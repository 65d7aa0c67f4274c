public import TimedText
import TextScanning

/// W3C WebVTT §6.4, the cue text parsing rules: the cue text tokenizer (data, tag, start tag,
/// class, annotation, end tag and timestamp states, with HTML character references) and the tree
/// building rules (`c i b u ruby rt v lang`, timestamps; anything else ignored), into the model's
/// inline tree. Text keeps the DOM's text-node boundaries; newlines become `.lineBreak`.
public enum WebVTTCueTextParser {
    /// Parses cue text (the lines after the timing line, joined by line feeds) into the inline tree.
    /// Never fails: unknown tags are dropped with their text kept, as §6.4 says.
    public static func parse(_ text: String) -> [InlineNode] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { parse($0, 0..<$0.count) }
    }

    /// `parse(_:)` on the UTF-8 bytes `p[range]`, without making a `String` first.
    public static func parse(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [InlineNode] {
        parse(p, range, styler: nil)
    }

    /// Gives an element its style as it is built: (element name, classes, voice, lang attribute).
    typealias Styler = (String, [String], String?, String?) -> SharedStyle?

    static func parse(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, styler: Styler?) -> [InlineNode] {
        if let plain = plainText(p, range) { return plain }
        var tokenizer = Tokenizer(p: p, position: range.lowerBound, limit: range.upperBound)
        var builder = TreeBuilder()
        builder.styler = styler
        while let token = tokenizer.next() {
            builder.add(token)
        }
        return builder.finish()
    }

    /// Most cue text has no markup and no character reference: its tree is one text node, which
    /// becomes one `.text` per line; built directly, without the tokenizer (the same result).
    private static func plainText(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [InlineNode]? {
        var lineStart = range.lowerBound
        var lines = 1
        for i in range {
            let b = p[i]
            if b == UInt8(ascii: "<") || b == UInt8(ascii: "&") { return nil }
            if b == 0x0A { lines += 1 }
        }
        var nodes: [InlineNode] = []
        nodes.reserveCapacity(lines * 2 - 1)
        for i in range where p[i] == 0x0A {
            if i > lineStart { nodes.append(.text(String(decoding: UnsafeBufferPointer(rebasing: p[lineStart..<i]), as: UTF8.self))) }
            nodes.append(.lineBreak)
            lineStart = i + 1
        }
        if range.upperBound > lineStart {
            nodes.append(.text(String(decoding: UnsafeBufferPointer(rebasing: p[lineStart..<range.upperBound]), as: UTF8.self)))
        }
        return nodes
    }

    // MARK: - Tokenizer (§6.4 "WebVTT cue text tokenizer")

    enum Token {
        /// Text, and whether it holds a line feed (the tree builder splits lines at them).
        case text(String, hasLineFeed: Bool)
        case startTag(name: String, classes: [String], annotation: String)
        case endTag(String)
        case timestamp(String)
    }

    struct Tokenizer {
        let p: UnsafeBufferPointer<UInt8>
        var position: Int
        let limit: Int

        @inline(__always) func isWhitespace(_ b: UInt8) -> Bool { b == 0x09 || b == 0x0C || b == 0x20 }

        mutating func next() -> Token? {
            guard position < limit else { return nil }
            if p[position] != UInt8(ascii: "<") { return dataState() }
            position += 1
            return tagState()
        }

        /// Data state: text up to the next `<`, with character references decoded.
        private mutating func dataState() -> Token {
            let start = position
            var hasLineFeed = false
            while position < limit {
                let b = p[position]
                if b == UInt8(ascii: "<") || b == UInt8(ascii: "&") { break }
                if b == 0x0A { hasLineFeed = true }
                position += 1
            }
            if position == limit || p[position] == UInt8(ascii: "<") {
                return .text(string(start..<position), hasLineFeed: hasLineFeed)
            }
            // A character reference: decode into a buffer from here on.
            var result = Array(UnsafeBufferPointer(rebasing: p[start..<position]))
            result.reserveCapacity(result.count + 32)
            while position < limit {
                let b = p[position]
                if b == UInt8(ascii: "<") { break }
                if b == UInt8(ascii: "&") {
                    appendCharacterReference(to: &result, additionalAllowed: nil)
                    continue
                }
                result.append(b)
                position += 1
            }
            return .text(String(decoding: result, as: UTF8.self), hasLineFeed: result.contains(0x0A))
        }

        private mutating func tagState() -> Token {
            guard position < limit else { return .startTag(name: "", classes: [], annotation: "") }
            let b = p[position]
            switch b {
            case 0x09, 0x0A, 0x0C, 0x20:
                position += 1
                return annotationState(name: "", classes: [], buffer: [])
            case UInt8(ascii: "."):
                position += 1
                return classState(name: "")
            case UInt8(ascii: "/"):
                position += 1
                return endTagState()
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                return timestampState()
            case UInt8(ascii: ">"):
                position += 1
                return .startTag(name: "", classes: [], annotation: "")
            default:
                return startTagState()
            }
        }

        private mutating func startTagState() -> Token {
            let start = position
            while position < limit {
                let b = p[position]
                switch b {
                case 0x09, 0x0C, 0x20:
                    let name = string(start..<position)
                    position += 1
                    return annotationState(name: name, classes: [], buffer: [])
                case 0x0A:
                    let name = string(start..<position)
                    position += 1
                    return annotationState(name: name, classes: [], buffer: [b])
                case UInt8(ascii: "."):
                    let name = string(start..<position)
                    position += 1
                    return classState(name: name)
                case UInt8(ascii: ">"):
                    let name = string(start..<position)
                    position += 1
                    return .startTag(name: name, classes: [], annotation: "")
                default:
                    position += 1
                }
            }
            return .startTag(name: string(start..<position), classes: [], annotation: "")
        }

        private mutating func classState(name: String) -> Token {
            var classes: [String] = []
            var start = position
            func flush(_ end: Int) {
                if end > start { classes.append(string(start..<end)) }
            }
            while position < limit {
                let b = p[position]
                switch b {
                case 0x09, 0x0C, 0x20:
                    flush(position)
                    position += 1
                    return annotationState(name: name, classes: classes, buffer: [])
                case 0x0A:
                    flush(position)
                    position += 1
                    return annotationState(name: name, classes: classes, buffer: [b])
                case UInt8(ascii: "."):
                    flush(position)
                    position += 1
                    start = position
                case UInt8(ascii: ">"):
                    flush(position)
                    position += 1
                    return .startTag(name: name, classes: classes, annotation: "")
                default:
                    position += 1
                }
            }
            flush(position)
            return .startTag(name: name, classes: classes, annotation: "")
        }

        private mutating func annotationState(name: String, classes: [String], buffer initial: [UInt8]) -> Token {
            var buffer = initial
            while position < limit {
                let b = p[position]
                if b == UInt8(ascii: ">") {
                    position += 1
                    break
                }
                if b == UInt8(ascii: "&") {
                    appendCharacterReference(to: &buffer, additionalAllowed: UInt8(ascii: ">"))
                    continue
                }
                buffer.append(b)
                position += 1
            }
            return .startTag(name: name, classes: classes, annotation: collapsedWhitespace(buffer))
        }

        private mutating func endTagState() -> Token { .endTag(string(untilTagEnd())) }

        private mutating func timestampState() -> Token { .timestamp(string(untilTagEnd())) }

        /// The end tag and timestamp states: everything up to `>` (consumed) or the end.
        private mutating func untilTagEnd() -> Range<Int> {
            let start = position
            while position < limit, p[position] != UInt8(ascii: ">") { position += 1 }
            let end = position
            if position < limit { position += 1 }
            return start..<end
        }

        /// At `&`: appends the reference it starts, or the `&` itself when it starts none.
        private mutating func appendCharacterReference(to out: inout [UInt8], additionalAllowed: UInt8?) {
            position += 1
            if !consumeCharacterReference(into: &out, additionalAllowed: additionalAllowed) {
                out.append(UInt8(ascii: "&"))
            }
        }

        /// HTML's "consume a character reference" (data state, or annotation with `>` allowed):
        /// named references by longest match (legacy names without `;` included), numeric ones
        /// with the HTML replacements, appended to `out` as UTF-8. Returns false, consuming nothing,
        /// when there is none.
        private mutating func consumeCharacterReference(into out: inout [UInt8], additionalAllowed: UInt8?) -> Bool {
            guard position < limit else { return false }
            let b = p[position]
            if b == 0x09 || b == 0x0A || b == 0x0C || b == 0x20 || b == UInt8(ascii: "<") || b == UInt8(ascii: "&")
                || b == additionalAllowed {
                return false
            }
            if b == UInt8(ascii: "#") {
                guard let (value, end) = CharacterReferences.numeric(p, at: position - 1, upperCaseX: true, limit: limit,
                                                                     optionalSemicolon: true) else { return false }
                position = end
                Self.appendUTF8(CharacterReferences.numericScalar(value), to: &out)
                return true
            }
            // Longest name in the table that the text starts with. Names are letters and digits,
            // some with a final `;`, at most 32 bytes: only prefixes of that run can match.
            var run = position
            while run < limit, run - position < 32, CharacterReferences.isAlphanumeric(p[run]) { run += 1 }
            if run < limit, p[run] == UInt8(ascii: ";") { run += 1 }
            var length = run - position
            while length > 0 {
                let candidate = Substring(string(position..<(position + length)))
                if let scalars = CharacterReferences.lookup(candidate) {
                    let endsWithSemicolon = p[position + length - 1] == UInt8(ascii: ";")
                    // In an annotation (an attribute-like value) a legacy name followed by `=` or an
                    // alphanumeric is not a reference.
                    if additionalAllowed != nil, !endsWithSemicolon, position + length < limit,
                       case let next = p[position + length],
                       next == UInt8(ascii: "=") || CharacterReferences.isAlphanumeric(next) {
                        return false
                    }
                    position += length
                    for scalar in scalars { Self.appendUTF8(scalar, to: &out) }
                    return true
                }
                length -= 1
            }
            return false
        }

        private static func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
            UTF8.encode(scalar) { out.append($0) }
        }

        private func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

        private func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self)
        }

        /// Leading and trailing ASCII whitespace removed, inner runs collapsed to one space.
        private func collapsedWhitespace(_ bytes: [UInt8]) -> String {
            var out: [UInt8] = []
            var pendingSpace = false
            for b in bytes {
                if b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D || b == 0x20 {
                    pendingSpace = !out.isEmpty
                } else {
                    if pendingSpace { out.append(0x20) }
                    pendingSpace = false
                    out.append(b)
                }
            }
            return string(out)
        }
    }

    // MARK: - Tree building (§6.4 "WebVTT cue text parsing rules")

    /// The spec's tree building, on a stack of open elements; each element becomes its model node
    /// when it closes (a ruby text closes into a segment of its ruby).
    struct TreeBuilder {
        enum Kind { case root, `class`, italic, bold, underline, ruby, rubyText, voice, language }

        struct Open {
            let kind: Kind
            let classes: [String]
            let annotation: String
            /// Children so far; for a ruby, the base text since the last ruby text.
            var children: [InlineNode] = []
            var segments: [RubySegment] = []
        }

        var stack: [Open] = [Open(kind: .root, classes: [], annotation: "")]
        var styler: Styler?

        /// Elements open at once, at most. The spec sets no limit, but every walk over the tree
        /// (rendering, writing, comparing, freeing) recurses once per level: a cue of 20,000
        /// nested `<i>` would exhaust the stack. Deeper start tags are ignored (their text is kept
        /// in the deepest element), as browsers cap DOM depth.
        static let maximumDepth = 100

        mutating func add(_ token: Token) {
            switch token {
            case .text(let text, let hasLineFeed):
                Self.appendText(text, hasLineFeed: hasLineFeed, to: &stack[stack.count - 1].children)
            case .startTag(let name, let classes, let annotation):
                let kind: Kind
                switch name {
                case "c": kind = .class
                case "i": kind = .italic
                case "b": kind = .bold
                case "u": kind = .underline
                case "ruby": kind = .ruby
                case "rt":
                    guard stack[stack.count - 1].kind == .ruby else { return }
                    kind = .rubyText
                case "v": kind = .voice
                case "lang": kind = .language
                default: return
                }
                guard stack.count <= Self.maximumDepth else { return }
                stack.append(Open(kind: kind, classes: classes, annotation: annotation))
            case .endTag(let name):
                let current = stack[stack.count - 1].kind
                if current != .root, Self.name(of: current) == name {
                    close()
                } else if name == "ruby", current == .rubyText {
                    close()
                    close()
                }
            case .timestamp(let value):
                if let time = WebVTTTimestamp.parse(value) { stack[stack.count - 1].children.append(.timestamp(time)) }
            }
        }

        /// Pops the current element into its parent.
        private mutating func close() {
            let element = stack.removeLast()
            let top = stack.count - 1
            switch element.kind {
            case .root:
                return
            case .rubyText:
                let style = styler?("rt", element.classes, nil, nil)?.style ?? .none
                stack[top].segments.append(RubySegment(base: stack[top].children, annotation: element.children,
                                                       annotationClasses: element.classes, annotationStyle: style))
                stack[top].children = []
                return
            case .ruby:
                var segments = element.segments
                if !element.children.isEmpty { segments.append(RubySegment(base: element.children, annotation: nil)) }
                let style = styler?("ruby", element.classes, nil, nil)?.style ?? .none
                stack[top].children.append(.ruby(Ruby(classes: element.classes, segments: segments, style: style)))
                return
            case .class, .italic, .bold, .underline, .voice, .language:
                let kind: InlineSpan.Kind
                switch element.kind {
                case .italic: kind = .italic
                case .bold: kind = .bold
                case .underline: kind = .underline
                case .voice: kind = .voice(element.annotation)
                case .language: kind = .language(element.annotation)
                default: kind = .class
                }
                var cascaded: SharedStyle?
                if let styler, let name = Self.name(of: element.kind) {
                    cascaded = styler(name, element.classes, element.kind == .voice ? element.annotation : nil,
                                      element.kind == .language ? element.annotation : nil)
                }
                // The default colour classes (`c.yellow`) beneath the file's own rules.
                if let style = WebVTTDefaultClasses.under(cascaded, classes: element.classes) {
                    stack[top].children.append(.span(InlineSpan(kind, classes: element.classes, sharedStyle: style, children: element.children)))
                } else {
                    stack[top].children.append(.span(InlineSpan(kind, classes: element.classes, children: element.children)))
                }
            }
        }

        static func name(of kind: Kind) -> String? {
            switch kind {
            case .root: nil
            case .class: "c"
            case .italic: "i"
            case .bold: "b"
            case .underline: "u"
            case .ruby: "ruby"
            case .rubyText: "rt"
            case .voice: "v"
            case .language: "lang"
            }
        }

        /// Closes whatever is still open (unclosed tags end with the cue text).
        mutating func finish() -> [InlineNode] {
            while stack.count > 1 { close() }
            return stack[0].children
        }

        /// A DOM text node: lines become text nodes separated by `.lineBreak`.
        static func appendText(_ text: String, hasLineFeed: Bool, to out: inout [InlineNode]) {
            let utf8 = text.utf8
            guard hasLineFeed else {
                if !text.isEmpty { out.append(.text(text)) }
                return
            }
            // Line feeds are ASCII, so their UTF-8 positions are valid String indices.
            var lineStart = utf8.startIndex
            var i = utf8.startIndex
            while i != utf8.endIndex {
                if utf8[i] == 0x0A {
                    if i != lineStart { out.append(.text(String(text[lineStart..<i]))) }
                    out.append(.lineBreak)
                    lineStart = utf8.index(after: i)
                }
                i = utf8.index(after: i)
            }
            if lineStart != utf8.endIndex { out.append(.text(String(text[lineStart...]))) }
        }
    }
}
