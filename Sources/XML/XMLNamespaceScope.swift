/// The namespace bindings in scope while scanning (Namespaces in XML 1.0 §6): a stack that an
/// element's declarations push onto and its end tag pops. Documents declare a handful of
/// prefixes, so a backwards linear search beats hashing.
package struct XMLNamespaceScope: Equatable {
    private var prefixes: [String] = ["xml"]
    private var uris: [String] = [XMLNamespace.xml]

    package var count: Int { prefixes.count }
    /// Changes with every binding made or undone (never repeating), so that a resolution
    /// remembered with the version it was made in is known to hold while the version does.
    private(set) var version = 0

    /// Binds `prefix` ("" for the default namespace; an empty `uri` undeclares the default).
    package mutating func bind(_ prefix: String, to uri: String) {
        prefixes.append(prefix)
        uris.append(Self.known.first { $0 == uri } ?? uri)
        version += 1
    }

    /// The namespaces readers compare names with: a name in one of them gets the very String of
    /// `XMLNamespace`, so that comparing the two is comparing two pointers, not 30-odd bytes.
    private static let known = [
        XMLNamespace.tt, XMLNamespace.tts, XMLNamespace.ttp, XMLNamespace.ttm, XMLNamespace.ttf, XMLNamespace.tte,
        XMLNamespace.isd, XMLNamespace.smpte, XMLNamespace.smpteM608, XMLNamespace.ebutts, XMLNamespace.ebuttm,
        XMLNamespace.ebuttp, XMLNamespace.itts, XMLNamespace.ittp, XMLNamespace.ittm, XMLNamespace.xml,
    ]

    /// The URI bound to `prefix`, or nil; for "" (no prefix) the default namespace, nil when none
    /// or undeclared.
    ///
    /// Prefixes are the name table's Strings, so the one sought is usually the very String bound
    /// (a comparison of two words); Strings of another length are passed over without comparing.
    package func lookup(_ prefix: String) -> String? {
        let length = prefix.utf8.count
        var k = prefixes.count - 1
        while k >= 0 {
            if prefixes[k].utf8.count == length && prefixes[k] == prefix {
                let uri = uris[k]
                return uri.isEmpty ? nil : uri
            }
            k -= 1
        }
        return nil
    }

    /// The same bindings, however each scope came to them.
    package static func == (lhs: XMLNamespaceScope, rhs: XMLNamespaceScope) -> Bool {
        lhs.prefixes == rhs.prefixes && lhs.uris == rhs.uris
    }

    package mutating func restore(to mark: Int) {
        if prefixes.count > mark {
            prefixes.removeLast(prefixes.count - mark)
            uris.removeLast(uris.count - mark)
            version += 1
        }
    }
}
