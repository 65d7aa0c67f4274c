import Testing
import TimedText
import TextScanning
import TestSupport
@testable import TTML

/// A `par` container with very many children has them built in two halves on two cores: the
/// halves joined must be exactly what one pass builds (nodes, regions, cues, diagnostics), also
/// where the halves could depend on each other (inline regions, styles resolved on first use).
@Suite struct TTMLSplitBuildTests {
    private func expectSameSplitOrNot(_ bytes: [UInt8], _ name: String) {
        let text = SourceDecoder.decode(bytes).value
        let whole = TTMLReader().readFile(text)
        // A threshold of 2 splits every container with two children or more.
        let split = TTMLReader(options: .init(splitContainersFrom: 2)).readFile(text)
        let sameNodes = split.value.ttml?.nodes == whole.value.ttml?.nodes
        let sameRegions = split.value.ttml?.regions == whole.value.ttml?.regions
        let sameDocument = split.value.document == whole.value.document
        #expect(sameNodes, "\(name): nodes")
        #expect(sameRegions, "\(name): regions")
        #expect(sameDocument, "\(name): cues")
        // Compared as a boolean: a failure would otherwise print two lists of up to thousands.
        let sameDiagnostics = split.diagnostics == whole.diagnostics
        #expect(sameDiagnostics, "\(name): \(split.diagnostics.count) diagnostics, \(whole.diagnostics.count) in one pass")
    }

    @Test func fixturesBuildTheSameInHalves() {
        var count = 0
        for folder in ["ttml", "ttml-bad"] {
            for name in Fixtures.list(folder) where name.hasSuffix(".ttml") {
                expectSameSplitOrNot(Fixtures.bytes("\(folder)/\(name)"), name)
                count += 1
            }
        }
        #expect(count >= 10)
    }

    private func document(head: String = "", _ body: String) -> [UInt8] {
        Array("""
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
        <head>\(head)</head><body><div>\(body)</div></body></tt>
        """.utf8)
    }

    /// Inline regions are numbered in document order: one in the second half is built again after
    /// the first half, whose own inline regions come first.
    @Test func inlineRegionsInEitherHalf() {
        var body = ""
        for k in 0..<12 {
            let region = k % 5 == 0 ? "<region tts:origin=\"\(k)% 10%\" tts:extent=\"50% 20%\"/>" : ""
            body += "<p begin=\"\(k)s\" end=\"\(k + 1)s\">\(region)line \(k)</p>\n"
        }
        expectSameSplitOrNot(document(body), "inline regions")
        expectSameSplitOrNot(document("<p begin=\"1s\" end=\"2s\">a</p><p begin=\"2s\" end=\"3s\"><region xml:id=\"r\"/>b</p>"),
                             "inline region in the second half only")
    }

    /// Styles that report something when resolved (a cycle, a reference to no style) are met in
    /// both halves: reported once, where one pass reports them.
    @Test func stylesThatReportAreResolvedInOnePass() {
        let head = """
        <styling><style xml:id="a" style="b" tts:color="red"/><style xml:id="b" style="a"/>
        <style xml:id="c" style="missing" tts:color="blue"/><style xml:id="d" tts:color="lime"/></styling>
        """
        var body = ""
        for k in 0..<10 {
            body += "<p begin=\"\(k)s\" end=\"\(k + 1)s\" style=\"\(["a", "b", "c", "d", "nowhere"][k % 5])\">line \(k)</p>\n"
        }
        expectSameSplitOrNot(document(head: head, body), "style cycle")
        expectSameSplitOrNot(document(head: "<styling><style xml:id=\"d\" tts:color=\"lime\"/></styling>", body), "clean styles")
    }

    /// Diagnostics over the per-code cap: the halves' logs joined keep the first ones, in order.
    @Test func cappedDiagnosticsAcrossTheHalves() {
        var body = ""
        for k in 0..<1_100 { body += "<p begin=\"\(k)s\" end=\"x\(k)\" region=\"r\(k)\">\(k)</p>" }
        expectSameSplitOrNot(document(body), "capped diagnostics")
    }
}
