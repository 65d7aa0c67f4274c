import TimedText
internal import XML

// Attribute checks: which attributes an element takes, and the value of each.

extension TTMLValidationRun {
    mutating func validateAttributes(_ element: XMLElementNode, rule: TTMLElementRule, context: Context, isRoot: Bool) {
        for attribute in element.attributes {
            let name = attribute.name
            switch name.namespace {
            case "":
                guard rule.attributes.contains(name.local) else {
                    let knownElsewhere = TTMLVocabulary.rules.values.contains { $0.attributes.contains(name.local) }
                    error(knownElsewhere ? .ttmlMisplacedAttribute : .ttmlUnknownAttribute,
                          knownElsewhere ? "<\(element.qualifiedName)> does not take the attribute '\(attribute.qualifiedName)'"
                                         : "'\(attribute.qualifiedName)' is not a TTML attribute",
                          at: attribute.location)
                    continue
                }
                validatePlainAttribute(attribute, on: element, context: context)
            case XMLNamespace.xml:
                guard ["id", "lang", "space", "base"].contains(name.local) else {
                    error(.ttmlUnknownAttribute, "'\(attribute.qualifiedName)' is not an XML attribute", at: attribute.location)
                    continue
                }
                guard rule.xmlAttributes.contains(name.local) else {
                    error(.ttmlMisplacedAttribute, "<\(element.qualifiedName)> does not take '\(attribute.qualifiedName)'", at: attribute.location)
                    continue
                }
                validateXMLAttribute(attribute)
            case XMLNamespace.xmlns:
                continue
            case XMLNamespace.tts, TTMLExtraNamespace.audio, XMLNamespace.itts, XMLNamespace.ebutts:
                validateStyleAttribute(attribute, on: element, rule: rule, isRoot: isRoot)
            case XMLNamespace.ttp:
                guard let parameter = TTMLParameters.byName[name.local] else {
                    error(.ttmlUnknownAttribute, "'\(attribute.qualifiedName)' is not a TTML parameter", at: attribute.location)
                    continue
                }
                guard rule.parameters else {
                    error(.ttmlMisplacedAttribute, "parameter '\(attribute.qualifiedName)' is only allowed on the root <tt>", at: attribute.location)
                    continue
                }
                if let problem = parameter.check(attribute.value) {
                    error(.ttmlBadParameter, "'\(attribute.qualifiedName)': \(problem.message)", at: attribute.location)
                }
            case XMLNamespace.ttm:
                guard name.local == "agent" || name.local == "role" else {
                    error(.ttmlUnknownAttribute, "'\(attribute.qualifiedName)' is not a TTML metadata attribute", at: attribute.location)
                    continue
                }
                guard rule.metadataAttributes else {
                    error(.ttmlMisplacedAttribute, "<\(element.qualifiedName)> does not take '\(attribute.qualifiedName)'", at: attribute.location)
                    continue
                }
                if name.local == "agent" {
                    addReferences(attribute, targets: [XMLName(XMLNamespace.ttm, "agent")], what: "ttm:agent", list: true)
                } else {
                    checkRoles(attribute)
                }
            case XMLNamespace.ittp:
                validateIMSCParameter(attribute, isRoot: isRoot)
            case XMLNamespace.isd:
                error(.ttmlUnknownAttribute, "'\(attribute.qualifiedName)' is not an ISD attribute", at: attribute.location)
            case TTMLExtraNamespace.xlink:
                validateLink(attribute, on: element, context: context)
            default:
                continue
            }
        }
    }

    // MARK: Styles

