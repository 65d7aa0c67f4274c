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

    /// Korean broadcasts send EUC-KR in G1's byte range: read as ISO 8859-1 it is mojibake; with
    /// the service's encoding given, the text.
    @Test func aServiceEncodingReadsKoreanText() throws {
        let bytes = Fixtures.bytes("mcc/korean-euc-kr.mcc")
        let plain = try CaptionFile(bytes: bytes, fileName: "k.mcc")
        #expect(plain.document.tracks.first?.cues.first?.plainText == "¾È³çÇÏ¼¼¿ä")
        var options = CaptionFile.Options()
        try CaptionFormat.cea708.readerSettings.first { $0.name == "cea708-encoding" }!.apply("1=EUC-KR", &options.formats)
        let korean = try CaptionFile(bytes: bytes, fileName: "k.mcc", options: options)
        #expect(korean.document.tracks.first?.cues.first?.plainText == "안녕하세요")
    }

    @Test func damagedFilesSayWhatIsWrongAndReadTheRest() throws {
        let file = try CaptionFile(bytes: Fixtures.bytes("mcc-bad/bad_checksum.mcc"), fileName: "bad_checksum.mcc")
        #expect(file.diagnostics.contains { $0.code.rawValue == "mcc.bad-checksum" })
    }
}

/// `validate`'s 708 rules on an MCC file whose 608 and 708 say different things.
@Suite struct CEA708ValidationTests {
    @Test func a708CaptionThe608DoesNotCarryIsFound() throws {
        func cue(_ s: Int64, _ text: String) -> Cue { Cue(start: MediaTime(seconds: s), end: MediaTime(seconds: s + 2), content: [.text(text)]) }
        let document = Document(format: "test", tracks: [
            Track(id: "CC1", kind: .captions, cues: [cue(2, "THE SAME WORDS"), cue(6, "ONLY IN SIX OH EIGHT")]),
            Track(id: "SERVICE1", kind: .captions, cues: [cue(2, "The same words"), cue(6, "Something else entirely")]),
        ])
        let source = try CaptionFile(bytes: Array("1\n00:00:01,000 --> 00:00:02,000\nx\n".utf8), fileName: "x.srt")
        var written: [UInt8] = []
        _ = try source.write(document, as: .mcc) { written += $0 }
        let mcc = try CaptionFile(bytes: written, fileName: "x.mcc")
        let findings = Validator().validate(mcc)
        let mismatches = findings.filter { $0.rule.rawValue == "cea708.608-mismatch" }
        #expect(mismatches.count == 1, "\(findings.map(\.message))")
        #expect(mismatches.first?.message.contains("Something else entirely") == true)
    }

    @Test func moreThanFourRowsAtOnceIsFound() {
        var s = [CEA708Caption]()
        var decoder = CEA708Decoder()
        let commands: [CEA708Command] = [.defineWindow(CEA708WindowDefinition(id: 0, visible: true, anchorVertical: 0, anchorHorizontal: 0,
                                                                              anchorPoint: 0, rowCount: 5, columnCount: 10))]
            + Array("A\rB\rC\rD\rE".map { $0 == "\r" ? CEA708Command.carriageReturn : .character($0) })
        let blocks = CEA708Encoder.serviceBlocks(service: 1, bytes: CEA708Encoder.bytes(of: commands))
        for packet in CEA708Encoder.packets(blocks) { decoder.feed(CEA708Encoder.triplets(packet: packet), at: MediaTime(seconds: 1)) }
        decoder.finish()
        s = decoder.captions(service: 1) ?? []
        #expect(CEA708Checks.limits(s).map(\.diagnostic.code) == [.cea708TooManyRows])
    }
}
