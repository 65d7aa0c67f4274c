package import TimedText
package import TextScanning

/// A scanned XML document: the root element (nil when there is none, or the document was refused)
/// and what its XML declaration said.
package struct ScannedXML: Sendable, Hashable {
    /// The root element with everything in it.
    package var root: XMLElementNode?
    /// The `encoding` of the XML declaration, as written, or nil.
    package var declaredEncoding: String?

    package init(root: XMLElementNode?, declaredEncoding: String? = nil) {
        self.root = root
        self.declaredEncoding = declaredEncoding
    }
}

/// Reads XML 1.0 with Namespaces in XML 1.0 into a namespace-resolved `XMLElementNode` tree, by hand,
/// on bytes: fast, with line:column on every node, and with a small attack surface.
///
/// What it accepts and what it refuses:
/// - Elements, attributes, character data, CDATA sections (merged into the text around them), the
///   five predefined entities and character references. Comments and processing instructions are
///   skipped.
/// - `<!DOCTYPE` and `<!ENTITY` are refused at once (`xml.doctype-refused`): the document is read
///   as empty whatever follows, so no entity can be declared, let alone expanded. Billion-laughs
///   and quadratic-blowup documents cost one scan up to their first `<!`.
/// - Input larger than `Options.maximumInputSize` is not read; elements deeper than
///   `Options.maximumDepth` are skipped with their content. Diagnostics are capped per code
///   (`DiagnosticLog`). Memory is therefore bounded by the input size.
///
/// Recovery from errors keeps as much of the tree as a reader would expect: an end tag that
/// matches an element further up closes the elements above it; one that matches nothing is
/// ignored; elements open at the end are closed there; a malformed reference is kept as text; an
/// attribute with an unbound prefix, or repeated, is dropped. Every recovery is an `xml.*` error.
package struct XMLScanner: Sendable {
    /// The limits that bound what an untrusted document can cost.
    package struct Options: Sendable {
        /// Inputs larger than this many bytes are refused (`xml.too-large`).
        package var maximumInputSize: Int
        /// Elements nested deeper than this are skipped (`xml.too-deep`).
        package var maximumDepth: Int
        /// Inputs of at least this many bytes have their second half scanned on another core
        /// (see `XMLParser.startSecondHalf`). Any value gives the same result: a second half
        /// that cannot be joined exactly is scanned again in order (tests and the fuzz target
        /// change it to check that).
        package var splitInputsFrom = 256 << 10

        /// - Parameters:
        ///   - maximumInputSize: bytes; 256 MiB by default.
        ///   - maximumDepth: levels of element nesting; 256 by default.
        package init(maximumInputSize: Int = 256 << 20, maximumDepth: Int = 256) {
            self.maximumInputSize = maximumInputSize
            self.maximumDepth = maximumDepth
        }

        package init(maximumInputSize: Int = 256 << 20, maximumDepth: Int = 256, splitInputsFrom: Int) {
            self.maximumInputSize = maximumInputSize
            self.maximumDepth = maximumDepth
            self.splitInputsFrom = splitInputsFrom
        }

        /// 256 MiB, 256 levels deep.
        package static let `default` = Options()
    }

    /// How this scanner scans.
    package var options: Options

    /// A scanner with `options`.
    package init(options: Options = .default) { self.options = options }

    /// Scans decoded text (UTF-8, LF line ends; `SourceDecoder` has handled byte-order marks and
    /// UTF-16). `source.encoding` is compared with the encoding the XML declaration names.
    package func scan(_ source: SourceText) -> ParseResult<ScannedXML> {
        source.withUnsafeBytes { scan($0, decodedAs: source.encoding) }
    }

    /// Scans UTF-8 bytes that were decoded as `decodedAs`.
    package func scan(_ bytes: UnsafeBufferPointer<UInt8>, decodedAs encoding: String = "UTF-8") -> ParseResult<ScannedXML> {
        scanSayingIfJoined(bytes, decodedAs: encoding).result
    }

    /// `scan`, and whether the second half was scanned apart and joined.
    package func scanSayingIfJoined(_ bytes: UnsafeBufferPointer<UInt8>, decodedAs encoding: String = "UTF-8")
        -> (result: ParseResult<ScannedXML>, joined: Bool) {
        var log = DiagnosticLog()
        guard bytes.count <= options.maximumInputSize else {
            log.report(.error, .xmlTooLarge,
                       "the document is \(bytes.count) bytes, more than the \(options.maximumInputSize) allowed; not read", at: nil)
            return (ParseResult(value: ScannedXML(root: nil), diagnostics: log.finished()), false)
        }
        var parser = XMLParser(bytes: bytes, options: options, encoding: encoding)
        let document = parser.run()
        return (ParseResult(value: document, diagnostics: parser.log.finished()), parser.joinedSecondHalf)
    }
}

