import Testing
import Foundation
import Legible
import TestSupport

/// MCC through the registry: written with 608 and 708 both, read back to a track of each.
@Suite struct MCCFormatTests {
    @Test func aConversionToMCCCarriesTheCaptionsOn608And708() throws {
        let srt = "1\n00:00:02,000 --> 00:00:04,000\nHELLO\n\n2\n00:00:05,000 --> 00:00:07,000\n<i>WORLD</i>\n"
        let source = try CaptionFile(bytes: Array(srt.utf8), fileName: "x.srt")
        var written: [UInt8] = []
        _ = try source.write(as: .mcc) { written += $0 }
        #expect(String(decoding: written.prefix(31), as: UTF8.self) == "File Format=MacCaption_MCC V2.0")
        let back = try CaptionFile(bytes: written, fileName: "x.mcc")
        #expect(back.format.id == .mcc)
        #expect(back.document.tracks.map(\.id) == ["CC1", "SERVICE1"])
        // 608's italics code takes a cell, shown as a space before the word (CEA-608-E).
        #expect(back.document.tracks[0].cues.map(\.plainText) == ["HELLO", " WORLD"])
        #expect(back.document.tracks[1].cues.map(\.plainText) == ["HELLO", "WORLD"])
        let service = back.document.tracks[1]
        #expect(service.cues.map { $0.start.approximateSeconds.rounded() } == [2, 5])
    }

    @Test func damagedFilesSayWhatIsWrongAndReadTheRest() throws {
        let file = try CaptionFile(bytes: Fixtures.bytes("mcc-bad/bad_checksum.mcc"), fileName: "bad_checksum.mcc")
        #expect(file.diagnostics.contains { $0.code.rawValue == "mcc.bad-checksum" })
    }
}
