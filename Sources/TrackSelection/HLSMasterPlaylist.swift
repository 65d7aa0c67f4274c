import TimedText

/// An `EXT-X-MEDIA` tag (RFC 8216 §4.3.4.1): one alternative rendition.
public struct HLSRendition: Sendable, Hashable {
    /// `AUDIO`, `VIDEO`, `SUBTITLES` or `CLOSED-CAPTIONS`.
    public var type: String
    /// `GROUP-ID`: the group a variant refers to by its `SUBTITLES`, `CLOSED-CAPTIONS` or `AUDIO` attribute.
    public var groupID: String
    /// `NAME`: the rendition's human-readable name, unique within its group.
    public var name: String
    /// `LANGUAGE` as written, and as a canonical tag when it is one.
    public var language: String?
    /// `LANGUAGE` as a canonical BCP 47 tag (`ger` becomes `de`); nil when absent or not well-formed.
    public var languageTag: LanguageTag?
    /// `ASSOC-LANGUAGE` as written, and as a canonical tag when it is one.
    public var associatedLanguage: String?
    /// `ASSOC-LANGUAGE` as a canonical BCP 47 tag; nil when absent or not well-formed.
    public var associatedLanguageTag: LanguageTag?
    /// `DEFAULT=YES`: the rendition to play when the viewer makes no choice.
    public var isDefault: Bool
    /// `AUTOSELECT=YES` as written (a `DEFAULT=YES` rendition that omits it still counts as
    /// autoselect in `legibleOptions(source:)`).
    public var isAutoselect: Bool
    /// `FORCED=YES`; always false for a rendition that is not `TYPE=SUBTITLES`.
    public var isForced: Bool
    /// `CHARACTERISTICS`, split at commas.
    public var characteristics: [MediaCharacteristic]
    /// `URI`, as written (relative to the playlist); always nil for `CLOSED-CAPTIONS`, which are in
    /// the video.
    public var uri: String?
    /// `INSTREAM-ID` of a `CLOSED-CAPTIONS` rendition (`CC1`…`CC4`, `SERVICE1`…`SERVICE63`); nil for
    /// other types.
    public var instreamID: String?
    /// The tag's position.
    public var location: SourceLocation
}

/// An `EXT-X-STREAM-INF` tag's references to legible renditions (RFC 8216 §4.3.4.2).
public struct HLSVariant: Sendable, Hashable {
    /// What a variant's `CLOSED-CAPTIONS` attribute says.
    public enum ClosedCaptions: Sendable, Hashable {
        /// No `CLOSED-CAPTIONS` attribute: the stream may still carry 608 captions.
        case unspecified
        /// `CLOSED-CAPTIONS=NONE`: the stream carries no closed captions.
        case none
        /// `CLOSED-CAPTIONS="group"`.
        case group(String)
    }

    /// `SUBTITLES`: the `GROUP-ID` of the subtitle renditions usable with this variant, or nil.
    public var subtitlesGroup: String?
    /// `CLOSED-CAPTIONS`: the closed-caption group carried in this variant's video, `NONE`, or absent.
    public var closedCaptions: ClosedCaptions
    /// `AUDIO`: the `GROUP-ID` of the audio renditions usable with this variant, or nil.
    public var audioGroup: String?
    /// The URI line after the tag (the variant's media playlist); nil when the playlist ends or
    /// another tag follows first.
    public var uri: String?
    /// The tag's position.
    public var location: SourceLocation
}

