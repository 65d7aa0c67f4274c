import TimedText
import ClosedCaptionData
import CEA708

/// A 708 stream written at test time: commands per service, sent as service blocks in DTVCC
/// packets with running sequence numbers, each packet at a time given in seconds.
struct CEA708Stream {
    var decoder: CEA708Decoder
    private var sequence = 0

    init(options: CEA708Decoder.Options = .default) {
        decoder = CEA708Decoder(options: options)
    }

    /// Sends `commands` for `service` at `seconds` (as triplets, through the packet assembler).
    mutating func send(_ commands: [CEA708Command], service: Int = 1, at seconds: Double) {
        let blocks = CEA708Encoder.serviceBlocks(service: service, bytes: CEA708Encoder.bytes(of: commands))
        for packet in CEA708Encoder.packets(blocks, sequence: sequence) {
            sequence += 1
            decoder.feed(CEA708Encoder.triplets(packet: packet), at: MediaTime(milliseconds: Int64(seconds * 1000)))
        }
    }

    /// Ends the stream; the service's captions as (start, end, text), in seconds.
    mutating func finish(service: Int = 1) -> [(start: Double, end: Double?, text: String)] {
        decoder.finish()
        return (decoder.captions(service: service) ?? []).map { ($0.start.approximateSeconds, $0.end?.approximateSeconds, $0.text) }
    }
}

extension Array where Element == CEA708Command {
    /// Each character of `text` as a command.
    static func text(_ text: String) -> [CEA708Command] { text.map { .character($0) } }
}

extension CEA708Command {
    /// DefineWindow for window `id` with the usual bottom-centre anchor and `rows` × `columns`.
    static func define(_ id: Int, visible: Bool, rows: Int = 2, columns: Int = 32, windowStyle: Int = 1,
                       anchorPoint: Int = 7, vertical: Int = 74, horizontal: Int = 104, columnLock: Bool = false) -> CEA708Command {
        .defineWindow(CEA708WindowDefinition(id: id, visible: visible, columnLock: columnLock, anchorVertical: vertical,
                                             anchorHorizontal: horizontal, anchorPoint: anchorPoint, rowCount: rows,
                                             columnCount: columns, windowStyle: windowStyle, penStyle: 1))
    }
}
