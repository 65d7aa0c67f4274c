import Testing
@testable import XML
import TimedText

@Suite struct XMLTreeTests {
    @Test func attributeLookupUsesResolvedNames() {
        let color = XMLAttribute(name: XMLName(XMLNamespace.tts, "color"), qualifiedName: "tts:color",
                                 value: "red", location: SourceLocation(line: 1, column: 5))
        let element = XMLElementNode(name: XMLName(XMLNamespace.tt, "span"), qualifiedName: "span",
                                 attributes: [color], location: SourceLocation(line: 1, column: 1))
        #expect(element.attribute(XMLName(XMLNamespace.tts, "color"))?.value == "red")
        #expect(element.attribute(XMLName("", "color")) == nil)
    }
}