extension DiagnosticCode {
    static let hlsMissingHeader: Self = "hls.missing-header"
    static let hlsMediaPlaylist: Self = "hls.media-playlist"
    static let hlsMissingAttribute: Self = "hls.missing-attribute"
    static let hlsUnexpectedAttribute: Self = "hls.unexpected-attribute"
    static let hlsBadValue: Self = "hls.bad-value"
    static let hlsBadLanguage: Self = "hls.bad-language"
    static let hlsAutoselectRequired: Self = "hls.default-without-autoselect"
    static let hlsMultipleDefaults: Self = "hls.multiple-defaults"
    static let hlsDuplicateName: Self = "hls.duplicate-name"
    static let hlsAmbiguousAutoselect: Self = "hls.ambiguous-autoselect"
    static let hlsUnknownGroup: Self = "hls.unknown-group"
    static let hlsInconsistentClosedCaptions: Self = "hls.inconsistent-closed-captions"
    static let hlsUnreferencedGroup: Self = "hls.unreferenced-group"
    static let hlsMissingVariantURI: Self = "hls.missing-variant-uri"
    static let hlsNotUTF8: Self = "hls.not-utf8"
}

/// The parts of an HLS master (multivariant) playlist that legible track selection needs:
/// every `EXT-X-MEDIA` rendition and every variant's group references. Other tags are skipped.
public struct HLSMasterPlaylist: Sendable, Hashable {
    /// Every `EXT-X-MEDIA` rendition that could be read (audio and video too), in playlist order.
    public var renditions: [HLSRendition] = []
    /// Every `EXT-X-STREAM-INF` variant, in playlist order.
    public var variants: [HLSVariant] = []

    /// A playlist built by hand (tests, a player that parsed the playlist itself); nothing is checked.
    public init(renditions: [HLSRendition] = [], variants: [HLSVariant] = []) {
        self.renditions = renditions
        self.variants = variants
    }

    /// True when the bytes look like an HLS playlist (`#EXTM3U` first, after an optional BOM).
    public static func looksLikePlaylist(_ bytes: [UInt8]) -> Bool {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        return body.starts(with: Array("#EXTM3U".utf8))
    }

    /// Reads a master playlist (RFC 8216 §4.3.4), reporting what breaks the RFC's rules as `hls.*`
    /// diagnostics with line:column. Never fails: a broken tag is skipped or read as far as it goes.
    public static func read(_ bytes: [UInt8]) -> ParseResult<HLSMasterPlaylist> {
        var log = DiagnosticLog()
        var playlist = HLSMasterPlaylist()
        var lineNumber = 0
        var offset = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        var pendingVariant: HLSVariant?
        var sawHeader = false
        var sawMediaSegment = false

        while offset < bytes.count {
            lineNumber += 1
            let lineStart = offset
            var lineEnd = offset
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            offset = lineEnd
            if offset < bytes.count, bytes[offset] == 0x0D { offset += 1 }
            if offset < bytes.count, bytes[offset] == 0x0A { offset += 1 }
            let line = bytes[lineStart..<lineEnd]
            let at = SourceLocation(line: lineNumber, column: 1)

            if lineNumber == 1 {
                sawHeader = line.elementsEqual("#EXTM3U".utf8)
                if !sawHeader {
                    log.report(.error, .hlsMissingHeader, "the first line of a playlist must be #EXTM3U (RFC 8216 §4.3.1.1)", at: at)
                } else { continue }
            }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            if String(validating: line, as: UTF8.self) == nil {
                log.report(.warning, .hlsNotUTF8, "the line is not UTF-8 (RFC 8216 §4.1); invalid bytes replaced", at: at)
            }
            if line.first == UInt8(ascii: "#") {
                let (tag, attributesStart) = tagName(line)
                switch tag {
                case "#EXT-X-MEDIA":
                    let attributes = HLSAttributeListParser.parse(bytes[attributesStart..<lineEnd], lineStart: lineStart,
                                                                  line: lineNumber, log: &log)
                    if let rendition = rendition(attributes, at: at, log: &log) { playlist.renditions.append(rendition) }
                case "#EXT-X-STREAM-INF":
                    if let previous = pendingVariant {
                        log.report(.warning, .hlsMissingVariantURI, "EXT-X-STREAM-INF is not followed by a URI line (RFC 8216 §4.3.4.2)",
                                   at: previous.location)
                        playlist.variants.append(previous)
                    }
                    let attributes = HLSAttributeListParser.parse(bytes[attributesStart..<lineEnd], lineStart: lineStart,
                                                                  line: lineNumber, log: &log)
                    pendingVariant = variant(attributes, at: at, log: &log)
                case "#EXTINF", "#EXT-X-TARGETDURATION":
                    sawMediaSegment = true
                default:
                    break // other tags and comments do not concern legible renditions
                }
            } else if var variant = pendingVariant {
                variant.uri = String(decoding: line, as: UTF8.self)
                playlist.variants.append(variant)
                pendingVariant = nil
            }
        }
        if let previous = pendingVariant {
            log.report(.warning, .hlsMissingVariantURI, "EXT-X-STREAM-INF is not followed by a URI line (RFC 8216 §4.3.4.2)",
                       at: previous.location)
            playlist.variants.append(previous)
        }
        if sawMediaSegment && playlist.renditions.isEmpty && playlist.variants.isEmpty {
            log.report(.error, .hlsMediaPlaylist,
                       "this is a media playlist (it has segments), not a master playlist: it declares no renditions", at: nil)
        }
        if bytes.isEmpty || (!sawHeader && lineNumber == 0) {
            log.report(.error, .hlsMissingHeader, "the playlist is empty (RFC 8216 §4.3.1.1: it must start with #EXTM3U)", at: nil)
        }
        playlist.checkGroups(log: &log)
        return ParseResult(value: playlist, diagnostics: log.finished())
    }

