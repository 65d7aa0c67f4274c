#if canImport(Glibc)
import Glibc
#endif
import Testing
import TimedText
import ClosedCaptionData

/// The 608 pairs of CC1 "HELLO" as a pop-on caption, one a frame: RCL twice, ENM twice, a PAC
/// (row 15) twice, the text, EOC twice; then EDM twice two seconds later.
let helloPairs: [(Int64, UInt8, UInt8)] = {
    let loading: [(UInt8, UInt8)] = [(0x94, 0x20), (0x94, 0x20), (0x94, 0xAE), (0x94, 0xAE), (0x94, 0x70), (0x94, 0x70),
                                     (0xC8, 0x45), (0x4C, 0x4C), (0x4F, 0x80), (0x94, 0x2F), (0x94, 0x2F)]
    let erase: [(UInt8, UInt8)] = [(0x94, 0x2C), (0x94, 0x2C)]
    return loading.enumerated().map { (Int64(30 + $0.offset), $0.element.0, $0.element.1) }
        + erase.enumerated().map { (Int64(90 + $0.offset), $0.element.0, $0.element.1) }
}()

let fixtureHeader = MCCWriter.Header(uuid: "7D2F4C8A-1B3E-4F60-9A5D-2C8E1F4B6A90", creationDate: "Thursday, January 1, 2026",
                                     creationTime: "12:00:00")

func helloFrames() -> [MCCWriter.Frame] {
    helloPairs.map { MCCWriter.Frame(frameNumber: $0.0, triplets: [CCDataTriplet(isValid: true, kind: .field1, byte1: $0.1, byte2: $0.2)]) }
}

/// A file of the repository's Fixtures folder.
func fixture(_ relative: String) -> [UInt8] {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    guard let file = fopen(path + "/Fixtures/" + relative, "rb") else { return [] }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while case let n = fread(&chunk, 1, chunk.count, file), n > 0 { bytes += chunk[0..<n] }
    return bytes
}

func fixturePath(_ relative: String) -> String {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    return path + "/Fixtures/" + relative
}