    mutating func validateStyleAttribute(_ attribute: XMLAttribute, on element: XMLElementNode, rule: TTMLElementRule, isRoot: Bool) {
        guard let property = TTMLStyleProperty.named(attribute.name) else {
            // IMSC and EBU-TT-D style namespaces carry more than the properties known here; only
            // the TTML namespaces' vocabulary is closed.
            if TTMLVocabulary.ttmlNamespaces.contains(attribute.name.namespace) {
                error(.ttmlUnknownAttribute, "'\(attribute.qualifiedName)' is not a TTML style attribute", at: attribute.location)
            }
            return
        }
        if isRoot, element.name == TTMLVocabulary.name("tt") {
            guard attribute.name == XMLName(XMLNamespace.tts, "extent") else {
                error(.ttmlMisplacedAttribute, "the root <tt> takes no style attribute other than tts:extent", at: attribute.location)
                return
            }
            checkRootExtent(attribute)
            return
        }
        guard rule.styled else {
            error(.ttmlMisplacedAttribute, "<\(element.qualifiedName)> does not take style attributes ('\(attribute.qualifiedName)')",
                  at: attribute.location)
            return
        }
        let isAnimate = element.name == TTMLVocabulary.name("animate")
        let isSet = element.name == TTMLVocabulary.name("set")
        if isAnimate || isSet {
            checkAnimation(attribute, property: property, on: element, isAnimate: isAnimate)
            return
        }
        switch property.parse(attribute.value) {
        case .failure(let problem):
            error(.ttmlBadStyleValue, "'\(attribute.qualifiedName)=\"\(attribute.value)\"': \(problem.message)", at: attribute.location)
        case .success(let value):
            checkStyleInContext(attribute, value: value, on: element)
        }
    }

    /// Rules a style value has beyond its grammar, that depend on the element.
    mutating func checkStyleInContext(_ attribute: XMLAttribute, value: TTMLStyleValue, on element: XMLElementNode) {
        let local = attribute.name.local
        if local == "display", value == .keyword("inlineBlock"),
           TTMLVocabulary.contentElements.contains(element.name), element.name != TTMLVocabulary.name("span") {
            // TTML2 §10.2.14: inlineBlock applies to span only.
            error(.ttmlBadStyleValue, "tts:display=\"inlineBlock\" applies only to <span>, not <\(element.qualifiedName)>", at: attribute.location)
        }
        if local == "backgroundImage", case .uri(let uri?) = value, uri.hasPrefix("#") {
            references.append(PendingReference(attribute: attribute, id: String(uri.dropFirst()),
                                               targets: [TTMLVocabulary.name("image")], what: "background image"))
        }
    }

    /// TTML2 §10.2.15: the root container's extent is `auto`, `contain` or two `px` lengths.
    mutating func checkRootExtent(_ attribute: XMLAttribute) {
        hasRootExtent = true
        let value = attribute.value
        if value == "auto" || value == "contain" { return }
        let rule = TTMLLengthRule(allowNegative: false, allowPercent: false, units: [.pixels])
        switch TTMLValueText.checkedBytes(value).flatMap({ TTMLValueText.components($0[...]) }) {
        case .failure(let problem):
            error(.ttmlBadStyleValue, "tts:extent on <tt>: \(problem.message)", at: attribute.location)
        case .success(let parts):
            guard parts.count == 2 else {
                error(.ttmlBadStyleValue, "tts:extent on <tt> is 'auto', 'contain' or two pixel lengths, not '\(value)'", at: attribute.location)
                return
            }
            for part in parts {
                if case .failure(let problem) = TTMLLength.parse(part, rule: rule) {
                    error(.ttmlBadStyleValue, "tts:extent on <tt> is in pixels only: \(problem.message)", at: attribute.location)
                    return
                }
            }
        }
    }

    /// TTML2 §11.1: `set` takes one value of a (discretely) animatable style; `animate` takes a
    /// `;`-separated list, of a continuously animatable style unless `calcMode="discrete"`.
    mutating func checkAnimation(_ attribute: XMLAttribute, property: TTMLStyleProperty, on element: XMLElementNode, isAnimate: Bool) {
        if property.animation == .none {
            error(.ttmlNotAnimatable, "'\(attribute.qualifiedName)' cannot be animated", at: attribute.location)
            return
        }
        if isAnimate {
            let calcMode = element.attribute(XMLName("", "calcMode"))?.value ?? "linear"
            if calcMode != "discrete", property.animation != .continuous {
                error(.ttmlNotAnimatable, "'\(attribute.qualifiedName)' is only discretely animatable; calcMode '\(calcMode)' needs a continuous one",
                      at: attribute.location)
                return
            }
            for item in attribute.value.split(separator: ";", omittingEmptySubsequences: false) {
                if case .failure(let problem) = property.parse(String(item)) {
                    error(.ttmlBadStyleValue, "'\(attribute.qualifiedName)' animation value '\(item)': \(problem.message)", at: attribute.location)
                    return
                }
            }
        } else {
            if attribute.value.contains(";") {
                error(.ttmlBadStyleValue, "'\(attribute.qualifiedName)' on <set> takes a single value, not a ';' list", at: attribute.location)
                return
            }
            if case .failure(let problem) = property.parse(attribute.value) {
                error(.ttmlBadStyleValue, "'\(attribute.qualifiedName)=\"\(attribute.value)\"': \(problem.message)", at: attribute.location)
            }
        }
    }

