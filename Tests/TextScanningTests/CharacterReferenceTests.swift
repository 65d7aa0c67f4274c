import Testing
import TestSupport
@testable import TextScanning
import TimedText

@Suite struct CharacterReferenceTests {
    func decode(_ s: String) -> (String, Int)? {
        let bytes = Array(s.utf8)
        return bytes.withUnsafeBufferPointer { CharacterReferences.decode($0, at: 0) }
    }

    @Test func namedReferencesFromTheFullHTMLTable() {
        #expect(decode("&amp;")! == ("&", 5))
        #expect(decode("&eacute;x")! == ("é", 8))
        #expect(decode("&NotEqualTilde;")!.0 == "\u{2242}\u{0338}")   // two code points
        #expect(decode("&CounterClockwiseContourIntegral;")!.0 == "\u{2233}")
        #expect(decode("&nosuchname;") == nil)
        #expect(decode("&amp") == nil, "SRT needs the semicolon")
    }

    @Test func numericReferences() {
        #expect(decode("&#233;")!.0 == "é")
        #expect(decode("&#xE9;")!.0 == "é")
        #expect(decode("&#X1F600;")!.0 == "😀")
        #expect(decode("&#0;")!.0 == "\u{FFFD}")
        #expect(decode("&#xD800;")!.0 == "\u{FFFD}")
        #expect(decode("&#x110000;")!.0 == "\u{FFFD}")
        #expect(decode("&#150;")!.0 == "\u{2013}", "C1 references map through windows-1252")
        #expect(decode("&#;") == nil)
    }
}
