import Testing
import Legible
import ConversionCheck
import TestSupport

/// What the conversion fuzzer found (Fixtures/conversion-findings/README.md), held to the
/// promises it broke: each written format reads back without a new error, and what changed was said.
@Suite struct ConversionFindingsTests {
    static let findings = Fixtures.list("conversion-findings").filter { !$0.hasSuffix(".md") }

    @Test func thereAreFindings() { #expect(Self.findings.count >= 20) }

    @Test(arguments: findings)
    func everyConversionKeepsItsPromises(_ name: String) throws {
        let format = try #require(CaptionFormat.forFileName(name))
        #expect(ConversionCheck.problem(Fixtures.bytes("conversion-findings/\(name)"), as: format) == nil)
    }

    /// The check finds what it is for: a writer that loses a cue without a word.
    @Test func theCheckNoticesASilentLoss() throws {
        let srt = Array("1\n00:00:01,000 --> 00:00:02,000\nHello\n".utf8)
        #expect(ConversionCheck.problem(srt, as: .subRip) == nil)
        let before = [Cue(start: MediaTime(seconds: 1), end: MediaTime(seconds: 2), content: [.text("Hello")])]
        #expect(ConversionCheck.difference(before, [], step: nil) == "1 cues came back as 0")
    }
}
