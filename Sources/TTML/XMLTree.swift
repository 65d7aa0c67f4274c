import TimedText

// The XML document a TTML file is read into. TTML needs only elements, attributes and character
// data with their namespaces resolved, so the tree holds nothing else: comments and processing
// instructions are dropped by the scanner, DOCTYPE and entity declarations are refused there.
// Every element, attribute and run of text keeps where it came from, for diagnostics.

/// A namespace-resolved name. `namespace` is the URI ("" for no namespace).
public struct XMLName: Sendable, Hashable, CustomStringConvertible {
    public var namespace: String
    public var local: String

    public init(_ namespace: String, _ local: String) {
        self.namespace = namespace
        self.local = local
    }

    public var description: String { namespace.isEmpty ? local : "{\(namespace)}\(local)" }

    /// The local name alone: it tells apart the names one map holds (a style set's properties,
    /// an element's attributes) nearly always, and hashing the namespace URI as well — some 35
    /// bytes, for every style lookup — was a noticeable part of reading a large document.
    /// Equality still compares both.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(local)
    }

    /// Local names first: they are short and tell most names apart; equal namespace URIs are
    /// usually the same String (`XMLNamespaceScope` shares one per known namespace), which
    /// compares at once.
    public static func == (lhs: XMLName, rhs: XMLName) -> Bool {
        // Lengths first: Strings of different contents are compared by a call, and most names
        // looked for among an element's attributes differ from the others in length.
        lhs.local.utf8.count == rhs.local.utf8.count && lhs.namespace.utf8.count == rhs.namespace.utf8.count
            && lhs.local == rhs.local && lhs.namespace == rhs.namespace
    }
}

public struct XMLAttribute: Sendable, Hashable {
    public var name: XMLName
    /// The name as written (`tts:color`), for messages.
    public var qualifiedName: String
    /// The normalised attribute value (entities and character references replaced, whitespace
    /// characters turned into spaces as XML 1.0 §3.3.3 says for CDATA attributes).
    public var value: String
    public var location: SourceLocation

    public init(name: XMLName, qualifiedName: String, value: String, location: SourceLocation) {
        self.name = name
        self.qualifiedName = qualifiedName
        self.value = value
        self.location = location
    }
}

public struct XMLText: Sendable, Hashable {
    /// Character data with references replaced; CDATA sections are merged into it.
    public var text: String
    public var location: SourceLocation

    public init(text: String, location: SourceLocation) {
        self.text = text
        self.location = location
    }
}

public enum XMLContent: Sendable, Hashable {
    case element(XMLElementNode)
    case text(XMLText)
}

/// An element, shared rather than copied: the tree is built once by the scanner and only read
/// after, and the readers walk it many times over (a document's builder, its profile checks, its
/// style resolution). As a value of five references, every element looked at was copied and
/// released again, a tenth of the instructions of reading a large document.
public final class XMLElementNode: Sendable, Hashable {
    public let name: XMLName
    /// The name as written (`tt:p`), for messages.
    public let qualifiedName: String
    public let attributes: [XMLAttribute]
    public let children: [XMLContent]
    public let location: SourceLocation

    public init(name: XMLName, qualifiedName: String, attributes: [XMLAttribute] = [],
                children: [XMLContent] = [], location: SourceLocation) {
        self.name = name
        self.qualifiedName = qualifiedName
        self.attributes = attributes
        self.children = children
        self.location = location
    }

    /// Equal elements have equal names, attributes and children (the same object, at once).
    public static func == (lhs: XMLElementNode, rhs: XMLElementNode) -> Bool {
        lhs === rhs || (lhs.name == rhs.name && lhs.qualifiedName == rhs.qualifiedName && lhs.location == rhs.location
            && lhs.attributes == rhs.attributes && lhs.children == rhs.children)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(qualifiedName)
        hasher.combine(location)
        hasher.combine(attributes)
        hasher.combine(children)
    }

    /// The value of the attribute with this resolved name, if present.
    public func attribute(_ name: XMLName) -> XMLAttribute? {
        // By index: `first(where:)` copied every attribute it looked at (four Strings retained).
        for k in attributes.indices where attributes[k].name == name { return attributes[k] }
        return nil
    }

    /// The child elements, in document order.
    public var childElements: [XMLElementNode] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }
}

/// The namespaces TTML and its profiles use.
public enum XMLNamespace {
    public static let xml = "http://www.w3.org/XML/1998/namespace"
    public static let xmlns = "http://www.w3.org/2000/xmlns/"
    public static let tt = "http://www.w3.org/ns/ttml"
    public static let ttp = "http://www.w3.org/ns/ttml#parameter"
    public static let tts = "http://www.w3.org/ns/ttml#styling"
    public static let ttm = "http://www.w3.org/ns/ttml#metadata"
    public static let ttf = "http://www.w3.org/ns/ttml#feature"
    public static let tte = "http://www.w3.org/ns/ttml#extension"
    public static let isd = "http://www.w3.org/ns/ttml#isd"
    public static let smpte = "http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt"
    public static let smpteM608 = "http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt#cea608"
    public static let ebutts = "urn:ebu:tt:style"
    public static let ebuttm = "urn:ebu:tt:metadata"
    public static let ebuttp = "urn:ebu:tt:parameters"
    public static let itts = "http://www.w3.org/ns/ttml/profile/imsc1#styling"
    public static let ittp = "http://www.w3.org/ns/ttml/profile/imsc1#parameter"
    public static let ittm = "http://www.w3.org/ns/ttml/profile/imsc1#metadata"
    /// DFXP (TTML1 drafts, 2006) and its sub-namespaces, read as the TTML ones.
    public static let dfxpLegacy = "http://www.w3.org/2006/10/ttaf1"
    public static let dfxpLegacy2006_04 = "http://www.w3.org/2006/04/ttaf1"
}
