// libFuzzer target for the A/53 caption path of media files: ffprobe's compact packet dump of the
// `subcc` stream parsed (FFprobePacketDump), the packets timed and ordered, their 608 pairs fed to
// the CEA-608 decoders of all four channels and their 708 bytes to the service scanner. Build and
// run: scripts/fuzz.sh a53. Built normally (without -DFUZZING) it replays the files named on the
// command line. Besides crashes it traps on broken invariants.
import TimedText
import FuzzSupport
import CEA608
import ClosedCaptionData
import VideoIO
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzA53(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true).count
    // Both frame grids ffmpeg gives most often, and none.
    let rate: Fraction? = size % 3 == 0 ? nil : size % 3 == 1 ? Fraction(30000, 1001) : Fraction(25)
    let captions = FFprobePacketDump.captionData(bytes, start: MediaTime(value: 14, timescale: 10), frameRate: rate)
    check(captions.packets.count + captions.unreadablePackets <= lines, "\(captions.packets.count) packets and \(captions.unreadablePackets) unreadable lines from \(lines) lines")
    for k in captions.packets.indices.dropFirst() {
        check(captions.packets[k - 1].time <= captions.packets[k].time, "packet \(k) comes before packet \(k - 1)")
    }
    for packet in captions.packets {
        check(packet.triplets.count % 3 == 0, "a packet of \(packet.triplets.count) triplet bytes")
    }
    let services = CCData.dtvccServices(inPictures: captions.packets.map(\.triplets))
    check(services.allSatisfy { (1...63).contains($0) }, "services \(services)")
    check(services == services.sorted() && Set(services).count == services.count, "services not ascending: \(services)")

    var decoder = CCDataDecoder(channels: CEA608Channel.allCases)
    for packet in captions.packets { decoder.feed(CCData.triplets(packet.triplets), at: packet.time) }
    decoder.finish()
    for channel in decoder.decoders {
        for caption in channel.captions {
            if let end = caption.end { check(end >= caption.start, "a caption ends (\(end)) before it starts (\(caption.start))") }
        }
    }
    // Each line alone parses to the same as it did within the whole.
    for line in bytes.split(separator: 0x0A).prefix(4) {
        if case .packet(_, let data)? = FFprobePacketDump.parse(line: line) {
            check(data.count <= line.count, "\(data.count) bytes from a line of \(line.count)")
        }
    }
    return 0
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("A/53 fuzz invariant: \(message())") }
}

#if FUZZING
@_cdecl("legible_fuzz_a53_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, entry: fuzzA53)
}
#else
@main
struct Replay {
    static func main() { replayFiles(through: fuzzA53, program: "legible-fuzz-a53") }
}
#endif
