/// One caption triplet of a `cc_data()` structure (ATSC A/53 Part 4 §6.2.3.1, CEA-708-E §4.4):
/// the data the video elementary stream carries for closed captions, frame by frame.
public struct CCDataTriplet: Sendable, Hashable {
    /// `cc_type`: what the two bytes are.
    public enum Kind: UInt8, Sendable, Hashable {
        /// CEA-608 field 1 (CC1, CC2, T1, T2).
        case field1 = 0
        /// CEA-608 field 2 (CC3, CC4, T3, T4, XDS).
        case field2 = 1
        /// CEA-708 (DTVCC) packet data.
        case dtvccData = 2
        /// The start of a CEA-708 (DTVCC) packet.
        case dtvccStart = 3
    }

    /// `cc_valid`: false for padding, which carries nothing.
    public var isValid: Bool
    /// `cc_type`: which field or DTVCC stream the bytes belong to.
    public var kind: Kind
    /// `cc_data_1`, parity bit included for 608 data.
    public var byte1: UInt8
    /// `cc_data_2`, parity bit included for 608 data.
    public var byte2: UInt8

    /// A triplet from its fields (a demuxer that has already split them).
    public init(isValid: Bool, kind: Kind, byte1: UInt8, byte2: UInt8) {
        self.isValid = isValid
        self.kind = kind
        self.byte1 = byte1
        self.byte2 = byte2
    }

    /// The 608 byte pair this triplet carries for a field, or nil (padding, or 708 data).
    public var cea608Field: Int? {
        guard isValid else { return nil }
        switch kind {
        case .field1: return 1
        case .field2: return 2
        case .dtvccData, .dtvccStart: return nil
        }
    }
}

/// Reading `cc_data()` as MPEG-2 (`user_data` with the `GA94` identifier), H.264 and HEVC (SEI
/// `user_data_registered_itu_t_t35`) carry it, so a player can feed in-band captions to
/// `CEA608Decoder` with each picture's presentation time.
public enum CCData {
    /// Parses a whole `cc_data()` structure:
    /// `reserved(1) process_cc_data_flag(1) additional_data_flag(1) cc_count(5) em_data(8)`,
    /// then `cc_count` triplets of `marker(5) cc_valid(1) cc_type(2) cc_data_1 cc_data_2`, then
    /// `marker_bits(8)`. Returns nil when the structure is cut short; no triplets when
    /// `process_cc_data_flag` is 0 (the data is to be ignored).
    public static func parse(_ bytes: some Collection<UInt8>) -> [CCDataTriplet]? {
        let b = Array(bytes)
        guard b.count >= 2 else { return nil }
        let processFlag = b[0] & 0x40 != 0
        let count = Int(b[0] & 0x1F)
        guard b.count >= 2 + 3 * count else { return nil }
        guard processFlag else { return [] }
        return triplets(b[2..<(2 + 3 * count)])
    }

    /// Triplets alone (as FFmpeg's `AV_FRAME_DATA_A53_CC` side data and many demuxers give
    /// them): every three bytes, `marker(5) cc_valid(1) cc_type(2)`, then the two data bytes. A
    /// trailing partial triplet is ignored.
    public static func triplets(_ bytes: some Collection<UInt8>) -> [CCDataTriplet] {
        let b = Array(bytes)
        var result: [CCDataTriplet] = []
        result.reserveCapacity(b.count / 3)
        var i = 0
        while i + 3 <= b.count {
            let header = b[i]
            result.append(CCDataTriplet(isValid: header & 0x04 != 0, kind: CCDataTriplet.Kind(rawValue: header & 0x03)!,
                                        byte1: b[i + 1], byte2: b[i + 2]))
            i += 3
        }
        return result
    }
}
