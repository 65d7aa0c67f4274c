import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TimedText

/// The writer's output parsed back by Foundation's XML parser (libxml2), in tests only: an
/// independent check that the bytes are well-formed, namespace-correct XML.
final class ParsedXML {
    final class Node {
        let namespace: String
        let name: String
        let attributes: [String: String]
        var children: [Child] = []
        init(namespace: String, name: String, attributes: [String: String]) {
            self.namespace = namespace
            self.name = name
            self.attributes = attributes
        }

        enum Child {
            case node(Node)
            case text(String)
        }

        var elements: [Node] { children.compactMap { if case .node(let n) = $0 { n } else { nil } } }
        func elements(_ name: String) -> [Node] { elements.filter { $0.name == name } }
        func first(_ name: String) -> Node? { elements.first { $0.name == name } }
        /// Every descendant element named `name`, in document order.
        func descendants(_ name: String) -> [Node] {
            elements.flatMap { ($0.name == name ? [$0] : []) + $0.descendants(name) }
        }
        /// Text content, with `br` as a newline.
        var text: String {
            children.map {
                switch $0 {
                case .text(let s): s
                case .node(let n): n.name == "br" ? "\n" : n.text
                }
            }.joined()
        }
    }

    let root: Node?
    let error: String?

    init(_ bytes: [UInt8]) {
        let delegate = Delegate()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.delegate = delegate
        let ok = parser.parse()
        root = ok ? delegate.root : nil
        error = ok ? nil : parser.parserError.map { "\($0)" } ?? "parse failed"
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var stack: [Node] = []
        var root: Node?
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let node = Node(namespace: namespaceURI ?? "", name: elementName, attributes: attributes)
            stack.last?.children.append(.node(node))
            if stack.isEmpty { root = node }
            stack.append(node)
        }
        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let top = stack.last else { return }
            if case .text(let previous)? = top.children.last {
                top.children[top.children.count - 1] = .text(previous + string)
            } else {
                top.children.append(.text(string))
            }
        }
    }
}

/// A TTML time expression as the writer produces it, read back exactly.
func parseTTMLTime(_ text: String, tickRate: Int64?) -> MediaTime? {
    if text.hasSuffix("t"), let rate = tickRate, let ticks = Int64(text.dropLast()) {
        return MediaTime(value: ticks, timescale: rate)
    }
    let parts = text.split(separator: ":")
    guard parts.count == 3, let h = Int64(parts[0]), let m = Int64(parts[1]) else { return nil }
    let secondsParts = parts[2].split(separator: ".")
    guard let s = Int64(secondsParts[0]) else { return nil }
    var fraction = MediaTime.zero
    if secondsParts.count == 2 {
        var scale: Int64 = 1
        for _ in secondsParts[1] { scale *= 10 }
        guard let digits = Int64(secondsParts[1]) else { return nil }
        fraction = MediaTime(value: digits, timescale: scale)
    }
    return MediaTime(seconds: h * 3600 + m * 60 + s) + fraction
}
