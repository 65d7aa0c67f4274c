import TimedText
internal import XML

/// The `ttp:` parameter attributes of the root (TTML2 §7.2) and the grammar of each value.
enum TTMLParameters {
    struct Parameter: Sendable {
        let name: String
        let check: @Sendable (String) -> TTMLValueError?
    }

    /// TTML2 §7.2.8: relative profile designators resolve against this base.
    static let profileBase = "http://www.w3.org/ns/ttml/profile/"

    /// The profile designators W3C, SMPTE and EBU define (TTML1 Appendix F, TTML2 Appendix F,
    /// IMSC 1.0.1/1.1/1.2 §5, SDP-US, SMPTE ST 2052-1, EBU-TT-D).
    static let knownStandardProfiles: Set<String> = [
        "dfxp-transformation", "dfxp-presentation", "dfxp-full",
        "ttml2-transformation", "ttml2-presentation", "ttml2-full",
        "imsc1/text", "imsc1/image", "imsc1.1/text", "imsc1.1/image", "imsc1.2/text", "imsc1.2/image",
        "sdp-us", "cff-tt-text", "cff-tt-image",
    ].reduce(into: Set<String>()) { $0.insert(profileBase + $1) }

    static let parameters: [Parameter] = [
        Parameter(name: "cellResolution") { positivePair($0) == nil ? TTMLValueError("expected two positive integers: columns rows") : nil },
        Parameter(name: "clockMode") { keyword($0, ["local", "gps", "utc"]) },
        Parameter(name: "contentProfileCombination") { keyword($0, ["replace", "leastRestrictive", "mostRestrictive", "ignore"]) },
        Parameter(name: "contentProfiles") { profileList($0, allowAny: false) },
        Parameter(name: "displayAspectRatio") { positivePair($0) == nil ? TTMLValueError("expected two positive integers: width height") : nil },
        Parameter(name: "dropMode") { keyword($0, ["dropNTSC", "dropPAL", "nonDrop"]) },
        Parameter(name: "frameRate") { positiveInteger($0) == nil ? TTMLValueError("expected a positive integer") : nil },
        Parameter(name: "frameRateMultiplier") { positivePair($0) == nil ? TTMLValueError("expected two positive integers: numerator denominator") : nil },
        Parameter(name: "inferProcessorProfileMethod") { keyword($0, ["loose", "strict"]) },
        Parameter(name: "inferProcessorProfileSource") { keyword($0, ["combined", "first"]) },
        Parameter(name: "markerMode") { keyword($0, ["continuous", "discontinuous"]) },
        Parameter(name: "mediaDuration") { $0 == "indefinite" ? nil : TTMLTimeCheck.check($0, timing: TTMLTimingParameters()) },
        Parameter(name: "mediaOffset") { value in
            let unsigned = value.hasPrefix("-") || value.hasPrefix("+") ? String(value.dropFirst()) : value
            return TTMLTimeCheck.check(unsigned, timing: TTMLTimingParameters())
        },
        Parameter(name: "permitFeatureNarrowing") { keyword($0, ["true", "false"]) },
        Parameter(name: "permitFeatureWidening") { keyword($0, ["true", "false"]) },
        Parameter(name: "pixelAspectRatio") { positivePair($0) == nil ? TTMLValueError("expected two positive integers: width height") : nil },
        Parameter(name: "processorProfileCombination") { keyword($0, ["replace", "leastRestrictive", "mostRestrictive", "ignore"]) },
        Parameter(name: "processorProfiles") { profileList($0, allowAny: true) },
        Parameter(name: "profile") { value in
            switch designator(value) {
            case .failure(let error): return error
            case .success(let absolute):
                if absolute.hasPrefix(profileBase), !knownStandardProfiles.contains(absolute) {
                    return TTMLValueError("'\(absolute)' is not a defined profile")
                }
                return nil
            }
        },
        Parameter(name: "storageAspectRatio") { positivePair($0) == nil ? TTMLValueError("expected two positive integers") : nil },
        Parameter(name: "subFrameRate") { positiveInteger($0) == nil ? TTMLValueError("expected a positive integer") : nil },
        Parameter(name: "tickRate") { positiveInteger($0) == nil ? TTMLValueError("expected a positive integer") : nil },
        Parameter(name: "timeBase") { keyword($0, ["media", "smpte", "clock"]) },
        Parameter(name: "validation") { keyword($0, ["required", "optional", "prohibited"]) },
        Parameter(name: "validationAction") { keyword($0, ["abort", "warn", "ignore"]) },
        Parameter(name: "version") { keyword($0, ["1", "2"]) },
    ]

