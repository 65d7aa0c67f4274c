public import TimedText
public import ClosedCaptionData

/// The CEA-608 byte pairs of one field as a video's `cc_data` carried them, picture by picture:
/// what the field's decoders were fed, kept so that `SCCDisassembler` can list it as it lists an
/// SCC file. Only the pictures that carried something of the field other than padding are kept
/// (a caption channel is silent most of the time: its padding would be most of the listing), each
/// with all its pairs of the field, padding included, in order. Pairs keep their parity bits.
public struct CEA608FieldPairs: Sendable, Hashable {
    /// 1 (CC1, CC2) or 2 (CC3, CC4).
    public let field: Int
    /// Each kept picture's time.
    private var times: [MediaTime] = []
    /// Where each kept picture's pairs end in `pairs`.
    private var ends: [Int] = []
    /// The kept pictures' pairs, byte 1 in the high byte.
    private var pairs: [UInt16] = []

    /// No pictures yet, for `field` (any value other than 2 counts as 1).
    public init(field: Int) {
        self.field = field == 2 ? 2 : 1
    }

    /// How many pictures are kept.
    public var count: Int { times.count }

    /// True when no picture carried anything of the field but padding.
    public var isEmpty: Bool { times.isEmpty }

    /// Kept picture `index`: its time and its pairs of the field, in order.
    public subscript(index: Int) -> (time: MediaTime, pairs: ArraySlice<UInt16>) {
        (times[index], pairs[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
    }

    /// Adds a picture's triplets at `time`: its valid pairs of this field, when one of them is not
    /// padding (`80 80` or `00 00`). Pictures must come in presentation order, as decoders take them.
    public mutating func append(_ triplets: [CCDataTriplet], at time: MediaTime) {
        let start = pairs.count
        var carriesData = false
        for triplet in triplets where triplet.cea608Field == field {
            pairs.append(UInt16(triplet.byte1) << 8 | UInt16(triplet.byte2))
            if triplet.byte1 & 0x7F != 0 || triplet.byte2 & 0x7F != 0 { carriesData = true }
        }
        guard carriesData else {
            pairs.removeSubrange(start...)
            return
        }
        times.append(time)
        ends.append(pairs.count)
    }
}
