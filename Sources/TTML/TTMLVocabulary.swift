import TimedText
internal import XML

// What TTML2 allows where: the elements of the TTML namespaces, the attributes each element
// takes, and the order of its children (TTML2 §8–§9, §12, §16, and the ISD vocabulary of
// Appendix B). The validator walks a document against this table.

/// One content-model step: a set of element names that may appear between `min` and `max` times
/// (nil: unbounded) at this point of the sequence.
struct TTMLParticle: Sendable {
    let names: Set<XMLName>
    let min: Int
    let max: Int?

    init(_ names: Set<XMLName>, _ min: Int = 0, _ max: Int? = nil) {
        self.names = names
        self.min = min
        self.max = max
    }
}

/// What one element may carry and contain.
struct TTMLElementRule: Sendable {
    let name: XMLName
    /// The attributes without a namespace the element takes.
    var attributes: Set<String> = []
    /// The `xml:` attributes it takes.
    var xmlAttributes: Set<String> = ["id", "lang", "space", "base"]
    /// Whether `tts:*`/`tta:*` style attributes and the `style` attribute are allowed.
    var styled = false
    /// Whether `ttm:agent`/`ttm:role` are allowed.
    var metadataAttributes = false
    /// Whether `ttp:*` parameters are allowed (only the root).
    var parameters = false
    /// The children, in order; an element in a TTML namespace not matched is a content-model error.
    var content: [TTMLParticle] = []
    /// Whether character data other than whitespace is allowed.
    var text = false
    /// `tt:metadata` and `ttm:item` take any foreign content and the metadata vocabulary.
    var anyContent = false
}

enum TTMLVocabulary {
    static let tt = XMLNamespace.tt
    static let ttm = XMLNamespace.ttm
    static let ttp = XMLNamespace.ttp
    static let isd = XMLNamespace.isd

    /// The namespaces whose vocabulary TTML defines: an unknown element or attribute in them is
    /// an error, where one from another namespace is foreign and ignored.
    static let ttmlNamespaces: Set<String> = [
        XMLNamespace.tt, XMLNamespace.ttp, XMLNamespace.tts, XMLNamespace.ttm, XMLNamespace.isd,
        TTMLExtraNamespace.audio,
    ]

    static func name(_ local: String) -> XMLName { XMLName(tt, local) }

    static let metadataClass: Set<XMLName> = [
        name("metadata"), XMLName(ttm, "agent"), XMLName(ttm, "copyright"), XMLName(ttm, "desc"),
        XMLName(ttm, "item"), XMLName(ttm, "title"),
    ]
    static let animationClass: Set<XMLName> = [name("animate"), name("set")]
    static let embeddedClass: Set<XMLName> = [name("audio"), name("image")]
    static let blockClass: Set<XMLName> = embeddedClass.union([name("p"), name("div")])
    static let inlineClass: Set<XMLName> = embeddedClass.union([name("span"), name("br")])
    static let resourceClass: Set<XMLName> = embeddedClass.union([name("data"), name("font")])

    static let timing: Set<String> = ["begin", "end", "dur"]
    static let timedContainer: Set<String> = timing.union(["timeContainer"])

    /// The content elements (TTML2 §8.1): the ones that are timed, styled and placed in regions.
    static let contentElements: Set<XMLName> = [name("body"), name("div"), name("p"), name("span"), name("br")]

