import TimedText
internal import XML

// Rules that involve more than one attribute, or an element and where it sits.

extension TTMLValidationRun {
    mutating func validateSpecialRules(_ element: XMLElementNode, context: Context, isRoot: Bool) {
        let tt = TTMLVocabulary.name
        switch element.name {
        case tt("region"):
            // TTML2 §9.1.2: a region inside div or p (an inline region) is untimed.
            if context.parent == tt("div") || context.parent == tt("p") {
                for name in TTMLVocabulary.timedContainer {
                    if let attribute = element.attribute(XMLName("", name)) {
                        error(.ttmlMisplacedAttribute, "an inline <region> takes no timing ('\(name)')", at: attribute.location)
                    }
                }
            }
        case tt("data"):
            checkData(element)
        case tt("image"), tt("audio"), tt("font"), tt("source"):
            checkSourcedResource(element)
        case XMLName(XMLNamespace.ttm, "agent"), XMLName(XMLNamespace.ttm, "name"):
            requireAttribute("type", on: element)
        case XMLName(XMLNamespace.ttm, "actor"):
            requireAttribute("agent", on: element)
        case XMLName(XMLNamespace.ttm, "item"):
            requireAttribute("name", on: element)
        case XMLName(XMLNamespace.ttp, "profile"):
            checkProfileElement(element, context: context)
        default:
            break
        }
    }

    mutating func requireAttribute(_ name: String, on element: XMLElementNode) {
        if element.attribute(XMLName("", name)) == nil {
            error(.ttmlMissingAttribute, "<\(element.qualifiedName)> needs the '\(name)' attribute", at: element.location)
        }
    }

    // MARK: Embedded data (TTML2 §8.1.? data, §9.3)

    mutating func checkData(_ element: XMLElementNode) {
        let src = element.attribute(XMLName("", "src"))
        let type = element.attribute(XMLName("", "type"))
        let children = element.childElements.filter { $0.name.namespace == XMLNamespace.tt }
        let chunks = children.filter { $0.name.local == "chunk" }
        let sources = children.filter { $0.name.local == "source" }
        if !chunks.isEmpty, !sources.isEmpty {
            error(.ttmlContentModel, "<data> holds chunks or sources, not both", at: element.location)
        }
        if let src, src.value.hasPrefix("#") {
            // Internal reference: the referenced data says its own type.
            if let type {
                error(.ttmlMisplacedAttribute, "<data> that refers to other data in this document takes no 'type'", at: type.location)
            }
            references.append(PendingReference(attribute: src, id: String(src.value.dropFirst()),
                                               targets: [TTMLVocabulary.name("data")], what: "data"))
            return
        }
        if src == nil, sources.isEmpty, type == nil {
            error(.ttmlMissingAttribute, "embedded <data> needs a 'type'", at: element.location)
        }
        if !chunks.isEmpty {
            for name in ["base"] {
                if let attribute = element.attribute(XMLName(XMLNamespace.xml, name)) {
                    error(.ttmlMisplacedAttribute, "chunked <data> takes no xml:\(name)", at: attribute.location)
                }
            }
            for chunk in chunks {
                checkEncodedText(of: chunk, encoding: chunk.attribute(XMLName("", "encoding"))?.value
                                 ?? element.attribute(XMLName("", "encoding"))?.value ?? "base64")
            }
        } else if src == nil, sources.isEmpty {
            checkEncodedText(of: element, encoding: element.attribute(XMLName("", "encoding"))?.value ?? "base64")
        }
    }

