public import TimedText
public import ClosedCaptionData

/// In-band captions for players: `cc_data()` of each picture, with its presentation time, fed to
/// one CEA-608 decoder per channel asked for (field 1 carries CC1 and CC2, field 2 CC3 and CC4).
/// Pictures must come in presentation order (a decoder reorders B-frames before this).
public struct CCDataDecoder {
    /// One decoder per channel asked for, in the order given; their captions and diagnostics.
    public private(set) var decoders: [CEA608Decoder]

    /// One decoder per channel in `channels` (CC1 only by default), each with `options`.
    public init(channels: [CEA608Channel] = [.cc1], options: CEA608Decoder.Options = .default) {
        decoders = channels.map { CEA608Decoder(channel: $0, options: options) }
    }

    /// Decodes one picture's triplets; `time` is its presentation time.
    public mutating func feed(_ triplets: [CCDataTriplet], at time: MediaTime) {
        for triplet in triplets {
            guard let field = triplet.cea608Field else { continue }
            for k in decoders.indices where decoders[k].channel.field == field {
                decoders[k].feed(triplet.byte1, triplet.byte2, at: time)
            }
        }
    }

    /// Decodes one picture's raw `cc_data()` structure (see `CCData.parse`); false when it is
    /// cut short.
    @discardableResult
    public mutating func feed(ccData bytes: some Collection<UInt8>, at time: MediaTime) -> Bool {
        guard let triplets = CCData.parse(bytes) else { return false }
        feed(triplets, at: time)
        return true
    }

    /// The captions each channel completed since the last call, and forgets them.
    public mutating func drainCaptions() -> [CEA608Caption] {
        decoders.indices.flatMap { decoders[$0].drainCaptions() }
    }

    /// What is on screen now, per channel.
    public var currentCaptions: [CEA608Caption] { decoders.compactMap(\.currentCaption) }

    /// Ends the stream: captions still on screen stay open (or time out, with the option).
    public mutating func finish(at time: MediaTime? = nil) {
        for k in decoders.indices { decoders[k].finish(at: time) }
    }
}