/// The scanner's state while it walks the bytes once, front to back.
private struct XMLParser {
    package let bytes: UnsafeBufferPointer<UInt8>
    package let n: Int
    package let options: XMLScanner.Options
    package let encoding: String
    package var pos = 0
    package var lines: XMLLineTracker
    package var log = DiagnosticLog()

    /// An element while it is open: its children are still being added.
    package struct PendingElement {
        package var name: XMLName
        package var qualifiedName: String
        package var attributes: [XMLAttribute] = []
        package var children: [XMLContent] = []
        package var location: SourceLocation

        package consuming func finished() -> XMLElementNode {
            XMLElementNode(name: name, qualifiedName: qualifiedName, attributes: attributes, children: children, location: location)
        }
    }

    package struct OpenElement {
        package var element: PendingElement
        /// `bindings.count` before this element's namespace declarations, restored when it closes.
        package var bindingMark: Int
    }
    package var stack: [OpenElement] = []
    package var namespaces = XMLNamespaceScope()
    package var root: XMLElementNode?
    package var declaredEncoding: String?
    /// Start tags seen inside skipped content (too deep, or a second root) not yet ended.
    package var skipDepth = 0
    package var reportedTooDeep = false

    /// Character data since the last tag, references decoded, and where it began (-1: none).
    package var text: [UInt8] = []
    package var textStart = -1
    /// Set while the character data so far is one run of the input with nothing to decode: it is
    /// made into a String straight from the input (`text` is then empty), not copied into `text`.
    package var cleanText: Range<Int>?
    package var rawAttributes: [RawAttribute] = []
    package var names = XMLNameTable()
    /// Set by `normaliseAttributeValue` when the value's bytes need no change.
    package var cleanValue: Range<Int>?

    /// Set when the input's second half was scanned apart and joined (for tests: a split that
    /// never joins gives the same tree, only slower).
    package var joinedSecondHalf = false

    /// True for the scanner of an input's second half: it starts inside the elements its first
    /// half opens, so what it finds outside its own elements goes into `fragment`.
    package var isFragment = false
    package var fragment: [FragmentEvent] = []
    /// The most elements open at once in a fragment.
    package var deepest = 0

    /// What a second half found outside the elements it opened itself, in order.
    package enum FragmentEvent: Sendable {
        /// Content of the element open in the first half (text, or an element with everything in it).
        case content(XMLContent)
        /// An end tag closing an element of the first half, by qualified name.
        case close(String)
    }

    /// A second half scanned: usable when `clean` (nothing reported, every element it opened closed).
    package struct Fragment: Sendable {
        package var events: [FragmentEvent]
        package var deepest: Int
        package var clean: Bool
    }

    package struct RawAttribute {
        /// The attribute's name in `names`.
        package var nameID: Int
        package var value: String
        package var offset: Int
    }

    package init(bytes: UnsafeBufferPointer<UInt8>, options: XMLScanner.Options, encoding: String) {
        self.bytes = bytes
        self.n = bytes.count
        self.options = options
        self.encoding = encoding
        self.lines = XMLLineTracker(bytes)
        text.reserveCapacity(256)
    }

    /// The scanner of the second half, from `start` with the namespaces in scope there.
    package init(fragmentOf bytes: UnsafeBufferPointer<UInt8>, from start: Int, namespaces: XMLNamespaceScope,
         options: XMLScanner.Options, encoding: String) {
        self.init(bytes: bytes, options: options, encoding: encoding)
        lines = XMLLineTracker(bytes, startingAt: start)
        pos = start
        self.namespaces = namespaces
        isFragment = true
    }

    package mutating func location(_ offset: Int) -> SourceLocation { lines.location(at: offset) }

    package mutating func error(_ code: DiagnosticCode, _ message: String, at offset: Int) {
        log.report(.error, code, message, at: location(offset))
    }

    // MARK: - Document

    package mutating func run() -> ScannedXML {
        if startsWith("<?xml", at: 0), n > 5, isWhitespace(bytes[5]) { scanDeclaration() }
        var second: SecondHalf?
        var triedSplit = false
        // The second half reads the input: it must be done before the input may go.
        defer { _ = second?.task.wait() }
        while pos < n {
            if let half = second, pos >= half.start, !half.joined {
                second?.joined = true
                // Reached exactly where the second half starts (not inside a comment, say): join.
                if pos == half.start, join(half.task.wait(), namespacesThere: half.namespaces) {
                    joinedSecondHalf = true
                    break
                }
                continue  // otherwise this half goes on as if there were none
            }
            guard step() else { return ScannedXML(root: nil, declaredEncoding: declaredEncoding) }
            if !triedSplit && stack.count == 1 && skipDepth == 0 {
                triedSplit = true
                second = startSecondHalf()
            }
        }
        flushText()
        if !stack.isEmpty {
            for open in stack.reversed() {
                log.report(.error, .xmlUnclosedElement,
                           "<\(open.element.qualifiedName)> is not closed before the end of the document; closed there",
                           at: open.element.location)
            }
            while !stack.isEmpty { closeTop() }
        }
        if root == nil {
            error(.xmlNoRoot, "the document has no root element", at: n)
        }
        return ScannedXML(root: root, declaredEncoding: declaredEncoding)
    }