    // MARK: xml: attributes

    mutating func validateXMLAttribute(_ attribute: XMLAttribute) {
        let value = attribute.value
        switch attribute.name.local {
        case "id":
            if !TTMLNames.isNCName(value) {
                error(.ttmlBadAttributeValue, "xml:id '\(value)' is not an XML name without colon (NCName)", at: attribute.location)
            }
        case "space":
            if value != "default" && value != "preserve" {
                error(.ttmlBadAttributeValue, "xml:space is 'default' or 'preserve', not '\(value)'", at: attribute.location)
            }
        case "lang":
            // Empty is allowed (no language); otherwise a BCP 47 shape.
            if !value.isEmpty && !TTMLNames.isLanguageTag(value) {
                error(.ttmlBadAttributeValue, "xml:lang '\(value)' is not a language tag", at: attribute.location)
            }
        default:  // base
            if value.isEmpty || value.utf8.allSatisfy(isXMLSpace) || value.utf8.contains(where: isXMLSpace) {
                error(.ttmlBadAttributeValue, "xml:base '\(value)' is not a URI", at: attribute.location)
            }
        }
    }

    // MARK: Plain attributes

    mutating func validatePlainAttribute(_ attribute: XMLAttribute, on element: XMLElementNode, context: Context) {
        let value = attribute.value
        let elementName = element.name
        var problems: [String] = []
        func bad(_ message: String) { problems.append(message) }
        defer {
            for message in problems {
                error(.ttmlBadAttributeValue, "'\(attribute.qualifiedName)=\"\(value)\"' on <\(element.qualifiedName)>: \(message)",
                      at: attribute.location)
            }
        }
        func oneOf(_ words: [String]) {
            if !words.contains(value) { bad("expected one of \(words.joined(separator: ", "))") }
        }
        switch attribute.name.local {
        case "style" where elementName == TTMLVocabulary.name("font"):
            oneOf(["normal", "italic", "oblique"])
        case "style":
            addReferences(attribute, targets: [TTMLVocabulary.name("style")], what: "style", list: true)
        case "region":
            addReferences(attribute, targets: [TTMLVocabulary.name("region")], what: "region", list: false)
        case "animate":
            addReferences(attribute, targets: [TTMLVocabulary.name("animate"), TTMLVocabulary.name("set")], what: "animation", list: true)
        case "begin", "end", "dur":
            if elementName.namespace == XMLNamespace.isd { checkISDTime(attribute); return }
            checkTimeExpression(attribute, on: element)
        case "timeContainer":
            oneOf(["par", "seq"])
        case "condition":
            if let problem = TTMLConditionParser.check(value) {
                error(.ttmlBadCondition, "condition \"\(value)\": \(problem.message)", at: attribute.location)
            }
        case "calcMode":
            oneOf(["discrete", "linear", "paced", "spline"])
        case "fill":
            oneOf(["freeze", "remove"])
        case "repeatCount":
            if value != "indefinite" {
                guard TTMLNumber.parse(bytesOf(value), allowSign: false, allowTrailingPoint: false) != nil else {
                    bad("expected 'indefinite' or a non-negative number")
                    return
                }
            }
        case "keyTimes", "keySplines":
            if let problem = TTMLAnimationValues.check(attribute.name.local, value) { bad(problem) }
        case "type":
            checkTypeAttribute(attribute, on: element, bad: bad)
        case "name":
            // ttm:item: a token (a name, or a prefixed name whose prefix the document binds).
            if value.isEmpty || value.utf8.contains(where: isXMLSpace) { bad("expected a metadata item name") }
        case "agent":
            if elementName == XMLName(XMLNamespace.ttm, "actor") {
                addReferences(attribute, targets: [XMLName(XMLNamespace.ttm, "agent")], what: "ttm:agent", list: false)
            }
        case "encoding":
            oneOf(["base16", "base32", "base32hex", "base64", "base64url"])
        case "length":
            if TTMLNumber.integer(bytesOf(value), allowSign: false) == nil { bad("expected a non-negative integer") }
        case "format":
            if value.isEmpty || value.utf8.contains(where: isXMLSpace) { bad("expected a format token or URI") }
        case "src":
            if value.isEmpty || value.utf8.allSatisfy(isXMLSpace) { bad("expected a URI") }
        case "family":
            if TTMLFontFamily.genericNames.contains(value) || value.isEmpty { bad("a font resource's family cannot be empty or a generic family") }
        case "range":
            if !TTMLNames.isUnicodeRange(value) { bad("expected a Unicode range list such as 'U+0-7F, U+2000-206F'") }
        case "weight":
            oneOf(["normal", "bold"])
        case "clipBegin", "clipEnd":
            if !(attribute.name.local == "clipEnd" && value == "indefinite") { checkTimeExpression(attribute, on: element) }
        case "combine":
            oneOf(["replace", "leastRestrictive", "mostRestrictive", "ignore"])
        case "designator", "use":
            checkProfileDesignatorAttribute(attribute, on: element, bad: bad)
        case "value":
            oneOf(["optional", "required", "use", "prohibited"])
        case "extends", "restricts":
            if value.isEmpty || value.utf8.contains(where: isXMLSpace) { bad("expected a designator") }
        case "version":
            checkISDVersion(attribute, on: element, context: context, bad: bad)
        case "size":
            if TTMLNumber.integer(bytesOf(value), allowSign: false) == nil { bad("expected an unsigned integer") }
        default:
            break
        }
    }

