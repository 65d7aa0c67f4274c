public import TimedText
package import XML

extension DiagnosticCode {
    /// A `ttp:profile`/`ttp:contentProfiles` designator this checker knows nothing about.
    public static let ttmlProfileUnknown: Self = "ttml.profile.unknown"
    /// IMSC 1.x text profile constraints (IMSC 1.1 §6–§8, "#…" features prohibited or restricted).
    public static let ttmlProfileIMSC: Self = "ttml.profile.imsc"
    /// EBU-TT-D constraints (EBU Tech 3380).
    public static let ttmlProfileEBUTTD: Self = "ttml.profile.ebu-tt-d"
}

/// A document profile Legible recognises.
public enum TTMLProfile: String, Sendable, Hashable, CaseIterable {
    case imsc1Text = "http://www.w3.org/ns/ttml/profile/imsc1/text"
    case imsc1Image = "http://www.w3.org/ns/ttml/profile/imsc1/image"
    case imsc11Text = "http://www.w3.org/ns/ttml/profile/imsc1.1/text"
    case imsc11Image = "http://www.w3.org/ns/ttml/profile/imsc1.1/image"
    case imsc12Text = "http://www.w3.org/ns/ttml/profile/imsc1.2/text"
    case ebuTTD = "urn:ebu:tt:distribution:2014-01"
    case ebuTTD2018 = "urn:ebu:tt:distribution:2018-04"
    case sdpUS = "http://www.w3.org/ns/ttml/profile/sdp-us"

    /// An IMSC 1, 1.1 or 1.2 Text Profile, whose constraints the reader checks.
    public var isIMSCText: Bool { [.imsc1Text, .imsc11Text, .imsc12Text].contains(self) }
    /// EBU-TT-D (2014 or 2018), whose constraints the reader checks.
    public var isEBUTTD: Bool { self == .ebuTTD || self == .ebuTTD2018 }

    /// The profiles a document declares: `ttp:profile` and `ttp:contentProfiles` on the root
    /// (relative designators resolved, TTML2 §7.2.8), `ttp:profile@use` elements in the head, and
    /// EBU-TT's `ebuttm:conformsToStandard` in the head's metadata.
    package static func declared(by root: XMLElementNode) -> [TTMLProfile] {
        var designators: [String] = []
        if let value = root.attribute(XMLName(XMLNamespace.ttp, "profile"))?.value { designators.append(value) }
        if let value = root.attribute(XMLName(XMLNamespace.ttp, "contentProfiles"))?.value {
            designators += value.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ")" }).map(String.init)
        }
        let head = root.childElements.first { $0.name == XMLName(XMLNamespace.tt, "head") }
        for child in head?.childElements ?? [] {
            if child.name == XMLName(XMLNamespace.ttp, "profile"), let use = child.attribute(XMLName("", "use")) {
                designators.append(use.value)
            }
            if child.name == XMLName(XMLNamespace.tt, "metadata") {
                for item in child.childElements where item.name == XMLName(XMLNamespace.ebuttm, "documentMetadata") {
                    for standard in item.childElements where standard.name == XMLName(XMLNamespace.ebuttm, "conformsToStandard") {
                        let text = standard.children.compactMap { if case .text(let t) = $0 { t.text } else { nil } }.joined()
                        designators.append(text.trimmingCharacters(in: " \t\n\r").description)
                    }
                }
            }
        }
        var result: [TTMLProfile] = []
        for designator in designators {
            let absolute = (try? TTMLParameters.designator(designator).get()) ?? designator
            if let profile = TTMLProfile(rawValue: absolute), !result.contains(profile) { result.append(profile) }
        }
        return result
    }
}