    /// Scans what is at `pos`: markup or character data. False when a document type declaration
    /// refuses the document.
    package mutating func step() -> Bool {
        if bytes[pos] != UInt8(ascii: "<") {
            scanText()
            return true
        }
        let next = pos + 1 < n ? bytes[pos + 1] : 0
        if next == UInt8(ascii: "/") {
            scanEndTag()
        } else if next == UInt8(ascii: "!") {
            if startsWith("<!--", at: pos) {
                scanComment()
            } else if startsWith("<![CDATA[", at: pos) {
                scanCDATA()
            } else if startsWithIgnoringCase("<!DOCTYPE", at: pos) || startsWithIgnoringCase("<!ENTITY", at: pos) {
                // Refused at once: nothing after it is looked at.
                log.report(.error, .xmlDoctypeRefused,
                           "document type declarations and entity declarations are not accepted (TTML needs none, and entity expansion is unsafe); the document is read as empty",
                           at: location(pos))
                return false
            } else {
                error(.xmlBadName, "'<!' starts no comment or CDATA section; skipped up to the next '>'", at: pos)
                pos = find(UInt8(ascii: ">"), from: pos + 2).map { $0 + 1 } ?? n
            }
        } else if next == UInt8(ascii: "?") {
            scanProcessingInstruction()
        } else if XMLReferences.isNameStartByte(next) {
            scanStartTag()
        } else {
            error(.xmlBadName, "'<' that starts no tag is kept as text (write '&lt;')", at: pos)
            beginText(at: pos)
            materialiseText()
            text.append(UInt8(ascii: "<"))
            pos += 1
        }
        return true
    }

    // MARK: - Two halves

    // A large document is scanned in two halves at once: this scanner goes on with the first
    // while another core scans from a start tag near the middle as a fragment, then the fragment
    // is joined where this scanner gets to. The second half is scanned on guesses — that its
    // start is a tag (not inside a comment or CDATA section), that the namespaces in scope there
    // are those of the root element, that the elements it closes without opening are the ones
    // open in the first half — and each is checked when the halves meet. A second half that
    // reported anything, or whose guesses were wrong, is dropped and scanned again in order, so
    // the tree, diagnostics included, is always what one pass makes.

    package struct SecondHalf {
        package let start: Int
        package let namespaces: XMLNamespaceScope
        package let task: BackgroundTask<Fragment>
        package var joined = false
    }

    /// Starts scanning the second half, once the root element is open, when the input is large.
    package mutating func startSecondHalf() -> SecondHalf? {
        guard n >= options.splitInputsFrom else { return nil }
        var start = pos + (n - pos) / 2
        while start + 1 < n, !(bytes[start] == UInt8(ascii: "<") && XMLReferences.isNameStartByte(bytes[start + 1])) { start += 1 }
        guard start + 1 < n else { return nil }
        nonisolated(unsafe) let input = bytes
        let (scope, options, encoding) = (namespaces, options, encoding)
        let task = BackgroundTask { [start] in
            var part = XMLParser(fragmentOf: input, from: start, namespaces: scope, options: options, encoding: encoding)
            return part.runFragment()
        }
        return SecondHalf(start: start, namespaces: namespaces, task: task)
    }

    /// Scans from `pos` to the end as a fragment.
    package mutating func runFragment() -> Fragment {
        while pos < n {
            guard step() else { return Fragment(events: [], deepest: 0, clean: false) }
        }
        flushText()
        return Fragment(events: fragment, deepest: deepest, clean: stack.isEmpty && log.reportCount == 0)
    }