    mutating func checkTypeAttribute(_ attribute: XMLAttribute, on element: XMLElementNode, bad: (String) -> Void) {
        let value = attribute.value
        switch element.name {
        case XMLName(XMLNamespace.ttm, "agent"):
            if !["person", "character", "group", "organization", "other"].contains(value) {
                bad("expected one of person, character, group, organization, other")
            }
        case XMLName(XMLNamespace.ttm, "name"):
            if !["full", "family", "given", "alias", "other"].contains(value) { bad("expected one of full, family, given, alias, other") }
        case XMLName(XMLNamespace.ttp, "profile"):
            if !["content", "processor"].contains(value) { bad("expected 'content' or 'processor'") }
        default:
            // A MIME type: `type/subtype` with optional parameters.
            let main = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            let parts = main.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count != 2 || parts.contains(where: { $0.isEmpty || $0.contains(" ") }) {
                bad("expected a media type such as 'image/png'")
            }
        }
    }

    mutating func checkISDVersion(_ attribute: XMLAttribute, on element: XMLElementNode, context: Context, bad: (String) -> Void) {
        if element.name == XMLName(XMLNamespace.isd, "isd"), context.parent == XMLName(XMLNamespace.isd, "sequence") {
            bad("a nested <isd:isd> takes no version (its sequence has it)")
            return
        }
        if attribute.value != "2" { bad("the ISD version is 2") }
    }

    mutating func checkISDTime(_ attribute: XMLAttribute) {
        if attribute.name.local == "end", attribute.value == "indefinite" { return }
        if TTMLTimeCheck.check(attribute.value, timing: TTMLTimingParameters()) != nil {
            error(.ttmlBadTimeExpression, "'\(attribute.qualifiedName)=\"\(attribute.value)\"' is not a time expression", at: attribute.location)
        }
    }

    mutating func checkTimeExpression(_ attribute: XMLAttribute, on element: XMLElementNode) {
        if let problem = TTMLTimeCheck.check(attribute.value, timing: timing) {
            error(.ttmlBadTimeExpression, "'\(attribute.qualifiedName)=\"\(attribute.value)\"': \(problem.message)", at: attribute.location)
        }
    }

    // MARK: Metadata

    static let roles: Set<String> = [
        "action", "caption", "description", "dialog", "expletive", "kinesic", "lyrics", "music", "narration",
        "quality", "sound", "source", "suppressed", "reproduction", "thought", "title", "transcription",
    ]

