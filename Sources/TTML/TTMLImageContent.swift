public import TimedText
internal import XML

extension DiagnosticCode {
    /// An image reference that names no embedded image (`#id` without a `smpte:image` or `data`
    /// element of that id), or embedded image data that is not valid base64: the image is not shown.
    public static let ttmlBadImage: Self = "ttml.bad-image"
}

/// Image content of the IMSC image profiles, read into `CueImage`s:
/// - IMSC 1.0 / SMPTE ST 2052-1 §5.5: `smpte:backgroundImage` on a `div`, a URI — a file next
///   to the document, or `#id` naming a `smpte:image` element (base64 PNG) in the head's metadata;
/// - IMSC 1.1 §7 / TTML2 §8.1.3 (`image`): an `image` child of a `div` with `src` (a file or
///   `#id` naming a `data` element of the head's `resources`), or `source`/`data` children
///   holding the bytes; its `tts:extent` sizes it.
struct TTMLImageContent {
    /// Embedded images of the head by `xml:id`, decoded, with their media type.
    private(set) var embedded: [String: (bytes: [UInt8], type: String?)] = [:]
    let context: TTMLStyleContext

    static let backgroundImage = XMLName(XMLNamespace.smpte, "backgroundImage")
    static let altText = XMLName(XMLNamespace.ittm, "altText")

    init(context: TTMLStyleContext) { self.context = context }

    /// Collects `smpte:image` and `data` elements anywhere in the head.
    mutating func collect(_ element: XMLElementNode, log: inout DiagnosticLog) {
        for child in element.childElements {
            let isSMPTEImage = child.name == XMLName(XMLNamespace.smpte, "image")
            let isData = child.name == XMLName(XMLNamespace.tt, "data")
            if (isSMPTEImage || isData), let id = child.attribute(XMLName(XMLNamespace.xml, "id"))?.value {
                if let bytes = Self.decode(child, log: &log) {
                    let type: String?
                    if isSMPTEImage {
                        type = child.attribute(XMLName("", "imagetype")).map { "image/" + $0.value.lowercased() }
                    } else {
                        type = child.attribute(XMLName("", "type"))?.value
                    }
                    embedded[id] = (bytes, type)
                }
            } else {
                collect(child, log: &log)
            }
        }
    }

    /// The base64 content of a `smpte:image` or `data` element (TTML2 §8.1.4: `encoding`
    /// defaults to base64); nil, reported, when it is not base64.
    static func decode(_ element: XMLElementNode, log: inout DiagnosticLog) -> [UInt8]? {
        let encoding = element.attribute(XMLName("", "encoding"))?.value ?? "base64"
        guard encoding == "base64" || encoding == "Base64" else {
            log.report(.warning, .ttmlBadImage, "image data in encoding '\(encoding)' is not read (only base64 is)", at: element.location)
            return nil
        }
        guard let bytes = Base64.decode(TTMLDocumentBuilder.textContent(element).utf8) else {
            log.report(.warning, .ttmlBadImage, "image data is not valid base64; the image is not shown", at: element.location)
            return nil
        }
        return bytes
    }

    /// The image a `div` shows: its `smpte:backgroundImage`, else its first `image` child.
    func image(of div: XMLElementNode, log: inout DiagnosticLog) -> CueImage? {
        let altText = Self.altText(of: div)
        if let reference = div.attribute(Self.backgroundImage) {
            return source(trimmed(reference.value), at: reference.location, log: &log)
                .map { CueImage(source: $0.source, mediaType: $0.type, altText: altText) }
        }
        guard let element = div.childElements.first(where: { $0.name == XMLName(XMLNamespace.tt, "image") }) else { return nil }
        var found: (source: CueImage.Source, type: String?)?
        if let src = element.attribute(XMLName("", "src")) {
            found = source(trimmed(src.value), at: src.location, log: &log)
        } else if let data = Self.firstData(in: element), let bytes = Self.decode(data, log: &log) {
            found = (.embedded(bytes), data.attribute(XMLName("", "type"))?.value)
        } else {
            log.report(.warning, .ttmlBadImage, "<image> has neither src nor data; nothing is shown", at: element.location)
        }
        guard let found else { return nil }
        let type = element.attribute(XMLName("", "type"))?.value ?? found.type
        return CueImage(source: found.source, mediaType: type, extent: extent(of: element), altText: altText ?? Self.altText(of: element))
    }

    /// A URI: `#id` is an embedded image, anything else a reference kept as written.
    private func source(_ uri: String, at location: SourceLocation, log: inout DiagnosticLog) -> (source: CueImage.Source, type: String?)? {
        guard uri.hasPrefix("#") else { return (.external(uri), nil) }
        guard let image = embedded[String(uri.dropFirst())] else {
            log.report(.warning, .ttmlBadImage, "'\(uri)' names no smpte:image or data element in the head; the image is not shown", at: location)
            return nil
        }
        return (.embedded(image.bytes), image.type)
    }

    /// TTML2 `image` content: `source` children holding `data`, or (leniently) `data` directly.
    private static func firstData(in element: XMLElementNode) -> XMLElementNode? {
        for child in element.childElements {
            if child.name == XMLName(XMLNamespace.tt, "data") { return child }
            if child.name == XMLName(XMLNamespace.tt, "source"), let data = firstData(in: child) { return data }
        }
        return nil
    }

    /// `ittm:altText` in the element's `metadata`.
    private static func altText(of element: XMLElementNode) -> String? {
        for metadata in element.childElements where metadata.name == XMLName(XMLNamespace.tt, "metadata") {
            if let alt = metadata.childElements.first(where: { $0.name == Self.altText }) {
                return trimmed(TTMLDocumentBuilder.textContent(alt))
            }
        }
        return nil
    }

    /// The `image` element's `tts:extent` as proportions of the root container: pixels need the
    /// root's pixel extent; `rw`/`rh` are proportions already. Nil (fill the region) otherwise.
    private func extent(of element: XMLElementNode) -> Point? {
        guard let value = element.attribute(XMLName(XMLNamespace.tts, "extent"))?.value,
              case .success(let parts) = TTMLValueText.components(bytesOf(value)), parts.count == 2,
              case .success(let w) = TTMLLength.parse(parts[0], rule: .nonNegative),
              case .success(let h) = TTMLLength.parse(parts[1], rule: .nonNegative) else { return nil }
        func proportion(_ l: TTMLLength, root: Fraction?) -> Fraction? {
            switch l.unit {
            case .pixels: root.flatMap { l.value.dividedBy($0) }
            case .rootWidth, .rootHeight: l.value.times(Fraction(1, 100))
            default: nil
            }
        }
        guard let x = proportion(w, root: context.rootWidth), let y = proportion(h, root: context.rootHeight) else { return nil }
        return Point(x: x, y: y)
    }
}

/// RFC 4648 §4 base64, white space ignored (XML wraps long data in lines).
enum Base64 {
    static func decode(_ text: some Sequence<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        var padding = 0
        for c in text {
            let value: UInt32
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(c - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(c - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="): padding += 1; continue
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
            default: return nil
            }
            guard padding == 0 else { return nil }  // data after '='
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return padding <= 2 ? out : nil
    }
}
