public import TimedText

// The XML document a TTML file is read into. TTML needs only elements, attributes and character
// data with their namespaces resolved, so the tree holds nothing else: comments and processing
// instructions are dropped by the scanner, DOCTYPE and entity declarations are refused there.
// Every element, attribute and run of text keeps where it came from, for diagnostics.

/// A namespace-resolved name. `namespace` is the URI ("" for no namespace).
public struct XMLName: Sendable, Hashable, CustomStringConvertible {
    /// The namespace URI (`XMLNamespace.tts`), "" for a name in no namespace (most TTML
    /// attributes: `begin`, `region`, `style`).
    public var namespace: String
    /// The local part, without the prefix (`color` for `tts:color`).
    public var local: String

    /// The name `local` in `namespace`; a lookup key for `XMLElementNode.attribute(_:)`,
    /// specified styles and computed ones.
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

/// An attribute as written on an element, with its name resolved. Specified styles
/// (`TTMLContentNode.specifiedStyles`) are kept as these, so a value is always found with where it
/// came from.
public struct XMLAttribute: Sendable, Hashable {
    /// The resolved name: an unprefixed attribute is in no namespace, not in its element's.
    public var name: XMLName
    /// The name as written (`tts:color`), for messages.
    public var qualifiedName: String
    /// The normalised attribute value (entities and character references replaced, whitespace
    /// characters turned into spaces as XML 1.0 §3.3.3 says for CDATA attributes).
    public var value: String
    /// Where the attribute's name starts.
    public var location: SourceLocation

    /// An attribute with an already-normalised `value`; to have a style computed for a value of
    /// your own (`TTMLStyleComputation.compute(specified:kind:parent:regionExtent:)`).
    public init(name: XMLName, qualifiedName: String, value: String, location: SourceLocation) {
        self.name = name
        self.qualifiedName = qualifiedName
        self.value = value
        self.location = location
    }
}

/// A run of character data between two tags.
package struct XMLText: Sendable, Hashable {
    /// Character data with references replaced; CDATA sections are merged into it.
    package var text: String
    /// Where the run starts.
    package var location: SourceLocation

    package init(text: String, location: SourceLocation) {
        self.text = text
        self.location = location
    }
}

/// A child of an element: an element or a run of text, in document order.
package enum XMLContent: Sendable, Hashable {
    case element(XMLElementNode)
    case text(XMLText)
}

/// An element, shared rather than copied: the tree is built once by the scanner and only read
/// after, and the readers walk it many times over (a document's builder, its profile checks, its
/// style resolution). As a value of five references, every element looked at was copied and
/// released again, a tenth of the instructions of reading a large document.
package final class XMLElementNode: Sendable, Hashable {
    /// The resolved name (`{http://www.w3.org/ns/ttml}p` for `tt:p` or an unprefixed `p` under a
    /// default namespace).
    package let name: XMLName
    /// The name as written (`tt:p`), for messages.
    package let qualifiedName: String
    /// The attributes in document order; namespace declarations (`xmlns`, `xmlns:p`) are not
    /// among them, only resolved into the names.
    package let attributes: [XMLAttribute]
    /// Child elements and text in document order.
    package let children: [XMLContent]
    /// Where the start tag's `<` is.
    package let location: SourceLocation

    package init(name: XMLName, qualifiedName: String, attributes: [XMLAttribute] = [],
                children: [XMLContent] = [], location: SourceLocation) {
        self.name = name
        self.qualifiedName = qualifiedName
        self.attributes = attributes
        self.children = children
        self.location = location
    }

    /// Equal elements have equal names, attributes and children (the same object, at once).
    package static func == (lhs: XMLElementNode, rhs: XMLElementNode) -> Bool {
        lhs === rhs || (lhs.name == rhs.name && lhs.qualifiedName == rhs.qualifiedName && lhs.location == rhs.location
            && lhs.attributes == rhs.attributes && lhs.children == rhs.children)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(qualifiedName)
        hasher.combine(location)
        hasher.combine(attributes)
        hasher.combine(children)
    }

    /// The value of the attribute with this resolved name, if present.
    package func attribute(_ name: XMLName) -> XMLAttribute? {
        // By index: `first(where:)` copied every attribute it looked at (four Strings retained).
        for k in attributes.indices where attributes[k].name == name { return attributes[k] }
        return nil
    }

    /// The child elements, in document order.
    package var childElements: [XMLElementNode] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }
}

/// The namespaces TTML and its profiles use, by their usual prefix: with `XMLName` they name
/// the elements and attributes of the tree (`XMLName(XMLNamespace.tts, "color")`).
public enum XMLNamespace {
    /// XML's own: `xml` (`xml:lang`, `xml:space`, `xml:id`) and `xmlns` (namespace declarations).
    public static let xml = "http://www.w3.org/XML/1998/namespace",
                      xmlns = "http://www.w3.org/2000/xmlns/"
    /// TTML's: elements (`tt`), parameters (`ttp`), styling (`tts`), metadata (`ttm`), feature
    /// and extension designators (`ttf`, `tte`), and ISD documents (`isd`).
    public static let tt = "http://www.w3.org/ns/ttml",
                      ttp = "http://www.w3.org/ns/ttml#parameter",
                      tts = "http://www.w3.org/ns/ttml#styling",
                      ttm = "http://www.w3.org/ns/ttml#metadata",
                      ttf = "http://www.w3.org/ns/ttml#feature",
                      tte = "http://www.w3.org/ns/ttml#extension",
                      isd = "http://www.w3.org/ns/ttml#isd"
    /// SMPTE-TT (SMPTE ST 2052-1): its extensions (`smpte`) and the CEA-608 carriage data
    /// (`m608`).
    public static let smpte = "http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt",
                      smpteM608 = "http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt#cea608"
    /// EBU-TT (EBU Tech 3350, 3380): styling (`ebutts`), metadata (`ebuttm`), parameters (`ebuttp`).
    public static let ebutts = "urn:ebu:tt:style",
                      ebuttm = "urn:ebu:tt:metadata",
                      ebuttp = "urn:ebu:tt:parameters"
    /// IMSC 1.x: styling (`itts`: `fillLineGap`, `forcedDisplay`), parameters (`ittp`), metadata
    /// (`ittm`).
    public static let itts = "http://www.w3.org/ns/ttml/profile/imsc1#styling",
                      ittp = "http://www.w3.org/ns/ttml/profile/imsc1#parameter",
                      ittm = "http://www.w3.org/ns/ttml/profile/imsc1#metadata"
    /// DFXP (TTML1 drafts of 2006-10 and 2006-04) and their sub-namespaces (`#styling`,
    /// `#parameter`, `#metadata`), which the reader reads as the TTML ones (`ttml.legacy-namespace`).
    public static let dfxpLegacy = "http://www.w3.org/2006/10/ttaf1",
                      dfxpLegacy2006_04 = "http://www.w3.org/2006/04/ttaf1"
}
