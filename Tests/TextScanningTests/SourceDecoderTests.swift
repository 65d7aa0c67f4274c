import Foundation
import Testing
import TestSupport
@testable import TextScanning
import TimedText

@Suite struct SourceDecoderTests {
    func decode(_ bytes: [UInt8], _ options: SourceDecoder.Options = .default) -> ParseResult<SourceText> {
        SourceDecoder.decode(bytes, options: options)
    }

    func text(_ result: ParseResult<SourceText>) -> String { String(decoding: result.value.bytes, as: UTF8.self) }

    @Test(arguments: [
        ([0xEF, 0xBB, 0xBF, 0x68, 0xC3, 0xA9], "UTF-8"),
        ([0xFF, 0xFE, 0x68, 0x00, 0xE9, 0x00], "UTF-16LE"),
        ([0xFE, 0xFF, 0x00, 0x68, 0x00, 0xE9], "UTF-16BE"),
        ([0xFF, 0xFE, 0x00, 0x00, 0x68, 0x00, 0x00, 0x00, 0xE9, 0x00, 0x00, 0x00], "UTF-32LE"),
        ([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x68, 0x00, 0x00, 0x00, 0xE9], "UTF-32BE"),
    ] as [([UInt8], String)])
    func byteOrderMarks(bytes: [UInt8], encoding: String) {
        let result = decode(bytes)
        #expect(result.value.encoding == encoding)
        #expect(result.value.encodingSource == .byteOrderMark)
        #expect(text(result) == "hé")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func lineEndsBecomeLF() {
        #expect(text(decode(Array("a\r\nb\rc\nd\r".utf8))) == "a\nb\nc\nd\n")
    }

    @Test func cleanUTF8IsNotCopiedOrChanged() {
        let input = Array("1\n00:00:01,000 --> 00:00:02,000\ncafé\n".utf8)
        let result = decode(input)
        #expect(result.value.bytes == input && result.diagnostics.isEmpty && result.value.confidence == 100)
    }

    @Test func nulBecomesReplacementCharacterWithItsPosition() {
        let result = decode(Array("ab\ncd\u{0}e".utf8))
        #expect(text(result) == "ab\ncd\u{FFFD}e")
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics[0].code == .nulCharacter)
        #expect(result.diagnostics[0].location == SourceLocation(line: 2, column: 3))
    }

    @Test func invalidUTF8BecomesReplacementCharactersWithDiagnostics() {
        // Enough valid multi-byte text that this is damaged UTF-8, not a legacy encoding.
        let accents = String(repeating: "é", count: 30)
        var bytes = Array("\(accents)\r\nx".utf8)
        bytes += [0xFF, 0x41, 0xE2, 0x82, 0x42, 0xED, 0xA0, 0x80]
        let result = decode(bytes)
        #expect(result.value.encoding == "UTF-8")
        // 0xFF; E2 82 (truncated, one maximal subpart); ED A0 80 (a surrogate: three subparts).
        #expect(text(result) == "\(accents)\nx\u{FFFD}A\u{FFFD}B\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(result.diagnostics.count == 5)
        #expect(result.diagnostics.allSatisfy { $0.code == .invalidUTF8 && $0.location?.line == 2 })
        #expect(result.diagnostics[0].location?.column == 2)
    }

    @Test func invalidUTF8DiagnosticsAreBounded() {
        var bytes = Array(String(repeating: "é", count: 400).utf8)
        bytes += [UInt8](repeating: 0xFF, count: 100)
        let result = decode(bytes)
        #expect(result.diagnostics.count == UTF8Normalizer.diagnosticLimit)
        #expect(result.diagnostics.last!.message.contains("100 invalid sequences"))
    }

    @Test func givenEncodingOverridesDetection() {
        // "café" in windows-1252 read as ISO-8859-5 on purpose: the override wins.
        let result = decode([0x63, 0x61, 0x66, 0xE9], .init(encoding: "ISO-8859-5"))
        #expect(result.value.encoding == "ISO-8859-5")
        #expect(text(result) == "caf\u{0449}")
        #expect(result.value.encodingSource == .given)
    }

    @Test func unmappableBytesAreReportedWhereTheyAre() {
        // Shift_JIS "あい" then 0x85 0x40 (an unassigned lead byte and its trail, offset 4) and
        // another bad pair: the first is reported at its own offset in the input.
        let bytes: [UInt8] = [0x82, 0xA0, 0x82, 0xA2, 0x85, 0x40, 0x41, 0x85, 0x40]
        let result = decode(bytes, .init(encoding: "Shift_JIS"))
        let warning = result.diagnostics.first { $0.code == .unmappableBytes }
        #expect(warning?.message.contains("2 byte sequences") == true, "\(result.diagnostics)")
        #expect(warning?.message.contains("first at byte offset 4") == true, "\(result.diagnostics)")
    }

    @Test func unknownGivenEncodingIsAnError() throws {
        let result = decode(Array("abc".utf8), .init(encoding: "no-such-charset"))
        #expect(result.hasErrors)
        #expect(try SourceDecoder.canonicalEncodingName("no-such-charset") == nil)
        #expect(try SourceDecoder.canonicalEncodingName("cp1252") == "windows-1252")
        #expect(try SourceDecoder.canonicalEncodingName("sjis") == "Shift_JIS")
        #expect(try SourceDecoder.canonicalEncodingName("utf8") == "UTF-8")
    }
}

