public import TimedText
import TextScanning

/// The html5lib-style dump of a cue's DOM (`getCueAsHTML()`), as the web-platform-tests cue-text
/// suite writes it: `#document-fragment`, then one node a line, `| ` and two spaces a level;
/// `c`/`v`/`lang` as `<span>` with `class`, `title`, `lang` attributes (sorted, one level deeper);
/// text in quotes; timestamps as `<?timestamp hh:mm:ss.ttt>`.
///
/// Text and line breaks form one DOM text node; two text nodes with nothing between them (an
/// ignored tag separated them) stay two.
public enum WebVTTCueTree {
    /// The dump of `nodes`, with no trailing line feed.
    public static func dump(_ nodes: [InlineNode]) -> String {
        var out = "#document-fragment"
        append(nodes, depth: 0, to: &out)
        return out
    }

    private static func append(_ nodes: [InlineNode], depth: Int, to out: inout String) {
        let indent = "\n| " + String(repeating: "  ", count: depth)
        var text: String?
        var previousWasBreak = false
        func flush() {
            if let pending = text { out += indent + "\"" + pending + "\"" }
            text = nil
        }
        for node in nodes {
            switch node {
            case .text(let s):
                if text != nil && !previousWasBreak { flush() }
                text = (text ?? "") + s
                previousWasBreak = false
            case .lineBreak:
                text = (text ?? "") + "\n"
                previousWasBreak = true
            case .timestamp(let time):
                flush()
                var clock = ByteWriter(capacity: 16)
                clock.appendClock(time, separator: UInt8(ascii: "."))
                out += indent + "<?timestamp " + String(decoding: clock.finish(), as: UTF8.self) + ">"
                previousWasBreak = false
            case .span(let span):
                flush()
                let (tag, attributes) = element(span)
                out += indent + "<\(tag)>"
                appendAttributes(attributes, depth: depth + 1, to: &out)
                append(span.children, depth: depth + 1, to: &out)
                previousWasBreak = false
            case .ruby(let ruby):
                flush()
                out += indent + "<ruby>"
                appendAttributes(classAttribute(ruby.classes), depth: depth + 1, to: &out)
                for segment in ruby.segments {
                    append(segment.base, depth: depth + 1, to: &out)
                    if let annotation = segment.annotation {
                        out += "\n| " + String(repeating: "  ", count: depth + 1) + "<rt>"
                        appendAttributes(classAttribute(segment.annotationClasses), depth: depth + 2, to: &out)
                        append(annotation, depth: depth + 2, to: &out)
                    }
                }
                previousWasBreak = false
            }
        }
        flush()
    }

    private static func element(_ span: InlineSpan) -> (String, [(String, String)]) {
        var attributes = classAttribute(span.classes)
        switch span.kind {
        case .italic: return ("i", attributes)
        case .bold: return ("b", attributes)
        case .underline: return ("u", attributes)
        case .voice(let name): attributes.append(("title", name))
        case .language(let tag): attributes.append(("lang", tag))
        case .class, .styled: break
        }
        return ("span", attributes.sorted { $0.0 < $1.0 })
    }

    private static func classAttribute(_ classes: [String]) -> [(String, String)] {
        classes.isEmpty ? [] : [("class", classes.joined(separator: " "))]
    }

    private static func appendAttributes(_ attributes: [(String, String)], depth: Int, to out: inout String) {
        for (name, value) in attributes {
            out += "\n| " + String(repeating: "  ", count: depth) + "\(name)=\"\(value)\""
        }
    }
}
