import Testing
@testable import XML
import TimedText
import TextScanning
import TestSupport

/// A large input's second half is scanned on another core and joined: the tree and diagnostics
/// must be what one pass makes, wherever the second half starts, also where its guesses are
/// wrong (it starts inside a comment, the namespaces there are not the root's, its end tags do
/// not close what the first half left open).
@Suite struct XMLSplitScanTests {
    private func expectSameInHalves(_ text: String, _ what: String) {
        let source = SourceText(text)
        let whole = XMLScanner().scan(source)
        let halves = XMLScanner(options: .init(splitInputsFrom: 1)).scan(source)
        // Compared as booleans: a failure would otherwise print two whole trees.
        let sameTree = halves.value == whole.value
        let sameDiagnostics = halves.diagnostics == whole.diagnostics
        #expect(sameTree, "\(what)")
        #expect(sameDiagnostics, "\(what): \(halves.diagnostics) against \(whole.diagnostics)")
    }

    /// The second half starts near the middle: padding moves the middle over every byte.
    private func expectSameWhereverTheMiddleIs(_ make: (String) -> String, _ what: String, upTo padding: Int = 160) {
        for k in 0..<padding { expectSameInHalves(make(String(repeating: " ", count: k)), "\(what), padding \(k)") }
    }

    /// A well-formed document's halves are joined (a split that never joins gives the same tree,
    /// only slower: nothing else would tell).
    @Test func cleanDocumentsAreJoined() {
        var body = ""
        for k in 0..<200 {
            body += "<p xml:id=\"p\(k)\" begin=\"\(k)s\" end=\"\(k + 1)s\">line &amp; \(k)<br/><span tts:color=\"red\">x</span></p>\n"
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"><body><div>
            \(body)</div></body></tt>
            """
        let source = SourceText(text)
        let (halves, joined) = source.withUnsafeBytes { XMLScanner(options: .init(splitInputsFrom: 1)).scanSayingIfJoined($0) }
        #expect(joined)
        let whole = XMLScanner(options: .init(splitInputsFrom: .max)).scan(source)
        let same = halves.value == whole.value && halves.diagnostics == whole.diagnostics
        #expect(same)
        // And the IMSC documents of the conformance suite, when they are beside the checkout.
        if SharedConformance.isAvailable {
            for name in ["imsc1/ttml/timing/BasicTiming001.ttml", "imsc1_1/ttml/ruby/ruby001.ttml"] {
                let decoded = SourceDecoder.decode(Fixtures.bytes("../../shared/conformance/imsc-tests/" + name)).value
                let joined = decoded.withUnsafeBytes { XMLScanner(options: .init(splitInputsFrom: 1)).scanSayingIfJoined($0).joined }
                #expect(joined, "\(name)")
            }
        }
    }

    @Test func fixturesScanTheSameInHalves() {
        var count = 0
        for folder in ["ttml", "ttml-bad"] {
            for name in Fixtures.list(folder) where name.hasSuffix(".ttml") {
                expectSameInHalves(String(decoding: Fixtures.bytes("\(folder)/\(name)"), as: UTF8.self), name)
                count += 1
            }
        }
        #expect(count >= 10)
    }

    @Test func commentsCDATAAndReferencesAcrossTheMiddle() {
        expectSameWhereverTheMiddleIs({ pad in
            """
            <tt xmlns="http://www.w3.org/ns/ttml"><body><div>\(pad)
            <p begin="1s">a &amp; b</p><!-- <p>not a tag</p> --><p><![CDATA[<p>nor this</p>]]> c</p>
            <p begin="2s" end="3s">d<br/>e</p><?pi <p> ?><p>f &#x3C;p&gt;</p>
            </div></body></tt>
            """
        }, "comments")
    }

    @Test func namespacesDeclaredBelowTheRoot() {
        expectSameWhereverTheMiddleIs({ pad in
            """
            <tt xmlns="http://www.w3.org/ns/ttml"><body xmlns:tts="http://www.w3.org/ns/ttml#styling"><div>\(pad)
            <p tts:color="red">a</p><p xmlns="urn:other">b</p><x:p xmlns:x="urn:x">c</x:p>
            <p tts:color="blue">d</p></div></body></tt>
            """
        }, "namespaces")
        // No diagnostic tells this one: the default namespace is another one below the root.
        expectSameWhereverTheMiddleIs({ pad in
            """
            <tt xmlns="http://www.w3.org/ns/ttml"><body xmlns="urn:other"><div>\(pad)
            <p>a</p><p>b</p><p>c</p></div></body></tt>
            """
        }, "default namespace below the root")
    }

    @Test func brokenStructureInTheSecondHalf() {
        expectSameWhereverTheMiddleIs({ pad in
            """
            <tt xmlns="http://www.w3.org/ns/ttml"><body><div>\(pad)
            <p>a</p><p>b</span></p></div><p>c</p></body></tt>trailing<tt>second root</tt>
            """
        }, "broken structure")
        expectSameWhereverTheMiddleIs({ pad in
            "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div>\(pad)<p>a</p><p>b</p></span><p>c</p></div></body></tt>"
        }, "an end tag that closes nothing")
        // As many end tags as elements open, but not theirs.
        expectSameWhereverTheMiddleIs({ pad in
            "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div>\(pad)<p>a</p><p>b</p></span><p>c</p></body></tt>"
        }, "end tags of other elements")
        expectSameWhereverTheMiddleIs({ pad in
            "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div>\(pad)<p>a</p><p>b</p><p>unclosed"
        }, "unclosed at the end")
        expectSameWhereverTheMiddleIs({ pad in
            "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body>\(pad)<p>a</p></body></tt>\n<!DOCTYPE x><p>after</p>"
        }, "doctype in the second half")
    }

    @Test func depthLimitAcrossTheHalves() {
        let open = String(repeating: "<span>", count: 10)
        let close = String(repeating: "</span>", count: 10)
        for depth in [8, 12, 13, 14, 22] {
            for k in stride(from: 0, to: 120, by: 7) {
                let text = "<tt><body><div>\(String(repeating: " ", count: k))<p>\(open)x\(close)</p><p>\(open)\(open)y\(close)\(close)</p></div></body></tt>"
                let source = SourceText(text)
                let whole = XMLScanner(options: .init(maximumDepth: depth)).scan(source)
                let halves = XMLScanner(options: .init(maximumDepth: depth, splitInputsFrom: 1)).scan(source)
                let same = halves.value == whole.value && halves.diagnostics == whole.diagnostics
                #expect(same, "depth \(depth), padding \(k)")
            }
        }
    }
}