/// One fixture per legacy encoding (Fixtures/encodings, made by scripts/make-encoding-fixtures.py):
/// detection must name the encoding and the text must equal the UTF-8 original.
@Suite struct EncodingDetectionTests {
    static let encodings = [
        "windows-1250", "windows-1251", "windows-1252", "ISO-8859-1", "ISO-8859-2", "ISO-8859-5",
        "ISO-8859-7", "ISO-8859-9", "ISO-8859-15", "Shift_JIS", "EUC-JP", "EUC-KR", "GB18030", "Big5",
        "KOI8-R", "UTF-16LE-nobom", "UTF-16BE-nobom",
    ]

    @Test(arguments: encodings)
    func detectsAndTranscodes(_ name: String) throws {
        let result = SourceDecoder.decode(Fixtures.bytes("encodings/\(name).srt"))
        let expected = Fixtures.bytes("encodings/\(name).utf8.srt")
        let expectedName = name.replacingOccurrences(of: "-nobom", with: "")
        #expect(result.value.encoding == expectedName)
        #expect(result.value.encodingSource == .detected)
        #expect(String(decoding: result.value.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        // A warning exactly when the detector was unsure.
        let warned = result.diagnostics.contains { $0.code == .lowConfidenceEncoding }
        #expect(warned == (result.value.confidence < SourceDecoder.lowConfidence))
        #expect(!result.diagnostics.contains { $0.severity == .error })
    }

    @Test func cyrillicSingleByteDetectionIsReportedAsUnsure() {
        // ICU is least sure of ISO-8859-5 (about 41%): the reader must say so.
        let result = SourceDecoder.decode(Fixtures.bytes("encodings/ISO-8859-5.srt"))
        #expect(result.value.confidence < SourceDecoder.lowConfidence)
        #expect(result.diagnostics.contains { $0.code == .lowConfidenceEncoding && $0.severity == .warning })
    }
}

@Suite struct MappedFileTests {
    @Test func largeCleanUTF8IsReadInPlaceAndEqualsTheArrayPath() throws {
        let path = Fixtures.root + "/encodings/windows-1251.utf8.srt"
        let mapped = try #require(MappedFile(path: path, minimumSize: 1))
        let viaMap = SourceDecoder.decode(mapped)
        let viaArray = SourceDecoder.decode(Fixtures.bytes("encodings/windows-1251.utf8.srt"))
        guard case .mapped = viaMap.value.storage else {
            Issue.record("clean UTF-8 should stay mapped")
            return
        }
        #expect(viaMap.value.bytes == viaArray.value.bytes && viaMap.value.byteCount == viaArray.value.byteCount)
    }

