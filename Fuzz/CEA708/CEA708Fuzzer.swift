// libFuzzer target for the CEA-708 decoder: packets from triplets, services, windows, cues.
// Build and run: scripts/fuzz.sh cea708. Built normally (without -DFUZZING) it replays the files
// named on the command line through the same entry point.
//
// The input is pictures: a byte whose low five bits count the picture's triplets, then those
// triplets (a `marker/cc_valid/cc_type` byte and two data bytes each); each picture 1/30 s after
// the one before. Besides crashes it traps on broken invariants:
// - every caption ends no earlier than it starts, and its service's captions start in order;
// - every cue made from a caption names a region the builder made, inside the frame;
// - the commands parsed from each service block, encoded again, parse back to themselves.
import TimedText
import FuzzSupport
import CEA708
import ClosedCaptionData

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCEA708(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var decoder = CEA708Decoder(options: .init(serviceEncodings: [2: "EUC-KR"]))
    var assembler = DTVCCPacketAssembler()
    var k = 0
    var picture: Int64 = 0
    var packets: [DTVCCPacket] = []
    while k < bytes.count {
        let count = Int(bytes[k] & 0x1F)
        k += 1
        let end = min(k + 3 * count, bytes.count)
        let triplets = CCData.triplets(bytes[k..<end])
        k = end
        let time = MediaTime(value: picture * 1001, timescale: 30000)
        picture += 1
        decoder.feed(triplets, at: time)
        packets += assembler.feed(triplets, at: time)
    }
    decoder.finish()
    if let last = assembler.finish() { packets.append(last) }

    for number in decoder.servicesWithCaptions {
        let captions = decoder.captions(service: number) ?? []
        var builder = CEA708CueBuilder()
        for (i, caption) in captions.enumerated() {
            if let end = caption.end { check(end >= caption.start, "caption \(i) of service \(number) ends before it starts") }
            if i > 0 { check(captions[i - 1].start <= caption.start, "service \(number): caption \(i) starts before \(i - 1)") }
            let cue = builder.cue(for: caption)
            let region = builder.regions.first { $0.id == cue.layout.regionID }
            check(region != nil, "a cue names region \(cue.layout.regionID ?? "none"), which was not made")
            if let origin = region?.origin, let extent = region?.extent {
                check(origin.x >= .zero && origin.y >= .zero, "a window at \(origin) is off the frame")
                check(origin.x.doubleValue + extent.x.doubleValue <= 1.000001 || extent.x > .one,
                      "a window \(extent) at \(origin) leaves the frame")
            }
        }
    }
    // The parser and the encoder agree on every command a block holds.
    for packet in packets {
        for block in packet.serviceBlocks.blocks {
            let (commands, _) = CEA708CommandParser.parse(block.data)
            let again = CEA708CommandParser.parse(CEA708Encoder.bytes(of: commands)).commands
            check(again == commands, "commands \(commands) encode and parse back as \(again)")
        }
    }
    _ = CEA708Disassembler.disassemble(packets)
    return 0
}

/// A trap that says which invariant broke (libFuzzer saves the input either way).
private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("CEA-708 fuzz invariant: \(message())") }
}

#if FUZZING
@_cdecl("legible_fuzz_cea708_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, entry: fuzzCEA708)
}
#else
@main
struct Replay {
    static func main() { replayFiles(through: fuzzCEA708, program: "legible-fuzz-cea708") }
}
#endif