    static let rules: [XMLName: TTMLElementRule] = {
        var list: [TTMLElementRule] = []
        let metadata = TTMLParticle(metadataClass)
        let animation = TTMLParticle(animationClass)

        list.append(TTMLElementRule(name: name("tt"), attributes: ["condition"],
                                    parameters: true,
                                    content: [TTMLParticle([name("head")], 0, 1), TTMLParticle([name("body")], 0, 1)]))
        list.append(TTMLElementRule(name: name("head"), content: [
            metadata, TTMLParticle([XMLName(ttp, "profile")]), TTMLParticle([name("resources")], 0, 1),
            TTMLParticle([name("styling")], 0, 1), TTMLParticle([name("layout")], 0, 1),
            TTMLParticle([name("animation")], 0, 1),
        ]))
        let contentAttributes: Set<String> = timedContainer.union(["animate", "region", "style", "condition"])
        list.append(TTMLElementRule(name: name("body"), attributes: contentAttributes, styled: true, metadataAttributes: true,
                                    content: [metadata, animation, TTMLParticle(embeddedClass.union([name("div")]))]))
        list.append(TTMLElementRule(name: name("div"), attributes: contentAttributes, styled: true, metadataAttributes: true,
                                    content: [metadata, animation, TTMLParticle([name("region")], 0, 1), TTMLParticle(blockClass)]))
        list.append(TTMLElementRule(name: name("p"), attributes: contentAttributes, styled: true, metadataAttributes: true,
                                    content: [metadata, animation, TTMLParticle([name("region")], 0, 1), TTMLParticle(inlineClass)],
                                    text: true))
        list.append(TTMLElementRule(name: name("span"), attributes: contentAttributes, styled: true, metadataAttributes: true,
                                    content: [metadata, animation, TTMLParticle(inlineClass)], text: true))
        list.append(TTMLElementRule(name: name("br"), attributes: contentAttributes, styled: true, metadataAttributes: true,
                                    content: [metadata, animation]))

        list.append(TTMLElementRule(name: name("styling"), content: [metadata, TTMLParticle([name("initial")]), TTMLParticle([name("style")])]))
        list.append(TTMLElementRule(name: name("style"), attributes: ["style", "condition"], styled: true, content: [metadata]))
        list.append(TTMLElementRule(name: name("initial"), attributes: ["style", "condition"], styled: true, content: [metadata]))
        list.append(TTMLElementRule(name: name("layout"), content: [metadata, TTMLParticle([name("region")])]))
        list.append(TTMLElementRule(name: name("region"), attributes: timedContainer.union(["animate", "style", "condition"]),
                                    styled: true, content: [metadata, animation, TTMLParticle([name("style")])]))

        list.append(TTMLElementRule(name: name("animation"), content: [metadata, TTMLParticle(animationClass)]))
        let animateAttributes: Set<String> = timing.union(["condition", "fill", "repeatCount"])
        list.append(TTMLElementRule(name: name("animate"),
                                    attributes: animateAttributes.union(["calcMode", "keySplines", "keyTimes"]),
                                    styled: true, content: [metadata]))
        list.append(TTMLElementRule(name: name("set"), attributes: animateAttributes, styled: true, content: [metadata]))

        list.append(TTMLElementRule(name: name("metadata"), metadataAttributes: true, text: true, anyContent: true))

        list.append(TTMLElementRule(name: name("resources"), content: [metadata, TTMLParticle(resourceClass)]))
        list.append(TTMLElementRule(name: name("data"), attributes: ["condition", "encoding", "format", "length", "src", "type"],
                                    content: [metadata, TTMLParticle([name("chunk")]), TTMLParticle([name("source")])], text: true))
        list.append(TTMLElementRule(name: name("chunk"), attributes: ["encoding", "length"], xmlAttributes: ["id"], text: true))
        list.append(TTMLElementRule(name: name("source"), attributes: ["condition", "format", "src", "type"],
                                    content: [metadata, TTMLParticle([name("data")], 0, 1)]))
        list.append(TTMLElementRule(name: name("font"), attributes: ["condition", "family", "range", "src", "style", "type", "weight"],
                                    content: [metadata, TTMLParticle([name("source")])]))
        list.append(TTMLElementRule(name: name("image"),
                                    attributes: timedContainer.union(["animate", "condition", "region", "style", "src", "type"]),
                                    styled: true, metadataAttributes: true,
                                    content: [metadata, animation, TTMLParticle([name("source")])]))
        list.append(TTMLElementRule(name: name("audio"),
                                    attributes: timedContainer.union(["animate", "condition", "style", "src", "type", "clipBegin", "clipEnd"]),
                                    styled: true, metadataAttributes: true,
                                    content: [metadata, animation, TTMLParticle([name("source")])]))

        // TTML2 §12.1 metadata items.
        let textItem: (String) -> TTMLElementRule = { TTMLElementRule(name: XMLName(ttm, $0), text: true) }
        list.append(textItem("title"))
        list.append(textItem("desc"))
        list.append(textItem("copyright"))
        list.append(TTMLElementRule(name: XMLName(ttm, "agent"), attributes: ["type"],
                                    content: [metadata, TTMLParticle([XMLName(ttm, "name")]), TTMLParticle([XMLName(ttm, "actor")], 0, 1)]))
        list.append(TTMLElementRule(name: XMLName(ttm, "name"), attributes: ["type"], text: true))
        list.append(TTMLElementRule(name: XMLName(ttm, "actor"), attributes: ["agent"]))
        list.append(TTMLElementRule(name: XMLName(ttm, "item"), attributes: ["name"], text: true, anyContent: true))

        // TTML2 §6.1 parameter items.
        list.append(TTMLElementRule(name: XMLName(ttp, "profile"), attributes: ["combine", "designator", "type", "use"],
                                    xmlAttributes: ["id", "base"],
                                    content: [metadata, TTMLParticle([XMLName(ttp, "features")]), TTMLParticle([XMLName(ttp, "extensions")]),
                                              TTMLParticle([XMLName(ttp, "profile")])]))
        list.append(TTMLElementRule(name: XMLName(ttp, "features"), xmlAttributes: ["id", "base"],
                                    content: [metadata, TTMLParticle([XMLName(ttp, "feature")])]))
        list.append(TTMLElementRule(name: XMLName(ttp, "feature"), attributes: ["value", "extends", "restricts"],
                                    xmlAttributes: ["id"], text: true))
        list.append(TTMLElementRule(name: XMLName(ttp, "extensions"), xmlAttributes: ["id", "base"],
                                    content: [metadata, TTMLParticle([XMLName(ttp, "extension")])]))
        list.append(TTMLElementRule(name: XMLName(ttp, "extension"), attributes: ["value", "extends", "restricts"],
                                    xmlAttributes: ["id"], text: true))

        // TTML2 Appendix B, intermediate synchronic documents.
        list.append(TTMLElementRule(name: XMLName(isd, "sequence"), attributes: ["version", "size"], parameters: true,
                                    content: [TTMLParticle([XMLName(isd, "isd")])]))
        list.append(TTMLElementRule(name: XMLName(isd, "isd"), attributes: ["version", "begin", "end"], parameters: true,
                                    content: [TTMLParticle([XMLName(isd, "css")]), TTMLParticle([name("region")]),
                                              TTMLParticle([name("body")], 0, 1)]))
        list.append(TTMLElementRule(name: XMLName(isd, "css"), styled: true, content: [metadata]))
        return Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) })
    }()
}