    /// The tag's name (up to ':') and where its attribute list starts.
    private static func tagName(_ line: ArraySlice<UInt8>) -> (String, Int) {
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let start = colon < line.endIndex ? colon + 1 : colon
        return (String(decoding: line[..<colon], as: UTF8.self), start)
    }

    private static let types: Set<String> = ["AUDIO", "VIDEO", "SUBTITLES", "CLOSED-CAPTIONS"]

    /// RFC 8216 §4.3.4.1's rules for one EXT-X-MEDIA tag.
    private static func rendition(_ attributes: [HLSAttribute], at location: SourceLocation,
                                  log: inout DiagnosticLog) -> HLSRendition? {
        var byName: [String: HLSAttribute] = [:]
        for a in attributes { byName[a.name] = a }

        func required(_ name: String) -> String? {
            guard let value = byName[name]?.value.text else {
                log.report(.error, .hlsMissingAttribute, "EXT-X-MEDIA has no \(name) (required by RFC 8216 §4.3.4.1); the tag is skipped",
                           at: location)
                return nil
            }
            return value
        }
        func expectQuoted(_ name: String) {
            if let a = byName[name], case .unquoted = a.value {
                log.report(.warning, .hlsBadValue, "\(name) must be a quoted-string; read as written", at: a.location)
            }
        }
        func yesNo(_ name: String) -> Bool {
            guard let a = byName[name] else { return false }
            switch a.value {
            case .unquoted("YES"): return true
            case .unquoted("NO"): return false
            default:
                log.report(.warning, .hlsBadValue, "\(name) must be YES or NO, not '\(a.value.text)'; read as NO", at: a.location)
                return false
            }
        }
        func language(_ name: String) -> (String?, LanguageTag?) {
            guard let a = byName[name] else { return (nil, nil) }
            expectQuoted(name)
            let text = a.value.text
            guard let tag = LanguageTag(text) else {
                log.report(.warning, .hlsBadLanguage, "\(name) '\(text)' is not a BCP 47 language tag (RFC 8216 §4.3.4.1, RFC 5646); treated as unknown",
                           at: a.location)
                return (text, nil)
            }
            return (text, tag)
        }

        guard let typeAttribute = byName["TYPE"] else {
            _ = required("TYPE")
            return nil
        }
        let type = typeAttribute.value.text
        guard types.contains(type), case .unquoted = typeAttribute.value else {
            log.report(.error, .hlsBadValue, "TYPE must be AUDIO, VIDEO, SUBTITLES or CLOSED-CAPTIONS, not '\(type)'; the tag is skipped",
                       at: typeAttribute.location)
            return nil
        }
        guard let groupID = required("GROUP-ID"), let name = required("NAME") else { return nil }
        expectQuoted("GROUP-ID")
        expectQuoted("NAME")
        expectQuoted("URI")
        expectQuoted("CHARACTERISTICS")
        expectQuoted("INSTREAM-ID")
        let (languageText, languageTag) = language("LANGUAGE")
        let (associatedText, associatedTag) = language("ASSOC-LANGUAGE")
        let isDefault = yesNo("DEFAULT")
        let isAutoselect = yesNo("AUTOSELECT")
        let isForced = yesNo("FORCED")
        if isDefault, let autoselect = byName["AUTOSELECT"], !isAutoselect {
            log.report(.warning, .hlsAutoselectRequired, "AUTOSELECT must be YES when DEFAULT is YES (RFC 8216 §4.3.4.1)",
                       at: autoselect.location)
        }
        if byName["FORCED"] != nil, type != "SUBTITLES" {
            log.report(.warning, .hlsUnexpectedAttribute, "FORCED is only allowed with TYPE=SUBTITLES (RFC 8216 §4.3.4.1); ignored",
                       at: byName["FORCED"]!.location)
        }
        var uri = byName["URI"]?.value.text
        var instreamID = byName["INSTREAM-ID"]?.value.text
        if type == "CLOSED-CAPTIONS" {
            if let a = byName["URI"] {
                log.report(.warning, .hlsUnexpectedAttribute, "a CLOSED-CAPTIONS rendition must not have a URI (RFC 8216 §4.3.4.1); ignored",
                           at: a.location)
                uri = nil
            }
            guard let id = instreamID else {
                log.report(.error, .hlsMissingAttribute,
                           "a CLOSED-CAPTIONS rendition needs INSTREAM-ID (RFC 8216 §4.3.4.1); the tag is skipped", at: location)
                return nil
            }
            if !isValidInstreamID(id) {
                log.report(.warning, .hlsBadValue, "INSTREAM-ID must be CC1-CC4 or SERVICE1-SERVICE63, not '\(id)'",
                           at: byName["INSTREAM-ID"]!.location)
            }
        } else {
            if let a = byName["INSTREAM-ID"] {
                log.report(.warning, .hlsUnexpectedAttribute, "INSTREAM-ID is only allowed with TYPE=CLOSED-CAPTIONS (RFC 8216 §4.3.4.1); ignored",
                           at: a.location)
                instreamID = nil
            }
            if type == "SUBTITLES", uri == nil {
                log.report(.error, .hlsMissingAttribute, "a SUBTITLES rendition needs a URI (RFC 8216 §4.3.4.1)", at: location)
            }
        }
        let characteristics = (byName["CHARACTERISTICS"]?.value.text ?? "")
            .split(separator: ",").map { MediaCharacteristic(rawValue: String($0.drop { $0 == " " })) }.filter { !$0.rawValue.isEmpty }
        return HLSRendition(type: type, groupID: groupID, name: name, language: languageText, languageTag: languageTag,
                            associatedLanguage: associatedText, associatedLanguageTag: associatedTag,
                            isDefault: isDefault, isAutoselect: isAutoselect, isForced: type == "SUBTITLES" && isForced,
                            characteristics: characteristics, uri: uri, instreamID: instreamID, location: location)
    }