/// Checks the constraints of the profiles a document declares, as `ttml.profile.*` warnings. What
/// is checked (IMSC 1.1 §6–§8 text profile, EBU Tech 3380):
/// - IMSC text: `ttp:timeBase` is `media`; no `ttp:clockMode`/`dropMode`/`markerMode`; frames in
///   time expressions need `ttp:frameRate`, ticks need `ttp:tickRate`; no `animate` (only `set`);
///   a region's origin and extent within the root container when both are in
///   percent; `tts:extent` on the root in pixels only; no `tt:image`/`tts:backgroundImage`.
/// - EBU-TT-D: a non-empty `xml:lang` on the root; `ttp:timeBase` `media`; times as clock time
///   without frames (`hh:mm:ss.fff`) or offsets in seconds/ms; every region has origin and extent in
///   percent; no nested `span`; `tts:fontSize` in percent or cells.
struct TTMLProfileChecker {
    let root: XMLElementNode
    var log = DiagnosticLog()

    init(root: XMLElementNode) { self.root = root }

    mutating func check() {
        let profiles = TTMLProfile.declared(by: root)
        if profiles.contains(where: \.isIMSCText) { checkIMSCText() }
        if profiles.contains(where: \.isEBUTTD) { checkEBUTTD() }
    }

    private func parameter(_ name: String) -> XMLAttribute? { root.attribute(XMLName(XMLNamespace.ttp, name)) }

    private mutating func warn(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) {
        log.report(.warning, code, message, at: location)
    }

    /// Every element, in document order (depth bounded).
    /// Calls `body` for every element, in document order, without copying the tree into an array
    /// (a 10,000-paragraph document is checked on every read).
    private func forEachElement(_ body: (XMLElementNode) -> Void) {
        func walk(_ e: XMLElementNode, _ depth: Int) {
            guard depth < 256 else { return }
            body(e)
            for k in e.children.indices {
                if case .element(let child) = e.children[k] { walk(child, depth + 1) }
            }
        }
        walk(root, 0)
    }

    /// `begin`, `end` or `dur` (lengths first: comparing Strings of different contents is a call).
    private static func isTimingName(_ local: String) -> Bool {
        switch local.utf8.count {
        case 5: local == "begin"
        case 3: local == "end" || local == "dur"
        default: false
        }
    }
    private static let animate = XMLName(XMLNamespace.tt, "animate")
    private static let image = XMLName(XMLNamespace.tt, "image")
    private static let region = XMLName(XMLNamespace.tt, "region")
    private static let backgroundImage = XMLName(XMLNamespace.tts, "backgroundImage")

    mutating func checkIMSCText() {
        let code = DiagnosticCode.ttmlProfileIMSC
        if let timeBase = parameter("timeBase"), timeBase.value != "media" {
            warn(code, "IMSC text: ttp:timeBase must be 'media', not '\(timeBase.value)'", at: timeBase.location)
        }
        for name in ["clockMode", "dropMode", "markerMode"] {
            if let attribute = parameter(name) { warn(code, "IMSC text: ttp:\(name) is prohibited", at: attribute.location) }
        }
        if let extent = root.attribute(XMLName(XMLNamespace.tts, "extent")), extent.value != "auto",
           !extent.value.split(separator: " ").allSatisfy({ $0.hasSuffix("px") }) {
            warn(code, "IMSC text: tts:extent on <tt> must be in pixels", at: extent.location)
        }
        let frameRateGiven = parameter("frameRate") != nil, tickRateGiven = parameter("tickRate") != nil
        forEachElement { element in
            Self.checkTimes(element, profile: "IMSC text", frameRateGiven: frameRateGiven, tickRateGiven: tickRateGiven) {
                warn(code, $0, at: $1)
            }
            switch element.name {
            case Self.animate:
                warn(code, "IMSC text: <animate> is prohibited (only <set> animates)", at: element.location)
            case Self.image:
                warn(code, "IMSC text: <image> is prohibited in the text profile", at: element.location)
            case Self.region:
                checkRegionInsideRoot(element, code: code, profile: "IMSC text")
            default:
                break
            }
            if let image = element.attribute(Self.backgroundImage) {
                warn(code, "IMSC text: tts:backgroundImage is prohibited", at: image.location)
            }
        }
    }