    /// Joins the second half at `pos` (its start) when it is exactly what scanning on would make:
    /// true when joined (the input is then scanned to the end), false with nothing changed.
    package mutating func join(_ part: Fragment, namespacesThere: XMLNamespaceScope) -> Bool {
        guard part.clean, skipDepth == 0, namespaces == namespacesThere,
              stack.count + part.deepest <= options.maximumDepth else { return false }
        // The guesses checked before anything changes: each end tag closes the innermost open
        // element, and nothing but white space follows the root element.
        var open = stack.count
        for event in part.events {
            switch event {
            case .content(.element):
                if open == 0 { return false }  // a second root element
            case .content(.text(let t)):
                if open == 0 && !t.text.utf8.allSatisfy(isWhitespace) { return false }
            case .close(let name):
                guard open > 0, stack[open - 1].element.qualifiedName == name else { return false }
                open -= 1
            }
        }
        flushText()  // the character data before the second half's first tag
        for event in part.events {
            switch event {
            case .content(let content):
                if !stack.isEmpty { appendToTop(content) }
            case .close:
                closeTop()
            }
        }
        pos = n
        return true
    }

    /// XML 1.0 §2.8 `XMLDecl`: version, encoding, standalone.
    package mutating func scanDeclaration() {
        let start = pos
        guard let close = find("?>", from: pos + 5) else {
            error(.xmlUnterminatedMarkup, "the XML declaration is not closed by '?>'", at: start)
            pos = n
            return
        }
        let body = UnsafeBufferPointer(rebasing: bytes[(pos + 5)..<close])
        let pseudo = Self.pseudoAttributes(body)
        if pseudo.first(where: { $0.0 == "version" }) == nil {
            error(.xmlBadDeclaration, "the XML declaration has no version", at: start)
        }
        for (name, _) in pseudo where !["version", "encoding", "standalone"].contains(name) {
            error(.xmlBadDeclaration, "the XML declaration has an unknown field '\(name)'", at: start)
        }
        if let declared = pseudo.first(where: { $0.0 == "encoding" })?.1 {
            declaredEncoding = declared
            checkDeclaredEncoding(declared, at: start)
        }
        pos = close + 2
    }

    /// The text was decoded before scanning (byte-order mark, UTF-8, detection). A declaration that
    /// names another encoding only matters when there are non-ASCII bytes it would read otherwise.
    package mutating func checkDeclaredEncoding(_ declared: String, at offset: Int) {
        func folded(_ s: String) -> String { String(s.lowercased().filter { $0 != "-" && $0 != "_" }) }
        let d = folded(declared)
        let actual = folded(encoding)
        if d == actual || (d == "utf16" && actual.hasPrefix("utf16")) || (d == "utf8" && actual == "usascii") { return }
        if actual == "utf8" && !bytes.contains(where: { $0 >= 0x80 }) {
            // Pure ASCII reads the same in any ASCII-compatible encoding: nothing was misread.
            log.report(.info, .xmlEncodingMismatch,
                       "the XML declaration names the encoding '\(declared)'; the text is ASCII and reads the same as UTF-8",
                       at: location(offset))
            return
        }
        log.report(.warning, .xmlEncodingMismatch,
                   "the XML declaration names the encoding '\(declared)' but the text was read as \(encoding) (use --encoding to choose)",
                   at: location(offset))
    }

    package static func pseudoAttributes(_ body: UnsafeBufferPointer<UInt8>) -> [(String, String)] {
        var result: [(String, String)] = []
        var i = 0
        let n = body.count
        while i < n {
            while i < n, isWhitespace(body[i]) { i += 1 }
            let nameStart = i
            while i < n, body[i] != UInt8(ascii: "="), !isWhitespace(body[i]) { i += 1 }
            if nameStart == i { break }
            let name = String(decoding: UnsafeBufferPointer(rebasing: body[nameStart..<i]), as: UTF8.self)
            while i < n, isWhitespace(body[i]) || body[i] == UInt8(ascii: "=") { i += 1 }
            guard i < n, body[i] == UInt8(ascii: "\"") || body[i] == UInt8(ascii: "'") else {
                result.append((name, ""))
                continue
            }
            let quote = body[i]
            i += 1
            let valueStart = i
            while i < n, body[i] != quote { i += 1 }
            result.append((name, String(decoding: UnsafeBufferPointer(rebasing: body[valueStart..<i]), as: UTF8.self)))
            i += 1
        }
        return result
    }

    // MARK: - Character data

    package mutating func beginText(at offset: Int) {
        if textStart < 0 { textStart = offset }
    }

    /// Character data up to the next `<`, references decoded.
    package mutating func scanText() {
        let isFirstRun = textStart < 0
        beginText(at: pos)
        var runStart = pos
        var decoded = false
        skipPlainText()
        while pos < n {
            let b = bytes[pos]
            if b == UInt8(ascii: "<") { break }
            if b == UInt8(ascii: "&") {
                appendRaw(runStart, pos)
                appendReference()
                runStart = pos
                decoded = true
                continue
            }
            if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D {
                error(.xmlInvalidCharacter, "control character U+\(String(b, radix: 16, uppercase: true)) is not allowed in XML; kept", at: pos)
            }
            pos += 1
        }
        if isFirstRun && !decoded {
            cleanText = runStart..<pos
        } else {
            appendRaw(runStart, pos)
        }
    }