    static func isValidInstreamID(_ id: String) -> Bool {
        if ["CC1", "CC2", "CC3", "CC4"].contains(id) { return true }
        guard id.hasPrefix("SERVICE"), let n = Int(id.dropFirst(7)), String(n) == id.dropFirst(7) else { return false }
        return (1...63).contains(n)
    }

    private static func variant(_ attributes: [HLSAttribute], at location: SourceLocation, log: inout DiagnosticLog) -> HLSVariant {
        var result = HLSVariant(subtitlesGroup: nil, closedCaptions: .unspecified, audioGroup: nil, uri: nil, location: location)
        for a in attributes {
            switch (a.name, a.value) {
            case ("SUBTITLES", let v):
                if case .unquoted = v { log.report(.warning, .hlsBadValue, "SUBTITLES must be a quoted-string", at: a.location) }
                result.subtitlesGroup = v.text
            case ("AUDIO", let v): result.audioGroup = v.text
            case ("CLOSED-CAPTIONS", .unquoted("NONE")): result.closedCaptions = .none
            case ("CLOSED-CAPTIONS", .quoted(let group)): result.closedCaptions = .group(group)
            case ("CLOSED-CAPTIONS", .unquoted(let other)):
                log.report(.warning, .hlsBadValue, "CLOSED-CAPTIONS must be a quoted group id or NONE, not '\(other)'; ignored",
                           at: a.location)
            default: break
            }
        }
        return result
    }

