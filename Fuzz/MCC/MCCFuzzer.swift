// libFuzzer target for MCC files and Caption Distribution Packets: any bytes read as MCC, every
// packet re-encoded and parsed again, the file written and read back (the triplets must come back
// the same); the bytes themselves parsed as a CDP too. Build and run: scripts/fuzz.sh mcc. Built
// normally (without -DFUZZING) it replays the files named on the command line.
//
// Besides crashes it traps on broken invariants, each following from how the code is built.
import TimedText
import FuzzSupport
import ClosedCaptionData
#if canImport(Glibc)
import Glibc
#endif

private typealias CDP = CaptionDistributionPacket

private let header = MCCWriter.Header(uuid: "00000000-0000-4000-8000-000000000000", creationDate: "Thursday, January 1, 1970",
                                      creationTime: "00:00:00")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMCC(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []

    // The bytes as one packet, and behind a CDP's identifier, so that the walk of its sections runs.
    checkPacket(CDP.parse(bytes), of: bytes.count)
    checkPacket(CDP.parse([0x96, 0x69] + bytes), of: bytes.count + 2)

    // Lines as the reader counts them: CR LF, LF and CR each end one.
    var lineCount = 1
    var k = 0
    while k < bytes.count {
        if bytes[k] == 0x0D || bytes[k] == 0x0A {
            lineCount += 1
            if bytes[k] == 0x0D, k + 1 < bytes.count, bytes[k + 1] == 0x0A { k += 1 }
        }
        k += 1
    }
    let result = MCCReader().read(bytes)
    let file = result.value
    for diagnostic in result.diagnostics {
        guard let location = diagnostic.location else { continue }
        check(location.line >= 1 && location.line <= lineCount && location.column >= 1,
              "diagnostic at \(location) in a text of \(lineCount) lines: \(diagnostic)")
    }
    var decreases = 0
    for (n, frame) in file.frames.enumerated() {
        check(frame.timecode.isValid(at: file.timeCodeRate), "frame at line \(frame.line) has an invalid label \(frame.timecode)")
        check(frame.frameNumber == frame.timecode.frameNumber(at: file.timeCodeRate), "frame number of \(frame.timecode)")
        check(frame.time == frame.timecode.time(at: file.timeCodeRate, frameDuration: file.frameDuration), "time of \(frame.timecode)")
        check(MCCTimecode(frameNumber: frame.frameNumber, rate: file.timeCodeRate).frameNumber(at: file.timeCodeRate) == frame.frameNumber,
              "the label of frame \(frame.frameNumber) counts back to another")
        if n > 0 {
            check(file.frames[n - 1].line < frame.line, "frames out of line order")
            if frame.time < file.frames[n - 1].time { decreases += 1 }
        }
        // Every packet read encodes to a sound packet with the same triplets.
        let encoded = frame.packet.encoded()
        let again = CDP.parse(encoded)
        let expectedProblems: [CDP.Problem] = frame.packet.frameRate == nil ? [.reservedFrameRate(code: 0)] : []
        check(again.problems == expectedProblems, "a re-encoded packet has problems: \(again.problems)")
        check(again.packet?.triplets == frame.packet.triplets, "a re-encoded packet's triplets differ")
        check(again.packet?.sequenceCounter == frame.packet.sequenceCounter, "a re-encoded packet's counter differs")
    }
    let reportedDecreases = result.diagnostics.filter { $0.code == .mccTimeNotIncreasing }.count
    check(reportedDecreases == min(decreases, DiagnosticLog.defaultLimitPerCode), "\(decreases) times going back, \(reportedDecreases) reported")

    // Written as it was read (unpadded) and read back: the same frames, triplets, numbers and fields.
    let writer = MCCWriter(frameRate: file.frameRate, dropFrame: file.timeCodeRate.isDropFrame, header: header, padsPackets: false)
    let frames = file.frames.map(MCCWriter.Frame.init)
    let written = writer.write(frames)
    check(written.diagnostics.allSatisfy { $0.code == .mccTimeNotIncreasing || $0.code == .mccOverBandwidth },
          "writing what was read: \(written.diagnostics)")
    let reread = MCCReader().read(written.value)
    check(reread.diagnostics.allSatisfy { $0.code == .mccTimeNotIncreasing }, "the written MCC reads with \(reread.diagnostics)")
    // A file whose frames were all skipped may owe its exact rate to a skipped line's packet.
    check(file.frames.isEmpty || (reread.value.timeCodeRate == file.timeCodeRate && reread.value.frameRate == file.frameRate),
          "rate \(file.timeCodeRate.rawValue)/\(file.frameRate) read back as \(reread.value.timeCodeRate.rawValue)/\(reread.value.frameRate)")
    check(reread.value.frames.count == file.frames.count, "\(file.frames.count) frames written, \(reread.value.frames.count) read back")
    for (back, frame) in zip(reread.value.frames, file.frames) {
        check(back.triplets == frame.triplets, "triplets of line \(frame.line) differ when read back")
        check(back.frameNumber == frame.frameNumber && back.timecode.isSecondField == frame.timecode.isSecondField,
              "frame \(frame.timecode) read back as \(back.timecode)")
    }

    // Padded, each packet's triplets come back as `padded` gives them.
    let padded = MCCWriter(frameRate: file.frameRate, dropFrame: file.timeCodeRate.isDropFrame, header: header).write(frames)
    let paddedBack = MCCReader().read(padded.value).value.frames
    check(paddedBack.count == file.frames.count, "padded: \(file.frames.count) frames written, \(paddedBack.count) read back")
    for (back, frame) in zip(paddedBack, file.frames) {
        check(back.triplets == CDP.padded(frame.triplets, for: file.frameRate), "padded triplets of line \(frame.line) differ")
    }
    return 0
}

/// What holds of any parse: a packet when the header is there, lengths within the bytes.
private func checkPacket(_ parsed: CDP.Parsed, of count: Int) {
    check(parsed.length <= count, "a packet of \(parsed.length) bytes in \(count)")
    check(parsed.packet != nil || parsed.problems.count == 1, "no packet, problems \(parsed.problems)")
    if let triplets = parsed.packet?.triplets { check(triplets.count <= CDP.maximumTripletCount, "\(triplets.count) triplets") }
    for problem in parsed.problems { check(!problem.description.isEmpty, "a problem without words") }
}

/// A trap that says which invariant broke (libFuzzer saves the input either way).
private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("MCC fuzz invariant: \(message())") }
}

#if FUZZING
// SwiftPM links an executable's entry point under the name `<module>_main`; under libFuzzer that
// entry hands control to libFuzzer's driver.
@_cdecl("legible_fuzz_mcc_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, entry: fuzzMCC)
}
#else
@main
struct Replay {
    static func main() { replayFiles(through: fuzzMCC, program: "legible-fuzz-mcc") }
}
#endif
