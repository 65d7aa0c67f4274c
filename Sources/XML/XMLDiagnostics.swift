public import TimedText

// The stable codes of what the XML scanner reports. Every well-formedness error of XML 1.0 and
// Namespaces in XML 1.0 that the scanner recovers from has one; the TTML layers add `ttml.*`.
extension DiagnosticCode {
    /// `<!DOCTYPE` or `<!ENTITY`: refused outright (entity expansion is the XML attack surface,
    /// and TTML has no use for a DTD); the document is read as empty.
    public static let xmlDoctypeRefused: Self = "xml.doctype-refused"
    /// The input is larger than `XMLScanner.Options.maximumInputSize`; nothing is read.
    public static let xmlTooLarge: Self = "xml.too-large"
    /// Elements nested deeper than `XMLScanner.Options.maximumDepth`; the deeper ones are skipped.
    public static let xmlTooDeep: Self = "xml.too-deep"
    /// The XML declaration names an encoding other than the one the text was decoded as.
    public static let xmlEncodingMismatch: Self = "xml.encoding-mismatch"
    /// A malformed XML declaration, or one that is not at the very start.
    public static let xmlBadDeclaration: Self = "xml.bad-declaration"
    /// No root element at all.
    public static let xmlNoRoot: Self = "xml.no-root"
    /// An end tag that matches no open element (ignored), or that closes elements left open.
    public static let xmlMismatchedEndTag: Self = "xml.mismatched-end-tag"
    /// Elements still open at the end of the input (closed there).
    public static let xmlUnclosedElement: Self = "xml.unclosed-element"
    /// A start tag, comment, CDATA section or processing instruction not closed before the end
    /// of the input or the next tag.
    public static let xmlUnterminatedMarkup: Self = "xml.unterminated-markup"
    /// The same attribute twice on an element (the first is kept).
    public static let xmlDuplicateAttribute: Self = "xml.duplicate-attribute"
    /// A namespace prefix without a declaration in scope.
    public static let xmlUnboundPrefix: Self = "xml.unbound-prefix"
    /// A namespace declaration that Namespaces in XML forbids (`xmlns:p=""`, rebinding `xml` or `xmlns`).
    public static let xmlBadNamespaceDeclaration: Self = "xml.bad-namespace-declaration"
    /// `<` inside an attribute value (kept as a character).
    public static let xmlLessThanInAttribute: Self = "xml.lt-in-attribute"
    /// An attribute without `=` and a value, or with an unquoted value.
    public static let xmlBadAttribute: Self = "xml.bad-attribute"
    /// A malformed name, or a `<` that starts no markup (kept as text).
    public static let xmlBadName: Self = "xml.bad-name"
    /// An entity or character reference that is unknown, malformed or not an XML character
    /// (kept as text); or an entity XML does not declare but HTML names (`&nbsp;`), read as the
    /// HTML character(s) its author meant, which the message names.
    public static let xmlBadReference: Self = "xml.bad-reference"
    /// A character XML 1.0 does not allow (a C0 control other than tab and line feed).
    public static let xmlInvalidCharacter: Self = "xml.invalid-character"
    /// Text outside the root element that is not white space, or a second root element (ignored).
    public static let xmlContentOutsideRoot: Self = "xml.content-outside-root"
    /// Markup that is not well-formed inside a tag (missing white space, stray characters).
    public static let xmlMalformedTag: Self = "xml.malformed-tag"
}