    /// The rules that span tags: group membership (RFC 8216 §4.3.4.1.1), references from variants
    /// (§4.3.4.2), and CLOSED-CAPTIONS=NONE's all-or-nothing rule.
    private mutating func checkGroups(log: inout DiagnosticLog) {
        var groups: [String: [Int]] = [:] // "TYPE GROUP" → rendition indices
        var groupOrder: [String] = []
        for (i, r) in renditions.enumerated() {
            let key = r.type + " " + r.groupID
            if groups[key] == nil { groupOrder.append(key) }
            groups[key, default: []].append(i)
        }
        for key in groupOrder {
            let members = groups[key]!.map { renditions[$0] }
            let defaults = members.filter(\.isDefault)
            for extra in defaults.dropFirst() {
                log.report(.warning, .hlsMultipleDefaults,
                           "group '\(extra.groupID)' has more than one DEFAULT=YES rendition (RFC 8216 §4.3.4.1.1: at most one); the first, '\(defaults[0].name)', is the default",
                           at: extra.location)
            }
            var names: Set<String> = []
            var signatures: Set<String> = []
            for r in members {
                if !names.insert(r.name).inserted {
                    log.report(.warning, .hlsDuplicateName, "group '\(r.groupID)' has two renditions named '\(r.name)' (RFC 8216 §4.3.4.1.1)",
                               at: r.location)
                }
                if r.isAutoselect {
                    let signature = [r.languageTag?.rawValue ?? r.language ?? "", r.associatedLanguageTag?.rawValue ?? "",
                                     r.isForced ? "forced" : "", r.characteristics.sorted().map(\.rawValue).joined(separator: ",")].joined(separator: "|")
                    if !signatures.insert(signature).inserted {
                        log.report(.info, .hlsAmbiguousAutoselect,
                                   "'\(r.name)' has the same LANGUAGE, ASSOC-LANGUAGE, FORCED and CHARACTERISTICS as another AUTOSELECT rendition of group '\(r.groupID)' (RFC 8216 §4.3.4.1.1: SHOULD differ); the first wins ties",
                                   at: r.location)
                    }
                }
            }
        }
        let nones = variants.filter { $0.closedCaptions == .none }
        if !nones.isEmpty, nones.count != variants.count {
            let first = variants.first { $0.closedCaptions != .none }!
            log.report(.warning, .hlsInconsistentClosedCaptions,
                       "some variants say CLOSED-CAPTIONS=NONE and others do not (RFC 8216 §4.3.4.2: if one does, all must)",
                       at: first.location)
        }
        for v in variants {
            if let g = v.subtitlesGroup, groups["SUBTITLES " + g] == nil {
                log.report(.warning, .hlsUnknownGroup, "SUBTITLES=\"\(g)\" names no EXT-X-MEDIA group of TYPE=SUBTITLES (RFC 8216 §4.3.4.2)",
                           at: v.location)
            }
            if case .group(let g) = v.closedCaptions, groups["CLOSED-CAPTIONS " + g] == nil {
                log.report(.warning, .hlsUnknownGroup,
                           "CLOSED-CAPTIONS=\"\(g)\" names no EXT-X-MEDIA group of TYPE=CLOSED-CAPTIONS (RFC 8216 §4.3.4.2)", at: v.location)
            }
        }
        if !variants.isEmpty {
            for key in groupOrder where key.hasPrefix("SUBTITLES ") || key.hasPrefix("CLOSED-CAPTIONS ") {
                let first = renditions[groups[key]![0]]
                if first.uri != nil || first.type == "CLOSED-CAPTIONS", let why = unavailableReason(first) {
                    log.report(.info, .hlsUnreferencedGroup, "group '\(first.groupID)' cannot be shown: \(why)", at: first.location)
                }
            }
        }
    }

