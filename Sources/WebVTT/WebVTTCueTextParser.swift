public import TimedText
import TextScanning

/// W3C WebVTT §6.4, the cue text parsing rules: the cue text tokenizer (data, tag, start tag,
/// class, annotation, end tag and timestamp states, with HTML character references) and the tree
/// building rules (`c i b u ruby rt v lang`, timestamps; anything else ignored), into the model's
/// inline tree. Text keeps the DOM's text-node boundaries; newlines become `.lineBreak`.
public enum WebVTTCueTextParser {
    public static func parse(_ text: String) -> [InlineNode] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { parse($0, 0..<$0.count) }
    }

    public static func parse(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [InlineNode] {
        var tokenizer = Tokenizer(p: p, position: range.lowerBound, limit: range.upperBound)
        var builder = TreeBuilder()
        while let token = tokenizer.next() {
            builder.add(token)
        }
        return builder.finish()
    }

    // MARK: - Tokenizer (§6.4 "WebVTT cue text tokenizer")

    enum Token {
        case text(String)
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
            var result: [UInt8] = []
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
            return .text(String(decoding: result, as: UTF8.self))
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
            var name: [UInt8] = []
            while position < limit {
                let b = p[position]
                switch b {
                case 0x09, 0x0C, 0x20:
                    position += 1
                    return annotationState(name: string(name), classes: [], buffer: [])
                case 0x0A:
                    position += 1
                    return annotationState(name: string(name), classes: [], buffer: [b])
                case UInt8(ascii: "."):
                    position += 1
                    return classState(name: string(name))
                case UInt8(ascii: ">"):
                    position += 1
                    return .startTag(name: string(name), classes: [], annotation: "")
                default:
                    name.append(b)
                    position += 1
                }
            }
            return .startTag(name: string(name), classes: [], annotation: "")
        }

        private mutating func classState(name: String) -> Token {
            var classes: [String] = []
            var buffer: [UInt8] = []
            func flush() {
                if !buffer.isEmpty { classes.append(string(buffer)) }
                buffer.removeAll()
            }
            while position < limit {
                let b = p[position]
                switch b {
                case 0x09, 0x0C, 0x20:
                    position += 1
                    flush()
                    return annotationState(name: name, classes: classes, buffer: [])
                case 0x0A:
                    position += 1
                    flush()
                    return annotationState(name: name, classes: classes, buffer: [b])
                case UInt8(ascii: "."):
                    position += 1
                    flush()
                case UInt8(ascii: ">"):
                    position += 1
                    flush()
                    return .startTag(name: name, classes: classes, annotation: "")
                default:
                    buffer.append(b)
                    position += 1
                }
            }
            flush()
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
        private mutating func untilTagEnd() -> [UInt8] {
            var value: [UInt8] = []
            while position < limit {
                let b = p[position]
                position += 1
                if b == UInt8(ascii: ">") { break }
                value.append(b)
            }
            return value
        }

        /// At `&`: appends the reference it starts, or the `&` itself when it starts none.
        private mutating func appendCharacterReference(to out: inout [UInt8], additionalAllowed: UInt8?) {
            position += 1
            if let decoded = consumeCharacterReference(additionalAllowed: additionalAllowed) {
                out.append(contentsOf: decoded.utf8)
            } else {
                out.append(UInt8(ascii: "&"))
            }
        }

        /// HTML's "consume a character reference" (data state, or annotation with `>` allowed):
        /// named references by longest match (legacy names without `;` included), numeric ones
        /// with the HTML replacements. Returns nil, consuming nothing, when there is none.
        private mutating func consumeCharacterReference(additionalAllowed: UInt8?) -> String? {
            guard position < limit else { return nil }
            let b = p[position]
            if b == 0x09 || b == 0x0A || b == 0x0C || b == 0x20 || b == UInt8(ascii: "<") || b == UInt8(ascii: "&")
                || b == additionalAllowed {
                return nil
            }
            if b == UInt8(ascii: "#") {
                var k = position + 1
                var hex = false
                if k < limit, p[k] | 0x20 == UInt8(ascii: "x") { hex = true; k += 1 }
                var value: UInt32 = 0
                var count = 0
                while k < limit, let d = CharacterReferences.digitValue(p[k], hex: hex) {
                    value = min(value &* (hex ? 16 : 10) &+ d, 0x110000)
                    count += 1
                    k += 1
                }
                guard count > 0 else { return nil }
                if k < limit, p[k] == UInt8(ascii: ";") { k += 1 }
                position = k
                return String(CharacterReferences.numericScalar(value))
            }
            // Longest name in the table that the text starts with (names are at most 32 bytes).
            let maxLength = min(33, limit - position)
            var length = maxLength
            while length > 0 {
                let candidate = Substring(string(Array(UnsafeBufferPointer(rebasing: p[position..<(position + length)]))))
                if let scalars = CharacterReferences.lookup(candidate) {
                    let endsWithSemicolon = p[position + length - 1] == UInt8(ascii: ";")
                    // In an annotation (an attribute-like value) a legacy name followed by `=` or an
                    // alphanumeric is not a reference.
                    if additionalAllowed != nil, !endsWithSemicolon, position + length < limit,
                       case let next = p[position + length],
                       next == UInt8(ascii: "=") || CharacterReferences.isAlphanumeric(next) {
                        return nil
                    }
                    position += length
                    var text = ""
                    text.unicodeScalars.append(contentsOf: scalars)
                    return text
                }
                length -= 1
            }
            return nil
        }

        private func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

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

    /// The WebVTT node objects, built as the spec builds them, then turned into the model.
    final class Element {
        enum Kind { case root, `class`, italic, bold, underline, ruby, rubyText, voice, language }
        let kind: Kind
        let classes: [String]
        let annotation: String
        var children: [Child] = []
        weak var parent: Element?

        enum Child {
            case text(String)
            case timestamp(MediaTime)
            case element(Element)
        }

        init(_ kind: Kind, classes: [String] = [], annotation: String = "", parent: Element?) {
            self.kind = kind
            self.classes = classes
            self.annotation = annotation
            self.parent = parent
        }
    }

    struct TreeBuilder {
        let root = Element(.root, parent: nil)
        var current: Element

        init() { current = root }

        mutating func add(_ token: Token) {
            switch token {
            case .text(let text):
                current.children.append(.text(text))
            case .startTag(let name, let classes, let annotation):
                let kind: Element.Kind
                switch name {
                case "c": kind = .class
                case "i": kind = .italic
                case "b": kind = .bold
                case "u": kind = .underline
                case "ruby": kind = .ruby
                case "rt":
                    guard current.kind == .ruby else { return }
                    kind = .rubyText
                case "v": kind = .voice
                case "lang": kind = .language
                default: return
                }
                let element = Element(kind, classes: classes, annotation: annotation, parent: current)
                current.children.append(.element(element))
                current = element
            case .endTag(let name):
                if Self.name(of: current.kind) == name, let parent = current.parent {
                    current = parent
                } else if name == "ruby", current.kind == .rubyText, let ruby = current.parent, let parent = ruby.parent {
                    current = parent
                }
            case .timestamp(let value):
                if let time = WebVTTTimestamp.parse(value) { current.children.append(.timestamp(time)) }
            }
        }

        static func name(of kind: Element.Kind) -> String? {
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

        func finish() -> [InlineNode] { Self.nodes(root.children) }

        static func nodes(_ children: [Element.Child]) -> [InlineNode] {
            var out: [InlineNode] = []
            for child in children {
                switch child {
                case .text(let text): appendText(text, to: &out)
                case .timestamp(let time): out.append(.timestamp(time))
                case .element(let element): out.append(node(element))
                }
            }
            return out
        }

        /// A DOM text node: lines become text nodes separated by `.lineBreak`.
        static func appendText(_ text: String, to out: inout [InlineNode]) {
            var first = true
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if !first { out.append(.lineBreak) }
                if !line.isEmpty { out.append(.text(String(line))) }
                first = false
            }
        }

        static func node(_ element: Element) -> InlineNode {
            let children = nodes(element.children)
            switch element.kind {
            case .root, .rubyText: return .span(Span(.class, classes: element.classes, children: children))
            case .class: return .span(Span(.class, classes: element.classes, children: children))
            case .italic: return .span(Span(.italic, classes: element.classes, children: children))
            case .bold: return .span(Span(.bold, classes: element.classes, children: children))
            case .underline: return .span(Span(.underline, classes: element.classes, children: children))
            case .voice: return .span(Span(.voice(element.annotation), classes: element.classes, children: children))
            case .language: return .span(Span(.language(element.annotation), classes: element.classes, children: children))
            case .ruby:
                var segments: [RubySegment] = []
                var base: [Element.Child] = []
                for child in element.children {
                    if case .element(let rt) = child, rt.kind == .rubyText {
                        segments.append(RubySegment(base: nodes(base), annotation: nodes(rt.children), annotationClasses: rt.classes))
                        base = []
                    } else {
                        base.append(child)
                    }
                }
                if !base.isEmpty { segments.append(RubySegment(base: nodes(base), annotation: nil)) }
                return .ruby(Ruby(classes: element.classes, segments: segments))
            }
        }
    }
}
