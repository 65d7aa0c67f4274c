public import TimedText
public import TextScanning
package import XML

extension DiagnosticCode {
    /// The root is not `tt:tt` (nor an ISD document).
    public static let ttmlBadRoot: Self = "ttml.bad-root"
    /// An element in a TTML namespace that TTML does not define.
    public static let ttmlUnknownElement: Self = "ttml.unknown-element"
    /// An attribute in a TTML namespace (or without one, on a TTML element) that TTML does not define.
    public static let ttmlUnknownAttribute: Self = "ttml.unknown-attribute"
    /// A TTML attribute on an element that does not take it.
    public static let ttmlMisplacedAttribute: Self = "ttml.misplaced-attribute"
    /// A required attribute is missing.
    public static let ttmlMissingAttribute: Self = "ttml.missing-attribute"
    /// A child element where the parent's content model does not allow it (TTML2 §8–§9).
    public static let ttmlContentModel: Self = "ttml.content-model"
    /// Character data in an element that takes only elements.
    public static let ttmlUnexpectedText: Self = "ttml.unexpected-text"
    /// A style attribute whose value does not match its grammar (TTML2 §10.2).
    public static let ttmlBadStyleValue: Self = "ttml.bad-style-value"
    /// A non-style attribute whose value is invalid.
    public static let ttmlBadAttributeValue: Self = "ttml.bad-attribute-value"
    /// A time expression that does not parse (TTML2 §10.3.37).
    public static let ttmlBadTimeExpression: Self = "ttml.bad-time-expression"
    /// Two elements with the same `xml:id`.
    public static let ttmlDuplicateID: Self = "ttml.duplicate-id"
    /// An IDREF that names no element, or an element of the wrong kind.
    public static let ttmlBadReference: Self = "ttml.bad-reference"
    /// A style on `set`/`animate` that cannot be animated that way (TTML2 §10.2, "Animatable").
    public static let ttmlNotAnimatable: Self = "ttml.not-animatable"
    /// A `condition` expression that does not parse (TTML2 §7.2.1 / Appendix N).
    public static let ttmlBadCondition: Self = "ttml.bad-condition"
    /// An embedded or referenced resource (data, image, audio, font) that is malformed.
    public static let ttmlBadResource: Self = "ttml.bad-resource"
}

/// Checks a TTML document tree against TTML2: vocabulary, where each attribute may go, content
/// models, attribute and style values, parameters, identifiers and references. Every problem is an
/// error diagnostic with the offending node's line and column; the validator never stops early.
///
/// It runs on the namespace-resolved tree (`XMLElementNode`), so it can check a document the reader
/// has not turned into a model, and the reader can share its value parsers.
public struct TTMLValidator: Sendable {
    /// What to check beyond TTML2 itself.
    public struct Options: Sendable {
        /// Also report IMSC / EBU-TT-D profile constraints (`ttml.profile.*` warnings).
        public var checksProfiles: Bool
        /// Reads a resource the document points to (`src`, `tts:backgroundImage`), given the
        /// reference as written; nil when it cannot be read. Without a loader, external
        /// resources are not checked.
        public var loadResource: (@Sendable (String) -> [UInt8]?)?

        /// - Parameters:
        ///   - checksProfiles: also check the declared profiles' constraints (on by default).
        ///   - loadResource: reads external resources; nil (the default) leaves them unchecked.
        public init(checksProfiles: Bool = true, loadResource: (@Sendable (String) -> [UInt8]?)? = nil) {
            self.checksProfiles = checksProfiles
            self.loadResource = loadResource
        }

        /// Profile constraints checked, external resources not.
        public static let `default` = Options()
    }

    /// How this validator checks.
    public var options: Options

    /// A validator with `options`.
    public init(options: Options = .default) {
        self.options = options
    }

    /// Validates the TTML document in `source` (nothing when it is not XML with a root element:
    /// the reader says why).
    public func validate(_ source: SourceText) -> [Diagnostic] {
        guard let root = XMLScanner().scan(source).value.root else { return [] }
        return validate(root)
    }

    /// Validates a document whose root element is `root`.
    package func validate(_ root: XMLElementNode) -> [Diagnostic] {
        var run = TTMLValidationRun(options: options)
        run.validateDocument(root)
        return run.log.finished()
    }
}

/// The state of one validation: the diagnostics, and the identifiers and references seen so far
/// (references are resolved after the walk, since they may point forwards).
struct TTMLValidationRun {
    let options: TTMLValidator.Options
    var log = DiagnosticLog()
    /// Each `xml:id` and the element that carries it.
    var ids: [String: XMLElementNode] = [:]
    var references: [PendingReference] = []
    /// The root's timing parameters, which time expressions are read with.
    var timing = TTMLTimingParameters()
    var hasRootExtent = false
    /// `use="#id"` on profiles, checked once the top-level profiles are known.
    var profileFragmentUses: [XMLAttribute] = []

