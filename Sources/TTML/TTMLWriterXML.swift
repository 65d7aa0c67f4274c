import TimedText

// The XML the TTML writer produces: a small element tree built per cue (so that style sets can be
// counted and shared before anything is printed), and its serialisation with XML 1.0 escaping.

/// An element the writer is about to print. Style attributes are kept apart from the others so
/// that identical sets can be moved into one referential `<style>` element.
struct TTMLOutElement {
    var name: String
    var attributes: [(name: String, value: String)] = []
    /// `tts:*` attributes, in a fixed order (see `TTMLStyleAttributes`).
    var style: TTMLStyleAttributes = TTMLStyleAttributes()
    var children: [TTMLOutNode] = []

    init(_ name: String, attributes: [(name: String, value: String)] = [], style: TTMLStyleAttributes = TTMLStyleAttributes(),
         children: [TTMLOutNode] = []) {
        self.name = name
        self.attributes = attributes
        self.style = style
        self.children = children
    }
}

enum TTMLOutNode {
    case element(TTMLOutElement)
    /// Character data, already free of characters XML 1.0 cannot carry.
    case text(String)
}

/// An ordered list of `tts:` attributes; the key used to share identical sets.
struct TTMLStyleAttributes: Hashable {
    var items: [TTMLStyleItem] = []
    var isEmpty: Bool { items.isEmpty }

    mutating func set(_ name: String, _ value: String) {
        if let index = items.firstIndex(where: { $0.name == name }) {
            items[index].value = value
        } else {
            items.append(TTMLStyleItem(name: name, value: value))
        }
    }

    /// The attributes in a stable order, so that the same set built in two orders is one key.
    var sorted: TTMLStyleAttributes { TTMLStyleAttributes(items: items.sorted { $0.name < $1.name }) }
}

struct TTMLStyleItem: Hashable {
    var name: String
    var value: String
}

/// Serialises elements into UTF-8 with the escaping XML 1.0 requires.
struct TTMLXMLPrinter {
    private(set) var bytes: [UInt8] = []
    /// Characters XML 1.0 cannot carry that reached the printer (in a name or attribute value the
    /// writer did not clean: a font family, an id) and were printed as U+FFFD, for the report.
    private(set) var replacedCharacters = 0

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func newline(indent: Int) {
        bytes.append(0x0A)
        for _ in 0..<indent { bytes.append(0x20) }
    }

    /// `<name attr="value" …>`; `selfClosing` prints `/>` instead.
    mutating func openTag(_ name: String, _ attributes: [(name: String, value: String)], selfClosing: Bool = false) {
        bytes.append(UInt8(ascii: "<"))
        raw(name)
        for attribute in attributes {
            bytes.append(0x20)
            raw(attribute.name)
            bytes.append(contentsOf: "=\"".utf8)
            appendEscaped(attribute.value, inAttribute: true)
            bytes.append(UInt8(ascii: "\""))
        }
        if selfClosing { bytes.append(UInt8(ascii: "/")) }
        bytes.append(UInt8(ascii: ">"))
    }

    mutating func closeTag(_ name: String) {
        bytes.append(contentsOf: "</".utf8)
        raw(name)
        bytes.append(UInt8(ascii: ">"))
    }

    mutating func text(_ text: String) { appendEscaped(text, inAttribute: false) }

    /// XML 1.0 §2.4 and §3.3.3: `&` and `<` always; `>` always (so `]]>` cannot occur); in
    /// attributes also `"` and the whitespace characters that attribute-value normalisation would
    /// otherwise turn into spaces; CR everywhere, which end-of-line handling would turn into LF.
    private mutating func appendEscaped(_ string: String, inAttribute: Bool) {
        let utf8 = string.utf8
        var k = utf8.startIndex
        while k != utf8.endIndex {
            let byte = utf8[k]
            k = utf8.index(after: k)
            // What XML cannot carry at all (XMLCharacters.isAllowed): C0 controls other than TAB,
            // LF and CR, and U+FFFE/U+FFFF (EF BF BE/BF), printed as U+FFFD.
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
                bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
                replacedCharacters += 1
                continue
            }
            if byte == 0xEF, k != utf8.endIndex, utf8[k] == 0xBF, case let next = utf8.index(after: k), next != utf8.endIndex,
               utf8[next] == 0xBE || utf8[next] == 0xBF {
                bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
                replacedCharacters += 1
                k = utf8.index(after: next)
                continue
            }
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where inAttribute: bytes.append(contentsOf: "&quot;".utf8)
            case 0x09 where inAttribute: bytes.append(contentsOf: "&#9;".utf8)
            case 0x0A where inAttribute: bytes.append(contentsOf: "&#10;".utf8)
            case 0x0D: bytes.append(contentsOf: "&#13;".utf8)
            default: bytes.append(byte)
            }
        }
    }
}

enum XMLCharacters {
    /// XML 1.0 §2.2 `Char`: what may appear in a document at all. Swift strings cannot hold lone
    /// surrogates, so only the C0 controls other than TAB/LF/CR and U+FFFE/U+FFFF are left out.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return true
        case 0x00...0x1F: return false
        case 0xFFFE, 0xFFFF: return false
        default: return true
        }
    }

    /// The string with every character XML cannot carry replaced by U+FFFD, and how many were.
    static func replacingDisallowed(_ string: String) -> (text: String, replaced: Int) {
        if string.unicodeScalars.allSatisfy(isAllowed) { return (string, 0) }
        var scalars = String.UnicodeScalarView()
        var replaced = 0
        for scalar in string.unicodeScalars {
            if isAllowed(scalar) {
                scalars.append(scalar)
            } else {
                scalars.append("\u{FFFD}")
                replaced += 1
            }
        }
        return (String(scalars), replaced)
    }

    /// XML Namespaces §3 `NCName`: an XML `Name` without colons, which `xml:id` values must be.
    static func isNCName(_ string: String) -> Bool {
        var first = true
        for scalar in string.unicodeScalars {
            if scalar == ":" { return false }
            if first ? !isNameStart(scalar) : !isNameCharacter(scalar) { return false }
            first = false
        }
        return !first
    }

    /// XML 1.0 (5th edition) §2.3 `NameStartChar`.
    static func isNameStart(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x3A: return true
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
             0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD,
             0x10000...0xEFFFF:
            return true
        default: return false
        }
    }

    /// XML 1.0 (5th edition) §2.3 `NameChar`.
    static func isNameCharacter(_ s: Unicode.Scalar) -> Bool {
        if isNameStart(s) { return true }
        switch s.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return false
        }
    }
}

/// Hands out `xml:id` values unique in the document: ids taken from the source first, then
/// generated ones that avoid them.
struct TTMLIDAllocator {
    private(set) var used: Set<String> = []
    private var counters: [String: Int] = [:]

    /// Reserves `id` if it is free; false when another element already has it.
    mutating func claim(_ id: String) -> Bool { used.insert(id).inserted }

    /// `prefix1`, `prefix2`, … skipping ids already taken.
    mutating func generate(_ prefix: String) -> String {
        var n = counters[prefix, default: 0]
        while true {
            n += 1
            let candidate = "\(prefix)\(n)"
            if used.insert(candidate).inserted {
                counters[prefix] = n
                return candidate
            }
        }
    }
}