    /// Why a legible rendition cannot be shown with any variant of this playlist, or nil.
    func unavailableReason(_ r: HLSRendition) -> String? {
        if r.type == "SUBTITLES", r.uri == nil { return "a SUBTITLES rendition with no URI has nothing to play (RFC 8216 §4.3.4.1)" }
        guard !variants.isEmpty else { return nil } // a bare list of renditions: nothing to check
        if r.type == "CLOSED-CAPTIONS" {
            if variants.allSatisfy({ $0.closedCaptions == .none }) {
                return "every variant says CLOSED-CAPTIONS=NONE: the video carries no closed captions (RFC 8216 §4.3.4.2)"
            }
            if !variants.contains(where: { $0.closedCaptions == .group(r.groupID) }) {
                return "no variant refers to closed-caption group '\(r.groupID)' (RFC 8216 §4.3.4.2)"
            }
        } else if r.type == "SUBTITLES", !variants.contains(where: { $0.subtitlesGroup == r.groupID }) {
            return "no variant refers to subtitle group '\(r.groupID)' (RFC 8216 §4.3.4.2)"
        }
        return nil
    }

    /// The default AUDIO rendition's language (what plays when the viewer does not choose), else
    /// the first audio rendition's: the audio language selection compares against.
    public var defaultAudioLanguage: LanguageTag? {
        let audio = renditions.filter { $0.type == "AUDIO" }
        return (audio.first(where: \.isDefault) ?? audio.first)?.languageTag
    }

    /// The legible renditions as options, in playlist order. Ids are `GROUP-ID/LANGUAGE` (the
    /// `INSTREAM-ID` for closed captions), made unique with the rendition's traits and a number.
    public func legibleOptions(source: String?) -> [TrackOption] {
        var used: Set<String> = []
        var options: [TrackOption] = []
        for r in renditions where r.type == "SUBTITLES" || r.type == "CLOSED-CAPTIONS" {
            let isCaptions = r.type == "CLOSED-CAPTIONS"
            let base = r.groupID + "/" + (isCaptions ? (r.instreamID ?? r.name) : (r.languageTag?.rawValue ?? r.language ?? r.name))
            var id = base
            if used.contains(id) {
                var traits: [String] = []
                if r.isForced { traits.append("forced") }
                if r.characteristics.contains(MediaCharacteristic.describesMusicAndSound) { traits.append("sdh") }
                if r.characteristics.contains(MediaCharacteristic.easyToRead) { traits.append("easy") }
                id = ([base] + traits).joined(separator: "-")
                var n = 2
                while used.contains(id) {
                    id = ([base] + traits).joined(separator: "-") + "-\(n)"
                    n += 1
                }
            }
            used.insert(id)
            // DEFAULT=YES implies AUTOSELECT=YES (§4.3.4.1); a playlist that omits it still means it.
            options.append(TrackOption(id: id, name: r.name, language: r.languageTag, associatedLanguage: r.associatedLanguageTag,
                                       kind: isCaptions ? .captions : .subtitles, isForced: r.isForced, isDefault: r.isDefault,
                                       isAutoselect: r.isAutoselect || r.isDefault, characteristics: r.characteristics,
                                       source: source, uri: r.uri, instreamID: r.instreamID, groupID: r.groupID,
                                       unavailableReason: unavailableReason(r)))
        }
        return options
    }
}