    struct PendingReference {
        let attribute: XMLAttribute
        let id: String
        /// The element names it may point to.
        let targets: Set<XMLName>
        let what: String
    }

    /// Where an element sits, for the rules that depend on it.
    struct Context {
        var parent: XMLName?
        var insideHead = false
        var insideLink = false
        var insideISD = false
        /// The type of the enclosing `ttp:profile`, if any.
        var profileType: String?
        var depth = 0
    }

    static let maximumDepth = 512

    init(options: TTMLValidator.Options) {
        self.options = options
    }

    mutating func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) {
        log.report(.error, code, message, at: location)
    }

    mutating func validateDocument(_ root: XMLElementNode) {
        let isISD = root.name.namespace == XMLNamespace.isd
        guard root.name == TTMLVocabulary.name("tt") || (isISD && ["sequence", "isd"].contains(root.name.local)) else {
            error(.ttmlBadRoot, "the root element is <\(root.qualifiedName)> (\(root.name)); a TTML document starts with <tt> in \(XMLNamespace.tt)",
                  at: root.location)
            return
        }
        checkRootParameters(root)
        var context = Context()
        context.insideISD = isISD
        collectIDs(root, depth: 0)
        validateElement(root, context: context, isRoot: true)
        resolveReferences()
        checkFragmentReferences(root)
        if options.checksProfiles {
            var profiles = TTMLProfileChecker(root: root)
            profiles.check()
            log.merge(profiles.log)
        }
    }

    // MARK: Elements

    mutating func validateElement(_ element: XMLElementNode, context: Context, isRoot: Bool = false) {
        guard context.depth < Self.maximumDepth else {
            error(.ttmlContentModel, "elements nested deeper than \(Self.maximumDepth) levels are not checked", at: element.location)
            return
        }
        guard let rule = TTMLVocabulary.rules[element.name] else {
            if TTMLVocabulary.ttmlNamespaces.contains(element.name.namespace) {
                error(.ttmlUnknownElement, "<\(element.qualifiedName)> is not an element of \(element.name.namespace)", at: element.location)
            }
            // A foreign element is pruned before validation (TTML2 §3.2.1); its content is not TTML's.
            return
        }
        validateAttributes(element, rule: rule, context: context, isRoot: isRoot)
        validateContent(element, rule: rule)
        validateSpecialRules(element, context: context, isRoot: isRoot)
        if rule.anyContent {
            // Metadata holds foreign vocabulary; only TTML metadata items inside it are checked.
            for child in element.childElements where child.name.namespace == XMLNamespace.ttm {
                validateElement(child, context: childContext(context, element))
            }
            return
        }
        for child in element.childElements {
            validateElement(child, context: childContext(context, element))
        }
    }

    private func childContext(_ context: Context, _ element: XMLElementNode) -> Context {
        var inner = context
        inner.parent = element.name
        inner.depth += 1
        if element.name == TTMLVocabulary.name("head") { inner.insideHead = true }
        if element.attribute(XMLName(TTMLExtraNamespace.xlink, "href")) != nil { inner.insideLink = true }
        if element.name.namespace == XMLNamespace.isd { inner.insideISD = true }
        if element.name == XMLName(XMLNamespace.ttp, "profile") {
            inner.profileType = element.attribute(XMLName("", "type"))?.value ?? "processor"
        }
        return inner
    }

    /// Matches the TTML children against the element's content model, a sequence of particles.
    mutating func validateContent(_ element: XMLElementNode, rule: TTMLElementRule) {
        if !rule.text {
            for case .text(let text) in element.children where !text.text.utf8.allSatisfy(isXMLSpace) {
                error(.ttmlUnexpectedText, "<\(element.qualifiedName)> does not take text content", at: text.location)
                break
            }
        }
        if rule.anyContent { return }
        var step = 0
        var countInStep = 0
        for child in element.childElements {
            guard TTMLVocabulary.ttmlNamespaces.contains(child.name.namespace) else { continue }
            var placed = false
            while step < rule.content.count {
                let particle = rule.content[step]
                if particle.names.contains(child.name), particle.max.map({ countInStep < $0 }) ?? true {
                    countInStep += 1
                    placed = true
                    break
                }
                if particle.names.contains(child.name) {
                    error(.ttmlContentModel, "<\(element.qualifiedName)> takes at most \(particle.max ?? 0) <\(child.qualifiedName)>",
                          at: child.location)
                    placed = true
                    break
                }
                step += 1
                countInStep = 0
            }
            if !placed {
                if TTMLVocabulary.rules[child.name] == nil { continue }  // reported as unknown by the child's own check
                let allowed = rule.content.contains { $0.names.contains(child.name) }
                error(.ttmlContentModel,
                      allowed ? "<\(child.qualifiedName)> is out of order in <\(element.qualifiedName)>"
                              : "<\(element.qualifiedName)> cannot contain <\(child.qualifiedName)>",
                      at: child.location)
                // Resynchronise: keep matching the following children from the start of the model.
                step = 0
                countInStep = 0
            }
        }
    }
}