    @Test func textNeedingDecodingFallsBackToACopy() throws {
        let mapped = try #require(MappedFile(path: Fixtures.root + "/encodings/Shift_JIS.srt", minimumSize: 1))
        let result = SourceDecoder.decode(mapped)
        #expect(result.value.encoding == "Shift_JIS")
        guard case .array = result.value.storage else {
            Issue.record("decoded text is a new array")
            return
        }
    }

    @Test func smallOrMissingFilesAreNotMapped() {
        #expect(MappedFile(path: Fixtures.root + "/srt/typical.srt") == nil, "below the 1 MiB default")
        #expect(MappedFile(path: "/nonexistent") == nil)
        #expect(MappedFile(path: Fixtures.root, minimumSize: 1) == nil, "a directory")
    }
}

@Suite struct ParallelScanTests {
    /// The parallel scan of a large text finds the same first irregularity as one scan, wherever
    /// it lies (on a piece boundary included).
    @Test func firstIrregularityMatchesASerialScan() {
        var text = [UInt8]()
        for _ in 0..<(3 << 20) { text += [0xC3, 0xA9] }   // 6 MB of "é"
        let middle = text.count / 2
        for position in [nil, 10, middle - 1, middle, middle + 1, text.count - 1] as [Int?] {
            var bytes = text
            if let position { bytes[position] = position == middle - 1 ? 0x0D : 0xFF }
            bytes.withUnsafeBufferPointer { p in
                let parallel = UTF8Normalizer.firstIrregularity(p)
                let serial = UTF8Normalizer.firstIrregularity(p, in: 0..<p.count)
                #expect(parallel == serial, "irregularity at \(String(describing: position))")
                #expect((parallel == nil) == (position == nil))
            }
        }
    }

    /// Wherever in an ASCII text a NUL, a CR, a non-ASCII sequence or an invalid byte lies (in a
    /// step of 32 bytes, of 8 or of one, and after another of each), it is found where it is, and a
    /// valid sequence is passed over.
    @Test func firstIrregularityAtEveryPlaceOfAStep() {
        let ascii = [UInt8](repeating: UInt8(ascii: "a"), count: 100)
        for position in 0..<ascii.count {
            for (bytes, irregular) in [([0x00], true), ([0x0D], true), ([0xFF], true), ([0xC3, 0xA9], false), ([0xE6, 0x97, 0xA5], false)] as [([UInt8], Bool)] {
                var text = ascii
                text.replaceSubrange(position..<(position + 1), with: bytes)
                let expected = irregular ? position : nil
                let found = text.withUnsafeBufferPointer { UTF8Normalizer.firstIrregularity($0, in: 0..<$0.count) }
                #expect(found == expected, "\(bytes) at \(position)")
                // The same with a valid two-byte sequence before it, in the same step.
                if position >= 2 {
                    text.replaceSubrange((position - 2)..<position, with: [0xC3, 0xA9])
                    let after = text.withUnsafeBufferPointer { UTF8Normalizer.firstIrregularity($0, in: 0..<$0.count) }
                    #expect(after == expected, "\(bytes) at \(position) after é")
                }
            }
        }
    }

    /// Batches are mapped in the order they were submitted, with the state carried from each
    /// element to the next, however the background thread interleaves with the submitter.
    @Test func backgroundMapKeepsOrderAndState() {
        let map = BackgroundMap(state: 0) { (sum: inout Int, value: Int) -> Int in
            sum += value
            return sum
        }
        for batch in 0..<50 { map.submit(Array((batch * 100)..<((batch + 1) * 100))) }
        map.submit([])
        let sums = map.finish()
        #expect(sums.count == 5_000)
        #expect(sums == (0..<5_000).map { $0 * ($0 + 1) / 2 })
        #expect(map.finish().isEmpty)
    }
}