@Suite struct MCCReaderWriterTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    func read(_ text: String) -> ParseResult<MCCFile> { MCCReader().read(Array(text.utf8)) }
    func codes(_ result: ParseResult<MCCFile>) -> [String] { result.diagnostics.map(\.code.rawValue) }

    /// The good fixture is what the writer makes of HELLO (RECORD_GOLDENS=1 rewrites it, and fails).
    @Test func writesTheHelloFixture() throws {
        let written = MCCWriter(frameRate: .fps29_97, header: fixtureHeader).write(helloFrames())
        #expect(written.diagnostics.isEmpty)
        if getenv("RECORD_GOLDENS") != nil {
            let file = try #require(fopen(fixturePath("mcc/hello_pop_on.mcc"), "wb"))
            _ = written.value.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
            Issue.record("recorded Fixtures/mcc/hello_pop_on.mcc; run again without RECORD_GOLDENS")
            return
        }
        #expect(text(written.value) == text(fixture("mcc/hello_pop_on.mcc")))
    }

    @Test func readsTheHelloFixture() throws {
        let result = MCCReader().read(fixture("mcc/hello_pop_on.mcc"))
        #expect(result.diagnostics.isEmpty)
        let file = result.value
        #expect(file.version == "2.0" && file.timeCodeRate == .fps30DropFrame && file.frameRate == .fps29_97)
        #expect(file.uuid == fixtureHeader.uuid && file.creationProgram == "Legible")
        #expect(file.creationDate == "Thursday, January 1, 2026" && file.creationTime == "12:00:00")
        #expect(file.frames.count == helloPairs.count)
        for (frame, pair) in zip(file.frames, helloPairs) {
            #expect(frame.frameNumber == pair.0)
            #expect(frame.time == MediaTime(value: pair.0 * 1001, timescale: 30000))
            #expect(frame.triplets.count == 20)
            #expect(frame.triplets.first == CCDataTriplet(isValid: true, kind: .field1, byte1: pair.1, byte2: pair.2))
        }
        #expect(file.frames.first?.timecode.description == "00:00:01:00")
        #expect(file.frames.first?.line == 45, "after the header, the preamble and the fields")
        #expect(MCCReader.looksLike(fixture("mcc/hello_pop_on.mcc")))
    }

    /// Written at every rate and read back: the same frame numbers, times, fields and triplets.
    @Test(arguments: CaptionDistributionPacket.FrameRate.allCases, [false, true])
    func roundTripsAFileAtEveryRate(_ rate: CaptionDistributionPacket.FrameRate, dropFrame: Bool) throws {
        let dtvcc = [CCDataTriplet(isValid: true, kind: .dtvccStart, byte1: 0x02, byte2: 0x21),
                     CCDataTriplet(isValid: true, kind: .dtvccData, byte1: 0x41, byte2: 0x00)]
        var frames = helloFrames()
        frames.append(MCCWriter.Frame(frameNumber: 200, triplets: dtvcc))
        frames.append(MCCWriter.Frame(frameNumber: 200, triplets: [], isSecondField: true))
        // Past a ten-minute mark and into a late hour, where drop-frame labels skip numbers.
        frames.append(MCCWriter.Frame(frameNumber: 40_000, triplets: dtvcc))
        frames.append(MCCWriter.Frame(frameNumber: 5_000_000, triplets: dtvcc))
        let writer = MCCWriter(frameRate: rate, dropFrame: dropFrame, header: fixtureHeader)
        let written = writer.write(frames)
        #expect(written.diagnostics.isEmpty)
        let result = MCCReader().read(written.value)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let file = result.value
        #expect(file.timeCodeRate == writer.timeCodeRate && file.frameRate == rate)
        #expect(file.frames.count == frames.count)
        for (back, frame) in zip(file.frames, frames) {
            guard case .frameNumber(let number) = frame.position else { continue }
            #expect(back.frameNumber == number && back.timecode.isSecondField == frame.isSecondField)
            let half = MediaTime(value: rate.frameDuration.value, timescale: 2 * rate.frameDuration.timescale)
            let start = MediaTime(value: number * rate.frameDuration.value, timescale: rate.frameDuration.timescale)
            #expect(back.time == (frame.isSecondField ? start + half : start))
            #expect(back.triplets == CaptionDistributionPacket.padded(frame.triplets, for: rate))
            #expect(back.packet.frameRate == rate)
        }
        #expect(file.frames.map(\.packet.sequenceCounter) == (0..<UInt16(frames.count)).map { $0 })
    }

    @Test func writesFramesGivenByTime() {
        let writer = MCCWriter(frameRate: .fps25, header: fixtureHeader)
        let frames = [MCCWriter.Frame(time: MediaTime(milliseconds: 1000), triplets: []),
                      MCCWriter.Frame(time: MediaTime(milliseconds: 1050), triplets: []),  // 26.25 frames: 26
                      MCCWriter.Frame(time: MediaTime(milliseconds: 1060), triplets: [], isSecondField: true),  // 26.5 − 0.5
                      MCCWriter.Frame(time: MediaTime(milliseconds: -40), triplets: [])]
        let written = writer.write(frames)
        #expect(written.diagnostics.map(\.code.rawValue) == ["mcc.time-out-of-range", "mcc.time-rounded"])
        let back = MCCReader().read(written.value).value.frames
        #expect(back.map(\.timecode.description) == ["00:00:01:00", "00:00:01:01", "00:00:01:01.1"])
        #expect(text(written.value).contains("Time Code Rate=25\r\n"))
    }

    @Test func reportsTripletsPastWhatAPacketHolds() {
        let many = Array(repeating: CCDataTriplet(isValid: true, kind: .dtvccData, byte1: 1, byte2: 2), count: 30)
        let written = MCCWriter(frameRate: .fps60, header: fixtureHeader).write([MCCWriter.Frame(frameNumber: 0, triplets: many)])
        #expect(written.diagnostics.map(\.code.rawValue) == ["mcc.triplets-dropped"])
        let few = Array(many.prefix(12))
        let over = MCCWriter(frameRate: .fps60, header: fixtureHeader, padsPackets: false).write([MCCWriter.Frame(frameNumber: 0, triplets: few)])
        #expect(over.diagnostics.map(\.code.rawValue) == ["mcc.over-bandwidth"])
        #expect(MCCReader().read(over.value).value.frames.first?.triplets == few, "unpadded: as given")
    }

    /// FFmpeg's own lines (V2.0, with the `.0,11` field and line suffix), and a V1.0 file without
    /// a rate line, whose packets say 29.97.
    @Test func readsOtherWritersFiles() throws {
        let ffmpeg = read("""
            File Format=MacCaption_MCC V2.0

            // a comment
            UUID=0087C4F6-A6B4-5469-8C8E-BBF44950401D
            Creation Program=FFmpeg
            Time Code Rate=30DF

            00:00:58:29.0,11\tT49S497F43FFFF72F4QROO74FFFF93AB
            00:00:59:00.0,11\tT49S497F43ZZ72F4QROO74ZZ8FAB

            """)
        // FFmpeg's test file says 59.94 in its packets under 30DF: reported, times follow the rate line.
        #expect(codes(ffmpeg) == ["mcc.rate-mismatch"])
        #expect(ffmpeg.value.frames.count == 2)
        #expect(ffmpeg.value.frames[0].timecode.vancLine == 11)
        #expect(ffmpeg.value.frames[1].frameNumber == 1770)
        #expect(ffmpeg.value.frames.map(\.packet.sequenceCounter) == [0xFFFF, 0], "the counter wraps: no gap")

        let v1 = read("File Format=MacCaption_MCC V1.0\r\n\r\n00:00:00:00\tT49S494F43ZZ72F4QROO74ZZBFAB\r\n")
        #expect(codes(v1) == ["mcc.missing-rate"])
        #expect(v1.value.timeCodeRate == .fps30DropFrame && v1.value.frameRate == .fps29_97)

        // A raw CDP without its ANC header, lower case, with spaces; 30 with 29.97 packets is 29.97 non-drop.
        let raw = read("File Format=MacCaption_MCC V1.0\nTime Code Rate=30\n00:00:01:00\ts494f43zz72f4qroo74zzbf\n")
        #expect(codes(raw).isEmpty)
        #expect(raw.value.frameRate == .fps29_97 && raw.value.timeCodeRate == .fps30)
        #expect(raw.value.frames.first?.time == MediaTime(value: 30 * 1001, timescale: 30000))
        let thirty = read("File Format=MacCaption_MCC V1.0\nTime Code Rate=30\n00:00:01:00\ts495f43zz72f4qroo74zzaf\n")
        #expect(thirty.value.frameRate == .fps30 && thirty.value.frames.first?.time == MediaTime(seconds: 1))
    }

    /// Damage: each bad line is reported where it is and skipped (or read, flagged), and the
    /// good lines around it are read.
    @Test func reportsDamageAndReadsTheGoodLines() throws {
        let good = "T49S494F43ZZ72F4QROO74ZZBFAB"
        let badChecksum = "T49S494F43Z0372F4QROO74Z03B8AA"  // B8 for B9 (and the ANC checksum to match)
        let lines = [
            "File Format=MacCaption_MCC V2.0",
            "Time Code Rate=30DF",
            "00:00:01:00\t" + good,
            "00:00:01:01\t9X",                                   // bad hex
            "00:00:01:02\tT49S494F43Z0272F4QRO",                  // truncated
            "00:00:01:03\t" + badChecksum,                        // checksum
            "00:00:00:10\tT49S494F43Z0272F4QROO74Z02BBAB",        // time not increasing, counter 2 after 3
            "00:01:00:00\tT49S494F43Z0372F4QROO74Z03B9AB",        // a label 30DF skips
            "1:2:3\tQ",                                           // not a time code
            "garbage",
            "Time Code Rate=29.97",
        ]
        let result = read(lines.joined(separator: "\n"))
        let found = result.diagnostics.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.code.rawValue)" }
        #expect(found == [
            "4:13 mcc.bad-hex",
            "5:13 mcc.truncated-cdp",
            "6:13 mcc.bad-checksum",
            "7:1 mcc.time-not-increasing",
            "7:13 mcc.sequence-gap",
            "8:1 mcc.bad-timecode",
            "9:1 mcc.bad-timecode",
            "10:1 mcc.bad-line",
            "11:16 mcc.unknown-rate",
        ])
        for diagnostic in result.diagnostics { #expect(diagnostic.message.count > 20) }
        let frames = result.value.frames
        #expect(frames.map(\.line) == [3, 5, 6, 7])
        #expect(frames[1].triplets.count == 11, "the truncated packet gives the whole triplets it has (Q, R and O: nine)")
        #expect(frames[2].triplets.count == 20, "a wrong checksum still gives the triplets")
    }

    @Test func reportsHeaderProblems() {
        #expect(codes(read("00:00:00:00\tT49S494F43ZZ72F4QROO74ZZBFAB\n")) == ["mcc.missing-rate", "mcc.missing-header"])
        #expect(codes(read("File Format=MacCaption_MCC V3.0\nTime Code Rate=25\nTime Code Rate=30\n")) == ["mcc.bad-header", "mcc.bad-header"])
        #expect(codes(read("")) == ["mcc.missing-header", "mcc.missing-rate"])
        #expect(!MCCReader.looksLike(Array("Scenarist_SCC V1.0".utf8)))
        #expect(MCCReader.looksLike(Array("\u{FEFF}\r\nFile Format=MacCaption_MCC V1.0".utf8)))
    }

    /// ANC framing: a wrong data count or checksum, bytes after the packet, another DID/SDID.
    @Test func checksTheANCPacket() {
        func one(_ data: String) -> [String] {
            codes(read("File Format=MacCaption_MCC V2.0\nTime Code Rate=30DF\n00:00:00:00\t\(data)\n"))
        }
        #expect(one("T49S494F43ZZ72F4QROO74ZZBFAB").isEmpty)
        #expect(one("T48S494F43ZZ72F4QROO74ZZBFAA") == ["mcc.bad-anc-length"])
        #expect(one("T49S494F43ZZ72F4QROO74ZZBFAC") == ["mcc.bad-anc-checksum"])
        #expect(one("T49S494F43ZZ72F4QROO74ZZBF") == ["mcc.bad-anc-checksum"])
        #expect(one("T49S494F43ZZ72F4QROO74ZZBFABZZ") == ["mcc.trailing-bytes"])
        #expect(one("610203FC9420AB") == ["mcc.not-a-cdp"])
        #expect(one("FC9420") == ["mcc.not-a-cdp"])
        #expect(one("T49S49") == ["mcc.truncated-cdp"])
    }

    /// Bytes of every kind never trap the reader, and what it reads writes back the same.
    @Test func neverTrapsOnGarbage() {
        var state: UInt64 = 42
        let pieces = ["00:00:0", "1:00", "\t", "T49S", "494F43", "ZZ", "72F4", "QRO", "74", "ZZBF", "AB", "\n", "\r", "=", "//", ";", ".1,", "G", "ÿ"]
        for _ in 0..<300 {
            var text = "File Format=MacCaption_MCC V2.0\n"
            for _ in 0..<60 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 58) % pieces.count]
            }
            let result = read(text)
            let rewritten = MCCWriter(frameRate: result.value.frameRate, dropFrame: result.value.timeCodeRate.isDropFrame,
                                      header: fixtureHeader, padsPackets: false).write(result.value.frames.map(MCCWriter.Frame.init))
            let again = MCCReader().read(rewritten.value).value.frames
            #expect(again.map(\.triplets) == result.value.frames.map(\.triplets))
        }
    }
}