    static let byName: [String: Parameter] = Dictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0) })

    static func keyword(_ value: String, _ words: [String]) -> TTMLValueError? {
        words.contains(value) ? nil : TTMLValueError("'\(value)' is not one of \(words.joined(separator: ", "))")
    }

    /// `digit+` greater than zero, no sign.
    static func positiveInteger(_ value: some StringProtocol) -> Int? {
        guard !value.isEmpty, value.utf8.allSatisfy(isDigit), let number = TTMLNumber.integer(Array(value.utf8)[...], allowSign: false),
              number > 0 else { return nil }
        return number
    }

    /// Two positive integers separated by whitespace (`64 24`, `16 9`).
    static func positivePair(_ value: String) -> (Int, Int)? {
        guard let first = value.utf8.first, let last = value.utf8.last, !isXMLSpace(first), !isXMLSpace(last) else { return nil }
        let parts = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, let a = positiveInteger(parts[0]), let b = positiveInteger(parts[1]) else { return nil }
        return (a, b)
    }

    /// A profile designator: an absolute URI, or a relative one resolved against the TTML
    /// profile base. Returns the absolute designator.
    static func designator(_ value: some StringProtocol) -> Result<String, TTMLValueError> {
        let text = String(value)
        guard !text.isEmpty, !text.utf8.contains(where: isXMLSpace) else { return .failure(TTMLValueError("'\(text)' is not a designator")) }
        if text.hasPrefix("#") { return .success(text) }
        // RFC 3986: a colon before any '/', '?' or '#' ends a scheme, which must be a letter then
        // letters, digits, '+', '-' or '.'.
        let head = text.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let colon = head.firstIndex(of: ":") {
            let scheme = head[..<colon]
            guard let first = scheme.first, first.isASCII, first.isLetter,
                  scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            else { return .failure(TTMLValueError("'\(text)' is not a URI")) }
            return .success(text)
        }
        return .success(profileBase + text)
    }

    /// TTML2 §7.2.5/§7.2.9: `designators | quantifier "(" designators ")"`; `all` for content
    /// profiles, `all` or `any` for processor profiles; no designator twice once absolutised.
    static func profileList(_ value: String, allowAny: Bool) -> TTMLValueError? {
        guard !value.isEmpty, !value.utf8.allSatisfy(isXMLSpace) else { return TTMLValueError("empty profile list") }
        var list = Substring(value)
        if let open = list.firstIndex(of: "(") {
            let quantifier = list[..<open]
            guard quantifier == "all" || (allowAny && quantifier == "any") else {
                return TTMLValueError("'\(quantifier)' is not a quantifier here (\(allowAny ? "all, any" : "all"))")
            }
            guard list.hasSuffix(")") else { return TTMLValueError("quantified list lacks its closing ')'") }
            list = list[list.index(after: open)..<list.index(before: list.endIndex)]
        }
        let designators = list.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard !designators.isEmpty else { return TTMLValueError("no profile designator") }
        var seen: Set<String> = []
        for item in designators {
            switch designator(item) {
            case .failure(let error): return error
            case .success(let absolute):
                if !seen.insert(absolute).inserted { return TTMLValueError("designator '\(absolute)' given twice") }
            }
        }
        return nil
    }
}

extension TTMLValidationRun {
    /// Reads the root parameters other checks need (the frame rate for time expressions).
    mutating func checkRootParameters(_ root: XMLElementNode) {
        // Bad parameter values are reported by the attribute checks; these are only the values.
        var ignored = DiagnosticLog()
        timing = TTMLTimingParameters.read(from: root, log: &ignored)
        if root.name == TTMLVocabulary.name("tt"), root.attribute(XMLName(XMLNamespace.xml, "lang")) == nil {
            error(.ttmlMissingAttribute, "<tt> needs xml:lang (TTML2 §8.1.1; it may be empty)", at: root.location)
        }
    }

    /// `designator`/`use` on `ttp:profile` (TTML2 §6.1.1).
    mutating func checkProfileDesignatorAttribute(_ attribute: XMLAttribute, on element: XMLElementNode, bad: (String) -> Void) {
        switch TTMLParameters.designator(attribute.value) {
        case .failure(let problem):
            bad(problem.message)
        case .success(let absolute):
            if attribute.name.local == "designator", absolute.hasPrefix("#") {
                bad("a profile's designator cannot be a fragment of this document")
            }
            if absolute.hasPrefix(TTMLParameters.profileBase), attribute.name.local == "use",
               !TTMLParameters.knownStandardProfiles.contains(absolute) {
                bad("'\(absolute)' is not a defined profile")
            }
        }
    }
}