    mutating func checkEBUTTD() {
        let code = DiagnosticCode.ttmlProfileEBUTTD
        if (root.attribute(XMLName(XMLNamespace.xml, "lang"))?.value ?? "").isEmpty {
            warn(code, "EBU-TT-D: <tt> needs a non-empty xml:lang", at: root.location)
        }
        if let timeBase = parameter("timeBase"), timeBase.value != "media" {
            warn(code, "EBU-TT-D: ttp:timeBase must be 'media'", at: timeBase.location)
        }
        forEachElement { element in
            for name in ["begin", "end"] {
                guard let attribute = element.attribute(XMLName("", name)) else { continue }
                let parts = attribute.value.split(separator: ":")
                let clockWithoutFrames = parts.count == 3
                let offset = attribute.value.hasSuffix("s") && !attribute.value.contains(":")
                if !clockWithoutFrames && !offset {
                    warn(code, "EBU-TT-D: times are hh:mm:ss.fff or seconds, not '\(attribute.value)'", at: attribute.location)
                }
            }
            if element.name == XMLName(XMLNamespace.tt, "region") {
                for name in ["origin", "extent"] {
                    let value = element.attribute(XMLName(XMLNamespace.tts, name))?.value
                    if value == nil || !(value!.split(separator: " ").allSatisfy { $0.hasSuffix("%") }) {
                        warn(code, "EBU-TT-D: a region's tts:\(name) is given in percent", at: element.location)
                    }
                }
            }
            if element.name == XMLName(XMLNamespace.tt, "span"),
               element.childElements.contains(where: { $0.name == XMLName(XMLNamespace.tt, "span") }) {
                warn(code, "EBU-TT-D: spans do not nest", at: element.location)
            }
            if let size = element.attribute(XMLName(XMLNamespace.tts, "fontSize")),
               !size.value.split(separator: " ").allSatisfy({ $0.hasSuffix("%") || $0.hasSuffix("c") }) {
                warn(code, "EBU-TT-D: tts:fontSize is in percent or cells", at: size.location)
            }
        }
    }

    /// Frames need `ttp:frameRate` and ticks `ttp:tickRate` (read from the root once).
    private static func checkTimes(_ element: XMLElementNode, profile: String, frameRateGiven: Bool, tickRateGiven: Bool,
                                   report: (String, SourceLocation) -> Void) {
        guard !(frameRateGiven && tickRateGiven) else { return }  // nothing to find
        // By index: iterating the attributes copied each. The last byte read from contiguous
        // storage: the generic `last` of a String's UTF-8 view was a noticeable cost over every
        // begin and end.
        let attributes = element.attributes
        for k in attributes.indices where attributes[k].name.namespace.isEmpty && isTimingName(attributes[k].name.local) {
            let value = attributes[k].value.utf8
            let last = value.withContiguousStorageIfAvailable { $0.last } ?? value.last
            if !frameRateGiven {
                var colons = 0
                for byte in value where byte == UInt8(ascii: ":") { colons += 1 }
                if colons == 3 || (last == UInt8(ascii: "f") && colons == 0) {
                    report("\(profile): '\(attributes[k].value)' counts frames, so ttp:frameRate must be given", attributes[k].location)
                }
            }
            if last == UInt8(ascii: "t"), !tickRateGiven {
                report("\(profile): '\(attributes[k].value)' counts ticks, so ttp:tickRate must be given", attributes[k].location)
            }
        }
    }

    private mutating func checkRegionInsideRoot(_ region: XMLElementNode, code: DiagnosticCode, profile: String) {
        guard let origin = region.attribute(XMLName(XMLNamespace.tts, "origin")),
              let extent = region.attribute(XMLName(XMLNamespace.tts, "extent")),
              case .success(.origin(.point(let x, let y))) = TTMLStyleProperty.named(origin.name)!.parse(origin.value),
              case .success(.extent(.size(.length(let w), .length(let h)))) = TTMLStyleProperty.named(extent.name)!.parse(extent.value),
              [x, y, w, h].allSatisfy({ $0.unit == .percent }) else { return }
        let hundred = Fraction(100)
        if x.value.plus(w.value) > hundred || y.value.plus(h.value) > hundred || x.value < .zero || y.value < .zero {
            warn(code, "\(profile): the region extends outside the root container", at: region.location)
        }
    }
}