    /// Moves `pos` past whole words of eight bytes that hold no '<', no '&' and nothing below
    /// U+0020: most character data is runs of letters and spaces, which need no look byte by byte.
    @inline(__always) package mutating func skipPlainText() {
        guard let base = bytes.baseAddress else { return }
        while pos + 8 <= n {
            let word = ByteWord.load(base, at: pos)
            if ByteWord.hasByte(word, equalTo: UInt8(ascii: "<")) || ByteWord.hasByte(word, equalTo: UInt8(ascii: "&"))
                || ByteWord.hasByte(word, below: 0x20) { return }
            pos += 8
        }
    }

    @inline(__always) package mutating func appendRaw(_ start: Int, _ end: Int) {
        materialiseText()
        if end > start { text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end])) }
    }

    /// Copies the clean run (`cleanText`) into `text`, before something is added to it.
    @inline(__always) package mutating func materialiseText() {
        if let run = cleanText {
            cleanText = nil
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run]))
        }
    }

    /// The character data so far as a String.
    package func textString() -> String {
        cleanText.map { string($0) } ?? String(decoding: text, as: UTF8.self)
    }

    /// Decodes the reference at `pos` (an `&`) into `text`; a bad one is kept literally.
    package mutating func appendReference() {
        switch XMLReferences.decode(bytes, at: pos) {
        case .scalar(let scalar, let end):
            materialiseText()
            appendScalar(scalar, to: &text)
            pos = end
        case .invalid(let why, let end):
            error(.xmlBadReference, "\(why); kept as text", at: pos)
            appendRaw(pos, end)
            pos = end
        case .htmlEntity(let why, let scalars, let end):
            error(.xmlBadReference, why, at: pos)
            materialiseText()
            for scalar in scalars { appendScalar(scalar, to: &text) }
            pos = end
        }
    }

    package func appendScalar(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: UTF8.encode(scalar)!)
    }

    /// Ends the current run of character data: a text node of the open element; outside the root
    /// element only white space is allowed.
    package mutating func flushText() {
        guard textStart >= 0 else { return }
        defer {
            if !text.isEmpty { text.removeAll(keepingCapacity: true) }
            cleanText = nil
            textStart = -1
        }
        if skipDepth > 0 { return }
        if stack.isEmpty && isFragment {
            fragment.append(.content(.text(XMLText(text: textString(), location: location(textStart)))))
            return
        }
        if stack.isEmpty {
            materialiseText()
            if text.contains(where: { !isWhitespace($0) }) {
                error(.xmlContentOutsideRoot, "text outside the root element is ignored", at: textStart)
            }
            return
        }
        let node = XMLText(text: textString(), location: location(textStart))
        appendToTop(.text(node))
    }

    package mutating func scanCDATA() {
        let start = pos
        beginText(at: pos)
        let contentStart = pos + 9
        guard let end = find("]]>", from: contentStart) else {
            error(.xmlUnterminatedMarkup, "the CDATA section is not closed by ']]>'; its text runs to the end", at: start)
            appendRaw(contentStart, n)
            pos = n
            return
        }
        appendRaw(contentStart, end)
        pos = end + 3
    }

    package mutating func scanComment() {
        let start = pos
        guard let end = find("-->", from: pos + 4) else {
            error(.xmlUnterminatedMarkup, "the comment is not closed by '-->'; it runs to the end", at: start)
            pos = n
            return
        }
        pos = end + 3
    }

    package mutating func scanProcessingInstruction() {
        let start = pos
        if startsWithIgnoringCase("<?xml", at: pos), pos + 5 < n, isWhitespace(bytes[pos + 5]) || bytes[pos + 5] == UInt8(ascii: "?") {
            error(.xmlBadDeclaration, "an XML declaration is allowed only at the very start of the document; ignored", at: start)
        }
        guard let end = find("?>", from: pos + 2) else {
            error(.xmlUnterminatedMarkup, "the processing instruction is not closed by '?>'", at: start)
            pos = n
            return
        }
        pos = end + 2
    }

    // MARK: - Tags

    /// A name at `pos` (which must hold a name start byte); advances past it.
    @inline(__always) package mutating func scanName() -> Range<Int> {
        let start = pos
        while pos < n, XMLReferences.isNameByte(bytes[pos]) { pos += 1 }
        return start..<pos
    }

    @discardableResult
    @inline(__always) package mutating func skipWhitespace() -> Bool {
        let start = pos
        while pos < n, isWhitespace(bytes[pos]) { pos += 1 }
        return pos > start
    }

    package func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// A name with an empty part or more than one colon is reported (at `offset`, each time it
    /// occurs) and read as having no prefix.
    package mutating func reportIfMalformed(_ id: Int, at offset: Int) {
        if names[id].malformed {
            error(.xmlBadName, "'\(names[id].qualifiedName)' is not a qualified name (prefix:local)", at: offset)
        }
    }

    package mutating func scanStartTag() {
        let tagStart = pos
        flushText()
        pos += 1
        let nameID = names.intern(scanName(), in: bytes)
        let qualifiedName = names[nameID].qualifiedName
        rawAttributes.removeAll(keepingCapacity: true)
        var selfClosing = false
        while true {
            let hadSpace = skipWhitespace()
            guard pos < n else {
                error(.xmlUnterminatedMarkup, "the start tag <\(qualifiedName)> is not closed by '>'", at: tagStart)
                break
            }
            let b = bytes[pos]
            if b == UInt8(ascii: ">") {
                pos += 1
                break
            }
            if b == UInt8(ascii: "/") {
                if pos + 1 < n && bytes[pos + 1] == UInt8(ascii: ">") {
                    pos += 2
                    selfClosing = true
                    break
                }
                error(.xmlMalformedTag, "'/' inside the start tag <\(qualifiedName)> is ignored", at: pos)
                pos += 1
                continue
            }
            if b == UInt8(ascii: "<") {
                error(.xmlUnterminatedMarkup, "the start tag <\(qualifiedName)> is not closed by '>' before the next tag", at: tagStart)
                break
            }
            guard XMLReferences.isNameStartByte(b) else {
                error(.xmlMalformedTag, "unexpected character '\(Character(Unicode.Scalar(b)))' in the start tag <\(qualifiedName)>; skipped", at: pos)
                pos += 1
                continue
            }
            if !hadSpace {
                error(.xmlMalformedTag, "attributes must be separated by white space", at: pos)
            }
            scanAttribute(in: qualifiedName)
        }
        openElement(nameID, at: tagStart, selfClosing: selfClosing)
    }

    package mutating func scanAttribute(in elementName: String) {
        let start = pos
        let nameRange = scanName()
        let nameID = names.intern(nameRange, in: bytes)
        let name = names[nameID].qualifiedName
        skipWhitespace()
        guard pos < n, bytes[pos] == UInt8(ascii: "=") else {
            error(.xmlBadAttribute, "attribute '\(name)' has no value; dropped", at: start)
            return
        }
        pos += 1
        skipWhitespace()
        guard pos < n else { return }
        let quote = bytes[pos]
        var value: [UInt8] = []
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            pos += 1
            let valueStart = pos
            guard let end = find(quote, from: pos) else {
                // No closing quote at all: end the value at the tag's end, the likeliest intent.
                error(.xmlUnterminatedMarkup, "the value of '\(name)' has no closing quote", at: start)
                let tagEnd = find(UInt8(ascii: ">"), from: valueStart) ?? n
                normaliseAttributeValue(valueStart, tagEnd, into: &value)
                pos = tagEnd
                rawAttributes.append(raw(nameID, value, start))
                return
            }
            normaliseAttributeValue(valueStart, end, into: &value)
            pos = end + 1
        } else {
            error(.xmlBadAttribute, "the value of '\(name)' is not quoted", at: pos)
            let valueStart = pos
            while pos < n, !isWhitespace(bytes[pos]), bytes[pos] != UInt8(ascii: ">"),
                  !(bytes[pos] == UInt8(ascii: "/") && pos + 1 < n && bytes[pos + 1] == UInt8(ascii: ">")) {
                pos += 1
            }
            normaliseAttributeValue(valueStart, pos, into: &value)
        }
        rawAttributes.append(raw(nameID, value, start))
    }

    package mutating func raw(_ nameID: Int, _ value: [UInt8], _ offset: Int) -> RawAttribute {
        reportIfMalformed(nameID, at: offset)
        let text = cleanValue.map { string($0) } ?? String(decoding: value, as: UTF8.self)
        cleanValue = nil
        return RawAttribute(nameID: nameID, value: text, offset: offset)
    }

    /// XML 1.0 §3.3.3: references replaced, each white space character a space (character
    /// references to white space are kept as they are).
    package mutating func normaliseAttributeValue(_ start: Int, _ end: Int, into value: inout [UInt8]) {
        var i = start
        // Most values hold nothing to replace: they become a String straight from the bytes.
        while i < end, bytes[i] >= 0x20, bytes[i] != UInt8(ascii: "&"), bytes[i] != UInt8(ascii: "<") { i += 1 }
        if i == end {
            cleanValue = start..<end
            return
        }
        cleanValue = nil
        value.reserveCapacity(end - start)
        value.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while i < end {
            let b = bytes[i]
            switch b {
            case 0x09, 0x0A, 0x0D:
                value.append(0x20)
                i += 1
            case UInt8(ascii: "<"):
                error(.xmlLessThanInAttribute, "'<' is not allowed in an attribute value (write '&lt;'); kept", at: i)
                value.append(b)
                i += 1
            case UInt8(ascii: "&"):
                let end2 = min(end, n)
                switch XMLReferences.decode(UnsafeBufferPointer(rebasing: bytes[0..<end2]), at: i) {
                case .scalar(let scalar, let after):
                    appendScalar(scalar, to: &value)
                    i = after
                case .invalid(let why, let after):
                    error(.xmlBadReference, "\(why); kept as text", at: i)
                    value.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<after]))
                    i = after
                case .htmlEntity(let why, let scalars, let after):
                    error(.xmlBadReference, why, at: i)
                    for scalar in scalars { appendScalar(scalar, to: &value) }
                    i = after
                }
            default:
                if b < 0x20 {
                    error(.xmlInvalidCharacter, "control character U+\(String(b, radix: 16, uppercase: true)) is not allowed in XML; kept", at: i)
                }
                value.append(b)
                i += 1
            }
        }
    }

    /// Resolves the tag's namespaces and attributes and opens (or, self-closing, adds) the element.
    package mutating func openElement(_ nameID: Int, at tagStart: Int, selfClosing: Bool) {
        let qualifiedName = names[nameID].qualifiedName
        if skipDepth > 0 {
            if !selfClosing { skipDepth += 1 }
            return
        }
        if stack.isEmpty && root != nil {
            error(.xmlContentOutsideRoot, "a second root element <\(qualifiedName)> is ignored with its content", at: tagStart)
            if !selfClosing { skipDepth = 1 }
            return
        }
        if stack.count >= options.maximumDepth {
            if !reportedTooDeep {
                reportedTooDeep = true
                error(.xmlTooDeep, "elements are nested deeper than \(options.maximumDepth); <\(qualifiedName)> and everything in it are skipped", at: tagStart)
            }
            if !selfClosing { skipDepth = 1 }
            return
        }
        let bindingMark = namespaces.count
        // Namespace declarations first: they apply to the element's own name and attributes.
        var hasDeclarations = false
        // By index: iterating copied each attribute (its value retained and released).
        for k in rawAttributes.indices where names.isDeclaration(rawAttributes[k].nameID) {
            let attribute = rawAttributes[k]
            hasDeclarations = true
            let name = names[attribute.nameID]
            if name.prefix == nil {
                namespaces.bind("", to: attribute.value)
            } else {
                let prefix = name.local
                if prefix == "xmlns" || (prefix == "xml") != (attribute.value == XMLNamespace.xml) || attribute.value.isEmpty
                    || attribute.value == XMLNamespace.xmlns {
                    error(.xmlBadNamespaceDeclaration, "the namespace declaration \(name.qualifiedName)=\"\(attribute.value)\" is not allowed; ignored",
                          at: attribute.offset)
                    continue
                }
                namespaces.bind(prefix, to: attribute.value)
            }
        }
        reportIfMalformed(nameID, at: tagStart + 1)
        var namespace = ""
        if let uri = names.namespace(ofPrefixOf: nameID, in: namespaces) {
            namespace = uri
        } else if let prefix = names[nameID].prefix {
            error(.xmlUnboundPrefix, "the prefix '\(prefix)' of <\(qualifiedName)> is not declared; the element is read without a namespace",
                  at: tagStart)
        }
        var element = PendingElement(name: XMLName(namespace, names[nameID].local), qualifiedName: qualifiedName,
                                     location: location(tagStart))
        if !rawAttributes.isEmpty { element.attributes.reserveCapacity(rawAttributes.count) }
        // Past a few attributes, duplicates are found in a set: comparing each with all the ones
        // before grows with the square of their number.
        let findsDuplicatesInSet = rawAttributes.count > 16
        var seen = Set<XMLName>()
        for k in rawAttributes.indices {
            let id = rawAttributes[k].nameID
            let offset = rawAttributes[k].offset
            if hasDeclarations && names.isDeclaration(id) { continue }
            var attributeNamespace = ""
            if names.hasPrefix(id) {
                guard let uri = names.namespace(ofPrefixOf: id, in: namespaces) else {
                    error(.xmlUnboundPrefix, "the prefix '\(names[id].prefix!)' of the attribute \(names[id].qualifiedName) is not declared; dropped",
                          at: offset)
                    continue
                }
                attributeNamespace = uri
            }
            let resolved = XMLName(attributeNamespace, names[id].local)
            // By index: `contains(where:)` copied every attribute it compared.
            let isDuplicate = findsDuplicatesInSet ? !seen.insert(resolved).inserted
                : element.attributes.indices.contains(where: { element.attributes[$0].name == resolved })
            if isDuplicate {
                error(.xmlDuplicateAttribute, "<\(qualifiedName)> has the attribute \(names[id].qualifiedName) more than once; the first is kept",
                      at: offset)
                continue
            }
            element.attributes.append(XMLAttribute(name: resolved, qualifiedName: names[id].qualifiedName, value: rawAttributes[k].value,
                                                   location: location(offset)))
        }
        stack.append(OpenElement(element: consume element, bindingMark: bindingMark))
        deepest = max(deepest, stack.count)
        if selfClosing { closeTop() }
    }

    /// Adds a child to the innermost open element. Room for a few is made at the first: most
    /// elements have one to four children, and growing from nothing took an allocation for each
    /// doubling.
    @inline(__always) package mutating func appendToTop(_ content: XMLContent) {
        let top = stack.count - 1
        if stack[top].element.children.isEmpty { stack[top].element.children.reserveCapacity(4) }
        stack[top].element.children.append(content)
    }

    /// Pops the innermost open element into its parent (or makes it the root).
    package mutating func closeTop() {
        let open = stack.removeLast()
        namespaces.restore(to: open.bindingMark)
        let element = open.element.finished()
        if stack.isEmpty {
            if isFragment { fragment.append(.content(.element(element))) } else { root = element }
        } else {
            appendToTop(.element(element))
        }
    }

    package mutating func scanEndTag() {
        let tagStart = pos
        pos += 2
        let nameRange = scanName()
        skipWhitespace()
        if pos < n && bytes[pos] == UInt8(ascii: ">") {
            pos += 1
        } else {
            error(.xmlUnterminatedMarkup, "the end tag is not closed by '>'", at: tagStart)
            // Resume at the next tag, or after a stray '>' that belongs to this one.
            while pos < n, bytes[pos] != UInt8(ascii: "<"), bytes[pos] != UInt8(ascii: ">") { pos += 1 }
            if pos < n && bytes[pos] == UInt8(ascii: ">") { pos += 1 }
        }
        if skipDepth > 0 {
            textStart = -1
            cleanText = nil
            text.removeAll(keepingCapacity: true)
            skipDepth -= 1
            return
        }
        flushText()
        // The interned String: comparing it with the open elements' names is a pointer comparison.
        let nameID = names.intern(nameRange, in: bytes)
        let name = names[nameID].qualifiedName
        guard !stack.isEmpty else {
            if isFragment {
                fragment.append(.close(name))  // an element of the first half
                return
            }
            error(.xmlMismatchedEndTag, "the end tag </\(name)> closes no open element; ignored", at: tagStart)
            return
        }
        if stack[stack.count - 1].element.qualifiedName == name {
            closeTop()
            return
        }
        guard let match = stack.lastIndex(where: { $0.element.qualifiedName == name }) else {
            error(.xmlMismatchedEndTag,
                  "the end tag </\(name)> matches no open element (the innermost is <\(stack[stack.count - 1].element.qualifiedName)>); ignored",
                  at: tagStart)
            return
        }
        while stack.count > match + 1 {
            let inner = stack[stack.count - 1].element
            error(.xmlMismatchedEndTag, "</\(name)> closes <\(inner.qualifiedName)> (opened at \(inner.location)) which has no end tag",
                  at: tagStart)
            closeTop()
        }
        closeTop()
    }

    // MARK: - Byte helpers

    package func startsWith(_ literal: StaticString, at offset: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= n else { return false }
        let p = literal.utf8Start
        for k in 0..<count where bytes[offset + k] != p[k] { return false }
        return true
    }

    package func startsWithIgnoringCase(_ literal: StaticString, at offset: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= n else { return false }
        let p = literal.utf8Start
        for k in 0..<count {
            let a = bytes[offset + k], b = p[k]
            let lowerA = (a >= 0x41 && a <= 0x5A) ? a | 0x20 : a
            let lowerB = (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
            if lowerA != lowerB { return false }
        }
        return true
    }

    package func find(_ byte: UInt8, from start: Int) -> Int? {
        var i = start
        while i < n {
            if bytes[i] == byte { return i }
            i += 1
        }
        return nil
    }

    /// The offset of the first occurrence of `literal` at or after `start`.
    package func find(_ literal: StaticString, from start: Int) -> Int? {
        let first = literal.utf8Start[0]
        var i = start
        while let candidate = find(first, from: i) {
            if startsWith(literal, at: candidate) { return candidate }
            i = candidate + 1
        }
        return nil
    }
}

@inline(__always) package func isWhitespace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
}