    mutating func checkRoles(_ attribute: XMLAttribute) {
        let roles = attribute.value.split(whereSeparator: { $0 == " " })
        if roles.isEmpty {
            error(.ttmlBadAttributeValue, "ttm:role is empty", at: attribute.location)
        }
        for role in roles where !Self.roles.contains(String(role)) && !role.hasPrefix("x-") {
            error(.ttmlBadAttributeValue, "'\(role)' is not a ttm:role (nor an 'x-' extension role)", at: attribute.location)
        }
    }

    // MARK: Links

    mutating func validateLink(_ attribute: XMLAttribute, on element: XMLElementNode, context: Context) {
        guard attribute.name.local == "href" else { return }
        if attribute.value.isEmpty || attribute.value.utf8.allSatisfy(isXMLSpace) {
            error(.ttmlBadAttributeValue, "xlink:href is empty", at: attribute.location)
        }
        if context.insideLink {
            error(.ttmlBadAttributeValue, "xlink:href inside an element that already links (TTML2 §8.2.2 forbids nested links)",
                  at: attribute.location)
        }
    }

    // MARK: IMSC parameters

    mutating func validateIMSCParameter(_ attribute: XMLAttribute, isRoot: Bool) {
        let value = attribute.value
        func bad(_ message: String) {
            error(.ttmlBadParameter, "'\(attribute.qualifiedName)=\"\(value)\"': \(message)", at: attribute.location)
        }
        switch attribute.name.local {
        case "aspectRatio":
            if TTMLParameters.positivePair(value) == nil { bad("expected two positive integers") }
        case "progressivelyDecodable":
            if value != "true" && value != "false" { bad("expected 'true' or 'false'") }
        case "activeArea":
            let parts = value.split(separator: " ")
            if ![2, 4].contains(parts.count) || parts.contains(where: { !$0.hasSuffix("%") || TTMLNumber.parse(bytesOf($0.dropLast()), allowSign: false) == nil }) {
                bad("expected two or four percentages")
            }
        default:
            return
        }
        if !isRoot { bad("IMSC parameters are only allowed on the root") }
    }

    // MARK: References

    mutating func addReferences(_ attribute: XMLAttribute, targets: Set<XMLName>, what: String, list: Bool) {
        let ids = attribute.value.split(whereSeparator: { $0 == " " }).map(String.init)
        if ids.isEmpty {
            error(.ttmlBadAttributeValue, "'\(attribute.qualifiedName)' is empty; it names \(list ? "one or more" : "one") \(what) element\(list ? "s" : "")",
                  at: attribute.location)
            return
        }
        if !list, ids.count > 1 {
            error(.ttmlBadAttributeValue, "'\(attribute.qualifiedName)' names one \(what) element, not \(ids.count)", at: attribute.location)
        }
        var seen: Set<String> = []
        for id in ids {
            if !seen.insert(id).inserted {
                error(.ttmlBadReference, "'\(attribute.qualifiedName)' names '\(id)' twice", at: attribute.location)
            }
            references.append(PendingReference(attribute: attribute, id: id, targets: targets, what: what))
        }
    }

    mutating func collectIDs(_ element: XMLElementNode, depth: Int) {
        guard depth < Self.maximumDepth else { return }
        if let attribute = element.attribute(XMLName(XMLNamespace.xml, "id")) {
            if let first = ids[attribute.value] {
                error(.ttmlDuplicateID, "xml:id '\(attribute.value)' is already used by <\(first.qualifiedName)> at \(first.location)",
                      at: attribute.location)
            } else {
                ids[attribute.value] = element
            }
        }
        for child in element.childElements { collectIDs(child, depth: depth + 1) }
    }

    mutating func resolveReferences() {
        for reference in references {
            guard let target = ids[reference.id] else {
                error(.ttmlBadReference, "'\(reference.attribute.qualifiedName)' names '\(reference.id)', which no element has as xml:id",
                      at: reference.attribute.location)
                continue
            }
            if !reference.targets.contains(target.name) {
                error(.ttmlBadReference,
                      "'\(reference.attribute.qualifiedName)' names '\(reference.id)', a <\(target.qualifiedName)>, not a \(reference.what) element",
                      at: reference.attribute.location)
            }
        }
    }
}

/// A string's UTF-8 bytes as the slice the value scanners take.
func bytesOf(_ text: some StringProtocol) -> ArraySlice<UInt8> { Array(text.utf8)[...] }
