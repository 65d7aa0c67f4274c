import Testing
@testable import XML
import TimedText
import TextScanning

private func scan(_ text: String, options: XMLScanner.Options = .default) -> ParseResult<ScannedXML> {
    XMLScanner(options: options).scan(SourceText(text))
}

private func codes(_ result: ParseResult<ScannedXML>) -> [String] { result.diagnostics.map(\.code.rawValue) }

private let tt = XMLNamespace.tt

@Suite struct XMLScannerTests {
    @Test func elementsAttributesAndTextWithLocations() throws {
        let result = scan("""
            <?xml version="1.0" encoding="UTF-8"?>
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
              <body><p begin="1s" tts:color="red">Hello <span>world</span></p></body>
            </tt>
            """)
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.value.root)
        #expect(result.value.declaredEncoding == "UTF-8")
        #expect(root.name == XMLName(tt, "tt"))
        #expect(root.location == SourceLocation(line: 2, column: 1))
        #expect(root.attribute(XMLName(XMLNamespace.xml, "lang"))?.value == "en")
        // Namespace declarations are not attributes.
        #expect(root.attributes.count == 1)
        let body = root.childElements[0]
        #expect(body.location == SourceLocation(line: 3, column: 3))
        let p = body.childElements[0]
        #expect(p.name == XMLName(tt, "p"))
        #expect(p.attribute(XMLName("", "begin"))?.value == "1s")
        let color = try #require(p.attribute(XMLName(XMLNamespace.tts, "color")))
        #expect(color.qualifiedName == "tts:color")
        #expect(color.location == SourceLocation(line: 3, column: 23))
        guard case .text(let hello) = p.children[0] else { Issue.record("expected text"); return }
        #expect(hello.text == "Hello ")
        #expect(hello.location == SourceLocation(line: 3, column: 39))
        guard case .element(let span) = p.children[1] else { Issue.record("expected span"); return }
        #expect(span.name == XMLName(tt, "span"))
        #expect(span.children == [.text(XMLText(text: "world", location: SourceLocation(line: 3, column: 51)))])
    }

    @Test func prefixedElementsAndScopedDefaultNamespace() throws {
        let result = scan("""
            <tt:tt xmlns:tt="http://www.w3.org/ns/ttml"><tt:body><x xmlns="urn:other"><y/></x><z xmlns=""/></tt:body></tt:tt>
            """)
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.value.root)
        #expect(root.name == XMLName(tt, "tt"))
        let body = root.childElements[0]
        #expect(body.name == XMLName(tt, "body"))
        #expect(body.childElements[0].name == XMLName("urn:other", "x"))
        #expect(body.childElements[0].childElements[0].name == XMLName("urn:other", "y"))
        #expect(body.childElements[1].name == XMLName("", "z"))
    }

    @Test func predefinedEntitiesCharacterReferencesAndCDATA() throws {
        let result = scan("<a t=\"&lt;&#x41;&#66;&quot;\">1 &amp; 2 &apos;&gt;&#x1F600;<![CDATA[<b>&amp;]]>!</a>")
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.value.root)
        #expect(root.attribute(XMLName("", "t"))?.value == "<AB\"")
        #expect(root.children.count == 1)
        guard case .text(let text) = root.children[0] else { Issue.record("expected one text node"); return }
        #expect(text.text == "1 & 2 '>😀<b>&amp;!")
    }

    @Test func invalidReferencesAreErrorsKeptAsText() throws {
        let result = scan("<a>x &bogus; y &#0; z & w &#xZZ;</a>")
        let root = try #require(result.value.root)
        guard case .text(let text) = root.children[0] else { Issue.record("expected text"); return }
        #expect(text.text == "x &bogus; y &#0; z & w &#xZZ;")
        #expect(codes(result) == Array(repeating: "xml.bad-reference", count: 4))
        #expect(result.diagnostics[0].location == SourceLocation(line: 1, column: 6))
        #expect(result.diagnostics.allSatisfy { $0.severity == .error })
    }

    /// `&nbsp;` without a DTD is not well-formed, and stays an error; but what its author meant is
    /// plain (HTML's entity), and showing the literal `&nbsp;` helps no viewer.
    @Test func htmlEntitiesAreErrorsReadAsTheCharactersMeant() throws {
        let result = scan("<a t=\"x&eacute;y\">1&nbsp;2 &mdash; &NotEqualTilde; &Nbsp; &nbsp</a>")
        let root = try #require(result.value.root)
        guard case .text(let text) = root.children[0] else { Issue.record("expected text"); return }
        #expect(text.text == "1\u{00A0}2 \u{2014} \u{2242}\u{0338} &Nbsp; &nbsp")
        #expect(root.attribute(XMLName("", "t"))?.value == "x\u{E9}y")
        #expect(codes(result) == Array(repeating: "xml.bad-reference", count: 6))
        #expect(result.diagnostics.allSatisfy { $0.severity == .error })
        let nbsp = try #require(result.diagnostics.first { $0.message.contains("'nbsp'") })
        #expect(nbsp.message.contains("read as HTML's &nbsp;, U+00A0 NO-BREAK SPACE"), "\(nbsp.message)")
        #expect(nbsp.location == SourceLocation(line: 1, column: 20))
        #expect(result.diagnostics.contains { $0.message.contains("read as HTML's &NotEqualTilde;, U+2242 MINUS TILDE + U+0338 COMBINING LONG SOLIDUS OVERLAY") })
        // A name HTML does not have (it is case-sensitive) is kept as written.
        #expect(result.diagnostics.contains { $0.message.contains("'Nbsp'") && $0.message.hasSuffix("kept as text") })
    }

    /// Locations asked for behind the last one (a text's start after an error inside it) on one
    /// long line: each is found without walking the line back to its start.
    @Test func locationsBehindTheLastOneOnOneLine() throws {
        var body = ""
        for k in 0..<50 { body += "<p>\(k)&nbsp;x</p>" }
        let result = scan("<a>\n" + body + "\n<b>&nbsp;</b></a>")
        let root = try #require(result.value.root)
        let texts = root.childElements.compactMap { element -> XMLText? in
            if case .text(let text)? = element.children.first { text } else { nil }
        }
        var column = 4
        for (k, text) in texts.prefix(50).enumerated() {
            #expect(text.location == SourceLocation(line: 2, column: column))
            column += "<p>\(k)&nbsp;x</p>".utf8.count
        }
        #expect(texts.last?.location == SourceLocation(line: 3, column: 4))
        #expect(result.diagnostics.last?.location == SourceLocation(line: 3, column: 4))
    }

    @Test func attributeValuesAreNormalised() throws {
        let result = scan("<a v=\"one\ttwo\nthree&#10;four\"/>")
        #expect(result.diagnostics.isEmpty)
        #expect(result.value.root?.attribute(XMLName("", "v"))?.value == "one two three\nfour")
    }

    @Test func commentsAndProcessingInstructionsAreSkipped() throws {
        let result = scan("<!-- c --><?pi x?><a>one<!-- two -->three<?pi?></a><!-- end -->")
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.value.root)
        #expect(root.children.count == 1)
        guard case .text(let text) = root.children[0] else { Issue.record("expected text"); return }
        #expect(text.text == "onethree")
    }

    @Test func doctypeIsRefusedAtOnce() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
            <tt xmlns="http://www.w3.org/ns/ttml">&lol2;</tt>
            """
        let result = scan(laughs)
        #expect(result.value.root == nil)
        #expect(codes(result) == ["xml.doctype-refused"])
        #expect(result.diagnostics[0].location == SourceLocation(line: 2, column: 1))
        #expect(result.diagnostics[0].severity == .error)
        // Also inside content, and in any letter case.
        #expect(codes(scan("<a><!doctype x></a>")) == ["xml.doctype-refused"])
        #expect(codes(scan("<a><!ENTITY x 'y'></a>")) == ["xml.doctype-refused"])
    }

    @Test func duplicateAttributesKeepTheFirst() throws {
        let result = scan("<a xmlns:p=\"urn:x\" xmlns:q=\"urn:x\" v=\"1\" v=\"2\" p:w=\"3\" q:w=\"4\"/>")
        let root = try #require(result.value.root)
        #expect(root.attribute(XMLName("", "v"))?.value == "1")
        #expect(root.attribute(XMLName("urn:x", "w"))?.value == "3")
        #expect(root.attributes.count == 2)
        #expect(codes(result) == ["xml.duplicate-attribute", "xml.duplicate-attribute"])
        #expect(result.diagnostics[0].location == SourceLocation(line: 1, column: 42))
    }

    @Test func unboundPrefixes() throws {
        let result = scan("<a><x:b x:c=\"1\" d=\"2\"/></a>")
        let root = try #require(result.value.root)
        let b = root.childElements[0]
        #expect(b.name == XMLName("", "b"))
        #expect(b.attributes.map(\.name) == [XMLName("", "d")])
        #expect(codes(result) == ["xml.unbound-prefix", "xml.unbound-prefix"])
    }

    @Test func forbiddenNamespaceDeclarations() {
        let result = scan("<a xmlns:p=\"\" xmlns:xml=\"urn:x\" xmlns:xmlns=\"urn:y\"/>")
        #expect(codes(result) == Array(repeating: "xml.bad-namespace-declaration", count: 3))
    }

    @Test func lessThanInAttributeValue() throws {
        let result = scan("<a v=\"x<y\"/>")
        #expect(result.value.root?.attribute(XMLName("", "v"))?.value == "x<y")
        #expect(codes(result) == ["xml.lt-in-attribute"])
        #expect(result.diagnostics[0].location == SourceLocation(line: 1, column: 8))
    }

    @Test func mismatchedEndTagClosesUpToTheMatchingElement() throws {
        let result = scan("<a><b><c>text</b><d/></a>")
        let root = try #require(result.value.root)
        #expect(root.childElements.map(\.qualifiedName) == ["b", "d"])
        #expect(root.childElements[0].childElements.map(\.qualifiedName) == ["c"])
        #expect(codes(result) == ["xml.mismatched-end-tag"])
        #expect(result.diagnostics[0].message.contains("<c>"))
    }

    @Test func strayEndTagIsIgnored() throws {
        let result = scan("<a><b></x></b></a>")
        let root = try #require(result.value.root)
        #expect(root.childElements.map(\.qualifiedName) == ["b"])
        #expect(codes(result) == ["xml.mismatched-end-tag"])
        #expect(result.diagnostics[0].location == SourceLocation(line: 1, column: 7))
    }

    @Test func unclosedElementsAtTheEndAreClosedThere() throws {
        let result = scan("<a>\n<b>one\n<c>two")
        let root = try #require(result.value.root)
        #expect(root.childElements[0].childElements[0].children == [.text(XMLText(text: "two", location: SourceLocation(line: 3, column: 4)))])
        #expect(codes(result) == ["xml.unclosed-element", "xml.unclosed-element", "xml.unclosed-element"])
        #expect(result.diagnostics.map(\.location) == [SourceLocation(line: 3, column: 1), SourceLocation(line: 2, column: 1),
                                                       SourceLocation(line: 1, column: 1)])
    }

    @Test func contentAfterTheRoot() throws {
        let result = scan("<a/>\n  trailing <b>x</b>")
        #expect(result.value.root?.qualifiedName == "a")
        #expect(result.value.root?.children.isEmpty == true)
        #expect(codes(result) == ["xml.content-outside-root", "xml.content-outside-root"])
    }

    @Test func unterminatedStartTagAndMissingQuotes() throws {
        let result = scan("<a><b v=\"1\" <c>x</c></a>")
        let root = try #require(result.value.root)
        #expect(root.childElements.map(\.qualifiedName) == ["b"])
        #expect(root.childElements[0].attribute(XMLName("", "v"))?.value == "1")
        #expect(codes(result).contains("xml.unterminated-markup"))
        let unquoted = scan("<a v=1 w>x</a>")
        #expect(unquoted.value.root?.attribute(XMLName("", "v"))?.value == "1")
        #expect(codes(unquoted) == ["xml.bad-attribute", "xml.bad-attribute"])
    }

    @Test func unterminatedCommentAndCDATA() {
        #expect(codes(scan("<a>x<!-- never closed")).contains("xml.unterminated-markup"))
        let cdata = scan("<a><![CDATA[abc")
        #expect(codes(cdata).first == "xml.unterminated-markup")
        guard case .text(let text)? = cdata.value.root?.children.first else { Issue.record("expected text"); return }
        #expect(text.text == "abc")
    }

    @Test func lessThanThatStartsNoTagIsText() throws {
        let result = scan("<a>1 < 2</a>")
        guard case .text(let text)? = result.value.root?.children.first else { Issue.record("expected text"); return }
        #expect(text.text == "1 < 2")
        #expect(codes(result) == ["xml.bad-name"])
    }

    @Test func depthIsBounded() throws {
        let depth = 300
        let text = String(repeating: "<a>", count: depth) + "deep" + String(repeating: "</a>", count: depth)
        let result = scan(text, options: XMLScanner.Options(maximumDepth: 256))
        #expect(codes(result) == ["xml.too-deep"])
        var element = try #require(result.value.root)
        var levels = 1
        while let child = element.childElements.first {
            element = child
            levels += 1
        }
        #expect(levels == 256)
        #expect(element.children.isEmpty)
    }

    @Test func sizeIsBounded() {
        let result = scan("<a>0123456789</a>", options: XMLScanner.Options(maximumInputSize: 10))
        #expect(result.value.root == nil)
        #expect(codes(result) == ["xml.too-large"])
    }

    @Test func declarationRules() {
        #expect(codes(scan("<a/><?xml version=\"1.0\"?>")) == ["xml.bad-declaration"])
        #expect(codes(scan("<?xml encoding=\"UTF-8\"?><a/>")) == ["xml.bad-declaration"])
        // A legacy encoding is reported only when non-ASCII bytes were read as something else.
        let ascii = scan("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>")
        #expect(codes(ascii) == ["xml.encoding-mismatch"] && ascii.diagnostics[0].severity == .info)
        let latin = scan("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>é</a>")
        #expect(codes(latin) == ["xml.encoding-mismatch"] && latin.diagnostics[0].severity == .warning)
    }

    @Test func utf16WithByteOrderMark() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><a>é</a>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let decoded = SourceDecoder.decode(bytes)
        let result = XMLScanner().scan(decoded.value)
        #expect(result.diagnostics.isEmpty)
        guard case .text(let t)? = result.value.root?.children.first else { Issue.record("expected text"); return }
        #expect(t.text == "é")
    }

    @Test func noRoot() {
        #expect(codes(scan("  ")) == ["xml.no-root"])
        #expect(codes(scan("just text")) == ["xml.content-outside-root", "xml.no-root"])
    }

    @Test func controlCharactersAreReported() {
        #expect(codes(scan("<a>\u{1}</a>")) == ["xml.invalid-character"])
    }

    /// Names crafted to collide under the table's unseeded hash make it switch to Swift's seeded
    /// `Hasher` instead of probing through all of them on every look-up; every name keeps its id.
    @Test func nameTableSurvivesCollidingNames() {
        // 120 names of one length that share their first eight bytes: one hash, one slot chain.
        let names = (100..<220).map { "collide_\($0)" }
        let text = Array(names.joined(separator: " ").utf8)
        var ranges: [Range<Int>] = []
        var start = 0
        for name in names {
            ranges.append(start..<(start + name.utf8.count))
            start += name.utf8.count + 1
        }
        text.withUnsafeBufferPointer { bytes in
            var table = XMLNameTable()
            let ids = ranges.map { table.intern($0, in: bytes) }
            #expect(Set(ids).count == names.count)
            #expect(table.usesSeededHash)
            #expect(ranges.map { table.intern($0, in: bytes) } == ids)
            #expect(ids.map { table[$0].qualifiedName } == names)
        }
    }
}