    /// The characters of embedded data must come from its encoding's alphabet (RFC 4648).
    mutating func checkEncodedText(of element: XMLElementNode, encoding: String) {
        let alphabet: (UInt8) -> Bool
        switch encoding {
        case "base16": alphabet = { isDigit($0) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
        case "base32": alphabet = { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "2")...UInt8(ascii: "7")).contains($0) || $0 == UInt8(ascii: "=") }
        case "base32hex": alphabet = { isDigit($0) || (UInt8(ascii: "A")...UInt8(ascii: "V")).contains($0) || $0 == UInt8(ascii: "=") }
        case "base64url": alphabet = { Self.isBase64Letter($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "=") }
        default: alphabet = { Self.isBase64Letter($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "=") }
        }
        for case .text(let text) in element.children {
            if let bad = text.text.utf8.first(where: { !isXMLSpace($0) && !alphabet($0) }) {
                error(.ttmlBadResource, "embedded data has '\(Character(Unicode.Scalar(bad)))', which is not in the \(encoding) alphabet",
                      at: text.location)
                return
            }
        }
    }

    static func isBase64Letter(_ b: UInt8) -> Bool {
        isDigit(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b)
    }

    /// `src` on image, audio, font and source: a fragment must name data (or an image/audio
    /// resource) in this document; an external resource is checked when a loader is given.
    mutating func checkSourcedResource(_ element: XMLElementNode) {
        guard let src = element.attribute(XMLName("", "src")) else { return }
        if src.value.hasPrefix("#") {
            references.append(PendingReference(attribute: src, id: String(src.value.dropFirst()),
                                               targets: [TTMLVocabulary.name("data"), TTMLVocabulary.name("image"),
                                                         TTMLVocabulary.name("audio"), TTMLVocabulary.name("font"),
                                                         TTMLVocabulary.name("source")],
                                               what: "resource"))
            return
        }
        guard let load = options.loadResource, let bytes = load(src.value) else { return }
        let declared = element.attribute(XMLName("", "type"))?.value
        if let problem = TTMLResourceSniffer.problem(bytes, declaredType: declared, element: element.name.local) {
            error(.ttmlBadResource, "'\(src.value)': \(problem)", at: src.location)
        }
    }

    // MARK: Profiles (TTML2 §6.1.1)

    mutating func checkProfileElement(_ element: XMLElementNode, context: Context) {
        let type = element.attribute(XMLName("", "type"))?.value ?? "processor"
        if let parentType = context.profileType, parentType != type {
            error(.ttmlBadAttributeValue, "a \(type) profile cannot be nested in a \(parentType) profile", at: element.location)
        }
        if let use = element.attribute(XMLName("", "use")), use.value.hasPrefix("#") {
            references.append(PendingReference(attribute: use, id: String(use.value.dropFirst()),
                                               targets: [XMLName(XMLNamespace.ttp, "profile")], what: "top-level profile"))
            profileFragmentUses.append(use)
        }
    }

    // MARK: Fragments in parameters

    /// `ttp:contentProfiles`/`ttp:processorProfiles` fragments must name top-level profiles of
    /// the right type; a profile's `use` fragment likewise.
    mutating func checkFragmentReferences(_ root: XMLElementNode) {
        let head = root.childElements.first { $0.name == TTMLVocabulary.name("head") }
        let topLevel = head?.childElements.filter { $0.name == XMLName(XMLNamespace.ttp, "profile") } ?? []
        var topLevelIDs: [String: String] = [:]
        for profile in topLevel {
            if let id = profile.attribute(XMLName(XMLNamespace.xml, "id"))?.value {
                topLevelIDs[id] = profile.attribute(XMLName("", "type"))?.value ?? "processor"
            }
        }
        for (parameter, type) in [("contentProfiles", "content"), ("processorProfiles", "processor")] {
            guard let attribute = root.attribute(XMLName(XMLNamespace.ttp, parameter)) else { continue }
            for item in attribute.value.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ")" }) where item.hasPrefix("#") {
                let id = String(item.dropFirst())
                guard let found = topLevelIDs[id] else {
                    error(.ttmlBadReference, "'\(attribute.qualifiedName)' names '#\(id)', which is not a top-level <ttp:profile>",
                          at: attribute.location)
                    continue
                }
                if found != type {
                    error(.ttmlBadReference, "'\(attribute.qualifiedName)' names '#\(id)', a \(found) profile", at: attribute.location)
                }
            }
        }
        for use in profileFragmentUses where topLevelIDs[String(use.value.dropFirst())] == nil && ids[String(use.value.dropFirst())] != nil {
            error(.ttmlBadReference, "'use' names '\(use.value)', which is not a top-level <ttp:profile>", at: use.location)
        }
    }
}

/// Recognises the resource formats TTML documents embed or point to by their signatures, to tell
/// a corrupt or mislabelled resource from a good one.
enum TTMLResourceSniffer {
    static func problem(_ bytes: [UInt8], declaredType: String?, element: String) -> String? {
        guard !bytes.isEmpty else { return "the resource is empty" }
        let type = declaredType?.split(separator: ";").first.map { $0.trimmingCharacters(in: " ") } ?? ""
        func starts(_ signature: [UInt8]) -> Bool { bytes.count >= signature.count && Array(bytes.prefix(signature.count)) == signature }
        let png = starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let jpeg = starts([0xFF, 0xD8, 0xFF])
        // MPEG audio: an ID3 tag, or a frame header whose bitrate and sampling-rate indexes are
        // not the reserved values (ISO/IEC 11172-3 §2.4.2.3).
        let mp3 = starts([0x49, 0x44, 0x33])
            || (bytes.count > 3 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0 && bytes[2] >> 4 != 0x0F && (bytes[2] >> 2) & 3 != 3)
        let wave = starts(Array("RIFF".utf8))
        switch type {
        case "image/png": return png ? (pngIntact(bytes) ? nil : "the PNG is truncated or corrupt") : "not a PNG image"
        case "image/jpeg": return jpeg ? (jpegIntact(bytes) ? nil : "the JPEG is truncated or corrupt") : "not a JPEG image"
        case "audio/mpeg": return mp3 ? nil : "not MPEG audio"
        case "audio/wav", "audio/wave", "audio/x-wav": return wave ? nil : "not WAVE audio"
        default:
            if element == "image" {
                if png { return pngIntact(bytes) ? nil : "the PNG is truncated or corrupt" }
                if jpeg { return jpegIntact(bytes) ? nil : "the JPEG is truncated or corrupt" }
                return type.isEmpty ? "not an image format recognised (PNG, JPEG)" : nil
            }
            if element == "audio", type.isEmpty, !mp3, !wave { return "not an audio format recognised (MPEG, WAVE)" }
            return nil
        }
    }

    /// A PNG ends with an IEND chunk and starts with IHDR.
    static func pngIntact(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 8 + 25 + 12 else { return false }
        let ihdr = Array(bytes[12..<16]) == Array("IHDR".utf8)
        let iend = Array(bytes[(bytes.count - 8)..<(bytes.count - 4)]) == Array("IEND".utf8)
        return ihdr && iend
    }

    /// A JPEG ends with the EOI marker.
    static func jpegIntact(_ bytes: [UInt8]) -> Bool {
        var end = bytes.count
        while end > 2, bytes[end - 1] == 0 || bytes[end - 1] == 0x0A { end -= 1 }
        return end >= 4 && bytes[end - 2] == 0xFF && bytes[end - 1] == 0xD9
    }
}
